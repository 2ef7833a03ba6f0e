// SPDX-License-Identifier: GPL-2.0
/*
 * An ARM board of 2.6.18 whose init_IRQ() marks every descriptor
 * IRQ_NOREQUEST | IRQ_DELAYED_DISABLE | IRQ_NOPROBE, as arch/arm's did,
 * before the machine's controller code sets up its lines, and which
 * dispatches with do_IRQ() from its own thread, attached as no simulated
 * CPU. Its controller is a mask register and a latch, written here.
 *
 * What it shows: disable_irq() leaves the line unmasked; the edge that
 * comes meanwhile is masked by handle_edge_irq() and left pending;
 * enable_irq() unmasks it and resends it in software, and, with no CPU
 * loop to run the resend, runs it before it returns; the last free_irq()
 * leaves the line unmasked too.
 */
#include <stdio.h>
#include <linux/interrupt.h>
#include <linux/irq.h>
#include <asm/irq.h>
#include <asm/mach/irq.h>

#include "check.h"

static unsigned int soc_mask = ~0u; /* bit set: the input is masked */
static unsigned int soc_latch; /* edges seen */
static int presses, button_dev;

static void soc_mask_irq(unsigned int irq)
{
	soc_mask |= 1u << irq;
}

static void soc_unmask_irq(unsigned int irq)
{
	soc_mask &= ~(1u << irq);
}

static void soc_ack_irq(unsigned int irq)
{
	soc_latch &= ~(1u << irq);
}

/* mask/unmask/ack only: disable and shutdown are genirq's defaults. */
static struct irq_chip soc_chip = {
	.name = "SOC",
	.ack = soc_ack_irq,
	.mask = soc_mask_irq,
	.unmask = soc_unmask_irq,
};

/* What arch/arm/kernel/irq.c's init_IRQ() does to every descriptor. */
static void board_init_IRQ(void)
{
	unsigned int irq;

	for (irq = 0; irq < NR_IRQS; irq++)
		irq_desc[irq].status |= IRQ_NOREQUEST | IRQ_DELAYED_DISABLE |
					IRQ_NOPROBE;
}

/* The machine's init_irq: its controller's lines. */
static void board_init_irq(void)
{
	unsigned int irq;

	for (irq = 0; irq < NR_SOC_IRQS; irq++) {
		set_irq_chip(irq, &soc_chip);
		set_irq_handler(irq, handle_edge_irq);
		set_irq_flags(irq, IRQF_VALID);
	}
}

/* The pin: latch the edge and, if unmasked, take the interrupt. */
static void button_edge(void)
{
	soc_latch |= 1u << IRQ_BUTTON;
	if (!(soc_mask & (1u << IRQ_BUTTON)))
		do_IRQ(IRQ_BUTTON);
}

static irqreturn_t button_interrupt(int irq, void *dev_id, struct pt_regs *regs)
{
	(void)regs;
	if (irq != IRQ_BUTTON || dev_id != &button_dev)
		return IRQ_NONE;
	presses++;
	return IRQ_HANDLED;
}

int main(void)
{
	board_init_IRQ();
	board_init_irq();
	CHECK(irq_desc[IRQ_BUTTON].status & IRQ_DELAYED_DISABLE);
	CHECK(request_irq(IRQ_BUTTON, button_interrupt, 0, "button",
			  &button_dev) == 0);
	CHECK(!(soc_mask & (1u << IRQ_BUTTON)));

	button_edge();
	CHECK(presses == 1);

	disable_irq(IRQ_BUTTON);
	CHECK(!(soc_mask & (1u << IRQ_BUTTON))); /* delayed: not masked */
	button_edge();
	CHECK(presses == 1); /* not handled while disabled */
	CHECK(soc_mask & (1u << IRQ_BUTTON)); /* the flow masked it */
	CHECK(irq_desc[IRQ_BUTTON].status & IRQ_PENDING);

	enable_irq(IRQ_BUTTON);
	CHECK(!(soc_mask & (1u << IRQ_BUTTON)));
	CHECK(presses == 2); /* resent, and run before enable_irq() returned */
	CHECK(!(irq_desc[IRQ_BUTTON].status & (IRQ_PENDING | IRQ_REPLAY)));

	free_irq(IRQ_BUTTON, &button_dev);
	CHECK(!(soc_mask & (1u << IRQ_BUTTON))); /* the last free: unmasked */
	printf("arm-delayed-disable: %d presses\n", presses);
	return 0;
}
