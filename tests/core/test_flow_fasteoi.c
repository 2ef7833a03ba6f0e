// SPDX-License-Identifier: GPL-2.0
/*
 * handle_fasteoi_irq(): the flow for controllers that handle the flow in
 * hardware. In 2.6.18 it makes exactly one chip call, ->eoi, on every
 * path: normal, disabled (marked PENDING), no action, and a re-entry while
 * the actions run (which 2.6.18 drops without marking it pending).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include "fake_chip.h"

#define IRQ 9

static int handled;
static bool nest_once;
static unsigned int status_after_nest;

static irqreturn_t eoi_handler(int irq, void *dev_id)
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

static int setup(void **state)
{
	(void)state;
	fake_chip_init();
	handled = 0;
	nest_once = false;
	status_after_nest = 0;
	set_irq_chip_and_handler(IRQ, fake_chip_make(0), handle_fasteoi_irq);
	return 0;
}

static void request_and_clear(void)
{
	assert_int_equal(request_irq(IRQ, eoi_handler, 0, "dev", NULL), 0);
	fake_log_clear();
}

static void assert_log_is_eoi(unsigned int n)
{
	if (fake_log_len() != n)
		fail_msg("expected %u eoi, log: %s", n, fake_log_str());
	for (unsigned int i = 0; i < n; i++) {
		assert_int_equal(fake_log()[i].op, FAKE_EOI);
		assert_int_equal(fake_log()[i].irq, IRQ);
	}
}

static void test_fasteoi_normal_eoi_only(void **state)
{
	(void)state;
	request_and_clear();

	do_IRQ(IRQ);

	assert_int_equal(handled, 1);
	assert_log_is_eoi(1);
	assert_false(irq_desc[IRQ].status & (IRQ_INPROGRESS | IRQ_PENDING));
	assert_int_equal(kstat_irqs(IRQ), 1);
}

static void test_fasteoi_clears_pending_replay_waiting(void **state)
{
	(void)state;
	request_and_clear();
	irq_desc[IRQ].status |= IRQ_PENDING | IRQ_REPLAY | IRQ_WAITING;

	do_IRQ(IRQ);

	assert_int_equal(handled, 1);
	assert_false(irq_desc[IRQ].status &
		     (IRQ_PENDING | IRQ_REPLAY | IRQ_WAITING));
}

static void test_fasteoi_disabled_eoi_and_pending(void **state)
{
	(void)state;
	request_and_clear();
	disable_irq(IRQ);
	fake_log_clear();

	do_IRQ(IRQ);

	assert_int_equal(handled, 0);
	assert_log_is_eoi(1);
	assert_true(irq_desc[IRQ].status & IRQ_PENDING);
	assert_false(irq_desc[IRQ].status & IRQ_INPROGRESS);
	/* Counted before the disabled check, as in 2.6.18. */
	assert_int_equal(kstat_irqs(IRQ), 1);
}

static void test_fasteoi_no_action_eoi_and_pending(void **state)
{
	(void)state;
	set_irq_chained_handler(IRQ, handle_fasteoi_irq);
	assert_false(irq_desc[IRQ].status & IRQ_DISABLED);
	fake_log_clear();

	do_IRQ(IRQ);

	assert_log_is_eoi(1);
	assert_true(irq_desc[IRQ].status & IRQ_PENDING);
	assert_int_equal(kstat_irqs(IRQ), 1);
}

static void test_fasteoi_reentry_eoi_twice_runs_once(void **state)
{
	(void)state;
	request_and_clear();
	nest_once = true;

	do_IRQ(IRQ);

	/* The re-entry is acknowledged and dropped: no PENDING, no rerun. */
	assert_int_equal(handled, 1);
	assert_log_is_eoi(2);
	assert_true(status_after_nest & IRQ_INPROGRESS);
	assert_false(status_after_nest & IRQ_PENDING);
	assert_false(irq_desc[IRQ].status & (IRQ_INPROGRESS | IRQ_PENDING));
	/* It returns before counting. */
	assert_int_equal(kstat_irqs(IRQ), 1);
}

/*
 * A oneshot line on a chip without ->mask (later kernels guard the
 * call): its interrupt runs and is EOIed, and nothing calls a NULL op.
 */
static unsigned int eoi_only_eois;

static void eoi_only_eoi(unsigned int irq)
{
	(void)irq;
	eoi_only_eois++;
}

static void eoi_only_nop(unsigned int irq)
{
	(void)irq;
}

static irqreturn_t never_thread_fn(int irq, void *dev_id)
{
	(void)irq;
	(void)dev_id;
	return IRQ_HANDLED;
}

static void test_fasteoi_oneshot_without_mask(void **state)
{
	static struct irq_chip eoi_only = {
		.name = "eoi-only",
		.enable = eoi_only_nop,
		.disable = eoi_only_nop,
		.eoi = eoi_only_eoi,
	};

	(void)state;
	eoi_only_eois = 0;
	set_irq_chip_and_handler(IRQ, &eoi_only, handle_fasteoi_irq);
	assert_int_equal(request_threaded_irq(IRQ, eoi_handler, never_thread_fn,
					      IRQF_ONESHOT, "dev", NULL),
			 0);
	do_IRQ(IRQ);
	assert_int_equal(handled, 1);
	assert_int_equal(eoi_only_eois, 1);
	assert_false(irq_desc[IRQ].status & (IRQ_MASKED | IRQ_INPROGRESS));
	free_irq(IRQ, NULL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_fasteoi_normal_eoi_only, setup),
		cmocka_unit_test_setup(
			test_fasteoi_clears_pending_replay_waiting, setup),
		cmocka_unit_test_setup(test_fasteoi_disabled_eoi_and_pending,
				       setup),
		cmocka_unit_test_setup(test_fasteoi_no_action_eoi_and_pending,
				       setup),
		cmocka_unit_test_setup(test_fasteoi_reentry_eoi_twice_runs_once,
				       setup),
		cmocka_unit_test_setup(test_fasteoi_oneshot_without_mask,
				       setup),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
