/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The machine's interrupt numbers, included by genirq-compat's
 * <asm/irq.h> as by 2.6.18's: 32 sources of an IXP4xx-style controller,
 * two of them GPIO pins. NR_IRQS is left to libgenirq.
 */
#ifndef __ASM_ARCH_IRQS_H
#define __ASM_ARCH_IRQS_H

#define IRQ_IXP4XX_TIMER1 5
#define IRQ_IXP4XX_GPIO0 19
#define IRQ_IXP4XX_GPIO1 20
#define NR_IXP4XX_IRQS 32

#endif
