// SPDX-License-Identifier: GPL-2.0
/*
 * The A/B gate's judgement (analysis/compare/ab.c) on synthetic pairs of run
 * folders with known answers: summary.json written by its own writer
 * (summary_json()), each cell's blocks drawn around a known value, and
 * the pairs fed to the gate at its looks as irqlab ab does. A pass, a
 * regression in one cell, an inconclusive end with what each cell could
 * have shown, a uniform 5% shift that only the global cell finds, drift
 * that a fixed order turns into a false regression and the drawn order
 * does not, and folders the gate must refuse with one sentence.
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>
#include "analysis/ab.h"
#include "analysis/summary.h"

#define NSC 8
#define ND 5
#define NBLOCKS 2

static const char *const scn[NSC] = { "soft-simple",  "i8259-edge",
				      "ioapic-level", "gic-edge",
				      "gic-level",    "gic-percpu",
				      "gpio-edge",    "gpio-level" };
static const char *const dsn[ND] = { "flow", "do_irq", "edge-masking",
				     "threaded", "threaded-oneshot" };

/* What one synthetic run is: each cell's value, times its factors. */
struct model {
	double noise; /* sd of a run's ln value, per cell, independent */
	double shift_all; /* B's factor on every cell */
	double shift_cell; /* B's factor on gic-edge/flow alone */
	double drift; /* every run's factor grows by this per run taken */
	double noise_share; /* events a host gap touched, of the serviced */
};

static uint64_t rng = 88172645463325252ull;

static double uniform(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return ((double)(rng >> 11) + 0.5) / 9007199254740992.0;
}

static double gauss(void)
{
	return sqrt(-2 * log(uniform())) * cos(2 * M_PI * uniform());
}

static char root[64];
static unsigned int taken; /* runs written so far: time, for drift */

/* Write one run of side @b into @dir/summary.json. */
static void write_run(const char *dir, const struct model *m, bool b)
{
	static double bq[NSC][ND][RUN_NQ][NBLOCKS];
	struct run_scenario sc[NSC];
	struct run_design d[NSC][ND];
	double t = exp(m->drift * taken++);
	char path[256];
	struct run r = {
		.irqlab = "test",
		.started = "2026-01-01T00:00:00Z",
		.finished = "2026-01-01T00:00:04Z",
		.complete = true,
		.sc = sc,
		.nsc = NSC,
	};
	json_t *j;

	for (int i = 0; i < NSC; i++) {
		sc[i] = (struct run_scenario){
			.name = scn[i],
			.file = "synthetic.ini",
			.chip = "soft",
			.trigger = "edge",
			.pattern = "periodic",
			.rate_hz = 10000,
			.devices = 1,
			.wait = "spin",
			.d = d[i],
			.nd = ND,
			.index = (unsigned int)i,
		};
		for (int k = 0; k < ND; k++) {
			double v = 1000.0 * (1 + i) * (1 + 0.3 * k) * t *
				   exp(m->noise * gauss());

			if (b)
				v *= m->shift_all *
				     (i == 3 && k == 0 ? m->shift_cell : 1);
			for (int q = 0; q < RUN_NQ; q++)
				for (int bl = 0; bl < NBLOCKS; bl++)
					bq[i][k][q][bl] = v * (1 + 4 * q) *
							  exp(0.01 * gauss());
			d[i][k] = (struct run_design){
				.design = dsn[k],
				.slot = k,
				.flow = "f",
				.fired = 1000,
				.serviced = 1000,
				.handler_runs = 1000,
				.blocks = NBLOCKS,
				.seconds = 0.1,
				.throughput = 1e4,
				.accesses_per_irq = 3,
				.entry = { 1000, 1, 2, 3, 4, 5, 6, 3, 1 },
				.exit = { 1000, 1, 2, 3, 4, 5, 6, 3, 1 },
				.nblocks = NBLOCKS,
				.bq = { bq[i][k][0], bq[i][k][1], bq[i][k][2] },
				.has_noise = true,
				.noise_threshold_ns = 5000,
				.noise_events =
					(uint64_t)(1000 * m->noise_share),
			};
		}
	}
	j = summary_json(&r);
	assert_non_null(j);
	snprintf(path, sizeof(path), "%s/summary.json", dir);
	assert_int_equal(json_dump_file(j, path, 0), 0);
	json_decref(j);
}

