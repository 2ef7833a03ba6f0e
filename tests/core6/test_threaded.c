// SPDX-License-Identifier: GPL-2.0
/*
 * Threaded handlers: a oneshot line stays masked until its thread is
 * done; IRQCHIP_EOI_THREADED moves the EOI into the thread; an
 * IRQCHIP_ONESHOT_SAFE chip is not masked at all; forced threading turns
 * a plain handler into a oneshot thread. The thread handler waits until
 * the hard interrupt is over, so that the log's order is fixed.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include "fake6_chip.h"

static int hard_done;

static irqreturn_t gated_thread(int irq, void *dev_id)
{
	(void)dev_id;
	while (!__atomic_load_n(&hard_done, __ATOMIC_ACQUIRE))
		usleep(100);
	fake6_log(F6_THREAD, (unsigned int)irq);
	return IRQ_HANDLED;
}

static irqreturn_t gated_handler(int irq, void *dev_id)
{
	(void)dev_id;
	while (!__atomic_load_n(&hard_done, __ATOMIC_ACQUIRE))
		usleep(100);
	fake6_log(F6_HANDLER, (unsigned int)irq);
	return IRQ_HANDLED;
}

static unsigned int line(unsigned long chipflags, irq_flow_handler_t flow,
			 irq_handler_t primary, irq_handler_t thread,
			 unsigned long flags)
{
	unsigned int irq = fake6_line(fake6_chip_make(chipflags, 0), flow);

	assert_int_equal(request_threaded_irq(irq, primary, thread, flags, "t",
					      NULL),
			 0);
	fake6_log_clear();
	return irq;
}

static void fire_and_wait(unsigned int irq)
{
	__atomic_store_n(&hard_done, 0, __ATOMIC_SEQ_CST);
	fake6_fire(irq);
	__atomic_store_n(&hard_done, 1, __ATOMIC_RELEASE);
	synchronize_irq(irq);
}

static void test_oneshot_fasteoi(void **state)
{
	unsigned int irq;

	(void)state;
	fake6_init();
	irq = line(0, handle_fasteoi_irq, NULL, gated_thread, IRQF_ONESHOT);
	fire_and_wait(irq);
	assert_log(F6_MASK, F6_EOI, F6_THREAD, F6_UNMASK);
	free_irq(irq, NULL);
}

static void test_eoi_threaded(void **state)
{
	unsigned int irq;

	(void)state;
	fake6_init();
	irq = line(IRQCHIP_EOI_THREADED, handle_fasteoi_irq, NULL, gated_thread,
		   IRQF_ONESHOT);
	fire_and_wait(irq);
	assert_log(F6_MASK, F6_THREAD, F6_EOI, F6_UNMASK);
}

static void test_oneshot_safe(void **state)
{
	unsigned int irq;

	(void)state;
	fake6_init();
	irq = line(IRQCHIP_ONESHOT_SAFE, handle_fasteoi_irq, NULL, gated_thread,
		   IRQF_ONESHOT);
	fire_and_wait(irq);
	assert_log(F6_EOI, F6_THREAD);
	/* and a thread-only action without ONESHOT is fine there */
	irq = line(IRQCHIP_ONESHOT_SAFE, handle_fasteoi_irq, NULL, gated_thread,
		   0);
	fire_and_wait(irq);
	assert_log(F6_EOI, F6_THREAD);
}

static void test_oneshot_level(void **state)
{
	unsigned int irq;

	(void)state;
	fake6_init();
	irq = line(0, handle_level_irq, NULL, gated_thread, IRQF_ONESHOT);
	fire_and_wait(irq);
	assert_log(F6_MASK_ACK, F6_THREAD, F6_UNMASK);
}

static void test_thread_only_needs_oneshot(void **state)
{
	unsigned int irq;

	(void)state;
	fake6_init();
	irq = fake6_line(fake6_chip_make(0, 0), handle_level_irq);
	assert_int_equal(request_threaded_irq(irq, NULL, gated_thread, 0, "t",
					      NULL),
			 -EINVAL);
}

static void test_forced_threading(void **state)
{
	unsigned int irq;

	(void)state;
	fake6_init();
	irq_set_force_threads(true);
	irq = line(0, handle_fasteoi_irq, gated_handler, NULL, 0);
	fire_and_wait(irq);
	/* the plain handler runs as a oneshot thread */
	assert_log(F6_MASK, F6_EOI, F6_HANDLER, F6_UNMASK);
	irq = line(IRQCHIP_ONESHOT_SAFE, handle_fasteoi_irq, gated_handler,
		   NULL, 0);
	fire_and_wait(irq);
	assert_log(F6_EOI, F6_HANDLER);
	/* IRQF_NO_THREAD stays in hard interrupt context */
	irq = line(0, handle_fasteoi_irq, fake6_handler, NULL, IRQF_NO_THREAD);
	fake6_fire(irq);
	assert_log(F6_HANDLER, F6_EOI);
	irq_set_force_threads(false);
}

/* Forced threading of a handler with a thread: a second thread. */
static void test_forced_secondary(void **state)
{
	unsigned int irq;

	(void)state;
	fake6_init();
	irq_set_force_threads(true);
	fake6_primary_ret = IRQ_WAKE_THREAD;
	irq = line(0, handle_fasteoi_irq, fake6_handler, gated_thread, 0);
	assert_non_null(irq_to_desc(irq)->action->secondary);
	fire_and_wait(irq);
	assert_true(fake6_wait_for(fake6_count(F6_THREAD) == 1));
	synchronize_irq(irq);
	assert_int_equal(fake6_count(F6_HANDLER), 1);
	free_irq(irq, NULL);
	irq_set_force_threads(false);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_oneshot_fasteoi),
		cmocka_unit_test(test_eoi_threaded),
		cmocka_unit_test(test_oneshot_safe),
		cmocka_unit_test(test_oneshot_level),
		cmocka_unit_test(test_thread_only_needs_oneshot),
		cmocka_unit_test(test_forced_threading),
		cmocka_unit_test(test_forced_secondary),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
