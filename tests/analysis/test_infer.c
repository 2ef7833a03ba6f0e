// SPDX-License-Identifier: GPL-2.0
/*
 * analysis/stats/infer.c on answers known by hand or by table: the exact null
 * of the signed-rank statistic, its p-values and Hodges-Lehmann interval
 * at n = 10 (critical value 8 at 5% two-sided), the interval's coverage
 * and the A/A rejection rate on simulated symmetric pairs, Holm's
 * step-down against Bonferroni, Clopper-Pearson bounds from the
 * literature, and the exit status of each outcome.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include "analysis/infer.h"
#include "analysis/outcome.h"

static uint64_t rng_state = 0x9e3779b97f4a7c15ULL;

static double uniform(void)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return (double)((rng_state * 2685821657736338717ULL) >> 11) /
	       9007199254740992.0;
}

static double gauss(void)
{
	return sqrt(-2 * log(1 - uniform())) * cos(2 * M_PI * uniform());
}

/* Ten positive log ratios: W+ = 55, the largest, with p = 2^-10. */
static void test_all_positive(void **state)
{
	double d[10];
	struct irqstat_shift s;

	(void)state;
	for (int i = 0; i < 10; i++)
		d[i] = 0.01 * (i + 1);
	irqstat_signrank(d, 10, 0.95, &s);
	assert_true(s.valid && s.enough);
	assert_int_equal(s.n, 10);
	assert_float_equal(s.p_up, 1.0 / 1024, 1e-12);
	assert_float_equal(s.p_down, 1.0, 1e-12);
	/* The Walsh averages of 0.01..0.10 have median 0.055. */
	assert_float_equal(log(s.point), 0.055, 1e-12);
	/*
	 * n = 10: P(W+ <= 8) = 25/1024 <= 0.025 < P(W+ <= 9) = 33/1024, so
	 * the interval runs from the 9th smallest Walsh average to the 9th
	 * largest, (i + j) / 200 for i <= j: 0.03 and 0.08, with coverage
	 * 1 - 50/1024.
	 */
	assert_float_equal(log(s.lo), 0.03, 1e-12);
	assert_float_equal(log(s.hi), 0.08, 1e-12);
	assert_float_equal(s.level, 1 - 50.0 / 1024, 1e-12);
	assert_float_equal(s.detect, s.hi / s.lo, 1e-12);
}

/* Zeros and non-numbers are left out; five units give no 95% interval. */
static void test_zeros_and_too_few(void **state)
{
	double d[] = { 0, NAN, 0.1, -0.05, 0.2, 0.3, INFINITY, 0.02 };
	struct irqstat_shift s;

	(void)state;
	irqstat_signrank(d, 8, 0.95, &s);
	assert_int_equal(s.n, 5);
	assert_true(s.valid);
	assert_false(s.enough);
	assert_true(isinf(s.hi) && isinf(s.detect));
	/* Ranks by |d|: 0.02 1, -0.05 2, 0.1 3, 0.2 4, 0.3 5: W+ = 13. */
	/* P(W+ >= 13) = P(W+ <= 2): sums 0, 1 and 2, 3 of 32. */
	assert_float_equal(s.p_up, 3.0 / 32, 1e-12);
	irqstat_signrank(d, 0, 0.95, &s);
	assert_false(s.valid);
	assert_int_equal(irqstat_signrank_min_units(0.05 / 50), 10);
	assert_int_equal(irqstat_signrank_min_units(0.05), 5);
}

/*
 * Symmetric units around a known shift: the 95% interval covers it at
 * least 95% of the time (less the simulation's own error), and with no
 * shift the one-sided 2.5% test rejects at most about 2.5%.
 */
