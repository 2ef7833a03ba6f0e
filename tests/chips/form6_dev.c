// SPDX-License-Identifier: GPL-2.0
/*
 * test_form6's genirq6 side: the requests and chip calls it makes on a
 * line attached to a model's modern driver form, in the one file of the
 * test that includes genirq6's headers (a file cannot include both
 * cores': docs/core6.md).
 */
#include <linux/interrupt.h>
#include <linux/irq.h>
#include <linux/irqdesc.h>
#include "form6_dev.h"

static int (*f6_fn)(void *dev);

static irqreturn_t f6_handler(int irq, void *dev)
{
	(void)irq;
	return (irqreturn_t)f6_fn(dev);
}

int f6_request(unsigned int virq, int (*fn)(void *dev), void *dev)
{
	f6_fn = fn;
	return request_irq(virq, f6_handler, 0, "form6-test", dev);
}

void f6_free(unsigned int virq, void *dev)
{
	free_irq(virq, dev);
}

void f6_disable(unsigned int virq)
{
	disable_irq(virq);
}

void f6_enable(unsigned int virq)
{
	enable_irq(virq);
}

void f6_chip_mask(unsigned int virq)
{
	struct irq_data *d = irq_get_irq_data(virq);

	d->chip->irq_mask(d);
}

void f6_chip_unmask(unsigned int virq)
{
	struct irq_data *d = irq_get_irq_data(virq);

	d->chip->irq_unmask(d);
}

const char *f6_flow(unsigned int virq)
{
	struct irq_desc *desc = irq_to_desc(virq);
	irq_flow_handler_t h = desc ? desc->handle_irq : NULL;

	if (h == handle_edge_irq)
		return "edge";
	if (h == handle_fasteoi_irq)
		return "fasteoi";
	if (h == handle_simple_irq)
		return "simple";
	if (h == handle_level_irq)
		return "level";
	return "other";
}
