// SPDX-License-Identifier: GPL-2.0
/*
 * Recordings for pattern replay (bench/device/replay.c) and their playback
 * (bench/device/stim.c): each format read from text as its tool writes it
 * (ftrace's trace with its header, trace_pipe, trace-cmd report, perf
 * script, plain), sources told apart by number and handler name, every
 * malformed line refused at its file:line with the reason, the source
 * picked by number or name, and the blocks' slices: block b plays the
 * recording from b x block x speed on, looped, so that the blocks of a
 * design play every arrival once, in order, at the recorded gaps over
 * the speed; and the slot capacity bounds every block. The recording
 * shipped in configs/replay/ reads as what its header says.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "device/replay.h"
#include "device/stim.h"

static const char *srcdir;

/* @text read as the recording "rec.trace"; 0 or the error, in @err. */
static int read_text(const char *text, struct bench_replay **r, char *err,
		     size_t len)
{
	FILE *f = fmemopen((void *)text, strlen(text), "r");
	int ret;

	assert_non_null(f);
	ret = bench_replay_read(f, "rec.trace", r, err, len);
	fclose(f);
	return ret;
}

static struct bench_replay *read_ok(const char *text)
{
	struct bench_replay *r;
	char err[1024];

	if (read_text(text, &r, err, sizeof(err)))
		fail_msg("refused: %s", err);
	return r;
}

static const char ftrace[] =
	"# tracer: nop\n"
	"#\n"
	"# entries-in-buffer/entries-written: 5/5   #P:2\n"
	"#\n"
	"#           TASK-PID     CPU#  |||||  TIMESTAMP  FUNCTION\n"
	"#              | |         |   |||||     |         |\n"
	"          <idle>-0       [000] d.h1.     6.604988: irq_handler_entry: irq=28 name=virtio1-req.0\n"
	"              dd-112     [001] d.h..     6.605004: irq_handler_entry: irq=29 name=virtio1-req.1\n"
	"          <idle>-0       [000] d.H1.     6.610645: irq_handler_entry: irq=28 name=virtio1-req.0\n"
	"          <idle>-0       [001] d.h1.     6.613108: irq_handler_exit: irq=29 ret=handled\n"
	"          <idle>-0       [000] d.h1.     6.614853: irq_handler_entry: irq=28 name=virtio1-req.0\n";

static void test_ftrace(void **state)
{
	struct bench_replay *r = read_ok(ftrace);

	(void)state;
	assert_int_equal(r->format, BENCH_REPLAY_FTRACE);
	assert_int_equal(r->nr_irqs, 2);
	assert_int_equal(r->irqs[0].num, 28);
	assert_string_equal(r->irqs[0].name, "virtio1-req.0");
	assert_int_equal(r->irqs[0].count, 3);
	assert_int_equal(r->irqs[0].line, 7);
	assert_int_equal(r->irqs[1].count, 1);
	assert_int_equal(r->skipped, 1); /* irq_handler_exit */
	assert_int_equal(bench_replay_find(r, "28"), 0);
	assert_int_equal(bench_replay_find(r, "virtio1-req.1"), 1);
	assert_int_equal(bench_replay_find(r, ""), -EEXIST);
	assert_int_equal(bench_replay_find(r, "30"), -ENOENT);
	assert_int_equal(bench_replay_find(r, "virtio"), -ENOENT);
	assert_int_equal(bench_replay_select(r, 0), 0);
	assert_int_equal(r->n, 3);
	assert_int_equal(r->t[0], 0);
	assert_int_equal(r->t[1], 5657000);
	assert_int_equal(r->t[2], 9865000);
	/* span + one mean gap */
	assert_int_equal(r->loop_ns, 9865000 + 9865000 / 2);
	/* one arrival: nothing to play */
	assert_int_equal(bench_replay_select(r, 1), -EINVAL);
	assert_int_equal(r->sel, 0);
	bench_replay_free(r);
}

