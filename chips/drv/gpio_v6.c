// SPDX-License-Identifier: GPL-2.0
/*
 * The GPIO bank behind the VIC in modern driver form: the VIC as
 * drivers/irqchip/irq-vic.c of Linux v6.17 programs it (vic_chip: irq_ack
 * an INTENCLEAR and a SOFTINTCLEAR write, irq_mask INTENCLEAR, irq_unmask
 * INTENABLE; handle_level_irq; the root handler dispatches the input the
 * IRQSTATUS read found through generic_handle_domain_irq()), and the
 * bank's input on it a chained handler: chained_irq_enter() (the VIC has
 * no irq_eoi, so the input is masked, then acked), IRQSTATUS and
 * IRQENABLE read until nothing is pending, generic_handle_domain_irq() on
 * the bank's domain for each line, lowest first, chained_irq_exit() (the
 * unmask). The bank's irq_chip is the 2.6.18 driver's, on irq_data:
 * irq_ack the status clear (with the both-edge re-arm), irq_mask
 * CLEARIRQENABLE, irq_unmask SETIRQENABLE after a level line's status
 * clear, no irq_mask_ack (genirq masks, then acks); edge lines run
 * handle_edge_irq, level lines handle_level_irq, as the 2.6.18 side's
 * set_type left them. Both domains are linear, of 32.
 *
 * Against drv/gpio_2618.c on the same registers: the cascade's enter
 * makes three VIC writes where 2.6.18's demultiplexer's ->ack made one
 * (the mask, and the ack's two: INTENCLEAR again and SOFTINTCLEAR).
 */
#include <errno.h>
#include <linux/irq.h>
#include <linux/irqdomain.h>
#include <linux/irqchip/chained_irq.h>
#include <genirq6/arch.h>
#include <chips/form6.h>
#include "drv/drv6.h"

#define GPIO6_LINES 32

static struct {
	struct chip_model *m, *vic;
	struct irq_domain *vic_domain, *domain;
	unsigned int vector; /* the VIC input's 2.6.18 irq, its vector */
	unsigned int in; /* the VIC input */
	unsigned int parent, virq;
	unsigned int entry_ns;
} gp6;

static unsigned int hw_of(struct irq_data *d)
{
	return (unsigned int)d->hwirq;
}

static void vic6_ack(struct irq_data *d)
{
	vic6_intenclear(gp6.vic, hw_of(d), IRQLAB_OP_ack);
	vic6_softint_clear(gp6.vic, hw_of(d), IRQLAB_OP_ack);
}

static void vic6_mask(struct irq_data *d)
{
	vic6_intenclear(gp6.vic, hw_of(d), IRQLAB_OP_mask);
}

static void vic6_unmask(struct irq_data *d)
{
	vic6_intenable(gp6.vic, hw_of(d), IRQLAB_OP_unmask);
}

/* clang-format off */
static struct irq_chip vic6_chip = {
	.name		= "VIC",
	.irq_ack	= vic6_ack,
	.irq_mask	= vic6_mask,
	.irq_unmask	= vic6_unmask,
};
/* clang-format on */

static void gpio6_ack_irq(struct irq_data *d)
{
	gpio6_ack(gp6.m, hw_of(d), IRQLAB_OP_ack);
}

static void gpio6_mask_irq(struct irq_data *d)
{
	gpio6_mask(gp6.m, hw_of(d), IRQLAB_OP_mask);
}

static void gpio6_unmask_irq(struct irq_data *d)
{
	gpio6_unmask(gp6.m, hw_of(d), IRQLAB_OP_unmask);
}

/* clang-format off */
static struct irq_chip gpio6_chip = {
	.name		= "GPIO",
	.irq_ack	= gpio6_ack_irq,
	.irq_mask	= gpio6_mask_irq,
	.irq_unmask	= gpio6_unmask_irq,
};
/* clang-format on */

static int vic6_map(struct irq_domain *d, unsigned int virq, irq_hw_number_t hw)
{
	(void)d;
	(void)hw;
	irq_set_chip_and_handler(virq, &vic6_chip, handle_level_irq);
	return 0;
}

