// SPDX-License-Identifier: GPL-2.0
/*
 * End to end: a short generations run (a config written here, in the
 * form of configs/generations.ini: every chip irqlab drives on its modern
 * driver form, the 2006 pair and every modern design) through `irqlab run` and
 * `irqlab report`. Every v6 design has records in samples.bin, a row in
 * summary.json with its flow on the modern core, balanced books and the
 * register accesses by chip operation, and a row in the report's
 * "Two generations" section for its scenario. No latency is compared:
 * only what holds by construction.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include <jansson.h>
#include <analysis/samples.h>
#include "e2e.h"

#define V6_ALL "v6-flow v6-threaded v6-oneshot v6-forced"

static const char *irqlab;
static char tmp[] = "/tmp/irqlab-gens-XXXXXX";
static char out[4200];

/* The scenarios, each with its chip's modern flow and its v6 designs. */
static const struct {
	const char *name, *chip, *trigger, *flow6, *designs;
} scs[] = {
	{ "soft-simple", "soft", "simple", "simple", V6_ALL },
	{ "ioapic-edge", "ioapic", "edge", "edge", V6_ALL " v6-nofix" },
	{ "gic-level", "gic", "level", "fasteoi", V6_ALL },
	{ "i8259-level", "i8259", "level", "level", V6_ALL },
	{ "gpio-edge", "gpio", "edge", "edge", V6_ALL },
};

#define NSC (sizeof(scs) / sizeof(scs[0]))

static const char *const v6_designs[] = { "v6-flow", "v6-threaded",
					  "v6-oneshot", "v6-forced",
					  "v6-nofix" };

static void write_config(const char *path)
{
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	fprintf(f, "[run]\ncost = realistic\nwait = spin\ndevice = any\n"
		   "duration_ms = 60\nblocks = 2\ndrain_ms = 20\n"
		   "rate = 5000\nseed = 1\n");
	for (size_t i = 0; i < NSC; i++)
		fprintf(f,
			"\n[scenario %s]\nchip = %s\ntrigger = %s\n"
			"designs = flow do_irq %s\n",
			scs[i].name, scs[i].chip, scs[i].trigger,
			scs[i].designs);
	assert_int_equal(fclose(f), 0);
}

/* The run, once, then its report. */
static int run_once(void **state)
{
	char cfg[4300], so[4300], se[4300];
	int rc;

	(void)state;
	TEST_PATHS(tmp, "gens", out, so, se);
	snprintf(cfg, sizeof(cfg), "%s/gens.ini", tmp);
	write_config(cfg);
	char *run[] = { (char *)irqlab, "run", cfg, "-q",
			"--no-report",	"-o",  out, NULL };
	rc = spawn_irqlab(run, so, se, 0, NULL);
	if (rc) {
		char *err = slurp(se);

		fail_msg("irqlab run exited %d: %s", rc, err ? err : "");
	}
	char *rep[] = { (char *)irqlab, "report", out, NULL };
	assert_int_equal(spawn_irqlab(rep, so, se, 0, NULL), 0);
	return 0;
}

static json_t *find(json_t *arr, const char *key, const char *val)
{
	size_t i;
	json_t *o;

	json_array_foreach(arr, i, o)
	{
		if (!strcmp(json_string_value(json_object_get(o, key)), val))
			return o;
	}
	return NULL;
}

static uint64_t u(json_t *o, const char *key)
{
	json_t *v = json_object_get(o, key);

	if (!json_is_integer(v))
		fail_msg("summary.json: \"%s\" is not an integer", key);
	return (uint64_t)json_integer_value(v);
}

/* A v6 design's row: its modern flow, balanced books, accesses by op. */
static void check_design(json_t *sc, const char *name, const char *flow6)
{
	json_t *d = find(json_object_get(sc, "designs"), "design", name);

	if (!d)
		fail_msg("summary.json: no design %s", name);
	assert_string_equal(json_string_value(json_object_get(d, "flow")),
			    strcmp(name, "v6-nofix") ? flow6 : "edge-nofix");
	assert_true(u(d, "fired") > 0);
	assert_int_equal(u(d, "fired"), u(d, "serviced") + u(d, "stranded"));
	assert_true(json_is_object(json_object_get(d, "chip_accesses_by_op")));
}

