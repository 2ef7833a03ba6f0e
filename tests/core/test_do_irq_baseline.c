// SPDX-License-Identifier: GPL-2.0
/*
 * __do_IRQ(), the pre-genirq monolithic flow of 2.6.18 kernel/irq/handle.c,
 * which a line uses when it has no flow handler (set_irq_handler(irq,
 * NULL), or a first request_irq() on a line that still has handle_bad_irq):
 * ->ack then ->end on every entry, even disabled (then PENDING is set) or
 * without an action (then, as in 2.6.18, INPROGRESS stays set until the
 * next setup_irq()); an instance arriving while the actions run (a
 * nested do_IRQ() from inside the action) only sets PENDING and the running
 * instance runs the actions once more; every entry is counted; IRQ_PER_CPU
 * lines take a lock-free fast path.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <pthread.h>
#include <time.h>
#include <cmocka.h>
#include "fake_chip.h"

#define IRQ 13

static int handled;
/* Instances the action delivers from inside its first run. */
static int nest;
static unsigned int status_after_nest;

static irqreturn_t do_irq_handler(int irq, void *dev_id)
{
	(void)dev_id;
	assert_int_equal(irq, IRQ);
	assert_true(irq_desc[IRQ].status & IRQ_INPROGRESS);
	assert_false(spin_is_locked(&irq_desc[IRQ].lock));
	if (++handled == 1) {
		for (int i = 0; i < nest; i++)
			do_IRQ(IRQ);
		status_after_nest = irq_desc[IRQ].status;
	}
	return IRQ_HANDLED;
}

static irqreturn_t percpu_handler(int irq, void *dev_id)
{
	(void)dev_id;
	assert_int_equal(irq, IRQ);
	assert_false(spin_is_locked(&irq_desc[IRQ].lock));
	/* The fast path leaves the status word alone. */
	assert_false(irq_desc[IRQ].status & IRQ_INPROGRESS);
	handled++;
	return IRQ_HANDLED;
}

static void setup_chip(unsigned int omit)
{
	fake_chip_init();
	handled = 0;
	nest = 0;
	status_after_nest = 0;
	set_irq_chip(IRQ, fake_chip_make(omit));
	set_irq_handler(IRQ, NULL);
}

static int setup(void **state)
{
	(void)state;
	setup_chip(0);
	return 0;
}

static int setup_no_ack(void **state)
{
	(void)state;
	setup_chip(1u << FAKE_ACK);
	return 0;
}

static int setup_no_end(void **state)
{
	(void)state;
	setup_chip(1u << FAKE_END);
	return 0;
}

static void request_and_clear(irq_handler_t handler, unsigned long flags)
{
	assert_int_equal(request_irq(IRQ, handler, flags, "dev", NULL), 0);
	fake_log_clear();
}

static void test_null_handler_selects_do_irq(void **state)
{
	(void)state;
	assert_null(irq_desc[IRQ].handle_irq);
	request_and_clear(do_irq_handler, 0);
	assert_null(irq_desc[IRQ].handle_irq);

	do_IRQ(IRQ);

	assert_int_equal(handled, 1);
	if (!FAKE_LOG_IS(FAKE_ACK, FAKE_END))
		fail_msg("log: %s", fake_log_str());
	for (unsigned int i = 0; i < fake_log_len(); i++)
		assert_int_equal(fake_log()[i].irq, IRQ);
	assert_false(irq_desc[IRQ].status & (IRQ_INPROGRESS | IRQ_PENDING));
	assert_int_equal(kstat_irqs(IRQ), 1);
}

static void test_first_request_without_flow_selects_do_irq(void **state)
{
	(void)state;
	/* A chip but still the boot handle_bad_irq: an old-style arch. */
	fake_chip_init();
	set_irq_chip(IRQ, fake_chip_make(0));
	assert_ptr_equal(irq_desc[IRQ].handle_irq, handle_bad_irq);
	request_and_clear(do_irq_handler, 0);
	assert_null(irq_desc[IRQ].handle_irq);

	do_IRQ(IRQ);

	assert_int_equal(handled, 1);
	assert_true(FAKE_LOG_IS(FAKE_ACK, FAKE_END));
}

