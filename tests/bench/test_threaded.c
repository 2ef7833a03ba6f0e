// SPDX-License-Identifier: GPL-2.0
/*
 * End to end: the threaded designs and the driver's disable_irq()
 * sections, through `irqlab run` and `irqlab report`.
 *
 * One run compares flow, do_irq, threaded and threaded-oneshot on six
 * lines (IO-APIC and GIC level lines on the fasteoi flow, an i8259 edge
 * line on its level flow, an IO-APIC edge line, a soft simple line and a
 * GPIO level line): nothing is stranded, threaded or not; the threaded
 * designs say how their thread was scheduled, how often it ran and when
 * the hard handler ran; a oneshot line stays masked for its thread on
 * the flows that mask (level, fasteoi) and never on edge and simple, and
 * the mask and unmask show as chip accesses; each scenario says where
 * its threads were placed; the report has its "Threaded handlers" table.
 *
 * A second run takes the driver's critical sections on a GIC level line
 * with 2.6.18's disable and with the lazy one: lazy masks only when an
 * interrupt arrives in a section, so it makes fewer chip accesses per
 * interrupt; and the run's config.ini writes the new keys explicitly.
 *
 * No latency is compared with a figure (this machine is small and busy):
 * only relations that hold by construction, and counts.
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

static const char *irqlab;
static char tmp[] = "/tmp/irqlab-threaded-XXXXXX";

static const char *const designs[] = { "flow", "do_irq", "threaded",
				       "threaded-oneshot" };
#define NR_DESIGNS (sizeof(designs) / sizeof(designs[0]))

/*
 * The lines of the threaded run: scenario, the flow set_type gives it,
 * and whether that flow keeps a oneshot line masked for its thread.
 */
static const struct line {
	const char *name, *flow;
	bool masks;
} lines[] = {
	{ "ioapic-level", "fasteoi", true }, { "gic-level", "fasteoi", true },
	{ "i8259-edge", "level", true },     { "ioapic-edge", "edge", false },
	{ "soft-simple", "simple", false },  { "gpio-level", "level", true },
};
#define NR_LINES (sizeof(lines) / sizeof(lines[0]))

/*
 * Short blocks at a few thousand events a second, and a long drain: it
 * costs nothing when every event was serviced (the block ends then), and
 * on a loaded machine the simulated CPU can be off its PU for hundreds
 * of milliseconds (a block of design threaded stranded 239 of its 240
 * events with drain_ms = 300 while other test suites ran beside this
 * one: none but the first was taken in the 360 ms it had). 10 s: a
 * bound for a design that lost events, not a time any should take.
 */
static const char threaded_ini[] =
	"[run]\ncost = realistic\nwait = spin\nrate = 4000\n"
	"duration_ms = 120\nblocks = 2\ndrain_ms = 10000\n"
	"designs = flow do_irq threaded threaded-oneshot\n"
	"[scenario ioapic-level]\nchip = ioapic\ntrigger = level\n"
	"[scenario gic-level]\nchip = gic\ntrigger = level\n"
	"[scenario i8259-edge]\nchip = i8259\ntrigger = edge\n"
	"[scenario ioapic-edge]\nchip = ioapic\ntrigger = edge\n"
	"[scenario soft-simple]\nchip = soft\ntrigger = simple\n"
	"[scenario gpio-level]\nchip = gpio\ntrigger = level\n";

/*
 * configs/lazy.ini's sparse case: sections of 20 us 5000 times a second
 * (10% of the time disabled) and 2000 Poisson arrivals a second, so most
 * sections see no interrupt. The section keys are [run] defaults and
 * lazy_disable is left at its default in the eager scenario: config.ini
 * must still write all three in both. arch generic: on arm (the GIC's)
 * every line is 2.6.18's delayed disable, and eager is not there.
 *
 * wait = inline: the device thread is the CPU, so the sections it takes
 * and the interrupts it handles come from one thread, and a busy machine
 * that deschedules it thins out both alike. With a spinning CPU thread
 * beside it, the two scenarios' sections per interrupt differed by up
 * to 2.5x, either way, on a loaded 2-CPU machine (the CPU thread
 * coalescing events, the device thread skipping sections, each by its
 * own luck), more than lazy saves.
 */