/*
 * Pairs into @g as irqlab ab takes them: each pair's order from @seed
 * (or A first always, @fixed), a look at each scheduled count, until
 * one decides or max_pairs. Return: the outcome.
 */
static int gate(struct ab_gate *g, const struct model *m, uint64_t seed,
		bool fixed)
{
	bool *bf = calloc(g->p.max_pairs, sizeof(*bf));
	char a[128], b[128], err[512];
	int outcome = -1;

	assert_non_null(bf);
	ab_order(seed, g->p.max_pairs, bf);
	snprintf(a, sizeof(a), "%s/a", root);
	snprintf(b, sizeof(b), "%s/b", root);
	taken = 0;
	for (unsigned int k = 0; k < g->p.max_pairs; k++) {
		if (fixed || !bf[k]) {
			write_run(a, m, false);
			write_run(b, m, true);
		} else {
			write_run(b, m, true);
			write_run(a, m, false);
		}
		assert_int_equal(ab_gate_add(g, a, b, err, sizeof(err)), 0);
		if (ab_gate_is_look(g)) {
			outcome = ab_gate_judge(g);
			assert_true(outcome >= 0);
			if (ab_gate_decided(g))
				break;
		}
	}
	free(bf);
	return outcome;
}

static struct ab_params params(double threshold, unsigned int max_pairs)
{
	return (struct ab_params){ .alpha = 0.05,
				   .threshold = threshold,
				   .metric = { RUN_Q50, RUN_Q99 },
				   .nmetrics = 2,
				   .max_pairs = max_pairs };
}

static const struct ab_cell *find(const struct ab_gate *g, const char *sc,
				  const char *de, enum run_q q)
{
	for (size_t i = 0; i < g->ncells; i++)
		if (!strcmp(g->cells[i].scenario, sc) &&
		    !strcmp(g->cells[i].design, de) && g->cells[i].q == q)
			return &g->cells[i];
	fail_msg("no cell %s/%s", sc, de);
	return NULL;
}

static int setup(void **state)
{
	(void)state;
	snprintf(root, sizeof(root), "/tmp/irqlab-test-ab.XXXXXX");
	assert_non_null(mkdtemp(root));
	for (int i = 0; i < 2; i++) {
		char p[160];

		snprintf(p, sizeof(p), "%s/%c", root, "ab"[i]);
		assert_int_equal(mkdir(p, 0700), 0);
	}
	return 0;
}

static int teardown(void **state)
{
	char p[160];

	(void)state;
	for (int s = 0; s < 2; s++) {
		snprintf(p, sizeof(p), "%s/%c/summary.json", root, "ab"[s]);
		unlink(p);
		snprintf(p, sizeof(p), "%s/%c", root, "ab"[s]);
		rmdir(p);
	}
	rmdir(root);
	return 0;
}

/* The family and the looks: every design x scenario x metric, + globals. */
static void test_schedule(void **state)
{
	struct ab_params p = params(0.10, 100);
	struct model m = { .noise = 0.01, .shift_all = 1, .shift_cell = 1 };
	struct ab_gate g;

	(void)state;
	ab_gate_init(&g, &p);
	assert_int_equal(gate(&g, &m, 1, false), ANA_PASS);
	assert_int_equal(g.ncells, NSC * ND * 2 + 2);
	/* alpha / K / m one-sided needs ceil(log2(K m / alpha)) pairs. */
	assert_int_equal(g.looks[0],
			 irqstat_signrank_min_units(g.alpha_look / g.ncells));
	assert_true(g.nlooks >= 2 && g.looks[g.nlooks - 1] == 100);
	assert_true(g.alpha_look * g.nlooks <= p.alpha + 1e-12);
	for (unsigned int i = 1; i + 1 < g.nlooks; i++)
		assert_int_equal(
			g.looks[i],
			(unsigned int)ceil(g.looks[i - 1] * AB_LOOK_GROWTH));
	ab_gate_free(&g);
}