static void test_do_irq_disabled_acks_ends_pending(void **state)
{
	(void)state;
	request_and_clear(do_irq_handler, 0);
	disable_irq(IRQ);
	fake_log_clear();

	do_IRQ(IRQ);

	assert_int_equal(handled, 0);
	if (!FAKE_LOG_IS(FAKE_ACK, FAKE_END))
		fail_msg("log: %s", fake_log_str());
	assert_true(irq_desc[IRQ].status & IRQ_PENDING);
	assert_false(irq_desc[IRQ].status & IRQ_INPROGRESS);
	assert_int_equal(kstat_irqs(IRQ), 1);
}

static void test_do_irq_no_action_acks_ends_stuck_inprogress(void **state)
{
	(void)state;
	/* Enabled but without an action. */
	irq_desc[IRQ].status &= ~IRQ_DISABLED;
	assert_null(irq_desc[IRQ].action);
	fake_log_clear();

	do_IRQ(IRQ);

	/*
	 * 2.6.18 commits to handling before it looks at the action: PENDING
	 * cleared, INPROGRESS set, and nothing clears INPROGRESS again until
	 * setup_irq() does. ->end is still called.
	 */
	if (!FAKE_LOG_IS(FAKE_ACK, FAKE_END))
		fail_msg("log: %s", fake_log_str());
	assert_int_equal(irq_desc[IRQ].status & (IRQ_PENDING | IRQ_INPROGRESS),
			 IRQ_INPROGRESS);
	assert_int_equal(kstat_irqs(IRQ), 1);

	/* So the next instance only finds it in progress: PENDING. */
	do_IRQ(IRQ);

	assert_true(FAKE_LOG_IS(FAKE_ACK, FAKE_END, FAKE_ACK, FAKE_END));
	assert_true(irq_desc[IRQ].status & IRQ_PENDING);
	assert_int_equal(kstat_irqs(IRQ), 2);

	/* A request clears INPROGRESS and the line works again. */
	request_and_clear(do_irq_handler, 0);
	assert_false(irq_desc[IRQ].status & IRQ_INPROGRESS);
	do_IRQ(IRQ);
	assert_int_equal(handled, 1);
	assert_true(FAKE_LOG_IS(FAKE_ACK, FAKE_END));
	assert_false(irq_desc[IRQ].status & (IRQ_PENDING | IRQ_INPROGRESS));
}

static void test_do_irq_clears_replay_and_waiting(void **state)
{
	(void)state;
	request_and_clear(do_irq_handler, 0);
	irq_desc[IRQ].status |= IRQ_REPLAY | IRQ_WAITING;

	do_IRQ(IRQ);

	assert_int_equal(handled, 1);
	assert_false(irq_desc[IRQ].status & (IRQ_REPLAY | IRQ_WAITING));
}

static void test_do_irq_instance_during_handler_reruns(void **state)
{
	(void)state;
	request_and_clear(do_irq_handler, 0);
	nest = 1;

	do_IRQ(IRQ);

	/* The nested entry acked, set PENDING and ended. */
	assert_int_equal(status_after_nest & (IRQ_INPROGRESS | IRQ_PENDING),
			 IRQ_INPROGRESS | IRQ_PENDING);
	assert_int_equal(handled, 2);
	if (!FAKE_LOG_IS(FAKE_ACK, FAKE_ACK, FAKE_END, FAKE_END))
		fail_msg("log: %s", fake_log_str());
	assert_false(irq_desc[IRQ].status & (IRQ_INPROGRESS | IRQ_PENDING));
	/* Every entry is counted, the nested one too. */
	assert_int_equal(kstat_irqs(IRQ), 2);
}

static void test_do_irq_handles_only_the_second_instance(void **state)
{
	(void)state;
	request_and_clear(do_irq_handler, 0);
	nest = 2;

	do_IRQ(IRQ);

	assert_int_equal(handled, 2);
	if (!FAKE_LOG_IS(FAKE_ACK, FAKE_ACK, FAKE_END, FAKE_ACK, FAKE_END,
			 FAKE_END))
		fail_msg("log: %s", fake_log_str());
	assert_int_equal(kstat_irqs(IRQ), 3);
}

static void test_do_irq_without_ack_still_ends(void **state)
{
	(void)state;
	request_and_clear(do_irq_handler, 0);

	do_IRQ(IRQ);

	assert_int_equal(handled, 1);
	if (!FAKE_LOG_IS(FAKE_END))
		fail_msg("log: %s", fake_log_str());
}

