/* SPDX-License-Identifier: GPL-2.0 */
/*
 * genirq-compat: ARM's IRQ API of 2.6.18 (include/asm-arm/mach/irq.h):
 * the names ARM controller drivers used for the generic flow handlers,
 * set_irq_flags(), and desc_handle_irq() for chained demultiplexers,
 * with or without struct pt_regs (2.6.18's form or 2.6.19's), as
 * do_bad_IRQ(). The IRQT_* types and
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
static inline void __do_bad_IRQ_regs(unsigned int irq, struct irq_desc *desc,
				     struct pt_regs *regs)
{
	(void)regs;
	handle_bad_irq(irq, desc);
}

#define do_bad_IRQ(...)                                                     \
	__GENIRQ_BY_ARGS(__VA_ARGS__, __do_bad_IRQ_regs, handle_bad_irq, _) \
	(__VA_ARGS__)

#define set_irq_chipdata(irq, d) set_irq_chip_data((irq), (d))
#define get_irq_chipdata(irq) get_irq_chip_data(irq)

/* Flags for set_irq_flags() */
#define IRQF_VALID GENIRQ_ARM_IRQF_VALID
#define IRQF_PROBE GENIRQ_ARM_IRQF_PROBE
#define IRQF_NOAUTOEN GENIRQ_ARM_IRQF_NOAUTOEN

/*
 * set_irq_flags() is the plain function, not a macro that checks
 * NR_IRQS as set_irq_chip() and set_irq_handler() do: a platform's own
 * arch/arm/kernel/irq.c defines it, and a macro would rewrite that
 * definition.
 */

/*
 * Run a demultiplexed line's flow handler (__do_IRQ() for none): @regs,
 * 2.6.18's third argument, may be given or left out.
 */
static inline void __desc_handle_irq(unsigned int irq, struct irq_desc *desc)
{
	(void)desc;
	generic_handle_irq(irq);
}

static inline void __desc_handle_irq_regs(unsigned int irq,
					  struct irq_desc *desc,
					  struct pt_regs *regs)
{
	(void)desc;
	(void)regs;
	generic_handle_irq(irq);
}

#define desc_handle_irq(...)                                  \
	__GENIRQ_BY_ARGS(__VA_ARGS__, __desc_handle_irq_regs, \
			 __desc_handle_irq, _)                \
	(__VA_ARGS__)

#endif /* __ASM_ARM_MACH_IRQ_H */
