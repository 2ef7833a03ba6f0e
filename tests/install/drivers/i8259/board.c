// SPDX-License-Identifier: GPL-2.0
/*
 * The PC around i8259.c: a register model of the two 8259As (IRR, ISR,
 * IMR, the ICW sequence, OCW2 EOIs, OCW3 register select), the i386
 * interrupt entry with its INTA cycle, and ISA devices. Checks that
 * every interrupt goes through __do_IRQ() (no flow handler) with the
 * 8259A's mask-and-EOI ->ack and its ->end, master and slave.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <linux/interrupt.h>
#include <asm/io.h>
#include <asm/i8259.h>

#include "check.h"

struct pic {
	unsigned char irr, isr, imr, vector, icw, read_isr;
	unsigned int eois;
};
static struct pic master, slave;

static struct pic *pic_of(unsigned int port)
{
	return port == PIC_MASTER_CMD || port == PIC_MASTER_IMR ? &master :
								  &slave;
}

unsigned char board_inb(unsigned int port)
{
	struct pic *p = pic_of(port);

	if (port == PIC_MASTER_IMR || port == PIC_SLAVE_IMR)
		return p->imr;
	return p->read_isr ? p->isr : p->irr;
}

void board_outb(unsigned char val, unsigned int port)
{
	struct pic *p = pic_of(port);

	if (port == PIC_MASTER_IMR || port == PIC_SLAVE_IMR) {
		if (p->icw == 1)
			p->vector = val;
		if (p->icw) /* ICW2, ICW3, ICW4 */
			p->icw = p->icw == 3 ? 0 : p->icw + 1;
		else
			p->imr = val;
	} else if (val & 0x10) { /* ICW1 */
		p->icw = 1;
		p->isr = p->irr = 0;
		p->read_isr = 0;
	} else if ((val & 0x18) == 0x08) { /* OCW3 */
		if (val & 2)
			p->read_isr = val & 1;
	} else if ((val & 0xe0) == 0x60) { /* OCW2: specific EOI */
		p->isr &= (unsigned char)~(1u << (val & 7));
		p->eois++;
	}
}

/* An ISA device's edge on IRQ @irq: latched in the IRR. */
static void isa_raise(unsigned int irq)
{
	if (irq < 8)
		master.irr |= (unsigned char)(1u << irq);
	else
		slave.irr |= (unsigned char)(1u << (irq - 8));
}

/* The highest-priority request not masked nor below one in service. */
static int pic_pick(struct pic *p, unsigned char extra)
{
	unsigned char req = (unsigned char)((p->irr | extra) & ~p->imr);

	for (int i = 0; i < 8; i++) {
		if (p->isr & (1u << i))
			return -1;
		if (req & (1u << i))
			return i;
	}
	return -1;
}

/* The i386 entry: INTA cycle (IRR -> ISR), then do_IRQ(). */
static unsigned int i386_irq_entry(void)
{
	unsigned int taken = 0;
	int m;

	while (taken < 16) {
		int s = pic_pick(&slave, 0);
		unsigned char cascade = s >= 0 ? 1u << PIC_CASCADE_IR : 0;

		m = pic_pick(&master, cascade);
		if (m < 0)
			break;
		master.isr |= (unsigned char)(1u << m);
		master.irr &= (unsigned char)~(1u << m);
		if (m == PIC_CASCADE_IR && s >= 0) {
			slave.isr |= (unsigned char)(1u << s);
			slave.irr &= (unsigned char)~(1u << s);
			m = 8 + s;
		}
		do_IRQ((unsigned int)m);
		taken++;
	}
	return taken;
}

static int sound_runs, eth_runs, usb_runs, eth_pending, usb_pending;
static int sound_dev, eth_dev, usb_dev;

static irqreturn_t sound_interrupt(int irq, void *dev_id)
{
	if (irq != 5 || dev_id != &sound_dev || !irqs_disabled())
		return IRQ_NONE; /* SA_INTERRUPT: interrupts stay off */
	sound_runs++;
	return IRQ_HANDLED;
}

