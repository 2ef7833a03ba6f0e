// SPDX-License-Identifier: GPL-2.0
/*
 * Fault injection end to end (key fault, docs/configs.md). Each fault
 * either lets the run go on, with the books balanced and the folder
 * checked by `irqlab soak --check`, or stops it with one sentence that
 * names the file, the line and the fault, leaving a folder marked
 * INCOMPLETE whose summary.json still balances its books:
 *
 *   retrigger        goes on: genirq resends in software instead
 *   stall:US/N       goes on: every Nth handler run takes US, and the
 *                    latency shows it
 *   set_type         stops: the chip refused the line's trigger
 *   device_dies:MS   stops: the device thread ended mid-block
 *   pin              stops before the first block: a CPU thread could
 *                    not be bound
 *   (storm)          goes on: a screaming level line is disabled by
 *                    spurious detection, the real device sharing it is
 *                    stranded from then on, and the report says so
 *
 * note_interrupt() disables a line when fewer than 100 of 100,000
 * interrupts were handled, so the storm case keeps the real device at 5
 * events a second: its line can be disabled whenever the screaming line
 * delivers more than 5,000 a second (millions here, hundreds of
 * thousands under the thread sanitizer on a loaded machine). How long
 * the 100,000 take is the machine's speed; see test_storm_disables_the_line.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/stat.h>
#include <cmocka.h>
#include <jansson.h>
#include "e2e.h"

static const char *irqlab;
static char tmp[] = "/tmp/irqlab-faults-XXXXXX";

#define RUN "[run]\nduration_ms = 400\nblocks = 2\ndrain_ms = 20\nrate = 5000\n"

/* Run @text as @name; its exit status, stderr in @err, folder in @out. */
static int run(const char *name, const char *text, char *out, size_t outlen,
	       char **err)
{
	char cfg[4300], so[4300], se[4300];
	char *argv[] = { (char *)irqlab, "run", cfg, "-q",
			 "--no-report",	 "-o",	out, NULL };
	int rc;

	test_config(cfg, sizeof(cfg), tmp, name, text);
	snprintf(out, outlen, "%s/%s", tmp, name);
	snprintf(so, sizeof(so), "%s/%s.out", tmp, name);
	snprintf(se, sizeof(se), "%s/%s.err", tmp, name);
	rc = spawn_irqlab(argv, so, se, 0, NULL);
	*err = slurp(se);
	assert_non_null(*err);
	return rc;
}

static bool exists(const char *dir, const char *name)
{
	char p[8800];
	struct stat st;

	snprintf(p, sizeof(p), "%s/%s", dir, name);
	return !stat(p, &st);
}

/* Every design in summary.json: fired = serviced + stranded. */
static json_t *balanced(const char *out)
{
	char path[4400];
	json_t *j, *sc, *d;
	size_t i, k;

	snprintf(path, sizeof(path), "%s/summary.json", out);
	j = json_load_file(path, 0, NULL);
	assert_non_null(j);
	json_array_foreach(json_object_get(j, "scenarios"), i, sc)
		json_array_foreach(json_object_get(sc, "designs"), k, d)
	{
		assert_int_equal(
			json_integer_value(json_object_get(d, "fired")),
			json_integer_value(json_object_get(d, "serviced")) +
				json_integer_value(
					json_object_get(d, "stranded")));
	}
	return j;
}

/* A run that went on: complete, and its folder holds up to the soak check. */
static json_t *went_on(const char *name, const char *text)
{
	char out[4400], so[4500], se[4500];
	char *err;
	int rc = run(name, text, out, sizeof(out), &err);
	char *argv[] = { (char *)irqlab, "soak", "--check", out, NULL };
	json_t *j;

	if (rc)
		fail_msg("%s: irqlab run exited %d: %s", name, rc, err);
	free(err);
	snprintf(so, sizeof(so), "%s/%s.check", tmp, name);
	snprintf(se, sizeof(se), "%s/%s.checkerr", tmp, name);
	if (spawn_irqlab(argv, so, se, 0, NULL)) {
		char *o = slurp(so);

		fail_msg("%s: soak --check: %s", name, o ? o : "");
	}
	j = balanced(out);
	assert_true(json_is_true(json_object_get(j, "complete")));
	return j;
}

/*
 * A run that stopped: exit 1, the first line of stderr the reason (with
 * @needle and "FILE:LINE:"), the folder INCOMPLETE, its books balanced.
 */