#define LAZY_MS 400 /* lazy_ini's duration_ms */
static const char lazy_ini[] =
	"[run]\ncost = realistic\nwait = inline\nchip = gic\ntrigger = level\n"
	"arch = generic\n"
	"designs = flow\npattern = poisson\nrate = 2000\n"
	"disable_rate = 5000\ndisable_ns = 20000\n"
	"duration_ms = 400\nblocks = 2\ndrain_ms = 10000\n"
	"[scenario gic-eager]\n"
	"[scenario gic-lazy]\nlazy_disable = 1\n";

static uint64_t u(json_t *o, const char *key)
{
	json_t *v = json_object_get(o, key);

	if (!json_is_integer(v))
		fail_msg("summary.json: \"%s\" is not an integer", key);
	return (uint64_t)json_integer_value(v);
}

static double real(json_t *o, const char *key)
{
	json_t *v = json_object_get(o, key);

	if (!json_is_number(v))
		fail_msg("summary.json: \"%s\" is not a number", key);
	return json_number_value(v);
}

static const char *s(json_t *o, const char *key)
{
	const char *v = json_string_value(json_object_get(o, key));

	if (!v)
		fail_msg("summary.json: \"%s\" is not a string", key);
	return v;
}

/* latency_ns.@which.@stat of design @d. */
static uint64_t lat(json_t *d, const char *which, const char *stat)
{
	json_t *l = json_object_get(json_object_get(d, "latency_ns"), which);

	if (!json_is_object(l))
		fail_msg("%s %s: no latency_ns.%s", s(d, "name"),
			 s(d, "design"), which);
	return u(l, stat);
}

/* A run, once: its summary and folder; NULL if it failed before. */
struct run {
	const char *name, *text;
	bool tried;
	json_t *j;
	char out[4200];
};

static struct run threaded_run = { "threaded", threaded_ini, false, NULL, "" };
static struct run lazy_run = { "lazy", lazy_ini, false, NULL, "" };

static json_t *summary(struct run *r)
{
	char cfg[4200], so[4300], se[4300], path[4300];
	json_error_t e;
	int rc;

	if (r->tried) {
		if (!r->j)
			fail_msg("run %s failed in an earlier test", r->name);
		return r->j;
	}
	r->tried = true;
	test_config(cfg, sizeof(cfg), tmp, r->name, r->text);
	TEST_PATHS(tmp, r->name, r->out, so, se);
	char *argv[] = { (char *)irqlab, "run", cfg,	"-q",
			 "--no-report",	 "-o",	r->out, NULL };
	rc = spawn_irqlab(argv, so, se, 0, NULL);
	if (rc) {
		char *err = slurp(se);

		fail_msg("irqlab run %s exited %d: %s", r->name, rc,
			 err ? err : "");
	}
	snprintf(path, sizeof(path), "%s/summary.json", r->out);
	r->j = json_load_file(path, 0, &e);
	if (!r->j)
		fail_msg("%s:%d: %s", path, e.line, e.text);
	assert_true(json_is_true(json_object_get(r->j, "complete")));
	return r->j;
}

static json_t *scenario(json_t *j, const char *name)
{
	json_t *sc;
	size_t i;

	json_array_foreach(json_object_get(j, "scenarios"), i, sc)
	{
		if (!strcmp(s(sc, "name"), name))
			return sc;
	}
	fail_msg("summary.json: no scenario %s", name);
	return NULL;
}

static json_t *design(json_t *j, const char *sc, const char *name)
{
	json_t *d;
	size_t k;

	json_array_foreach(json_object_get(scenario(j, sc), "designs"), k, d)
	{
		if (!strcmp(s(d, "design"), name))
			return d;
	}
	fail_msg("summary.json: scenario %s has no design %s", sc, name);
	return NULL;
}

