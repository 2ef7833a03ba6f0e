// SPDX-License-Identifier: GPL-2.0
/*
 * The flow handlers. Follows kernel/irq/chip.c of 2.6.18 (Thomas
 * Gleixner, Ingo Molnar, Russell King): the order of the lock, the chip
 * calls, the status bits, kstat and handle_IRQ_event() in each flow
 * handler is the kernel's, so a trace of chip operations here is the
 * trace the kernel would have produced. They live apart from the chip
 * setup of chip.c because they are the dispatch path, which is built
 * twice (dispatch.h).
 *
 * Deviation: handle_edge_irq() returns with IRQ_INPROGRESS still set when
 * the action chain vanished between two loop passes, as 2.6.18 does;
 * setup_irq() clears it for the next user, as in the kernel.
 *
 * From later kernels, each leaving a line without these settings exactly
 * as 2.6.18 handles it:
 * - IRQ_ONESHOT (2.6.32): handle_level_irq() leaves the line masked, and
 *   handle_fasteoi_irq() masks it before the handlers, while a oneshot
 *   thread woken for it has not finished; irq_finalize_oneshot() unmasks.
 * - IRQ_LAZY_DISABLE (2.6.21's default), and ARM's IRQ_DELAYED_DISABLE:
 *   handle_fasteoi_irq() masks a line when an interrupt arrives while it
 *   is disabled (the level and edge flows mask it anyway).
 *
 * The naive edge design compared with these flows,
 * handle_edge_masking_irq(), is in edge_masking.c.
 */
#include "dispatch.h"

static inline void mask_ack_irq(struct irq_desc *desc, unsigned int irq)
{
	if (desc->chip->mask_ack) {
		chip_op(desc, irq, mask_ack);
	} else {
		chip_op(desc, irq, mask);
		chip_op(desc, irq, ack);
	}
}

/**
 * handle_simple_irq - Simple and software-decoded IRQs.
 * @irq: the interrupt number
 * @desc: the interrupt description structure for this irq
 *
 * Simple interrupts are either sent from a demultiplexing interrupt
 * handler or come from hardware, where no interrupt hardware control
 * is necessary.
 *
 * Note: The caller is expected to handle the ack, clear, mask and
 * unmask issues if necessary.
 */
void handle_simple_irq(unsigned int irq, struct irq_desc *desc)
{
	struct irqaction *action;
	irqreturn_t action_ret;

	irqlab_trace_flow(irq, "simple");
	spin_lock(&desc->lock);

	if (unlikely(desc->status & IRQ_INPROGRESS))
		goto out_unlock;
	desc->status &= ~(IRQ_REPLAY | IRQ_WAITING);
	kstat_incr_irqs_this_cpu(irq);

	action = desc->action;
	if (unlikely(!action || (desc->status & IRQ_DISABLED)))
		goto out_unlock;

	desc->status |= IRQ_INPROGRESS;
	spin_unlock(&desc->lock);

	action_ret = handle_IRQ_event(irq, action);
	if (!noirqdebug)
		note_interrupt(irq, desc, action_ret);

	spin_lock(&desc->lock);
	desc->status &= ~IRQ_INPROGRESS;
out_unlock:
	spin_unlock(&desc->lock);
}

/**
 * handle_level_irq - Level type irq handler
 * @irq: the interrupt number
 * @desc: the interrupt description structure for this irq
 *
 * Level type interrupts are active as long as the hardware line has
 * the active level. This may require to mask the interrupt and unmask
 * it after the associated handler has acknowledged the device, so the
 * interrupt line is back to inactive.
 */
void handle_level_irq(unsigned int irq, struct irq_desc *desc)
{
	struct irqaction *action;
	irqreturn_t action_ret;

	irqlab_trace_flow(irq, "level");
	spin_lock(&desc->lock);
	mask_ack_irq(desc, irq);

	if (unlikely(desc->status & IRQ_INPROGRESS))
		goto out_unlock;
	desc->status &= ~(IRQ_REPLAY | IRQ_WAITING);
	kstat_incr_irqs_this_cpu(irq);

	/*
	 * If its disabled or no action available
	 * keep it masked and get out of here
	 */
	action = desc->action;
	if (unlikely(!action || (desc->status & IRQ_DISABLED))) {
		desc->status |= IRQ_PENDING;
		irqlab_trace_pending(irq, desc->status);
		goto out_unlock;
	}

	desc->status |= IRQ_INPROGRESS;
	desc->status &= ~IRQ_PENDING;
	spin_unlock(&desc->lock);

	action_ret = handle_IRQ_event(irq, action);
	if (!noirqdebug)
		note_interrupt(irq, desc, action_ret);

	spin_lock(&desc->lock);
	desc->status &= ~IRQ_INPROGRESS;
	/* A oneshot thread still to finish: it unmasks (later kernels). */
	if (unlikely(desc->threads_oneshot))
		desc->status |= IRQ_MASKED;
	else if (!(desc->status & IRQ_DISABLED) && desc->chip->unmask)
		chip_op(desc, irq, unmask);
out_unlock:
	spin_unlock(&desc->lock);
}

/**
 * handle_fasteoi_irq - irq handler for transparent controllers
 * @irq: the interrupt number
 * @desc: the interrupt description structure for this irq
 *
 * Only a single callback will be issued to the chip: an ->eoi()
 * call when the interrupt has been serviced. This enables support
 * for modern forms of interrupt handlers, which handle the flow
 * details in hardware, transparently.
 */
