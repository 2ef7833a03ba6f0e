// SPDX-License-Identifier: GPL-2.0
/*
 * The vector entry's fixed cost (irq_cpu_set_entry_cost()): paid once per
 * vector, before the flow handler runs and outside hard interrupt
 * context, with interrupts off, by a direct do_IRQ(), a nested vector and
 * a vector taken from the pending set alike, in both copies of the entry;
 * never paid when unset, and unset again by genirq_reset().
 */
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include "fake_chip.h"

#define IRQ 11
#define IRQ2 12
#define COST 77

static unsigned int paid, paid_ns, handled, handled_when_paid;
static bool paid_in_irq, paid_irqs_on, nest;

/* The wait stands in for chip_delay_ns(): it records, it does not wait. */
static void count_wait(unsigned int ns)
{
	paid++;
	paid_ns += ns;
	handled_when_paid = handled;
	paid_in_irq |= in_irq();
	paid_irqs_on |= !irqs_disabled();
}

static irqreturn_t handler(int irq, void *dev_id)
{
	(void)dev_id;
	handled++;
	if (irq == IRQ && nest) {
		nest = false;
		do_IRQ(IRQ2);
	}
	return IRQ_HANDLED;
}

static int setup(void **state)
{
	(void)state;
	fake_chip_init();
	paid = paid_ns = handled = handled_when_paid = 0;
	paid_in_irq = paid_irqs_on = nest = false;
	set_irq_chip_and_handler(IRQ, fake_chip_make(0), handle_simple_irq);
	set_irq_chip_and_handler(IRQ2, fake_chip_make(0), handle_simple_irq);
	assert_int_equal(request_irq(IRQ, handler, 0, "dev", NULL), 0);
	assert_int_equal(request_irq(IRQ2, handler, 0, "dev2", NULL), 0);
	return 0;
}

static void test_unset_costs_nothing(void **state)
{
	(void)state;
	do_IRQ(IRQ);
	assert_int_equal(handled, 1);
	assert_int_equal(paid, 0);
}

static void test_paid_once_per_vector_before_the_flow(void **state)
{
	(void)state;
	assert_int_equal(irq_cpu_set_entry_cost(COST, count_wait), 0);
	do_IRQ(IRQ);
	do_IRQ(IRQ);
	assert_int_equal(handled, 2);
	assert_int_equal(paid, 2);
	assert_int_equal(paid_ns, 2 * COST);
	/* Before the second vector's handler ran, after the first's. */
	assert_int_equal(handled_when_paid, 1);
	assert_false(paid_in_irq);
	assert_false(paid_irqs_on);
}

static void test_nested_vector_pays_its_own(void **state)
{
	(void)state;
	assert_int_equal(irq_cpu_set_entry_cost(COST, count_wait), 0);
	nest = true;
	do_IRQ(IRQ);
	assert_int_equal(handled, 2);
	assert_int_equal(paid, 2);
	/* The nested entry is inside the outer one's handler: in_irq(). */
	assert_true(paid_in_irq);
}

static void test_pending_vector_pays(void **state)
{
	(void)state;
	assert_int_equal(irq_cpu_set_entry_cost(COST, count_wait), 0);
	local_irq_disable();
	assert_int_equal(irq_cpu_raise(0, IRQ), 0);
	assert_int_equal(paid, 0);
	local_irq_enable(); /* takes the pending vector, as after STI */
	assert_int_equal(handled, 1);
	assert_int_equal(paid, 1);
}

static void test_traced_copy_pays(void **state)
{
	(void)state;
	if (genirq_set_tracing(true)) {
		skip(); /* tracepoints compiled out: one copy only */
		return;
	}
	assert_int_equal(irq_cpu_set_entry_cost(COST, count_wait), 0);
	do_IRQ(IRQ);
	genirq_set_tracing(false);
	assert_int_equal(handled, 1);
	assert_int_equal(paid, 1);
}

static void test_reset_and_bad_arguments(void **state)
{
	(void)state;
	assert_int_equal(irq_cpu_set_entry_cost(COST, NULL), -EINVAL);
	assert_int_equal(irq_cpu_set_entry_cost(0, NULL), 0);
	assert_int_equal(irq_cpu_set_entry_cost(COST, count_wait), 0);
	genirq_reset();
	setup(NULL);
	do_IRQ(IRQ);
	assert_int_equal(handled, 1);
	assert_int_equal(paid, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_unset_costs_nothing, setup),
		cmocka_unit_test_setup(
			test_paid_once_per_vector_before_the_flow, setup),
		cmocka_unit_test_setup(test_nested_vector_pays_its_own, setup),
		cmocka_unit_test_setup(test_pending_vector_pays, setup),
		cmocka_unit_test_setup(test_traced_copy_pays, setup),
		cmocka_unit_test_setup(test_reset_and_bad_arguments, setup),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
