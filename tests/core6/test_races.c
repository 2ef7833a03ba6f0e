// SPDX-License-Identifier: GPL-2.0
/*
 * The two races the modern flows handle, with two simulated CPUs:
 * a fasteoi interrupt that comes on a new CPU while the old one still
 * runs its handler is resent when IRQD_RESEND_WHEN_IN_PROGRESS is set
 * (lost without); and an edge interrupt that comes on the new target of
 * a single-target line waits for the old CPU's handler (the 2025 fix),
 * where handle_edge_irq_nofix() masks it and makes the old CPU loop.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include "fake6_chip.h"

static int entered, release;

/* The first call blocks until the test releases it. */
static irqreturn_t blocking_handler(int irq, void *dev_id)
{
	fake6_log(F6_HANDLER, (unsigned int)irq);
	(void)dev_id;
	if (!__atomic_exchange_n(&entered, 1, __ATOMIC_SEQ_CST))
		while (!__atomic_load_n(&release, __ATOMIC_ACQUIRE))
			usleep(100);
	return IRQ_HANDLED;
}

static unsigned int race_line(irq_flow_handler_t flow)
{
	unsigned int irq = fake6_line(fake6_chip_make(0, 0), flow);

	assert_int_equal(request_irq(irq, blocking_handler, 0, "t", NULL), 0);
	fake6_log_clear();
	__atomic_store_n(&entered, 0, __ATOMIC_SEQ_CST);
	__atomic_store_n(&release, 0, __ATOMIC_SEQ_CST);
	return irq;
}

/* CPU 1 runs the handler; CPU 2 takes the next interrupt meanwhile. */
static void race(unsigned int irq, bool second_waits)
{
	struct fake6_cpu *c1, *c2;

	c1 = fake6_fire_on(1, irq);
	assert_true(
		fake6_wait_for(__atomic_load_n(&entered, __ATOMIC_SEQ_CST)));
	c2 = fake6_fire_on(2, irq);
	assert_int_equal(fake6_cpu_done(c2, 100), !second_waits);
	__atomic_store_n(&release, 1, __ATOMIC_RELEASE);
	fake6_cpu_join(c1);
	fake6_cpu_join(c2);
}

static void test_fasteoi_resend_when_in_progress(void **state)
{
	unsigned int irq;

	(void)state;
	fake6_init();
	fake6_retrigger_ret = 1;
	irq = race_line(handle_fasteoi_irq);
	irqd_set_resend_when_in_progress(irq_get_irq_data(irq));
	race(irq, false);
	/* CPU 2 only EOIs; CPU 1, done, resends what CPU 2 could not run */
	assert_log(F6_HANDLER, F6_EOI, F6_EOI, F6_RETRIGGER);
	assert_int_equal(fake6_calls()[1].cpu, 2);
	assert_int_equal(fake6_calls()[3].cpu, 1);
}

static void test_fasteoi_without_resend_loses(void **state)
{
	unsigned int irq;

	(void)state;
	fake6_init();
	fake6_retrigger_ret = 1;
	irq = race_line(handle_fasteoi_irq);
	race(irq, false);
	/* the interrupt of CPU 2 is EOIed and gone */
	assert_log(F6_HANDLER, F6_EOI, F6_EOI);
}

static unsigned int migrated_edge(irq_flow_handler_t flow)
{
	unsigned int irq = race_line(flow);
	struct irq_data *d = irq_get_irq_data(irq);

	irqd_set_single_target(d);
	/* the affinity moved to CPU 2 while CPU 1 handles the last one */
	irq_data_update_effective_affinity(d, cpumask_of(2));
	return irq;
}

static void test_edge_migration_wait(void **state)
{
	unsigned int irq;

	(void)state;
	fake6_init();
	irq = migrated_edge(handle_edge_irq);
	race(irq, true);
	/* CPU 2 waited, then handled its own: no mask, no loop on CPU 1 */
	assert_log(F6_ACK, F6_HANDLER, F6_ACK, F6_HANDLER);
	assert_int_equal(fake6_calls()[2].cpu, 2);
	assert_int_equal(fake6_calls()[3].cpu, 2);
}

static void test_edge_migration_nofix(void **state)
{
	unsigned int irq;

	(void)state;
	fake6_init();
	irq = migrated_edge(handle_edge_irq_nofix);
	race(irq, false);
	/* CPU 2 masks and leaves it pending; CPU 1 unmasks and runs again */
	assert_log(F6_ACK, F6_HANDLER, F6_MASK_ACK, F6_UNMASK, F6_HANDLER);
	assert_int_equal(fake6_calls()[2].cpu, 2);
	assert_int_equal(fake6_calls()[4].cpu, 1);
}

/* The fix waits only on the line's new target. */
static void test_edge_no_wait_off_target(void **state)
{
	unsigned int irq;

	(void)state;
	fake6_init();
	irq = migrated_edge(handle_edge_irq);
	irq_data_update_effective_affinity(irq_get_irq_data(irq),
					   cpumask_of(3));
	race(irq, false);
	assert_log(F6_ACK, F6_HANDLER, F6_MASK_ACK, F6_UNMASK, F6_HANDLER);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fasteoi_resend_when_in_progress),
		cmocka_unit_test(test_fasteoi_without_resend_loses),
		cmocka_unit_test(test_edge_migration_wait),
		cmocka_unit_test(test_edge_migration_nofix),
		cmocka_unit_test(test_edge_no_wait_off_target),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
