// SPDX-License-Identifier: GPL-2.0
/*
 * irqlab history over the committed folders of results/ and two fresh
 * quick runs. The second run's environment.json is given another git
 * revision, so that the same code stands for a second build and the
 * history has a step whatever this machine's name (an A/A step: one
 * run a side, which irqlab compare can only call inconclusive). The
 * index has a row per run and per cell of every summary.json found;
 * the step is named, with the outcome `irqlab compare` itself gives for
 * the same runs; the figure is a PNG; a second build of the index from
 * the same folders has the same content, row for row.
 */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>
#include <jansson.h>
#include <sqlite3.h>
#include "e2e.h"

static const char *irqlab, *src;
static char tmp[] = "/tmp/irqlab-history-test-XXXXXX";

static int sh(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static int sh(const char *fmt, ...)
{
	char cmd[4096];
	va_list ap;
	int st;

	va_start(ap, fmt);
	vsnprintf(cmd, sizeof(cmd), fmt, ap);
	va_end(ap);
	st = system(cmd);
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* Every row of every table, in order, as text. */
static char *dump(const char *db)
{
	static const char *const q[] = {
		"SELECT * FROM meta ORDER BY key",
		"SELECT * FROM runs ORDER BY run",
		"SELECT * FROM cells ORDER BY run, scenario, design",
		"SELECT * FROM steps ORDER BY step",
		"SELECT * FROM step_cells ORDER BY step, metric, scenario, design",
	};
	size_t len = 0, cap = 1 << 16;
	char *out = malloc(cap);
	sqlite3 *h;

	assert_non_null(out);
	assert_int_equal(sqlite3_open_v2(db, &h, SQLITE_OPEN_READONLY, NULL),
			 SQLITE_OK);
	for (size_t i = 0; i < sizeof(q) / sizeof(*q); i++) {
		sqlite3_stmt *st;

		assert_int_equal(sqlite3_prepare_v2(h, q[i], -1, &st, NULL),
				 SQLITE_OK);
		while (sqlite3_step(st) == SQLITE_ROW)
			for (int c = 0; c < sqlite3_column_count(st); c++) {
				const char *t =
					(const char *)sqlite3_column_text(st,
									  c);
				size_t n = strlen(t ? t : "NULL") + 2;

				while (len + n >= cap)
					assert_non_null(
						out = realloc(out, cap *= 2));
				len += (size_t)sprintf(
					out + len, "%s%c", t ? t : "NULL",
					c + 1 < sqlite3_column_count(st) ?
						'|' :
						'\n');
			}
		sqlite3_finalize(st);
	}
	sqlite3_close(h);
	return out;
}

static long long one(const char *db, const char *sql)
{
	sqlite3 *h;
	sqlite3_stmt *st;
	long long v = -1;

	assert_int_equal(sqlite3_open_v2(db, &h, SQLITE_OPEN_READONLY, NULL),
			 SQLITE_OK);
	assert_int_equal(sqlite3_prepare_v2(h, sql, -1, &st, NULL), SQLITE_OK);
	if (sqlite3_step(st) == SQLITE_ROW)
		v = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	sqlite3_close(h);
	return v;
}

/* Runs and cells of every summary.json under results/ and the runs. */
static void count_found(size_t *runs, size_t *cells)
{
	char cmd[1200], path[1100];
	FILE *p;

	*runs = *cells = 0;
	snprintf(cmd, sizeof(cmd), "find %s/results %s/runs -name summary.json",
		 src, tmp);
	p = popen(cmd, "r");
	assert_non_null(p);
	while (fgets(path, sizeof(path), p)) {
		json_t *j, *sc;
		size_t i;

		path[strcspn(path, "\n")] = '\0';
		j = json_load_file(path, 0, NULL);
		assert_non_null(j);
		json_array_foreach(json_object_get(j, "scenarios"), i,
				   sc) *cells +=
			json_array_size(json_object_get(sc, "designs"));
		json_decref(j);
		(*runs)++;
	}
	pclose(p);
}

static void test_history(void **state)
{
	size_t runs, cells;
	char db[400], out[400], *text, *a, *b, png[8] = { 0 };
	int rc, cmp;
	FILE *f;

	(void)state;
	snprintf(db, sizeof(db), "%s/h.db", tmp);
	snprintf(out, sizeof(out), "%s/history.out", tmp);
	rc = sh("cd %s && %s history %s/results runs -o h.db --cell ioapic-edge/flow --plot h.png >%s",
		tmp, irqlab, src, out);
	text = slurp(out);
	assert_non_null(text);
	/* A step regressed: 2; none: 0. Either way the steps are named. */
	assert_true(rc == 0 || rc == 2);
	count_found(&runs, &cells);
	assert_int_equal(one(db, "SELECT count(*) FROM runs"), runs);
	assert_int_equal(one(db, "SELECT count(*) FROM cells"), cells);
	/* The step to the relabelled build, with compare's own outcome. */
	assert_non_null(strstr(text, "-> testbuild-b"));
	assert_int_equal(
		one(db,
		    "SELECT count(*) FROM steps WHERE build_to LIKE 'testbuild-b%'"),
		1);
	cmp = sh(
		"%s compare --metric p50 --metric p99 --base %s/runs/a %s/runs/b >/dev/null 2>&1",
		irqlab, tmp, tmp);
	assert_int_equal(
		one(db,
		    "SELECT exit FROM steps WHERE build_to LIKE 'testbuild-b%'"),
		cmp);
	assert_int_equal(
		one(db,
		    "SELECT count(*) FROM step_cells JOIN steps USING (step) WHERE build_to LIKE 'testbuild-b%' AND scenario = 'ioapic-edge' AND design = 'flow'"),
		2);
	assert_non_null(strstr(text, "ioapic-edge/flow p50:"));
	assert_non_null(strstr(text, "Regressed steps:"));
	assert_int_equal(
		rc == 2,
		one(db,
		    "SELECT count(*) FROM steps WHERE outcome = 'regression'") >
			0);
	free(text);
	/* The figure. */
	snprintf(out, sizeof(out), "%s/h.png", tmp);
	f = fopen(out, "rb");
	assert_non_null(f);
	assert_int_equal(fread(png, 1, 4, f), 4);
	fclose(f);
	assert_memory_equal(png, "\x89PNG", 4);
	/* Derived: built again from the same folders, the same rows. */
	assert_int_equal(
		sh("cd %s && %s history %s/results runs -o h2.db >/dev/null",
		   tmp, irqlab, src) == 1,
		0);
	snprintf(out, sizeof(out), "%s/h2.db", tmp);
	a = dump(db);
	b = dump(out);
	assert_string_equal(a, b);
	free(a);
	free(b);
}

/* Run @name of quick.ini into @tmp/runs. 0 or the shell's status. */
static int quick_run(const char *name)
{
	return sh(
		"%s run %s/configs/quick.ini --quiet --no-report -o %s/runs/%s >%s/%s.log 2>&1",
		irqlab, src, tmp, name, tmp, name);
}

static int relabel(const char *dir, const char *rev)
{
	char path[700];
	json_t *j;

	snprintf(path, sizeof(path), "%s/environment.json", dir);
	j = json_load_file(path, 0, NULL);
	if (!j ||
	    json_object_set_new(json_object_get(j, "irqlab"), "git_revision",
				json_string(rev)) ||
	    json_dump_file(j, path, JSON_INDENT(2))) {
		json_decref(j);
		return -1;
	}
	json_decref(j);
	return 0;
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_history),
	};
	char dir[600];
	int ret;

	if (argc < 3)
		return 77;
	if (access("/usr/bin/gnuplot", X_OK)) {
		fprintf(stderr, "skipped: needs gnuplot\n");
		return 77;
	}
	irqlab = argv[1];
	src = argv[2];
	if (!mkdtemp(tmp) || sh("mkdir %s/runs", tmp))
		return 1;
	snprintf(dir, sizeof(dir), "%s/runs/b", tmp);
	if (quick_run("a") || quick_run("b") || relabel(dir, "testbuild-b")) {
		fprintf(stderr, "irqlab run failed: see %s/*.log\n", tmp);
		return 1;
	}
	ret = cmocka_run_group_tests(tests, NULL, NULL);
	if (!ret && sh("rm -rf %s", tmp))
		return 1;
	return ret;
}
