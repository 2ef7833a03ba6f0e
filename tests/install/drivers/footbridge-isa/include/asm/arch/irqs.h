/* SPDX-License-Identifier: GPL-2.0 */
/*
 * EBSA-285's interrupt numbers (include/asm-arm/arch-ebsa285/irqs.h of
 * 2.6.18): the sixteen ISA lines first, then the DC21285's own. NR_IRQS
 * is libgenirq's, not 2.6.18's 36.
 */
#ifndef __ASM_ARCH_IRQS_H
#define __ASM_ARCH_IRQS_H
#define _ISA_IRQ(x) (0 + (x))
#define _DC21285_IRQ(x) (16 + (x))
#define _DC21285_INR(x) ((x)-16)
#define IRQ_ISA_CASCADE _ISA_IRQ(2)
#define IRQ_ISA_2 _ISA_IRQ(9)
#define IRQ_TIMER1 _DC21285_IRQ(2)
#define IRQ_IN2 _DC21285_IRQ(7) /* the ISA PIC's output on CATS */
#define IRQ_ISA_UART _ISA_IRQ(4)
#define IRQ_ISA_HARDDISK1 _ISA_IRQ(14)
#define irq_canonicalize(_i) (((_i) == IRQ_ISA_CASCADE) ? IRQ_ISA_2 : _i)
#endif
