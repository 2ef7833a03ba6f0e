// SPDX-License-Identifier: GPL-2.0
/*
 * The affinity races' harness side (bench/run/race.c), deterministic: a
 * recording family stands for a core's irq_set_affinity(), and the test
 * calls the handler's hook as each simulated CPU in the order it wants.
 *
 * A run on the CPU the line targets moves it to the next CPU (n + 1 mod
 * cpus) and holds until the line's vector was seen pending on that CPU
 * and taken (or 5 ms passed); a run anywhere else is the old CPU running
 * the handler again: counted, with the longest run of them in a row; a
 * move the core refuses leaves the target and the count alone. The
 * block's end adds the register accesses of the line's mask, mask_ack
 * and retrigger operations and the core's migration waits since the
 * block began.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>
#include <cmocka.h>
#include <pthread.h>
#include <unistd.h>
#include <genirq/cpu.h>
#include "device/device.h"
#include "run/race.h"

#define IRQ 40

static unsigned int moved_to[16], nr_moves;
static int move_ret;
static uint64_t waits_n, waits_ns;

static int rec_move(unsigned int irq, unsigned int cpu)
{
	assert_int_equal(irq, IRQ);
	if (move_ret)
		return move_ret;
	moved_to[nr_moves++] = cpu;
	return 0;
}

static void rec_waits(uint64_t *n, uint64_t *ns)
{
	*n = waits_n;
	*ns = waits_ns;
}

static const struct bench_race_family rec = {
	.move = rec_move,
	.waits = rec_waits,
};

static struct bench_scenario sc;
static struct bench_chip_inst ci;
static struct bench_line line;
static struct bench_race_state state;

static void begin(unsigned int cpus)
{
	memset(&sc, 0, sizeof(sc));
	sc.race = BENCH_RACE_EDGE_MIGRATION;
	sc.cpus = cpus;
	ci = (struct bench_chip_inst){ .irq = IRQ };
	line = (struct bench_line){ .sc = &sc, .ci = &ci, .race = &state };
	nr_moves = 0;
	move_ret = 0;
	assert_int_equal(bench_race_block_begin(&line, &rec, IRQ, false), 0);
	/* the block starts with the line on CPU 0 */
	assert_int_equal(nr_moves, 1);
	assert_int_equal(moved_to[0], 0);
}

/* The handler's hook as simulated CPU @cpu; the ns it took. */
static uint64_t run_on(unsigned int cpu)
{
	uint64_t t0;

	irq_cpu_attach(cpu);
	t0 = bench_now_ns();
	bench_race_handler(&line);
	return bench_now_ns() - t0;
}

/*
 * The line's vector raised on CPU 1 after 1 ms and taken 1 ms later;
 * @arg: where to stamp the time just before it is taken.
 */
static void *flip(void *arg)
{
	unsigned long *w = &__irq_cpu_pending[1].bits[IRQ / BITS_PER_LONG];
	unsigned long bit = 1UL << (IRQ % BITS_PER_LONG);

	usleep(1000);
	__atomic_fetch_or(w, bit, __ATOMIC_RELEASE);
	usleep(1000);
	*(uint64_t *)arg = bench_now_ns();
	__atomic_fetch_and(w, ~bit, __ATOMIC_RELEASE);
	return NULL;
}

static void test_moves_and_reruns(void **state_)
{
	const struct bench_race_books *b = &state.books;

	(void)state_;
	begin(2);
	run_on(0); /* the target: moves to CPU 1 (the hold runs out) */
	assert_int_equal(nr_moves, 2);
	assert_int_equal(moved_to[1], 1);
	assert_int_equal(b->moves, 1);
	run_on(0); /* the old CPU again, twice */
	run_on(0);
	assert_int_equal(b->old_cpu_runs, 2);
	assert_int_equal(b->longest_loop, 2);
	assert_int_equal(nr_moves, 2);
	run_on(1); /* the new CPU: back to CPU 0 (1 + 1 mod 2) */
	assert_int_equal(moved_to[2], 0);
	assert_int_equal(b->moves, 2);
	run_on(1); /* one rerun: the longest stays 2 */
	assert_int_equal(b->old_cpu_runs, 3);
	assert_int_equal(b->longest_loop, 2);
	irq_cpu_attach(0);
}

