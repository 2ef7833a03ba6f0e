// SPDX-License-Identifier: GPL-2.0
/*
 * What a latency is (analysis/formats/latency.c), with known answers: a
 * record's latency from the fire or from the intended time; the rule that a
 * block gives quantile q only with n (1 - q) >= 10 events above it (p50 from
 * 20 events, p99 from 1,000, p99.9 from 10,000), its null for a smaller
 * block; how many blocks of a design resolve q, said in words; and the
 * median over blocks that the ratios set against each other.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "analysis/latency.h"

static void test_origin(void **state)
{
	struct sample s = {
		.intended_ns = 5000,
		.entry_ns = 900,
		.exit_ns = 1500,
		.late_ns = 300,
		.flags = SAMPLE_SERVICED,
	};

	(void)state;
	assert_int_equal(latency_entry(&s, RUN_FROM_INTENDED), 900);
	assert_int_equal(latency_exit(&s, RUN_FROM_INTENDED), 1500);
	assert_int_equal(latency_entry(&s, RUN_FROM_FIRE), 600);
	assert_int_equal(latency_exit(&s, RUN_FROM_FIRE), 1200);
	/* Never serviced stays never; a saturated lateness never wraps. */
	s.entry_ns = SAMPLE_NEVER;
	assert_true(latency_entry(&s, RUN_FROM_FIRE) == SAMPLE_NEVER);
	s.entry_ns = 900;
	s.late_ns = UINT32_MAX;
	assert_int_equal(latency_entry(&s, RUN_FROM_FIRE), 0);
	assert_int_equal(latency_origin_of("fire"), RUN_FROM_FIRE);
	assert_int_equal(latency_origin_of("intended"), RUN_FROM_INTENDED);
	assert_int_equal(latency_origin_of("entry"), -1);
	assert_string_equal(latency_origin_names[RUN_FROM_FIRE], "fire");
}

static void test_resolves(void **state)
{
	(void)state;
	assert_false(latency_resolves(999, 990));
	assert_true(latency_resolves(1000, 990));
	assert_false(latency_resolves(9999, 999));
	assert_true(latency_resolves(10000, 999));
	assert_false(latency_resolves(19, 500));
	assert_true(latency_resolves(20, 500));
	assert_false(latency_resolves(0, 500));
	assert_false(latency_resolves(1000000, 1000));
	assert_int_equal(latency_min_events(990), 1000);
	assert_int_equal(latency_min_events(999), 10000);
	assert_int_equal(latency_min_events(500), 20);
	/* 1 - q = 0.003: 3,334 events put 10.002 above it. */
	assert_int_equal(latency_min_events(997), 3334);
	assert_true(latency_resolves(3334, 997));
	assert_false(latency_resolves(3333, 997));
}

/* 1 .. n in a scrambled order. */
static uint64_t *values(size_t n)
{
	uint64_t *v = malloc(n * sizeof(*v));

	assert_non_null(v);
	for (size_t i = 0; i < n; i++)
		v[i] = (i * 7919) % n + 1;
	return v;
}

static void test_block_quantile(void **state)
{
	uint64_t *v = values(1000);

	(void)state;
	/* 1,000 events: p99 is the 990th, with 10 above it. */
	assert_true(latency_block_quantile(v, 1000, 990) == 990.0);
	assert_true(isnan(latency_block_quantile(v, 1000, 999)));
	/* 999: the p99 would be the 990th of 999, 9 above: none. */
	assert_true(isnan(latency_block_quantile(v, 999, 990)));
	assert_true(isnan(latency_block_quantile(v, 0, 500)));
	free(v);
}

static void test_resolution(void **state)
{
	double p99[4] = { 900, NAN, 1100, 1000 },
	       p999[4] = { NAN, NAN, NAN, NAN };
	struct run_design d = {
		.serviced = 2400,
		.blocks = 4,
		.nblocks = 4,
		.bq = { p99, p99, p999 },
	};
	struct latency_resolution res;
	char buf[160];

	(void)state;
	latency_resolution(&d, RUN_Q99, &res);
	assert_int_equal(res.blocks, 4);
	assert_int_equal(res.resolved, 3);
	assert_int_equal(res.per_block, 600);
	assert_int_equal(res.needed, 1000);
	latency_resolution_fmt(buf, sizeof(buf), &res, "p99");
	assert_string_equal(buf, "p99: resolved in 3 of 4 blocks");
	latency_resolution(&d, RUN_Q999, &res);
	latency_resolution_fmt(buf, sizeof(buf), &res, "p99.9");
	assert_string_equal(
		buf,
		"p99.9: not resolvable (blocks of ~600 events; it needs 10000)");
	/* The nearest-rank median of 900, 1000, 1100. */
	assert_true(latency_block_median(&d, RUN_Q99) == 1000.0);
	assert_true(isnan(latency_block_median(&d, RUN_Q999)));
	d.bq[RUN_Q99] = NULL;
	latency_resolution(&d, RUN_Q99, &res);
	latency_resolution_fmt(buf, sizeof(buf), &res, "p99");
	assert_string_equal(buf, "p99: no blocks");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_origin),
		cmocka_unit_test(test_resolves),
		cmocka_unit_test(test_block_quantile),
		cmocka_unit_test(test_resolution),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
