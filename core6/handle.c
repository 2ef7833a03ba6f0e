// SPDX-License-Identifier: GPL-2.0
/*
 * Running a line's actions: handle_irq_event() with the INPROGRESS
 * protocol, the primary handlers, and waking the threads they ask for.
 * Follows kernel/irq/handle.c of the release named in docs/core6.md.
 */
#include "internals.h"

/**
 * handle_bad_irq - the flow of a line nobody set up
 * @desc: the descriptor
 */
void handle_bad_irq(struct irq_desc *desc)
{
	unsigned int irq = irq_desc_get_irq(desc);

	genirq6_pr("irq %u, desc: %p, depth: %u, no flow handler\n", irq,
		   (void *)desc, desc->depth);
	kstat_incr_irqs_this_cpu(desc);
}

/* An action that handles nothing. */
irqreturn_t no_action(int cpl, void *dev_id)
{
	(void)cpl;
	(void)dev_id;
	return IRQ_NONE;
}

static void warn_no_thread(unsigned int irq, struct irqaction *action)
{
	if (test_and_set_bit(IRQTF_WARNED, &action->thread_flags))
		return;
	genirq6_pr("IRQ %u device %s returned IRQ_WAKE_THREAD but no thread "
		   "function available.\n",
		   irq, action->name);
}

/**
 * __irq_wake_thread - wake @action's thread
 * @desc: the descriptor, in progress
 * @action: the action whose primary handler asked for it
 *
 * threads_oneshot is ORed in without the lock: only this hard interrupt
 * (never on two CPUs at once, INPROGRESS serialises it) sets bits, and
 * the thread clears its bit under the lock only after INPROGRESS is
 * gone, re-checking RUNTHREAD, so neither side loses the other's update.
 */
void __irq_wake_thread(struct irq_desc *desc, struct irqaction *action)
{
	if (__atomic_load_n(&action->thread_stop, __ATOMIC_ACQUIRE))
		return;
	if (test_and_set_bit(IRQTF_RUNTHREAD, &action->thread_flags))
		return;
	desc->threads_oneshot |= action->thread_mask;
	/* synchronize_irq() waits for this count to reach zero */
	__atomic_fetch_add(&desc->threads_active, 1, __ATOMIC_SEQ_CST);
	__atomic_fetch_add(&action->thread_wake, 1, __ATOMIC_SEQ_CST);
	genirq6_futex_wake((int *)&action->thread_wake);
}

/**
 * __handle_irq_event_percpu - call every primary handler of the line
 * @desc: the descriptor
 *
 * Return: their results ORed.
 */
irqreturn_t __handle_irq_event_percpu(struct irq_desc *desc)
{
	irqreturn_t retval = IRQ_NONE;
	unsigned int irq = desc->irq_data.irq;
	struct irqaction *action;

	for_each_action_of_desc(desc, action)
	{
		irqreturn_t res;

		res = action->handler((int)irq, action->dev_id);
		if (WARN_ON_ONCE(!irqs_disabled()))
			local_irq_disable();
		switch (res) {
		case IRQ_WAKE_THREAD:
			if (unlikely(!action->thread_fn)) {
				warn_no_thread(irq, action);
				break;
			}
			__irq_wake_thread(desc, action);
			break;
		default:
			break;
		}
		retval |= res;
	}
	return retval;
}

/**
 * handle_irq_event_percpu - the primary handlers and the spurious check
 * @desc: the descriptor
 *
 * Return: the handlers' results ORed.
 */
irqreturn_t handle_irq_event_percpu(struct irq_desc *desc)
{
	irqreturn_t retval;

	retval = __handle_irq_event_percpu(desc);
	if (!irq_settings_no_debug(desc))
		note_interrupt(desc, retval);
	return retval;
}

/**
 * handle_irq_event - run the actions with the descriptor unlocked
 * @desc: the descriptor, locked
 *
 * Clears PENDING (this run handles it) and marks the line in progress
 * for the time the lock is dropped. Return: the handlers' results ORed.
 */
irqreturn_t handle_irq_event(struct irq_desc *desc)
{
	irqreturn_t ret;

	istate_clear(desc, IRQS_PENDING);
	irqd_set(&desc->irq_data, IRQD_IRQ_INPROGRESS);
	raw_spin_unlock(&desc->lock);

	ret = handle_irq_event_percpu(desc);

	raw_spin_lock(&desc->lock);
	irqd_clear(&desc->irq_data, IRQD_IRQ_INPROGRESS);
	return ret;
}

/* A woken thread is done: wake synchronize_irq() when it was the last. */
void wake_threads_waitq(struct irq_desc *desc)
{
	if (__atomic_sub_fetch(&desc->threads_active, 1, __ATOMIC_SEQ_CST) == 0)
		genirq6_futex_wake(&desc->threads_active);
}
