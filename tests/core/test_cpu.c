// SPDX-License-Identifier: GPL-2.0
/*
 * The simulated CPU: the per-thread interrupt flag, vectors raised on a CPU
 * and when they are taken (at once with interrupts on, else at the next
 * local_irq_enable/restore, spin_unlock_irqrestore or irq_cpu_poll; lowest
 * first, merged when raised twice; only by the CPU they were raised on),
 * hard interrupt context, and do_IRQ() for a vector with no descriptor.
 */
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include "fake_chip.h"

#define MAX_EVENTS 16

static int dev;
/* Handler runs: the line and the CPU, in order. */
static unsigned int ev_irq[MAX_EVENTS];
static unsigned int ev_cpu[MAX_EVENTS];
static bool ev_in_irq[MAX_EVENTS];
static unsigned int nr_events;

static void note(int irq)
{
	unsigned int n = __atomic_fetch_add(&nr_events, 1, __ATOMIC_SEQ_CST);

	if (n < MAX_EVENTS) {
		ev_irq[n] = (unsigned int)irq;
		ev_cpu[n] = smp_processor_id();
		ev_in_irq[n] = in_irq();
	}
}

static irqreturn_t handler(int irq, void *dev_id)
{
	(void)dev_id;
	note(irq);
	return IRQ_HANDLED;
}

static unsigned int events(void)
{
	return __atomic_load_n(&nr_events, __ATOMIC_SEQ_CST);
}

static int setup(void **state)
{
	(void)state;
	fake_chip_init();
	nr_events = 0;
	for (unsigned int irq = 1; irq < 12; irq++) {
		set_irq_chip_and_handler(irq, fake_chip_make(0),
					 handle_edge_irq);
		assert_int_equal(request_irq(irq, handler, SA_INTERRUPT, "dev",
					     &dev),
				 0);
	}
	return 0;
}

static void test_local_irq_flag(void **state)
{
	unsigned long outer, inner;

	(void)state;
	assert_false(irqs_disabled());
	local_irq_disable();
	assert_true(irqs_disabled());
	local_irq_enable();
	assert_false(irqs_disabled());

	local_irq_save(outer);
	assert_true(irqs_disabled());
	local_irq_save(inner);
	assert_true(irqs_disabled());
	local_irq_restore(inner);
	/* Restoring the inner save keeps them off. */
	assert_true(irqs_disabled());
	local_irq_restore(outer);
	assert_false(irqs_disabled());
	assert_int_equal(outer, 0);
	assert_int_not_equal(inner, 0);
}

static void test_raise_enabled_dispatches_now(void **state)
{
	(void)state;
	assert_int_equal(irq_cpu_raise(0, 3), 0);
	assert_int_equal(events(), 1);
	assert_int_equal(ev_irq[0], 3);
	assert_int_equal(ev_cpu[0], 0);
	assert_true(ev_in_irq[0]);
	assert_false(in_irq());
	assert_false(irqs_disabled());
	assert_int_equal(kstat_irqs_cpu(3, 0), 1);
}

static void test_raise_disabled_waits_for_enable(void **state)
{
	(void)state;
	local_irq_disable();
	assert_int_equal(irq_cpu_raise(0, 3), 0);
	assert_int_equal(events(), 0);
	/* A poll with interrupts off takes nothing. */
	assert_false(irq_cpu_poll());
	assert_int_equal(events(), 0);
	local_irq_enable();
	assert_int_equal(events(), 1);
	assert_int_equal(ev_irq[0], 3);
	assert_false(irqs_disabled());
}

static void test_raise_disabled_waits_for_restore(void **state)
{
	unsigned long outer, inner;

	(void)state;
	local_irq_save(outer);
	local_irq_save(inner);
	irq_cpu_raise(0, 4);
	local_irq_restore(inner);
	/* Still off: not taken. */
	assert_int_equal(events(), 0);
	local_irq_restore(outer);
	assert_int_equal(events(), 1);
	assert_int_equal(ev_irq[0], 4);
}

