// SPDX-License-Identifier: GPL-2.0
/*
 * The small flows of 2.6.18 kernel/irq/chip.c and handle.c:
 * handle_simple_irq() makes no chip call on any path; handle_percpu_irq()
 * acks, runs the actions and eois, each chip call only where the chip has
 * it, and never takes the descriptor lock (checked by delivering on a
 * second simulated CPU while this thread holds the lock); handle_level_irq
 * drops the lock around the actions; handle_bad_irq() reports, counts and
 * calls no chip op.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <pthread.h>
#include <time.h>
#include <cmocka.h>
#include "fake_chip.h"

#define IRQ 11

static int handled;
static bool nest_once;
static unsigned int status_after_nest;

static irqreturn_t simple_handler(int irq, void *dev_id)
{
	(void)dev_id;
	assert_int_equal(irq, IRQ);
	assert_true(irq_desc[IRQ].status & IRQ_INPROGRESS);
	assert_false(spin_is_locked(&irq_desc[IRQ].lock));
	if (++handled == 1 && nest_once) {
		do_IRQ(IRQ);
		status_after_nest = irq_desc[IRQ].status;
	}
	return IRQ_HANDLED;
}

static irqreturn_t percpu_handler(int irq, void *dev_id)
{
	(void)dev_id;
	assert_int_equal(irq, IRQ);
	/* The per-CPU flow neither locks nor marks the line in progress. */
	assert_false(spin_is_locked(&irq_desc[IRQ].lock));
	assert_false(irq_desc[IRQ].status & IRQ_INPROGRESS);
	handled++;
	return IRQ_HANDLED;
}

static irqreturn_t level_handler(int irq, void *dev_id)
{
	(void)dev_id;
	assert_int_equal(irq, IRQ);
	assert_false(spin_is_locked(&irq_desc[IRQ].lock));
	handled++;
	return IRQ_HANDLED;
}

static void setup_flow(unsigned int omit, irq_flow_handler_t flow)
{
	fake_chip_init();
	handled = 0;
	nest_once = false;
	status_after_nest = 0;
	set_irq_chip_and_handler(IRQ, fake_chip_make(omit), flow);
}

static int setup_simple(void **state)
{
	(void)state;
	setup_flow(0, handle_simple_irq);
	return 0;
}

static int setup_percpu(void **state)
{
	(void)state;
	setup_flow(0, handle_percpu_irq);
	return 0;
}

static int setup_level(void **state)
{
	(void)state;
	setup_flow(0, handle_level_irq);
	return 0;
}

static int setup_bad(void **state)
{
	(void)state;
	fake_chip_init();
	handled = 0;
	return 0;
}

static void assert_no_chip_calls(void)
{
	if (fake_log_len())
		fail_msg("chip calls: %s", fake_log_str());
}

/* handle_simple_irq */

static void test_simple_runs_actions_without_chip_calls(void **state)
{
	(void)state;
	assert_int_equal(request_irq(IRQ, simple_handler, 0, "dev", NULL), 0);
	fake_log_clear();

	do_IRQ(IRQ);

	assert_int_equal(handled, 1);
	assert_no_chip_calls();
	assert_false(irq_desc[IRQ].status & IRQ_INPROGRESS);
	assert_int_equal(kstat_irqs(IRQ), 1);
}

static void test_simple_disabled_no_chip_calls(void **state)
{
	(void)state;
	assert_int_equal(request_irq(IRQ, simple_handler, 0, "dev", NULL), 0);
	disable_irq(IRQ);
	fake_log_clear();
	irq_desc[IRQ].status |= IRQ_REPLAY | IRQ_WAITING;

	do_IRQ(IRQ);

	assert_int_equal(handled, 0);
	assert_no_chip_calls();
	/* 2.6.18's simple flow counts, clears, and does not mark PENDING. */
	assert_int_equal(kstat_irqs(IRQ), 1);
	assert_false(irq_desc[IRQ].status &
		     (IRQ_PENDING | IRQ_REPLAY | IRQ_WAITING));
}

static void test_simple_no_action_no_chip_calls(void **state)
{
	(void)state;
	set_irq_chained_handler(IRQ, handle_simple_irq);
	assert_false(irq_desc[IRQ].status & IRQ_DISABLED);
	fake_log_clear();

	do_IRQ(IRQ);

	assert_no_chip_calls();
	assert_int_equal(kstat_irqs(IRQ), 1);
	assert_false(irq_desc[IRQ].status & (IRQ_PENDING | IRQ_INPROGRESS));
}

static void test_simple_reentry_dropped_no_chip_calls(void **state)
{
	(void)state;
	assert_int_equal(request_irq(IRQ, simple_handler, 0, "dev", NULL), 0);
	fake_log_clear();
	nest_once = true;

	do_IRQ(IRQ);

	assert_int_equal(handled, 1);
	assert_no_chip_calls();
	assert_true(status_after_nest & IRQ_INPROGRESS);
	assert_false(status_after_nest & IRQ_PENDING);
	/* The re-entry returns before counting. */
	assert_int_equal(kstat_irqs(IRQ), 1);
	assert_false(irq_desc[IRQ].status & IRQ_INPROGRESS);
}

/* handle_percpu_irq */

static void test_percpu_acks_runs_eois(void **state)
{
	(void)state;
	assert_int_equal(request_irq(IRQ, percpu_handler, SA_PERCPU_IRQ, "dev",
				     NULL),
			 0);
	fake_log_clear();

	do_IRQ(IRQ);

	assert_int_equal(handled, 1);
	if (!FAKE_LOG_IS(FAKE_ACK, FAKE_EOI))
		fail_msg("log: %s", fake_log_str());
	assert_int_equal(kstat_irqs(IRQ), 1);
}

