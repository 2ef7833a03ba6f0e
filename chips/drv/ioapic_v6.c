// SPDX-License-Identifier: GPL-2.0
/*
 * The IO-APIC's modern driver form, as arch/x86/kernel/apic/io_apic.c and
 * vector.c of Linux v6.17 program it: the IO-APIC domain stacked on the
 * x86 vector domain. The IO-APIC's ioapic_chip masks and unmasks from the
 * driver's cached copy of the entry (a write of its low word, no read
 * first; a mask adds io_apic_sync()'s dummy read), acks through its
 * parent (the vector domain's apic_ack_edge(): the local APIC's EOI),
 * ends a level interrupt with ioapic_ack_level() (TMR read, EOI, the
 * 82093AA workaround), retriggers through the hierarchy (a self-IPI),
 * and carries IRQCHIP_SKIP_SET_WAKE | IRQCHIP_AFFINITY_PRE_STARTUP.
 * Edge entries run handle_edge_irq, level ones handle_fasteoi_irq, as
 * mp_register_handler() sets them. The CPU's vector enters genirq6 at the
 * descriptor (x86's vector_irq[]) after the local APIC's acknowledge.
 *
 * Against drv/ioapic_2618.c on the same registers: 2.6.18 read the entry
 * before each modify (an IOREGSEL write and an IOWIN read more per unmask,
 * the IOWIN read standing where the sync read now is per mask).
 */
#include <errno.h>
#include <linux/irq.h>
#include <linux/irqdomain.h>
#include <genirq6/arch.h>
#include <chips/form6.h>
#include "drv/drv6.h"

#define IOAPIC6_PINS 24

/* One IO-APIC per run (chips/ioapic.h): the driver's mp_chip_data. */
static struct {
	struct chip_model *m;
	struct irq_domain *vector, *ioapic;
	unsigned int irq; /* the 2.6.18 irq of the line, the vector */
	unsigned int virq;
	unsigned int entry_ns;
	spinlock_t lock; /* the cached entries, as ioapic_lock keeps them */
	uint32_t entry[IOAPIC6_PINS];
} io6 = { .lock = SPIN_LOCK_UNLOCKED };

static unsigned int pin_of(struct irq_data *d)
{
	return (unsigned int)d->hwirq;
}

/* io_apic_modify_irq(): the cached low word with its mask bit, written. */
static void io6_modify(struct irq_data *d, unsigned int acc, bool masked)
{
	unsigned int pin = pin_of(d);
	unsigned long flags;
	uint32_t lo;

	spin_lock_irqsave(&io6.lock, flags);
	lo = ioapic6_entry_masked(io6.entry[pin], masked);
	io6.entry[pin] = lo;
	spin_unlock_irqrestore(&io6.lock, flags);
	ioapic6_entry_write(io6.m, pin, acc, lo, masked);
}

static void io6_mask(struct irq_data *d)
{
	io6_modify(d, IRQLAB_OP_mask, true);
}

static void io6_unmask(struct irq_data *d)
{
	io6_modify(d, IRQLAB_OP_unmask, false);
}

/* startup_ioapic_irq(): unmask; no legacy i8259 behind pins 0-15 here. */
static unsigned int io6_startup(struct irq_data *d)
{
	io6_modify(d, IRQLAB_OP_startup, false);
	return 0;
}

/* ioapic_ack_level(): TMR, then the EOI, then the workaround if needed. */
static void io6_ack_level(struct irq_data *d)
{
	unsigned int pin = pin_of(d);
	bool tmr = ioapic6_lapic_tmr(io6.m, pin, IRQLAB_OP_eoi);

	ioapic6_lapic_eoi(io6.m, pin, IRQLAB_OP_eoi);
	if (!tmr)
		ioapic6_clear_remote_irr(io6.m, pin, IRQLAB_OP_eoi,
					 io6.entry[pin]);
}

/*
 * ioapic_set_affinity(): the vector domain picks the CPU (parent), then
 * the entry is rewritten whole with its destination.
 */
static int io6_set_affinity(struct irq_data *d, const struct cpumask *mask,
			    bool force)
{
	int ret = irq_chip_set_affinity_parent(d, mask, force);

	if (ret >= 0 && ret != IRQ_SET_MASK_OK_DONE)
		ioapic6_entry_write_dest(
			io6.m, pin_of(d), IRQLAB_OP_set_affinity,
			io6.entry[pin_of(d)],
			cpumask_first(irq_data_get_effective_affinity_mask(d)));
	return ret;
}

/* clang-format off */
static struct irq_chip io6_chip = {
	.name		= "IO-APIC",
	.irq_startup	= io6_startup,
	.irq_mask	= io6_mask,
	.irq_unmask	= io6_unmask,
	.irq_ack	= irq_chip_ack_parent,
	.irq_eoi	= io6_ack_level,
	.irq_retrigger	= irq_chip_retrigger_hierarchy,
	.irq_set_affinity = io6_set_affinity,
	.flags		= IRQCHIP_SKIP_SET_WAKE | IRQCHIP_AFFINITY_PRE_STARTUP,
};
/* clang-format on */

/* The vector domain's lapic_controller: apic_ack_edge(), the retrigger. */
static void vec6_ack(struct irq_data *d)
{
	ioapic6_lapic_eoi(io6.m, pin_of(d), IRQLAB_OP_ack);
}

