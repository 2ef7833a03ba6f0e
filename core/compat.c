// SPDX-License-Identifier: GPL-2.0
/*
 * The architecture side of the 2.6.18 IRQ API that genirq-compat's
 * <asm/mach/irq.h> declares for ARM interrupt controller drivers:
 * set_irq_flags(), as arch/arm/kernel/irq.c of 2.6.18 has it.
 */
#include "internals.h"

void set_irq_flags(unsigned int irq, unsigned int iflags)
{
	struct irq_desc *desc;
	unsigned long flags;

	if (irq >= NR_IRQS) {
		printk(ERR, "Trying to set irq flags for IRQ%u\n", irq);
		return;
	}

	desc = irq_desc + irq;
	spin_lock_irqsave(&desc->lock, flags);
	desc->status |= IRQ_NOREQUEST | IRQ_NOPROBE | IRQ_NOAUTOEN;
	if (iflags & GENIRQ_ARM_IRQF_VALID)
		desc->status &= ~IRQ_NOREQUEST;
	if (iflags & GENIRQ_ARM_IRQF_PROBE)
		desc->status &= ~IRQ_NOPROBE;
	if (!(iflags & GENIRQ_ARM_IRQF_NOAUTOEN))
		desc->status &= ~IRQ_NOAUTOEN;
	spin_unlock_irqrestore(&desc->lock, flags);
}