static bool is_threaded(const char *design)
{
	return !strncmp(design, "threaded", 8);
}

/*
 * The books of every design, threaded or not: each event fired was
 * serviced (genirq's flows lose nothing, whoever runs the driver), and
 * what each design reports of its thread and hard handler.
 */
static void test_threaded_books(void **state)
{
	json_t *j = summary(&threaded_run);
	unsigned int checked = 0;

	(void)state;
	assert_int_equal(json_array_size(json_object_get(j, "scenarios")),
			 NR_LINES);
	for (size_t i = 0; i < NR_LINES; i++) {
		json_t *sc = scenario(j, lines[i].name);

		assert_int_equal(
			json_array_size(json_object_get(sc, "designs")),
			NR_DESIGNS);
		for (size_t k = 0; k < NR_DESIGNS; k++) {
			json_t *d = design(j, lines[i].name, designs[k]);
			json_t *t = json_object_get(d, "thread");
			json_t *hard = json_object_get(
				json_object_get(d, "latency_ns"), "hard");
			uint64_t fired = u(d, "fired"), serv = u(d, "serviced");

			print_message(
				"%-13s %-17s fired %4llu serviced %4llu stranded %llu acc/irq %5.2f%s%s\n",
				lines[i].name, designs[k],
				(unsigned long long)fired,
				(unsigned long long)serv,
				(unsigned long long)u(d, "stranded"),
				real(d, "chip_accesses_per_irq"),
				t ? " thread " : "",
				t ? json_string_value(
					    json_object_get(t, "policy")) :
				    "");
			/* The scenario runs the flow it claims to test. */
			if (strcmp(designs[k], "do_irq"))
				assert_string_equal(s(d, "flow"),
						    lines[i].flow);
			assert_true(fired > 0);
			assert_int_equal(fired, serv + u(d, "stranded"));
			assert_int_equal(u(d, "stranded"), 0);
			assert_int_equal(lat(d, "entry", "count"), serv);
			/* Every event left its handler after entering it. */
			assert_true(lat(d, "exit", "min") >=
				    lat(d, "entry", "min"));
			assert_true(lat(d, "exit", "p50") >=
				    lat(d, "entry", "p50"));
			if (!is_threaded(designs[k])) {
				assert_null(t);
				assert_null(hard);
				checked++;
				continue;
			}
			assert_true(json_is_object(t));
			if (strcmp(s(t, "policy"), "SCHED_FIFO") &&
			    strcmp(s(t, "policy"), "SCHED_OTHER"))
				fail_msg("%s %s: thread policy %s",
					 lines[i].name, designs[k],
					 s(t, "policy"));
			assert_true(u(t, "runs") > 0);
			assert_true(u(t, "runs") <= serv);
			assert_true(lat(d, "hard", "count") > 0);
			if (!strcmp(designs[k], "threaded")) {
				/*
				 * The hard handler claims every event before
				 * the thread that works on it can see it, so
				 * each has both stamps, the hard one first;
				 * and a thread run needs a hard run with work
				 * since the last one.
				 */
				assert_int_equal(lat(d, "hard", "count"), serv);
				assert_true(lat(d, "hard", "min") <=
					    lat(d, "entry", "min"));
				assert_true(lat(d, "hard", "p50") <=
					    lat(d, "entry", "p50"));
				assert_true(u(t, "runs") <=
					    u(d, "handler_runs"));
			} else {
				/*
				 * Oneshot: the hard stamp is for the events
				 * fired before the hard handler ran and not
				 * yet claimed by the thread; the driver runs
				 * only in the thread.
				 */
				assert_true(lat(d, "hard", "count") <= serv);
				assert_int_equal(u(t, "runs"),
						 u(d, "handler_runs"));
			}
			checked++;
		}
	}
	assert_int_equal(checked, NR_LINES * NR_DESIGNS);
}