static void test_percpu_takes_no_lock(void **state)
{
	(void)state;
	assert_int_equal(request_irq(IRQ, fake_remote_handler, SA_PERCPU_IRQ,
				     "dev", NULL),
			 0);
	fake_log_clear();

	assert_true(fake_delivered_while_locked(IRQ, 5000));
	assert_int_equal(fake_remote_handled, 1);
	assert_true(FAKE_LOG_IS(FAKE_ACK, FAKE_EOI));
	assert_int_equal(kstat_irqs_cpu(IRQ, 1), 1);
	assert_int_equal(kstat_irqs_cpu(IRQ, 0), 0);
}

static void test_percpu_without_ack(void **state)
{
	(void)state;
	set_irq_chip(IRQ, fake_chip_make(1u << FAKE_ACK));
	assert_int_equal(request_irq(IRQ, percpu_handler, SA_PERCPU_IRQ, "dev",
				     NULL),
			 0);
	fake_log_clear();

	do_IRQ(IRQ);

	assert_int_equal(handled, 1);
	if (!FAKE_LOG_IS(FAKE_EOI))
		fail_msg("log: %s", fake_log_str());
}

static void test_percpu_without_eoi(void **state)
{
	(void)state;
	set_irq_chip(IRQ, fake_chip_make(1u << FAKE_EOI));
	assert_int_equal(request_irq(IRQ, percpu_handler, SA_PERCPU_IRQ, "dev",
				     NULL),
			 0);
	fake_log_clear();

	do_IRQ(IRQ);

	assert_int_equal(handled, 1);
	if (!FAKE_LOG_IS(FAKE_ACK))
		fail_msg("log: %s", fake_log_str());
}

static void test_percpu_without_ack_and_eoi(void **state)
{
	(void)state;
	set_irq_chip(IRQ, fake_chip_make(1u << FAKE_ACK | 1u << FAKE_EOI));
	assert_int_equal(request_irq(IRQ, percpu_handler, SA_PERCPU_IRQ, "dev",
				     NULL),
			 0);
	fake_log_clear();

	do_IRQ(IRQ);

	assert_int_equal(handled, 1);
	assert_no_chip_calls();
	assert_int_equal(kstat_irqs(IRQ), 1);
}

/* handle_level_irq: the lock is dropped around the actions. */

static void test_level_holds_no_lock_during_actions(void **state)
{
	(void)state;
	assert_int_equal(request_irq(IRQ, level_handler, 0, "dev", NULL), 0);
	fake_log_clear();

	do_IRQ(IRQ);

	assert_int_equal(handled, 1);
	assert_true(FAKE_LOG_IS(FAKE_MASK_ACK, FAKE_UNMASK));
	assert_false(spin_is_locked(&irq_desc[IRQ].lock));
}

/* handle_bad_irq */

static void test_bad_irq_on_boot_line_reports_and_counts(void **state)
{
	(void)state;
	assert_ptr_equal(irq_desc[IRQ].handle_irq, handle_bad_irq);
	assert_int_equal(irq_err_count_read(), 0);

	do_IRQ(IRQ);

	assert_true(fake_messages_contain("unexpected IRQ trap"));
	assert_int_equal(kstat_irqs(IRQ), 1);
	assert_int_equal(irq_err_count_read(), 1);

	do_IRQ(IRQ);

	assert_int_equal(kstat_irqs(IRQ), 2);
	assert_int_equal(irq_err_count_read(), 2);
}

static void test_bad_irq_calls_no_chip_op_nor_action(void **state)
{
	(void)state;
	set_irq_chip_and_handler(IRQ, fake_chip_make(0), handle_level_irq);
	assert_int_equal(request_irq(IRQ, level_handler, 0, "dev", NULL), 0);
	set_irq_handler(IRQ, handle_bad_irq);
	fake_log_clear();

	do_IRQ(IRQ);

	assert_int_equal(handled, 0);
	assert_no_chip_calls();
	assert_true(fake_messages_contain("unexpected IRQ trap"));
	assert_int_equal(kstat_irqs(IRQ), 1);
	assert_int_equal(irq_err_count_read(), 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(
			test_simple_runs_actions_without_chip_calls,
			setup_simple),
		cmocka_unit_test_setup(test_simple_disabled_no_chip_calls,
				       setup_simple),
		cmocka_unit_test_setup(test_simple_no_action_no_chip_calls,
				       setup_simple),
		cmocka_unit_test_setup(test_simple_reentry_dropped_no_chip_calls,
				       setup_simple),
		cmocka_unit_test_setup(test_percpu_acks_runs_eois,
				       setup_percpu),
		cmocka_unit_test_setup(test_percpu_takes_no_lock, setup_percpu),
		cmocka_unit_test_setup(test_percpu_without_ack, setup_percpu),
		cmocka_unit_test_setup(test_percpu_without_eoi, setup_percpu),
		cmocka_unit_test_setup(test_percpu_without_ack_and_eoi,
				       setup_percpu),
		cmocka_unit_test_setup(test_level_holds_no_lock_during_actions,
				       setup_level),
		cmocka_unit_test_setup(
			test_bad_irq_on_boot_line_reports_and_counts,
			setup_bad),
		cmocka_unit_test_setup(test_bad_irq_calls_no_chip_op_nor_action,
				       setup_bad),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
