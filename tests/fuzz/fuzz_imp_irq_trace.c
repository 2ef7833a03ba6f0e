// SPDX-License-Identifier: GPL-2.0
/*
 * Fuzz target imp_irq_trace: irq traces read with their exits for irqlab
 * import (bench/device/replay.c, bench_replay_read_pairs()). An error
 * must name the file's line; an accepted trace's handlers must hold only
 * closed entries, each duration an exit less its entry.
 */
#define _GNU_SOURCE /* fmemopen() */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "fuzz.h"
#include "device/replay.h"

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
	ret = bench_replay_read_pairs(f, "f.trace", &r, err, sizeof(err));
	fclose(f);
	if (ret) {
		if (r || ret != -EINVAL || strncmp(err, "f.trace:", 8))
			abort();
		fuzz_note("irq trace: %s", err);
		return 0;
	}
	for (size_t i = 0; i < r->nr_handlers; i++)
		if (r->handlers[i].open)
			abort();
	fuzz_note("irq trace: %zu handlers", r->nr_handlers);
	bench_replay_free(r);
	return 0;
}
