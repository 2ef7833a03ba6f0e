// SPDX-License-Identifier: GPL-2.0
/*
 * The report's finding (analysis/report/report_finding.c) on synthetic runs
 * whose answers are known: per-block quantiles made so that a design is 0.8 or
 * 1.5 times __do_IRQ in every round (a verdict, with that ratio and
 * interval), alternates around 1 (no verdict: the interval spans 1), or
 * is 0.8 as measured but not with the host-noise events set apart (a
 * verdict: the noise is a caveat, never a veto); a smoke test's few
 * rounds; no samples.bin; chips grouped; a scenario without __do_IRQ; no
 * __do_IRQ at all; A/A runs of many cells, which Holm keeps to about 5%
 * with any finding. Then, over random intervals, that report_call()
 * gives a verdict exactly where the headline's verdict text does and
 * Holm's cut-off allows, and that the terminal's lines are the report's
 * paragraphs wrapped.
 */
#define _GNU_SOURCE /* open_memstream */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "report/report_finding.h"
#include "report/report_internal.h"

#define ROUNDS 12

/* A design's per-block p50 and p99 (and the same with noise set apart). */
struct series {
	double q[RUN_NQ][ROUNDS];
	double quiet[RUN_NQ][ROUNDS];
};

/*
 * @s: __do_IRQ's quantiles times @r50 (p50) and @r99 (p99) in round i,
 * a ratio of 0 alternating 0.9 and 1.1 instead; the quiet ones times
 * @q50 and @q99 the same way.
 */
static void fill(struct series *s, const struct series *base, double r50,
		 double r99, double q50, double q99)
{
	double r[4] = { r50, r99, q50, q99 };

	for (int i = 0; i < ROUNDS; i++) {
		double alt = i % 2 ? 1.1 : 0.9, x[4];

		for (int k = 0; k < 4; k++)
			x[k] = r[k] ? r[k] : alt;
		s->q[RUN_Q50][i] = base->q[RUN_Q50][i] * x[0];
		s->q[RUN_Q99][i] = base->q[RUN_Q99][i] * x[1];
		s->q[RUN_Q999][i] = s->q[RUN_Q99][i];
		s->quiet[RUN_Q50][i] = base->quiet[RUN_Q50][i] * x[2];
		s->quiet[RUN_Q99][i] = base->quiet[RUN_Q99][i] * x[3];
		s->quiet[RUN_Q999][i] = s->quiet[RUN_Q99][i];
	}
}

static void base_series(struct series *s)
{
	for (int i = 0; i < ROUNDS; i++) {
		/* A base that moves between rounds: the ratios must not. */
		s->q[RUN_Q50][i] = 1000 + 37 * i;
		s->q[RUN_Q99][i] = 20000 + 1500 * (i % 5);
		s->q[RUN_Q999][i] = s->q[RUN_Q99][i];
		for (int q = 0; q < RUN_NQ; q++)
			s->quiet[q][i] = s->q[q][i] * 0.95;
	}
}

static void design(struct run_design *d, const char *name, struct series *s,
		   double accesses, unsigned int rounds)
{
	memset(d, 0, sizeof(*d));
	d->design = name;
	d->flow = name;
	d->accesses_per_irq = accesses;
	d->nblocks = rounds;
	for (int q = 0; q < RUN_NQ; q++) {
		d->bq[q] = s ? s->q[q] : NULL;
		d->bq_quiet[q] = s ? s->quiet[q] : NULL;
	}
	d->entry.count = 1000;
	d->entry.p50 = 1000;
	d->entry.p99 = 20000;
}

/* Every paragraph of the finding, one after another, '|' between. */
struct text {
	char buf[8192];
	int n;
};

static int collect(void *arg, const char *para)
{
	struct text *t = arg;
	size_t at = strlen(t->buf);

	snprintf(t->buf + at, sizeof(t->buf) - at, "%s%s", t->n++ ? "|" : "",
		 para);
	return 0;
}

static void finding(const struct run *r, struct text *t)
{
	struct report_verdicts vs;
	int n;

	memset(t, 0, sizeof(*t));
	assert_int_equal(report_verdicts_make(r, &vs), 0);
	n = report_finding(&vs, collect, t);
	report_verdicts_free(&vs);
	assert_int_equal(n, t->n);
}

