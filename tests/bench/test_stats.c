// SPDX-License-Identifier: GPL-2.0
/*
 * bench_latency_compute(): nearest-rank percentiles (p(q) = v[ceil(q n) -
 * 1]) on arrays whose answers are known by hand, duplicates, unsorted
 * input, no values at all, an exact mean of values near 2^63, and a large
 * random array checked against a sort of its own.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "bench.h"

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
	struct bench_latency l;
	uint64_t v[1] = { 7 };

	(void)state;
	memset(&l, 0xa5, sizeof(l));
	bench_latency_compute(v, 0, &l);
	assert_int_equal(l.count, 0);
	assert_int_equal(l.min, 0);
	assert_int_equal(l.p50, 0);
	assert_int_equal(l.p90, 0);
	assert_int_equal(l.p99, 0);
	assert_int_equal(l.p999, 0);
	assert_int_equal(l.max, 0);
	assert_true(l.mean == 0.0);
	assert_int_equal(v[0], 7);
}

static void test_one_value_is_every_statistic(void **state)
{
	struct bench_latency l;
	uint64_t v[1] = { 42 };

	(void)state;
	bench_latency_compute(v, 1, &l);
	assert_int_equal(l.count, 1);
	assert_int_equal(l.min, 42);
	assert_int_equal(l.p50, 42);
	assert_int_equal(l.p90, 42);
	assert_int_equal(l.p99, 42);
	assert_int_equal(l.p999, 42);
	assert_int_equal(l.max, 42);
	assert_true(l.mean == 42.0);
}

static void test_one_to_thousand_shuffled(void **state)
{
	struct bench_latency l;
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
	bench_latency_compute(v, 1000, &l);
	assert_int_equal(l.count, 1000);
	assert_int_equal(l.min, 1);
	assert_int_equal(l.p50, 500);
	assert_int_equal(l.p90, 900);
	assert_int_equal(l.p99, 990);
	assert_int_equal(l.p999, 999);
	assert_int_equal(l.max, 1000);
	assert_true(l.mean == 500.5);
	/* Sorted in place. */
	for (unsigned int i = 0; i < 1000; i++)
		assert_int_equal(v[i], i + 1);
}

static void test_ten_values_ranks_round_up(void **state)
{
	struct bench_latency l;
	uint64_t v[10] = { 10, 3, 7, 1, 9, 2, 8, 4, 6, 5 };

	(void)state;
	bench_latency_compute(v, 10, &l);
	assert_int_equal(l.p50, 5); /* ceil(5) = 5 */
	assert_int_equal(l.p90, 9); /* ceil(9) = 9 */
	assert_int_equal(l.p99, 10); /* ceil(9.9) = 10 */
	assert_int_equal(l.p999, 10);
	assert_true(l.mean == 5.5);
}

static void test_duplicates(void **state)
{
	struct bench_latency l;
	uint64_t v[6] = { 5, 5, 9, 1, 5, 1 };
	const uint64_t sorted[6] = { 1, 1, 5, 5, 5, 9 };

	(void)state;
	bench_latency_compute(v, 6, &l);
	assert_memory_equal(v, sorted, sizeof(sorted));
	assert_int_equal(l.min, 1);
	assert_int_equal(l.p50, 5); /* ceil(3) = 3 -> v[2] */
	assert_int_equal(l.p90, 9); /* ceil(5.4) = 6 -> v[5] */
	assert_int_equal(l.p99, 9);
	assert_int_equal(l.p999, 9);
	assert_int_equal(l.max, 9);
	assert_true(l.mean == 26.0 / 6.0);
}

static void test_mean_is_exact_near_two_to_the_63(void **state)
{
	struct bench_latency l;
	uint64_t v[4] = { 1ULL << 63, 1ULL << 63, 1ULL << 63, 1ULL << 63 };

	(void)state;
	bench_latency_compute(v, 4, &l);
	assert_true(l.mean == 9223372036854775808.0);
}

/* Many values, with every byte of the value used. */
static void test_large_random_matches_qsort(void **state)
{
	const size_t n = 200000;
	uint64_t *v = malloc(n * sizeof(*v)), *ref = malloc(n * sizeof(*v));
	uint64_t s = 12345;
	struct bench_latency l;

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
	bench_latency_compute(v, n, &l);
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
	bench_latency_compute(v, n, &l);
	assert_memory_equal(v, ref, n * sizeof(*v));
	free(v);
	free(ref);
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
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
