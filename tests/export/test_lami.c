// SPDX-License-Identifier: GPL-2.0
/*
 * irqlab lami: the metadata phase validated against LAMI v0.1 (the
 * mi-version, table classes whose columns each have a title and one of
 * the protocol's classes), then the analysis phase of a known traced run:
 * every table of a declared class, every row as long as its columns,
 * every cell of its column's class; the latency rows count the events
 * summary.json says were serviced; --limit, --begin and --end obeyed;
 * a missing trace answered with LAMI's error object.
 */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <jansson.h>
#include "traced.h"
#include "traced_run.h"

static const char *irqlab;
static char tmp[] = "/tmp/irqlab-lami-XXXXXX";
static json_t *meta;

/* `irqlab lami ARGS` parsed; its exit status in *@rc. */
static json_t *lami(const char *args, int *rc)
{
	char cmd[800], out[400];
	json_error_t je;
	json_t *j;
	int st;

	snprintf(out, sizeof(out), "%s/lami.json", tmp);
	snprintf(cmd, sizeof(cmd), "%s lami %s >%s 2>/dev/null", irqlab, args,
		 out);
	st = system(cmd);
	*rc = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
	j = json_load_file(out, 0, &je);
	if (!j)
		fail_msg("irqlab lami %s: not JSON: %s (line %d)", args,
			 je.text, je.line);
	return j;
}

static const char *const classes[] = {
	"string",     "int",	  "number", "bool",    "ratio",	  "timestamp",
	"time-range", "duration", "size",   "bitrate", "syscall", "process",
	"path",	      "fd",	  "irq",    "cpu",     "disk",	  "part",
	"netif",      "mixed",	  NULL,
};

static void test_metadata(void **state)
{
	json_t *tc, *c, *col;
	const char *name;
	size_t i;
	int rc;

	(void)state;
	tc = lami("--mi-version", &rc);
	assert_int_equal(rc, 0);
	assert_int_equal(json_integer_value(json_object_get(tc, "minor")), 1);
	json_decref(tc);
	meta = lami("--metadata", &rc);
	assert_int_equal(rc, 0);
	assert_int_equal(json_integer_value(json_object_get(
				 json_object_get(meta, "mi-version"), "major")),
			 0);
	assert_int_equal(json_integer_value(json_object_get(
				 json_object_get(meta, "mi-version"), "minor")),
			 1);
	tc = json_object_get(meta, "table-classes");
	assert_true(json_object_size(tc) >= 1);
	json_object_foreach(tc, name, c)
	{
		json_t *cols = json_object_get(c, "column-descriptions");

		assert_non_null(json_string_value(json_object_get(c, "title")));
		assert_true(json_array_size(cols) > 0);
		json_array_foreach(cols, i, col)
		{
			const char *cl = json_string_value(
				json_object_get(col, "class"));
			size_t k = 0;

			assert_non_null(json_string_value(
				json_object_get(col, "title")));
			assert_non_null(cl);
			while (classes[k] && strcmp(classes[k], cl))
				k++;
			assert_non_null(classes[k]);
		}
	}
}

/* A cell of column class @cl, as LAMI v0.1 allows it. */
static void cell_ok(const char *cl, json_t *v)
{
	const char *obj = json_string_value(json_object_get(v, "class"));

	if (json_is_null(v) || (obj && !strcmp(obj, "unknown")))
		return;
	if (!strcmp(cl, "string"))
		assert_true(json_is_string(v));
	else if (!strcmp(cl, "int"))
		assert_true(json_is_integer(v));
	else if (!strcmp(cl, "duration"))
		assert_true(obj && !strcmp(obj, "duration") &&
			    json_integer_value(json_object_get(v, "value")) >=
				    0);
	else if (!strcmp(cl, "cpu"))
		assert_true(obj && !strcmp(obj, "cpu") &&
			    json_is_integer(json_object_get(v, "id")));
	else
		fail_msg("column class %s not expected", cl);
}

/* Every table checked against its class; the stages table returned. */
static json_t *check_results(json_t *res)
{
	json_t *t, *row, *stages = NULL;
	size_t i, r, k;

	assert_true(json_array_size(res) >= 1);
	json_array_foreach(res, i, t)
	{
		const char *cn = json_string_value(json_object_get(t, "class"));
		json_t *cols = json_object_get(
			json_object_get(json_object_get(meta, "table-classes"),
					cn ? cn : ""),
			"column-descriptions");
		json_t *tr = json_object_get(t, "time-range");

		assert_non_null(cols);
		assert_string_equal(
			json_string_value(json_object_get(tr, "class")),
			"time-range");
		assert_true(json_integer_value(json_object_get(tr, "end")) >=
			    json_integer_value(json_object_get(tr, "begin")));
		json_array_foreach(json_object_get(t, "data"), r, row)
		{
			assert_int_equal(json_array_size(row),
					 json_array_size(cols));
			for (k = 0; k < json_array_size(row); k++)
				cell_ok(json_string_value(json_object_get(
						json_array_get(cols, k),
						"class")),
					json_array_get(row, k));
		}
		if (!strcmp(cn, "irqlab-stages"))
			stages = json_object_get(t, "data");
	}
	assert_non_null(stages);
	return stages;
}