/* One scenario: flow against do_irq with flow's series @fs. */
struct one {
	struct series base, flow;
	struct run_design d[2];
	struct run_scenario sc;
	struct run r;
};

static void one(struct one *o, double r50, double r99, double q50, double q99,
		unsigned int rounds)
{
	memset(o, 0, sizeof(*o));
	base_series(&o->base);
	fill(&o->flow, &o->base, r50, r99, q50, q99);
	design(&o->d[0], "flow", &o->flow, 2, rounds);
	design(&o->d[1], "do_irq", &o->base, 4, rounds);
	o->sc = (struct run_scenario){ .name = "gic-edge",
				       .chip = "gic",
				       .trigger = "edge",
				       .d = o->d,
				       .nd = 2 };
	o->r = (struct run){ .sc = &o->sc, .nsc = 1, .has_samples = true };
}

static void no_verdict_words(const char *s)
{
	assert_null(strstr(s, "faster"));
	assert_null(strstr(s, "slower"));
	assert_non_null(strstr(s, "no verdict"));
}

static void test_faster(void **state)
{
	struct one o;
	struct text t;

	(void)state;
	one(&o, 0.8, 0, 0.8, 0, ROUNDS);
	finding(&o.r, &t);
	assert_int_equal(t.n, 1);
	assert_string_equal(
		t.buf,
		"Chip gic (gic-edge). flow: p50 faster (0.800 [0.800, 0.800]); "
		"p99 no verdict (interval spans 1); 2.00 accesses/irq against "
		"__do_IRQ's 4.00.");
}

static void test_slower(void **state)
{
	struct one o;
	struct text t;

	(void)state;
	one(&o, 1.5, 1.5, 1.5, 1.5, ROUNDS);
	o.d[0].accesses_per_irq = 4;
	finding(&o.r, &t);
	assert_string_equal(
		t.buf,
		"Chip gic (gic-edge). flow: p50 slower (1.500 [1.500, 1.500]); "
		"p99 slower (1.500 [1.500, 1.500]); 4.00 accesses/irq, as "
		"__do_IRQ.");
}

static void test_no_verdict(void **state)
{
	struct one o;
	struct text t;

	(void)state;
	one(&o, 0, 0, 0, 0, ROUNDS);
	finding(&o.r, &t);
	no_verdict_words(t.buf);
	assert_non_null(strstr(t.buf, "(interval spans 1)"));
}

/*
 * 0.8 as measured, alternating around 1 without the host's events: the
 * verdict stands (which events a gap touches depends on their latency,
 * so the design would decide its own filter), and the headline shows the
 * ratio without them beside it.
 */
static void test_noise_is_a_caveat(void **state)
{
	struct one o;
	struct text t;
	struct vs_base v;
	char verdict[256];

	(void)state;
	one(&o, 0.8, 0.8, 0, 0, ROUNDS);
	finding(&o.r, &t);
	assert_non_null(strstr(t.buf, "p50 faster (0.800 [0.800, 0.800])"));
	assert_null(strstr(t.buf, "host noise"));
	report_versus(&o.d[0], &o.d[1], &v);
	report_fmt_verdict(verdict, sizeof(verdict), &v);
	assert_non_null(strstr(
		verdict, "p50 20% lower (noise-touched events set apart: "));
}

static void test_few_rounds_and_no_samples(void **state)
{
	struct one o;
	struct text t;

	(void)state;
	/* A smoke test: said once for the run, not per chip or design. */
	one(&o, 0.8, 0.8, 0.8, 0.8, IRQSTAT_MIN_ROUNDS - 1);
	finding(&o.r, &t);
	assert_int_equal(t.n, 1);
	assert_non_null(strstr(
		t.buf,
		"This run is a smoke test: each design ran at most 5 rounds, and a verdict needs 6"));
	assert_null(strstr(t.buf, "faster"));
	assert_null(strstr(t.buf, "too few rounds"));

	/* No samples.bin: summary.json's quantiles, a point, no interval. */
	one(&o, 0.8, 0.8, 0.8, 0.8, ROUNDS);
	design(&o.d[0], "flow", NULL, 2, 0);
	design(&o.d[1], "do_irq", NULL, 4, 0);
	o.d[0].entry.p50 = 800;
	o.r.has_samples = false;
	finding(&o.r, &t);
	no_verdict_words(t.buf);
	assert_non_null(strstr(t.buf, "(no interval)"));
}

