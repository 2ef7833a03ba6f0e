// SPDX-License-Identifier: GPL-2.0
/*
 * The i8259A pair's modern driver form, as arch/x86/kernel/i8259.c of
 * Linux v6.17 programs it: i8259A_chip ("XT-PIC") on irq_data, with
 * irq_mask and irq_disable both disable_8259A_irq() (one outb of the
 * cached mask to the line's IMR), irq_unmask enable_8259A_irq() and
 * irq_mask_ack mask_and_ack_8259A() (the dummy IMR inb, the IMR outb and
 * the specific EOIs, slave before master, the ISR read only for a line
 * already masked: the same sequence as 2.6.18's), no flags; every line
 * runs handle_level_irq, as legacy_pic's make_irq sets it. Its lines
 * live in a linear domain of 16, standing for x86's legacy IRQs 0-15.
 * Every line's interrupt raises the cascade vector; the INTA cycle
 * resolves the line, and the vector enters genirq6 at its descriptor.
 * The modern kernel resolves a slave line in the INTA cycle too (no
 * chained cascade on x86): a slave line is taken only where the model
 * delivers it so (i8259_set_cascade()'s I8259_CASCADE_INTA).
 *
 * Against drv/i8259_2618.c on the same registers: the same accesses per
 * interrupt; disable_irq() is not lazy here (the chip has irq_disable),
 * and enable_irq() unmasks through unmask_irq(), one IMR outb as 2.6.18's
 * enable. What differs is the flow's and the core's work.
 */
#include <errno.h>
#include <linux/irq.h>
#include <linux/irqdomain.h>
#include <genirq6/arch.h>
#include <chips/form6.h>
#include "drv/drv6.h"

#define I8259_6_LINES 16
#define I8259_6_SLAVE 8 /* the first slave line */

static struct {
	struct chip_model *m;
	struct irq_domain *domain;
	unsigned int irq; /* the 2.6.18 irq of the line */
	unsigned int virq;
	unsigned int entry_ns;
} pic6;

static unsigned int pin_of(struct irq_data *d)
{
	return (unsigned int)d->hwirq;
}

static void pic6_mask(struct irq_data *d)
{
	i8259_6_write_mask(pic6.m, pin_of(d), IRQLAB_OP_mask, true);
}

static void pic6_disable(struct irq_data *d)
{
	i8259_6_write_mask(pic6.m, pin_of(d), IRQLAB_OP_disable, true);
}

static void pic6_unmask(struct irq_data *d)
{
	i8259_6_write_mask(pic6.m, pin_of(d), IRQLAB_OP_unmask, false);
}

static void pic6_mask_ack(struct irq_data *d)
{
	i8259_6_mask_ack(pic6.m, pin_of(d), IRQLAB_OP_mask_ack);
}

/* clang-format off */
static struct irq_chip pic6_chip = {
	.name		= "XT-PIC",
	.irq_mask	= pic6_mask,
	.irq_disable	= pic6_disable,
	.irq_unmask	= pic6_unmask,
	.irq_mask_ack	= pic6_mask_ack,
};
/* clang-format on */

static int pic6_map(struct irq_domain *d, unsigned int virq, irq_hw_number_t hw)
{
	(void)d;
	(void)hw;
	irq_set_chip_and_handler(virq, &pic6_chip, handle_level_irq);
	return 0;
}

static const struct irq_domain_ops pic6_ops = {
	.map = pic6_map,
};

/*
 * The cascade vector's entry: the INTA cycle (the model's); the line's
 * interrupt enters genirq6 after the arch's entry cost, another line's
 * stays libgenirq's.
 */
static int pic6_entry(unsigned int cpu, unsigned int irq, void *ctx)
{
	int got = i8259_6_inta(cpu, irq, ctx);

	if (got < 0 || (unsigned int)got != pic6.irq)
		return got;
	drv6_delay_ns(pic6.entry_ns);
	genirq6_vector_entry(pic6.irq);
	return -1;
}

static int pic6_attach(struct chip_model *m, unsigned int irq,
		       unsigned int type, unsigned int entry_ns)
{
	unsigned int pin = irq - drv6_irq_base(m);

	(void)type; /* the ELCR, programmed by the 2.6.18 side */
	if (pin >= I8259_6_LINES || irq == i8259_6_vector(m) ||
	    (pin >= I8259_6_SLAVE && !i8259_6_slave_by_inta(m)))
		return -EOPNOTSUPP;
	pic6.domain =
		irq_domain_create_linear(NULL, I8259_6_LINES, &pic6_ops, NULL);
	if (!pic6.domain)
		return -ENOMEM;
	pic6.virq = irq_create_mapping(pic6.domain, pin);
	if (!pic6.virq) {
		irq_domain_remove(pic6.domain);
		return -ENOMEM;
	}
	pic6.m = m;
	pic6.irq = irq;
	pic6.entry_ns = entry_ns;
	genirq6_vector_bind(irq, irq_to_desc(pic6.virq));
	irq_cpu_set_inta(i8259_6_vector(m), pic6_entry, m);
	return (int)pic6.virq;
}

static void pic6_detach(struct chip_model *m, unsigned int irq)
{
	genirq6_vector_bind(irq, NULL);
	i8259_6_inta_restore(m);
	irq_dispose_mapping(pic6.virq);
	irq_domain_remove(pic6.domain);
	pic6.domain = NULL;
}

const struct chip_form6 i8259_form6 = {
	.name = "x86 i8259A_chip (XT-PIC), handle_level_irq (i8259.c)",
	.attach = pic6_attach,
	.detach = pic6_detach,
};
