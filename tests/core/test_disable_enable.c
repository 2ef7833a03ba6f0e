// SPDX-License-Identifier: GPL-2.0
/*
 * disable_irq(), enable_irq() and synchronize_irq(): the nesting depth, the
 * chip calls at the outermost disable and enable, the resend of an edge that
 * arrived while the line was disabled (hardware retrigger, else the software
 * queue), no resend for level lines, and waiting for a handler running on
 * another simulated CPU. Follows kernel/irq/manage.c and resend.c of 2.6.18.
 */
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <time.h>
#include <cmocka.h>
#include "fake_chip.h"

#define IRQ 5
#define OTHER 7
#define THIRD 9
#define MAX_EVENTS 8

static int dev;
static int handled;
static bool handler_in_irq;
/* Which lines' handlers ran, in order. */
static unsigned int events[MAX_EVENTS];
static unsigned int nr_events;

static void note_event(unsigned int irq)
{
	if (nr_events < MAX_EVENTS)
		events[nr_events] = irq;
	nr_events++;
}

static irqreturn_t count_handler(int irq, void *dev_id)
{
	(void)dev_id;
	handled++;
	handler_in_irq = in_irq();
	note_event((unsigned int)irq);
	return IRQ_HANDLED;
}

static irqreturn_t other_handler(int irq, void *dev_id)
{
	(void)dev_id;
	note_event((unsigned int)irq);
	return IRQ_HANDLED;
}

static int setup(void **state)
{
	(void)state;
	fake_chip_init();
	handled = 0;
	handler_in_irq = false;
	nr_events = 0;
	set_irq_chip_and_handler(IRQ, fake_chip_make(0), handle_edge_irq);
	set_irq_chip_and_handler(OTHER, fake_chip_make(0), handle_edge_irq);
	set_irq_chip_and_handler(THIRD, fake_chip_make(0), handle_edge_irq);
	return 0;
}

/* Request IRQ, then disable it and let one edge arrive meanwhile. */
static void edge_while_disabled(void)
{
	assert_int_equal(request_irq(IRQ, count_handler, 0, "dev", &dev), 0);
	disable_irq(IRQ);
	do_IRQ(IRQ);
	assert_int_equal(handled, 0);
	assert_true(irq_desc[IRQ].status & IRQ_PENDING);
	fake_log_clear();
}

static void test_disable_nests(void **state)
{
	(void)state;
	assert_int_equal(request_irq(IRQ, count_handler, 0, "dev", &dev), 0);
	fake_log_clear();

	disable_irq(IRQ);
	assert_true(FAKE_LOG_IS(FAKE_DISABLE));
	assert_int_equal(irq_desc[IRQ].depth, 1);
	assert_true(irq_desc[IRQ].status & IRQ_DISABLED);

	disable_irq_nosync(IRQ);
	disable_irq(IRQ);
	assert_true(FAKE_LOG_IS(FAKE_DISABLE));
	assert_int_equal(irq_desc[IRQ].depth, 3);

	enable_irq(IRQ);
	enable_irq(IRQ);
	/* Inner enables only count down. */
	assert_true(FAKE_LOG_IS(FAKE_DISABLE));
	assert_int_equal(irq_desc[IRQ].depth, 1);
	assert_true(irq_desc[IRQ].status & IRQ_DISABLED);
	do_IRQ(IRQ);
	assert_int_equal(handled, 0);
	fake_log_clear();

	enable_irq(IRQ);
	assert_int_equal(irq_desc[IRQ].depth, 0);
	assert_false(irq_desc[IRQ].status & IRQ_DISABLED);
	/* The last enable goes through check_irq_resend(): ->enable. */
	assert_int_equal(fake_count[FAKE_ENABLE][IRQ], 1);
	assert_int_equal(fake_log()[0].op, FAKE_ENABLE);
	/* 2.6.18: an enabled line is no longer probed. */
	assert_true(irq_desc[IRQ].status & IRQ_NOPROBE);
}

