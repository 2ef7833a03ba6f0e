// SPDX-License-Identifier: GPL-2.0
/*
 * The chips of lines without a controller: no_irq_chip, whose every
 * interrupt is a bug, and dummy_irq_chip, which does nothing. Follows
 * kernel/irq/dummychip.c.
 */
#include "internals.h"

static void noop(struct irq_data *data)
{
	(void)data;
}

static unsigned int noop_ret(struct irq_data *data)
{
	(void)data;
	return 0;
}

static void ack_bad(struct irq_data *data)
{
	genirq6_pr("unexpected IRQ trap at vector %u\n", data->irq);
}

struct irq_chip no_irq_chip = {
	.name = "none",
	.irq_startup = noop_ret,
	.irq_shutdown = noop,
	.irq_enable = noop,
	.irq_disable = noop,
	.irq_ack = ack_bad,
	.flags = IRQCHIP_SKIP_SET_WAKE,
};

struct irq_chip dummy_irq_chip = {
	.name = "dummy",
	.irq_startup = noop_ret,
	.irq_shutdown = noop,
	.irq_enable = noop,
	.irq_disable = noop,
	.irq_ack = noop,
	.irq_mask = noop,
	.irq_unmask = noop,
	.flags = IRQCHIP_SKIP_SET_WAKE,
};
