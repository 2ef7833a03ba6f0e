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
#include "analysis/stats.h"

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

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

static uint64_t *exp_sample(uint64_t *s, size_t n, double scale)
{
	uint64_t *v = malloc(n * sizeof(*v));

	assert_non_null(v);
	for (size_t i = 0; i < n; i++) {
		double u = ((double)(next(s) >> 11) + 0.5) * 0x1.0p-53;

		v[i] = (uint64_t)(1000 + scale * -log(u));
	}
	irqstat_sort(v, n);
	return v;
}

/*
 * Two exponential populations whose medians differ by a known factor: the
 * 95% interval covers the true ratio in about 95 of 100 trials.
 */
static void test_bootstrap_coverage(void **state)
{
	/* medians 1000 + 3000 ln 2 and 1000 + 1000 ln 2 */
	const double truth = (1000 + 3000 * M_LN2) / (1000 + 1000 * M_LN2);
	unsigned int covered = 0, trials = 100;
	uint64_t s = 2024;

	(void)state;
	for (unsigned int t = 0; t < trials; t++) {
		uint64_t *a = exp_sample(&s, 1500, 3000);
		uint64_t *b = exp_sample(&s, 2000, 1000);
		struct irqstat_ratio r;

		assert_int_equal(irqstat_ratio_ci(a, 1500, b, 2000, 500, 1000,
						  0.95, t + 1, &r),
				 0);
		assert_true(r.valid);
		assert_true(r.lo <= r.point && r.point <= r.hi);
		covered += r.lo <= truth && truth <= r.hi;
		assert_int_equal(irqstat_verdict(&r), IRQSTAT_HIGHER);
		free(a);
		free(b);
	}
	assert_true(covered >= 88 && covered <= 99);
}

static void test_bootstrap_verdicts_and_seed(void **state)
{
	uint64_t s = 5, *a = exp_sample(&s, 3000, 1000);
	uint64_t *b = exp_sample(&s, 3000, 1000);
	struct irqstat_ratio r1, r2, r3;

	(void)state;
	/* The same population twice: no difference shown. */
	assert_int_equal(irqstat_ratio_ci(a, 3000, b, 3000, 500, 2000, 0.95, 42,
					  &r1),
			 0);
	assert_true(r1.lo < 1 && r1.hi > 1);
	assert_int_equal(irqstat_verdict(&r1), IRQSTAT_SAME);
	/* The same seed, the same interval; another seed, another. */
	assert_int_equal(irqstat_ratio_ci(a, 3000, b, 3000, 500, 2000, 0.95, 42,
					  &r2),
			 0);
	assert_true(r1.lo == r2.lo && r1.hi == r2.hi);
	assert_int_equal(irqstat_ratio_ci(a, 3000, b, 3000, 500, 2000, 0.95, 43,
					  &r3),
			 0);
	assert_true(r1.lo != r3.lo || r1.hi != r3.hi);
	assert_true(r1.point == r3.point);
	/* p99 of a set against itself halved: a is higher, b lower. */
	for (size_t i = 0; i < 3000; i++)
		b[i] = a[i] / 2;
	assert_int_equal(
		irqstat_ratio_ci(a, 3000, b, 3000, 990, 2000, 0.95, 1, &r1), 0);
	assert_int_equal(irqstat_verdict(&r1), IRQSTAT_HIGHER);
	assert_int_equal(
		irqstat_ratio_ci(b, 3000, a, 3000, 990, 2000, 0.95, 1, &r1), 0);
	assert_int_equal(irqstat_verdict(&r1), IRQSTAT_LOWER);
	assert_true(r1.hi < 1);
	free(a);
	free(b);
}

static void test_bootstrap_degenerate_sets(void **state)
{
	uint64_t one_a[1] = { 30 }, one_b[1] = { 10 }, zero[3] = { 0, 0, 0 };
	struct irqstat_ratio r;

	(void)state;
	/* Empty: no ratio, and no verdict. */
	assert_int_equal(
		irqstat_ratio_ci(one_a, 0, one_b, 1, 500, 100, 0.95, 1, &r), 0);
	assert_false(r.valid);
	assert_int_equal(irqstat_verdict(&r), IRQSTAT_SAME);
	assert_int_equal(
		irqstat_ratio_ci(one_a, 1, one_b, 0, 500, 100, 0.95, 1, &r), 0);
	assert_false(r.valid);
	/* One value each: every resample is that value. */
	assert_int_equal(
		irqstat_ratio_ci(one_a, 1, one_b, 1, 500, 100, 0.95, 1, &r), 0);
	assert_true(r.valid);
	assert_true(r.point == 3.0 && r.lo == 3.0 && r.hi == 3.0);
	assert_int_equal(irqstat_verdict(&r), IRQSTAT_HIGHER);
	/* A zero denominator: no ratio. */
	assert_int_equal(
		irqstat_ratio_ci(one_a, 1, zero, 3, 500, 100, 0.95, 1, &r), 0);
	assert_false(r.valid);
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
		cmocka_unit_test(test_bootstrap_coverage),
		cmocka_unit_test(test_bootstrap_verdicts_and_seed),
		cmocka_unit_test(test_bootstrap_degenerate_sets),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
