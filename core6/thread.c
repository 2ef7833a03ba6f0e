// SPDX-License-Identifier: GPL-2.0
/*
 * Interrupt threads: one POSIX thread per threaded action, woken by its
 * primary handler (handle.c: __irq_wake_thread()), the oneshot unmask at
 * its end, and forced threading, which turns a plain handler into a
 * oneshot thread (threadirqs, or PREEMPT_RT). Follows the thread half of
 * kernel/irq/manage.c. The thread is not a simulated CPU: it runs in
 * process context, as a kernel thread does.
 */
#include <stdlib.h>
#include "internals.h"

bool force_irqthreads_key;

void irq_set_force_threads(bool on)
{
	__atomic_store_n(&force_irqthreads_key, on, __ATOMIC_RELAXED);
}

/* The primary handler of a thread-only action: wake the thread. */
irqreturn_t irq_default_primary_handler(int irq, void *dev_id)
{
	(void)irq;
	(void)dev_id;
	return IRQ_WAKE_THREAD;
}

/* A nested line's primary handler must never run: the parent calls the
 * thread handler (handle_nested_irq()). */
irqreturn_t irq_nested_primary_handler(int irq, void *dev_id)
{
	(void)dev_id;
	genirq6_pr("Primary handler called for nested irq %d\n", irq);
	return IRQ_NONE;
}

irqreturn_t irq_forced_secondary_handler(int irq, void *dev_id)
{
	(void)dev_id;
	genirq6_pr("Secondary action handler called for irq %d\n", irq);
	return IRQ_NONE;
}

/**
 * irq_setup_forced_threading - make @new's handler a oneshot thread
 * @new: the action being set up
 *
 * Under forced threading, unless NO_THREAD, PERCPU or already ONESHOT:
 * the handler becomes the thread function behind the default primary;
 * an action with a thread function of its own gets a secondary action
 * that runs that one in a second thread. Return: 0 or -ENOMEM.
 */
int irq_setup_forced_threading(struct irqaction *new)
{
	if (!force_irqthreads())
		return 0;
	if (new->flags &(IRQF_NO_THREAD | IRQF_PERCPU | IRQF_ONESHOT))
		return 0;
	if (new->handler == irq_default_primary_handler)
		return 0;
	new->flags |= IRQF_ONESHOT;
	if (new->handler &&new->thread_fn) {
		new->secondary = calloc(1, sizeof(*new->secondary));
		if (!new->secondary)
			return -ENOMEM;
		new->secondary->handler = irq_forced_secondary_handler;
		new->secondary->thread_fn = new->thread_fn;
		new->secondary->dev_id = new->dev_id;
		new->secondary->irq = new->irq;
		new->secondary->name = new->name;
	}
	set_bit(IRQTF_FORCED_THREAD, &new->thread_flags);
	new->thread_fn = new->handler;
	new->handler = irq_default_primary_handler;
	return 0;
}

/*
 * The oneshot line stays masked until the last thread of it is done.
 * Wait for a hard handler in progress (it may be setting our bit again),
 * and keep the bit if RUNTHREAD is set again: the thread runs once more.
 */
static void irq_finalize_oneshot(struct irq_desc *desc,
				 struct irqaction *action)
{
	if (!(istate_read(desc) & IRQS_ONESHOT) ||
	    action->handler == irq_forced_secondary_handler)
		return;
again:
	chip_bus_lock(desc);
	raw_spin_lock_irq(&desc->lock);
	if (unlikely(irqd_irq_inprogress(&desc->irq_data))) {
		raw_spin_unlock_irq(&desc->lock);
		chip_bus_sync_unlock(desc);
		cpu_relax();
		goto again;
	}
	if (test_bit(IRQTF_RUNTHREAD, &action->thread_flags))
		goto out_unlock;
	desc->threads_oneshot &= ~action->thread_mask;
	if (!desc->threads_oneshot && !irqd_irq_disabled(&desc->irq_data) &&
	    irqd_irq_masked(&desc->irq_data))
		unmask_threaded_irq(desc);
out_unlock:
	raw_spin_unlock_irq(&desc->lock);
	chip_bus_sync_unlock(desc);
}

