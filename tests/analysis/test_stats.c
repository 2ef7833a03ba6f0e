// SPDX-License-Identifier: GPL-2.0
/*
 * irqstat_compute(): nearest-rank percentiles (p(q) = v[ceil(q n) -
 * 1]) on arrays whose answers are known by hand, duplicates, unsorted
 * input, no values at all, an exact mean of values near 2^63, and a large
 * random array checked against a sort of its own.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include "analysis/infer.h"
#include "analysis/stats.h"

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

static int cmp_double_test(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* xorshift64*: the test's own reproducible values. */
static uint64_t next(uint64_t *s)
{
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 2685821657736338717ULL;
}

static void test_no_values_is_all_zero(void **state)
{
	struct irqstat l;
	uint64_t v[1] = { 7 };

	(void)state;
	memset(&l, 0xa5, sizeof(l));
	irqstat_compute(v, 0, &l);
	assert_int_equal(l.count, 0);
	assert_int_equal(l.min, 0);
	assert_int_equal(l.p50, 0);
	assert_int_equal(l.p90, 0);
	assert_int_equal(l.p99, 0);
	assert_int_equal(l.p999, 0);
	assert_int_equal(l.max, 0);
	assert_true(l.mean == 0.0);
	assert_true(l.stddev == 0.0);
	assert_int_equal(v[0], 7);
}

static void test_one_value_is_every_statistic(void **state)
{
	struct irqstat l;
	uint64_t v[1] = { 42 };

	(void)state;
	irqstat_compute(v, 1, &l);
	assert_int_equal(l.count, 1);
	assert_int_equal(l.min, 42);
	assert_int_equal(l.p50, 42);
	assert_int_equal(l.p90, 42);
	assert_int_equal(l.p99, 42);
	assert_int_equal(l.p999, 42);
	assert_int_equal(l.max, 42);
	assert_true(l.mean == 42.0);
	assert_true(l.stddev == 0.0);
}

static void test_one_to_thousand_shuffled(void **state)
{
	struct irqstat l;
	uint64_t v[1000], s = 1;

	(void)state;
	for (unsigned int i = 0; i < 1000; i++)
		v[i] = i + 1;
	for (unsigned int i = 999; i > 0; i--) {
		unsigned int j = (unsigned int)(next(&s) % (i + 1));
		uint64_t t = v[i];

		v[i] = v[j];
		v[j] = t;
	}
	irqstat_compute(v, 1000, &l);
	assert_int_equal(l.count, 1000);
	assert_int_equal(l.min, 1);
	assert_int_equal(l.p50, 500);
	assert_int_equal(l.p90, 900);
	assert_int_equal(l.p99, 990);
	assert_int_equal(l.p999, 999);
	assert_int_equal(l.max, 1000);
	assert_true(l.mean == 500.5);
	/* Sample variance of 1..n is n (n + 1) / 12. */
	assert_true(fabs(l.stddev - sqrt(1000.0 * 1001.0 / 12.0)) < 1e-9);
	/* Sorted in place. */
	for (unsigned int i = 0; i < 1000; i++)
		assert_int_equal(v[i], i + 1);
}

static void test_ten_values_ranks_round_up(void **state)
{
	struct irqstat l;
	uint64_t v[10] = { 10, 3, 7, 1, 9, 2, 8, 4, 6, 5 };

	(void)state;
	irqstat_compute(v, 10, &l);
	assert_int_equal(l.p50, 5); /* ceil(5) = 5 */
	assert_int_equal(l.p90, 9); /* ceil(9) = 9 */
	assert_int_equal(l.p99, 10); /* ceil(9.9) = 10 */
	assert_int_equal(l.p999, 10);
	assert_true(l.mean == 5.5);
}

static void test_duplicates(void **state)
{
	struct irqstat l;
	uint64_t v[6] = { 5, 5, 9, 1, 5, 1 };
	const uint64_t sorted[6] = { 1, 1, 5, 5, 5, 9 };

	(void)state;
	irqstat_compute(v, 6, &l);
	assert_memory_equal(v, sorted, sizeof(sorted));
	assert_int_equal(l.min, 1);
	assert_int_equal(l.p50, 5); /* ceil(3) = 3 -> v[2] */
	assert_int_equal(l.p90, 9); /* ceil(5.4) = 6 -> v[5] */
	assert_int_equal(l.p99, 9);
	assert_int_equal(l.p999, 9);
	assert_int_equal(l.max, 9);
	assert_true(l.mean == 26.0 / 6.0);
	/* sum x^2 = 158, n mean^2 = 338 / 3: ss = 136 / 3, over n - 1 = 5. */
	assert_true(fabs(l.stddev - sqrt(136.0 / 15.0)) < 1e-12);
}