static int gpio6_map(struct irq_domain *d, unsigned int virq,
		     irq_hw_number_t hw)
{
	(void)d;
	irq_set_chip_and_handler(virq, &gpio6_chip,
				 gpio6_level(gp6.m, (unsigned int)hw) ?
					 handle_level_irq :
					 handle_edge_irq);
	return 0;
}

static const struct irq_domain_ops vic6_ops = { .map = vic6_map };
static const struct irq_domain_ops gpio6_ops = { .map = gpio6_map };

/* The bank's chained handler, under chained_irq_enter/exit. */
static void gpio6_demux(struct irq_desc *desc)
{
	struct irq_chip *chip = irq_desc_get_chip(desc);
	uint32_t pending;

	chained_irq_enter(chip, desc);
	while ((pending = gpio6_pending(gp6.m)))
		do {
			unsigned int pin = (unsigned int)__builtin_ctz(pending);

			pending &= pending - 1;
			generic_handle_domain_irq(gp6.domain, pin);
		} while (pending);
	chained_irq_exit(chip, desc);
}

/* vic_handle_irq(): the input the acknowledge cycle found. */
static void vic6_root(void *ctx)
{
	(void)ctx;
	generic_handle_domain_irq(gp6.vic_domain, gp6.in);
}

static int gpio6_entry(unsigned int cpu, unsigned int irq, void *ctx)
{
	int got = vic6_inta(cpu, irq, ctx);

	if (got < 0 || (unsigned int)got != gp6.vector)
		return got;
	drv6_delay_ns(gp6.entry_ns);
	genirq6_vector_entry(gp6.vector);
	return -1;
}

static void gpio6_undo(void)
{
	if (gp6.parent)
		irq_set_chained_handler_and_data(gp6.parent, NULL, NULL);
	if (gp6.domain)
		irq_domain_remove(gp6.domain);
	if (gp6.vic_domain)
		irq_domain_remove(gp6.vic_domain);
	gp6.domain = gp6.vic_domain = NULL;
	gp6.parent = gp6.virq = 0;
}

static int gpio6_attach(struct chip_model *m, unsigned int irq,
			unsigned int type, unsigned int entry_ns)
{
	unsigned int pin = irq - drv6_irq_base(m);

	(void)type; /* the detectors, programmed by the 2.6.18 side */
	if (pin >= GPIO6_LINES)
		return -EINVAL;
	gp6.m = m;
	gp6.vic = gpio6_vic(m);
	gp6.in = gpio6_vic_input(m);
	gp6.vector = drv6_irq_base(gp6.vic) + gp6.in;
	gp6.entry_ns = entry_ns;
	gp6.vic_domain =
		irq_domain_create_linear(NULL, GPIO6_LINES, &vic6_ops, NULL);
	gp6.domain = gp6.vic_domain ?
			     irq_domain_create_linear(NULL, GPIO6_LINES,
						      &gpio6_ops, NULL) :
			     NULL;
	gp6.parent = gp6.domain ? irq_create_mapping(gp6.vic_domain, gp6.in) :
				  0;
	gp6.virq = gp6.parent ? irq_create_mapping(gp6.domain, pin) : 0;
	if (!gp6.virq) {
		gpio6_undo();
		return -ENOMEM;
	}
	irq_set_chained_handler_and_data(gp6.parent, gpio6_demux, NULL);
	genirq6_vector_bind_root(gp6.vector, vic6_root, NULL);
	irq_cpu_set_inta(gp6.vector, gpio6_entry, gp6.vic);
	return (int)gp6.virq;
}

/*
 * The line back: the chained handler's removal masks the VIC input, which
 * the 2.6.18 side's demultiplexer has enabled; enable it again.
 */
static void gpio6_detach(struct chip_model *m, unsigned int irq)
{
	(void)m;
	(void)irq;
	genirq6_vector_bind_root(gp6.vector, NULL, NULL);
	vic6_inta_restore(gp6.vic, gp6.vector);
	irq_dispose_mapping(gp6.virq);
	gpio6_undo();
	vic6_intenable(gp6.vic, gp6.in, DRV6_ACC_INIT);
}

const struct chip_form6 gpio_form6 = {
	.name = "VIC vic_chip and a GPIO bank under chained_irq_enter/exit",
	.attach = gpio6_attach,
	.detach = gpio6_detach,
};