static irqreturn_t eth_interrupt(int irq, void *dev_id)
{
	(void)irq;
	if (dev_id != &eth_dev || !eth_pending)
		return IRQ_NONE;
	eth_pending = 0;
	eth_runs++;
	return IRQ_HANDLED;
}

static irqreturn_t usb_interrupt(int irq, void *dev_id)
{
	(void)irq;
	if (dev_id != &usb_dev || !usb_pending)
		return IRQ_NONE;
	usb_pending = 0;
	usb_runs++;
	return IRQ_HANDLED;
}

int main(void)
{
	char buf[8192];
	FILE *f;

	irq_cpu_attach(0);
	init_ISA_irqs();
	CHECK(master.vector == 0x20 && slave.vector == 0x28);
	CHECK(master.imr == 0xfb && slave.imr == 0xff); /* cascade open */
	CHECK(irq_desc[2].handle_irq == NULL); /* __do_IRQ() */
	CHECK(strcmp(irq_desc[2].chip->name, "XT-PIC") == 0);

	CHECK(request_irq(5, sound_interrupt, SA_INTERRUPT, "sound",
			  &sound_dev) == 0);
	CHECK(request_irq(10, eth_interrupt, SA_SHIRQ, "eth", &eth_dev) == 0);
	CHECK(request_irq(10, usb_interrupt, IRQF_SHARED, "usb", &usb_dev) ==
	      0);
	CHECK(request_irq(20, sound_interrupt, 0, "x", &sound_dev) == -ENOSYS);
	CHECK(irq_desc[5].handle_irq == NULL &&
	      irq_desc[10].handle_irq == NULL);
	CHECK(!(master.imr & (1u << 5)) && !(slave.imr & (1u << 2)));

	/* Master line: mask, specific EOI, handler, ->end unmasks. */
	isa_raise(5);
	CHECK(i386_irq_entry() == 1 && sound_runs == 1);
	CHECK(master.isr == 0 && master.eois == 1 && !(master.imr & 0x20));
	CHECK(kstat_irqs(5) == 1);

	/* Slave line through the cascade: EOI to both, shared actions. */
	usb_pending = 1;
	isa_raise(10);
	CHECK(i386_irq_entry() == 1);
	CHECK(usb_runs == 1 && eth_runs == 0);
	CHECK(slave.isr == 0 && master.isr == 0);
	CHECK(slave.eois == 1 && master.eois == 2);
	CHECK(!(slave.imr & (1u << 2)));
	CHECK(irq_desc[10].irqs_unhandled == 0);

	/* Disabled: the 8259A keeps the edge in its IRR until enabled. */
	disable_irq(5);
	CHECK(master.imr & (1u << 5));
	isa_raise(5);
	CHECK(i386_irq_entry() == 0 && sound_runs == 1);
	enable_irq(5);
	CHECK(i386_irq_entry() == 1 && sound_runs == 2);

	/* Two at once: priority order, each EOIed. */
	eth_pending = 1;
	isa_raise(10);
	isa_raise(5);
	CHECK(i386_irq_entry() == 2);
	CHECK(sound_runs == 3 && eth_runs == 1 && i8259A_spurious == 0);

	f = fmemopen(buf, sizeof(buf), "w");
	show_interrupts(f);
	fclose(f);
	fputs(buf, stdout);
	CHECK(strstr(buf, "XT-PIC-do_IRQ") && strstr(buf, "cascade"));
	CHECK(strstr(buf, "eth, usb"));

	free_irq(10, &eth_dev);
	CHECK(!(slave.imr & (1u << 2)));
	free_irq(10, &usb_dev);
	CHECK(slave.imr & (1u << 2));
	free_irq(5, &sound_dev);
	CHECK(master.imr & (1u << 5));
	return 0;
}