static irqreturn_t irq_thread_fn(struct irq_desc *desc,
				 struct irqaction *action)
{
	irqreturn_t ret = action->thread_fn((int)action->irq, action->dev_id);

	if (ret == IRQ_HANDLED)
		__atomic_fetch_add(&desc->threads_handled, 1, __ATOMIC_RELAXED);
	irq_finalize_oneshot(desc, action);
	return ret;
}

/* A forced thread runs its handler with interrupts off (without RT). */
static irqreturn_t irq_forced_thread_fn(struct irq_desc *desc,
					struct irqaction *action)
{
	irqreturn_t ret;

	local_irq_disable();
	ret = action->thread_fn((int)action->irq, action->dev_id);
	if (ret == IRQ_HANDLED)
		__atomic_fetch_add(&desc->threads_handled, 1, __ATOMIC_RELAXED);
	irq_finalize_oneshot(desc, action);
	local_irq_enable();
	return ret;
}

/* Sleep until RUNTHREAD; on stop, run a last time if it was set. */
static int irq_wait_for_interrupt(struct irqaction *action)
{
	for (;;) {
		int seen = (int)__atomic_load_n(&action->thread_wake,
						__ATOMIC_SEQ_CST);

		if (test_and_clear_bit(IRQTF_RUNTHREAD, &action->thread_flags))
			return 0;
		if (__atomic_load_n(&action->thread_stop, __ATOMIC_ACQUIRE))
			return -1;
		genirq6_futex_wait((int *)&action->thread_wake, seen);
	}
}

static void *irq_thread(void *data)
{
	struct irqaction *action = data;
	struct irq_desc *desc = irq_to_desc(action->irq);
	irqreturn_t (*handler_fn)(struct irq_desc *, struct irqaction *);

	if (force_irqthreads() &&
	    test_bit(IRQTF_FORCED_THREAD, &action->thread_flags))
		handler_fn = irq_forced_thread_fn;
	else
		handler_fn = irq_thread_fn;
	set_bit(IRQTF_READY, &action->thread_flags);
	while (!irq_wait_for_interrupt(action)) {
		irqreturn_t action_ret = handler_fn(desc, action);

		if (action_ret == IRQ_WAKE_THREAD && action->secondary)
			__irq_wake_thread(desc, action->secondary);
		wake_threads_waitq(desc);
	}
	return NULL;
}

/* Return: 0, or -errno when the thread cannot be created. */
int irq_setup_thread(struct irqaction *new, unsigned int irq, bool secondary)
{
	int ret;

	(void)secondary;
	new->irq = irq;
	ret = pthread_create(&new->thread, NULL, irq_thread, new);
	if (ret)
		return -ret;
	new->thread_running = true;
	return 0;
}

/* kthread_stop(): ask the thread to exit and wait for it. */
void irq_stop_thread(struct irqaction *action)
{
	if (!action->thread_running)
		return;
	__atomic_store_n(&action->thread_stop, 1, __ATOMIC_RELEASE);
	__atomic_fetch_add(&action->thread_wake, 1, __ATOMIC_SEQ_CST);
	genirq6_futex_wake((int *)&action->thread_wake);
	pthread_join(action->thread, NULL);
	action->thread_running = false;
}

/**
 * irq_wake_thread - wake the thread of @dev_id's action on @irq
 * @irq: the interrupt number
 * @dev_id: the action's cookie
 */
void irq_wake_thread(unsigned int irq, void *dev_id)
{
	struct irq_desc *desc = irq_to_desc(irq);
	struct irqaction *action;
	unsigned long flags;

	if (!desc || WARN_ON(irq_settings_is_per_cpu_devid(desc)))
		return;
	raw_spin_lock_irqsave(&desc->lock, flags);
	for_each_action_of_desc(desc, action)
	{
		if (action->dev_id == dev_id) {
			if (action->thread_running)
				__irq_wake_thread(desc, action);
			break;
		}
	}
	raw_spin_unlock_irqrestore(&desc->lock, flags);
}
