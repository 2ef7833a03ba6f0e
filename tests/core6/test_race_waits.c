// SPDX-License-Identifier: GPL-2.0
/*
 * The migration wait's books (genirq6_migration_waits(), which the affinity
 * race scenarios report): the fixed edge flow counts one wait on the new
 * CPU, as long as the old CPU's handler ran on; the flow without the fix
 * and fasteoi, with or without IRQD_RESEND_WHEN_IN_PROGRESS, never wait.
 * Two simulated CPUs, the interleaving driven from here as test_races.c
 * does.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include "fake6_chip.h"

#define HELD_MS 100 /* how long the old CPU's handler is held */

static int entered, release;

static irqreturn_t held_handler(int irq, void *dev_id)
{
	(void)irq;
	(void)dev_id;
	if (!__atomic_exchange_n(&entered, 1, __ATOMIC_SEQ_CST))
		while (!__atomic_load_n(&release, __ATOMIC_ACQUIRE))
			usleep(100);
	return IRQ_HANDLED;
}

/* A line moved to CPU 2 while CPU 1 runs its handler; CPU 2 takes one. */
static void moved_line_race(irq_flow_handler_t flow, bool resend)
{
	unsigned int irq = fake6_line(fake6_chip_make(0, 0), flow);
	struct irq_data *d = irq_get_irq_data(irq);
	struct fake6_cpu *c1, *c2;

	assert_int_equal(request_irq(irq, held_handler, 0, "t", NULL), 0);
	__atomic_store_n(&entered, 0, __ATOMIC_SEQ_CST);
	__atomic_store_n(&release, 0, __ATOMIC_SEQ_CST);
	irqd_set_single_target(d);
	if (resend)
		irqd_set_resend_when_in_progress(d);
	c1 = fake6_fire_on(1, irq);
	assert_true(
		fake6_wait_for(__atomic_load_n(&entered, __ATOMIC_SEQ_CST)));
	irq_data_update_effective_affinity(d, cpumask_of(2));
	c2 = fake6_fire_on(2, irq);
	fake6_cpu_done(c2, HELD_MS);
	__atomic_store_n(&release, 1, __ATOMIC_RELEASE);
	fake6_cpu_join(c1);
	fake6_cpu_join(c2);
}

static void test_fix_counts_its_wait(void **state)
{
	uint64_t n, ns;

	(void)state;
	fake6_init();
	moved_line_race(handle_edge_irq, false);
	genirq6_migration_waits(&n, &ns);
	assert_int_equal(n, 1);
	/* CPU 2 spun for as long as CPU 1's handler was held */
	assert_true(ns >= (HELD_MS / 2) * 1000000ULL);
	genirq6_reset();
	genirq6_migration_waits(&n, &ns);
	assert_int_equal(n, 0);
	assert_int_equal(ns, 0);
}

static void test_nofix_never_waits(void **state)
{
	uint64_t n, ns;

	(void)state;
	fake6_init();
	moved_line_race(handle_edge_irq_nofix, false);
	genirq6_migration_waits(&n, &ns);
	assert_int_equal(n, 0);
	assert_int_equal(fake6_count(F6_MASK_ACK), 1);
}

static void test_fasteoi_never_waits(void **state)
{
	uint64_t n, ns;

	(void)state;
	fake6_init();
	fake6_retrigger_ret = 1;
	moved_line_race(handle_fasteoi_irq, true);
	genirq6_migration_waits(&n, &ns);
	assert_int_equal(n, 0);
	assert_int_equal(fake6_count(F6_RETRIGGER), 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fix_counts_its_wait),
		cmocka_unit_test(test_nofix_never_waits),
		cmocka_unit_test(test_fasteoi_never_waits),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
