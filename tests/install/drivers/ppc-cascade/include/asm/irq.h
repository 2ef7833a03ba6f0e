/* SPDX-License-Identifier: GPL-2.0 */
/*
 * This machine's <asm/irq.h>, a powerpc-style one: found before
 * genirq-compat's (ARM's) and replacing it, as in a kernel tree. Line 0
 * is NO_IRQ; an MPIC-like controller has lines 1-15, an 8259-like one
 * behind its line 8 has 16-23. NR_IRQS is left to libgenirq.
 */
#ifndef _ASM_POWERPC_IRQ_H
#define _ASM_POWERPC_IRQ_H

#include <genirq/config.h>
#include <asm/ptrace.h>

#define NO_IRQ (0)
#define irq_canonicalize(irq) (irq)

#define PIC_CASCADE 8
#define PIC_LEGACY 9
#define PIC_ETH 3
#define SEC_IRQ_BASE 16
#define SEC_NR_IRQS 8
#define SEC_KBD (SEC_IRQ_BASE + 1)
#define SEC_TIMER (SEC_IRQ_BASE + 6)

/* The registers, which board.c's model answers. */
#define PIC_MASK 0x00 /* bit set: line masked */
#define PIC_ACK 0x04 /* read: the highest pending line, NO_IRQ if none */
#define PIC_EOI 0x08
#define SEC_MASK 0x20
#define SEC_POLL 0x24 /* read: pending line, bit 7 set when there is one */
#define SEC_EOI 0x28 /* write: end the line in service */

unsigned int pic_read(unsigned int reg);
void pic_write(unsigned int reg, unsigned int val);
void cascade_init_IRQ(void);

#endif