/*
 * Two chips, the first with three scenarios: flow faster in one, no
 * verdict in another, edge-masking in one only; the second with only
 * __do_IRQ and an A/A control; and a fourth scenario of one design,
 * named @solo on chip @chip.
 */
struct groups {
	struct series base, fast, alt, em;
	struct run_design a[3], b[2], c[1], e[3];
	struct run_scenario sc[4];
	struct run r;
};

static void groups(struct groups *g, const char *solo, const char *chip)
{
	g->sc[0] = (struct run_scenario){
		.name = "gic-edge", .chip = "gic", .d = g->a, .nd = 3
	};
	g->sc[1] = (struct run_scenario){
		.name = "ioapic-level", .chip = "ioapic", .d = g->e, .nd = 3
	};
	g->sc[2] = (struct run_scenario){
		.name = "gic-level", .chip = "gic", .d = g->b, .nd = 2
	};
	g->sc[3] = (struct run_scenario){
		.name = solo, .chip = chip, .d = g->c, .nd = 1
	};
	g->r = (struct run){ .sc = g->sc, .nsc = 4, .has_samples = true };
	base_series(&g->base);
	fill(&g->fast, &g->base, 0.5, 0, 0.5, 0);
	fill(&g->alt, &g->base, 0, 0, 0, 0);
	fill(&g->em, &g->base, 2.5, 2.5, 2.5, 2.5);
	design(&g->a[0], "flow", &g->fast, 2, ROUNDS);
	design(&g->a[1], "do_irq", &g->base, 4, ROUNDS);
	design(&g->a[2], "edge-masking", &g->em, 7, ROUNDS);
	design(&g->b[0], "flow", &g->alt, 3, ROUNDS);
	design(&g->b[1], "do_irq", &g->base, 4, ROUNDS);
	design(&g->c[0], "flow", &g->fast, 2, ROUNDS);
	design(&g->e[0], "do_irq", &g->base, 2, ROUNDS);
	design(&g->e[1], "flow#2", &g->fast, 2, ROUNDS);
	design(&g->e[2], "do_irq#2", &g->alt, 2, ROUNDS);
}

/* The finding's paragraphs over groups(): one per chip that ran __do_IRQ. */
static void test_groups(void **state)
{
	static struct groups g;
	struct text t;

	(void)state;
	groups(&g, "gic-solo", "gic");
	finding(&g.r, &t);
	assert_int_equal(t.n, 2);
	assert_string_equal(
		t.buf,
		"Chip gic (gic-edge, gic-level, gic-solo). flow: p50 faster in "
		"gic-edge (0.500 [0.500, 0.500]), no verdict in gic-level "
		"(interval spans 1); p99 no verdict (interval spans 1); 2.00 to "
		"3.00 accesses/irq against __do_IRQ's 4.00. edge-masking (in "
		"gic-edge): p50 slower (2.500 [2.500, 2.500]); p99 slower (2.500 "
		"[2.500, 2.500]); 7.00 accesses/irq against __do_IRQ's 4.00. No "
		"__do_IRQ to compare with in gic-solo.|"
		"Chip ioapic (ioapic-level). Only __do_IRQ ran: nothing to "
		"compare.");
}

static void test_no_baseline(void **state)
{
	struct one o;
	struct text t;

	(void)state;
	one(&o, 0.8, 0.8, 0.8, 0.8, ROUNDS);
	o.d[1].design = "flow#2";
	finding(&o.r, &t);
	assert_int_equal(t.n, 1);
	assert_non_null(strstr(t.buf, "no finding"));
	assert_null(strstr(t.buf, "faster"));
	assert_null(strstr(t.buf, "slower"));
	o.r.nsc = 0;
	finding(&o.r, &t);
	assert_non_null(strstr(t.buf, "no finding"));
}

