// SPDX-License-Identifier: GPL-2.0
/*
 * `irqlab ab` end to end on a tiny config (one soft scenario, 20 ms a
 * design): six pairs, each run a folder of its own, in the seeded order
 * ab.json records, judged at the one look six pairs allow (too few for
 * an interval in a family of six cells: inconclusive, exit 3, every cell
 * at six units); the same seed gives the same order; a SIGTERM in the
 * middle leaves the folder INCOMPLETE with ab.json saying so, exit 130;
 * bad input is one sentence and exit 4, before any run or from a run
 * that refused its config. Properties, not speed.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <jansson.h>
#include <string.h>
#include <sys/stat.h>
#include <signal.h>
#include "e2e.h"

static const char *irqlab;
static char tmp[] = "/tmp/irqlab-ab-XXXXXX";

static const char tiny[] = "[run]\n"
			   "duration_ms = 20\n"
			   "blocks = 2\n"
			   "drain_ms = 5\n"
			   "rate = 5000\n"
			   "[scenario tiny]\n"
			   "chip = soft\n"
			   "trigger = simple\n"
			   "designs = flow do_irq\n";

static json_t *ab_json(const char *out)
{
	char path[4400];
	json_t *j;

	snprintf(path, sizeof(path), "%s/ab.json", out);
	j = json_load_file(path, 0, NULL);
	assert_non_null(j);
	return j;
}

static const char *str(json_t *j, const char *key)
{
	const char *s = json_string_value(json_object_get(j, key));

	assert_non_null(s);
	return s;
}

static void exists(const char *dir, const char *name, bool yes)
{
	char path[4400];
	struct stat st;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	if ((stat(path, &st) == 0) != yes)
		fail_msg("%s: %s", path, yes ? "missing" : "should not be");
}

static void test_six_pairs(void **state)
{
	char cfg[4200], out[4200], so[4300], se[4300], name[64];
	/*
	 * Six pairs at alpha 1e-4 can show nothing either way, so the
	 * outcome is inconclusive whatever the host did.
	 */
	char *argv[] = { (char *)irqlab,
			 "ab",
			 "--a",
			 cfg,
			 "--max-pairs",
			 "6",
			 "--seed",
			 "5",
			 "--alpha",
			 "0.0001",
			 "-o",
			 out,
			 NULL };
	json_t *j, *c;
	const char *order;
	size_t i;
	int rc;

	(void)state;
	test_config(cfg, sizeof(cfg), tmp, "tiny", tiny);
	TEST_PATHS(tmp, "six", out, so, se);
	rc = spawn_irqlab(argv, so, se, 0, NULL);
	if (rc != 3) {
		char *e = slurp(se);

		fail_msg("irqlab ab exited %d, not 3: %s", rc, e ? e : "");
	}
	j = ab_json(out);
	assert_string_equal(str(j, "outcome"), "inconclusive");
	assert_int_equal(json_integer_value(json_object_get(j, "exit")), 3);
	assert_true(json_is_true(json_object_get(j, "complete")));
	assert_int_equal(json_integer_value(json_object_get(j, "pairs")), 6);
	order = str(j, "order");
	assert_int_equal(strlen(order), 6);
	assert_int_equal(strspn(order, "AB"), 6);
	/* 2 designs at p50 (the default metric) and the global cell */
	assert_int_equal(json_array_size(json_object_get(j, "cells")), 3);
	json_array_foreach(json_object_get(j, "cells"), i, c)
	{
		/* Pairs with a non-zero finite log ratio: equal quantiles
		 * (whole ns) leave a pair out, as Wilcoxon does. */
		assert_in_range(json_integer_value(json_object_get(c, "n")), 0,
				6);
		assert_string_equal(str(c, "verdict"), "undecided");
		/* At alpha 1e-4, 6 pairs give no interval (2^-6 > 1e-4 / 3). */
		assert_true(json_is_null(json_object_get(c, "detect")));
	}
	assert_true(
		json_is_number(json_object_get(
			json_object_get(json_object_get(j, "host_noise"), "a"),
			"share")) ||
		json_is_null(json_object_get(
			json_object_get(json_object_get(j, "host_noise"), "a"),
			"share")));
	for (int k = 1; k <= 6; k++)
		for (int s = 0; s < 2; s++) {
			snprintf(name, sizeof(name),
				 "pair-%03d-%c/summary.json", k, "ab"[s]);
			exists(out, name, true);
			snprintf(name, sizeof(name), "pair-%03d-%c/samples.bin",
				 k, "ab"[s]);
			exists(out, name, false); /* removed once judged */
		}
	exists(out, "pair-007-a", false);
	exists(out, "INCOMPLETE", false);
	exists(out, "ab.md", true);
	{
		char *o = slurp(so);

		assert_non_null(o);
		assert_non_null(strstr(o, "ab: inconclusive: "));
		free(o);
	}

	/* The same seed, the same order. */
	{
		char out2[4200], so2[4300], se2[4300];
		char *argv2[] = { (char *)irqlab, "ab",	    "--a",    cfg,
				  "--max-pairs",  "6",	    "--seed", "5",
				  "--alpha",	  "0.0001", "-q",     "-o",
				  out2,		  NULL };
		json_t *j2;

		TEST_PATHS(tmp, "six-again", out2, so2, se2);
		assert_int_equal(spawn_irqlab(argv2, so2, se2, 0, NULL), 3);
		j2 = ab_json(out2);
		assert_string_equal(str(j2, "order"), order);
		json_decref(j2);
	}
	json_decref(j);
}