static void test_disable_enable_defaults(void **state)
{
	(void)state;
	set_irq_chip(IRQ, fake_chip_make((1u << FAKE_ENABLE) |
					 (1u << FAKE_DISABLE)));
	assert_int_equal(request_irq(IRQ, count_handler, 0, "dev", &dev), 0);
	fake_log_clear();

	disable_irq(IRQ);
	assert_true(FAKE_LOG_IS(FAKE_MASK));
	enable_irq(IRQ);
	assert_true(FAKE_LOG_IS(FAKE_MASK, FAKE_UNMASK));
}

static void test_unbalanced_enable_warns(void **state)
{
	unsigned long warns;

	(void)state;
	assert_int_equal(request_irq(IRQ, count_handler, 0, "dev", &dev), 0);
	fake_log_clear();
	warns = genirq_warn_count();

	enable_irq(IRQ);
	assert_int_equal(genirq_warn_count(), warns + 1);
	assert_true(fake_messages_contain("Unbalanced enable"));
	assert_int_equal(irq_desc[IRQ].depth, 0);
	assert_int_equal(fake_log_len(), 0);

	/* Depth did not wrap: one disable disables. */
	disable_irq(IRQ);
	assert_int_equal(irq_desc[IRQ].depth, 1);
	assert_true(irq_desc[IRQ].status & IRQ_DISABLED);
}

static void test_edge_while_disabled_is_pending(void **state)
{
	(void)state;
	assert_int_equal(request_irq(IRQ, count_handler, 0, "dev", &dev), 0);
	disable_irq(IRQ);
	fake_log_clear();

	do_IRQ(IRQ);
	assert_int_equal(handled, 0);
	assert_true(irq_desc[IRQ].status & IRQ_PENDING);
	assert_true(irq_desc[IRQ].status & IRQ_MASKED);
	assert_true(FAKE_LOG_IS(FAKE_MASK_ACK));
}

static void test_hardware_retrigger(void **state)
{
	(void)state;
	fake_cfg.retrigger_ret = 1;
	edge_while_disabled();

	enable_irq(IRQ);
	assert_true(FAKE_LOG_IS(FAKE_ENABLE, FAKE_RETRIGGER));
	assert_int_equal(fake_log()[1].irq, IRQ);
	assert_true(irq_desc[IRQ].status & IRQ_REPLAY);
	assert_false(irq_desc[IRQ].status & IRQ_PENDING);

	/* The hardware resends it: nothing for the software queue. */
	irq_resend_flush();
	do_IRQ(OTHER);
	assert_int_equal(handled, 0);
	assert_int_equal(kstat_irqs(IRQ), 0);
}

static void test_software_resend_by_flush(void **state)
{
	(void)state;
	fake_cfg.retrigger_ret = 0;
	edge_while_disabled();

	enable_irq(IRQ);
	assert_true(FAKE_LOG_IS(FAKE_ENABLE, FAKE_RETRIGGER));
	assert_true(irq_desc[IRQ].status & IRQ_REPLAY);
	/* Queued, not run from enable_irq() itself. */
	assert_int_equal(handled, 0);

	irq_resend_flush();
	assert_int_equal(handled, 1);
	assert_true(handler_in_irq);
	assert_false(in_irq());
	assert_false(irqs_disabled());
	assert_false(irq_desc[IRQ].status &
		     (IRQ_REPLAY | IRQ_PENDING | IRQ_INPROGRESS));
	assert_int_equal(kstat_irqs(IRQ), 1);

	/* Replayed once only. */
	irq_resend_flush();
	assert_int_equal(handled, 1);
}

static void test_software_resend_without_retrigger_op(void **state)
{
	(void)state;
	set_irq_chip(IRQ, fake_chip_make(1u << FAKE_RETRIGGER));
	edge_while_disabled();

	enable_irq(IRQ);
	assert_true(FAKE_LOG_IS(FAKE_ENABLE));
	assert_true(irq_desc[IRQ].status & IRQ_REPLAY);
	assert_int_equal(handled, 0);

	irq_resend_flush();
	assert_int_equal(handled, 1);
}

