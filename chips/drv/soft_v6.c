// SPDX-License-Identifier: GPL-2.0
/*
 * The software chip's modern driver form: an irq_chip on irq_data with
 * mask and unmask on the enable word, no flags (a software source needs
 * no set_type, wake or suspend handling), and handle_simple_irq, which
 * makes no chip call, as drv/soft.c's 2.6.18 form. Its lines live in a
 * linear domain of 32, as a GPIO-style software controller's would; the
 * CPU's vector enters genirq6 at the line's descriptor (x86-style). What
 * it differs by from the 2.6.18 form is the flow's own work: the lookup,
 * the note_interrupt() store, the modern handle_irq_event().
 */
#include <errno.h>
#include <linux/irq.h>
#include <linux/irqdomain.h>
#include <genirq6/arch.h>
#include <chips/form6.h>
#include "drv/drv6.h"

static struct {
	struct chip_model *m;
	struct irq_domain *domain;
	unsigned int irq; /* the 2.6.18 irq of the line, the vector */
	unsigned int virq;
	unsigned int entry_ns;
} soft6;

static void soft6_mask(struct irq_data *d)
{
	soft6_enable(irq_data_get_irq_chip_data(d), (unsigned int)d->hwirq,
		     IRQLAB_OP_mask, false);
}

static void soft6_unmask(struct irq_data *d)
{
	soft6_enable(irq_data_get_irq_chip_data(d), (unsigned int)d->hwirq,
		     IRQLAB_OP_unmask, true);
}

/* clang-format off */
static struct irq_chip soft6_chip = {
	.name		= "SOFT",
	.irq_mask	= soft6_mask,
	.irq_unmask	= soft6_unmask,
};
/* clang-format on */

static int soft6_map(struct irq_domain *d, unsigned int virq,
		     irq_hw_number_t hw)
{
	(void)hw;
	irq_set_chip_and_handler(virq, &soft6_chip, handle_simple_irq);
	irq_set_chip_data(virq, d->host_data);
	return 0;
}

static const struct irq_domain_ops soft6_domain_ops = {
	.map = soft6_map,
};

/* The vector's entry: the arch's own cost, then genirq6's. */
static int soft6_entry(unsigned int cpu, unsigned int irq, void *ctx)
{
	(void)cpu;
	(void)ctx;
	drv6_delay_ns(soft6.entry_ns);
	genirq6_vector_entry(irq);
	return -1;
}

static int soft6_attach(struct chip_model *m, unsigned int irq,
			unsigned int type, unsigned int entry_ns)
{
	(void)type;
	soft6.domain = irq_domain_create_linear(NULL, 32, &soft6_domain_ops, m);
	if (!soft6.domain)
		return -ENOMEM;
	soft6.virq = irq_create_mapping(soft6.domain, irq - drv6_irq_base(m));
	if (!soft6.virq) {
		irq_domain_remove(soft6.domain);
		return -ENOMEM;
	}
	soft6.m = m;
	soft6.irq = irq;
	soft6.entry_ns = entry_ns;
	genirq6_vector_bind(irq, irq_to_desc(soft6.virq));
	irq_cpu_set_inta(irq, soft6_entry, NULL);
	return (int)soft6.virq;
}

static void soft6_detach(struct chip_model *m, unsigned int irq)
{
	(void)m;
	genirq6_vector_bind(irq, NULL);
	irq_dispose_mapping(soft6.virq);
	irq_domain_remove(soft6.domain);
	soft6.domain = NULL;
}

const struct chip_form6 softchip_form6 = {
	.name = "a software irq_chip on irq_data, handle_simple_irq",
	.attach = soft6_attach,
	.detach = soft6_detach,
};
