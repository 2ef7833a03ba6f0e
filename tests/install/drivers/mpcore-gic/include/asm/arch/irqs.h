/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The machine's interrupt numbers, included by genirq-compat's
 * <asm/irq.h>: an MPCore-style GIC's first 64 interrupts, of which 0-31
 * are private to each CPU. NR_IRQS is left to libgenirq.
 */
#ifndef __ASM_ARCH_IRQS_H
#define __ASM_ARCH_IRQS_H

#define IRQ_GIC_START 32
#define IRQ_UART0 (IRQ_GIC_START + 4)
#define IRQ_ETH (IRQ_GIC_START + 9)
#define NR_GIC_IRQS 64

#endif
