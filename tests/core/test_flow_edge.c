// SPDX-License-Identifier: GPL-2.0
/*
 * handle_edge_irq(): the chip calls, status bits and counts of the edge
 * flow, in 2.6.18 order. The edge flow acks and never masks on the normal
 * path; an instance that arrives while the actions run (delivered here by
 * calling do_IRQ() from inside the action, which is what the CPU does when
 * the line fires again with interrupts enabled) is only marked PENDING and
 * masked, and the running instance unmasks and runs the actions again.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include "fake_chip.h"

#define IRQ 7

static int handled;
/* Instances the action delivers from inside its first run. */
static int nest;
/* The action disables the line after delivering them. */
static bool disable_after_nest;
/* desc->status as the action saw it after the nested deliveries. */
static unsigned int status_after_nest;

static irqreturn_t edge_handler(int irq, void *dev_id)
{
	(void)dev_id;
	assert_int_equal(irq, IRQ);
	/* Runs with INPROGRESS set and the descriptor lock dropped. */
	assert_true(irq_desc[IRQ].status & IRQ_INPROGRESS);
	assert_false(spin_is_locked(&irq_desc[IRQ].lock));
	if (++handled == 1) {
		for (int i = 0; i < nest; i++)
			do_IRQ(IRQ);
		status_after_nest = irq_desc[IRQ].status;
		if (disable_after_nest)
			disable_irq_nosync(IRQ);
	}
	return IRQ_HANDLED;
}

static void setup_chip(unsigned int omit)
{
	fake_chip_init();
	handled = 0;
	nest = 0;
	disable_after_nest = false;
	status_after_nest = 0;
	set_irq_chip_and_handler(IRQ, fake_chip_make(omit), handle_edge_irq);
}

static int setup(void **state)
{
	(void)state;
	setup_chip(0);
	return 0;
}

static int setup_no_mask_ack(void **state)
{
	(void)state;
	setup_chip(1u << FAKE_MASK_ACK);
	return 0;
}

static void request_and_clear(void)
{
	assert_int_equal(request_irq(IRQ, edge_handler, 0, "dev", NULL), 0);
	fake_log_clear();
}

static void assert_log_on_irq(void)
{
	for (unsigned int i = 0; i < fake_log_len(); i++)
		assert_int_equal(fake_log()[i].irq, IRQ);
}

static void test_edge_acks_and_runs_actions_without_masking(void **state)
{
	(void)state;
	request_and_clear();

	do_IRQ(IRQ);

	assert_int_equal(handled, 1);
	if (!FAKE_LOG_IS(FAKE_ACK))
		fail_msg("log: %s", fake_log_str());
	assert_log_on_irq();
	assert_false(fake_masked[IRQ]);
	assert_false(irq_desc[IRQ].status &
		     (IRQ_INPROGRESS | IRQ_PENDING | IRQ_MASKED));
	assert_int_equal(kstat_irqs(IRQ), 1);

	do_IRQ(IRQ);

	assert_int_equal(handled, 2);
	assert_true(FAKE_LOG_IS(FAKE_ACK, FAKE_ACK));
	assert_int_equal(kstat_irqs(IRQ), 2);
}

static void test_edge_instance_during_handler_is_replayed(void **state)
{
	(void)state;
	request_and_clear();
	nest = 1;

	do_IRQ(IRQ);

	/* The nested instance only marked the line and masked it. */
	assert_int_equal(status_after_nest &
				 (IRQ_INPROGRESS | IRQ_PENDING | IRQ_MASKED),
			 IRQ_INPROGRESS | IRQ_PENDING | IRQ_MASKED);
	/* The running instance unmasked once and ran the actions again. */
	assert_int_equal(handled, 2);
	if (!FAKE_LOG_IS(FAKE_ACK, FAKE_MASK_ACK, FAKE_UNMASK))
		fail_msg("log: %s", fake_log_str());
	assert_log_on_irq();
	assert_false(fake_masked[IRQ]);
	assert_false(irq_desc[IRQ].status &
		     (IRQ_INPROGRESS | IRQ_PENDING | IRQ_MASKED));
	/* Only the instance that ran the flow is counted. */
	assert_int_equal(kstat_irqs(IRQ), 1);
}

static void test_edge_instances_during_one_run_replay_once(void **state)
{
	(void)state;
	request_and_clear();
	nest = 2;

	do_IRQ(IRQ);

	/* Two edges latched during one run collapse into one replay. */
	assert_int_equal(handled, 2);
	if (!FAKE_LOG_IS(FAKE_ACK, FAKE_MASK_ACK, FAKE_MASK_ACK, FAKE_UNMASK))
		fail_msg("log: %s", fake_log_str());
	assert_false(irq_desc[IRQ].status &
		     (IRQ_INPROGRESS | IRQ_PENDING | IRQ_MASKED));
	assert_int_equal(kstat_irqs(IRQ), 1);
}