static void test_mean_is_exact_near_two_to_the_63(void **state)
{
	struct irqstat l;
	uint64_t v[4] = { 1ULL << 63, 1ULL << 63, 1ULL << 63, 1ULL << 63 };

	(void)state;
	irqstat_compute(v, 4, &l);
	assert_true(l.mean == 9223372036854775808.0);
}

/* Many values, with every byte of the value used. */
static void test_large_random_matches_qsort(void **state)
{
	const size_t n = 200000;
	uint64_t *v = malloc(n * sizeof(*v)), *ref = malloc(n * sizeof(*v));
	uint64_t s = 12345;
	struct irqstat l;

	(void)state;
	assert_non_null(v);
	assert_non_null(ref);
	for (size_t i = 0; i < n; i++) {
		/* Mostly small, as latencies are; a few huge. */
		uint64_t x = next(&s);

		v[i] = i % 97 ? x % 100000 : x;
		ref[i] = v[i];
	}
	qsort(ref, n, sizeof(*ref), cmp_u64);
	irqstat_compute(v, n, &l);
	assert_memory_equal(v, ref, n * sizeof(*v));
	assert_int_equal(l.count, n);
	assert_int_equal(l.min, ref[0]);
	assert_int_equal(l.max, ref[n - 1]);
	assert_int_equal(l.p50, ref[n / 2 - 1]);
	assert_int_equal(l.p90, ref[n * 9 / 10 - 1]);
	assert_int_equal(l.p99, ref[n * 99 / 100 - 1]);
	assert_int_equal(l.p999, ref[n * 999 / 1000 - 1]);

	/* Values sharing their high bytes: the skipped passes. */
	for (size_t i = 0; i < n; i++) {
		v[i] = 0x1234567800000000ULL | (next(&s) & 0xffff);
		ref[i] = v[i];
	}
	qsort(ref, n, sizeof(*ref), cmp_u64);
	irqstat_compute(v, n, &l);
	assert_memory_equal(v, ref, n * sizeof(*v));
	free(v);
	free(ref);
}

/* sub_bits 2, max_exp 6: 4 unit buckets, then 4 per power of two to 64. */
static void test_histogram_buckets_by_hand(void **state)
{
	static const struct {
		uint64_t v;
		size_t i;
	} want[] = {
		{ 0, 0 },   { 3, 3 },	{ 4, 4 },   { 7, 7 },	{ 8, 8 },
		{ 9, 8 },   { 10, 9 },	{ 15, 11 }, { 16, 12 }, { 19, 12 },
		{ 20, 13 }, { 31, 15 }, { 32, 16 }, { 39, 16 }, { 63, 19 },
	};
	struct loghist h;

	(void)state;
	assert_int_equal(loghist_init(&h, 2, 6), 0);
	assert_int_equal(h.nbuckets, 20);
	for (size_t k = 0; k < sizeof(want) / sizeof(want[0]); k++)
		assert_int_equal(loghist_index(&h, want[k].v), want[k].i);
	assert_int_equal(loghist_index(&h, 64), h.nbuckets);
	assert_int_equal(loghist_index(&h, UINT64_MAX), h.nbuckets);
	assert_int_equal(loghist_low(&h, 8), 8);
	assert_int_equal(loghist_width(&h, 8), 2);
	assert_int_equal(loghist_low(&h, 19), 56);
	assert_int_equal(loghist_width(&h, 19), 8);
	/* Every value below 64 lies in its bucket; buckets tile 0..63. */
	for (uint64_t v = 0; v < 64; v++) {
		size_t i = loghist_index(&h, v);

		assert_true(loghist_low(&h, i) <= v);
		assert_true(v < loghist_low(&h, i) + loghist_width(&h, i));
	}
	for (size_t i = 0; i + 1 < h.nbuckets; i++)
		assert_int_equal(loghist_low(&h, i) + loghist_width(&h, i),
				 loghist_low(&h, i + 1));
	for (uint64_t v = 0; v < 70; v++)
		loghist_add(&h, v);
	assert_int_equal(h.total, 70);
	assert_int_equal(h.overflow, 6);
	assert_int_equal(h.counts[19], 8);
	assert_int_equal(h.counts[0], 1);
	loghist_free(&h);

	assert_int_equal(loghist_init(&h, 0, 6), -EINVAL);
	assert_int_equal(loghist_init(&h, 4, 4), -EINVAL);
	assert_int_equal(loghist_init(&h, 4, 64), -EINVAL);
}