static void test_do_irq_default_end_is_a_noop(void **state)
{
	(void)state;
	/* set_irq_chip() filled ->end; __do_IRQ() calls it unconditionally. */
	assert_non_null(irq_desc[IRQ].chip->end);
	request_and_clear(do_irq_handler, 0);

	do_IRQ(IRQ);

	assert_int_equal(handled, 1);
	if (!FAKE_LOG_IS(FAKE_ACK))
		fail_msg("log: %s", fake_log_str());
}

/* IRQ_PER_CPU fast path */

static void test_percpu_fast_path_acks_runs_ends(void **state)
{
	(void)state;
	request_and_clear(percpu_handler, SA_PERCPU_IRQ);
	assert_true(irq_desc[IRQ].status & IRQ_PER_CPU);

	do_IRQ(IRQ);

	assert_int_equal(handled, 1);
	if (!FAKE_LOG_IS(FAKE_ACK, FAKE_END))
		fail_msg("log: %s", fake_log_str());
	assert_int_equal(kstat_irqs(IRQ), 1);
}

static void test_percpu_fast_path_ignores_disabled(void **state)
{
	(void)state;
	request_and_clear(percpu_handler, SA_PERCPU_IRQ);
	disable_irq(IRQ);
	fake_log_clear();

	do_IRQ(IRQ);

	/* 2.6.18 checks neither DISABLED nor INPROGRESS on this path. */
	assert_int_equal(handled, 1);
	assert_true(FAKE_LOG_IS(FAKE_ACK, FAKE_END));
	assert_false(irq_desc[IRQ].status & IRQ_PENDING);
}

static void test_percpu_fast_path_takes_no_lock(void **state)
{
	(void)state;
	request_and_clear(fake_remote_handler, SA_PERCPU_IRQ);

	assert_true(fake_delivered_while_locked(IRQ, 5000));
	assert_int_equal(fake_remote_handled, 1);
	assert_true(FAKE_LOG_IS(FAKE_ACK, FAKE_END));
	assert_int_equal(kstat_irqs_cpu(IRQ, 1), 1);
}

static void test_normal_line_waits_for_the_lock(void **state)
{
	(void)state;
	/* The contrast: a normal line cannot get past spin_lock(). */
	request_and_clear(fake_remote_handler, 0);

	assert_false(fake_delivered_while_locked(IRQ, 100));
	/* It ran once the lock was dropped. */
	assert_int_equal(fake_remote_handled, 1);
	assert_true(FAKE_LOG_IS(FAKE_ACK, FAKE_END));
}

static void test_percpu_fast_path_without_ack(void **state)
{
	(void)state;
	request_and_clear(percpu_handler, SA_PERCPU_IRQ);

	do_IRQ(IRQ);

	assert_int_equal(handled, 1);
	if (!FAKE_LOG_IS(FAKE_END))
		fail_msg("log: %s", fake_log_str());
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_null_handler_selects_do_irq, setup),
		cmocka_unit_test_setup(
			test_first_request_without_flow_selects_do_irq, setup),
		cmocka_unit_test_setup(test_do_irq_disabled_acks_ends_pending,
				       setup),
		cmocka_unit_test_setup(
			test_do_irq_no_action_acks_ends_stuck_inprogress,
			setup),
		cmocka_unit_test_setup(test_do_irq_clears_replay_and_waiting,
				       setup),
		cmocka_unit_test_setup(
			test_do_irq_instance_during_handler_reruns, setup),
		cmocka_unit_test_setup(
			test_do_irq_handles_only_the_second_instance, setup),
		cmocka_unit_test_setup(test_do_irq_without_ack_still_ends,
				       setup_no_ack),
		cmocka_unit_test_setup(test_do_irq_default_end_is_a_noop,
				       setup_no_end),
		cmocka_unit_test_setup(test_percpu_fast_path_acks_runs_ends,
				       setup),
		cmocka_unit_test_setup(test_percpu_fast_path_ignores_disabled,
				       setup),
		cmocka_unit_test_setup(test_percpu_fast_path_takes_no_lock,
				       setup),
		cmocka_unit_test_setup(test_normal_line_waits_for_the_lock,
				       setup),
		cmocka_unit_test_setup(test_percpu_fast_path_without_ack,
				       setup_no_ack),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
