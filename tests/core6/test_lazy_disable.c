// SPDX-License-Identifier: GPL-2.0
/*
 * disable_irq() is lazy on a chip without ->irq_disable: no chip write
 * until an interrupt comes, which the flow then masks and marks pending;
 * enable_irq() unmasks and resends it (an edge: in hardware, or in
 * software at the next interrupt exit). IRQ_DISABLE_UNLAZY and a chip
 * with ->irq_disable write at once. Depth nests.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include "fake6_chip.h"

static unsigned int line(unsigned int omit, irq_flow_handler_t flow)
{
	unsigned int irq = fake6_line(fake6_chip_make(0, omit), flow);

	assert_int_equal(request_irq(irq, fake6_handler, 0, "t", NULL), 0);
	fake6_log_clear();
	return irq;
}

static void test_level_lazy(void **state)
{
	unsigned int irq;

	(void)state;
	fake6_init();
	irq = fake6_line(fake6_chip_make(0, F6_OMIT(F6_DISABLE)),
			 handle_level_irq);
	assert_int_equal(irq_set_irq_type(irq, IRQ_TYPE_LEVEL_HIGH), 0);
	assert_int_equal(request_irq(irq, fake6_handler, 0, "t", NULL), 0);
	fake6_log_clear();
	disable_irq(irq);
	assert_log();
	fake6_fire(irq);
	assert_log(F6_MASK_ACK); /* no handler: disabled */
	enable_irq(irq);
	/* a level line is not resent: the hardware asserts it again */
	assert_log(F6_MASK_ACK, F6_ENABLE);
}

static void test_edge_lazy_hw_resend(void **state)
{
	unsigned int irq;

	(void)state;
	fake6_init();
	fake6_retrigger_ret = 1;
	irq = line(F6_OMIT(F6_DISABLE), handle_edge_irq);
	disable_irq(irq);
	fake6_fire(irq);
	assert_log(F6_MASK_ACK);
	enable_irq(irq);
	assert_log(F6_MASK_ACK, F6_ENABLE, F6_RETRIGGER);
}

static void test_edge_lazy_sw_resend(void **state)
{
	unsigned int irq;

	(void)state;
	fake6_init();
	irq = line(F6_OMIT(F6_DISABLE), handle_edge_irq);
	disable_irq(irq);
	fake6_fire(irq);
	enable_irq(irq);
	/* retrigger said it cannot: queued for the resend tasklet */
	assert_log(F6_MASK_ACK, F6_ENABLE, F6_RETRIGGER);
	genirq6_vector_entry(250); /* any interrupt's exit runs it */
	assert_log(F6_MASK_ACK, F6_ENABLE, F6_RETRIGGER, F6_ACK, F6_HANDLER);
}

static void test_unlazy(void **state)
{
	unsigned int irq;

	(void)state;
	fake6_init();
	irq = line(F6_OMIT(F6_DISABLE), handle_fasteoi_irq);
	irq_set_status_flags(irq, IRQ_DISABLE_UNLAZY);
	disable_irq(irq);
	assert_log(F6_MASK);
	fake6_fire(irq);
	assert_log(F6_MASK, F6_EOI); /* masked already: no second mask */
	fake6_log_clear();
	irq = line(0, handle_fasteoi_irq);
	disable_irq(irq);
	assert_log(F6_DISABLE); /* the chip's own disable */
}

static void test_depth(void **state)
{
	unsigned int irq;
	struct irq_desc *desc;

	(void)state;
	fake6_init();
	irq = line(F6_OMIT(F6_DISABLE), handle_fasteoi_irq);
	desc = irq_to_desc(irq);
	assert_int_equal(desc->depth, 0);
	disable_irq(irq);
	disable_irq(irq);
	assert_int_equal(desc->depth, 2);
	enable_irq(irq);
	assert_int_equal(desc->depth, 1);
	fake6_fire(irq);
	assert_int_equal(fake6_count(F6_HANDLER), 0);
	enable_irq(irq);
	assert_int_equal(desc->depth, 0);
	assert_false(irqd_irq_disabled(&desc->irq_data));
	/* the one that came while disabled was queued for resend: it runs
	 * at this interrupt's exit, after the new one */
	fake6_fire(irq);
	assert_int_equal(fake6_count(F6_HANDLER), 2);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_level_lazy),
		cmocka_unit_test(test_edge_lazy_hw_resend),
		cmocka_unit_test(test_edge_lazy_sw_resend),
		cmocka_unit_test(test_unlazy),
		cmocka_unit_test(test_depth),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
