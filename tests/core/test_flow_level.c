// SPDX-License-Identifier: GPL-2.0
/*
 * handle_level_irq(): the chip calls, status bits and counts of the level
 * flow, in 2.6.18 order.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include "fake_chip.h"
#include "irq_count.h"

#define IRQ 5

static int setup(void **state)
{
	test_fake_setup(state);
	set_irq_chip_and_handler(IRQ, fake_chip_make(0), handle_level_irq);
	return 0;
}

static void test_level_masks_acks_then_unmasks(void **state)
{
	(void)state;
	assert_int_equal(
		request_irq(IRQ, test_flow_count_handler, 0, "dev", NULL), 0);
	fake_log_clear();

	do_IRQ(IRQ);

	assert_int_equal(test_handled, 1);
	assert_true(FAKE_LOG_IS(FAKE_MASK_ACK, FAKE_UNMASK));
	assert_false(irq_desc[IRQ].status & (IRQ_INPROGRESS | IRQ_PENDING));
	assert_int_equal(kstat_irqs(IRQ), 1);
}

static void test_level_without_mask_ack_uses_mask_then_ack(void **state)
{
	(void)state;
	set_irq_chip(IRQ, fake_chip_make(1u << FAKE_MASK_ACK));
	assert_int_equal(
		request_irq(IRQ, test_flow_count_handler, 0, "dev", NULL), 0);
	fake_log_clear();

	do_IRQ(IRQ);

	assert_true(FAKE_LOG_IS(FAKE_MASK, FAKE_ACK, FAKE_UNMASK));
}

static void test_level_disabled_stays_masked_and_pending(void **state)
{
	(void)state;
	assert_int_equal(
		request_irq(IRQ, test_flow_count_handler, 0, "dev", NULL), 0);
	disable_irq(IRQ);
	fake_log_clear();

	do_IRQ(IRQ);

	assert_int_equal(test_handled, 0);
	assert_true(FAKE_LOG_IS(FAKE_MASK_ACK));
	assert_true(irq_desc[IRQ].status & IRQ_PENDING);
	assert_true(fake_masked[IRQ]);
	/* Counted: the kernel counts the instance before checking DISABLED. */
	assert_int_equal(kstat_irqs(IRQ), 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_level_masks_acks_then_unmasks,
				       setup),
		cmocka_unit_test_setup(
			test_level_without_mask_ack_uses_mask_then_ack, setup),
		cmocka_unit_test_setup(
			test_level_disabled_stays_masked_and_pending, setup),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
