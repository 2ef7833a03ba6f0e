// SPDX-License-Identifier: GPL-2.0
/*
 * The software chip: no hardware, a status word (latched sources) and an
 * enable word. Direct lines are raised on their CPU when asserted while
 * enabled, and latched in the status word while masked, to be raised on
 * unmask. Demultiplexed lines sit behind a parent whose chained handler
 * (drv/soft.c) reads status & enable and calls generic_handle_irq() for
 * each child, lowest first, as a software-decoded cascade in a kernel
 * would.
 */
#include <errno.h>
#include <stdlib.h>
#include <chips/kind.h>
#include <chips/soft.h>
#include "hw/soft_hw.h"
#include "skeleton.h"

const struct chip_cost_field softchip_cost_fields[] = {
	{ "status_read_ns", offsetof(struct softchip_cost, status_read_ns) },
	{ "status_write_ns", offsetof(struct softchip_cost, status_write_ns) },
	{ "enable_write_ns", offsetof(struct softchip_cost, enable_write_ns) },
	{ NULL, 0 },
};

/* Raise what is pending and enabled: the line itself, or the parent. */
void soft_deliver(struct softchip *s, unsigned int pin)
{
	unsigned int bit = 1u << pin;

	if (s->parent_irq >= 0) {
		chip_count(&s->base.stats.delivered);
		irq_cpu_raise(s->cpu, (unsigned int)s->parent_irq);
	} else if (__atomic_fetch_and(&s->status, ~bit, __ATOMIC_ACQ_REL) &
		   bit) {
		chip_count(&s->base.stats.delivered);
		irq_cpu_raise(s->cpu, s->base.irq_base + pin);
	}
}

static void soft_set_input(struct chip_model *m, unsigned int pin, bool level)
{
	struct softchip *s = (struct softchip *)m;
	unsigned int bit = 1u << pin;

	if (!level || pin >= m->nr_inputs)
		return; /* a software source latches on assertion only */
	__atomic_fetch_or(&s->status, bit, __ATOMIC_ACQ_REL);
	if (__atomic_load_n(&s->enable, __ATOMIC_ACQUIRE) & bit)
		soft_deliver(s, pin);
	else
		chip_count(&s->base.stats.latched);
}

static void soft_set_design(struct chip_model *m, enum chip_design design)
{
	for (unsigned int i = 0; i < m->nr_inputs; i++)
		set_irq_handler(m->irq_base + i, design != CHIP_DESIGN_DO_IRQ ?
							 handle_simple_irq :
							 NULL);
}

static void soft_destroy(struct chip_model *m)
{
	struct softchip *s = (struct softchip *)m;

	for (unsigned int i = 0; i < m->nr_inputs; i++)
		chip_line_release(m->irq_base + i, CHIP_REL_KEEP_CHIP);
	if (s->parent_irq >= 0)
		set_irq_handler((unsigned int)s->parent_irq, handle_bad_irq);
	chip_model_free(m);
}

/* clang-format off */
static const struct chip_model_ops soft_ops = {
	.accepts = CHIP_ACCEPTS_WIRE,
	.set_input = soft_set_input,
	.set_design = soft_set_design,
	.destroy = soft_destroy,
	.arch = SOFTCHIP_ARCH,
};
/* clang-format on */

struct chip_model *softchip_create(unsigned int irq_base, unsigned int nr,
				   unsigned int cpu, int parent_irq)
{
	struct softchip *s;

	if (!nr || nr > 32 || irq_base + nr > NR_IRQS || cpu >= NR_CPUS ||
	    parent_irq >= NR_IRQS ||
	    (parent_irq >= 0 && (unsigned int)parent_irq >= irq_base &&
	     (unsigned int)parent_irq < irq_base + nr)) {
		errno = EINVAL;
		return NULL;
	}
	s = chip_model_alloc(sizeof(*s),
			     &(const struct chip_model){
				     .name = "soft",
				     .ops = &soft_ops,
				     .cost_fields = softchip_cost_fields,
				     .irq_base = irq_base,
				     .nr_inputs = nr,
			     },
			     offsetof(struct softchip, cost));
	if (!s)
		return NULL;
	s->cpu = cpu;
	s->parent_irq = parent_irq;

	for (unsigned int i = 0; i < nr; i++) {
		set_irq_chip_and_handler(irq_base + i, &soft_chip,
					 handle_simple_irq);
		set_irq_chip_data(irq_base + i, s);
	}
	if (parent_irq >= 0) {
		unsigned int p = (unsigned int)parent_irq;

		if (get_irq_chip(p) == &no_irq_chip)
			set_irq_chip(p, &dummy_irq_chip);
		set_irq_data(p, s);
		for (unsigned int i = 0; i < nr; i++)
			chip_line_set_parent(&s->base, i, &s->base,
					     CHIP_LINE_OUTPUT);
		set_irq_chained_handler(p, soft_demux);
	}
	return &s->base;
}

const char *softchip_kind_pins(enum chip_trigger t, unsigned int pin)
{
	(void)t;
	return pin >= 32 ? "0-31" : NULL;
}

int softchip_kind_create(const struct chip_kind_params *p, struct chip_built *b,
			 char *why, size_t len)
{
	(void)p;
	b->m[0] = softchip_create(0, 32, 0, -1);
	return b->m[0] ? 0 : chip_kind_create_failed("soft", why, len);
}
