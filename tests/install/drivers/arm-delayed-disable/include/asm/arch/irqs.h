/* SPDX-License-Identifier: GPL-2.0 */
/* The machine's interrupt numbers; NR_IRQS is left to libgenirq. */
#ifndef __ASM_ARCH_IRQS_H
#define __ASM_ARCH_IRQS_H

#define IRQ_BUTTON 4 /* an edge input of the SoC's controller */
#define NR_SOC_IRQS 16

#endif
