// SPDX-License-Identifier: GPL-2.0
/*
 * The registries (core/flows.c, analysis/include/analysis/designs.def
 * with analysis/formats/designs.c and bench/designs/designs.c): every row
 * complete, both halves of the design registry covering each other, each
 * design on a driver form the driver has, the samples.bin codes of the
 * shipped designs as they always were; then irqlab-toy, irqlab with a
 * toy chip, a toy flow and a toy design added as one file and one row
 * each (tests/bench/CMakeLists.txt), runs the toy design on the soft chip
 * and, in one block, on the toy chip with the toy flow. The toy design
 * must be in samples.bin under its code, the toy chip's block there with
 * the toy chip's claim read in every interrupt; both in summary.json and
 * in the report with the toy flow, and in irqlab list; the shipped
 * irqlab must know none of them.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <libgen.h>
#include <limits.h>
#include <jansson.h>
#include <genirq/flows.h>
#include <string.h>
#include <unistd.h>
#include "analysis/designs.h"
#include "analysis/samples.h"
#include "designs/designs.h"
#include "e2e.h"

#define TOY_CODE 200 /* toy_design.row */
#define TOY_CLAIM_NS 250 /* the toy chip's claim_read_ns in the run */

static const char *irqlab;
static char toy[PATH_MAX];
static char tmp[] = "/tmp/irqlab-registry-XXXXXX";

/* The shipped designs' samples.bin codes: run folders read by them. */
static void test_design_codes_stable(void **state)
{
	static const char *const names[] = { "flow", "do_irq", "edge-masking",
					     "threaded", "threaded-oneshot" };

	(void)state;
	for (unsigned int c = 0; c < 5; c++) {
		assert_non_null(ana_design_by_code(c));
		assert_string_equal(ana_design_by_code(c)->name, names[c]);
		assert_string_equal(samples_design_name(c), names[c]);
	}
	assert_int_equal(BENCH_DESIGN_THREADED_ONESHOT, 4);
	assert_null(ana_design_by_code(TOY_CODE)); /* not shipped */
}

/* Every design row complete, in both halves, in the same order. */
static void test_design_rows_complete(void **state)
{
	(void)state;
	assert_int_equal(bench_nr_designs, ana_nr_designs);
	for (unsigned int i = 0; i < bench_nr_designs; i++) {
		const struct bench_design_row *b = &bench_designs[i];
		const struct ana_design *a = &ana_designs[i];

		assert_int_equal(b->code, a->code);
		assert_string_equal(b->name, a->name);
		assert_ptr_equal(bench_design_get(b->code), b);
		assert_int_equal(bench_design_parse(b->name), (int)b->code);
		assert_true(a->code < 256); /* samples.bin's byte */
		assert_int_equal(strlen(a->colour), 7);
		assert_non_null(b->ops->what);
		assert_non_null(b->ops->install);
		/* A driver form bench_line_request() has: driver.c stays. */
		assert_true(b->ops->driver == BENCH_DESIGN_FLOW ||
			    b->ops->driver == BENCH_DESIGN_THREADED ||
			    b->ops->driver == BENCH_DESIGN_THREADED_ONESHOT);
		for (unsigned int k = 0; k < i; k++) {
			assert_int_not_equal(ana_designs[k].code, a->code);
			assert_string_not_equal(ana_designs[k].name, a->name);
		}
	}
	assert_true(ana_nr_designs <= ANA_DESIGNS_MAX);
}

/* Every flow row complete; irq_flow_name() and the lookup read it. */
static void test_flow_rows_complete(void **state)
{
	(void)state;
	for (unsigned int i = 0; i < irq_nr_flow_types; i++) {
		const struct irq_flow_type *t = &irq_flow_types[i];

		assert_non_null(t->handle);
		assert_non_null(t->func);
		assert_non_null(t->name);
		assert_ptr_equal(irq_flow_type_of(t->handle), t);
		if (t->traced)
			assert_ptr_equal(irq_flow_type_of(t->traced), t);
		assert_string_equal(irq_flow_name(t->handle), t->name);
	}
	assert_string_equal(irq_flow_name(NULL), "do_IRQ");
}

/* @bin ARGS...: its exit status; its stdout and stderr into *@out, *@err. */
static int run(const char *bin, const char *name, char **out, char **err,
	       const char *a1, const char *a2, const char *a3, const char *a4)
{
	char so[PATH_MAX + 16], se[PATH_MAX + 16];
	char *argv[] = { (char *)bin, (char *)a1, (char *)a2,
			 (char *)a3,  (char *)a4, NULL };
	int rc;

	snprintf(so, sizeof(so), "%s/%s.out", tmp, name);
	snprintf(se, sizeof(se), "%s/%s.err", tmp, name);
	rc = spawn_irqlab(argv, so, se, 0, NULL);
	*out = slurp(so);
	*err = slurp(se);
	assert_non_null(*out);
	assert_non_null(*err);
	return rc;
}

/*
 * Scenario @sc of @dir's summary.json is on chip @chip, and its toy
 * design's object has flow "toy" and fired events.
 */
static void check_summary(const char *dir, size_t sc, const char *chip)
{
	char path[PATH_MAX + 32];
	json_error_t je;
	json_t *j, *s, *d;
	size_t k;
	bool seen = false;

	snprintf(path, sizeof(path), "%s/summary.json", dir);
	j = json_load_file(path, 0, &je);
	assert_non_null(j);
	s = json_array_get(json_object_get(j, "scenarios"), sc);
	assert_string_equal(json_string_value(json_object_get(s, "chip")),
			    chip);
	json_array_foreach(json_object_get(s, "designs"), k, d)
	{
		if (strcmp(json_string_value(json_object_get(d, "design")),
			   "toy"))
			continue;
		seen = true;
		assert_string_equal(
			json_string_value(json_object_get(d, "flow")), "toy");
		assert_true(json_integer_value(json_object_get(d, "fired")) >
			    0);
	}
	json_decref(j);
	assert_true(seen);
}

