// SPDX-License-Identifier: GPL-2.0
/*
 * The board around isa.c, a footbridge-style ISA interrupt driver
 * written here to 2.6.18's ARM interfaces, whose handlers take struct
 * pt_regs: a register model of the two cascaded 8259s on the ISA bridge
 * (edge requests latched in IRR, IMR, ISR, the init words, non-specific and
 * specific EOI, and the PCI interrupt acknowledge cycle, which this
 * model answers before the host line's interrupt), the DC21285's own
 * interrupt mask for the host lines, ARM's IRQ entry, and devices whose
 * handlers are written in 2.6.18's form too, beside one in 2.6.19's.
 * Checks that the chained demultiplexer (a flow handler with regs, which
 * calls desc_handle_irq() and do_bad_IRQ() with three arguments) runs
 * the ISA lines on both 8259s, that a host line runs two shared actions
 * of either form, that every handler sees its own dev_id, that free_irq()
 * of a 2.6.18 handler finds it by the driver's dev_id, and that the line
 * can be requested again after it.
 */
#include <errno.h>
#include <stdio.h>
#include <linux/interrupt.h>
#include <asm/irq.h>
#include <asm/io.h>
#include <asm/mach/irq.h>
#include <asm/hardware.h>

#include <linux/init.h>

#include "check.h"

void isa_init_irq(unsigned int host_irq);

unsigned char footbridge_pciiack;

/* The model: [0] the master 8259 at 0x20, [1] the slave at 0xa0. */
static struct pic {
	unsigned char irr, imr, isr, base, ocw3;
	int icw; /* initialisation words still expected after ICW1 */
	int eois;
} pic[2];
static unsigned int dc_enabled; /* the DC21285's mask of host lines */
static int timer_asserted; /* the timer holds its level line */

static unsigned int lowest(unsigned int bits)
{
	return (unsigned int)__builtin_ctz(bits);
}

/* What the master sees: its own requests and the slave's output on IR2. */
static unsigned char master_requests(void)
{
	return pic[0].irr | ((pic[1].irr & ~pic[1].imr) ? 1u << 2 : 0);
}

static int pic_output(void)
{
	return (master_requests() & ~pic[0].imr) != 0;
}

/* The interrupt acknowledge cycle: the vector, the request in service. */
static unsigned char pic_iack(void)
{
	unsigned int m = master_requests() & ~pic[0].imr, n, s;

	if (!m)
		return pic[0].base + 7; /* the 8259's spurious IR7 */
	n = lowest(m);
	pic[0].isr |= 1u << n;
	if (n != 2) {
		pic[0].irr &= ~(1u << n);
		return pic[0].base + n;
	}
	s = lowest(pic[1].irr & ~pic[1].imr);
	pic[1].irr &= ~(1u << s);
	pic[1].isr |= 1u << s;
	return pic[1].base + s;
}

static struct pic *pic_of(unsigned int port)
{
	return &pic[(port & 0xf0) == 0xa0];
}

void outb(unsigned char value, unsigned int port)
{
	struct pic *p = pic_of(port);

	if (port & 1) { /* data: the init words, then OCW1, the mask */
		if (p->icw == 3)
			p->base = value;
		if (p->icw) {
			p->icw--;
			return;
		}
		p->imr = value;
	} else if (value & 0x10) { /* ICW1: ICW2, ICW3 and ICW4 follow */
		p->icw = 3;
		p->imr = 0;
		p->isr = 0;
	} else if (value & 0x08) { /* OCW3: which register inb reads */
		p->ocw3 = value;
	} else if ((value & 0xe0) == 0x20 && p->isr) { /* non-specific EOI */
		p->isr &= (unsigned char)~(1u << lowest(p->isr));
		p->eois++;
	} else if ((value & 0xe0) == 0x60) { /* specific EOI */
		p->isr &= (unsigned char)~(1u << (value & 7));
		p->eois++;
	}
}

unsigned char inb(unsigned int port)
{
	struct pic *p = pic_of(port);

	if (port & 1)
		return p->imr;
	return (p->ocw3 & 3) == 3 ? p->isr : p->irr;
}