/* Two identical sides with little noise: every cell clear, a pass. */
static void test_pass(void **state)
{
	struct ab_params p = params(0.10, 100);
	struct model m = { .noise = 0.02,
			   .shift_all = 1,
			   .shift_cell = 1,
			   .noise_share = 0.25 };
	struct ab_gate g;
	char foot[1024];

	(void)state;
	ab_gate_init(&g, &p);
	assert_int_equal(gate(&g, &m, 7, false), ANA_PASS);
	assert_int_equal(g.look, 1); /* the first look decides */
	for (size_t i = 0; i < g.ncells; i++) {
		assert_true(g.cells[i].s.hi < 1.10);
		assert_int_not_equal(g.cells[i].verdict, AB_REGRESSION);
	}
	ab_gate_footer(&g, foot, sizeof(foot), 1.5);
	assert_non_null(strstr(foot, "ab: pass: every one of 82"));
	assert_non_null(strstr(foot, "25.0% of A's"));
	assert_int_equal(ana_outcome_exit(g.outcome), 0);
	ab_gate_free(&g);
}

/* One cell 1.5x slower in B: that cell, and no other, regresses. */
static void test_regression_one_cell(void **state)
{
	struct ab_params p = params(0.10, 100);
	struct model m = { .noise = 0.02, .shift_all = 1, .shift_cell = 1.5 };
	const struct ab_cell *c;
	struct ab_gate g;
	json_t *j;

	(void)state;
	ab_gate_init(&g, &p);
	assert_int_equal(gate(&g, &m, 3, false), ANA_REGRESSION);
	for (size_t i = 0; i < g.ncells; i++) {
		c = &g.cells[i];
		if (!strcmp(c->scenario, "gic-edge") &&
		    !strcmp(c->design, "flow"))
			continue;
		assert_int_not_equal(c->verdict, AB_REGRESSION);
	}
	for (int q = RUN_Q50; q <= RUN_Q99; q++) {
		c = find(&g, "gic-edge", "flow", (enum run_q)q);
		assert_int_equal(c->verdict, AB_REGRESSION);
		assert_true(c->s.lo > 1.10 && c->s.point > 1.4 &&
			    c->s.point < 1.6);
	}
	j = ab_gate_json(&g);
	assert_string_equal(json_string_value(json_object_get(j, "outcome")),
			    "regression");
	assert_int_equal(json_integer_value(json_object_get(j, "exit")), 2);
	json_decref(j);
	ab_gate_free(&g);
}

/* Noise far beyond the threshold: inconclusive, saying what it could show. */
static void test_inconclusive_with_detect(void **state)
{
	struct ab_params p = params(0.10, 20);
	struct model m = { .noise = 1.0, .shift_all = 1, .shift_cell = 1 };
	struct ab_gate g;
	char foot[1024];
	json_t *j, *cell;

	(void)state;
	ab_gate_init(&g, &p);
	/* Budget over: the last look at max_pairs. */
	assert_int_equal(gate(&g, &m, 5, false), ANA_INCONCLUSIVE);
	assert_int_equal(g.pairs, 20);
	for (size_t i = 0; i < g.ncells; i++) {
		const struct ab_cell *c = &g.cells[i];

		assert_int_equal(c->verdict, AB_UNDECIDED);
		assert_true(c->s.enough && isfinite(c->s.detect));
		assert_true(c->s.detect > 1.10);
		assert_true(c->s.lo < 1 && c->s.hi > 1.10);
	}
	ab_gate_footer(&g, foot, sizeof(foot), 2);
	assert_non_null(strstr(foot, "ab: inconclusive: 82 of 82 cells"));
	assert_non_null(strstr(foot, "least resolved"));
	assert_non_null(strstr(foot, "global p50 could show"));
	j = ab_gate_json(&g);
	cell = json_array_get(json_object_get(j, "cells"), 0);
	assert_true(json_real_value(json_object_get(cell, "detect")) > 1.1);
	assert_string_equal(json_string_value(json_object_get(cell, "verdict")),
			    "undecided");
	json_decref(j);
	ab_gate_free(&g);
}