static int vec6_retrigger(struct irq_data *d)
{
	ioapic6_lapic_ipi_self(io6.m, pin_of(d), IRQLAB_OP_retrigger);
	return 1;
}

/*
 * apic_set_affinity(): one CPU of the mask gets the vector (the first
 * online one here; the kernel takes the least loaded), the line's only
 * target.
 */
static int vec6_set_affinity(struct irq_data *d, const struct cpumask *mask,
			     bool force)
{
	unsigned int cpu = force ? cpumask_first(mask) :
				   cpumask_first_and(mask, cpu_online_mask);

	if (cpu >= nr_cpu_ids)
		return -EINVAL;
	irq_data_update_effective_affinity(d, cpumask_of(cpu));
	return IRQ_SET_MASK_OK;
}

/* clang-format off */
static struct irq_chip vec6_chip = {
	.name		= "APIC",
	.irq_ack	= vec6_ack,
	.irq_retrigger	= vec6_retrigger,
	.irq_set_affinity = vec6_set_affinity,
};
/* clang-format on */

static int vec6_alloc(struct irq_domain *d, unsigned int virq, unsigned int nr,
		      void *arg)
{
	irq_hw_number_t pin = *(irq_hw_number_t *)arg;

	for (unsigned int i = 0; i < nr; i++) {
		struct irq_data *irqd = irq_domain_get_irq_data(d, virq + i);

		irq_domain_set_hwirq_and_chip(d, virq + i, pin + i, &vec6_chip,
					      NULL);
		/* x86_vector_alloc_irqs(): one CPU's vector, CPU 0's here */
		irqd_set_single_target(irqd);
		irq_data_update_effective_affinity(irqd, cpumask_of(0));
	}
	return 0;
}

/* mp_irqdomain_alloc(): the parent's vector, then the pin's entry. */
static int io6_alloc(struct irq_domain *d, unsigned int virq, unsigned int nr,
		     void *arg)
{
	irq_hw_number_t pin = *(irq_hw_number_t *)arg;
	int ret = irq_domain_alloc_irqs_parent(d, virq, nr, arg);
	bool level;

	if (ret)
		return ret;
	io6.entry[pin] = ioapic6_entry_read(io6.m, (unsigned int)pin);
	level = ioapic6_entry_level(io6.entry[pin]);
	irq_domain_set_info(d, virq, pin, &io6_chip, NULL,
			    level ? handle_fasteoi_irq : handle_edge_irq, NULL,
			    level ? "fasteoi" : "edge");
	return 0;
}

static const struct irq_domain_ops vec6_ops = {
	.alloc = vec6_alloc,
	.free = irq_domain_free_irqs_common,
};

static const struct irq_domain_ops io6_ops = {
	.alloc = io6_alloc,
	.free = irq_domain_free_irqs_common,
};

/*
 * The vector's entry: the local APIC's acknowledge (the model's), the
 * arch's entry cost, then genirq6's common_interrupt(). Another line's
 * vector stays libgenirq's.
 */
static int io6_entry(unsigned int cpu, unsigned int irq, void *ctx)
{
	int got = ioapic6_inta(cpu, irq, ctx);

	if (got < 0 || (unsigned int)got != io6.irq)
		return got;
	drv6_delay_ns(io6.entry_ns);
	genirq6_vector_entry(io6.irq);
	return -1;
}

static int io6_attach(struct chip_model *m, unsigned int irq, unsigned int type,
		      unsigned int entry_ns)
{
	irq_hw_number_t pin = irq - drv6_irq_base(m);
	int virq;

	(void)type; /* the entry's trigger, programmed by the 2.6.18 side */
	io6.m = m;
	io6.vector = irq_domain_create_hierarchy(NULL, 0, IOAPIC6_PINS, NULL,
						 &vec6_ops, NULL);
	io6.ioapic = io6.vector ?
			     irq_domain_create_hierarchy(io6.vector, 0,
							 IOAPIC6_PINS, NULL,
							 &io6_ops, NULL) :
			     NULL;
	virq = io6.ioapic ? irq_domain_alloc_irqs(io6.ioapic, 1, NUMA_NO_NODE,
						  &pin) :
			    -ENOMEM;
	if (virq <= 0) {
		if (io6.ioapic)
			irq_domain_remove(io6.ioapic);
		if (io6.vector)
			irq_domain_remove(io6.vector);
		return virq < 0 ? virq : -ENOMEM;
	}
	io6.irq = irq;
	io6.virq = (unsigned int)virq;
	io6.entry_ns = entry_ns;
	genirq6_vector_bind(irq, irq_to_desc(io6.virq));
	irq_cpu_set_inta(irq, io6_entry, m);
	return virq;
}

static void io6_detach(struct chip_model *m, unsigned int irq)
{
	genirq6_vector_bind(irq, NULL);
	ioapic6_inta_restore(m, irq);
	irq_domain_free_irqs(io6.virq, 1);
	irq_domain_remove(io6.ioapic);
	irq_domain_remove(io6.vector);
	io6.ioapic = io6.vector = NULL;
}

const struct chip_form6 ioapic_form6 = {
	.name = "x86 ioapic_chip on the vector domain (io_apic.c, vector.c)",
	.attach = io6_attach,
	.detach = io6_detach,
};