static void test_edge_disabled_during_handler_stops_replay(void **state)
{
	(void)state;
	request_and_clear();
	nest = 1;
	disable_after_nest = true;

	do_IRQ(IRQ);

	/* DISABLED ends the loop: no unmask, the edge stays pending. */
	assert_int_equal(handled, 1);
	if (!FAKE_LOG_IS(FAKE_ACK, FAKE_MASK_ACK, FAKE_DISABLE))
		fail_msg("log: %s", fake_log_str());
	assert_true(fake_masked[IRQ]);
	assert_int_equal(irq_desc[IRQ].status &
				 (IRQ_PENDING | IRQ_MASKED | IRQ_DISABLED),
			 IRQ_PENDING | IRQ_MASKED | IRQ_DISABLED);
	assert_false(irq_desc[IRQ].status & IRQ_INPROGRESS);
}

static void test_edge_disabled_marks_pending_and_masks(void **state)
{
	(void)state;
	request_and_clear();
	disable_irq(IRQ);
	fake_log_clear();

	do_IRQ(IRQ);

	assert_int_equal(handled, 0);
	if (!FAKE_LOG_IS(FAKE_MASK_ACK))
		fail_msg("log: %s", fake_log_str());
	assert_log_on_irq();
	assert_true(fake_masked[IRQ]);
	assert_int_equal(irq_desc[IRQ].status & (IRQ_PENDING | IRQ_MASKED),
			 IRQ_PENDING | IRQ_MASKED);
	assert_false(irq_desc[IRQ].status & IRQ_INPROGRESS);
	/* Unlike level, edge counts only instances it handles. */
	assert_int_equal(kstat_irqs(IRQ), 0);
}

static void test_edge_no_action_marks_pending_and_masks(void **state)
{
	(void)state;
	/* Enabled (depth 0) but with no action: a chained line. */
	set_irq_chained_handler(IRQ, handle_edge_irq);
	assert_false(irq_desc[IRQ].status & IRQ_DISABLED);
	assert_null(irq_desc[IRQ].action);
	fake_log_clear();

	do_IRQ(IRQ);

	if (!FAKE_LOG_IS(FAKE_MASK_ACK))
		fail_msg("log: %s", fake_log_str());
	assert_true(fake_masked[IRQ]);
	assert_int_equal(irq_desc[IRQ].status & (IRQ_PENDING | IRQ_MASKED),
			 IRQ_PENDING | IRQ_MASKED);
	assert_false(irq_desc[IRQ].status & IRQ_INPROGRESS);
	assert_int_equal(kstat_irqs(IRQ), 0);
}

static void test_edge_clears_replay_and_waiting(void **state)
{
	(void)state;
	request_and_clear();
	irq_desc[IRQ].status |= IRQ_REPLAY | IRQ_WAITING;

	do_IRQ(IRQ);

	assert_int_equal(handled, 1);
	assert_false(irq_desc[IRQ].status & (IRQ_REPLAY | IRQ_WAITING));

	/* Cleared before the disabled check, so on that path too. */
	disable_irq(IRQ);
	irq_desc[IRQ].status |= IRQ_REPLAY | IRQ_WAITING;

	do_IRQ(IRQ);

	assert_int_equal(handled, 1);
	assert_false(irq_desc[IRQ].status & (IRQ_REPLAY | IRQ_WAITING));
	assert_true(irq_desc[IRQ].status & IRQ_PENDING);
}

static void test_edge_without_mask_ack_masks_then_acks(void **state)
{
	(void)state;
	request_and_clear();
	disable_irq(IRQ);
	fake_log_clear();

	do_IRQ(IRQ);

	if (!FAKE_LOG_IS(FAKE_MASK, FAKE_ACK))
		fail_msg("log: %s", fake_log_str());
	assert_true(fake_masked[IRQ]);
}

static void test_edge_without_mask_ack_replay(void **state)
{
	(void)state;
	request_and_clear();
	nest = 1;

	do_IRQ(IRQ);

	assert_int_equal(handled, 2);
	if (!FAKE_LOG_IS(FAKE_ACK, FAKE_MASK, FAKE_ACK, FAKE_UNMASK))
		fail_msg("log: %s", fake_log_str());
	assert_false(fake_masked[IRQ]);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(
			test_edge_acks_and_runs_actions_without_masking, setup),
		cmocka_unit_test_setup(
			test_edge_instance_during_handler_is_replayed, setup),
		cmocka_unit_test_setup(
			test_edge_instances_during_one_run_replay_once, setup),
		cmocka_unit_test_setup(
			test_edge_disabled_during_handler_stops_replay, setup),
		cmocka_unit_test_setup(
			test_edge_disabled_marks_pending_and_masks, setup),
		cmocka_unit_test_setup(
			test_edge_no_action_marks_pending_and_masks, setup),
		cmocka_unit_test_setup(test_edge_clears_replay_and_waiting,
				       setup),
		cmocka_unit_test_setup(
			test_edge_without_mask_ack_masks_then_acks,
			setup_no_mask_ack),
		cmocka_unit_test_setup(test_edge_without_mask_ack_replay,
				       setup_no_mask_ack),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