/* A random interval around 1: valid or not, enough or not. */
static void random_effect(struct irqstat_rng *g, struct irqstat_effect *e)
{
	double c = exp((irqstat_rng_uniform(g) - 0.5) * 2);
	double w = exp(irqstat_rng_uniform(g) * 1.5);

	memset(e, 0, sizeof(*e));
	e->valid = irqstat_rng_uniform(g) < 0.95;
	e->n = irqstat_rng_uniform(g) < 0.1 ? 0 : 3 + irqstat_rng_next(g) % 20;
	e->enough = e->valid && e->n >= IRQSTAT_MIN_ROUNDS;
	e->point = c;
	e->lo = c / w;
	e->hi = c * w;
}

/*
 * The finding calls a design faster or slower exactly where the
 * headline's verdict text gives that verdict and Holm's cut-off over the
 * run allows; where the interval excludes 1 beyond the cut-off, it says
 * why there is none.
 */
static void test_calls_match_headline(void **state)
{
	struct irqstat_rng g = { 24 };
	unsigned int verdicts = 0, family = 0;

	(void)state;
	for (int i = 0; i < 20000; i++) {
		struct vs_base v = { 0 };
		char text[512];
		enum report_call c;
		bool said;

		random_effect(&g, &v.p50);
		v.p50.p = irqstat_rng_uniform(&g);
		c = report_call(&v.p50, 0.5);
		report_fmt_verdict(text, sizeof(text), &v);
		said = (strstr(text, "lower") || strstr(text, "higher")) &&
		       !strstr(text, "no verdict");
		if ((said && v.p50.p <= 0.5) !=
		    (c == REPORT_FASTER || c == REPORT_SLOWER))
			fail_msg("call %d, p %g, headline \"%s\"", c, v.p50.p,
				 text);
		if (c == REPORT_FASTER || c == REPORT_SLOWER)
			assert_non_null(strstr(
				text, c == REPORT_FASTER ? "lower" : "higher"));
		assert_true((c == REPORT_FAMILY) == (said && v.p50.p > 0.5));
		/* No cut-off (Holm rejected none): never a finding. */
		c = report_call(&v.p50, -1);
		assert_true(c != REPORT_FASTER && c != REPORT_SLOWER);
		verdicts += said && v.p50.p <= 0.5;
		family += said && v.p50.p > 0.5;
	}
	/* Both kinds were drawn often enough to mean something. */
	assert_true(verdicts > 1000);
	assert_true(family > 1000);
}

/*
 * A/A runs of 15 scenarios (30 comparisons at p50 and p99), every round
 * a random log ratio: at 95% a cell, about four runs in five had some
 * "finding"; over the family with Holm, about one in twenty.
 */
static void test_holm_aa(void **state)
{
	enum { SC = 15, TRIALS = 300 };
	struct series base[SC], flow[SC];
	struct run_design d[SC][2];
	struct run_scenario sc[SC];
	struct run r = { .sc = sc, .nsc = SC, .has_samples = true };
	uint64_t any_holm = 0, any_cell = 0;
	struct irqstat_rng g = { 77 };

	(void)state;
	for (int t = 0; t < TRIALS; t++) {
		struct report_verdicts vs;
		unsigned int fam;
		double cutoff;
		bool cell = false;

		for (int i = 0; i < SC; i++) {
			base_series(&base[i]);
			for (int k = 0; k < ROUNDS; k++)
				for (int q = 0; q < RUN_NQ; q++)
					flow[i].q[q][k] = flow[i].quiet[q][k] =
						base[i].q[q][k] *
						exp(irqstat_rng_uniform(&g) -
						    0.5);
			design(&d[i][0], "flow", &flow[i], 2, ROUNDS);
			design(&d[i][1], "do_irq", &base[i], 4, ROUNDS);
			sc[i] = (struct run_scenario){
				.name = "s", .chip = "gic", .d = d[i], .nd = 2
			};
		}
		assert_int_equal(report_verdicts_make(&r, &vs), 0);
		cutoff = vs.cutoff;
		fam = vs.family;
		report_verdicts_free(&vs);
		assert_int_equal(fam, 2 * SC);
		for (int i = 0; i < SC; i++) {
			struct vs_base v;

			report_versus(&d[i][0], &d[i][1], &v);
			cell |= irqstat_verdict(&v.p50) != IRQSTAT_SAME ||
				irqstat_verdict(&v.p99) != IRQSTAT_SAME;
		}
		any_cell += cell;
		any_holm += cutoff >= 0;
	}
	assert_true(any_cell > TRIALS / 2);
	assert_true(any_holm <= TRIALS * 8 / 100);
}

