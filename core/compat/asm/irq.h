/* SPDX-License-Identifier: GPL-2.0 */
/*
 * genirq-compat: ARM's <asm/irq.h> of 2.6.18 (include/asm-arm/irq.h).
 * As there, the machine's interrupt numbers come from its own
 * <asm/arch/irqs.h>, which the driver brings; then irq_canonicalize(),
 * NO_IRQ and the IRQT_* trigger types. NR_IRQS is libgenirq's
 * (genirq/config.h) where 2.6.18 defaulted to 128, and a machine header
 * that defines another value stops the build. A driver that brings its
 * own <asm/irq.h> (another architecture's) is found first and replaces
 * this one, as in a kernel tree.
 */
#ifndef __ASM_ARM_IRQ_H
#define __ASM_ARM_IRQ_H

#if defined(__has_include)
#if __has_include(<asm/arch/irqs.h>)
#include <asm/arch/irqs.h>
#endif
#endif

#include <genirq/config.h>

#ifndef irq_canonicalize
#define irq_canonicalize(i) (i)
#endif

/* Use this value to indicate lack of interrupt capability. */
#ifndef NO_IRQ
#define NO_IRQ ((unsigned int)(-1))
#endif

struct irqaction;

/* Migration helpers: set_irq_type()'s and ->set_type()'s trigger types. */
#define __IRQT_FALEDGE IRQ_TYPE_EDGE_FALLING
#define __IRQT_RISEDGE IRQ_TYPE_EDGE_RISING
#define __IRQT_LOWLVL IRQ_TYPE_LEVEL_LOW
#define __IRQT_HIGHLVL IRQ_TYPE_LEVEL_HIGH
#define IRQT_NOEDGE (0)
#define IRQT_RISING (__IRQT_RISEDGE)
#define IRQT_FALLING (__IRQT_FALEDGE)
#define IRQT_BOTHEDGE (__IRQT_RISEDGE | __IRQT_FALEDGE)
#define IRQT_LOW (__IRQT_LOWLVL)
#define IRQT_HIGH (__IRQT_HIGHLVL)
#define IRQT_PROBE IRQ_TYPE_PROBE

#endif /* __ASM_ARM_IRQ_H */
