/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The machine's interrupt numbers, included by genirq-compat's
 * <asm/irq.h> as by 2.6.18's: the AIC's 32 sources, and irq_finish(),
 * which ARM's asm_do_IRQ() calls after the handler. NR_IRQS is left to
 * libgenirq.
 */
#ifndef __ASM_ARCH_IRQS_H
#define __ASM_ARCH_IRQS_H

#include <asm/hardware.h>

#define NR_AIC_IRQS 32

/* Acknowledge the interrupt with the AIC after it has been handled. */
#define irq_finish(irq)                            \
	do {                                       \
		at91_sys_write(AT91_AIC_EOICR, 0); \
	} while (0)

#endif