static void test_coverage_and_aa_rate(void **state)
{
	const int trials = 3000, n = 12;
	int covered = 0, rejected = 0;
	double d[12], shift = 0.07;
	struct irqstat_shift s;

	(void)state;
	for (int t = 0; t < trials; t++) {
		for (int i = 0; i < n; i++)
			d[i] = shift + 0.1 * gauss() * (1 + (i % 3));
		irqstat_signrank(d, n, 0.95, &s);
		covered += s.enough && s.lo <= exp(shift) && exp(shift) <= s.hi;
		for (int i = 0; i < n; i++)
			d[i] -= shift;
		irqstat_signrank(d, n, 0.95, &s);
		rejected += s.p_up <= 0.025;
	}
	/* 95.5% is the level the exact interval has at n = 12 or more. */
	assert_true(covered >= trials * 0.94);
	assert_true(rejected <= trials * 0.035);
}

/* The normal approximation beyond 300 units agrees with a clear shift. */
static void test_large_normal(void **state)
{
	double d[400];
	struct irqstat_shift s;

	(void)state;
	for (int i = 0; i < 400; i++)
		d[i] = 0.05 + 0.1 * gauss();
	irqstat_signrank(d, 400, 0.95, &s);
	assert_true(s.enough);
	assert_true(s.lo > 1 && s.hi < exp(0.1));
	assert_true(s.p_up < 1e-6);
}

static void test_holm(void **state)
{
	double p[] = { 0.01, 0.04, 0.03, 0.005 };
	double q[] = { 0.011, NAN, 0.2 };
	bool r[4];

	(void)state;
	/* 0.005 <= 0.05/4, 0.01 <= 0.05/3, then 0.03 > 0.05/2 stops. */
	assert_int_equal(irqstat_holm(p, 4, 0.05, r), 2);
	assert_true(r[0] && !r[1] && !r[2] && r[3]);
	/* Bonferroni (0.05/4 = 0.0125) would reject 0.01 and 0.005 too; at
	 * 0.05/3 Holm rejects 0.011 where Bonferroni does not. */
	assert_int_equal(irqstat_holm(q, 3, 0.05, r), 1);
	assert_true(r[0] && !r[1] && !r[2]);
	assert_int_equal(irqstat_holm(q, 0, 0.05, r), 0);
}

static void test_clopper_pearson(void **state)
{
	double lo, hi;

	(void)state;
	/* 0 of 20: [0, 1 - 0.025^(1/20)]. */
	irqstat_clopper_pearson(0, 20, 0.95, &lo, &hi);
	assert_float_equal(lo, 0, 0);
	assert_float_equal(hi, 1 - pow(0.025, 1.0 / 20), 1e-9);
	/* 1 of 20: [0.00127, 0.24873], as tabulated. */
	irqstat_clopper_pearson(1, 20, 0.95, &lo, &hi);
	assert_float_equal(lo, 0.0012650, 1e-6);
	assert_float_equal(hi, 0.2487328, 1e-6);
	/* 20 of 20 mirrors 0 of 20. */
	irqstat_clopper_pearson(20, 20, 0.95, &lo, &hi);
	assert_float_equal(lo, pow(0.025, 1.0 / 20), 1e-9);
	assert_float_equal(hi, 1, 0);
}

static void test_outcome_exits(void **state)
{
	(void)state;
	assert_int_equal(ana_outcome_exit(ANA_PASS), 0);
	assert_int_equal(ana_outcome_exit(ANA_REGRESSION), 2);
	assert_int_equal(ana_outcome_exit(ANA_INCONCLUSIVE), 3);
	assert_string_equal(ana_outcome_name(ANA_INCONCLUSIVE), "inconclusive");
	/* Four distinct codes for pass, regression, inconclusive, bad input. */
	assert_true(ANA_EXIT_BAD_INPUT != ANA_EXIT_PASS &&
		    ANA_EXIT_BAD_INPUT != ANA_EXIT_REGRESSION &&
		    ANA_EXIT_BAD_INPUT != ANA_EXIT_INCONCLUSIVE);
}