/*
 * The terminal's lines: one sentence per chip (and the cause), then the
 * paragraphs after a header line, each wrapped at 78 columns.
 */
static void test_print_wraps(void **state)
{
	struct report_verdicts vs;
	struct one o;
	struct text t, sent;
	char *out = NULL, *joined, *line, *save;
	size_t len;
	FILE *m;
	bool header = false;

	(void)state;
	one(&o, 0.8, 0, 0.8, 0, ROUNDS);
	finding(&o.r, &t);
	m = open_memstream(&out, &len);
	assert_non_null(m);
	assert_int_equal(report_verdicts_make(&o.r, &vs), 0);
	memset(&sent, 0, sizeof(sent));
	assert_int_equal(report_sentences(&vs, collect, &sent), 2);
	report_finding_print(m, &vs);
	report_verdicts_free(&vs);
	assert_int_equal(fclose(m), 0);
	joined = calloc(1, len + 1);
	assert_non_null(joined);
	for (line = strtok_r(out, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		if (!header && strstr(line, "finding (")) {
			/* The sentences came first, one "- " each. */
			assert_string_equal(joined, sent.buf);
			header = true;
			*joined = '\0';
			continue;
		}
		assert_true(strlen(line) <= 78);
		assert_true(!strncmp(line, "- ", 2) ||
			    (*joined && !strncmp(line, "  ", 2)));
		if (*joined)
			strcat(joined, line[0] == '-' ? "|" : " ");
		strcat(joined, line + 2);
	}
	assert_true(header);
	assert_string_equal(joined, t.buf);
	free(joined);
	free(out);
}

static void sentences(const struct run *r, struct text *t)
{
	struct report_verdicts vs;
	int n;

	memset(t, 0, sizeof(*t));
	assert_int_equal(report_verdicts_make(r, &vs), 0);
	n = report_sentences(&vs, collect, t);
	report_verdicts_free(&vs);
	assert_int_equal(n, t->n);
}

/* Each ratio in rounded words: the direction and the size. */
static void test_sentence_sizes(void **state)
{
	static const struct {
		double r;
		const char *words;
	} cases[] = {
		{ 0.8, "20% faster" },
		{ 0.93, "7% faster" },
		{ 0.25, "about 4x faster" },
		{ 1.12, "12% slower" },
		{ 1.5, "50% slower" },
		{ 3, "about 3x slower" },
		{ 142.81, "about 140x slower" },
		{ 179.632, "about 180x slower" },
		{ 5.424, "about 5.4x slower" },
	};
	char want[512];
	struct one o;
	struct text t;

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(*cases); i++) {
		one(&o, cases[i].r, 0, cases[i].r, 0, ROUNDS);
		sentences(&o.r, &t);
		snprintf(want, sizeof(want),
			 "On chip gic, flow is %s than __do_IRQ at p50, with "
			 "half the register accesses.|",
			 cases[i].words);
		if (strncmp(t.buf, want, strlen(want)))
			fail_msg("ratio %g: \"%s\", not \"%s...\"", cases[i].r,
				 t.buf, want);
		/* The biggest effect is the only one, and gets its cause. */
		assert_non_null(strstr(t.buf, "|The biggest effect, flow "));
	}
	/* p99 where p50 gives none; no verdict said plainly. */
	one(&o, 0, 2.5, 0, 2.5, ROUNDS);
	o.d[0].accesses_per_irq = 4;
	sentences(&o.r, &t);
	assert_non_null(strstr(t.buf,
			       "On chip gic, flow is about 2.5x slower "
			       "than __do_IRQ at p99, with the same "
			       "register accesses (no verdict at p50)."));
	one(&o, 0, 0, 0, 0, ROUNDS);
	sentences(&o.r, &t);
	assert_string_equal(
		t.buf, "On chip gic, no design is faster or slower than "
		       "__do_IRQ: no verdict for flow (interval spans 1).");
}