/* Relative bucket width stays under 2^-sub_bits at any magnitude. */
static void test_histogram_relative_error(void **state)
{
	struct loghist h;
	uint64_t s = 99;

	(void)state;
	assert_int_equal(loghist_init(&h, 5, 40), 0);
	for (int k = 0; k < 100000; k++) {
		uint64_t v = next(&s) >> (24 + next(&s) % 40);
		size_t i = loghist_index(&h, v);

		if (i == h.nbuckets) {
			assert_true(v >> 40);
			continue;
		}
		assert_true(loghist_low(&h, i) <= v);
		assert_true(v - loghist_low(&h, i) < loghist_width(&h, i));
		if (v >= 32)
			assert_true(loghist_width(&h, i) * 32 <=
				    loghist_low(&h, i));
	}
	loghist_free(&h);
}

/*
 * The shortcut: the median of a resample of 11 sorted values, drawn as
 * v[floor(Beta(6, 6) * 11)], has the same distribution as the median of
 * 11 values drawn with replacement.
 */
static void test_beta_shortcut_is_the_bootstrap(void **state)
{
	enum { N = 11, K = 6, REPS = 200000 };
	unsigned int fast[N] = { 0 }, slow[N] = { 0 };
	struct irqstat_rng r = { 7 };

	(void)state;
	for (int rep = 0; rep < REPS; rep++) {
		uint64_t idx[N];
		size_t i = (size_t)(irqstat_rng_beta(&r, K, N - K + 1) * N);

		fast[i < N ? i : N - 1]++;
		for (int j = 0; j < N; j++)
			idx[j] = irqstat_rng_next(&r) % N;
		qsort(idx, N, sizeof(idx[0]), cmp_u64);
		slow[idx[K - 1]]++;
	}
	for (int i = 0; i < N; i++)
		assert_true(fabs((double)fast[i] - slow[i]) / REPS < 0.006);
	/* Not a vacuous match: the middle value is the likeliest. */
	assert_true(fast[5] > fast[0] * 20);
}

/*
 * The radix sort against qsort: sizes on both sides of its threshold,
 * values narrow (one byte varies), wide (every byte, the top bit set),
 * all equal, and mostly duplicates.
 */
static void test_sort_agrees_with_qsort(void **state)
{
	static const size_t sizes[] = { 2, 511, 512, 513, 4096, 100003 };
	static const uint64_t masks[] = { 0xff00, ~0ULL, 0, 0x7 };
	uint64_t s = 77;

	(void)state;
	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++)
		for (size_t m = 0; m < sizeof(masks) / sizeof(masks[0]); m++) {
			size_t n = sizes[i];
			uint64_t *a = malloc(n * sizeof(*a));
			uint64_t *b = malloc(n * sizeof(*b));

			assert_non_null(a);
			assert_non_null(b);
			for (size_t k = 0; k < n; k++)
				a[k] = b[k] = (next(&s) & masks[m]) | 0x30000;
			irqstat_sort(a, n);
			qsort(b, n, sizeof(*b), cmp_u64);
			assert_memory_equal(a, b, n * sizeof(*a));
			free(a);
			free(b);
		}
}

/* A standard normal from the test's generator (Box-Muller). */
static double gauss(uint64_t *s)
{
	double u = ((double)(next(s) >> 11) + 0.5) * 0x1.0p-53;
	double v = ((double)(next(s) >> 11) + 0.5) * 0x1.0p-53;

	return sqrt(-2 * log(u)) * cos(2 * M_PI * v);
}

