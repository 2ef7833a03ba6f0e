// SPDX-License-Identifier: GPL-2.0
/*
 * Stimulus schedules: periodic spacing and phase, burst structure, the
 * Poisson mean, determinism per seed (every design of a block gets the
 * same fire times), and the slot capacity bound.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include "device/stim.h"

static void test_periodic(void **state)
{
	struct bench_stim s;

	(void)state;
	bench_stim_init(&s, BENCH_PAT_PERIODIC, 10000, 1, 0, 250, 1);
	for (uint64_t i = 0; i < 1000; i++)
		assert_int_equal(bench_stim_next(&s), 250 + i * 100000);
}

static void test_burst(void **state)
{
	struct bench_stim s;

	(void)state;
	bench_stim_init(&s, BENCH_PAT_BURST, 1000, 3, 500, 0, 1);
	for (uint64_t b = 0; b < 10; b++)
		for (uint64_t k = 0; k < 3; k++)
			assert_int_equal(bench_stim_next(&s),
					 b * 1000000 + k * 500);
}

static void test_poisson(void **state)
{
	struct bench_stim a, b;
	uint64_t last = 0, t = 0, n = 200000;
	double sumsq = 0;

	(void)state;
	bench_stim_init(&a, BENCH_PAT_POISSON, 100000, 1, 0, 0, 42);
	bench_stim_init(&b, BENCH_PAT_POISSON, 100000, 1, 0, 0, 42);
	for (uint64_t i = 0; i < n; i++) {
		t = bench_stim_next(&a);
		assert_int_equal(t, bench_stim_next(&b));
		assert_true(t >= last);
		sumsq += (double)(t - last) * (double)(t - last);
		last = t;
	}
	/* Mean gap 10 us within 1%; exponential: E[g^2] = 2 mean^2. */
	assert_true(fabs((double)t / (double)n - 10000) < 100);
	assert_true(fabs(sumsq / (double)n / 2e8 - 1) < 0.05);
	assert_true(n < bench_stim_capacity(BENCH_PAT_POISSON, 100000, 1,
					    (double)t));
}

static void test_seeds_differ(void **state)
{
	struct bench_stim a, b;
	int same = 0;

	(void)state;
	assert_int_not_equal(bench_stim_seed(1, 0, 0),
			     bench_stim_seed(1, 1, 0));
	assert_int_not_equal(bench_stim_seed(1, 0, 0),
			     bench_stim_seed(1, 0, 1));
	assert_int_equal(bench_stim_seed(7, 3, 2), bench_stim_seed(7, 3, 2));
	bench_stim_init(&a, BENCH_PAT_POISSON, 1000, 1, 0, 0,
			bench_stim_seed(1, 0, 0));
	bench_stim_init(&b, BENCH_PAT_POISSON, 1000, 1, 0, 0,
			bench_stim_seed(1, 1, 0));
	for (int i = 0; i < 100; i++)
		same += bench_stim_next(&a) == bench_stim_next(&b);
	assert_true(same < 5);
}

static void test_capacity(void **state)
{
	(void)state;
	/* 1 s at 10 kHz: 10000 events, and the one at t = 0. */
	assert_true(bench_stim_capacity(BENCH_PAT_PERIODIC, 10000, 1, 1e9) >=
		    10001);
	assert_true(bench_stim_capacity(BENCH_PAT_BURST, 1000, 4, 1e9) >= 4004);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_periodic),
		cmocka_unit_test(test_burst),
		cmocka_unit_test(test_poisson),
		cmocka_unit_test(test_seeds_differ),
		cmocka_unit_test(test_capacity),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