/*
 * A board that calls do_IRQ() from a thread of its own, attached as no
 * simulated CPU, with no irq_cpu_run() loop: enable_irq() runs the resend
 * on that thread before it returns, instead of stranding it until the
 * board's next interrupt.
 */
static void *board_thread(void *arg)
{
	int *seen_before_return = arg;

	assert_false(irq_cpu_attached());
	disable_irq(IRQ);
	do_IRQ(IRQ); /* the edge comes while disabled */
	*seen_before_return = handled;
	enable_irq(IRQ);
	seen_before_return[1] = handled;
	seen_before_return[2] = handler_in_irq && !in_irq();
	return NULL;
}

static void test_software_resend_on_board_thread(void **state)
{
	int seen[3] = { -1, -1, -1 };
	pthread_t t;

	(void)state;
	set_irq_chip(IRQ, fake_chip_make(1u << FAKE_RETRIGGER));
	assert_int_equal(request_irq(IRQ, count_handler, 0, "dev", &dev), 0);
	assert_int_equal(pthread_create(&t, NULL, board_thread, seen), 0);
	assert_int_equal(pthread_join(t, NULL), 0);
	assert_int_equal(seen[0], 0);
	assert_int_equal(seen[1], 1);
	assert_true(seen[2]); /* replayed as an interrupt */
	assert_false(irq_desc[IRQ].status &
		     (IRQ_REPLAY | IRQ_PENDING | IRQ_INPROGRESS));
	/* Nothing left for CPU 0 to replay. */
	irq_resend_flush();
	assert_int_equal(handled, 1);
	free_irq(IRQ, &dev);
}

static void test_software_resend_at_irq_exit(void **state)
{
	(void)state;
	assert_int_equal(request_irq(OTHER, other_handler, 0, "other", &dev),
			 0);
	edge_while_disabled();
	enable_irq(IRQ);
	assert_int_equal(handled, 0);
	nr_events = 0;

	/* Leaving the outermost interrupt runs the queue, after OTHER. */
	do_IRQ(OTHER);
	assert_int_equal(handled, 1);
	assert_int_equal(nr_events, 2);
	assert_int_equal(events[0], OTHER);
	assert_int_equal(events[1], IRQ);
	assert_true(handler_in_irq);
}

static bool replayed_before_nested_exit;

static irqreturn_t enabling_handler(int irq, void *dev_id)
{
	(void)dev_id;
	note_event((unsigned int)irq);
	/* Queue the replay, then take a nested interrupt. */
	enable_irq(IRQ);
	do_IRQ(THIRD);
	replayed_before_nested_exit = handled != 0;
	return IRQ_HANDLED;
}

static void test_software_resend_only_at_outermost_exit(void **state)
{
	(void)state;
	assert_int_equal(request_irq(OTHER, enabling_handler, 0, "other", &dev),
			 0);
	assert_int_equal(request_irq(THIRD, other_handler, 0, "third", &dev),
			 0);
	edge_while_disabled();
	nr_events = 0;
	replayed_before_nested_exit = true;

	do_IRQ(OTHER);
	assert_false(replayed_before_nested_exit);
	assert_int_equal(handled, 1);
	assert_int_equal(nr_events, 3);
	assert_int_equal(events[0], OTHER);
	assert_int_equal(events[1], THIRD);
	assert_int_equal(events[2], IRQ);
}

/* A level line that took an interrupt while disabled, set up as a chip's
 * ->set_type would for a level type. */
static void level_while_disabled(void)
{
	set_irq_handler(IRQ, handle_level_irq);
	fake_log_clear();
	assert_int_equal(request_irq(IRQ, count_handler, SA_TRIGGER_HIGH, "dev",
				     &dev),
			 0);
	assert_int_equal(fake_log()[0].op, FAKE_SET_TYPE);
	assert_int_equal(fake_log()[0].arg, IRQ_TYPE_LEVEL_HIGH);
	irq_desc[IRQ].status |= IRQ_LEVEL;

	disable_irq(IRQ);
	do_IRQ(IRQ);
	assert_int_equal(handled, 0);
	assert_true(irq_desc[IRQ].status & IRQ_PENDING);
	fake_log_clear();
}

