// SPDX-License-Identifier: GPL-2.0
/*
 * Where a line's latencies start (bench/device/device.h bench_holds_stimulus(),
 * bench_event_latency()): from the intended time where the system under
 * test holds the stimulus back (an inline CPU, whose handler runs on the
 * device thread; a back-to-back device, which waits for its last event's
 * claim), from the fire everywhere else, whatever the pattern.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include "device/device.h"

static void test_holds_stimulus(void **state)
{
	struct bench_scenario sc = { 0 };

	(void)state;
	for (int p = 0; p < BENCH_PAT_NR; p++) {
		sc.pattern = (enum bench_pattern)p;
		/* Inline: a slow handler delays the next fire. */
		assert_true(bench_holds_stimulus(&sc, true));
		assert_int_equal(bench_holds_stimulus(&sc, false),
				 p == BENCH_PAT_BACK_TO_BACK);
	}
}

static void test_event_latency(void **state)
{
	struct bench_line l = { 0 };
	struct bench_event e = { .intended = 1000, .late = 200 };

	(void)state;
	/* From the fire, at 1,200: the 200 ns lateness is not in it. */
	assert_int_equal(bench_event_latency(&l, &e, 1500), 300);
	l.holds_stimulus = true;
	assert_int_equal(bench_event_latency(&l, &e, 1500), 500);
	/* A saturated lateness never makes a latency wrap. */
	l.holds_stimulus = false;
	e.late = UINT32_MAX;
	assert_int_equal(bench_event_latency(&l, &e, 1500), 0);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_holds_stimulus),
		cmocka_unit_test(test_event_latency),
	};

	(void)argc;
	(void)argv;
	return cmocka_run_group_tests(tests, NULL, NULL);
}