/* trace-cmd report -t: its header lines, nanoseconds, no flags column. */
static void test_trace_cmd(void **state)
{
	struct bench_replay *r = read_ok(
		"version = 6\n"
		"cpus=2\n"
		"CPU 1 is empty\n"
		"          <idle>-0     [000]  6604.988123456: irq_handler_entry:    irq=11 name=uhci_hcd\n"
		"          <idle>-0     [000]  6604.988123999: irq_handler_entry:    irq=11 name=eth0\n"
		"          <idle>-0     [000]  6604.988200000: irq_handler_entry:    irq=11 name=uhci_hcd\n"
		"     kworker/0:1-42    [000]  6604.988300001: irq_handler_entry:    irq=11 name=uhci_hcd\n");

	(void)state;
	assert_int_equal(r->format, BENCH_REPLAY_FTRACE);
	/* A shared line: one source per handler; its number is ambiguous. */
	assert_int_equal(r->nr_irqs, 2);
	assert_int_equal(bench_replay_find(r, "11"), -EEXIST);
	assert_int_equal(bench_replay_find(r, "uhci_hcd"), 0);
	assert_int_equal(bench_replay_select(r, 0), 0);
	assert_int_equal(r->t[1], 76544);
	assert_int_equal(r->t[2], 176545);
	bench_replay_free(r);
}

/* trace_pipe: no header, CPUs interleaved and out of order. */
static void test_trace_pipe_order(void **state)
{
	struct bench_replay *r = read_ok(
		"          <idle>-0       [001] d.h1.   100.000300: irq_handler_entry: irq=5 name=ahci\n"
		"          <idle>-0       [000] d.h1.   100.000100: irq_handler_entry: irq=5 name=ahci\n"
		"          <idle>-0       [001] d.h1.   100.000200: irq_handler_entry: irq=5 name=ahci\n");

	(void)state;
	assert_int_equal(bench_replay_find(r, NULL), 0);
	assert_int_equal(bench_replay_select(r, 0), 0);
	assert_int_equal(r->t[1], 100000);
	assert_int_equal(r->t[2], 200000);
	bench_replay_free(r);
}

static void test_perf(void **state)
{
	struct bench_replay *r = read_ok(
		"         swapper     0 [000] 12345.678901:       irq:irq_handler_entry: irq=24 name=eth0-rx-0\n"
		"         swapper     0 [000] 12345.678950:       irq:softirq_entry: vec=3 [action=NET_RX]\n"
		"            sshd  1234 [001] 12345.679001:       irq:irq_handler_entry: irq=24 name=eth0-rx-0\n"
		"         swapper     0 [001] 12345.679101:       irq:irq_handler_entry: irq=25 name=eth0-tx-0\n");

	(void)state;
	assert_int_equal(r->format, BENCH_REPLAY_PERF);
	assert_int_equal(r->nr_irqs, 2);
	assert_int_equal(r->skipped, 1);
	assert_int_equal(bench_replay_find(r, "eth0-rx-0"), 0);
	assert_int_equal(bench_replay_select(r, 0), 0);
	assert_int_equal(r->t[1], 100000);
	bench_replay_free(r);
}

static void test_plain(void **state)
{
	struct bench_replay *r = read_ok("# ns irq, from my own tool\n"
					 "\n"
					 "1000 7\n"
					 "  3000\t7\n"
					 "2000 7   \r\n"
					 "2500 timer\n"
					 "9000 timer\n");

	(void)state;
	assert_int_equal(r->format, BENCH_REPLAY_PLAIN);
	assert_int_equal(r->nr_irqs, 2);
	assert_int_equal(bench_replay_find(r, "7"), 0);
	assert_int_equal(bench_replay_find(r, "timer"), 1);
	assert_int_equal(r->irqs[1].num, -1);
	assert_int_equal(bench_replay_select(r, 0), 0);
	assert_int_equal(r->n, 3);
	assert_int_equal(r->t[1], 1000);
	assert_int_equal(r->t[2], 2000);
	assert_int_equal(r->loop_ns, 3000);
	bench_replay_free(r);
}

struct bad {
	const char *text;
	unsigned int line;
	const char *needle;
};

#define FT(ts, rest) \
	"          <idle>-0       [000] d.h1.     " ts ": " rest "\n"
#define ENTRY(ts) FT(ts, "irq_handler_entry: irq=28 name=virtio1-req.0")

