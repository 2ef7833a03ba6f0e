// SPDX-License-Identifier: GPL-2.0
/*
 * irqlab import's readers (analysis/import/, docs/import.md) over the
 * files in tests/import/data/ (data/README.md says which tool wrote
 * each): every file imports as its format, and its quantiles agree with
 * the file's own summary lines: each cell's count with cyclictest's
 * cycles and rtla's count:, its over with the histogram's overflows, its
 * lowest bucket holding the stated minimum, its highest the maximum
 * where nothing lies past it; cyclictest's JSON and its -h text of one
 * run give the same cells; rtla's --no-header and --no-index variants
 * the same as the full file. Malformed input is refused at its line.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>
#include "analysis/import.h"

static const char *srcdir;

static void load(const char *name, int format, struct imp_run *r)
{
	char path[4096], err[1024];
	int ret;

	snprintf(path, sizeof(path), "%s/tests/import/data/%s", srcdir, name);
	ret = imp_read(path, format, r, err, sizeof(err));
	if (ret)
		fail_msg("%s", err);
}

static const struct imp_cell *cell(const struct imp_run *r, const char *sc,
				   const char *design)
{
	for (size_t i = 0; i < r->nc; i++)
		if (!strcmp(r->c[i].scenario, sc) &&
		    !strcmp(r->c[i].design, design))
			return &r->c[i];
	fail_msg("no cell %s/%s", sc, design);
	return NULL;
}

static uint64_t held(const struct imp_cell *c)
{
	uint64_t s = 0;

	for (size_t i = 0; i < c->nb; i++)
		s += c->b[i].count;
	return s;
}

/* The cell agrees with the summary the tool printed. */
static void agrees(const struct imp_cell *c)
{
	assert_true(c->has_summary);
	assert_int_equal(c->count, held(c) + c->over);
	assert_true(c->b[0].lo_ns <= c->min_ns && c->min_ns < c->b[0].hi_ns);
	if (!c->over)
		assert_true(c->b[c->nb - 1].lo_ns <= c->max_ns &&
			    c->max_ns < c->b[c->nb - 1].hi_ns);
	else
		assert_true(c->max_ns >= c->range_ns);
}

/* cyclictest -h -t 2 --json: the JSON and the text of one run. */
static void test_cyclictest(void **state)
{
	struct imp_run j, t;

	(void)state;
	load("cyclictest-2.40-h.json", -1, &j);
	load("cyclictest-2.40-h.txt", -1, &t);
	assert_int_equal(j.format, IMP_CYCLICTEST_JSON);
	assert_int_equal(t.format, IMP_CYCLICTEST_HIST);
	assert_string_equal(j.tool_version, "2.40");
	assert_non_null(strstr(j.command_line, "-h 400"));
	assert_true(j.started_from_file);
	assert_int_equal(j.nc, 2);
	assert_int_equal(t.nc, 2);
	for (size_t i = 0; i < 2; i++) {
		const struct imp_cell *a = &j.c[i], *b = &t.c[i];

		assert_string_equal(a->scenario, b->scenario);
		assert_string_equal(a->design, "latency");
		agrees(a);
		agrees(b);
		assert_int_equal(a->count, 2000); /* -l 2000 */
		assert_int_equal(a->over, b->over);
		assert_int_equal(a->range_ns, 400000); /* -h 400 */
		assert_int_equal(a->min_ns, b->min_ns);
		assert_int_equal(a->max_ns, b->max_ns);
		for (int q = 0; q < IMP_NQ; q++) {
			assert_int_equal(a->q[q].ns, b->q[q].ns);
			assert_int_equal(a->q[q].over, b->q[q].over);
		}
		assert_int_equal(a->q[IMP_P50].resolution_ns, 1000);
		/* More than 1% past 400 us: p99 is only "over". */
		assert_true(a->over > 20 && a->q[IMP_P99].over);
	}
	imp_free(&j);
	imp_free(&t);
}

/* Without -h: min/avg/max only, no quantile. */
static void test_cyclictest_summary(void **state)
{
	struct imp_run r;

	(void)state;
	load("cyclictest-2.40.json", IMP_CYCLICTEST_JSON, &r);
	for (size_t i = 0; i < r.nc; i++) {
		assert_int_equal(r.c[i].kind, IMP_SUMMARY);
		assert_false(r.c[i].q[IMP_P50].known);
		assert_true(r.c[i].min_ns <= r.c[i].max_ns);
	}
	imp_free(&r);
}