static void test_spin_lock_irqsave_defers(void **state)
{
	spinlock_t lock = SPIN_LOCK_UNLOCKED;
	unsigned long flags;

	(void)state;
	spin_lock_irqsave(&lock, flags);
	irq_cpu_raise(0, 5);
	assert_int_equal(events(), 0);
	spin_unlock_irqrestore(&lock, flags);
	assert_int_equal(events(), 1);
	assert_int_equal(ev_irq[0], 5);

	spin_lock_irq(&lock);
	irq_cpu_raise(0, 6);
	assert_int_equal(events(), 1);
	spin_unlock_irq(&lock);
	assert_int_equal(events(), 2);
}

static void test_lowest_vector_first(void **state)
{
	(void)state;
	local_irq_disable();
	irq_cpu_raise(0, 9);
	irq_cpu_raise(0, 2);
	irq_cpu_raise(0, 7);
	irq_cpu_raise(0, 4);
	local_irq_enable();
	assert_int_equal(events(), 4);
	assert_int_equal(ev_irq[0], 2);
	assert_int_equal(ev_irq[1], 4);
	assert_int_equal(ev_irq[2], 7);
	assert_int_equal(ev_irq[3], 9);
}

static void test_raise_twice_merges(void **state)
{
	(void)state;
	local_irq_disable();
	irq_cpu_raise(0, 3);
	irq_cpu_raise(0, 3);
	irq_cpu_raise(0, 3);
	local_irq_enable();
	assert_int_equal(events(), 1);
	assert_int_equal(kstat_irqs(3), 1);
	/* Taken and gone: nothing more to take. */
	assert_false(irq_cpu_poll());
	assert_int_equal(events(), 1);
}

static int raised_from_cpu1;

static void *raise_for_cpu0(void *arg)
{
	(void)arg;
	irq_cpu_attach(1);
	/* Not this thread's CPU: only posted. */
	irq_cpu_raise(0, 8);
	__atomic_store_n(&raised_from_cpu1, events() == 0, __ATOMIC_SEQ_CST);
	return NULL;
}

static void test_poll_takes_pending(void **state)
{
	pthread_t t;

	(void)state;
	assert_false(irq_cpu_poll());
	raised_from_cpu1 = 0;
	assert_int_equal(pthread_create(&t, NULL, raise_for_cpu0, NULL), 0);
	pthread_join(t, NULL);
	assert_true(raised_from_cpu1);
	/* Posted for CPU 0, whose interrupts are on, but not yet taken. */
	assert_int_equal(events(), 0);

	assert_true(irq_cpu_poll());
	assert_int_equal(events(), 1);
	assert_int_equal(ev_irq[0], 8);
	assert_int_equal(ev_cpu[0], 0);
	assert_false(irq_cpu_poll());
}

static int cpu1_go, cpu1_polled_before, cpu1_polled_after;

static void *cpu1_poller(void *arg)
{
	(void)arg;
	irq_cpu_attach(1);
	__atomic_store_n(&cpu1_polled_before, irq_cpu_poll(), __ATOMIC_SEQ_CST);
	__atomic_store_n(&cpu1_go, 1, __ATOMIC_SEQ_CST);
	while (__atomic_load_n(&cpu1_go, __ATOMIC_SEQ_CST) != 2)
		sched_yield();
	__atomic_store_n(&cpu1_polled_after, irq_cpu_poll(), __ATOMIC_SEQ_CST);
	return NULL;
}

static void test_raise_other_cpu_taken_by_it(void **state)
{
	unsigned int taken_by_cpu0;
	bool polled;
	pthread_t t;
	int raised;

	(void)state;
	cpu1_go = 0;
	assert_int_equal(pthread_create(&t, NULL, cpu1_poller, NULL), 0);
	while (!__atomic_load_n(&cpu1_go, __ATOMIC_SEQ_CST))
		sched_yield();

	raised = irq_cpu_raise(1, 10);
	/* CPU 0 does not take CPU 1's vector, whatever it does. */
	polled = irq_cpu_poll();
	local_irq_disable();
	local_irq_enable();
	taken_by_cpu0 = events();

	__atomic_store_n(&cpu1_go, 2, __ATOMIC_SEQ_CST);
	pthread_join(t, NULL);
	assert_int_equal(raised, 0);
	assert_false(polled);
	assert_int_equal(taken_by_cpu0, 0);
	assert_false(cpu1_polled_before);
	assert_true(cpu1_polled_after);
	assert_int_equal(events(), 1);
	assert_int_equal(ev_irq[0], 10);
	assert_int_equal(ev_cpu[0], 1);
	assert_true(ev_in_irq[0]);
	assert_int_equal(kstat_irqs_cpu(10, 1), 1);
	assert_int_equal(kstat_irqs_cpu(10, 0), 0);
}