static void test_t_quantiles(void **state)
{
	(void)state;
	/* Tables of Student's t, two-sided 95% and 99%. */
	assert_true(fabs(irqstat_t_quantile(0.975, 1) - 12.7062) < 1e-3);
	assert_true(fabs(irqstat_t_quantile(0.975, 5) - 2.5706) < 1e-4);
	assert_true(fabs(irqstat_t_quantile(0.975, 30) - 2.0423) < 1e-4);
	assert_true(fabs(irqstat_t_quantile(0.995, 10) - 3.1693) < 1e-4);
	assert_true(fabs(irqstat_t_quantile(0.975, INFINITY) - 1.95996) < 1e-4);
	assert_true(fabs(irqstat_t_quantile(0.025, 5) + 2.5706) < 1e-4);
	assert_true(isnan(irqstat_t_quantile(1, 5)));
	assert_true(isnan(irqstat_t_quantile(0.5, 0)));
}

/*
 * One block of @n events: each event's latency is @scale times a block
 * factor shared by every event of the block (a host that was slow for a
 * while, a coalescing mode) times its own noise. Events within a block are
 * therefore correlated; blocks are independent.
 */
static void block_events(uint64_t *s, uint64_t *v, size_t n, double scale,
			 double block_sd)
{
	double f = exp(block_sd * gauss(s));

	for (size_t i = 0; i < n; i++)
		v[i] = (uint64_t)(scale * f * exp(0.2 * gauss(s)));
}

/*
 * What events-as-units gives on such data: the percentile bootstrap of
 * the ratio of pooled medians, resampling events independently (the Beta
 * shortcut of test_beta_shortcut_is_the_bootstrap, which is exact).
 */
static bool iid_covers(uint64_t *a, uint64_t *b, size_t n, double truth,
		       uint64_t seed)
{
	enum { REPS = 400 };
	double rep[REPS];
	struct irqstat_rng r = { seed };
	size_t k = irqstat_rank(n, 500) + 1;

	irqstat_sort(a, n);
	irqstat_sort(b, n);
	for (int i = 0; i < REPS; i++) {
		size_t x = (size_t)(irqstat_rng_beta(&r, k, n - k + 1) * n);
		size_t y = (size_t)(irqstat_rng_beta(&r, k, n - k + 1) * n);

		rep[i] = (double)a[x < n ? x : n - 1] / b[y < n ? y : n - 1];
	}
	qsort(rep, REPS, sizeof(rep[0]), cmp_double_test);
	return rep[REPS / 40] <= truth && truth <= rep[REPS - REPS / 40 - 1];
}

/*
 * Correlated samples: design x is 1.25 times design y, the host moves
 * whole blocks by 15% (sd of the log). Pooling 12 x 400 events as if they
 * were independent gives an interval that misses the truth most of the
 * time; rounds of paired blocks cover it at the stated 95%.
 */
static void test_correlated_blocks_coverage(void **state)
{
	enum { TRIALS = 300, ROUNDS = 12, EV = 400 };
	const double truth = 1.25;
	unsigned int paired = 0, iid = 0, verdicts = 0;
	uint64_t s = 99;
	uint64_t *a = malloc(ROUNDS * EV * sizeof(*a));
	uint64_t *b = malloc(ROUNDS * EV * sizeof(*b));

	(void)state;
	assert_non_null(a);
	assert_non_null(b);
	for (unsigned int t = 0; t < TRIALS; t++) {
		double qa[ROUNDS], qb[ROUNDS];
		struct irqstat_effect e;

		for (int r = 0; r < ROUNDS; r++) {
			block_events(&s, a + r * EV, EV, 1000 * truth, 0.15);
			block_events(&s, b + r * EV, EV, 1000, 0.15);
			qa[r] = irqstat_quantile(a + r * EV, EV, 500);
			qb[r] = irqstat_quantile(b + r * EV, EV, 500);
		}
		irqstat_paired_ci(qa, qb, ROUNDS, 0.95, &e);
		assert_true(e.valid && e.enough);
		assert_int_equal(e.n, ROUNDS);
		assert_true(e.lo <= e.point && e.point <= e.hi);
		paired += e.lo <= truth && truth <= e.hi;
		verdicts += irqstat_verdict(&e) == IRQSTAT_HIGHER;
		iid += iid_covers(a, b, ROUNDS * EV, truth, t + 1);
	}
	free(a);
	free(b);
	/* The sign test's 12-round interval covers 96.1%: Binomial(300,
	 * 0.961) is in 275..297 with probability > 0.999. */
	assert_true(paired >= 275 && paired <= 297);
	assert_true(iid < TRIALS / 2);
	/* And the shift itself is seen most of the time. */
	assert_true(verdicts > TRIALS / 2);
}