static void same_cells(const struct imp_run *a, const struct imp_run *b)
{
	assert_int_equal(a->nc, b->nc);
	for (size_t i = 0; i < a->nc; i++) {
		assert_string_equal(a->c[i].scenario, b->c[i].scenario);
		assert_string_equal(a->c[i].design, b->c[i].design);
		assert_int_equal(a->c[i].count, b->c[i].count);
		for (int q = 0; q < IMP_NQ; q++)
			assert_int_equal(a->c[i].q[q].ns, b->c[i].q[q].ns);
	}
}

static void test_timerlat(void **state)
{
	struct imp_run r, nh, ni, u;
	const struct imp_cell *c;

	(void)state;
	load("timerlat-hist.txt", -1, &r);
	assert_int_equal(r.format, IMP_TIMERLAT);
	assert_int_equal(r.nc, 4);
	for (size_t i = 0; i < r.nc; i++) {
		agrees(&r.c[i]);
		assert_int_equal(r.c[i].count, 1000);
	}
	c = cell(&r, "cpu1", "thread");
	assert_int_equal(c->bucket_ns, 1000);
	/* 725 of 1000 in buckets 1-2 us: p50 in [2, 3) us. */
	assert_int_equal(c->q[IMP_P50].ns, 2500);
	assert_int_equal(c->q[IMP_P50].resolution_ns, 1000);
	load("timerlat-no-header.txt", IMP_TIMERLAT, &nh);
	load("timerlat-no-index.txt", -1, &ni);
	same_cells(&r, &nh);
	same_cells(&r, &ni);
	load("timerlat-user-b2.txt", -1, &u);
	c = cell(&u, "cpu2", "user");
	assert_int_equal(c->bucket_ns, 2000);
	assert_int_equal(c->over, 20);
	agrees(c);
	assert_true(c->q[IMP_P99].over);
	assert_int_equal(c->q[IMP_P99].ns, 10000); /* the last bucket's end */
	imp_free(&r);
	imp_free(&nh);
	imp_free(&ni);
	imp_free(&u);
}

static void test_osnoise(void **state)
{
	struct imp_run r;
	const struct imp_cell *c;

	(void)state;
	load("osnoise-hist.txt", -1, &r);
	assert_int_equal(r.format, IMP_OSNOISE);
	assert_int_equal(r.unit_ns, 1);
	c = cell(&r, "cpu0", "noise");
	agrees(c);
	assert_int_equal(c->bucket_ns, 100);
	c = cell(&r, "cpu1", "noise");
	agrees(c);
	assert_int_equal(c->over, 1);
	imp_free(&r);
}

static void test_hardirqs(void **state)
{
	struct imp_run r;
	const struct imp_cell *c;

	(void)state;
	load("hardirqs-d.txt", -1, &r);
	assert_int_equal(r.format, IMP_HARDIRQS);
	c = cell(&r, "all", "irq:virtio0-input.0");
	assert_int_equal(c->count, 358);
	/* 310 of 358 in 0 -> 1 us: p50 in a bucket 2 us wide. */
	assert_int_equal(c->q[IMP_P50].resolution_ns, 2000);
	assert_int_equal(c->q[IMP_P50].ns, 1000);
	c = cell(&r, "all", "irq:ahci[0000:00:1f.2]");
	assert_int_equal(c->count, 35);
	assert_int_equal(c->q[IMP_P999].resolution_ns, 16000);
	imp_free(&r);
}

/* rtla 6.9 on: Usr- columns, the ALL block; stop-tracing's tail; -n. */
static void test_rtla_versions(void **state)
{
	struct imp_run r, u, na, ns, nn, st, os;
	const struct imp_cell *c;

	(void)state;
	load("timerlat-hist.txt", -1, &r);
	load("timerlat-6.9-u-all.txt", -1, &u);
	assert_int_equal(u.nc, 6);
	for (size_t i = 0; i < u.nc; i++) {
		agrees(&u.c[i]);
		assert_int_equal(u.c[i].count, 2000);
	}
	assert_int_equal(cell(&u, "cpu1", "user")->max_ns, 12000);
	/* --no-index under ALL, and --no-summary: the same figures */
	load("timerlat-6.9-no-index-all.txt", -1, &na);
	load("timerlat-no-summary.txt", -1, &ns);
	same_cells(&r, &na);
	same_cells(&r, &ns);
	assert_false(ns.c[0].has_summary);
	load("timerlat-no-irq-nano.txt", -1, &nn);
	assert_int_equal(nn.unit_ns, 1);
	assert_int_equal(nn.nc, 2);
	c = cell(&nn, "cpu1", "thread");
	agrees(c);
	assert_int_equal(c->bucket_ns, 500);
	assert_int_equal(c->over, 1);
	agrees(cell(&nn, "cpu3", "thread"));
	load("timerlat-stop-tracing.txt", -1, &st);
	assert_int_equal(st.nc, 3);
	agrees(cell(&st, "cpu0", "thread"));
	c = cell(&st, "cpu0", "user"); /* count 0, min/avg/max "-" */
	assert_int_equal(c->count, 0);
	assert_false(c->has_summary);
	assert_false(c->q[IMP_P50].known);
	/* osnoise's avg is %.2f */
	load("osnoise-hist-us.txt", -1, &os);
	assert_int_equal(os.unit_ns, 1000);
	agrees(cell(&os, "cpu0", "noise"));
	c = cell(&os, "cpu1", "noise");
	agrees(c);
	assert_true(c->avg_ns > 7119 && c->avg_ns < 7121);
	imp_free(&r);
	imp_free(&u);
	imp_free(&na);
	imp_free(&ns);
	imp_free(&nn);
	imp_free(&st);
	imp_free(&os);
}

