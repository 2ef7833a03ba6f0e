// SPDX-License-Identifier: GPL-2.0
/*
 * Placement on synthetic topologies: each policy finds the PU it names,
 * adapts with a note when the machine lacks it, refuses when strict, and
 * never lets spinning threads share a PU.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>
#include <cmocka.h>
#include "bench/bench.h"

static struct bench_topo *topo(const char *synthetic)
{
	struct bench_topo *t = NULL;
	char err[256];

	assert_int_equal(bench_topo_open(&t, NULL, synthetic, err, sizeof(err)),
			 0);
	return t;
}

static struct bench_scenario scenario(enum bench_place dev,
				      enum bench_wait wait, unsigned int cpus)
{
	struct bench_scenario sc = {
		.name = "s",
		.file = "x.ini",
		.line = 3,
		.cpus = cpus,
		.wait = wait,
		.device = dev,
	};

	sc.key_line[BENCH_KEY_DEVICE] = 7;
	sc.key_line[BENCH_KEY_WAIT] = 8;
	return sc;
}

/* 2 packages x 2 cores x 2 PUs: PU 0,1 core 0; 2,3 core 1; 4-7 package 1. */
static void test_policies(void **state)
{
	struct bench_topo *t = topo("pack:2 core:2 pu:2");
	struct bench_placement pl;
	struct bench_scenario sc;
	char err[256];

	(void)state;
	assert_int_equal(bench_topo_nr_pus(t), 8);
	sc = scenario(BENCH_PLACE_SIBLING, BENCH_WAIT_SPIN, 1);
	assert_int_equal(bench_place(t, &sc, &pl, err, sizeof(err)), 0);
	assert_int_equal(pl.cpu_pu[0], 0);
	assert_int_equal(pl.device_pu, 1);
	assert_string_equal(pl.note, "");

	sc = scenario(BENCH_PLACE_OTHER_CORE, BENCH_WAIT_SPIN, 1);
	assert_int_equal(bench_place(t, &sc, &pl, err, sizeof(err)), 0);
	assert_int_equal(pl.device_pu, 2);

	sc = scenario(BENCH_PLACE_OTHER_PACKAGE, BENCH_WAIT_SPIN, 1);
	assert_int_equal(bench_place(t, &sc, &pl, err, sizeof(err)), 0);
	assert_int_equal(pl.device_pu, 4);

	sc = scenario(BENCH_PLACE_ANY, BENCH_WAIT_SPIN, 3);
	sc.cpu_pu = 2;
	assert_int_equal(bench_place(t, &sc, &pl, err, sizeof(err)), 0);
	assert_int_equal(pl.cpu_pu[0], 2);
	assert_int_equal(pl.cpu_pu[1], 3);
	assert_int_equal(pl.cpu_pu[2], 4);
	assert_int_equal(pl.device_pu, 0);
	assert_int_equal(pl.wait, BENCH_WAIT_SPIN);

	sc = scenario(BENCH_PLACE_PU, BENCH_WAIT_SPIN, 1);
	sc.device_pu = 6;
	assert_int_equal(bench_place(t, &sc, &pl, err, sizeof(err)), 0);
	assert_int_equal(pl.device_pu, 6);
	bench_topo_close(t);
}

/* 1 package x 2 cores, no SMT: this project's machines. */
static void test_adapt_and_strict(void **state)
{
	struct bench_topo *t = topo("pack:1 core:2 pu:1");
	struct bench_placement pl;
	struct bench_scenario sc;
	char err[256];

	(void)state;
	sc = scenario(BENCH_PLACE_SIBLING, BENCH_WAIT_SPIN, 1);
	assert_int_equal(bench_place(t, &sc, &pl, err, sizeof(err)), 0);
	assert_int_equal(pl.device_pu, 1);
	assert_non_null(strstr(pl.note, "no sibling PU"));
	sc.strict = true;
	assert_int_equal(bench_place(t, &sc, &pl, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "x.ini:7: device = sibling"));

	/* Spinning CPU and device on one PU: block instead, or refuse. */
	sc = scenario(BENCH_PLACE_SAME_CORE, BENCH_WAIT_SPIN, 1);
	assert_int_equal(bench_place(t, &sc, &pl, err, sizeof(err)), 0);
	assert_int_equal(pl.device_pu, 0);
	assert_int_equal(pl.wait, BENCH_WAIT_BLOCK);
	assert_non_null(strstr(pl.note, "block instead"));
	sc.strict = true;
	assert_int_equal(bench_place(t, &sc, &pl, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "x.ini:8: wait = spin needs 2 PUs"));

	/* Same-core is fine when the CPU blocks. */
	sc = scenario(BENCH_PLACE_SAME_CORE, BENCH_WAIT_BLOCK, 1);
	sc.strict = true;
	assert_int_equal(bench_place(t, &sc, &pl, err, sizeof(err)), 0);
	assert_int_equal(pl.wait, BENCH_WAIT_BLOCK);

	/* Two spinning CPUs and a device do not fit on two PUs. */
	sc = scenario(BENCH_PLACE_ANY, BENCH_WAIT_SPIN, 2);
	assert_int_equal(bench_place(t, &sc, &pl, err, sizeof(err)), 0);
	assert_int_equal(pl.wait, BENCH_WAIT_BLOCK);

	/* Inline: the device thread is CPU 0, one PU is enough. */
	sc = scenario(BENCH_PLACE_ANY, BENCH_WAIT_INLINE, 1);
	sc.strict = true;
	sc.cpu_pu = 1;
	assert_int_equal(bench_place(t, &sc, &pl, err, sizeof(err)), 0);
	assert_int_equal(pl.device_pu, 1);

	/* A PU the machine lacks. */
	sc = scenario(BENCH_PLACE_ANY, BENCH_WAIT_SPIN, 1);
	sc.cpu_pu = 5;
	sc.strict = true;
	assert_int_equal(bench_place(t, &sc, &pl, err, sizeof(err)), -EINVAL);
	assert_non_null(
		strstr(err, "x.ini:3: cpu = 5: this machine has PUs 0-1"));
	sc.strict = false;
	assert_int_equal(bench_place(t, &sc, &pl, err, sizeof(err)), 0);
	assert_int_equal(pl.cpu_pu[0], 0);
	assert_non_null(strstr(pl.note, "cpu = 5"));
	bench_topo_close(t);
}

/* The machine itself: summary, restriction, binding. */
static void test_this_machine(void **state)
{
	struct bench_topo *t = NULL;
	char err[256], buf[512];

	(void)state;
	assert_int_equal(bench_topo_open(&t, "0", NULL, err, sizeof(err)), 0);
	assert_int_equal(bench_topo_nr_pus(t), 1);
	bench_topo_summary(t, buf, sizeof(buf));
	assert_non_null(strstr(buf, "1 PU"));
	assert_int_equal(bench_topo_bind(t, 0), 0);
	bench_topo_close(t);
	assert_int_equal(bench_topo_open(&t, "0-x", NULL, err, sizeof(err)),
			 -EINVAL);
	assert_non_null(strstr(err, "--cpus 0-x"));
	assert_int_equal(bench_topo_open(&t, "100000", NULL, err, sizeof(err)),
			 -EINVAL);
	assert_non_null(strstr(err, "no such CPU"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_policies),
		cmocka_unit_test(test_adapt_and_strict),
		cmocka_unit_test(test_this_machine),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