/*
 * A/A: the same design twice gives a verdict at most 5% of the time; with
 * 12 rounds the sign test's interval covers 96.1%, so about 3.9%.
 */
static void test_paired_aa_rate(void **state)
{
	enum { TRIALS = 400, ROUNDS = 12, EV = 200 };
	unsigned int verdicts = 0;
	uint64_t s = 3;
	uint64_t v[EV];

	(void)state;
	for (unsigned int t = 0; t < TRIALS; t++) {
		double qa[ROUNDS], qb[ROUNDS];
		struct irqstat_effect e;

		for (int r = 0; r < ROUNDS; r++) {
			block_events(&s, v, EV, 1500, 0.3);
			qa[r] = irqstat_quantile(v, EV, 990);
			block_events(&s, v, EV, 1500, 0.3);
			qb[r] = irqstat_quantile(v, EV, 990);
		}
		irqstat_paired_ci(qa, qb, ROUNDS, 0.95, &e);
		verdicts += irqstat_verdict(&e) != IRQSTAT_SAME;
	}
	/* Binomial(400, 0.039): mean 15.6, sd 3.9. */
	assert_true(verdicts >= 4 && verdicts <= 32);
}

static void test_paired_too_few_rounds(void **state)
{
	double x[8] = { 2, 2, 2, 2, 2, NAN, 2, 0 };
	double y[8] = { 1, 1, 1, 1, 1, 1, -1, 1 };
	struct irqstat_effect e;

	(void)state;
	/* Rounds 5 to 7 have no value on a side: five rounds are left. */
	irqstat_paired_ci(x, y, 8, 0.95, &e);
	assert_true(e.valid);
	assert_false(e.enough);
	assert_int_equal(e.n, 5);
	assert_true(fabs(e.point - 2) < 1e-12);
	assert_int_equal(irqstat_verdict(&e), IRQSTAT_UNKNOWN);
	/* Six identical rounds: a zero-width interval, a verdict. */
	x[5] = 2;
	irqstat_paired_ci(x, y, 6, 0.95, &e);
	assert_true(e.enough);
	assert_true(e.lo == e.hi && fabs(e.lo - 2) < 1e-12);
	assert_int_equal(irqstat_verdict(&e), IRQSTAT_HIGHER);
	/* Nothing at all. */
	irqstat_paired_ci(x, y, 0, 0.95, &e);
	assert_false(e.valid);
	assert_int_equal(irqstat_verdict(&e), IRQSTAT_UNKNOWN);
}

/*
 * One stalled block must not move a run: the run's summary is the
 * median of its blocks' log quantiles, so a block 100x slower moves it
 * by at most one rank of the others, where the mean moved 1.26x (and
 * ln 100 / 12 = 0.38 here).
 */
static void test_runsum_stalled_block(void **state)
{
	double q[12], sorted[12];
	struct irqstat_runsum a, b;
	uint64_t s = 5;

	(void)state;
	for (int i = 0; i < 12; i++)
		q[i] = sorted[i] = exp(7 + 0.05 * gauss(&s));
	irqstat_runsum(q, 12, &a);
	for (int i = 1; i < 12; i++)
		for (int j = i; j > 0 && sorted[j - 1] > sorted[j]; j--) {
			double t = sorted[j];

			sorted[j] = sorted[j - 1];
			sorted[j - 1] = t;
		}
	/* Block 3 stalls: whichever rank it had, it becomes the last. */
	q[3] *= 100;
	irqstat_runsum(q, 12, &b);
	assert_int_equal(b.blocks, 12);
	/* Between the 6th and 7th smallest before, and the 7th after. */
	assert_true(b.centre >= log(sorted[5]) - 1e-12);
	assert_true(b.centre <= log(sorted[6]) + 1e-12);
	assert_true(fabs(b.centre - a.centre) <=
		    log(sorted[6]) - log(sorted[5]) + 1e-12);
	assert_true(fabs(b.centre - a.centre) < 0.05);
	/* The block spread is robust too: the MAD ignores the stall. */
	assert_true(b.within < 4 * a.within);
	/* One block: a centre, but no spread to speak of. */
	irqstat_runsum(q, 1, &a);
	assert_int_equal(a.blocks, 1);
	assert_true(isinf(a.within));
}

