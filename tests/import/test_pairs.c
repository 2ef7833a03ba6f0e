// SPDX-License-Identifier: GPL-2.0
/*
 * irq traces read for irqlab import (bench/device/replay.c,
 * bench_replay_read_pairs()): the same twelve handler runs written as
 * ftrace's trace, trace-cmd report and perf script print them
 * (tests/import/data/irq-*.txt) give the same handlers on the same CPUs
 * with the same durations; an exit the trace began after its entry is
 * skipped and counted; an irq entered twice on a CPU before its exit, or
 * an exit stamped before its entry, is refused at its line. Read for
 * pattern replay, the same file still gives arrivals only.
 */
#define _GNU_SOURCE /* fmemopen() */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "device/replay.h"

static const char *srcdir;

static struct bench_replay *pairs(const char *name)
{
	struct bench_replay *r = NULL;
	char path[4096], err[1024];
	FILE *f;

	snprintf(path, sizeof(path), "%s/tests/import/data/%s", srcdir, name);
	f = fopen(path, "r");
	assert_non_null(f);
	if (bench_replay_read_pairs(f, path, &r, err, sizeof(err)))
		fail_msg("%s", err);
	fclose(f);
	return r;
}

static const struct bench_replay_handler *handler(const struct bench_replay *r,
						  unsigned int cpu, long num)
{
	for (size_t i = 0; i < r->nr_handlers; i++)
		if (r->handlers[i].cpu == cpu && r->handlers[i].num == num)
			return &r->handlers[i];
	fail_msg("no handler of irq %ld on CPU %u", num, cpu);
	return NULL;
}

/*
 * The same four handlers in @file: eth0 on CPU 0 with @want's six runs
 * (within @tol ns), three of irq 25 on CPU 1 after an exit skipped at
 * the start, two of irq 24 there, one of irq 25 on CPU 0. Freed by the
 * caller.
 */
static struct bench_replay *same_runs(const char *file, const uint64_t *want,
				      uint64_t tol)
{
	struct bench_replay *r = pairs(file);
	const struct bench_replay_handler *h = handler(r, 0, 24);

	assert_int_equal(r->nr_handlers, 4);
	assert_string_equal(h->name, "eth0");
	assert_int_equal(h->n, 6);
	for (size_t k = 0; k < 6; k++)
		if (h->ns[k] + tol < want[k] || h->ns[k] > want[k] + tol)
			fail_msg("%s: run %zu of eth0: %llu ns, not %llu", file,
				 k, (unsigned long long)h->ns[k],
				 (unsigned long long)want[k]);
	h = handler(r, 1, 25);
	assert_int_equal(h->n, 3);
	assert_int_equal(h->skipped, 1); /* the exit at the start */
	assert_int_equal(handler(r, 1, 24)->n, 2);
	assert_int_equal(handler(r, 0, 25)->n, 1);
	return r;
}

static void test_three_tools(void **state)
{
	static const char *const files[] = { "irq-ftrace.txt",
					     "irq-trace-cmd.txt",
					     "irq-perf.txt" };
	static const uint64_t eth0_cpu0[] = {
		4000, 3000, 5000, 2000, 4000, 3000
	};

	(void)state;
	for (int i = 0; i < 3; i++) {
		struct bench_replay *r = same_runs(files[i], eth0_cpu0, 0);

		assert_int_equal(handler(r, 1, 25)->ns[0], 15000);
		assert_int_equal(handler(r, 0, 25)->ns[0], 20000);
		bench_replay_free(r);
	}
}

/*
 * Other versions and options of the three tools (data/README.md): Linux
 * 4.x's four flags, trace_pipe with record-tgid, trace-cmd 3.x's latency
 * column and -t, trace-cmd -l's bare CPU, perf script -F +pid --ns.
 * Their runs are in ns: the us files are within 1 us of them.
 */
static void test_versions(void **state)
{
	static const char *const files[] = {
		"irq-ftrace-4.x.txt",	   "irq-trace-pipe-tgid.txt",
		"irq-trace-cmd-3.x-t.txt", "irq-trace-cmd-l.txt",
		"irq-perf-pid-ns.txt",
	};
	static const uint64_t eth0_cpu0[] = {
		4200, 3100, 5000, 2200, 4900, 3300
	};

	(void)state;
	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++)
		bench_replay_free(same_runs(files[i], eth0_cpu0, 999));
}

static int read_text(const char *text, bool pair, struct bench_replay **r,
		     char *err, size_t len)
{
	FILE *f = fmemopen((void *)text, strlen(text), "r");
	int ret;

	assert_non_null(f);
	ret = pair ? bench_replay_read_pairs(f, "t.trace", r, err, len) :
		     bench_replay_read(f, "t.trace", r, err, len);
	fclose(f);
	return ret;
}

static void test_refused(void **state)
{
	static const struct {
		const char *text, *what;
	} bad[] = {
		{ "  a-1 [000] 1.000001: irq_handler_entry: irq=3 name=a\n"
		  "  a-1 [000] 1.000002: irq_handler_entry: irq=3 name=a\n",
		  "t.trace:2: a second irq_handler_entry of irq 3 on CPU 0 before the exit of line 1's" },
		{ "  a-1 [000] 1.000005: irq_handler_entry: irq=3 name=a\n"
		  "  a-1 [000] 1.000002: irq_handler_exit: irq=3 ret=handled\n",
		  "t.trace:2: irq_handler_exit of irq 3 before its entry" },
		{ "  a-1 [000] 1.000005: irq_handler_entry: irq=3 name=a\n"
		  "  a-1 [000] 1.000006: irq_handler_exit: irq=3\n",
		  "t.trace:2: irq_handler_exit without irq=N ret=..." },
		{ "100 3\n200 3\n", "t.trace:1:" },
	};
	struct bench_replay *r;
	char err[1024];

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		assert_int_equal(read_text(bad[i].text, true, &r, err,
					   sizeof(err)),
				 -EINVAL);
		if (strncmp(err, bad[i].what, strlen(bad[i].what)))
			fail_msg("case %zu: %s", i, err);
	}
}

/* Pattern replay's reading is as before: exits are other events. */
static void test_replay_unchanged(void **state)
{
	const char *text =
		"  a-1 [000] 1.000005: irq_handler_entry: irq=3 name=a\n"
		"  a-1 [000] 1.000006: irq_handler_exit: irq=3 ret=handled\n"
		"  a-1 [000] 1.000007: irq_handler_entry: irq=3 name=a\n";
	struct bench_replay *r;
	char err[1024];

	(void)state;
	assert_int_equal(read_text(text, false, &r, err, sizeof(err)), 0);
	assert_int_equal(r->nr_all, 2);
	assert_int_equal(r->skipped, 1);
	assert_int_equal(r->nr_handlers, 0);
	bench_replay_free(r);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_three_tools),
		cmocka_unit_test(test_versions),
		cmocka_unit_test(test_refused),
		cmocka_unit_test(test_replay_unchanged),
	};

	srcdir = argc > 2 ? argv[2] : ".";
	return cmocka_run_group_tests(tests, NULL, NULL);
}
