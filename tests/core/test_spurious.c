// SPDX-License-Identifier: GPL-2.0
/*
 * note_interrupt(): the "nobody cared" detector (a window of 100,000
 * interrupts, more than 99,900 of them unhandled, kills the line), the
 * rate-limited report of bogus handler return values, noirqdebug, and the
 * irqfixup/irqpoll search of other lines' shared handlers. Follows
 * kernel/irq/spurious.c of 2.6.18.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>
#include "fake_chip.h"

#define IRQ 5
#define LINE_B 6
#define LINE_C 7
#define WINDOW 100000
#define LIMIT 99900

static int dev_a, dev_b, dev_c;
/* The next this many calls of scripted_handler return IRQ_NONE. */
static unsigned int none_left;
static irqreturn_t next_ret;
static unsigned int calls[NR_IRQS];
static int last_irq[NR_IRQS];

/* Returns IRQ_NONE none_left times, then next_ret. */
static irqreturn_t scripted_handler(int irq, void *dev_id)
{
	(void)dev_id;
	calls[irq]++;
	if (none_left) {
		none_left--;
		return IRQ_NONE;
	}
	return next_ret;
}

static irqreturn_t none_handler(int irq, void *dev_id)
{
	(void)dev_id;
	calls[irq]++;
	return IRQ_NONE;
}

static irqreturn_t handled_handler(int irq, void *dev_id)
{
	(void)dev_id;
	calls[irq]++;
	last_irq[irq] = irq;
	return IRQ_HANDLED;
}

static irqreturn_t bogus_handler(int irq, void *dev_id)
{
	(void)dev_id;
	calls[irq]++;
	return 4; /* 2 is IRQ_WAKE_THREAD, which counts as handled */
}

static int setup(void **state)
{
	(void)state;
	fake_chip_init();
	none_left = 0;
	next_ret = IRQ_HANDLED;
	memset(calls, 0, sizeof(calls));
	memset(last_irq, -1, sizeof(last_irq));
	for (unsigned int irq = 0; irq < 10; irq++)
		set_irq_chip_and_handler(irq, fake_chip_make(0),
					 handle_simple_irq);
	return 0;
}

static void fire(unsigned int irq, unsigned int n)
{
	for (unsigned int i = 0; i < n; i++)
		do_IRQ(irq);
}

static unsigned int count_occurrences(const char *hay, const char *needle)
{
	unsigned int n = 0;

	for (const char *p = hay; (p = strstr(p, needle)); p += strlen(needle))
		n++;
	return n;
}

static void test_stuck_line_is_disabled(void **state)
{
	(void)state;
	assert_int_equal(request_irq(IRQ, scripted_handler, SA_SHIRQ, "alpha",
				     &dev_a),
			 0);
	assert_int_equal(
		request_irq(IRQ, none_handler, SA_SHIRQ, "beta", &dev_b), 0);
	fake_log_clear();
	/* 99,901 unhandled out of 100,000. */
	none_left = LIMIT + 1;
	next_ret = IRQ_HANDLED;

	fire(IRQ, WINDOW - 1);
	assert_false(irq_desc[IRQ].status & IRQ_DISABLED);
	assert_int_equal(fake_log_len(), 0);
	fire(IRQ, 1);

	assert_true(irq_desc[IRQ].status & IRQ_DISABLED);
	assert_int_equal(irq_desc[IRQ].depth, 1);
	assert_true(FAKE_LOG_IS(FAKE_DISABLE));
	assert_int_equal(fake_log()[0].irq, IRQ);
	assert_true(fake_messages_contain("irq 5: nobody cared"));
	assert_true(fake_messages_contain("(alpha)"));
	assert_true(fake_messages_contain("(beta)"));
	assert_true(fake_messages_contain("Disabling IRQ #5"));
	assert_int_equal(irq_desc[IRQ].irq_count, 0);
	assert_int_equal(irq_desc[IRQ].irqs_unhandled, 0);

	/* The line stays dead until someone enables it. */
	/* Both handlers ran for each of the window's interrupts. */
	assert_int_equal(calls[IRQ], 2 * WINDOW);
	fire(IRQ, 1);
	assert_int_equal(calls[IRQ], 2 * WINDOW);
	enable_irq(IRQ);
	assert_false(irq_desc[IRQ].status & IRQ_DISABLED);
	fire(IRQ, 1);
	assert_int_equal(calls[IRQ], 2 * WINDOW + 2);
}