static void stopped(const char *name, const char *text, unsigned int line,
		    const char *needle)
{
	char out[4400], where[4500];
	char *err, *nl;
	json_t *j;
	int rc = run(name, text, out, sizeof(out), &err);

	if (rc != 1)
		fail_msg("%s: exit %d, not 1: %s", name, rc, err);
	nl = strchr(err, '\n');
	assert_non_null(nl);
	*nl = '\0';
	snprintf(where, sizeof(where), "%s/%s.ini:%u:", tmp, name, line);
	if (!strstr(err, where) || !strstr(err, needle))
		fail_msg("%s: the first line is not \"%s ... %s\": %s", name,
			 where, needle, err);
	free(err);
	assert_true(exists(out, "INCOMPLETE"));
	j = balanced(out);
	assert_false(json_is_true(json_object_get(j, "complete")));
	json_decref(j);
}

static void test_retrigger_fails(void **state)
{
	(void)state;
	json_decref(went_on("retrigger", RUN
			    "[scenario r]\nchip = ioapic\ntrigger = edge\n"
			    "pattern = burst\nburst = 4\nburst_gap_ns = 200\n"
			    "fault = retrigger\n"));
}

static void test_handler_stalls(void **state)
{
	json_t *j, *d;

	(void)state;
	j = went_on("stall", RUN "[scenario s]\nchip = soft\ntrigger = simple\n"
				 "designs = flow\nfault = stall:3000/50\n");
	d = json_array_get(
		json_object_get(json_array_get(json_object_get(j, "scenarios"),
					       0),
				"designs"),
		0);
	/* A 3 ms stall every 50 runs: the slowest entry waited for one. */
	assert_true(json_integer_value(json_object_get(
			    json_object_get(json_object_get(d, "latency_ns"),
					    "entry"),
			    "max")) > 2000000);
	json_decref(j);
}

static void test_set_type_fails(void **state)
{
	(void)state;
	stopped("set-type",
		RUN "[scenario t]\nchip = ioapic\ntrigger = level\n"
		    "fault = set_type\n",
		9, "set_type");
}

static void test_device_dies(void **state)
{
	(void)state;
	stopped("dies",
		RUN "[scenario d]\nchip = i8259\ntrigger = edge\n"
		    "fault = device_dies:50\n",
		9, "device thread");
}

/*
 * A scenario that fails in its second round, after a later scenario ran
 * its first: summary.json names it under "failed" and keeps the other
 * with its own index (samples.bin's number for it), and the report reads
 * the folder, leaves the failed scenario's records out and says why.
 */
static void test_failed_scenario_named(void **state)
{
	char out[4400], so[4500], se[4500], path[4500];
	char *argv[] = { (char *)irqlab, "report", out, NULL };
	json_t *j, *f, *b;
	char *md;

	(void)state;
	stopped("failed",
		RUN "[scenario a]\nchip = i8259\ntrigger = edge\n"
		    "fault = device_dies:50@1\n"
		    "[scenario b]\nchip = soft\ntrigger = simple\n"
		    "designs = flow\n",
		9, "block 1: the device thread died");
	snprintf(out, sizeof(out), "%s/failed", tmp);
	j = balanced(out);
	f = json_object_get(j, "failed");
	assert_string_equal(json_string_value(json_object_get(f, "scenario")),
			    "a");
	assert_int_equal(json_integer_value(json_object_get(f, "index")), 0);
	assert_non_null(strstr(json_string_value(json_object_get(f, "why")),
			       "the device thread died"));
	assert_int_equal(json_array_size(json_object_get(j, "scenarios")), 1);
	b = json_array_get(json_object_get(j, "scenarios"), 0);
	assert_string_equal(json_string_value(json_object_get(b, "name")), "b");
	assert_int_equal(json_integer_value(json_object_get(b, "index")), 1);
	json_decref(j);

	snprintf(so, sizeof(so), "%s.rep", out);
	snprintf(se, sizeof(se), "%s.reperr", out);
	if (spawn_irqlab(argv, so, se, 0, NULL)) {
		char *e = slurp(se);

		fail_msg("irqlab report of the failed run: %s", e ? e : "");
	}
	snprintf(path, sizeof(path), "%s/report.md", out);
	md = slurp(path);
	assert_non_null(md);
	if (!strstr(md, "Scenario a failed, which stopped the run: ") ||
	    strstr(md, "with the 0 records"))
		fail_msg(
			"report.md does not say what of scenario a it left out");
	free(md);
}

static void test_cpu_cannot_be_pinned(void **state)
{
	(void)state;
	stopped("pin",
		RUN "[scenario p]\nchip = gic\ntrigger = level\nwait = block\n"
		    "fault = pin\n",
		10, "cannot bind simulated CPU 0");
}

