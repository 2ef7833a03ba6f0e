/* SPDX-License-Identifier: GPL-2.0 */
/* The PC's two cascaded 8259A PICs: ports, and what i8259.c exports. */
#ifndef __ASM_I8259_H
#define __ASM_I8259_H

#include <linux/spinlock.h>

#define PIC_MASTER_CMD 0x20
#define PIC_MASTER_IMR 0x21
#define PIC_MASTER_ISR PIC_MASTER_CMD
#define PIC_MASTER_POLL PIC_MASTER_ISR
#define PIC_MASTER_OCW3 PIC_MASTER_ISR
#define PIC_SLAVE_CMD 0xa0
#define PIC_SLAVE_IMR 0xa1
#define PIC_CASCADE_IR 2
#define MASTER_ICW4_DEFAULT 0x01
#define SLAVE_ICW4_DEFAULT 0x01
#define FIRST_EXTERNAL_VECTOR 0x20

extern unsigned int cached_irq_mask;
#define __byte(x, y) (((unsigned char *)&(y))[x])
#define cached_master_mask (__byte(0, cached_irq_mask))
#define cached_slave_mask (__byte(1, cached_irq_mask))

extern spinlock_t i8259A_lock;
extern unsigned long i8259A_spurious;

void init_8259A(int auto_eoi);
void init_ISA_irqs(void);
void enable_8259A_irq(unsigned int irq);
void disable_8259A_irq(unsigned int irq);
int i8259A_irq_pending(unsigned int irq);
unsigned int startup_8259A_irq(unsigned int irq);

#endif