static void test_three_cpus_round(void **state_)
{
	(void)state_;
	begin(3);
	run_on(0);
	run_on(1);
	run_on(2);
	assert_int_equal(nr_moves, 4);
	assert_int_equal(moved_to[1], 1);
	assert_int_equal(moved_to[2], 2);
	assert_int_equal(moved_to[3], 0);
	assert_int_equal(state.books.old_cpu_runs, 0);
	irq_cpu_attach(0);
}

static void test_refused_move(void **state_)
{
	(void)state_;
	begin(2);
	move_ret = -EINVAL;
	run_on(0);
	assert_int_equal(state.books.moves, 0);
	run_on(0); /* still the target: not a rerun */
	assert_int_equal(state.books.old_cpu_runs, 0);
	irq_cpu_attach(0);
}

/* The hold ends once the vector was taken on the new CPU, else in 5 ms. */
static void test_hold(void **state_)
{
	uint64_t ns, t0, end, taken = 0;
	pthread_t t;

	(void)state_;
	begin(2);
	t0 = bench_now_ns();
	assert_int_equal(pthread_create(&t, NULL, flip, &taken), 0);
	ns = run_on(0);
	end = bench_now_ns();
	pthread_join(t, NULL);
	/* not before it was taken (unless the flip came after the 5 ms) */
	if (taken < t0 + 4000000)
		assert_true(end >= taken);
	assert_true(ns >= 1000000);
	ns = run_on(1); /* no vector comes to CPU 0: the hold runs out */
	assert_true(ns >= 5000000);
	run_on(1); /* CPU 1 again, off the target now */
	assert_int_equal(state.books.moves, 2);
	assert_int_equal(state.books.old_cpu_runs, 1);
	irq_cpu_attach(0);
}

static void test_block_end(void **state_)
{
	struct chip_stats s0 = { 0 }, s1 = { 0 };
	struct bench_result res = { 0 };

	(void)state_;
	waits_n = 5;
	waits_ns = 700;
	begin(2);
	run_on(0);
	run_on(0);
	s1.writes[CHIP_ACC_MASK] = 3;
	s1.reads[CHIP_ACC_MASK] = 1;
	s1.writes[CHIP_ACC_MASK_ACK] = 2;
	s1.writes[CHIP_ACC_RETRIGGER] = 4;
	s1.writes[CHIP_ACC_EOI] = 9; /* not a race operation */
	waits_n = 7;
	waits_ns = 1000;
	bench_race_block_end(&line, &s0, &s1, &res);
	assert_int_equal(res.race.moves, 1);
	assert_int_equal(res.race.old_cpu_runs, 1);
	assert_int_equal(res.race.longest_loop, 1);
	assert_int_equal(res.race.mask_accesses, 6);
	assert_int_equal(res.race.resend_accesses, 4);
	assert_int_equal(res.race.waits, 2);
	assert_int_equal(res.race.wait_ns, 300);
	/* a second block adds; the longest loop is the blocks' most */
	begin(2);
	bench_race_block_end(&line, &s0, &s0, &res);
	assert_int_equal(res.race.moves, 1);
	assert_int_equal(res.race.mask_accesses, 6);
	assert_int_equal(res.race.longest_loop, 1);
	irq_cpu_attach(0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_moves_and_reruns),
		cmocka_unit_test(test_three_cpus_round),
		cmocka_unit_test(test_refused_move),
		cmocka_unit_test(test_hold),
		cmocka_unit_test(test_block_end),
	};

	irq_cpu_attach(0);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
