// SPDX-License-Identifier: GPL-2.0
/*
 * A board whose platform brings its own set_irq_flags() (irq.c), linked
 * with libgenirq and using what every genirq-compat driver links
 * (request_irq() and free_irq() of either form, the trampolines): it
 * links, and the platform's set_irq_flags() is the one called.
 */
#include <stdio.h>
#include <linux/interrupt.h>
#include <asm/irq.h>
#include <asm/mach/irq.h>

#include "check.h"

extern int platform_set_irq_flags_calls;

static int ticks, tick_dev;

static irqreturn_t tick_interrupt(int irq, void *dev_id, struct pt_regs *regs)
{
	(void)regs;
	if (irq != IRQ_TICK || dev_id != &tick_dev)
		return IRQ_NONE;
	ticks++;
	return IRQ_HANDLED;
}

int main(void)
{
	int i;

	irq_cpu_attach(0);
	for (i = 0; i < NR_SOC_IRQS; i++) {
		set_irq_chip(i, &dummy_irq_chip);
		set_irq_handler(i, do_simple_IRQ);
		set_irq_flags(i, IRQF_VALID);
	}
	CHECK(platform_set_irq_flags_calls == NR_SOC_IRQS);
	CHECK(!(irq_desc[IRQ_TICK].status & IRQ_NOREQUEST));
	CHECK(irq_desc[IRQ_TICK].status & IRQ_NOPROBE);

	CHECK(request_irq(IRQ_TICK, tick_interrupt, 0, "tick", &tick_dev) == 0);
	do_IRQ(IRQ_TICK);
	CHECK(ticks == 1);
	free_irq(IRQ_TICK, &tick_dev);
	CHECK(!irq_desc[IRQ_TICK].action);
	printf("arm-own-irqflags: %d tick\n", ticks);
	return 0;
}