/*
 * A screaming level line (a storming device, cost zero): note_interrupt()
 * disables it once 99,900 of 100,000 interrupts went unhandled, the
 * events after that are stranded, and the report says "(line disabled)".
 * 100,000 interrupts is a count, and how long the line takes to scream
 * them is the machine's speed (a fraction of a microsecond a pass, many
 * times that in a sanitised build on a loaded machine). So the stimulus
 * is sized by that count: 3 s first, and where a design's line was not
 * disabled in it, again for twice the time its spurious runs per second
 * say 100,000 take, plus 1 s (or twice as long, where the line was
 * disabled so late that no event came after it to strand). A line that screams at less than
 * STORM_MIN_PER_S cannot show the disable (the real device's 5 events a
 * second would be near 100 of every 100,000 interrupts, which is a line
 * that works): skipped, with books and the spurious count checked.
 */
#define STORM_UNHANDLED 99900
#define STORM_MIN_PER_S 10000

/* One storm run of @ms as @name; the longest @ms it says the disable needs. */
static json_t *storm(const char *name, unsigned int ms, char *out, size_t len,
		     bool *all_disabled, double *need_ms, double *min_per_s)
{
	char text[400];
	json_t *j, *d;
	size_t i;

	snprintf(text, sizeof(text),
		 "[run]\nduration_ms = %u\nblocks = 1\ndrain_ms = 20\n"
		 "rate = 5\ncost = zero\n"
		 "[scenario screaming]\nchip = ioapic\ntrigger = level\n"
		 "designs = flow do_irq\ndevices = 1\nstorm_rate = 10\n",
		 ms);
	j = went_on(name, text);
	snprintf(out, len, "%s/%s", tmp, name);
	*all_disabled = true;
	*need_ms = 0;
	*min_per_s = 1e18;
	json_array_foreach(
		json_object_get(json_array_get(json_object_get(j, "scenarios"),
					       0),
				"designs"),
		i, d)
	{
		json_int_t spurious =
			json_integer_value(json_object_get(d, "spurious"));
		json_int_t stranded =
			json_integer_value(json_object_get(d, "stranded"));
		bool disabled =
			json_is_true(json_object_get(d, "irq_disabled"));
		double per_s = (double)spurious * 1000.0 / ms;

		print_message("%s %s: %u ms, spurious %lld, stranded %lld%s\n",
			      name,
			      json_string_value(json_object_get(d, "design")),
			      ms, (long long)spurious, (long long)stranded,
			      disabled ? ", line disabled" : "");
		if (disabled) {
			assert_true(spurious >= STORM_UNHANDLED);
			if (stranded > 0)
				continue;
			/* So late that no event came after it: longer. */
			*all_disabled = false;
			if (2.0 * ms > *need_ms)
				*need_ms = 2.0 * ms;
			continue;
		}
		/* Not yet: the line screamed too slowly to get there. */
		assert_true(spurious < 100000);
		*all_disabled = false;
		if (per_s < *min_per_s)
			*min_per_s = per_s;
		if (per_s > 0 && 2.0 * 100000 * 1000 / per_s > *need_ms)
			*need_ms = 2.0 * 100000 * 1000 / per_s;
	}
	return j;
}

static void test_storm_disables_the_line(void **state)
{
	char out[4400], so[4500], se[4500], path[4500];
	char *argv[] = { (char *)irqlab, "report", out, "--quiet", NULL };
	bool disabled;
	double need, per_s;
	json_t *j;
	char *md;

	(void)state;
	j = storm("storm", 3000, out, sizeof(out), &disabled, &need, &per_s);
	if (!disabled) {
		json_decref(j);
		if (per_s < STORM_MIN_PER_S) {
			print_message(
				"skipped: the line screamed %.0f times a second, fewer than %d\n",
				per_s, STORM_MIN_PER_S);
			skip();
		}
		j = storm("storm-long", (unsigned int)need + 1000, out,
			  sizeof(out), &disabled, &need, &per_s);
		assert_true(disabled);
	}
	json_decref(j);
	snprintf(so, sizeof(so), "%s.rep", out);
	snprintf(se, sizeof(se), "%s.reperr", out);
	assert_int_equal(spawn_irqlab(argv, so, se, 0, NULL), 0);
	snprintf(path, sizeof(path), "%s/report.md", out);
	md = slurp(path);
	assert_non_null(md);
	assert_non_null(strstr(md, "(line disabled)"));
	free(md);
}

static const struct CMUnitTest tests[] = {
	cmocka_unit_test(test_retrigger_fails),
	cmocka_unit_test(test_handler_stalls),
	cmocka_unit_test(test_set_type_fails),
	cmocka_unit_test(test_device_dies),
	cmocka_unit_test(test_failed_scenario_named),
	cmocka_unit_test(test_cpu_cannot_be_pinned),
	cmocka_unit_test(test_storm_disables_the_line),
};

E2E_MAIN(tmp, irqlab, tests)
