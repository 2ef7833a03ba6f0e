/* SPDX-License-Identifier: GPL-2.0 */
/* The machine's interrupt numbers; NR_IRQS is left to libgenirq. */
#ifndef __ASM_ARCH_IRQS_H
#define __ASM_ARCH_IRQS_H

#define IRQ_TICK 3
#define NR_SOC_IRQS 8

#endif
