// SPDX-License-Identifier: GPL-2.0
/*
 * An ISA interrupt controller driver for a footbridge-style board,
 * written here against 2.6.18's ARM interfaces and in their pre-2.6.19
 * form: struct irqchip, struct irqdesc, do_level_IRQ and a chained flow
 * handler that takes struct pt_regs. One chip serves both 8259s: the
 * line number says which one, and a line of the slave also owes the
 * master's IR2 a specific EOI. The host line's handler reads the vector
 * from the PCI interrupt acknowledge cycle and hands the ISA line on, or
 * to do_bad_IRQ() when the vector is outside the sixteen ISA lines.
 */
#include <stdio.h>
#include <linux/init.h>
#include <linux/interrupt.h>
#include <asm/hardware.h>
#include <asm/io.h>
#include <asm/irq.h>
#include <asm/mach/irq.h>

#define OCW2_EOI 0x20 /* non-specific end of interrupt */
#define OCW2_SEOI 0x60 /* specific end of interrupt, level in bits 0-2 */
#define ICW1_INIT 0x11 /* edge triggered, cascaded, ICW4 follows */
#define ICW4_8086 0x01
#define PIC_CASCADE_IR 2 /* the master input the slave drives */

static unsigned int pic_cmd(unsigned int irq)
{
	return irq >= _ISA_IRQ(8) ? PIC_HI : PIC_LO;
}

static unsigned int pic_data(unsigned int irq)
{
	return irq >= _ISA_IRQ(8) ? PIC_MASK_HI : PIC_MASK_LO;
}

static void isa_mask(unsigned int irq)
{
	unsigned int port = pic_data(irq);

	outb(inb(port) | (1u << (irq & 7)), port);
}

static void isa_unmask(unsigned int irq)
{
	unsigned int port = pic_data(irq);

	outb(inb(port) & ~(1u << (irq & 7)), port);
}

/* Mask, then end the interrupt on every 8259 it went through. */
static void isa_ack(unsigned int irq)
{
	isa_mask(irq);
	if (pic_cmd(irq) == PIC_HI)
		outb(OCW2_SEOI | PIC_CASCADE_IR, PIC_LO);
	outb(OCW2_EOI, pic_cmd(irq));
}

static struct irqchip isa_chip = {
	.ack = isa_ack,
	.mask = isa_mask,
	.unmask = isa_unmask,
};

static void isa_demux(unsigned int irq, struct irqdesc *desc,
		      struct pt_regs *regs)
{
	unsigned int line = *(volatile unsigned char *)PCIIACK_BASE;

	(void)irq;
	if (line >= _ISA_IRQ(16)) {
		do_bad_IRQ(line, desc, regs);
		return;
	}
	desc_handle_irq(line, irq_desc + line, regs);
}

static struct irqaction isa_cascade = {
	.handler = no_action,
	.name = "cascade",
};

/* Program one 8259: ICW1..ICW4, then a mask; 0 when it reads back. */
static int pic_setup(unsigned int cmd, unsigned int data, unsigned int base,
		     unsigned int icw3, unsigned int probe)
{
	outb(ICW1_INIT, cmd);
	outb(base, data);
	outb(icw3, data);
	outb(ICW4_8086, data);
	outb(probe, data);
	return inb(data) == probe ? 0 : -1;
}

void __init isa_init_irq(unsigned int host_irq)
{
	unsigned int irq;

	/* A board without the bridge reads back nothing we wrote. */
	if (pic_setup(PIC_LO, PIC_MASK_LO, _ISA_IRQ(0), 1u << PIC_CASCADE_IR,
		      0xa5) ||
	    pic_setup(PIC_HI, PIC_MASK_HI, _ISA_IRQ(8), PIC_CASCADE_IR, 0x5a)) {
		fprintf(stderr, "isa: no 8259 answers\n");
		return;
	}
	outb(0xff, PIC_MASK_LO);
	outb(0xff, PIC_MASK_HI);

	for (irq = _ISA_IRQ(0); irq < _ISA_IRQ(16); irq++) {
		set_irq_chip(irq, &isa_chip);
		set_irq_handler(irq, do_level_IRQ);
		set_irq_flags(irq, IRQF_VALID | IRQF_PROBE);
	}
	setup_irq(IRQ_ISA_CASCADE, &isa_cascade);
	set_irq_chained_handler(host_irq, isa_demux);
}