/*
 * Three runs a side, ten cells: the run-to-run spread pooled over the
 * cells from the replicates within each side (irqstat_pooled_var), never
 * from the differences; the t interval of a 10% shift covers it about
 * 95% of the time, and a cell with no change is called different about
 * 5% of the time.
 */
static void test_runs_replicated(void **state)
{
	enum { CELLS = 10, RUNS = 3, TRIALS = 100 };
	unsigned int covered = 0, total = 0, aa = 0;
	uint64_t s = 23;

	(void)state;
	for (int t = 0; t < TRIALS; t++) {
		double x[CELLS][RUNS], y[CELLS][RUNS], v[CELLS], var, df;

		for (int i = 0; i < CELLS; i++) {
			double mx = 0, my = 0, ss = 0;

			for (int r = 0; r < RUNS; r++) {
				x[i][r] = 7 + 0.1 * gauss(&s);
				y[i][r] = 7 + (i ? 0.1 : 0) + 0.1 * gauss(&s);
				mx += x[i][r] / RUNS;
				my += y[i][r] / RUNS;
			}
			for (int r = 0; r < RUNS; r++)
				ss += (x[i][r] - mx) * (x[i][r] - mx) +
				      (y[i][r] - my) * (y[i][r] - my);
			v[i] = ss / (2 * RUNS - 2);
		}
		var = irqstat_pooled_var(v, CELLS, 2 * RUNS - 2, &df);
		assert_true(df > CELLS);
		for (int i = 0; i < CELLS; i++) {
			struct irqstat_shift e;

			irqstat_runs_shift(x[i], RUNS, y[i], RUNS, var, df,
					   0.95, &e);
			assert_true(e.enough);
			if (!i) {
				aa += e.lo > 1 || e.hi < 1;
				continue;
			}
			covered += e.lo <= exp(0.1) && exp(0.1) <= e.hi;
			total++;
		}
	}
	assert_true(covered >= total * 90 / 100);
	assert_true(covered <= total * 99 / 100);
	assert_true(aa <= TRIALS / 10);
}

/* One run a side: no replicate, no spread, no interval; only a point. */
static void test_runs_one_a_side(void **state)
{
	double x = 7, y = 7.3, v[3] = { NAN, NAN, NAN }, df;
	struct irqstat_shift e;

	(void)state;
	assert_true(irqstat_pooled_var(v, 3, 0, &df) == 0);
	assert_true(df == 0);
	irqstat_runs_shift(&x, 1, &y, 1, 0, df, 0.95, &e);
	assert_true(e.valid);
	assert_false(e.enough);
	assert_true(fabs(e.point - exp(0.3)) < 1e-12);
	assert_true(isinf(e.detect));
	/* A side with no value: not even a point. */
	y = NAN;
	irqstat_runs_shift(&x, 1, &y, 1, 0.01, 10, 0.95, &e);
	assert_false(e.valid);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_no_values_is_all_zero),
		cmocka_unit_test(test_one_value_is_every_statistic),
		cmocka_unit_test(test_one_to_thousand_shuffled),
		cmocka_unit_test(test_ten_values_ranks_round_up),
		cmocka_unit_test(test_duplicates),
		cmocka_unit_test(test_mean_is_exact_near_two_to_the_63),
		cmocka_unit_test(test_large_random_matches_qsort),
		cmocka_unit_test(test_histogram_buckets_by_hand),
		cmocka_unit_test(test_histogram_relative_error),
		cmocka_unit_test(test_beta_shortcut_is_the_bootstrap),
		cmocka_unit_test(test_sort_agrees_with_qsort),
		cmocka_unit_test(test_t_quantiles),
		cmocka_unit_test(test_correlated_blocks_coverage),
		cmocka_unit_test(test_paired_aa_rate),
		cmocka_unit_test(test_paired_too_few_rounds),
		cmocka_unit_test(test_runsum_stalled_block),
		cmocka_unit_test(test_runs_replicated),
		cmocka_unit_test(test_runs_one_a_side),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