static int nested_seen;

static irqreturn_t raising_handler(int irq, void *dev_id)
{
	(void)dev_id;
	note(irq);
	irq_cpu_raise(0, 3);
	/* Recorded before this handler returns. */
	nested_seen = (int)events();
	return IRQ_HANDLED;
}

static void test_raise_from_handler(void **state)
{
	(void)state;
	/* SA_INTERRUPT: the raised vector waits for this handler's end. */
	free_irq(2, &dev);
	assert_int_equal(
		request_irq(2, raising_handler, SA_INTERRUPT, "r", &dev), 0);
	do_IRQ(2);
	assert_int_equal(nested_seen, 1);
	assert_int_equal(events(), 2);
	assert_int_equal(ev_irq[1], 3);

	/* Without it, handlers run with interrupts on: taken nested. */
	nr_events = 0;
	free_irq(2, &dev);
	assert_int_equal(request_irq(2, raising_handler, 0, "r", &dev), 0);
	do_IRQ(2);
	assert_int_equal(nested_seen, 2);
	assert_int_equal(events(), 2);
	assert_int_equal(ev_irq[1], 3);
	assert_false(irqs_disabled());
}

static bool saw_in_irq, saw_irqs_off;

static irqreturn_t context_handler(int irq, void *dev_id)
{
	(void)irq;
	(void)dev_id;
	saw_in_irq = in_irq() && in_interrupt();
	saw_irqs_off = irqs_disabled();
	return IRQ_HANDLED;
}

static void test_in_irq(void **state)
{
	(void)state;
	free_irq(3, &dev);
	assert_int_equal(
		request_irq(3, context_handler, SA_INTERRUPT, "c", &dev), 0);
	assert_false(in_irq());
	saw_in_irq = false;
	do_IRQ(3);
	assert_true(saw_in_irq);
	assert_true(saw_irqs_off);
	assert_false(in_irq());
	assert_false(irqs_disabled());

	free_irq(3, &dev);
	assert_int_equal(request_irq(3, context_handler, 0, "c", &dev), 0);
	saw_in_irq = false;
	do_IRQ(3);
	assert_true(saw_in_irq);
	assert_false(saw_irqs_off);
}

static void test_do_irq_keeps_irqs_off(void **state)
{
	(void)state;
	local_irq_disable();
	do_IRQ(3);
	assert_int_equal(events(), 1);
	assert_true(irqs_disabled());
	local_irq_enable();
}

static void test_do_irq_out_of_range(void **state)
{
	unsigned long errs;

	(void)state;
	errs = irq_err_count_read();
	do_IRQ(NR_IRQS);
	assert_int_equal(irq_err_count_read(), errs + 1);
	assert_true(fake_messages_contain("cannot handle IRQ"));
	assert_int_equal(events(), 0);
	assert_false(in_irq());
	assert_false(irqs_disabled());
}

static void test_bad_arguments(void **state)
{
	(void)state;
	assert_int_equal(irq_cpu_attach(NR_CPUS), -EINVAL);
	assert_int_equal(smp_processor_id(), 0);
	assert_false(cpu_online(NR_CPUS));
	assert_int_equal(irq_cpu_raise(NR_CPUS, 3), -EINVAL);
	assert_int_equal(irq_cpu_raise(0, NR_IRQS), -EINVAL);
	assert_int_equal(events(), 0);
}

static unsigned int thread_cpu, thread_cpu_after;