static void test_summary(void **state)
{
	char path[4300];
	json_error_t e;
	json_t *sum, *sc;

	(void)state;
	snprintf(path, sizeof(path), "%s/summary.json", out);
	sum = json_load_file(path, 0, &e);
	if (!sum)
		fail_msg("%s:%d: %s", path, e.line, e.text);
	for (size_t i = 0; i < NSC; i++) {
		sc = find(json_object_get(sum, "scenarios"), "name",
			  scs[i].name);
		assert_non_null(sc);
		for (size_t k = 0; k < 5; k++)
			if (strstr(scs[i].designs, v6_designs[k]))
				check_design(sc, v6_designs[k], scs[i].flow6);
	}
	json_decref(sum);
}

/* Every v6 design of every scenario has serviced records. */
static void test_samples(void **state)
{
	char path[4300], err[512];
	struct samples_file sf;
	struct sample s;
	size_t got[NSC][5];

	(void)state;
	memset(got, 0, sizeof(got));
	snprintf(path, sizeof(path), "%s/samples.bin", out);
	assert_int_equal(samples_open(&sf, path, err, sizeof(err)), 0);
	for (size_t i = 0; i < sf.nr; i++) {
		samples_get(&sf, i, &s);
		assert_true(s.scenario < NSC);
		for (size_t k = 0; k < 5; k++)
			if (s.design == samples_design_number(v6_designs[k]) &&
			    (s.flags & SAMPLE_SERVICED))
				got[s.scenario][k]++;
	}
	samples_close(&sf);
	for (size_t i = 0; i < NSC; i++)
		for (size_t k = 0; k < 5; k++)
			if (strstr(scs[i].designs, v6_designs[k]) && !got[i][k])
				fail_msg("samples.bin: no %s in %s",
					 v6_designs[k], scs[i].name);
}

/* The report's section: each scenario, and each v6 design's row in it. */
static void test_report(void **state)
{
	char path[4300], want[128];
	char *md, *sec, *end;

	(void)state;
	snprintf(path, sizeof(path), "%s/report.md", out);
	md = slurp(path);
	assert_non_null(md);
	sec = strstr(md, "\n## Two generations: 2.6.18 against the modern");
	assert_non_null(sec);
	end = strstr(sec + 1, "\n## ");
	if (end)
		*end = '\0';
	for (size_t i = 0; i < NSC; i++) {
		char *at;

		snprintf(want, sizeof(want), "Scenario %s (chip %s, %s)",
			 scs[i].name, scs[i].chip, scs[i].trigger);
		at = strstr(sec, want);
		if (!at)
			fail_msg("report.md: no \"%s\"", want);
		for (size_t k = 0; k < 5; k++) {
			char *next = strstr(at + 1, "Scenario ");

			if (!strstr(scs[i].designs, v6_designs[k]))
				continue;
			snprintf(want, sizeof(want), "| %s |", v6_designs[k]);
			if (next)
				*next = '\0';
			if (!strstr(at, want))
				fail_msg("report.md: %s has no row %s",
					 scs[i].name, v6_designs[k]);
			if (next)
				*next = 'S';
		}
	}
	free(md);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_summary),
		cmocka_unit_test(test_samples),
		cmocka_unit_test(test_report),
	};
	char cmd[64];
	int ret;

	if (argc < 3) {
		fprintf(stderr, "usage: %s IRQLAB SRCDIR\n", argv[0]);
		return 2;
	}
	irqlab = argv[1];
	if (!mkdtemp(tmp))
		return 1;
	ret = cmocka_run_group_tests(tests, run_once, NULL);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", tmp);
	if (!ret && system(cmd))
		ret = 1;
	return ret;
}
