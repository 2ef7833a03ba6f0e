// SPDX-License-Identifier: GPL-2.0
/*
 * IRQF_SAMPLE_RANDOM: handle_IRQ_event() ORs the flags of the actions
 * that handled the interrupt and calls add_interrupt_randomness() when
 * the OR has the flag, as 2.6.18 did; that call counts per line and
 * busy-waits the cost genirq_set_entropy_cost() set.
 */
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include "fake_chip.h"

#define IRQ 6

static int dev_a, dev_b;
static irqreturn_t ret_a, ret_b;
static unsigned int waited_ns, waits;

static irqreturn_t handler_a(int irq, void *dev_id)
{
	(void)irq;
	(void)dev_id;
	return ret_a;
}

static irqreturn_t handler_b(int irq, void *dev_id)
{
	(void)irq;
	(void)dev_id;
	return ret_b;
}

static void fake_wait(unsigned int ns)
{
	waited_ns += ns;
	waits++;
}

static int setup(void **state)
{
	(void)state;
	fake_chip_init();
	ret_a = ret_b = IRQ_HANDLED;
	waited_ns = waits = 0;
	return 0;
}

static void test_sample_random_line_feeds_pool(void **state)
{
	(void)state;
	set_irq_chip_and_handler(IRQ, fake_chip_make(0), handle_level_irq);
	assert_int_equal(genirq_set_entropy_cost(20, fake_wait), 0);
	assert_int_equal(
		request_irq(IRQ, handler_a, SA_SAMPLE_RANDOM, "a", &dev_a), 0);
	do_IRQ(IRQ);
	do_IRQ(IRQ);
	assert_int_equal(genirq_entropy_samples(IRQ), 2);
	assert_int_equal(waits, 2);
	assert_int_equal(waited_ns, 40);

	/* A handler that did not handle it vouches for nothing. */
	ret_a = IRQ_NONE;
	do_IRQ(IRQ);
	assert_int_equal(genirq_entropy_samples(IRQ), 2);
	free_irq(IRQ, &dev_a);
}

static void test_plain_line_pays_nothing(void **state)
{
	(void)state;
	set_irq_chip_and_handler(IRQ, fake_chip_make(0), handle_edge_irq);
	assert_int_equal(genirq_set_entropy_cost(20, fake_wait), 0);
	assert_int_equal(request_irq(IRQ, handler_a, 0, "a", &dev_a), 0);
	do_IRQ(IRQ);
	assert_int_equal(genirq_entropy_samples(IRQ), 0);
	assert_int_equal(waits, 0);
	free_irq(IRQ, &dev_a);
}

/* Shared: only the flags of the actions that returned IRQ_HANDLED. */
static void test_shared_or_of_handling_actions(void **state)
{
	(void)state;
	set_irq_chip(IRQ, fake_chip_make(0)); /* __do_IRQ() */
	assert_int_equal(request_irq(IRQ, handler_a,
				     SA_SHIRQ | SA_SAMPLE_RANDOM, "a", &dev_a),
			 0);
	assert_int_equal(request_irq(IRQ, handler_b, SA_SHIRQ, "b", &dev_b), 0);
	ret_a = IRQ_NONE; /* b's interrupt: a's flag does not count */
	do_IRQ(IRQ);
	assert_int_equal(genirq_entropy_samples(IRQ), 0);
	ret_a = IRQ_HANDLED;
	ret_b = IRQ_NONE;
	do_IRQ(IRQ);
	assert_int_equal(genirq_entropy_samples(IRQ), 1);
	/* No cost set: counted, nothing waited. */
	assert_int_equal(waits, 0);
	free_irq(IRQ, &dev_b);
	free_irq(IRQ, &dev_a);
}

static void test_cost_setting_and_reset(void **state)
{
	(void)state;
	assert_int_equal(genirq_set_entropy_cost(5, NULL), -EINVAL);
	assert_int_equal(genirq_set_entropy_cost(0, NULL), 0);
	add_interrupt_randomness(IRQ);
	add_interrupt_randomness(-1);
	add_interrupt_randomness(NR_IRQS);
	assert_int_equal(genirq_entropy_samples(IRQ), 1);
	assert_int_equal(genirq_entropy_samples(NR_IRQS), 0);
	assert_int_equal(genirq_set_entropy_cost(7, fake_wait), 0);
	genirq_reset();
	assert_int_equal(genirq_entropy_samples(IRQ), 0);
	add_interrupt_randomness(IRQ);
	assert_int_equal(waits, 0); /* the cost went with the reset */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_sample_random_line_feeds_pool,
				       setup),
		cmocka_unit_test_setup(test_plain_line_pays_nothing, setup),
		cmocka_unit_test_setup(test_shared_or_of_handling_actions,
				       setup),
		cmocka_unit_test_setup(test_cost_setting_and_reset, setup),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
