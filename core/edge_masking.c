// SPDX-License-Identifier: GPL-2.0
/*
 * handle_edge_masking_irq(): not a flow handler of 2.6.18 or of any
 * kernel, but the deliberately naive design that irqlab's report compares
 * the genirq flows with, kept beside them so that the three can be read
 * side by side. It is what pre-genirq code on some ports did for edge
 * interrupts: mask and acknowledge (or, on a controller with no
 * acknowledge, end the interrupt after the handler) for the whole handler
 * and unmask after it, with no IRQ_PENDING replay. That is correct on a
 * controller that latches edges while masked (i8259 IRR, GIC pending, GPIO
 * status), and loses every edge that arrives during the handler on one
 * that drops them (IO-APIC), which handle_edge_irq() exists to prevent.
 * Part of the dispatch path, which is built twice (dispatch.h).
 */
#include "dispatch.h"

/**
 * handle_edge_masking_irq - the naive edge design, as a flow handler
 * @irq: the interrupt number
 * @desc: the interrupt description structure for this irq
 *
 * Masks (and acknowledges) for the whole handler, unmasks after it, and
 * never replays. It keeps IRQ_INPROGRESS, so that synchronize_irq() and
 * free_irq() still work, and feeds the spurious detector as the genirq
 * flows do; it counts no kstat. It never holds a line masked for a
 * oneshot thread (irq_oneshot_masks()).
 */
void handle_edge_masking_irq(unsigned int irq, struct irq_desc *desc)
{
	struct irq_chip *chip;
	struct irqaction *action;
	irqreturn_t ret;

	irqlab_trace_flow(irq, "edge-masking");
	spin_lock(&desc->lock);
	/*
	 * Under the lock, as the genirq flows read it: an interrupt left
	 * pending from a block's end can arrive while the harness installs
	 * the next design's chip (set_irq_chip(), under this lock). The
	 * chip read here is the one this run uses to the end.
	 */
	chip = desc->chip;
	if (chip->mask_ack) {
		irqlab_trace_chip_op(irq, IRQLAB_OP_mask_ack, chip->name);
		chip->mask_ack(irq);
	} else {
		irqlab_trace_chip_op(irq, IRQLAB_OP_mask, chip->name);
		chip->mask(irq);
		if (chip->ack) {
			irqlab_trace_chip_op(irq, IRQLAB_OP_ack, chip->name);
			chip->ack(irq);
		}
	}
	if (!desc->action || (desc->status & IRQ_DISABLED)) {
		if (!chip->ack && chip->eoi) {
			irqlab_trace_chip_op(irq, IRQLAB_OP_eoi, chip->name);
			chip->eoi(irq);
		}
		spin_unlock(&desc->lock);
		return;
	}
	desc->status |= IRQ_INPROGRESS;
	action = desc->action; /* under the lock: free_irq() may unlink it */
	spin_unlock(&desc->lock);

	ret = handle_IRQ_event(irq, action);
	if (!noirqdebug)
		note_interrupt(irq, desc, ret);

	spin_lock(&desc->lock);
	desc->status &= ~IRQ_INPROGRESS;
	/* A controller without an acknowledge ends the interrupt here. */
	if (!chip->ack && chip->eoi) {
		irqlab_trace_chip_op(irq, IRQLAB_OP_eoi, chip->name);
		chip->eoi(irq);
	}
	if (!(desc->status & IRQ_DISABLED)) {
		irqlab_trace_chip_op(irq, IRQLAB_OP_unmask, chip->name);
		chip->unmask(irq);
	}
	spin_unlock(&desc->lock);
}