/* Chips in run order; scenarios named where not all have a verdict. */
static void test_sentence_groups(void **state)
{
	static struct groups g;
	struct text t;

	(void)state;
	groups(&g, "vic-solo", "vic");
	sentences(&g.r, &t);
	assert_int_equal(t.n, 4);
	assert_string_equal(
		t.buf,
		"On chip gic, flow is about 2x faster than __do_IRQ at p50 in "
		"gic-edge, with half the register accesses; edge-masking is "
		"about 2.5x slower than __do_IRQ at p50, with 1.8x the register "
		"accesses.|"
		"On chip ioapic, only __do_IRQ ran: nothing to compare.|"
		"On chip vic, no scenario ran __do_IRQ: nothing to compare.|"
		"The biggest effect, edge-masking about 2.5x slower than "
		"__do_IRQ at p50 in gic-edge: the run recorded no dropped edges, "
		"stranded events or hand-off to a thread for it; it makes 7.00 "
		"register accesses an interrupt against __do_IRQ's 4.00. \"Why "
		"the tail\" cuts its slowest events into causes.");
}

/*
 * The IO-APIC's edge-masking as the reference run recorded it: the
 * cause names the dropped edges, what serviced their events, and the
 * wait for the next burst against the p50.
 */
static void test_cause_dropped_edges(void **state)
{
	struct one o;
	struct text t;
	static const char *const says[] = {
		"The biggest effect, edge-masking about 180x slower than "
		"__do_IRQ at p50 in ioapic-edge:",
		"the ioapic controller dropped 24,721 of its 37,500 edges (66%), "
		"because they came while the line was masked",
		"24,995 events were serviced coalesced, by 12,465 handler runs "
		"(__do_IRQ: 30,184), and 40 never were (stranded",
		"With burst arrivals at 5,000 a second, the next edge came with "
		"the next burst, 200 us on: its p50 is 196 us, __do_IRQ's "
		"1.15 us.",
	};

	(void)state;
	one(&o, 179.632, 42.78, 179.632, 42.78, ROUNDS);
	o.sc.name = "ioapic-edge";
	o.sc.chip = "ioapic";
	o.sc.pattern = "burst";
	o.sc.rate_hz = 5000;
	o.d[0].design = "edge-masking";
	o.d[0].accesses_per_irq = 7;
	o.d[1].accesses_per_irq = 1;
	o.d[0].fired = o.d[1].fired = 37500;
	o.d[0].dropped_edges = 24721;
	o.d[0].coalesced = 24995;
	o.d[0].handler_runs = 12465;
	o.d[0].stranded = 40;
	o.d[1].handler_runs = 30184;
	o.d[0].entry.p50 = 196327;
	o.d[1].entry.p50 = 1153;
	sentences(&o.r, &t);
	assert_int_equal(t.n, 2);
	assert_non_null(strstr(t.buf, "On chip ioapic, edge-masking is about "
				      "180x slower than __do_IRQ at p50, with "
				      "7x the register accesses.|"));
	for (size_t i = 0; i < sizeof(says) / sizeof(*says); i++)
		if (!strstr(t.buf, says[i]))
			fail_msg("the cause lacks \"%s\": %s", says[i], t.buf);
}

/*
 * The size a clause gives for @name: after "NAME is ", a rounded number
 * ("12%", "7-21%", "about 180x", "4.7-5.6x") and a direction; 0 where
 * the clause is missing or has none.
 */
static int clause_direction(const char *sentence, const char *name)
{
	char key[64], *at, *end, clause[512];

	snprintf(key, sizeof(key), " %s is ", name);
	at = strstr(sentence, key);
	if (!at)
		return 0;
	at += strlen(key);
	end = strchr(at, ';');
	snprintf(clause, sizeof(clause), "%.*s",
		 (int)(end ? (size_t)(end - at) : strlen(at)), at);
	if (!strncmp(clause, "about ", 6))
		memmove(clause, clause + 6, strlen(clause + 6) + 1);
	at = clause + strspn(clause, "0123456789.-");
	if (at == clause || (*at != '%' && *at != 'x'))
		return 0;
	return !strncmp(at + 1, " faster", 7) ? -1 :
	       !strncmp(at + 1, " slower", 7) ? 1 :
						0;
}