/* An ISA device raises its request: the 8259s latch the edge. */
static void isa_raise(unsigned int irq)
{
	pic[irq >= 8].irr |= (unsigned char)(1u << (irq & 7));
}

/* The DC21285's interrupt controller, for the host lines. */
static void dc_mask(unsigned int irq)
{
	dc_enabled &= ~(1u << _DC21285_INR(irq));
}

static void dc_unmask(unsigned int irq)
{
	dc_enabled |= 1u << _DC21285_INR(irq);
}

static struct irq_chip dc21285_chip = {
	.name = "DC21285",
	.ack = dc_mask,
	.mask = dc_mask,
	.unmask = dc_unmask,
};

static int dc_line(unsigned int irq)
{
	return !!(dc_enabled & (1u << _DC21285_INR(irq)));
}

/*
 * ARM's IRQ entry: the host lines the DC21285 has pending and enabled,
 * the timer before the ISA bridge. For the bridge, the model answers
 * the acknowledge cycle that isa_irq_handler() reads; a non-zero
 * bad_iack is answered once instead, as a bus with no 8259 responding.
 */
static unsigned int bad_iack;

static unsigned int arm_irq_entry(void)
{
	unsigned int taken;

	for (taken = 0; taken < 16; taken++) {
		if (timer_asserted && dc_line(IRQ_TIMER1)) {
			do_IRQ(IRQ_TIMER1);
		} else if (pic_output() && dc_line(IRQ_IN2)) {
			footbridge_pciiack =
				bad_iack ? (unsigned char)bad_iack : pic_iack();
			bad_iack = 0;
			do_IRQ(IRQ_IN2);
		} else {
			break;
		}
	}
	return taken;
}

static int uart_dev, ide_dev, timer_dev, watchdog_dev;
static int uart_runs, uart2_runs, ide_runs, timer_runs, watchdog_runs;

/* 2.6.18's handlers: they get their dev_id, and no registers here. */
static irqreturn_t uart_interrupt(int irq, void *dev_id, struct pt_regs *regs)
{
	if (irq != IRQ_ISA_UART || dev_id != &uart_dev || regs)
		return IRQ_NONE;
	uart_runs++;
	return IRQ_HANDLED;
}

static irqreturn_t uart2_interrupt(int irq, void *dev_id, struct pt_regs *regs)
{
	if (irq != IRQ_ISA_UART || dev_id != &uart_dev || regs)
		return IRQ_NONE;
	uart2_runs++;
	return IRQ_HANDLED;
}

static irqreturn_t ide_interrupt(int irq, void *dev_id, struct pt_regs *regs)
{
	if (irq != IRQ_ISA_HARDDISK1 || dev_id != &ide_dev || regs)
		return IRQ_NONE;
	ide_runs++;
	return IRQ_HANDLED;
}

static irqreturn_t timer_interrupt(int irq, void *dev_id, struct pt_regs *regs)
{
	if (irq != IRQ_TIMER1 || dev_id != &timer_dev || regs)
		return IRQ_NONE;
	timer_runs++;
	timer_asserted = 0;
	return IRQ_HANDLED;
}

/* 2.6.19's form, sharing the timer's line. */
static irqreturn_t watchdog_interrupt(int irq, void *dev_id)
{
	if (irq != IRQ_TIMER1 || dev_id != &watchdog_dev)
		return IRQ_NONE;
	watchdog_runs++;
	timer_asserted = 0;
	return IRQ_HANDLED;
}