/*
 * The rank-sum shift by hand: four runs a side, every new one above
 * every base one by 4 to 7. U is 16 of 16, whose null probability is
 * 1 / C(8, 4) = 1/70; the Hodges-Lehmann point is the median of the 16
 * differences, 4; at 95% the interval is [D_(1), D_(16)] = [1, 7].
 */
static void test_ranksum_by_hand(void **state)
{
	double x[4] = { 1, 2, 3, 4 }, y[4] = { 5, 6, 7, 8 };
	struct irqstat_shift e;

	(void)state;
	assert_false(irqstat_ranksum_can(3, 3, 0.95)); /* 1/20 > 2.5% */
	assert_true(irqstat_ranksum_can(4, 4, 0.95)); /* 1/70 */
	assert_false(irqstat_ranksum_can(2, 1, 0.95));
	irqstat_ranksum(x, 4, y, 4, 0.95, &e);
	assert_true(e.valid && e.enough);
	assert_int_equal(e.n, 8);
	assert_true(fabs(log(e.point) - 4) < 1e-12);
	assert_true(fabs(e.p_up - 1.0 / 70) < 1e-12);
	assert_true(fabs(e.p_down - 1) < 1e-12);
	assert_true(fabs(log(e.lo) - 1) < 1e-12);
	assert_true(fabs(log(e.hi) - 7) < 1e-12);
	assert_true(e.level >= 0.95 && fabs(e.level - (1 - 2.0 / 70)) < 1e-12);
	/* Three a side: a point, no interval at 95%. */
	irqstat_ranksum(x, 3, y, 3, 0.95, &e);
	assert_true(e.valid);
	assert_false(e.enough);
	assert_true(fabs(e.p_up - 1.0 / 20) < 1e-12);
}

/*
 * Runs that are exchangeable (no change): the 95% interval of the
 * rank-sum shift excludes no change at most ~5% of the time; with a
 * shift of 0.3 against a spread of 0.1 it covers the truth as often.
 */
static void test_ranksum_coverage(void **state)
{
	unsigned int aa = 0, covered = 0;
	const int trials = 400;

	(void)state;
	for (int t = 0; t < trials; t++) {
		double x[5], y[6];
		struct irqstat_shift e;

		for (int i = 0; i < 5; i++)
			x[i] = 0.1 * gauss();
		for (int i = 0; i < 6; i++)
			y[i] = 0.1 * gauss();
		irqstat_ranksum(x, 5, y, 6, 0.95, &e);
		assert_true(e.enough);
		aa += e.lo > 1 || e.hi < 1;
		for (int i = 0; i < 6; i++)
			y[i] += 0.3;
		irqstat_ranksum(x, 5, y, 6, 0.95, &e);
		covered += e.lo <= exp(0.3) && exp(0.3) <= e.hi;
	}
	assert_true(aa <= trials * 8 / 100);
	assert_true(covered >= trials * 92 / 100);
}

/* The sign test's p: six rounds of six one way is 2/64. */
static void test_sign_p(void **state)
{
	double d[7] = { 1, 2, 3, 4, 5, 6, 0 };

	(void)state;
	assert_true(fabs(irqstat_sign_p(d, 7) - 2.0 / 64) < 1e-12);
	d[0] = -1;
	assert_true(fabs(irqstat_sign_p(d, 7) - 2 * 7.0 / 64) < 1e-12);
	assert_true(irqstat_sign_p(d, 0) == 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_all_positive),
		cmocka_unit_test(test_zeros_and_too_few),
		cmocka_unit_test(test_coverage_and_aa_rate),
		cmocka_unit_test(test_large_normal),
		cmocka_unit_test(test_holm),
		cmocka_unit_test(test_clopper_pearson),
		cmocka_unit_test(test_outcome_exits),
		cmocka_unit_test(test_ranksum_by_hand),
		cmocka_unit_test(test_ranksum_coverage),
		cmocka_unit_test(test_sign_p),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
