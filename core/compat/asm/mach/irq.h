/* SPDX-License-Identifier: GPL-2.0 */
/*
 * genirq-compat: ARM's IRQ API of 2.6.18 (include/asm-arm/mach/irq.h):
 * the names ARM controller drivers used for the generic flow handlers,
 * set_irq_flags(), and desc_handle_irq() for chained demultiplexers,
 * which takes no struct pt_regs (2.6.19's form). The IRQT_* types and
 * NO_IRQ come from <asm/irq.h>, through <linux/irq.h>, as in 2.6.18.
 */
#ifndef __ASM_ARM_MACH_IRQ_H
#define __ASM_ARM_MACH_IRQ_H

#include <linux/irq.h>

#define irqdesc irq_desc
#define irqchip irq_chip

#define do_level_IRQ handle_level_irq
#define do_edge_IRQ handle_edge_irq
#define do_simple_IRQ handle_simple_irq
#define do_bad_IRQ(irq, desc) handle_bad_irq((irq), (desc))

#define set_irq_chipdata(irq, d) set_irq_chip_data((irq), (d))
#define get_irq_chipdata(irq) get_irq_chip_data(irq)

/* Flags for set_irq_flags() */
#define IRQF_VALID GENIRQ_ARM_IRQF_VALID
#define IRQF_PROBE GENIRQ_ARM_IRQF_PROBE
#define IRQF_NOAUTOEN GENIRQ_ARM_IRQF_NOAUTOEN

#define set_irq_flags(irq, flags)              \
	__extension__({                        \
		GENIRQ_NR_IRQS_CHECK();        \
		set_irq_flags((irq), (flags)); \
	})

/* Run a demultiplexed line's flow handler (__do_IRQ() for none). */
static inline void desc_handle_irq(unsigned int irq, struct irq_desc *desc)
{
	(void)desc;
	generic_handle_irq(irq);
}

#endif /* __ASM_ARM_MACH_IRQ_H */
