// SPDX-License-Identifier: GPL-2.0
/*
 * The PC's cascaded 8259A pair as an old-style hw_interrupt_type on the
 * monolithic __do_IRQ(), written the way arch/i386/kernel/i8259.c of
 * Linux 2.6.18 is: a cached mask for both PICs under one spinlock,
 * mask-then-specific-EOI in ->ack (slave, then master's cascade input),
 * ->end re-enabling a line that is still live, a lightweight spurious
 * check, and init_ISA_irqs() filling the descriptors itself. It includes
 * only the kernel's IRQ headers, from genirq-compat, and its own port
 * I/O and printk shims.
 */
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/interrupt.h>
#include <linux/kernel_stat.h>
#include <linux/spinlock.h>
#include <asm/io.h>
#include <asm/i8259.h>

DEFINE_SPINLOCK(i8259A_lock);

static void end_8259A_irq(unsigned int irq)
{
	if (!(irq_desc[irq].status & (IRQ_DISABLED | IRQ_INPROGRESS)) &&
	    irq_desc[irq].action)
		enable_8259A_irq(irq);
}

#define shutdown_8259A_irq disable_8259A_irq

static void mask_and_ack_8259A(unsigned int irq);

unsigned int startup_8259A_irq(unsigned int irq)
{
	enable_8259A_irq(irq);
	return 0; /* never anything pending */
}

static struct hw_interrupt_type i8259A_irq_type = {
	.typename = "XT-PIC",
	.startup = startup_8259A_irq,
	.shutdown = shutdown_8259A_irq,
	.enable = enable_8259A_irq,
	.disable = disable_8259A_irq,
	.ack = mask_and_ack_8259A,
	.end = end_8259A_irq,
};

/* The mask of both 8259As: bit n set means IRQ n is masked. */
unsigned int cached_irq_mask = 0xffff;
unsigned long i8259A_spurious;

static void write_imr(unsigned int irq)
{
	if (irq & 8)
		outb(cached_slave_mask, PIC_SLAVE_IMR);
	else
		outb(cached_master_mask, PIC_MASTER_IMR);
}

void disable_8259A_irq(unsigned int irq)
{
	unsigned long flags;

	spin_lock_irqsave(&i8259A_lock, flags);
	cached_irq_mask |= 1u << irq;
	write_imr(irq);
	spin_unlock_irqrestore(&i8259A_lock, flags);
}

void enable_8259A_irq(unsigned int irq)
{
	unsigned long flags;

	spin_lock_irqsave(&i8259A_lock, flags);
	cached_irq_mask &= ~(1u << irq);
	write_imr(irq);
	spin_unlock_irqrestore(&i8259A_lock, flags);
}

int i8259A_irq_pending(unsigned int irq)
{
	unsigned int mask = 1u << irq;
	unsigned long flags;
	int ret;

	spin_lock_irqsave(&i8259A_lock, flags);
	if (irq < 8)
		ret = inb(PIC_MASTER_CMD) & mask;
	else
		ret = inb(PIC_SLAVE_CMD) & (mask >> 8);
	spin_unlock_irqrestore(&i8259A_lock, flags);

	return ret;
}

/*
 * Is @irq in service? Switches the PIC's command port to its ISR and
 * back to the IRR; slow, so only for the spurious check. Called with
 * i8259A_lock held.
 */
static int i8259A_irq_real(unsigned int irq)
{
	unsigned int port = irq < 8 ? PIC_MASTER_CMD : PIC_SLAVE_CMD;
	int value;

	outb(0x0b, port); /* ISR register */
	value = inb(port) & (1u << (irq & 7));
	outb(0x0a, port); /* back to the IRR register */
	return value;
}

/*
 * The 8259A is a fragile beast: mask the line first, then send the EOI,
 * and the EOI to the slave before the master's for its cascade input.
 */
static void mask_and_ack_8259A(unsigned int irq)
{
	unsigned int irqmask = 1u << irq;
	unsigned long flags;

	spin_lock_irqsave(&i8259A_lock, flags);
	/*
	 * A masked line can only be here spuriously (IRQ7 and IRQ15 come
	 * even when masked); look at the ISR only then, since it is slow.
	 */
	if ((cached_irq_mask & irqmask) && !i8259A_irq_real(irq)) {
		static unsigned int reported;

		if (!(reported & irqmask)) {
			printk(KERN_DEBUG "spurious 8259A interrupt: IRQ%u.\n",
			       irq);
			reported |= irqmask;
		}
		i8259A_spurious++;
	}
	cached_irq_mask |= irqmask;
	if (irq & 8) {
		inb(PIC_SLAVE_IMR); /* dummy read */
		outb(cached_slave_mask, PIC_SLAVE_IMR);
		outb(0x60 + (irq & 7), PIC_SLAVE_CMD); /* specific EOI */
		outb(0x60 + PIC_CASCADE_IR, PIC_MASTER_CMD);
	} else {
		inb(PIC_MASTER_IMR); /* dummy read */
		outb(cached_master_mask, PIC_MASTER_IMR);
		outb(0x60 + irq, PIC_MASTER_CMD); /* specific EOI */
	}
	spin_unlock_irqrestore(&i8259A_lock, flags);
}

void init_8259A(int auto_eoi)
{
	unsigned long flags;

	spin_lock_irqsave(&i8259A_lock, flags);
	outb(0xff, PIC_MASTER_IMR); /* mask all of 8259A-1 */
	outb(0xff, PIC_SLAVE_IMR); /* mask all of 8259A-2 */

	outb(0x11, PIC_MASTER_CMD); /* ICW1: edge, cascade, ICW4 */
	outb(FIRST_EXTERNAL_VECTOR, PIC_MASTER_IMR); /* ICW2: vectors */
	outb(1u << PIC_CASCADE_IR, PIC_MASTER_IMR); /* ICW3: slave on IR2 */
	outb(auto_eoi ? MASTER_ICW4_DEFAULT | 2 : MASTER_ICW4_DEFAULT,
	     PIC_MASTER_IMR);

	outb(0x11, PIC_SLAVE_CMD);
	outb(FIRST_EXTERNAL_VECTOR + 8, PIC_SLAVE_IMR);
	outb(PIC_CASCADE_IR, PIC_SLAVE_IMR); /* ICW3: slave id */
	outb(SLAVE_ICW4_DEFAULT, PIC_SLAVE_IMR);

	outb(cached_master_mask, PIC_MASTER_IMR);
	outb(cached_slave_mask, PIC_SLAVE_IMR);
	spin_unlock_irqrestore(&i8259A_lock, flags);
}

/* The slave's output, claimed so that nobody else takes IRQ2. */
static struct irqaction irq2 = { no_action, 0,	  CPU_MASK_NONE,
				 "cascade", NULL, NULL };

void __init init_ISA_irqs(void)
{
	int i;

	init_8259A(0);

	for (i = 0; i < NR_IRQS; i++) {
		irq_desc[i].status = IRQ_DISABLED;
		irq_desc[i].action = NULL;
		irq_desc[i].depth = 1;

		if (i < 16) /* 16 old-style INTA-cycle interrupts */
			irq_desc[i].chip = &i8259A_irq_type;
		else
			irq_desc[i].chip = &no_irq_type;
	}
	setup_irq(2, &irq2);
}