/* 2.6.18 resends a level line like an edge (resend.c has no level test). */
static void test_level_line_resent_as_2_6_18(void **state)
{
	(void)state;
	fake_cfg.retrigger_ret = 0;
	level_while_disabled();

	enable_irq(IRQ);
	assert_true(FAKE_LOG_IS(FAKE_ENABLE, FAKE_RETRIGGER));
	assert_true(irq_desc[IRQ].status & IRQ_REPLAY);
	assert_false(irq_desc[IRQ].status & IRQ_PENDING);
	irq_resend_flush();
	assert_int_equal(handled, 1);
	assert_false(irq_desc[IRQ].status & (IRQ_REPLAY | IRQ_PENDING));
}

/* The later kernels' rule, per line: no resend, and no stale PENDING. */
static void test_level_noresend_drops_pending(void **state)
{
	(void)state;
	assert_int_equal(irq_set_level_noresend(IRQ, true), 0);
	assert_int_equal(irq_set_level_noresend(NR_IRQS, true), -EINVAL);
	level_while_disabled();

	enable_irq(IRQ);
	assert_true(FAKE_LOG_IS(FAKE_ENABLE));
	assert_false(irq_desc[IRQ].status & (IRQ_REPLAY | IRQ_PENDING));
	irq_resend_flush();
	do_IRQ(OTHER);
	assert_int_equal(handled, 0);
}

/* The option is about level lines: an edge line is still resent. */
static void test_level_noresend_keeps_edge_resend(void **state)
{
	(void)state;
	fake_cfg.retrigger_ret = 0;
	assert_int_equal(irq_set_level_noresend(IRQ, true), 0);
	edge_while_disabled();

	enable_irq(IRQ);
	assert_true(FAKE_LOG_IS(FAKE_ENABLE, FAKE_RETRIGGER));
	irq_resend_flush();
	assert_int_equal(handled, 1);
}

static void test_no_pending_no_resend(void **state)
{
	(void)state;
	assert_int_equal(request_irq(IRQ, count_handler, 0, "dev", &dev), 0);
	disable_irq(IRQ);
	fake_log_clear();
	enable_irq(IRQ);
	assert_true(FAKE_LOG_IS(FAKE_ENABLE));
	assert_false(irq_desc[IRQ].status & IRQ_REPLAY);
	irq_resend_flush();
	assert_int_equal(handled, 0);
}

/*
 * A handler on simulated CPU 1 that blocks until released, and a thread
 * that releases it after a while, to see whether the main thread's call
 * returned before the handler finished.
 */
static int blk_entered, blk_release, blk_finished;

static irqreturn_t blocking_handler(int irq, void *dev_id)
{
	(void)irq;
	(void)dev_id;
	__atomic_store_n(&blk_entered, 1, __ATOMIC_SEQ_CST);
	while (!__atomic_load_n(&blk_release, __ATOMIC_SEQ_CST))
		sched_yield();
	__atomic_store_n(&blk_finished, 1, __ATOMIC_SEQ_CST);
	return IRQ_HANDLED;
}

static void *cpu1_thread(void *arg)
{
	(void)arg;
	irq_cpu_attach(1);
	do_IRQ(IRQ);
	return NULL;
}

/*
 * Release the handler after @arg milliseconds, or earlier if the test
 * released it itself.
 */
static void *releaser_thread(void *arg)
{
	const struct timespec tick = { 0, 1000 * 1000 };

	for (long ms = (long)(intptr_t)arg; ms > 0; ms--) {
		if (__atomic_load_n(&blk_release, __ATOMIC_SEQ_CST))
			return NULL;
		nanosleep(&tick, NULL);
	}
	__atomic_store_n(&blk_release, 1, __ATOMIC_SEQ_CST);
	return NULL;
}