static const struct bad bad[] = {
	{ "hello world\n", 1, "is not a recording of interrupts" },
	{ "# only comments\n\n", 0, "no interrupt in it" },
	{ "", 0, "no interrupt in it" },
	{ FT("6.1", "sched_switch: prev=a next=b"), 0, "no interrupt in it" },
	{ ENTRY("6.604988") "garbage here\n", 2,
	  "is not an event line of ftrace" },
	{ ENTRY("6.604988") "  swapper 0 [000] 6.7: irq:irq_handler_entry: irq=1 name=a\n",
	  2, "an event line of perf script in a recording of ftrace" },
	{ ENTRY("6604988"), 1, "is a counter, not seconds" },
	{ ENTRY("6.1234567891"), 1, "more than 9 decimals" },
	{ ENTRY("99999999999.1"), 1, "out of range" },
	{ ENTRY("6.1") "CPU:1 [LOST 1234 EVENTS]\n" ENTRY("6.2"), 2,
	  "the tracer lost events here" },
	{ FT("6.1", "irq_handler_entry: irq=28"), 1,
	  "without irq=N name=NAME" },
	{ FT("6.1", "irq_handler_entry: name=x irq=28"), 1,
	  "without irq=N name=NAME" },
	{ FT("6.1", "irq_handler_entry: irq=x name=y"), 1,
	  "without irq=N name=NAME" },
	{ "100 5\n200 5\n300\n", 3, "is not \"NS IRQ\"" },
	{ "100 5\n200 5 extra\n", 2, "is not \"NS IRQ\"" },
	{ "100 5\n" ENTRY("6.1"), 2, "is not \"NS IRQ\"" },
	{ "99999999999999999999 5\n", 1, "out of range" },
	{ "100 99999999999\n", 1, "irq 99999999999 is out of range" },
	{ "100 5\n200 5\0\n", 2, "a NUL byte" },
	{ FT("6.1",
	     "irq_handler_entry: irq=1 name="
	     "a123456789b123456789c123456789d123456789e123456789f123456789"
	     "g123"),
	  1, "is longer than 63 characters" },
};

/* Each refused at its file:line, with the reason. */
static void test_malformed(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		/* Length by hand: one case holds a NUL. */
		size_t n = strlen(bad[i].text);
		struct bench_replay *r = (void *)1;
		char err[1024], want[64];
		FILE *f;
		int ret;

		if (strstr(bad[i].needle, "NUL"))
			n += 1 + strlen(bad[i].text + n + 1);
		f = fmemopen((void *)bad[i].text, n ? n : 1, "r");
		assert_non_null(f);
		if (!n) /* fmemopen of 0 bytes fails: read to EOF first */
			fgetc(f);
		ret = bench_replay_read(f, "rec.trace", &r, err, sizeof(err));
		fclose(f);
		if (bad[i].line)
			snprintf(want, sizeof(want),
				 "rec.trace:%u: ", bad[i].line);
		else
			snprintf(want, sizeof(want), "rec.trace: ");
		if (ret != -EINVAL || r || strncmp(err, want, strlen(want)) ||
		    !strstr(err, bad[i].needle))
			fail_msg("case %zu: wanted \"%s...%s...\", got %d: %s",
				 i, want, bad[i].needle, ret,
				 ret ? err : "accepted");
	}
}

/*
 * An irq all of whose arrivals share one instant has nothing to play;
 * one whose span is shorter than its gaps are many still loops after
 * its last arrival, never on it.
 */
static void test_one_instant(void **state)
{
	struct bench_replay *r = read_ok("5 1\n5 1\n");

	(void)state;
	assert_int_equal(bench_replay_select(r, 0), -EINVAL);
	bench_replay_free(r);
	r = read_ok("0 1\n0 1\n1 1\n");
	assert_int_equal(bench_replay_select(r, 0), 0);
	assert_int_equal(r->loop_ns, 2);
	bench_replay_free(r);
}

/* A recording of @n arrivals, gaps growing 1000, 2000, ... ns. */
static struct bench_replay *growing(unsigned int n)
{
	size_t len = 32 * (size_t)n + 1, at = 0;
	char *text = malloc(len);
	struct bench_replay *r;
	uint64_t t = 0;

	assert_non_null(text);
	for (unsigned int i = 0; i < n; i++) {
		t += 1000 * (uint64_t)i;
		at += (size_t)snprintf(text + at, len - at, "%llu 9\n",
				       (unsigned long long)(t + 777));
	}
	r = read_ok(text);
	free(text);
	assert_int_equal(bench_replay_select(r, 0), 0);
	return r;
}

/* The fire times of block @b: every one before @block_ns, and how many. */
static size_t block_times(const struct bench_replay *r, double speed,
			  unsigned int b, uint64_t block_ns, uint64_t *out,
			  size_t max)
{
	struct bench_stim s;
	size_t n = 0;
	uint64_t t;

	bench_stim_init(&s, BENCH_PAT_REPLAY, 10000, 1, 0, 0, 1);
	bench_stim_replay(&s, r, speed, b, block_ns);
	while ((t = bench_stim_next(&s)) < block_ns) {
		assert_true(n < max);
		assert_true(!n || t >= out[n - 1]);
		out[n++] = t;
	}
	return n;
}