/*
 * IRQF_ONESHOT: the level and fasteoi flows leave the line masked until
 * the thread is done; the edge and simple flows never mask for it; and
 * design threaded never holds the line for its thread.
 */
static void test_oneshot_masks(void **state)
{
	json_t *j = summary(&threaded_run);

	(void)state;
	for (size_t i = 0; i < NR_LINES; i++) {
		json_t *one = json_object_get(
			design(j, lines[i].name, "threaded-oneshot"), "thread");
		json_t *thr = json_object_get(
			design(j, lines[i].name, "threaded"), "thread");
		uint64_t masked = u(one, "masked_ns");

		print_message("%-13s oneshot masked %llu ns\n", lines[i].name,
			      (unsigned long long)masked);
		if (lines[i].masks && !masked)
			fail_msg(
				"%s (%s flow): a oneshot line was never masked for its thread",
				lines[i].name, lines[i].flow);
		if (!lines[i].masks && masked)
			fail_msg(
				"%s (%s flow): a oneshot line was masked for %llu ns",
				lines[i].name, lines[i].flow,
				(unsigned long long)masked);
		assert_int_equal(u(thr, "masked_ns"), 0);
	}
}

/*
 * The oneshot mask and unmask are chip accesses on top of the fasteoi
 * flow's eoi (2 per interrupt on both chips), one of each per interrupt:
 * on the IO-APIC each is a read-modify-write of the redirection entry
 * (IOREGSEL write, IOWIN read, IOWIN write), 8 against 2; on the GIC
 * each is one register write, 4 against 2. Asserted with half an
 * interrupt's worth of slack below: 4.5 and 1.5 more; the IO-APIC line
 * without its mask, or its unmask, would make 3 more.
 */
static void test_oneshot_accesses(void **state)
{
	json_t *j = summary(&threaded_run);
	static const struct {
		const char *name;
		double more;
	} fasteoi[] = { { "ioapic-level", 4.5 }, { "gic-level", 1.5 } };

	(void)state;
	for (size_t i = 0; i < 2; i++) {
		double flow = real(design(j, fasteoi[i].name, "flow"),
				   "chip_accesses_per_irq");
		double one =
			real(design(j, fasteoi[i].name, "threaded-oneshot"),
			     "chip_accesses_per_irq");

		print_message("%s: acc/irq flow %.2f oneshot %.2f\n",
			      fasteoi[i].name, flow, one);
		assert_true(flow > 0);
		if (!(one > flow + fasteoi[i].more))
			fail_msg(
				"%s: threaded-oneshot makes %.2f chip accesses per interrupt, flow %.2f: where are the mask and unmask?",
				fasteoi[i].name, one, flow);
	}
}

/* host.online_cpus of the run's environment.json; 0 if absent. */
static long online_cpus(const char *out)
{
	char path[4300];
	json_t *e;
	long n;

	snprintf(path, sizeof(path), "%s/environment.json", out);
	e = json_load_file(path, 0, NULL);
	assert_non_null(e);
	n = (long)json_integer_value(
		json_object_get(json_object_get(e, "host"), "online_cpus"));
	json_decref(e);
	return n;
}

/*
 * Where the irq threads ran: a PU of their own when one is free of the
 * simulated CPUs and the device thread, else simulated CPU 0's. With
 * one CPU and a spinning device thread on a 2-PU machine none is free.
 */