/* bcc on Python 3 (b'NAME'), bcc 0.25 on (NAME), libbpf-tools, its -C. */
static void test_hardirqs_versions(void **state)
{
	struct imp_run py3, b31, lb, lbc;
	const struct imp_cell *c;

	(void)state;
	load("hardirqs-bcc-0.24-py3.txt", -1, &py3);
	assert_int_equal(py3.format, IMP_HARDIRQS);
	c = cell(&py3, "all", "irq:nvme0q3");
	assert_int_equal(c->count, 6105);
	assert_int_equal(c->count, held(c));
	/* 5210 of 6105 in 0 -> 1: p50 there; the p999 in 8 -> 15 */
	assert_int_equal(c->q[IMP_P50].ns, 1000);
	assert_int_equal(c->q[IMP_P999].resolution_ns, 8000);
	assert_int_equal(cell(&py3, "all", "irq:eth0-rx-1")->count, 5141);
	load("hardirqs-bcc-0.31-N-T.txt", -1, &b31);
	assert_int_equal(b31.unit_ns, 1);
	c = cell(&b31, "all", "irq:timer");
	assert_int_equal(c->count, 256);
	assert_int_equal(c->q[IMP_P50].resolution_ns, 1024);
	load("hardirqs-libbpf-d.txt", -1, &lb);
	assert_int_equal(lb.nc, 2);
	assert_int_equal(cell(&lb, "all", "irq:i8042")->count, 13);
	assert_int_equal(cell(&lb, "all", "irq:virtio1-req.0")->count, 2518);
	load("hardirqs-libbpf-d-C.txt", -1, &lbc);
	assert_int_equal(lbc.nc, 3);
	assert_int_equal(cell(&lbc, "cpu0", "irq:virtio1-req.0")->count, 1243);
	c = cell(&lbc, "cpu1", "irq:virtio1-req.0");
	assert_int_equal(c->count, 1177);
	assert_int_equal(c->q[IMP_P999].resolution_ns, 16000);
	assert_int_equal(cell(&lbc, "cpu1", "irq:eth0")->count, 322);
	imp_free(&py3);
	imp_free(&b31);
	imp_free(&lb);
	imp_free(&lbc);
}

/* rt-tests 1.x -H (a total column), 2.x stdout without -q (status). */
static void test_cyclictest_versions(void **state)
{
	struct imp_run h, nq;

	(void)state;
	load("cyclictest-1.x-H.txt", -1, &h);
	assert_int_equal(h.format, IMP_CYCLICTEST_HIST);
	assert_int_equal(h.nc, 3); /* not 4: the total is no thread */
	for (size_t i = 0; i < h.nc; i++) {
		agrees(&h.c[i]);
		assert_int_equal(h.c[i].count, 1000); /* -l 1000 */
	}
	assert_int_equal(h.c[0].over, 2);
	assert_true(h.c[0].q[IMP_P999].over);
	load("cyclictest-2.x-h-noquiet.txt", -1, &nq);
	assert_int_equal(nq.format, IMP_CYCLICTEST_HIST);
	assert_int_equal(nq.nc, 2);
	for (size_t i = 0; i < nq.nc; i++) {
		agrees(&nq.c[i]);
		assert_int_equal(nq.c[i].count, 1000);
	}
	assert_int_equal(nq.c[0].max_ns, 140000);
	imp_free(&h);
	imp_free(&nq);
}