/*
 * Over random runs of two chips, two scenarios each and two designs:
 * wherever the verdicts give a design a direction, its chip's sentence
 * states that direction with a rounded size; where they give none, the
 * sentence says "no verdict" for it.
 */
static void test_sentence_states_verdicts(void **state)
{
	static const double ratios[] = { 0, 0.5, 0.8, 0.95, 1.07, 1.5, 3, 140 };
	static const char *const names[] = { "flow", "edge-masking" };
	struct irqstat_rng g = { 34 };
	struct series base, s[2][2][2];
	struct run_design d[2][2][3];
	struct run_scenario sc[4];
	struct run r = { .sc = sc, .nsc = 4, .has_samples = true };
	struct report_verdicts vs;
	struct text t;

	(void)state;
	base_series(&base);
	for (int trial = 0; trial < 200; trial++) {
		for (int c = 0; c < 2; c++)
			for (int i = 0; i < 2; i++) {
				struct run_scenario *x = &sc[c * 2 + i];

				for (int k = 0; k < 2; k++) {
					double r50 =
						ratios[irqstat_rng_next(&g) % 8];
					double r99 =
						ratios[irqstat_rng_next(&g) % 8];

					fill(&s[c][i][k], &base, r50, r99, r50,
					     r99);
					design(&d[c][i][k], names[k],
					       &s[c][i][k], 2 + k, ROUNDS);
				}
				design(&d[c][i][2], "do_irq", &base, 4, ROUNDS);
				*x = (struct run_scenario){
					.name = i ? "b" : "a",
					.chip = c ? "ioapic" : "gic",
					.d = d[c][i],
					.nd = 3,
				};
			}
		sentences(&r, &t);
		assert_int_equal(report_verdicts_make(&r, &vs), 0);
		for (size_t k = 0; k < vs.n; k++) {
			const struct report_vs *w = &vs.c[k];
			const char *chip = strstr(t.buf, w->sc->chip);
			char one_sentence[2048];
			bool verdict = false;
			int q, dir = 0;

			snprintf(one_sentence, sizeof(one_sentence), "%.*s",
				 (int)strcspn(chip, "|"), chip);
			/* The design's quantile: p50 if any scenario has one. */
			for (q = 0; q < 2 && !verdict; q++)
				for (size_t j = 0; j < vs.n; j++)
					if (!strcmp(vs.c[j].d->design,
						    w->d->design) &&
					    !strcmp(vs.c[j].sc->chip,
						    w->sc->chip) &&
					    vs.c[j].call[q] <= REPORT_SLOWER)
						verdict = true;
			q--;
			dir = clause_direction(one_sentence, w->d->design);
			if (!verdict) {
				assert_int_equal(dir, 0);
				assert_non_null(
					strstr(one_sentence, "no verdict for"));
				continue;
			}
			if (!dir)
				fail_msg("no direction and size for %s: %s",
					 w->d->design, one_sentence);
			if (w->call[q] == REPORT_FASTER &&
			    !strstr(one_sentence, "faster"))
				fail_msg("%s is faster, unsaid: %s",
					 w->d->design, one_sentence);
			if (w->call[q] == REPORT_SLOWER &&
			    !strstr(one_sentence, "slower"))
				fail_msg("%s is slower, unsaid: %s",
					 w->d->design, one_sentence);
		}
		report_verdicts_free(&vs);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_faster),
		cmocka_unit_test(test_slower),
		cmocka_unit_test(test_no_verdict),
		cmocka_unit_test(test_noise_is_a_caveat),
		cmocka_unit_test(test_few_rounds_and_no_samples),
		cmocka_unit_test(test_groups),
		cmocka_unit_test(test_no_baseline),
		cmocka_unit_test(test_calls_match_headline),
		cmocka_unit_test(test_holm_aa),
		cmocka_unit_test(test_print_wraps),
		cmocka_unit_test(test_sentence_sizes),
		cmocka_unit_test(test_sentence_groups),
		cmocka_unit_test(test_cause_dropped_edges),
		cmocka_unit_test(test_sentence_states_verdicts),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
