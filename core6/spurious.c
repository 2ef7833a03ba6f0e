// SPDX-License-Identifier: GPL-2.0
/*
 * The stuck-line detector: note_interrupt() of the modern kernel. A line
 * whose interrupts go unhandled 99,900 times in 100,000 is disabled. Its
 * fast path writes nothing: while no interrupt of the window was
 * unhandled it only reads irqs_unhandled, where 2.6.18 counted every
 * interrupt (irq_count++) and so stored to the descriptor on each. A
 * line whose handler only woke a thread is judged at the next hard
 * interrupt, by whether a thread handled it meanwhile (SPURIOUS_DEFERRED).
 * Follows kernel/irq/spurious.c; irqfixup/irqpoll and the poll timer are
 * not here (docs/core6.md).
 */
#include "internals.h"

bool noirqdebug;
int irq_poll_cpu;

static bool bad_action_ret(irqreturn_t action_ret)
{
	unsigned int r = action_ret;

	return r > (IRQ_HANDLED | IRQ_WAKE_THREAD);
}

static void report_bad_irq(struct irq_desc *desc, irqreturn_t action_ret)
{
	unsigned int irq = irq_desc_get_irq(desc);
	struct irqaction *action;

	if (bad_action_ret(action_ret))
		genirq6_pr("irq event %u: bogus return value %x\n", irq,
			   action_ret);
	else
		genirq6_pr("irq %u: nobody cared\n", irq);
	scoped_guard(raw_spinlock_irqsave, &desc->lock)
	{
		for_each_action_of_desc(desc, action)
			genirq6_pr("handler %s%s\n", action->name,
				   action->thread_fn ? " threaded" : "");
	}
}

/* Bit 31 of threads_handled_last: the judgement waits for the thread. */
#define SPURIOUS_DEFERRED 0x80000000

/*
 * A hard interrupt that only woke threads: compare the threads' handled
 * count with the one seen last. Return: what the previous one was.
 */
static irqreturn_t note_deferred(struct irq_desc *desc, irqreturn_t ret)
{
	int handled;

	if (ret != IRQ_WAKE_THREAD) {
		/* a primary handler handled it: the threads do not matter */
		desc->threads_handled_last &= ~SPURIOUS_DEFERRED;
		return ret;
	}
	if (!(desc->threads_handled_last & SPURIOUS_DEFERRED)) {
		desc->threads_handled_last |= SPURIOUS_DEFERRED;
		return IRQ_WAKE_THREAD; /* nothing to judge yet */
	}
	handled = __atomic_load_n(&desc->threads_handled, __ATOMIC_RELAXED);
	handled |= (int)SPURIOUS_DEFERRED;
	if (handled != desc->threads_handled_last) {
		/* keep DEFERRED: this interrupt is judged at the next */
		desc->threads_handled_last = handled;
		return IRQ_HANDLED;
	}
	return IRQ_NONE;
}

/**
 * note_interrupt - account one interrupt's result to the stuck detector
 * @desc: the descriptor, in progress
 * @action_ret: its handlers' results ORed
 */
void note_interrupt(struct irq_desc *desc, irqreturn_t action_ret)
{
	if (istate_read(desc) & IRQS_POLL_INPROGRESS ||
	    irq_settings_is_polled(desc))
		return;
	if (bad_action_ret(action_ret)) {
		report_bad_irq(desc, action_ret);
		return;
	}
	if (action_ret & IRQ_WAKE_THREAD) {
		action_ret = note_deferred(desc, action_ret);
		if (action_ret == IRQ_WAKE_THREAD)
			return;
	}
	if (unlikely(action_ret == IRQ_NONE)) {
		/* a lone one now and then is bus noise, not a stuck line */
		if (time_after(jiffies, desc->last_unhandled + HZ / 10))
			desc->irqs_unhandled = 1;
		else
			desc->irqs_unhandled++;
		desc->last_unhandled = jiffies;
	}
	if (likely(!desc->irqs_unhandled))
		return;

	desc->irq_count++;
	if (likely(desc->irq_count < 100000))
		return;
	desc->irq_count = 0;
	if (unlikely(desc->irqs_unhandled > 99900)) {
		report_bad_irq(desc, action_ret);
		genirq6_pr("Disabling IRQ #%u\n", irq_desc_get_irq(desc));
		istate_set(desc, IRQS_SPURIOUS_DISABLED);
		desc->depth++;
		irq_disable(desc);
	}
	desc->irqs_unhandled = 0;
}
