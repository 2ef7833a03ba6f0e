// SPDX-License-Identifier: GPL-2.0
/*
 * The lazy disable of 2.6.21 and later, a per-line choice here
 * (irq_set_lazy_disable()): disable_irq() only marks the line disabled
 * (the default ->disable does not mask), and the flow handler masks it
 * when an interrupt arrives while it is; enable_irq() unmasks through the
 * default ->enable and resends what came meanwhile (check_irq_resend());
 * shutting the line down masks it all the same. Without the setting the
 * default ->disable masks at once, as 2.6.18 does.
 *
 * The chip is the fake chip without ->enable, ->disable and ->shutdown,
 * so that the core's defaults (chip.c) are what runs.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include "fake_chip.h"
#include "irq_count.h"

#define IRQ 5
#define DEFAULTS \
	((1u << FAKE_ENABLE) | (1u << FAKE_DISABLE) | (1u << FAKE_SHUTDOWN))

static int dev;

/* @flow on IRQ with the default enable/disable/shutdown, requested. */
static void line(irq_flow_handler_t flow, bool lazy)
{
	set_irq_chip_and_handler(IRQ, fake_chip_make(DEFAULTS), flow);
	assert_int_equal(irq_set_lazy_disable(IRQ, lazy), 0);
	assert_int_equal(!!(irq_desc[IRQ].status & IRQ_LAZY_DISABLE), lazy);
	assert_int_equal(request_irq(IRQ, test_count_handler, 0, "dev", &dev),
			 0);
	assert_false(fake_masked[IRQ]);
	fake_log_clear();
}

/* Rule 13: fasteoi. */
static void test_fasteoi_lazy_disable_no_chip_call(void **state)
{
	(void)state;
	line(handle_fasteoi_irq, true);

	disable_irq(IRQ);

	assert_int_equal(fake_log_len(), 0);
	assert_false(fake_masked[IRQ]);
	assert_true(irq_desc[IRQ].status & IRQ_DISABLED);
	assert_false(irq_desc[IRQ].status & IRQ_MASKED);
}

static void test_fasteoi_lazy_masks_on_arrival(void **state)
{
	(void)state;
	line(handle_fasteoi_irq, true);
	disable_irq(IRQ);

	do_IRQ(IRQ);

	assert_int_equal(test_handled, 0);
	assert_true(FAKE_LOG_IS(FAKE_MASK, FAKE_EOI));
	assert_true(fake_masked[IRQ]);
	assert_true(irq_desc[IRQ].status & IRQ_PENDING);
	assert_true(irq_desc[IRQ].status & IRQ_MASKED);
	assert_int_equal(kstat_irqs(IRQ), 1);
}

/* The chip cannot retrigger: enable_irq() queues a software resend. */
static void test_fasteoi_lazy_enable_unmasks_and_resends(void **state)
{
	(void)state;
	line(handle_fasteoi_irq, true);
	fake_cfg.retrigger_ret = 0;
	disable_irq(IRQ);
	do_IRQ(IRQ);
	fake_log_clear();

	enable_irq(IRQ);

	assert_true(FAKE_LOG_IS(FAKE_UNMASK, FAKE_RETRIGGER));
	assert_false(fake_masked[IRQ]);
	assert_false(irq_desc[IRQ].status & IRQ_DISABLED);
	assert_false(irq_desc[IRQ].status & IRQ_PENDING);
	assert_true(irq_desc[IRQ].status & IRQ_REPLAY);
	assert_int_equal(test_handled, 0);

	irq_resend_flush();

	assert_int_equal(test_handled, 1);
	assert_true(FAKE_LOG_IS(FAKE_UNMASK, FAKE_RETRIGGER, FAKE_EOI));
	assert_false(irq_desc[IRQ].status & IRQ_REPLAY);
	assert_int_equal(kstat_irqs(IRQ), 2);
}

/* The chip retriggers: no software resend. */
static void test_fasteoi_lazy_enable_hardware_retrigger(void **state)
{
	(void)state;
	line(handle_fasteoi_irq, true);
	fake_cfg.retrigger_ret = 1;
	disable_irq(IRQ);
	do_IRQ(IRQ);
	fake_log_clear();

	enable_irq(IRQ);
	irq_resend_flush();

	assert_true(FAKE_LOG_IS(FAKE_UNMASK, FAKE_RETRIGGER));
	assert_false(fake_masked[IRQ]);
	assert_int_equal(test_handled, 0);
	assert_true(irq_desc[IRQ].status & IRQ_REPLAY);

	/* The hardware's resend arrives, and is test_handled. */
	do_IRQ(IRQ);
	assert_int_equal(test_handled, 1);
	assert_true(FAKE_LOG_IS(FAKE_UNMASK, FAKE_RETRIGGER, FAKE_EOI));
}

static void test_fasteoi_not_lazy_masks_at_once(void **state)
{
	(void)state;
	line(handle_fasteoi_irq, false);

	disable_irq(IRQ);

	assert_true(FAKE_LOG_IS(FAKE_MASK));
	assert_true(fake_masked[IRQ]);

	/* Already masked: an arrival is only EOIed. */
	do_IRQ(IRQ);
	assert_int_equal(test_handled, 0);
	assert_true(FAKE_LOG_IS(FAKE_MASK, FAKE_EOI));
	assert_true(irq_desc[IRQ].status & IRQ_PENDING);

	enable_irq(IRQ);
	assert_false(fake_masked[IRQ]);
	assert_int_equal(fake_count[FAKE_UNMASK][IRQ], 1);
}