void handle_fasteoi_irq(unsigned int irq, struct irq_desc *desc)
{
	struct irqaction *action;
	irqreturn_t action_ret;

	irqlab_trace_flow(irq, "fasteoi");
	spin_lock(&desc->lock);

	if (unlikely(desc->status & IRQ_INPROGRESS))
		goto out;

	desc->status &= ~(IRQ_REPLAY | IRQ_WAITING);
	kstat_incr_irqs_this_cpu(irq);

	/*
	 * If its disabled or no action available
	 * keep it masked and get out of here
	 */
	action = desc->action;
	if (unlikely(!action || (desc->status & IRQ_DISABLED))) {
		desc->status |= IRQ_PENDING;
		irqlab_trace_pending(irq, desc->status);
		/*
		 * A lazy or delayed disable line was left unmasked by
		 * disable_irq() (2.6.18's fasteoi did not mask: no ARM
		 * line of 2.6.18 used it, and an unmasked level line
		 * would storm).
		 */
		if (unlikely(desc->status &
			     (IRQ_LAZY_DISABLE | IRQ_DELAYED_DISABLE)) &&
		    desc->chip->mask) {
			chip_op(desc, irq, mask);
			desc->status |= IRQ_MASKED;
		}
		goto out;
	}

	/*
	 * Oneshot: masked until its threads are done (later kernels,
	 * which also guard a chip without ->mask).
	 */
	if (unlikely(desc->status & IRQ_ONESHOT) && desc->chip->mask) {
		chip_op(desc, irq, mask);
		desc->status |= IRQ_MASKED;
	}
	desc->status |= IRQ_INPROGRESS;
	desc->status &= ~IRQ_PENDING;
	spin_unlock(&desc->lock);

	action_ret = handle_IRQ_event(irq, action);
	if (!noirqdebug)
		note_interrupt(irq, desc, action_ret);

	spin_lock(&desc->lock);
	desc->status &= ~IRQ_INPROGRESS;
	/* No oneshot thread woken (a primary handler did it all): unmask. */
	if (unlikely(desc->status & IRQ_ONESHOT) && !desc->threads_oneshot &&
	    (desc->status & (IRQ_MASKED | IRQ_DISABLED)) == IRQ_MASKED) {
		chip_op(desc, irq, eoi);
		chip_op(desc, irq, unmask);
		desc->status &= ~IRQ_MASKED;
		goto out_unlock;
	}
out:
	chip_op(desc, irq, eoi);
out_unlock:
	spin_unlock(&desc->lock);
}

/**
 * handle_edge_irq - edge type IRQ handler
 * @irq: the interrupt number
 * @desc: the interrupt description structure for this irq
 *
 * Interrupt occures on the falling and/or rising edge of a hardware
 * signal. The occurence is latched into the irq controller hardware
 * and must be acked in order to be reenabled. After the ack another
 * interrupt can happen on the same source even before the first one
 * is handled by the assosiacted event handler. If this happens it
 * might be necessary to disable (mask) the interrupt depending on the
 * controller hardware. This requires to reenable the interrupt inside
 * of the loop which handles the interrupts which have arrived while
 * the handler was running. If all pending interrupts are handled, the
 * loop is left.
 */
void handle_edge_irq(unsigned int irq, struct irq_desc *desc)
{
	irqlab_trace_flow(irq, "edge");
	spin_lock(&desc->lock);

	desc->status &= ~(IRQ_REPLAY | IRQ_WAITING);

	/*
	 * If we're currently running this IRQ, or its disabled,
	 * we shouldn't process the IRQ. Mark it pending, handle
	 * the necessary masking and go out
	 */
	if (unlikely((desc->status & (IRQ_INPROGRESS | IRQ_DISABLED)) ||
		     !desc->action)) {
		desc->status |= (IRQ_PENDING | IRQ_MASKED);
		irqlab_trace_pending(irq, desc->status);
		mask_ack_irq(desc, irq);
		goto out_unlock;
	}

	kstat_incr_irqs_this_cpu(irq);

	/* Start handling the irq */
	chip_op(desc, irq, ack);

	/* Mark the IRQ currently in progress.*/
	desc->status |= IRQ_INPROGRESS;

	do {
		struct irqaction *action = desc->action;
		irqreturn_t action_ret;

		if (unlikely(!action)) {
			chip_op(desc, irq, mask);
			goto out_unlock;
		}

		/*
		 * When another irq arrived while we were handling
		 * one, we could have masked the irq.
		 * Renable it, if it was not disabled in meantime.
		 */
		if (unlikely((desc->status &
			      (IRQ_PENDING | IRQ_MASKED | IRQ_DISABLED)) ==
			     (IRQ_PENDING | IRQ_MASKED))) {
			chip_op(desc, irq, unmask);
			desc->status &= ~IRQ_MASKED;
		}

		desc->status &= ~IRQ_PENDING;
		spin_unlock(&desc->lock);
		action_ret = handle_IRQ_event(irq, action);
		if (!noirqdebug)
			note_interrupt(irq, desc, action_ret);
		spin_lock(&desc->lock);

	} while ((desc->status & (IRQ_PENDING | IRQ_DISABLED)) == IRQ_PENDING);

	desc->status &= ~IRQ_INPROGRESS;
out_unlock:
	spin_unlock(&desc->lock);
}

/**
 * handle_percpu_irq - Per CPU local irq handler
 * @irq: the interrupt number
 * @desc: the interrupt description structure for this irq
 *
 * Per CPU interrupts on SMP machines without locking requirements
 */
void handle_percpu_irq(unsigned int irq, struct irq_desc *desc)
{
	irqreturn_t action_ret;

	irqlab_trace_flow(irq, "percpu");
	kstat_incr_irqs_this_cpu(irq);

	if (desc->chip->ack)
		chip_op(desc, irq, ack);

	action_ret = handle_IRQ_event(irq, desc_action(desc));
	if (!noirqdebug)
		note_interrupt(irq, desc, action_ret);

	if (desc->chip->eoi)
		chip_op(desc, irq, eoi);
}
