// SPDX-License-Identifier: GPL-2.0
/*
 * handle_bad_irq(), handle_IRQ_event() and the monolithic __do_IRQ()
 * baseline. Follows kernel/irq/handle.c of 2.6.18; that file's descriptor
 * table and dummy chips are in irqdesc.c here, because this is the
 * dispatch path, which is built twice (dispatch.h).
 *
 * __do_IRQ() is kept exactly as 2.6.18 had it because it is the design the
 * flow handlers are measured against: it acks, commits to handling with
 * PENDING/INPROGRESS, re-runs the actions once per instance that arrived
 * while they ran, and always calls ->end.
 */
#include "dispatch.h"

/**
 * handle_bad_irq - handle spurious and unhandled irqs
 * @irq: the interrupt number
 * @desc: description of the interrupt
 *
 * Handles spurious and unhandled IRQs. It also prints a debug message.
 */
void handle_bad_irq(unsigned int irq, struct irq_desc *desc)
{
	irqlab_trace_flow(irq, "bad");
	print_irq_desc(irq, desc);
	kstat_incr_irqs_this_cpu(irq);
	ack_bad_irq(irq);
}

/**
 * handle_IRQ_event - irq action chain handler
 * @irq: the interrupt number
 * @action: the interrupt action chain for this irq
 *
 * Handles the action chain of an irq event. Interrupts are enabled while
 * the handlers run unless the first action asked for SA_INTERRUPT, so the
 * simulated CPU may take other vectors here, as a 2.6.18 kernel did.
 *
 * A handler returning IRQ_WAKE_THREAD wakes its action's thread and
 * counts as IRQ_HANDLED, so that the spurious detector does not see it
 * (2.6.30-3.15); without a thread_fn it is warned about once per action
 * and still counts as IRQ_HANDLED, as in those kernels.
 *
 * The flags of the actions that returned IRQ_HANDLED are ORed on every
 * dispatch, and add_interrupt_randomness() is called, with interrupts
 * still as the handlers left them, when one asked for
 * IRQF_SAMPLE_RANDOM, as 2.6.18 did.
 */
irqreturn_t handle_IRQ_event(unsigned int irq, struct irqaction *action)
{
	irqreturn_t ret, retval = IRQ_NONE;
	unsigned long handled_flags = 0;
	unsigned int index = 0;

	if (!(action->flags & SA_INTERRUPT))
		local_irq_enable();

	do {
		irqlab_trace_action_entry(irq, index);
		ret = action->handler((int)irq, action->dev_id);
		irqlab_trace_action_exit(irq, index, ret);
		if (unlikely(ret == IRQ_WAKE_THREAD)) {
			if (unlikely(!action->thread_fn))
				irq_warn_no_thread(irq, action);
			else {
				irqlab_trace_thread_wake(action->irq);
				irq_wake_thread(irq_desc + irq, action);
			}
			ret = IRQ_HANDLED;
		}
		/* Only the actions that handled it vouch for its timing. */
		if (ret == IRQ_HANDLED)
			handled_flags |= action->flags;
		retval |= ret;
		action = action_next(action);
		index++;
	} while (action);

	if (unlikely(handled_flags & IRQF_SAMPLE_RANDOM))
		add_interrupt_randomness((int)irq);
	local_irq_disable();

	return retval;
}

/**
 * __do_IRQ - original all in one highlevel IRQ handler
 * @irq: the interrupt number
 *
 * __do_IRQ handles all normal device IRQ's (the special SMP cross-CPU
 * interrupts have their own specific handlers).
 *
 * This is the original x86 implementation which is used for every
 * interrupt when the descriptor has no flow handler.
 */
unsigned int __do_IRQ(unsigned int irq)
{
	struct irq_desc *desc = irq_desc + irq;
	struct irqaction *action;
	unsigned int status;

	irqlab_trace_flow(irq, "do_irq");
	kstat_incr_irqs_this_cpu(irq);
	if (CHECK_IRQ_PER_CPU(desc_status_unlocked(desc))) {
		/*
		 * No locking required for CPU-local interrupts; 2.6.18 also
		 * kept them out of the spurious detector.
		 */
		if (desc->chip->ack)
			chip_op(desc, irq, ack);
		handle_IRQ_event(irq, desc_action(desc));
		chip_op(desc, irq, end);
		return 1;
	}

	spin_lock(&desc->lock);
	if (desc->chip->ack)
		chip_op(desc, irq, ack);
	/*
	 * REPLAY is when Linux resends an IRQ that was dropped earlier
	 * WAITING is used by probe to mark irqs that are being tested
	 */
	status = desc->status & ~(IRQ_REPLAY | IRQ_WAITING);
	status |= IRQ_PENDING; /* we _want_ to handle it */

	/*
	 * If the IRQ is disabled for whatever reason, we cannot
	 * use the action we have.
	 */
	action = NULL;
	if (likely(!(status & (IRQ_DISABLED | IRQ_INPROGRESS)))) {
		action = desc->action;
		status &= ~IRQ_PENDING; /* we commit to handling */
		status |= IRQ_INPROGRESS; /* we are handling it */
	}
	desc->status = status;

	/*
	 * If there is no IRQ handler or it was disabled, exit early.
	 * Since we set PENDING, if another processor is handling
	 * a different instance of this same irq, the other processor
	 * will take care of it.
	 */
	if (unlikely(!action)) {
		irqlab_trace_pending(irq, status);
		goto out;
	}

	/*
	 * Edge triggered interrupts need to remember pending events. This
	 * applies to any hw interrupts that allow a second instance of the
	 * same irq to arrive while we are in do_IRQ or in the handler. But
	 * the code here only handles the _second_ instance of the irq, not
	 * the third or fourth. So it is mostly useful for irq hardware that
	 * does not mask cleanly in an SMP environment.
	 */
	for (;;) {
		irqreturn_t action_ret;

		spin_unlock(&desc->lock);

		action_ret = handle_IRQ_event(irq, action);
		if (!noirqdebug)
			note_interrupt(irq, desc, action_ret);

		spin_lock(&desc->lock);
		if (likely(!(desc->status & IRQ_PENDING)))
			break;
		desc->status &= ~IRQ_PENDING;
	}
	desc->status &= ~IRQ_INPROGRESS;

out:
	/*
	 * The ->end() handler has to deal with interrupts which got
	 * disabled while the handler was running:
	 */
	chip_op(desc, irq, end);
	spin_unlock(&desc->lock);

	return 1;
}
