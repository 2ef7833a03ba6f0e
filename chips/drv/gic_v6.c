// SPDX-License-Identifier: GPL-2.0
/*
 * The GIC's modern driver form, as drivers/irqchip/irq-gic.c of Linux
 * v6.17 programs a GICv2 in EOImode 0: gic_chip with mask and unmask a
 * GICD_ICENABLER/ISENABLER write, ->irq_eoi a GICC_EOIR write, retrigger
 * a GICD_ISPENDR write, and IRQCHIP_SET_TYPE_MASKED |
 * IRQCHIP_SKIP_SET_WAKE | IRQCHIP_MASK_ON_SUSPEND; SPIs run
 * handle_fasteoi_irq. The root handler (gic_handle_irq()) reads GICC_IAR
 * and calls generic_handle_domain_irq() on the GIC's domain: the lookup
 * is the domain's reverse map, not the irq number. The IAR read is the
 * model's acknowledge cycle, shared with the 2.6.18 form.
 *
 * Against drv/gic_2618.c: the same accesses per interrupt (the EOI);
 * what differs is the flow's and the core's work.
 */
#include <errno.h>
#include <linux/irq.h>
#include <linux/irqdomain.h>
#include <genirq6/arch.h>
#include <chips/form6.h>
#include "drv/drv6.h"

#define GIC6_IDS 1024

static struct {
	struct chip_model *m;
	struct irq_domain *domain;
	unsigned int irq; /* the 2.6.18 irq of the line, the vector */
	unsigned int virq;
	unsigned int entry_ns;
} gic6;

/* The ID the root handler found in GICC_IAR, per CPU. */
static __thread unsigned int gic6_acked;

static unsigned int id_of(struct irq_data *d)
{
	return (unsigned int)d->hwirq;
}

static void gic6_mask(struct irq_data *d)
{
	gic6_enable(gic6.m, id_of(d), IRQLAB_OP_mask, false);
}

static void gic6_unmask(struct irq_data *d)
{
	gic6_enable(gic6.m, id_of(d), IRQLAB_OP_unmask, true);
}

static void gic6_eoi_irq(struct irq_data *d)
{
	gic6_eoi(gic6.m, id_of(d), IRQLAB_OP_eoi);
}

static int gic6_retrigger(struct irq_data *d)
{
	gic6_pending_set(gic6.m, id_of(d), IRQLAB_OP_retrigger);
	return 1;
}

/*
 * gic_set_affinity(): one CPU of the mask, its bit in the SPI's
 * GICD_ITARGETSR byte (a byte write, where 2.6.18 read and wrote the
 * word), and the effective affinity.
 */
static int gic6_set_affinity(struct irq_data *d, const struct cpumask *mask,
			     bool force)
{
	unsigned int cpu = force ? cpumask_first(mask) :
				   cpumask_any_and(mask, cpu_online_mask);

	if (cpu >= nr_cpu_ids)
		return -EINVAL;
	gic6_set_target(gic6.m, id_of(d), IRQLAB_OP_set_affinity, cpu);
	irq_data_update_effective_affinity(d, cpumask_of(cpu));
	return IRQ_SET_MASK_OK_DONE;
}

/* clang-format off */
static struct irq_chip gic6_chip = {
	.name		= "GIC",
	.irq_mask	= gic6_mask,
	.irq_unmask	= gic6_unmask,
	.irq_eoi	= gic6_eoi_irq,
	.irq_retrigger	= gic6_retrigger,
	.irq_set_affinity = gic6_set_affinity,
	.flags		= IRQCHIP_SET_TYPE_MASKED | IRQCHIP_SKIP_SET_WAKE |
			  IRQCHIP_MASK_ON_SUSPEND,
};
/* clang-format on */

/* gic_irq_domain_map() for an SPI. */
static int gic6_map(struct irq_domain *d, unsigned int virq, irq_hw_number_t hw)
{
	(void)d;
	(void)hw;
	irq_set_chip_and_handler(virq, &gic6_chip, handle_fasteoi_irq);
	/* gic_irq_domain_map(): an SPI has one target */
	irqd_set_single_target(irq_get_irq_data(virq));
	irq_data_update_effective_affinity(irq_get_irq_data(virq),
					   cpumask_of(0));
	return 0;
}

static const struct irq_domain_ops gic6_ops = {
	.map = gic6_map,
};

/* gic_handle_irq(): the ID read, into the domain. */
static void gic6_root(void *ctx)
{
	(void)ctx;
	generic_handle_domain_irq(gic6.domain, gic6_acked);
}

static int gic6_entry(unsigned int cpu, unsigned int irq, void *ctx)
{
	int got = gic6_inta(cpu, irq, ctx);

	if (got < 0 || (unsigned int)got != gic6.irq)
		return got;
	gic6_acked = (unsigned int)got - drv6_irq_base(gic6.m);
	drv6_delay_ns(gic6.entry_ns);
	genirq6_vector_entry(gic6.irq);
	return -1;
}

static int gic6_attach(struct chip_model *m, unsigned int irq,
		       unsigned int type, unsigned int entry_ns)
{
	unsigned int id = irq - drv6_irq_base(m);

	(void)type; /* the configuration, programmed by the 2.6.18 side */
	if (id < gic6_spi_base())
		return -EINVAL; /* a PPI wants request_percpu_irq() */
	gic6.m = m;
	gic6.domain = irq_domain_create_linear(NULL, GIC6_IDS, &gic6_ops, NULL);
	if (!gic6.domain)
		return -ENOMEM;
	gic6.virq = irq_create_mapping(gic6.domain, id);
	if (!gic6.virq) {
		irq_domain_remove(gic6.domain);
		return -ENOMEM;
	}
	gic6.irq = irq;
	gic6.entry_ns = entry_ns;
	genirq6_vector_bind_root(irq, gic6_root, NULL);
	irq_cpu_set_inta(irq, gic6_entry, m);
	return (int)gic6.virq;
}

static void gic6_detach(struct chip_model *m, unsigned int irq)
{
	genirq6_vector_bind_root(irq, NULL, NULL);
	gic6_inta_restore(m, irq);
	irq_dispose_mapping(gic6.virq);
	irq_domain_remove(gic6.domain);
	gic6.domain = NULL;
}

const struct chip_form6 gic_form6 = {
	.name = "GICv2 gic_chip, EOImode 0, root gic_handle_irq (irq-gic.c)",
	.attach = gic6_attach,
	.detach = gic6_detach,
};
