// SPDX-License-Identifier: GPL-2.0
/*
 * irqlab export bencher and csv over the committed run folders of
 * results/: Bencher's JSON has every cell of summary.json with its
 * latency quantiles, each value inside its bounds and the bounds inside
 * the blocks' range; the CSV read back with an RFC 4180 reader written
 * here has a header and one row per run and cell, every row as wide as
 * the header, quoting that survives a folder named with a comma and a
 * quote, and quantiles equal to summary.json's; where sqlite3's command
 * line is installed, its CSV import reads the same rows.
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

static const char *irqlab, *src;
static char tmp[] = "/tmp/irqlab-dash-XXXXXX";

static int sh(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static int sh(const char *fmt, ...)
{
	char cmd[2048];
	va_list ap;
	int st;

	va_start(ap, fmt);
	vsnprintf(cmd, sizeof(cmd), fmt, ap);
	va_end(ap);
	st = system(cmd);
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static json_t *summary_of(const char *dir)
{
	char path[600];
	json_t *j;

	snprintf(path, sizeof(path), "%s/summary.json", dir);
	j = json_load_file(path, 0, NULL);
	assert_non_null(j);
	return j;
}

static void test_bencher(void **state)
{
	char run[400], out[400];
	json_t *b, *sum, *sc, *d;
	size_t i, k, bounded = 0;

	(void)state;
	snprintf(run, sizeof(run), "%s/results/reference", src);
	snprintf(out, sizeof(out), "%s/bencher.json", tmp);
	assert_int_equal(sh("%s export bencher %s -o %s", irqlab, run, out), 0);
	b = json_load_file(out, 0, NULL);
	assert_non_null(b);
	sum = summary_of(run);
	json_array_foreach(json_object_get(sum, "scenarios"), i, sc)
		json_array_foreach(json_object_get(sc, "designs"), k, d)
	{
		char name[256];
		json_t *m, *blocks, *q;
		double v, lo, hi, min = 1e300, max = 0;
		size_t r;

		snprintf(name, sizeof(name), "%s/%s",
			 json_string_value(json_object_get(sc, "name")),
			 json_string_value(json_object_get(d, "design")));
		m = json_object_get(json_object_get(b, name), "latency-p50");
		assert_non_null(m);
		assert_non_null(json_object_get(json_object_get(b, name),
						"latency-p99"));
		v = json_number_value(json_object_get(m, "value"));
		assert_true(v > 0);
		if (!json_object_get(m, "lower_value"))
			continue;
		lo = json_number_value(json_object_get(m, "lower_value"));
		hi = json_number_value(json_object_get(m, "upper_value"));
		assert_true(lo <= v && v <= hi);
		blocks =
			json_object_get(json_object_get(d, "blocks_ns"), "p50");
		json_array_foreach(blocks, r, q) if (json_is_number(q))
		{
			double x = json_number_value(q);

			min = x < min ? x : min;
			max = x > max ? x : max;
		}
		assert_true(lo >= min - 1e-6 && hi <= max + 1e-6);
		bounded++;
	}
	assert_true(bounded > 0); /* the reference has 20 blocks a design */
	json_decref(sum);
	json_decref(b);
	/* One run only: a folder of three is refused. */
	assert_int_equal(
		sh("%s export bencher %s/results/reference-stability >/dev/null 2>&1",
		   irqlab, src),
		4);
}

/* One RFC 4180 record of @f into @fields (at most @max); how many. */
static size_t record(FILE *f, char fields[][256], size_t max)
{
	size_t n = 0, len = 0;
	bool quoted = false, any = false;
	int c;

	while ((c = fgetc(f)) != EOF) {
		any = true;
		if (quoted) {
			if (c == '"') {
				int d = fgetc(f);

				if (d != '"') {
					quoted = false;
					ungetc(d, f);
					continue;
				}
			}
		} else if (c == '"') {
			quoted = true;
			continue;
		} else if (c == ',' || c == '\r') {
			if (c == '\r')
				assert_int_equal(fgetc(f), '\n');
			assert_true(n < max);
			fields[n++][len] = '\0';
			len = 0;
			if (c == '\r')
				return n;
			continue;
		}
		assert_true(len < 255 && n < max);
		fields[n][len++] = (char)c;
	}
	assert_false(any && len); /* every record ends with CRLF */
	return 0;
}

static size_t column(char head[][256], size_t n, const char *name)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(head[i], name))
			return i;
	fail_msg("no column %s", name);
	return 0;
}

static void test_csv(void **state)
{
	static char head[64][256], row[64][256];
	char odd[400], out[400];
	size_t nh, rows = 0, cells = 0, odd_rows = 0, i, k;
	json_t *sum, *sc, *d;
	FILE *f;

	(void)state;
	/* A run folder whose name needs quoting, beside the reference. */
	snprintf(odd, sizeof(odd), "%s/runs/odd, \"name\"", tmp);
	assert_int_equal(
		sh("mkdir -p %s/runs && cp -r %s/results/reference '%s'", tmp,
		   src, odd),
		0);
	snprintf(out, sizeof(out), "%s/cells.csv", tmp);
	assert_int_equal(sh("%s export csv %s/runs %s/results/reference -o %s",
			    irqlab, tmp, src, out),
			 0);
	sum = summary_of(odd);
	json_array_foreach(json_object_get(sum, "scenarios"), i, sc)
		cells += json_array_size(json_object_get(sc, "designs"));
	f = fopen(out, "r");
	assert_non_null(f);
	nh = record(f, head, 64);
	assert_true(nh > 20);
	assert_string_equal(head[0], "run_id");
	while ((k = record(f, row, 64))) {
		assert_int_equal(k, nh);
		/* The odd name read back whole, its comma and quotes too. */
		odd_rows += !strcmp(row[0], "odd, \"name\"");
		sc = json_array_get(json_object_get(sum, "scenarios"), 0);
		d = json_array_get(json_object_get(sc, "designs"), 0);
		if (!strcmp(row[column(head, nh, "scenario")],
			    json_string_value(json_object_get(sc, "name"))) &&
		    !strcmp(row[column(head, nh, "design")],
			    json_string_value(json_object_get(d, "design"))))
			assert_int_equal(
				strtoll(row[column(head, nh, "p50_ns")], NULL,
					10),
				json_integer_value(json_object_get(
					json_object_get(
						json_object_get(d, "latency_ns"),
						"entry"),
					"p50")));
		rows++;
	}
	fclose(f);
	json_decref(sum);
	assert_int_equal(rows, 2 * cells);
	assert_int_equal(odd_rows, cells);
	if (!access("/usr/bin/sqlite3", X_OK))
		assert_int_equal(
			sh("test \"$(sqlite3 :memory: '.import --csv %s c' 'select count(*) from c')\" = %zu",
			   out, rows),
			0);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_bencher),
		cmocka_unit_test(test_csv),
	};
	int ret;

	if (argc < 3)
		return 77;
	irqlab = argv[1];
	src = argv[2];
	if (!mkdtemp(tmp))
		return 1;
	ret = cmocka_run_group_tests(tests, NULL, NULL);
	if (!ret && sh("rm -rf %s", tmp))
		return 1;
	return ret;
}
