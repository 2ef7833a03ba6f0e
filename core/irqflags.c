// SPDX-License-Identifier: GPL-2.0
/*
 * set_irq_flags(), as arch/arm/kernel/irq.c of 2.6.18 has it. An object
 * of its own in the archive, so that a platform that brings its own
 * arch/arm/kernel/irq.c, which defines it, links without a second
 * definition: nothing else of libgenirq refers to it.
 */
#include "internals.h"

void set_irq_flags(unsigned int irq, unsigned int iflags)
{
	struct irq_desc *desc;
	unsigned long flags;
	bool taken;

	if (irq >= NR_IRQS) {
		printk(ERR, "Trying to set irq flags for IRQ%u\n", irq);
		return;
	}

	desc = irq_desc + irq;
	/* Also from a UP-era ->set_type, under its lock (chip.c). */
	taken = desc_setter_lock(desc, flags);
	desc->status |= IRQ_NOREQUEST | IRQ_NOPROBE | IRQ_NOAUTOEN;
	if (iflags & GENIRQ_ARM_IRQF_VALID)
		desc->status &= ~IRQ_NOREQUEST;
	if (iflags & GENIRQ_ARM_IRQF_PROBE)
		desc->status &= ~IRQ_NOPROBE;
	if (!(iflags & GENIRQ_ARM_IRQF_NOAUTOEN))
		desc->status &= ~IRQ_NOAUTOEN;
	desc_setter_unlock(desc, flags, taken);
}