static void test_thread_placement(void **state)
{
	json_t *j = summary(&threaded_run);
	long ncpus = online_cpus(threaded_run.out);
	json_t *sc;
	size_t i;

	(void)state;
	json_array_foreach(json_object_get(j, "scenarios"), i, sc)
	{
		json_t *pl = json_object_get(sc, "placement");
		json_t *cpus = json_object_get(pl, "cpu_pu");
		json_t *shared = json_object_get(pl, "thread_shared");
		uint64_t cpu0, dev, thr;
		json_t *c;
		size_t k;

		assert_true(json_is_object(pl));
		assert_true(json_array_size(cpus) >= 1);
		assert_true(json_is_boolean(shared));
		cpu0 = (uint64_t)json_integer_value(json_array_get(cpus, 0));
		dev = u(pl, "device_pu");
		thr = u(pl, "thread_pu");
		print_message("%s: cpu %llu device %llu thread %llu%s\n",
			      s(sc, "name"), (unsigned long long)cpu0,
			      (unsigned long long)dev, (unsigned long long)thr,
			      json_is_true(shared) ? " (shared)" : "");
		/* Spinning threads never share a PU. */
		if (!strcmp(s(sc, "wait"), "spin"))
			assert_true(dev != cpu0);
		if (json_is_true(shared)) {
			assert_int_equal(thr, cpu0);
			continue;
		}
		assert_true(thr != dev);
		json_array_foreach(cpus, k, c)
			assert_true(thr != (uint64_t)json_integer_value(c));
		/* A PU of its own beside two others needs a third one. */
		if (dev != cpu0 && ncpus > 0 && ncpus <= 2)
			fail_msg(
				"%s: thread_pu %llu is not shared on a %ld-CPU machine",
				s(sc, "name"), (unsigned long long)thr, ncpus);
	}
}

/* `irqlab report`: the threaded table, a row per threaded design. */
static void test_threaded_report(void **state)
{
	char so[4300], se[4300], path[4300], row[200];
	char *md;
	int rc;

	(void)state;
	summary(&threaded_run);
	snprintf(so, sizeof(so), "%s/threaded.rep", tmp);
	snprintf(se, sizeof(se), "%s/threaded.reperr", tmp);
	char *argv[] = { (char *)irqlab, "report", threaded_run.out, "--quiet",
			 NULL };
	rc = spawn_irqlab(argv, so, se, 0, NULL);
	if (rc) {
		char *err = slurp(se);

		fail_msg("irqlab report exited %d: %s", rc, err ? err : "");
	}
	snprintf(path, sizeof(path), "%s/report.md", threaded_run.out);
	md = slurp(path);
	assert_non_null(md);
	assert_non_null(strstr(md, "## Threaded handlers"));
	for (size_t i = 0; i < NR_LINES; i++)
		for (size_t k = 0; k < NR_DESIGNS; k++) {
			snprintf(row, sizeof(row), "| %s | %s |", lines[i].name,
				 designs[k]);
			if (!strstr(md, row))
				fail_msg("report.md has no row \"%s\"", row);
		}
	free(md);
}

/*
 * The driver's critical sections, 2.6.18's disable against the lazy one.
 * Both take the sections and lose nothing; eager masks at the disable
 * and unmasks at the enable of every section, lazy masks only in the
 * sections an interrupt arrives in (enable_irq() unmasks in both), so a
 * lazy section costs fewer chip accesses than an eager one.
 *
 * Per section, not per interrupt: how many sections a flow run sees is
 * the machine's speed (a thread that falls behind skips sections but
 * fires every late interrupt), and with one `yes` and another run beside
 * this one eager made 4.52 accesses per run against lazy's 4.32, with
 * 1.26 and 1.74 sections per run (quiet: 6.8 against 4.7). A run's own
 * accesses are eager's accesses less 2 per section, over its runs (2 on
 * this GIC, exactly); lazy's accesses less that per run, over its
 * sections, are what a lazy section costs: 1.33 to 1.43 measured, 2 if
 * the lazy flag changed nothing. It must save a tenth of an access.
 */
#define EAGER_PER_SECTION 2.0
#define LAZY_SAVES 0.1