/*
 * samples.bin of @dir has records of the toy design, under its code, in
 * both scenarios. Those of scenario 1, the toy chip's block, carry its
 * claim read in every serviced interrupt: register accesses whose costed
 * time is a whole number of TOY_CLAIM_NS, which no access of the soft
 * chip (scenario 0, no cost) has.
 */
static void check_samples(const char *dir)
{
	char path[PATH_MAX + 32], err[512];
	struct samples_file sf;
	struct sample s;
	size_t toys[2] = { 0, 0 }, claimed = 0;

	snprintf(path, sizeof(path), "%s/samples.bin", dir);
	assert_int_equal(samples_open(&sf, path, err, sizeof(err)), 0);
	for (size_t i = 0; i < sf.nr; i++) {
		samples_get(&sf, i, &s);
		assert_true(s.scenario < 2);
		if (s.design != TOY_CODE)
			continue;
		toys[s.scenario]++;
		if (!(s.flags & SAMPLE_SERVICED))
			continue;
		if (s.scenario == 0) {
			assert_int_equal(s.access_ns, 0);
			continue;
		}
		assert_true(s.chip_accesses > 0);
		assert_true(s.access_ns >= TOY_CLAIM_NS);
		assert_int_equal(s.access_ns % TOY_CLAIM_NS, 0);
		claimed++;
	}
	samples_close(&sf);
	assert_true(toys[0] > 0);
	assert_true(toys[1] > 0);
	assert_true(claimed > 0);
}

/* @out, irqlab list's, has @line. */
static void assert_listed(const char *out, const char *line)
{
	if (!strstr(out, line))
		fail_msg("irqlab-toy list has no \"%s\":\n%s", line, out);
}

static void test_toy_runs(void **state)
{
	char cfg[PATH_MAX + 16], dir[PATH_MAX + 16], path[PATH_MAX + 32];
	char *out, *err, *report;

	(void)state;
	test_config(cfg, sizeof(cfg), tmp, "toy",
		    "[scenario s1]\n"
		    "chip = soft\n"
		    "trigger = simple\n"
		    "designs = toy flow\n"
		    "rate = 2000\n"
		    "duration_ms = 100\n"
		    "blocks = 2\n"
		    "\n"
		    "[scenario s2]\n"
		    "chip = toy\n"
		    "trigger = simple\n"
		    "designs = toy\n"
		    "rate = 2000\n"
		    "duration_ms = 100\n"
		    "blocks = 1\n"
		    "cost.toy.claim_read_ns = 250\n");
	snprintf(dir, sizeof(dir), "%s/run", tmp);
	if (run(toy, "run", &out, &err, "run", cfg, "-o", dir))
		fail_msg("irqlab-toy run: %s", err);
	free(out);
	free(err);
	check_summary(dir, 0, "soft");
	check_summary(dir, 1, "toy");
	check_samples(dir);
	snprintf(path, sizeof(path), "%s/report.md", dir);
	report = slurp(path);
	assert_non_null(report);
	/* scenario, chip, trigger, design, flow */
	assert_non_null(strstr(report, "| s1 | soft | simple | toy | toy |"));
	assert_non_null(strstr(report, "| s2 | toy | simple | toy | toy |"));
	free(report);

	assert_int_equal(run(toy, "list", &out, &err, "list", NULL, NULL, NULL),
			 0);
	assert_listed(out, "\n  toy     a test's toy: 8 sources");
	assert_listed(out, "\n  toy              a test's toy: the toy flow");
	free(out);
	free(err);

	/* The shipped irqlab has none of them. */
	assert_int_not_equal(
		run(irqlab, "shipped", &out, &err, "run", cfg, "-o", dir), 0);
	assert_non_null(strstr(err, "unknown design \"toy\""));
	free(out);
	free(err);
	test_config(cfg, sizeof(cfg), tmp, "chip",
		    "[scenario s1]\n"
		    "chip = toy\n"
		    "trigger = simple\n"
		    "designs = flow\n");
	assert_int_not_equal(
		run(irqlab, "shipped", &out, &err, "run", cfg, "-o", dir), 0);
	assert_non_null(strstr(err, "unknown chip \"toy\""));
	free(out);
	free(err);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_design_codes_stable),
		cmocka_unit_test(test_design_rows_complete),
		cmocka_unit_test(test_flow_rows_complete),
		cmocka_unit_test(test_toy_runs),
	};
	char bin[PATH_MAX], cmd[64];
	int ret;

	if (argc < 2) {
		fprintf(stderr, "usage: %s IRQLAB SRCDIR\n", argv[0]);
		return 2;
	}
	irqlab = argv[1];
	snprintf(bin, sizeof(bin), "%s", irqlab);
	snprintf(toy, sizeof(toy), "%s/irqlab-toy", dirname(bin));
	if (access(toy, X_OK)) {
		fprintf(stderr, "%s: not built (IRQLAB_ANALYSIS=OFF)\n", toy);
		return 77;
	}
	if (!mkdtemp(tmp))
		return 1;
	ret = cmocka_run_group_tests(tests, NULL, NULL);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", tmp);
	if (!ret && system(cmd))
		ret = 1;
	return ret;
}