static void test_signal_leaves_incomplete(void **state)
{
	char cfg[4200], out[4200], so[4300], se[4300];
	char *argv[] = { (char *)irqlab, "ab", "--a", cfg, "--max-pairs",
			 "50",		 "-o", out,   NULL };
	json_t *j;
	int rc;

	(void)state;
	test_config(cfg, sizeof(cfg), tmp, "tiny-sig", tiny);
	TEST_PATHS(tmp, "sig", out, so, se);
	rc = spawn_irqlab(argv, so, se, SIGTERM, "pair 1 (");
	assert_int_equal(rc, 130);
	exists(out, "INCOMPLETE", true);
	j = ab_json(out);
	assert_false(json_is_true(json_object_get(j, "complete")));
	assert_true(json_is_true(json_object_get(j, "interrupted")));
	assert_int_equal(json_integer_value(json_object_get(j, "exit")), 130);
	json_decref(j);
}

/* Exit 4 and one line on stderr that names @what. */
static void refused(char *const argv[], const char *name, const char *what)
{
	char out[4200], so[4300], se[4300], *e;
	int rc;

	TEST_PATHS(tmp, name, out, so, se);
	rc = spawn_irqlab(argv, so, se, 0, NULL);
	e = slurp(se);
	assert_non_null(e);
	if (rc != 4 || !strstr(e, what))
		fail_msg("exit %d, stderr: %s (wanted 4 and \"%s\")", rc, e,
			 what);
	assert_int_equal(strchr(e, '\n') - e + 1, (long)strlen(e));
	free(e);
}

static void test_bad_input(void **state)
{
	char cfg[4200], bad[4200], out[4200], dir[4200];
	char *metric[] = { (char *)irqlab, "ab", "--metric", "p42", NULL };
	char *thr[] = { (char *)irqlab, "ab", "--threshold", "-5", NULL };
	char *missing[] = { (char *)irqlab, "ab", "--a", "/nonexistent.ini",
			    NULL };
	char *exists_[] = { (char *)irqlab, "ab", "-o", dir, NULL };
	char *refuse[] = { (char *)irqlab, "ab", "--a", cfg, "--b", bad,
			   "-q",	   "-o", out,	NULL };
	json_t *j;

	(void)state;
	snprintf(dir, sizeof(dir), "%s", tmp);
	test_config(cfg, sizeof(cfg), tmp, "tiny-bad", tiny);
	test_config(bad, sizeof(bad), tmp, "broken",
		    "[scenario x]\nchip = soft\nrate = fast\n");
	snprintf(out, sizeof(out), "%s/refused", tmp);
	refused(metric, "metric", "--metric p42");
	refused(thr, "thr", "--threshold -5");
	refused(missing, "missing", "/nonexistent.ini");
	refused(exists_, "exists", "already exists");
	/* Side B's config is refused by its run: the run's sentence, 4. */
	refused(refuse, "refuse", "broken.ini:3");
	j = ab_json(out);
	assert_int_equal(json_integer_value(json_object_get(j, "exit")), 4);
	assert_non_null(strstr(str(j, "failed"), "broken.ini:3"));
	json_decref(j);
	exists(out, "INCOMPLETE", true);
}

static const struct CMUnitTest tests[] = {
	cmocka_unit_test(test_six_pairs),
	cmocka_unit_test(test_signal_leaves_incomplete),
	cmocka_unit_test(test_bad_input),
};

E2E_MAIN(tmp, irqlab, tests)