static void test_limit_itself_is_tolerated(void **state)
{
	(void)state;
	assert_int_equal(request_irq(IRQ, scripted_handler, 0, "alpha", &dev_a),
			 0);
	fake_log_clear();
	none_left = LIMIT;
	next_ret = IRQ_HANDLED;

	fire(IRQ, WINDOW);
	assert_false(irq_desc[IRQ].status & IRQ_DISABLED);
	assert_int_equal(irq_desc[IRQ].depth, 0);
	assert_int_equal(fake_log_len(), 0);
	assert_false(fake_messages_contain("nobody cared"));
	assert_false(fake_messages_contain("Disabling"));
	/* The window closed: both counters start again. */
	assert_int_equal(irq_desc[IRQ].irq_count, 0);
	assert_int_equal(irq_desc[IRQ].irqs_unhandled, 0);
}

static void test_counters_reset_each_window(void **state)
{
	(void)state;
	assert_int_equal(request_irq(IRQ, scripted_handler, 0, "alpha", &dev_a),
			 0);
	none_left = LIMIT;
	fire(IRQ, WINDOW);
	assert_false(irq_desc[IRQ].status & IRQ_DISABLED);

	/*
	 * Half unhandled: had the first window's count carried over, the
	 * line would be killed at the end of this one.
	 */
	none_left = WINDOW / 2;
	fire(IRQ, WINDOW - 1);
	assert_int_equal(irq_desc[IRQ].irq_count, WINDOW - 1);
	assert_int_equal(irq_desc[IRQ].irqs_unhandled, WINDOW / 2);
	fire(IRQ, 1);
	assert_false(irq_desc[IRQ].status & IRQ_DISABLED);
	assert_false(fake_messages_contain("nobody cared"));
}

static void test_unhandled_counted_only_for_non_handled(void **state)
{
	(void)state;
	assert_int_equal(request_irq(IRQ, scripted_handler, 0, "alpha", &dev_a),
			 0);
	none_left = 3;
	fire(IRQ, 10);
	assert_int_equal(irq_desc[IRQ].irq_count, 10);
	assert_int_equal(irq_desc[IRQ].irqs_unhandled, 3);
}

static void test_bogus_return_reported_at_most_100_times(void **state)
{
	(void)state;
	assert_int_equal(request_irq(IRQ, bogus_handler, 0, "alpha", &dev_a),
			 0);
	assert_int_equal(request_irq(LINE_B, bogus_handler, 0, "beta", &dev_b),
			 0);

	fire(IRQ, 1);
	assert_true(fake_messages_contain("irq event 5: bogus return value 4"));
	assert_true(fake_messages_contain("(alpha)"));
	/* A bogus value counts as unhandled, not as nobody caring. */
	assert_int_equal(irq_desc[IRQ].irqs_unhandled, 1);
	assert_false(fake_messages_contain("nobody cared"));

	fire(IRQ, 59);
	fire(LINE_B, 60);
	/* One budget for all lines. */
	assert_int_equal(
		count_occurrences(fake_messages(), "bogus return value"), 100);
	assert_int_equal(count_occurrences(fake_messages(), "irq event 6:"),
			 40);
	assert_int_equal(irq_desc[LINE_B].irqs_unhandled, 60);
}

static void test_noirqdebug_skips_detection(void **state)
{
	(void)state;
	genirq_set_noirqdebug(true);
	assert_int_equal(request_irq(IRQ, none_handler, 0, "alpha", &dev_a), 0);
	assert_int_equal(request_irq(LINE_B, bogus_handler, 0, "beta", &dev_b),
			 0);
	fake_log_clear();

	fire(IRQ, WINDOW + 10);
	fire(LINE_B, 5);
	assert_int_equal(calls[IRQ], WINDOW + 10);
	assert_false(irq_desc[IRQ].status & IRQ_DISABLED);
	assert_int_equal(fake_log_len(), 0);
	assert_int_equal(irq_desc[IRQ].irq_count, 0);
	assert_int_equal(irq_desc[IRQ].irqs_unhandled, 0);
	assert_false(fake_messages_contain("nobody cared"));
	assert_false(fake_messages_contain("bogus"));
}

/* Line A's handler fails; B has a shared handler, C a non-shared one. */
static void misrouted_lines(irq_handler_t b_handler)
{
	assert_int_equal(request_irq(IRQ, none_handler, 0, "a", &dev_a), 0);
	assert_int_equal(request_irq(LINE_B, b_handler, SA_SHIRQ, "b", &dev_b),
			 0);
	assert_int_equal(request_irq(LINE_C, handled_handler, 0, "c", &dev_c),
			 0);
}

static void test_irqfixup_off_tries_nothing(void **state)
{
	(void)state;
	misrouted_lines(handled_handler);
	fire(IRQ, 1);
	assert_int_equal(calls[IRQ], 1);
	assert_int_equal(calls[LINE_B], 0);
	assert_int_equal(irq_desc[IRQ].irqs_unhandled, 1);
}