/* Malformed input: refused at its line, with what is wrong. */
static void test_malformed(void **state)
{
	static const struct {
		int format;
		const char *text, *at, *what;
	} bad[] = {
		{ IMP_CYCLICTEST_JSON,
		  "{\n\"file_version\": 1,\n\"thread\": [\n",
		  ":4:", "not cyclictest's JSON" },
		{ IMP_CYCLICTEST_JSON,
		  "{\"file_version\": 1, \"resolution_in_ns\": 1000,\n\"thread\": {}}",
		  ":1:", "resolution_in_ns" },
		{ IMP_CYCLICTEST_JSON,
		  "{\"file_version\": 1, \"resolution_in_ns\": 0,\n\"thread\": {\n\"0\": {\"cycles\": 5, \"min\": 1, \"max\": 0, \"avg\": 1}}}",
		  ":3:", "thread.0.max" },
		{ IMP_CYCLICTEST_HIST, "# Histogram\n000000 000001\n000002 x\n",
		  ":3:", "not a bucket line" },
		{ IMP_CYCLICTEST_HIST, "000001 000001\n000000 000001\n",
		  ":2:", "bucket 0 after bucket 1" },
		{ IMP_TIMERLAT,
		  "Index IRQ-000\n0 5\nover: 0\ncount: 6\nmin: 0\navg: 0\nmax: 0\n",
		  ":4:", "count 6 is not its buckets' 5" },
		{ IMP_TIMERLAT, "Index IRQ-000 Thr-000\n0 5\n",
		  ":2:", "2 figures where the columns need 3" },
		{ IMP_OSNOISE, "Index IRQ-000\n0 5\n",
		  ":1:", "column IRQ-000 is not one of CPU-N" },
		{ IMP_HARDIRQS,
		  "hardirq = 'a'\n     usecs : count\n 4 -> 3 : 1 |*|\n",
		  ":3:", "not LO -> HI" },
		{ IMP_HARDIRQS, "     usecs : count\n 0 -> 1 : 1 |*|\n",
		  ":2:", "before any hardirq" },
		{ IMP_HARDIRQS, "cpu = x hardirq = a\n",
		  ":1:", "cpu = without a CPU number" },
		{ IMP_HARDIRQS, "hardirq = ''\n", ":1:", "without a NAME" },
		{ IMP_OSNOISE,
		  "Index\nover: 0\ncount: 0\nmin: 0\navg: 0\nmax: 0\n",
		  ":1:", "no sample on any CPU" },
		{ IMP_TIMERLAT, "Index IRQ-000\n0 5\nover: 0\nmin: 0\n", ":",
		  "no count: line" },
		{ IMP_TIMERLAT, "Index IRQ-000\n0 5\n1 x\nover: 0\n",
		  ":3:", "not a figure" },
	};
	char path[] = "/tmp/irqlab-import-XXXXXX", err[1024];

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct imp_run r;
		int fd = mkstemp(path);

		assert_true(fd >= 0);
		assert_int_equal(write(fd, bad[i].text, strlen(bad[i].text)),
				 (ssize_t)strlen(bad[i].text));
		close(fd);
		assert_int_equal(imp_read(path, bad[i].format, &r, err,
					  sizeof(err)),
				 -EINVAL);
		if (strncmp(err, path, strlen(path)) ||
		    strncmp(err + strlen(path), bad[i].at, strlen(bad[i].at)) ||
		    !strstr(err, bad[i].what))
			fail_msg("case %zu: %s", i, err);
		imp_free(&r);
		unlink(path);
		memcpy(path + strlen(path) - 6, "XXXXXX", 6);
	}
}

/* summary.json of an import reads back as a run, one block a cell. */
static void test_as_run(void **state)
{
	struct imp_run r;
	struct run run;
	char err[1024];

	(void)state;
	load("timerlat-user-b2.txt", -1, &r);
	assert_int_equal(imp_as_run(&r, "x", &run, err, sizeof(err)), 0);
	assert_true(imp_is_imported(&run));
	assert_int_equal(run.nsc, 2);
	assert_string_equal(run.sc[0].name, "cpu2");
	assert_int_equal(run.sc[0].nd, 3);
	assert_string_equal(run.sc[0].d[2].design, "user");
	assert_int_equal(run.sc[0].d[2].nblocks, 1);
	assert_true(run.sc[0].d[2].bq[0][0] > 0);
	/* p99 over: no value, so compare leaves it out. */
	assert_true(run.sc[0].d[2].bq[1][0] != run.sc[0].d[2].bq[1][0]);
	run_free(&run);
	imp_free(&r);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cyclictest),
		cmocka_unit_test(test_cyclictest_summary),
		cmocka_unit_test(test_timerlat),
		cmocka_unit_test(test_osnoise),
		cmocka_unit_test(test_hardirqs),
		cmocka_unit_test(test_rtla_versions),
		cmocka_unit_test(test_hardirqs_versions),
		cmocka_unit_test(test_cyclictest_versions),
		cmocka_unit_test(test_malformed),
		cmocka_unit_test(test_as_run),
	};

	srcdir = argc > 2 ? argv[2] : ".";
	return cmocka_run_group_tests(tests, NULL, NULL);
}