static void *attach_as_3(void *arg)
{
	(void)arg;
	thread_cpu = smp_processor_id();
	irq_cpu_attach(3);
	thread_cpu_after = smp_processor_id();
	return NULL;
}

static void test_smp_processor_id_per_thread(void **state)
{
	pthread_t t;

	(void)state;
	assert_int_equal(smp_processor_id(), 0);
	assert_false(cpu_online(3));
	thread_cpu = thread_cpu_after = 99;
	assert_int_equal(pthread_create(&t, NULL, attach_as_3, NULL), 0);
	pthread_join(t, NULL);
	/* A new thread reads as CPU 0 until it attaches (yet takes none). */
	assert_int_equal(thread_cpu, 0);
	assert_int_equal(thread_cpu_after, 3);
	/* Attaching bound only that thread. */
	assert_int_equal(smp_processor_id(), 0);
	assert_true(cpu_online(3));
	assert_true(cpu_online(0));
	assert_false(cpu_online(2));
}

/*
 * A thread that never attached is no CPU (issue 21: a raising thread took
 * 16,086 of ~19,000 of CPU 0's interrupts at its spin_unlock_irqrestore()).
 * With interrupts on, it raises for CPU 0, enables, drops a descriptor
 * lock, disables and enables a line, polls: CPU 0's vectors stay CPU 0's.
 */
static int unattached_attached, unattached_events, unattached_polled;

static void *unattached_raiser(void *arg)
{
	unsigned long flags;

	(void)arg;
	unattached_attached = irq_cpu_attached();
	assert_false(irqs_disabled());
	irq_cpu_raise(0, 5);
	local_irq_enable();
	spin_lock_irqsave(&irq_desc[7].lock, flags);
	spin_unlock_irqrestore(&irq_desc[7].lock, flags);
	disable_irq(7);
	enable_irq(7);
	local_irq_disable();
	local_irq_enable();
	unattached_polled = irq_cpu_poll();
	unattached_events = (int)events();
	return NULL;
}

static void test_unattached_thread_is_no_cpu(void **state)
{
	pthread_t t;

	(void)state;
	unattached_attached = -1;
	assert_true(irq_cpu_attached()); /* fake_chip_init() attached us */
	assert_int_equal(pthread_create(&t, NULL, unattached_raiser, NULL), 0);
	pthread_join(t, NULL);
	assert_int_equal(unattached_attached, 0);
	assert_int_equal(unattached_polled, 0);
	assert_int_equal(unattached_events, 0);
	assert_int_equal(events(), 0);

	/* CPU 0 itself takes it, on CPU 0. */
	assert_true(irq_cpu_poll());
	assert_int_equal(events(), 1);
	assert_int_equal(ev_irq[0], 5);
	assert_int_equal(ev_cpu[0], 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_local_irq_flag, setup),
		cmocka_unit_test_setup(test_raise_enabled_dispatches_now,
				       setup),
		cmocka_unit_test_setup(test_raise_disabled_waits_for_enable,
				       setup),
		cmocka_unit_test_setup(test_raise_disabled_waits_for_restore,
				       setup),
		cmocka_unit_test_setup(test_spin_lock_irqsave_defers, setup),
		cmocka_unit_test_setup(test_lowest_vector_first, setup),
		cmocka_unit_test_setup(test_raise_twice_merges, setup),
		cmocka_unit_test_setup(test_poll_takes_pending, setup),
		cmocka_unit_test_setup(test_raise_other_cpu_taken_by_it, setup),
		cmocka_unit_test_setup(test_raise_from_handler, setup),
		cmocka_unit_test_setup(test_in_irq, setup),
		cmocka_unit_test_setup(test_do_irq_keeps_irqs_off, setup),
		cmocka_unit_test_setup(test_do_irq_out_of_range, setup),
		cmocka_unit_test_setup(test_bad_arguments, setup),
		cmocka_unit_test_setup(test_smp_processor_id_per_thread, setup),
		cmocka_unit_test_setup(test_unattached_thread_is_no_cpu, setup),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