static void test_irqfixup_claimed_elsewhere(void **state)
{
	(void)state;
	genirq_set_irqfixup(IRQFIXUP_MISROUTED);
	misrouted_lines(handled_handler);
	/* The walk starts at line 1, as 2.6.18's does. */
	assert_int_equal(
		request_irq(0, handled_handler, SA_SHIRQ, "timer", &dev_c), 0);
	fake_log_clear();

	fire(IRQ, 1);
	assert_int_equal(calls[IRQ], 1);
	assert_int_equal(calls[LINE_B], 1);
	/* Called as its own line. */
	assert_int_equal(last_irq[LINE_B], LINE_B);
	/* Not safe to call: not shared. */
	assert_int_equal(calls[LINE_C], 0);
	assert_int_equal(calls[0], 0);
	/* Someone claimed it: not held against line A. */
	assert_int_equal(irq_desc[IRQ].irqs_unhandled, 0);
	assert_int_equal(irq_desc[IRQ].irq_count, 1);
	/* The walk honoured and released B's INPROGRESS. */
	assert_false(irq_desc[LINE_B].status & IRQ_INPROGRESS);
	assert_false(irq_desc[LINE_C].status & IRQ_INPROGRESS);
	/* Nothing real was pending on B: no ->end for it. */
	assert_int_equal(fake_count[FAKE_END][LINE_B], 0);
	/* B's own statistics are untouched. */
	assert_int_equal(kstat_irqs(LINE_B), 0);

	/* B still works normally afterwards. */
	fire(LINE_B, 1);
	assert_int_equal(calls[LINE_B], 2);
}

static void test_irqfixup_nobody_claims(void **state)
{
	(void)state;
	genirq_set_irqfixup(IRQFIXUP_MISROUTED);
	misrouted_lines(none_handler);

	fire(IRQ, 1);
	assert_int_equal(calls[LINE_B], 1);
	assert_int_equal(irq_desc[IRQ].irqs_unhandled, 1);
}

static void test_irqfixup_not_tried_when_handled(void **state)
{
	(void)state;
	genirq_set_irqfixup(IRQFIXUP_MISROUTED);
	assert_int_equal(request_irq(IRQ, handled_handler, 0, "a", &dev_a), 0);
	assert_int_equal(
		request_irq(LINE_B, handled_handler, SA_SHIRQ, "b", &dev_b), 0);
	/* Not even on the timer line without irqpoll. */
	assert_int_equal(request_irq(0, handled_handler, 0, "timer", &dev_c),
			 0);

	fire(IRQ, 1);
	fire(0, 1);
	assert_int_equal(calls[LINE_B], 0);
}

static void test_irqpoll_polls_on_timer(void **state)
{
	(void)state;
	genirq_set_irqfixup(IRQFIXUP_POLL);
	assert_int_equal(request_irq(0, handled_handler, 0, "timer", &dev_a),
			 0);
	assert_int_equal(
		request_irq(LINE_B, handled_handler, SA_SHIRQ, "b", &dev_b), 0);
	assert_int_equal(request_irq(LINE_C, handled_handler, 0, "c", &dev_c),
			 0);

	fire(0, 3);
	assert_int_equal(calls[0], 3);
	assert_int_equal(calls[LINE_B], 3);
	assert_int_equal(calls[LINE_C], 0);
	/* Handled, so nothing to take back from IRQ 0's counts. */
	assert_int_equal(irq_desc[0].irqs_unhandled, 0);

	/* Other lines that were handled still do not poll. */
	assert_int_equal(request_irq(IRQ, handled_handler, 0, "a", &dev_c), 0);
	fire(IRQ, 1);
	assert_int_equal(calls[LINE_B], 3);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_stuck_line_is_disabled, setup),
		cmocka_unit_test_setup(test_limit_itself_is_tolerated, setup),
		cmocka_unit_test_setup(test_counters_reset_each_window, setup),
		cmocka_unit_test_setup(
			test_unhandled_counted_only_for_non_handled, setup),
		cmocka_unit_test_setup(
			test_bogus_return_reported_at_most_100_times, setup),
		cmocka_unit_test_setup(test_noirqdebug_skips_detection, setup),
		cmocka_unit_test_setup(test_irqfixup_off_tries_nothing, setup),
		cmocka_unit_test_setup(test_irqfixup_claimed_elsewhere, setup),
		cmocka_unit_test_setup(test_irqfixup_nobody_claims, setup),
		cmocka_unit_test_setup(test_irqfixup_not_tried_when_handled,
				       setup),
		cmocka_unit_test_setup(test_irqpoll_polls_on_timer, setup),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