/*
 * Rule 14, level and edge: a lazy disable touches no register, and the
 * interrupt that arrives meanwhile is masked and acked by the flow and
 * left pending.
 */
static void lazy_arrival(irq_flow_handler_t flow)
{
	line(flow, true);

	disable_irq(IRQ);
	assert_int_equal(fake_log_len(), 0);
	assert_false(fake_masked[IRQ]);

	do_IRQ(IRQ);
	assert_int_equal(test_handled, 0);
	assert_true(FAKE_LOG_IS(FAKE_MASK_ACK));
	assert_true(fake_masked[IRQ]);
	assert_true(irq_desc[IRQ].status & IRQ_PENDING);
}

/* Without lazy, disable_irq() masks at once. */
static void eager_disable(irq_flow_handler_t flow)
{
	line(flow, false);

	disable_irq(IRQ);
	assert_true(FAKE_LOG_IS(FAKE_MASK));
	assert_true(fake_masked[IRQ]);
}

static void test_level_lazy(void **state)
{
	(void)state;
	lazy_arrival(handle_level_irq);
	enable_irq(IRQ);
	assert_false(fake_masked[IRQ]);
	assert_int_equal(fake_count[FAKE_UNMASK][IRQ], 1);
}

static void test_level_not_lazy(void **state)
{
	(void)state;
	eager_disable(handle_level_irq);
}

static void test_edge_lazy(void **state)
{
	(void)state;
	lazy_arrival(handle_edge_irq);
	assert_true(irq_desc[IRQ].status & IRQ_MASKED);

	/* Enabled: unmasked, and the edge resent by the software queue. */
	enable_irq(IRQ);
	assert_true(FAKE_LOG_IS(FAKE_MASK_ACK, FAKE_UNMASK, FAKE_RETRIGGER));
	assert_false(fake_masked[IRQ]);
	irq_resend_flush();
	assert_int_equal(test_handled, 1);
}

static void test_edge_not_lazy(void **state)
{
	(void)state;
	eager_disable(handle_edge_irq);
}

/* Freeing the last action shuts the line down: masked, lazy or not. */
static void test_lazy_free_masks(void **state)
{
	(void)state;
	line(handle_fasteoi_irq, true);

	free_irq(IRQ, &dev);

	assert_null(irq_desc[IRQ].action);
	assert_true(FAKE_LOG_IS(FAKE_MASK));
	assert_true(fake_masked[IRQ]);
	assert_int_equal(irq_desc[IRQ].status & (IRQ_DISABLED | IRQ_MASKED),
			 IRQ_DISABLED | IRQ_MASKED);
}

static void test_lazy_disabled_free_masks(void **state)
{
	(void)state;
	line(handle_level_irq, true);
	disable_irq(IRQ);
	assert_false(fake_masked[IRQ]); /* lazily left unmasked */

	free_irq(IRQ, &dev);

	assert_true(FAKE_LOG_IS(FAKE_MASK));
	assert_true(fake_masked[IRQ]);
}

/* Rule 15: what a disable/enable pair with nothing in between costs. */
#define PAIRS 10

static void disable_enable_pairs(void)
{
	for (unsigned int i = 0; i < PAIRS; i++) {
		disable_irq(IRQ);
		enable_irq(IRQ);
	}
}

static void test_lazy_pair_costs_one_access(void **state)
{
	(void)state;
	line(handle_fasteoi_irq, true);

	disable_enable_pairs();

	/* Only the enable (default ->enable = ->unmask) touches the chip. */
	assert_int_equal(fake_count[FAKE_MASK][IRQ], 0);
	assert_int_equal(fake_count[FAKE_UNMASK][IRQ], PAIRS);
	assert_int_equal(fake_log_len(), PAIRS);
	assert_int_equal(fake_count[FAKE_RETRIGGER][IRQ], 0);
	assert_false(fake_masked[IRQ]);
	assert_int_equal(test_handled, 0);
}

static void test_not_lazy_pair_costs_two_accesses(void **state)
{
	(void)state;
	line(handle_fasteoi_irq, false);

	disable_enable_pairs();

	assert_int_equal(fake_count[FAKE_MASK][IRQ], PAIRS);
	assert_int_equal(fake_count[FAKE_UNMASK][IRQ], PAIRS);
	assert_int_equal(fake_log_len(), 2 * PAIRS);
	for (unsigned int i = 0; i < 2 * PAIRS; i++)
		assert_int_equal(fake_log()[i].op,
				 i % 2 ? FAKE_UNMASK : FAKE_MASK);
	assert_false(fake_masked[IRQ]);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
#define T(fn) cmocka_unit_test_setup(fn, test_fake_setup)
		T(test_fasteoi_lazy_disable_no_chip_call),
		T(test_fasteoi_lazy_masks_on_arrival),
		T(test_fasteoi_lazy_enable_unmasks_and_resends),
		T(test_fasteoi_lazy_enable_hardware_retrigger),
		T(test_fasteoi_not_lazy_masks_at_once),
		T(test_level_lazy),
		T(test_level_not_lazy),
		T(test_edge_lazy),
		T(test_edge_not_lazy),
		T(test_lazy_free_masks),
		T(test_lazy_disabled_free_masks),
		T(test_lazy_pair_costs_one_access),
		T(test_not_lazy_pair_costs_two_accesses),
#undef T
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
