// SPDX-License-Identifier: GPL-2.0
/*
 * An interrupt controller driver written outside the tree: it sees only the
 * installed headers and libgenirq.a. A tiny memory-mapped "controller" with
 * a mask register and a latch, driven through handle_edge_irq; the program
 * exits 0 only when the flow made exactly the expected register accesses.
 */
#include <stdio.h>
#include <string.h>
#include <genirq/irq.h>
#include <genirq/interrupt.h>
#include <genirq/cpu.h>

#define MYIRQ 9

static unsigned int reg_mask = ~0u, reg_latch, nr_acks;

static void my_ack(unsigned int irq)
{
	reg_latch &= ~(1u << irq);
	nr_acks++;
}

static void my_mask(unsigned int irq)
{
	reg_mask |= 1u << irq;
}

static void my_unmask(unsigned int irq)
{
	reg_mask &= ~(1u << irq);
}

static struct irq_chip my_chip = {
	.name = "MYPIC",
	.ack = my_ack,
	.mask = my_mask,
	.unmask = my_unmask,
};

static int fired;

static irqreturn_t my_handler(int irq, void *dev_id)
{
	(void)dev_id;
	fired += irq == MYIRQ;
	return IRQ_HANDLED;
}

int main(void)
{
	char buf[4096];
	FILE *f;

	set_irq_chip_and_handler(MYIRQ, &my_chip, handle_edge_irq);
	if (request_irq(MYIRQ, my_handler, 0, "mydev", NULL)) {
		fprintf(stderr, "request_irq failed\n");
		return 1;
	}
	if (reg_mask & (1u << MYIRQ)) {
		fprintf(stderr, "startup did not unmask the line\n");
		return 1;
	}
	reg_latch |= 1u << MYIRQ;
	do_IRQ(MYIRQ);
	if (fired != 1 || nr_acks != 1 || reg_latch) {
		fprintf(stderr, "fired %d acks %u latch %#x\n", fired, nr_acks,
			reg_latch);
		return 1;
	}
	f = fmemopen(buf, sizeof(buf), "w");
	show_interrupts(f);
	fclose(f);
	fputs(buf, stdout);
	if (!strstr(buf, "MYPIC-edge") || !strstr(buf, "mydev")) {
		fprintf(stderr, "show_interrupts lacks the line\n");
		return 1;
	}
	free_irq(MYIRQ, NULL);
	return 0;
}
