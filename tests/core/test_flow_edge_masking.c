// SPDX-License-Identifier: GPL-2.0
/*
 * handle_edge_masking_irq(), the naive design the genirq flows are
 * compared with (not a 2.6.18 flow): masked and acknowledged for the
 * whole handler, unmasked after it, never replayed; and
 * irq_oneshot_masks(), which says which flows hold a oneshot line masked
 * for its thread.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <genirq/interrupt.h>
#include "fake_chip.h"

#define IRQ 5

static int handled;

static irqreturn_t count_handler(int irq, void *dev_id)
{
	(void)dev_id;
	assert_int_equal(irq, IRQ);
	assert_true(irq_desc[IRQ].status & IRQ_INPROGRESS);
	assert_false(spin_is_locked(&irq_desc[IRQ].lock));
	/* The line is masked for the whole handler. */
	assert_true(fake_masked[IRQ]);
	handled++;
	return IRQ_HANDLED;
}

static int setup(void **state)
{
	(void)state;
	fake_chip_init();
	handled = 0;
	set_irq_chip_and_handler(IRQ, fake_chip_make(0),
				 handle_edge_masking_irq);
	return 0;
}

static void test_masks_acks_for_the_handler_then_unmasks(void **state)
{
	(void)state;
	assert_int_equal(request_irq(IRQ, count_handler, 0, "dev", NULL), 0);
	fake_log_clear();

	do_IRQ(IRQ);

	assert_int_equal(handled, 1);
	assert_true(FAKE_LOG_IS(FAKE_MASK_ACK, FAKE_UNMASK));
	assert_false(irq_desc[IRQ].status & (IRQ_INPROGRESS | IRQ_PENDING));
	assert_false(fake_masked[IRQ]);
	assert_string_equal(irq_flow_name(irq_desc[IRQ].handle_irq),
			    "edge-masking");
}

static void test_without_mask_ack_masks_then_acks(void **state)
{
	(void)state;
	set_irq_chip(IRQ, fake_chip_make(1u << FAKE_MASK_ACK));
	assert_int_equal(request_irq(IRQ, count_handler, 0, "dev", NULL), 0);
	fake_log_clear();

	do_IRQ(IRQ);

	assert_true(FAKE_LOG_IS(FAKE_MASK, FAKE_ACK, FAKE_UNMASK));
}

/* A controller with no acknowledge ends the interrupt after the handler. */
static void test_without_ack_eoi_after_the_handler(void **state)
{
	(void)state;
	set_irq_chip(IRQ, fake_chip_make(1u << FAKE_MASK_ACK | 1u << FAKE_ACK));
	assert_int_equal(request_irq(IRQ, count_handler, 0, "dev", NULL), 0);
	fake_log_clear();

	do_IRQ(IRQ);

	assert_true(FAKE_LOG_IS(FAKE_MASK, FAKE_EOI, FAKE_UNMASK));
}

/* Disabled: masked and left so, with nothing pending to replay. */
static void test_disabled_line_stays_masked(void **state)
{
	(void)state;
	assert_int_equal(request_irq(IRQ, count_handler, 0, "dev", NULL), 0);
	disable_irq(IRQ);
	fake_log_clear();

	do_IRQ(IRQ);

	assert_int_equal(handled, 0);
	assert_true(FAKE_LOG_IS(FAKE_MASK_ACK));
	assert_true(fake_masked[IRQ]);
	assert_false(irq_desc[IRQ].status & IRQ_PENDING);
}

static void test_oneshot_masks_per_flow(void **state)
{
	(void)state;
	set_irq_handler(IRQ, handle_level_irq);
	assert_true(irq_oneshot_masks(IRQ));
	set_irq_handler(IRQ, handle_fasteoi_irq);
	assert_true(irq_oneshot_masks(IRQ));
	set_irq_chip(IRQ, fake_chip_make(1u << FAKE_MASK));
	assert_false(irq_oneshot_masks(IRQ)); /* fasteoi cannot mask */
	set_irq_chip(IRQ, fake_chip_make(0));
	set_irq_handler(IRQ, handle_edge_irq);
	assert_false(irq_oneshot_masks(IRQ));
	set_irq_handler(IRQ, handle_simple_irq);
	assert_false(irq_oneshot_masks(IRQ));
	set_irq_handler(IRQ, handle_percpu_irq);
	assert_false(irq_oneshot_masks(IRQ));
	set_irq_handler(IRQ, handle_edge_masking_irq);
	assert_false(irq_oneshot_masks(IRQ));
	set_irq_handler(IRQ, NULL); /* __do_IRQ() */
	assert_false(irq_oneshot_masks(IRQ));
	assert_false(irq_oneshot_masks(NR_IRQS));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(
			test_masks_acks_for_the_handler_then_unmasks, setup),
		cmocka_unit_test_setup(test_without_mask_ack_masks_then_acks,
				       setup),
		cmocka_unit_test_setup(test_without_ack_eoi_after_the_handler,
				       setup),
		cmocka_unit_test_setup(test_disabled_line_stays_masked, setup),
		cmocka_unit_test_setup(test_oneshot_masks_per_flow, setup),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