/* Start the blocking handler on CPU 1 and a releaser after @ms. */
static void start_blocked_handler(pthread_t *cpu1, pthread_t *rel, long ms)
{
	blk_entered = blk_release = blk_finished = 0;
	assert_int_equal(request_irq(IRQ, blocking_handler, 0, "dev", &dev), 0);
	assert_int_equal(pthread_create(cpu1, NULL, cpu1_thread, NULL), 0);
	while (!__atomic_load_n(&blk_entered, __ATOMIC_SEQ_CST))
		sched_yield();
	assert_int_equal(pthread_create(rel, NULL, releaser_thread,
					(void *)(intptr_t)ms),
			 0);
}

static void test_disable_irq_waits_for_handler(void **state)
{
	pthread_t cpu1, rel;
	int finished;

	(void)state;
	start_blocked_handler(&cpu1, &rel, 50);

	disable_irq(IRQ);
	finished = __atomic_load_n(&blk_finished, __ATOMIC_SEQ_CST);
	pthread_join(rel, NULL);
	pthread_join(cpu1, NULL);
	assert_true(finished);
	assert_true(irq_desc[IRQ].status & IRQ_DISABLED);
}

static void test_synchronize_irq_waits_for_handler(void **state)
{
	pthread_t cpu1, rel;
	int finished;

	(void)state;
	start_blocked_handler(&cpu1, &rel, 50);

	synchronize_irq(IRQ);
	finished = __atomic_load_n(&blk_finished, __ATOMIC_SEQ_CST);
	pthread_join(rel, NULL);
	pthread_join(cpu1, NULL);
	assert_true(finished);
	assert_false(irq_desc[IRQ].status & IRQ_DISABLED);
}

static void test_disable_irq_nosync_does_not_wait(void **state)
{
	pthread_t cpu1, rel;
	int finished;

	(void)state;
	/*
	 * The test releases the handler itself once nosync returned; the
	 * releaser only ends the test (failed) if nosync waits. Its 30 s are
	 * a bound for that hang: a main thread that a busy machine keeps
	 * off its CPU for longer than the releaser waits would read the
	 * handler as finished (2 s left that to chance).
	 */
	start_blocked_handler(&cpu1, &rel, 30000);

	disable_irq_nosync(IRQ);
	finished = __atomic_load_n(&blk_finished, __ATOMIC_SEQ_CST);
	__atomic_store_n(&blk_release, 1, __ATOMIC_SEQ_CST);
	assert_int_equal(irq_desc[IRQ].depth, 1);

	pthread_join(rel, NULL);
	pthread_join(cpu1, NULL);
	assert_false(finished);
	assert_false(irq_desc[IRQ].status & IRQ_INPROGRESS);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_disable_nests, setup),
		cmocka_unit_test_setup(test_disable_enable_defaults, setup),
		cmocka_unit_test_setup(test_unbalanced_enable_warns, setup),
		cmocka_unit_test_setup(test_edge_while_disabled_is_pending,
				       setup),
		cmocka_unit_test_setup(test_hardware_retrigger, setup),
		cmocka_unit_test_setup(test_software_resend_by_flush, setup),
		cmocka_unit_test_setup(
			test_software_resend_without_retrigger_op, setup),
		cmocka_unit_test_setup(test_software_resend_on_board_thread,
				       setup),
		cmocka_unit_test_setup(test_software_resend_at_irq_exit, setup),
		cmocka_unit_test_setup(
			test_software_resend_only_at_outermost_exit, setup),
		cmocka_unit_test_setup(test_level_line_resent_as_2_6_18, setup),
		cmocka_unit_test_setup(test_level_noresend_drops_pending,
				       setup),
		cmocka_unit_test_setup(test_level_noresend_keeps_edge_resend,
				       setup),
		cmocka_unit_test_setup(test_no_pending_no_resend, setup),
		cmocka_unit_test_setup(test_disable_irq_waits_for_handler,
				       setup),
		cmocka_unit_test_setup(test_synchronize_irq_waits_for_handler,
				       setup),
		cmocka_unit_test_setup(test_disable_irq_nosync_does_not_wait,
				       setup),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
