// SPDX-License-Identifier: GPL-2.0
/*
 * The part of a platform's own arch/arm/kernel/irq.c of 2.6.18 that
 * libgenirq also has: set_irq_flags(), written here as such a file would
 * have it, and counting its calls. Linking it with libgenirq must not
 * give "multiple definition": the library keeps its own in an object
 * nothing else refers to.
 */
#include <linux/irq.h>
#include <asm/mach/irq.h>

int platform_set_irq_flags_calls;

void set_irq_flags(unsigned int irq, unsigned int iflags)
{
	struct irq_desc *desc;
	unsigned long flags;

	if (irq >= NR_IRQS)
		return;
	platform_set_irq_flags_calls++;
	desc = irq_desc + irq;
	spin_lock_irqsave(&desc->lock, flags);
	desc->status |= IRQ_NOREQUEST | IRQ_NOPROBE | IRQ_NOAUTOEN;
	if (iflags & IRQF_VALID)
		desc->status &= ~IRQ_NOREQUEST;
	if (iflags & IRQF_PROBE)
		desc->status &= ~IRQ_NOPROBE;
	if (!(iflags & IRQF_NOAUTOEN))
		desc->status &= ~IRQ_NOAUTOEN;
	spin_unlock_irqrestore(&desc->lock, flags);
}