static void test_lazy_disable(void **state)
{
	json_t *j = summary(&lazy_run);
	static const char *const names[] = { "gic-eager", "gic-lazy" };
	double acc[2], runs[2], sections[2], per_run, lazy;

	(void)state;
	assert_int_equal(json_array_size(json_object_get(j, "scenarios")), 2);
	for (size_t i = 0; i < 2; i++) {
		json_t *d = design(j, names[i], "flow");
		uint64_t fired = u(d, "fired"), disables = u(d, "disables");

		acc[i] = (double)u(d, "chip_accesses");
		assert_true(real(d, "chip_accesses_per_irq") > 0);
		runs[i] = acc[i] / real(d, "chip_accesses_per_irq");
		sections[i] = (double)disables;
		print_message(
			"%s: fired %llu serviced %llu disables %llu accesses %.0f runs %.0f acc/irq %.3f\n",
			names[i], (unsigned long long)fired,
			(unsigned long long)u(d, "serviced"),
			(unsigned long long)disables, acc[i], runs[i],
			real(d, "chip_accesses_per_irq"));
		assert_true(fired > 0);
		assert_int_equal(fired, u(d, "serviced") + u(d, "stranded"));
		assert_int_equal(u(d, "stranded"), 0);
		assert_true(json_is_false(json_object_get(d, "irq_disabled")));
		/*
		 * Sections start half a period into a block, a period
		 * apart or later: at most rate x duration of them.
		 */
		assert_true(disables > 0);
		assert_true(disables <= 5000ULL * LAZY_MS / 1000);
	}
	per_run = (acc[0] - EAGER_PER_SECTION * sections[0]) / runs[0];
	lazy = (acc[1] - per_run * runs[1]) / sections[1];
	print_message("a run %.3f accesses; a section eager %.1f, lazy %.3f\n",
		      per_run, EAGER_PER_SECTION, lazy);
	assert_true(per_run > 0);
	if (!(lazy + LAZY_SAVES < EAGER_PER_SECTION))
		fail_msg(
			"a lazy section makes %.3f chip accesses, an eager one %.1f: lazy saves less than %.1f",
			lazy, EAGER_PER_SECTION, LAZY_SAVES);
}

/* Occurrences of @needle in @hay. */
static unsigned int count(const char *hay, const char *needle)
{
	unsigned int n = 0;

	for (const char *p = hay; (p = strstr(p, needle)); p += strlen(needle))
		n++;
	return n;
}

/*
 * The run folder's config.ini writes every key of every scenario, the
 * defaults and the [run] ones included, so that it reproduces the run.
 */
static void test_config_repeats_keys(void **state)
{
	char path[4300];
	char *ini;

	(void)state;
	summary(&lazy_run);
	snprintf(path, sizeof(path), "%s/config.ini", lazy_run.out);
	ini = slurp(path);
	assert_non_null(ini);
	assert_int_equal(count(ini, "\ndisable_rate = 5000\n"), 2);
	assert_int_equal(count(ini, "\ndisable_ns = 20000\n"), 2);
	assert_int_equal(count(ini, "\nlazy_disable = 0\n"), 1);
	assert_int_equal(count(ini, "\nlazy_disable = 1\n"), 1);
	/* Each in its own scenario's section. */
	assert_true(strstr(ini, "[scenario gic-eager]") <
		    strstr(ini, "\nlazy_disable = 0\n"));
	assert_true(strstr(ini, "\nlazy_disable = 0\n") <
		    strstr(ini, "[scenario gic-lazy]"));
	assert_true(strstr(ini, "[scenario gic-lazy]") <
		    strstr(ini, "\nlazy_disable = 1\n"));
	free(ini);
}

static const struct CMUnitTest tests[] = {
	cmocka_unit_test(test_threaded_books),
	cmocka_unit_test(test_oneshot_masks),
	cmocka_unit_test(test_oneshot_accesses),
	cmocka_unit_test(test_thread_placement),
	cmocka_unit_test(test_threaded_report),
	cmocka_unit_test(test_lazy_disable),
	cmocka_unit_test(test_config_repeats_keys),
};

E2E_MAIN(tmp, irqlab, tests)
