// SPDX-License-Identifier: GPL-2.0
/*
 * Fuzz target recording: the reader of interrupt recordings that pattern
 * replay plays (bench/device/replay.c), and their playback
 * (bench/device/stim.c). The input is a recording's text, read from memory with
 * bench_replay_read(); one it accepts has each of its sources looked up
 * by number and by name, selected and played for a few blocks, and what
 * the reader promises is checked: a selected source's arrivals ascend
 * from 0, one pass is longer than their span, every block's fire times
 * ascend and fit its capacity, and an error is one "FILE:LINE: " or
 * "FILE: " sentence.
 */
#define _GNU_SOURCE /* fmemopen() */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "fuzz.h"
#include "device/replay.h"
#include "device/stim.h"

#define BLOCK_NS 1000000ULL
#define MAX_FIRES 100000

static void check(bool ok, const char *what)
{
	if (!ok) {
		fprintf(stderr, "fuzz recording: %s\n", what);
		abort();
	}
}

/* Blocks 0 and 7 of source @i at @speed: ascending, within capacity. */
static void play(const struct bench_replay *r, double speed)
{
	uint64_t cap = bench_replay_capacity(r, (double)BLOCK_NS * speed);

	for (unsigned int b = 0; b < 8; b += 7) {
		struct bench_stim s;
		uint64_t n = 0, last = 0, t;

		bench_stim_init(&s, BENCH_PAT_REPLAY, 10000, 1, 0, 0, 1);
		bench_stim_replay(&s, r, speed, b, BLOCK_NS);
		while (n < MAX_FIRES && (t = bench_stim_next(&s)) < BLOCK_NS) {
			check(t >= last, "fire times go back");
			last = t;
			n++;
		}
		check(n < MAX_FIRES ? n <= cap : cap >= MAX_FIRES,
		      "a block fires more than its capacity");
	}
}

static void source(struct bench_replay *r, int i)
{
	const struct bench_replay_irq *q = &r->irqs[i];
	char num[32];
	int ret;

	/* A name of digits only is read as a number by replay_irq. */
	if (q->name[0] && !strpbrk(q->name, " \t") &&
	    strspn(q->name, "0123456789") < strlen(q->name))
		check(bench_replay_find(r, q->name) >= 0 ||
			      bench_replay_find(r, q->name) == -EEXIST,
		      "a source's name is not found");
	if (q->num >= 0) {
		snprintf(num, sizeof(num), "%ld", q->num);
		ret = bench_replay_find(r, num);
		check(ret == i || ret == -EEXIST,
		      "a source's number finds another");
	}
	ret = bench_replay_select(r, i);
	if (ret == -EINVAL)
		return;
	check(!ret, "select failed");
	check(r->n == q->count && r->t[0] == 0, "arrivals do not start at 0");
	for (size_t k = 1; k < r->n; k++)
		check(r->t[k] >= r->t[k - 1], "arrivals do not ascend");
	check(r->loop_ns > r->t[r->n - 1],
	      "a pass is not longer than the span");
	play(r, 1);
	play(r, 3.7);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct bench_replay *r = NULL;
	char err[1024];
	FILE *f;
	int ret;

	f = fmemopen((void *)data, size ? size : 1, "r");
	if (!f)
		abort();
	if (!size)
		fgetc(f);
	ret = bench_replay_read(f, "f.trace", &r, err, sizeof(err));
	fclose(f);
	if (ret) {
		check(!r && ret == -EINVAL && !strncmp(err, "f.trace:", 8),
		      "an error that does not name the file");
		fuzz_note("recording: %s", err);
		return 0;
	}
	fuzz_note("recording: %s, %zu sources, %zu arrivals",
		  bench_replay_format_name(r->format), r->nr_irqs, r->nr_all);
	for (size_t i = 0; i < r->nr_irqs && i < 16; i++)
		source(r, (int)i);
	bench_replay_free(r);
	return 0;
}