/* The count of @stage over all CPUs for @scenario/@design; -1: none. */
static json_int_t stage_count(json_t *data, const char *scenario,
			      const char *design, const char *stage)
{
	json_t *row;
	size_t i;

	json_array_foreach(data, i, row) if (
		!strcmp(json_string_value(json_array_get(row, 0)), scenario) &&
		!strcmp(json_string_value(json_array_get(row, 1)), design) &&
		json_is_null(json_array_get(row, 4)) &&
		!strcmp(json_string_value(json_array_get(row, 5)),
			stage)) return json_integer_value(json_array_get(row,
									 6));
	return -1;
}

static void test_results(void **state)
{
	char args[600], path[400];
	json_t *j, *data, *sum, *sc, *d;
	size_t i, k;
	int rc;

	(void)state;
	snprintf(args, sizeof(args), "%s/run/trace", tmp);
	j = lami(args, &rc);
	assert_int_equal(rc, 0);
	data = check_results(json_object_get(j, "results"));
	snprintf(path, sizeof(path), "%s/run/summary.json", tmp);
	sum = json_load_file(path, 0, NULL);
	assert_non_null(sum);
	/* Raise -> handler, one per serviced event, as the run counted. */
	json_array_foreach(
		json_object_get(sum, "scenarios"), i,
		sc) json_array_foreach(json_object_get(sc, "designs"), k, d)
		assert_int_equal(
			stage_count(
				data,
				json_string_value(json_object_get(sc, "name")),
				json_string_value(json_object_get(d, "design")),
				"latency (raise to handler)"),
			json_integer_value(json_object_get(d, "serviced")));
	json_decref(sum);
	json_decref(j);
}

static void test_limit_and_window(void **state)
{
	char args[600];
	json_t *j, *t, *tr;
	json_int_t b, e, full, half;
	size_t i;
	int rc;

	(void)state;
	snprintf(args, sizeof(args), "--limit 2 %s/run", tmp);
	j = lami(args, &rc);
	assert_int_equal(rc, 0);
	json_array_foreach(json_object_get(j, "results"), i, t)
		assert_true(json_array_size(json_object_get(t, "data")) <= 2);
	json_decref(j);

	snprintf(args, sizeof(args), "%s/run", tmp);
	j = lami(args, &rc);
	t = json_array_get(json_object_get(j, "results"), 0);
	tr = json_object_get(t, "time-range");
	b = json_integer_value(json_object_get(tr, "begin"));
	e = json_integer_value(json_object_get(tr, "end"));
	full = stage_count(json_object_get(t, "data"), "soft-simple", "flow",
			   "total (entry to exit)");
	json_decref(j);
	assert_true(full > 0 && e > b);

	/* The scenario runs first: its first half of the run's span. */
	snprintf(args, sizeof(args), "--begin=%lld --end %lld %s/run",
		 (long long)b, (long long)(b + (e - b) / 4), tmp);
	j = lami(args, &rc);
	assert_int_equal(rc, 0);
	t = json_array_get(json_object_get(j, "results"), 0);
	tr = json_object_get(t, "time-range");
	assert_true(json_integer_value(json_object_get(tr, "end")) <=
		    b + (e - b) / 4);
	half = stage_count(json_object_get(t, "data"), "soft-simple", "flow",
			   "total (entry to exit)");
	assert_true(half < full);
	json_decref(j);
}

static void test_error_object(void **state)
{
	char args[600];
	json_t *j;
	int rc;

	(void)state;
	snprintf(args, sizeof(args), "%s/nothing-here", tmp);
	j = lami(args, &rc);
	assert_int_not_equal(rc, 0);
	assert_non_null(json_string_value(json_object_get(j, "error-message")));
	json_decref(j);
	j = lami("--limit x run", &rc);
	assert_int_equal(rc, 4);
	assert_non_null(json_string_value(json_object_get(j, "error-message")));
	json_decref(j);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_metadata),
		cmocka_unit_test(test_results),
		cmocka_unit_test(test_limit_and_window),
		cmocka_unit_test(test_error_object),
	};
	int ret;

	if (argc < 3)
		return 77;
	ret = traced_run_skip(false);
	if (ret)
		return ret;
	irqlab = argv[1];
	if (!mkdtemp(tmp))
		return 1;
	if (export_traced_run(irqlab, tmp)) {
		fprintf(stderr, "irqlab run --trace failed: see %s/run.log\n",
			tmp);
		return 1;
	}
	ret = cmocka_run_group_tests(tests, NULL, NULL);
	json_decref(meta);
	if (!ret) {
		char cmd[100];

		snprintf(cmd, sizeof(cmd), "rm -rf %s", tmp);
		if (system(cmd))
			return 1;
	}
	return ret;
}