/*
 * Every cell 5% slower, each cell's noise 0.15: no single cell can tell
 * 5% from noise in the family at these pairs, the median over 40 cells
 * per pair can, and with --threshold 3 it is a regression.
 */
static void test_global_finds_uniform_shift(void **state)
{
	struct ab_params p = params(0.03, 100);
	struct model m = { .noise = 0.15, .shift_all = 1.05, .shift_cell = 1 };
	struct ab_gate g;

	(void)state;
	ab_gate_init(&g, &p);
	assert_int_equal(gate(&g, &m, 11, false), ANA_REGRESSION);
	for (size_t i = 0; i < g.ncells; i++) {
		const struct ab_cell *c = &g.cells[i];

		if (c->global && c->q == RUN_Q50) {
			assert_int_equal(c->verdict, AB_REGRESSION);
			assert_true(c->s.point > 1.03 && c->s.point < 1.08);
		} else if (!c->global) {
			assert_int_not_equal(c->verdict, AB_REGRESSION);
		}
	}
	assert_true(g.pairs <= 32);
	ab_gate_free(&g);
}

/*
 * The order: seeded, both kinds, about half each, not alternating; and
 * why it is drawn: runs that drift 2% a run make B, always second, look
 * 2% slower in every pair, a false regression at threshold 1%, where
 * the drawn order puts the drift on either side and finds none.
 */
static void test_order_randomised(void **state)
{
	struct ab_params p = params(0.01, 48);
	struct model m = {
		.noise = 0.002, .shift_all = 1, .shift_cell = 1, .drift = 0.02
	};
	bool o1[1000], o2[1000], o3[1000];
	unsigned int nb = 0, same = 0;
	struct ab_gate g;

	(void)state;
	ab_order(42, 1000, o1);
	ab_order(42, 1000, o2);
	ab_order(43, 1000, o3);
	assert_memory_equal(o1, o2, sizeof(o1));
	assert_memory_not_equal(o1, o3, sizeof(o1));
	for (int i = 0; i < 1000; i++) {
		nb += o1[i];
		same += i && o1[i] == o1[i - 1];
	}
	assert_in_range(nb, 440, 560);
	assert_in_range(same, 440, 560); /* neither ABAB... nor AABB... */

	ab_gate_init(&g, &p);
	assert_int_equal(gate(&g, &m, 0, true), ANA_REGRESSION);
	ab_gate_free(&g);
	ab_gate_init(&g, &p);
	assert_int_not_equal(gate(&g, &m, 42, false), ANA_REGRESSION);
	for (size_t i = 0; i < g.ncells; i++)
		assert_int_not_equal(g.cells[i].verdict, AB_REGRESSION);
	ab_gate_free(&g);
}

/* Folders the gate cannot take: one sentence naming the file. */
static void test_bad_folders(void **state)
{
	struct ab_params p = params(0.10, 20);
	struct model m = { .noise = 0.02, .shift_all = 1, .shift_cell = 1 };
	char a[128], b[128], err[512], path[160];
	struct ab_gate g;
	FILE *f;

	(void)state;
	snprintf(a, sizeof(a), "%s/a", root);
	snprintf(b, sizeof(b), "%s/b", root);
	ab_gate_init(&g, &p);
	write_run(a, &m, false);
	snprintf(path, sizeof(path), "%s/summary.json", b);
	unlink(path);
	err[0] = '\0';
	assert_int_equal(ab_gate_add(&g, a, b, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, path));
	assert_null(strchr(err, '\n'));

	f = fopen(path, "w");
	assert_non_null(f);
	fputs("{\"irqlab\": \"x\"", f);
	fclose(f);
	err[0] = '\0';
	assert_int_equal(ab_gate_add(&g, a, b, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "summary.json"));
	assert_int_equal(g.pairs, 0);
	ab_gate_free(&g);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_schedule),
		cmocka_unit_test(test_pass),
		cmocka_unit_test(test_regression_one_cell),
		cmocka_unit_test(test_inconclusive_with_detect),
		cmocka_unit_test(test_global_finds_uniform_shift),
		cmocka_unit_test(test_order_randomised),
		cmocka_unit_test(test_bad_folders),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