int main(void)
{
	unsigned long errs = irq_err_count_read();
	int i;

	/* ARM's init_IRQ(), then the DC21285's lines, then the bridge. */
	irq_cpu_attach(0);
	for (i = 0; i < NR_IRQS; i++)
		irq_desc[i].status |= IRQ_NOREQUEST | IRQ_NOPROBE;
	for (i = _DC21285_IRQ(0); i < _DC21285_IRQ(16); i++) {
		set_irq_chip(i, &dc21285_chip);
		set_irq_handler(i, do_level_IRQ);
		set_irq_flags(i, IRQF_VALID);
	}
	isa_init_irq(IRQ_IN2);
	CHECK(pic[0].base == _ISA_IRQ(0) && pic[1].base == _ISA_IRQ(8));
	CHECK(pic[0].imr == 0xfb && pic[1].imr == 0xff); /* the cascade */
	CHECK(dc_enabled == 1u << _DC21285_INR(IRQ_IN2)); /* chained */
	CHECK(irq_desc[IRQ_IN2].status & IRQ_NOREQUEST);
	CHECK(!(irq_desc[IRQ_ISA_UART].status & IRQ_NOREQUEST));

	/* As 2.6.18: a shared line needs a dev_id, whatever the form. */
	CHECK(request_irq(IRQ_ISA_UART, uart_interrupt, SA_SHIRQ, "uart",
			  NULL) == -EINVAL);
	CHECK(request_irq(IRQ_ISA_UART, uart_interrupt, 0, "uart", &uart_dev) ==
	      0);
	CHECK(request_irq(IRQ_ISA_HARDDISK1, ide_interrupt, SA_INTERRUPT,
			  "ide0", &ide_dev) == 0);
	CHECK(pic[0].imr == 0xeb && pic[1].imr == 0xbf);
	CHECK(request_irq(IRQ_TIMER1, timer_interrupt, SA_SHIRQ, "timer",
			  &timer_dev) == 0);
	CHECK(request_irq(IRQ_TIMER1, watchdog_interrupt, SA_SHIRQ, "watchdog",
			  &watchdog_dev) == 0);

	/* A master line through the demultiplexer: level flow, one EOI. */
	isa_raise(IRQ_ISA_UART);
	CHECK(arm_irq_entry() == 1);
	CHECK(uart_runs == 1 && pic[0].isr == 0 && pic[0].eois == 1);
	CHECK(pic[0].imr == 0xeb);

	/* A slave line: EOI to the master's IR2 and to the slave. */
	isa_raise(IRQ_ISA_HARDDISK1);
	CHECK(arm_irq_entry() == 1);
	CHECK(ide_runs == 1 && pic[0].isr == 0 && pic[1].isr == 0);
	CHECK(pic[0].eois == 2 && pic[1].eois == 1 && pic[1].imr == 0xbf);

	/* A host line of its own, with a handler of either form. */
	timer_asserted = 1;
	CHECK(arm_irq_entry() == 1);
	CHECK(timer_runs == 1 && watchdog_runs == 1 && !timer_asserted);

	/* A vector out of the ISA range: do_bad_IRQ(irq, desc, regs). */
	bad_iack = _DC21285_IRQ(1);
	isa_raise(IRQ_ISA_UART);
	CHECK(arm_irq_entry() == 2);
	CHECK(kstat_irqs(_DC21285_IRQ(1)) == 1);
	CHECK(irq_err_count_read() == errs + 1 && uart_runs == 2);

	/*
	 * free_irq() of a 2.6.18 handler by the driver's dev_id: the line
	 * shuts down (the edge stays latched), and a new request takes it.
	 */
	free_irq(IRQ_ISA_UART, &uart_dev);
	CHECK(pic[0].imr == 0xfb);
	isa_raise(IRQ_ISA_UART);
	CHECK(arm_irq_entry() == 0 && uart_runs == 2);
	CHECK(request_irq(IRQ_ISA_UART, uart2_interrupt, 0, "uart",
			  &uart_dev) == 0);
	CHECK(arm_irq_entry() == 1 && uart2_runs == 1 && uart_runs == 2);

	/* One shared action of each form freed by its dev_id. */
	free_irq(IRQ_TIMER1, &timer_dev);
	timer_asserted = 1;
	CHECK(arm_irq_entry() == 1);
	CHECK(timer_runs == 1 && watchdog_runs == 2);
	free_irq(IRQ_TIMER1, &watchdog_dev);
	CHECK(!dc_line(IRQ_TIMER1) && irq_desc[IRQ_TIMER1].action == NULL);

	free_irq(IRQ_ISA_UART, &uart_dev);
	free_irq(IRQ_ISA_HARDDISK1, &ide_dev);
	CHECK(pic[0].imr == 0xfb && pic[1].imr == 0xff);
	printf("footbridge-isa: %d uart, %d ide, %d timer, %d watchdog\n",
	       uart_runs + uart2_runs, ide_runs, timer_runs, watchdog_runs);
	return 0;
}