/*
 * The blocks one after the other play the looped recording: each arrival
 * once, at (recording time - slice start) / speed, for several speeds and
 * block lengths shorter and longer than the recording.
 */
static void test_slices(void **state)
{
	static const double speeds[] = { 1, 2, 0.5, 3.7 };
	static const uint64_t blocks_ns[] = { 1000000, 7777777, 30000000 };
	struct bench_replay *r = growing(100); /* 4.95 ms, loop 5 ms */
	uint64_t *out = malloc(100000 * sizeof(*out));

	(void)state;
	assert_non_null(out);
	assert_int_equal(r->loop_ns, 4950000 + 50000);
	for (size_t si = 0; si < 4; si++) {
		for (size_t bi = 0; bi < 3; bi++) {
			double sp = speeds[si];
			uint64_t bns = blocks_ns[bi], k = 0;

			for (unsigned int b = 0; b < 12; b++) {
				size_t n =
					block_times(r, sp, b, bns, out, 100000);
				double origin = (double)b * (double)bns * sp;

				assert_true(n <= bench_replay_capacity(
							 r, (double)bns * sp));
				for (size_t i = 0; i < n; i++, k++) {
					double x = (double)(k / r->n) *
							   (double)r->loop_ns +
						   (double)r->t[k % r->n];

					assert_int_equal(
						out[i],
						(uint64_t)((x - origin) / sp));
				}
			}
			assert_true(k > 0);
		}
	}
	free(out);
	bench_replay_free(r);
}

/* Every design gets the same fire times in a block: no seed, no state. */
static void test_same_for_every_design(void **state)
{
	struct bench_replay *r = growing(50);
	uint64_t a[4096], b[4096];
	size_t na, nb;

	(void)state;
	na = block_times(r, 1.5, 3, 2000000, a, 4096);
	nb = block_times(r, 1.5, 3, 2000000, b, 4096);
	assert_int_equal(na, nb);
	assert_memory_equal(a, b, na * sizeof(a[0]));
	bench_replay_free(r);
}

/* The capacity is the most a window holds, where it starts. */
static void test_capacity(void **state)
{
	struct bench_replay *r = read_ok("0 1\n10 1\n11 1\n12 1\n100 1\n");

	(void)state;
	assert_int_equal(bench_replay_select(r, 0), 0);
	assert_int_equal(r->loop_ns, 125);
	/* a window of 3 ns holds 10, 11, 12 */
	assert_int_equal(bench_replay_capacity(r, 3), 3 + 2);
	/* 2.5 loops: 10 arrivals, and the most in 62.5 ns: from 100 on,
	 * 100 and the next pass's 125, 135, 136, 137 */
	assert_int_equal(bench_replay_capacity(r, 312.5), 10 + 5 + 2);
	bench_replay_free(r);
}

/* configs/replay/virtio-blk.trace reads as its header says. */
static void test_shipped(void **state)
{
	char path[4096], err[1024], line[256];
	struct bench_replay *r;
	unsigned long n = 0;
	FILE *f;

	(void)state;
	snprintf(path, sizeof(path), "%s/configs/replay/virtio-blk.trace",
		 srcdir);
	f = fopen(path, "r");
	assert_non_null(f);
	assert_non_null(fgets(line, sizeof(line), f));
	fclose(f);
	assert_int_equal(sscanf(line, "# irqlab vm record: %lu ", &n), 1);
	if (bench_replay_load(path, &r, err, sizeof(err)))
		fail_msg("%s", err);
	assert_int_equal(r->format, BENCH_REPLAY_FTRACE);
	assert_int_equal(r->nr_all, n);
	assert_int_equal(r->skipped, 0);
	assert_true(r->nr_irqs >= 1);
	for (size_t i = 0; i < r->nr_irqs; i++)
		assert_int_equal(strncmp(r->irqs[i].name, "virtio", 6), 0);
	bench_replay_free(r);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ftrace),
		cmocka_unit_test(test_trace_cmd),
		cmocka_unit_test(test_trace_pipe_order),
		cmocka_unit_test(test_perf),
		cmocka_unit_test(test_plain),
		cmocka_unit_test(test_malformed),
		cmocka_unit_test(test_one_instant),
		cmocka_unit_test(test_slices),
		cmocka_unit_test(test_same_for_every_design),
		cmocka_unit_test(test_capacity),
		cmocka_unit_test(test_shipped),
	};

	srcdir = argc > 2 ? argv[2] : ".";
	return cmocka_run_group_tests(tests, NULL, NULL);
}
