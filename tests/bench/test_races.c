// SPDX-License-Identifier: GPL-2.0
/*
 * End to end: configs/races.ini (as shipped: seconds), the affinity races on 2.6.18
 * (flow), the modern family (v6-flow) and the modern family without its
 * fixes (v6-nofix), through `irqlab run` and `irqlab report`.
 *
 * What each does, from the code, and so what the books must say:
 *
 * - edge-migration (IO-APIC edge): 2.6.18's handle_edge_irq() and
 *   handle_edge_irq_nofix() take an edge that comes on the new CPU while
 *   the old one runs the handler by masking and acking it there (the
 *   IO-APIC entry's mask: register accesses under mask) and leaving it
 *   pending for the old CPU; neither ever waits. The fixed
 *   handle_edge_irq() waits on the new CPU (genirq6's migration waits).
 * - fasteoi-resend (GIC edge, message-signalled): only v6-flow's line has
 *   IRQD_RESEND_WHEN_IN_PROGRESS, and only it resends (a GICD_ISPENDR
 *   write under retrigger); 2.6.18's handle_fasteoi_irq() and v6-nofix's
 *   EOI the interrupt on the new CPU and never resend.
 *
 * Every design's books balance (fired = serviced + stranded), the
 * handler moved the line, and the report has its "Affinity races"
 * section. No latency is compared with a figure: this machine is small
 * and busy; only what holds by construction, and counts.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>
#include <jansson.h>
#include "e2e.h"

static const char *irqlab, *srcdir;
static char tmp[] = "/tmp/irqlab-races-XXXXXX";
static char out[4200];
static json_t *sum;

static uint64_t u(json_t *o, const char *key)
{
	json_t *v = json_object_get(o, key);

	if (!json_is_integer(v))
		fail_msg("summary.json: \"%s\" is not an integer", key);
	return (uint64_t)json_integer_value(v);
}

/* The run, once: configs/races.ini. */
static json_t *summary(void)
{
	static bool tried;
	char cfg[4200], so[4300], se[4300], path[4300];
	json_error_t e;
	int rc;

	if (tried) {
		if (!sum)
			fail_msg("the run failed in an earlier test");
		return sum;
	}
	tried = true;
	snprintf(cfg, sizeof(cfg), "%s/configs/races.ini", srcdir);
	TEST_PATHS(tmp, "races", out, so, se);
	char *argv[] = { (char *)irqlab, "run", cfg, "-q",
			 "--no-report",	 "-o",	out, NULL };
	rc = spawn_irqlab(argv, so, se, 0, NULL);
	if (rc) {
		char *err = slurp(se);

		fail_msg("irqlab run exited %d: %s", rc, err ? err : "");
	}
	snprintf(path, sizeof(path), "%s/summary.json", out);
	sum = json_load_file(path, 0, &e);
	if (!sum)
		fail_msg("%s:%d: %s", path, e.line, e.text);
	return sum;
}

/* Design @name of scenario @sc. */
static json_t *design(const char *sc, const char *name)
{
	json_t *s, *d;
	size_t i, k;

	json_array_foreach(json_object_get(summary(), "scenarios"), i, s)
	{
		if (strcmp(json_string_value(json_object_get(s, "name")), sc))
			continue;
		json_array_foreach(json_object_get(s, "designs"), k, d)
		{
			if (!strcmp(json_string_value(
					    json_object_get(d, "design")),
				    name))
				return d;
		}
	}
	fail_msg("summary.json: scenario %s has no design %s", sc, name);
	return NULL;
}

/* Design @name's race books, checked to be @race's and to balance. */
static json_t *books(const char *sc, const char *name, const char *race)
{
	json_t *d = design(sc, name);
	json_t *r = json_object_get(d, "race");

	assert_non_null(r);
	assert_string_equal(json_string_value(json_object_get(r, "race")),
			    race);
	assert_int_equal(u(d, "fired"), u(d, "serviced") + u(d, "stranded"));
	assert_true(u(r, "moves") > 0);
	return r;
}

static void test_edge_migration(void **state)
{
	const char *sc = "ioapic-edge-migration", *race = "edge-migration";
	json_t *flow, *fix, *nofix;

	(void)state;
	flow = books(sc, "flow", race);
	fix = books(sc, "v6-flow", race);
	nofix = books(sc, "v6-nofix", race);
	/* 2.6.18 and the unfixed flow mask on the new CPU, and never wait */
	assert_true(u(flow, "mask_accesses") > 0);
	assert_true(u(nofix, "mask_accesses") > 0);
	assert_int_equal(u(flow, "waits"), 0);
	assert_int_equal(u(nofix, "waits"), 0);
	assert_int_equal(u(nofix, "wait_ns"), 0);
	/* the fix waits there for the old CPU's handler */
	assert_true(u(fix, "waits") > 0);
	assert_true(u(fix, "wait_ns") > 0);
	assert_string_equal(json_string_value(json_object_get(
				    design(sc, "v6-nofix"), "flow")),
			    "edge-nofix");
	assert_string_equal(json_string_value(json_object_get(
				    design(sc, "v6-flow"), "flow")),
			    "edge");
}

static void test_fasteoi_resend(void **state)
{
	const char *sc = "gic-fasteoi-resend", *race = "fasteoi-resend";
	json_t *flow, *fix, *nofix;

	(void)state;
	flow = books(sc, "flow", race);
	fix = books(sc, "v6-flow", race);
	nofix = books(sc, "v6-nofix", race);
	/* only the line with IRQD_RESEND_WHEN_IN_PROGRESS resends */
	assert_true(u(fix, "resend_accesses") > 0);
	assert_int_equal(u(flow, "resend_accesses"), 0);
	assert_int_equal(u(nofix, "resend_accesses"), 0);
	/* fasteoi never waits for the old CPU */
	assert_int_equal(u(fix, "waits"), 0);
}

/* The report's section, and the key written back in config.ini. */
static void test_report_and_config(void **state)
{
	char so[4300], se[4300], path[4300];
	char *md, *ini;

	(void)state;
	summary();
	snprintf(so, sizeof(so), "%s/report.out", tmp);
	snprintf(se, sizeof(se), "%s/report.err", tmp);
	char *argv[] = { (char *)irqlab, "report", out, NULL };
	assert_int_equal(spawn_irqlab(argv, so, se, 0, NULL), 0);
	snprintf(path, sizeof(path), "%s/report.md", out);
	md = slurp(path);
	assert_non_null(md);
	assert_non_null(strstr(md, "\n## Affinity races\n"));
	assert_non_null(
		strstr(md, "gic-fasteoi-resend (race fasteoi-resend):"));
	free(md);
	snprintf(path, sizeof(path), "%s/config.ini", out);
	ini = slurp(path);
	assert_non_null(ini);
	assert_non_null(strstr(ini, "\nrace = edge-migration\n"));
	assert_non_null(strstr(ini, "\nrace = fasteoi-resend\n"));
	free(ini);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_edge_migration),
		cmocka_unit_test(test_fasteoi_resend),
		cmocka_unit_test(test_report_and_config),
	};
	char cmd[64];
	int ret;

	if (argc < 3) {
		fprintf(stderr, "usage: %s IRQLAB SRCDIR\n", argv[0]);
		return 2;
	}
	irqlab = argv[1];
	srcdir = argv[2];
	if (!mkdtemp(tmp))
		return 1;
	ret = cmocka_run_group_tests(tests, NULL, NULL);
	json_decref(sum);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", tmp);
	if (!ret && system(cmd))
		ret = 1;
	return ret;
}
