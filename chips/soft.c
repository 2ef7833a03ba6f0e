// SPDX-License-Identifier: GPL-2.0
/*
 * The software chip: no hardware, a status word (latched sources) and an
 * enable word. Direct lines are raised on their CPU when asserted while
 * enabled, and latched in the status word while masked, to be raised on
 * unmask. Demultiplexed lines sit behind a parent whose chained handler
 * reads status & enable and calls generic_handle_irq() for each child,
 * lowest first, as a software-decoded cascade in a kernel would.
 *
 * handle_simple_irq() makes no chip calls, so the chip's ops are only
 * mask/unmask (for disable_irq and startup). __do_IRQ() calls ->ack and
 * ->end, which have nothing to do on software sources: both are no-ops
 * that touch no register.
 */
#include <errno.h>
#include <stdlib.h>
#include <chips/kind.h>
#include <chips/soft.h>

struct softchip {
	struct chip_model base;
	struct softchip_cost cost;
	unsigned int cpu;
	int parent_irq;
	unsigned int status; /* latched sources; atomic */
	unsigned int enable; /* unmasked lines; under the descriptor locks */
};

const struct chip_cost_field softchip_cost_fields[] = {
	{ "status_read_ns", offsetof(struct softchip_cost, status_read_ns) },
	{ "status_write_ns", offsetof(struct softchip_cost, status_write_ns) },
	{ "enable_write_ns", offsetof(struct softchip_cost, enable_write_ns) },
	{ NULL, 0 },
};

static struct softchip *irq_to_soft(unsigned int irq)
{
	return get_irq_chip_data(irq);
}

/* Raise what is pending and enabled: the line itself, or the parent. */
static void soft_deliver(struct softchip *s, unsigned int pin)
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

static void soft_mask(unsigned int irq)
{
	struct softchip *s = irq_to_soft(irq);
	unsigned int pin = irq - s->base.irq_base;

	chip_reg_write(&s->base, pin, CHIP_ACC_MASK, s->cost.enable_write_ns);
	__atomic_fetch_and(&s->enable, ~(1u << pin), __ATOMIC_RELEASE);
}

static void soft_unmask(unsigned int irq)
{
	struct softchip *s = irq_to_soft(irq);
	unsigned int pin = irq - s->base.irq_base;

	chip_reg_write(&s->base, pin, CHIP_ACC_UNMASK, s->cost.enable_write_ns);
	__atomic_fetch_or(&s->enable, 1u << pin, __ATOMIC_ACQ_REL);
	if (__atomic_load_n(&s->status, __ATOMIC_ACQUIRE) & (1u << pin))
		soft_deliver(s, pin);
}

static void soft_noop(unsigned int irq)
{
	(void)irq;
}

/* clang-format off */
static struct irq_chip soft_chip = {
	.name		= "SOFT",
	.mask		= soft_mask,
	.unmask		= soft_unmask,
	.ack		= soft_noop,
	.end		= soft_noop,
};
/* clang-format on */

/*
 * The parent's chained handler: take each pending, enabled child off the
 * status word and run it. A chained handler is the parent's flow; the
 * parent itself is not counted, as in the kernel. Its accesses are made
 * for the parent line: each child's interrupts include them.
 */
static void soft_demux(unsigned int irq, struct irq_desc *desc)
{
	struct softchip *s = desc->handler_data;

	(void)irq;
	for (;;) {
		unsigned int pending, pin;

		chip_reg_read(&s->base, CHIP_LINE_OUTPUT, CHIP_ACC_DEMUX,
			      s->cost.status_read_ns);
		pending = __atomic_load_n(&s->status, __ATOMIC_ACQUIRE) &
			  __atomic_load_n(&s->enable, __ATOMIC_ACQUIRE);
		if (!pending)
			break;
		pin = (unsigned int)__builtin_ctz(pending);
		chip_reg_write(&s->base, CHIP_LINE_OUTPUT, CHIP_ACC_DEMUX,
			       s->cost.status_write_ns);
		__atomic_fetch_and(&s->status, ~(1u << pin), __ATOMIC_ACQ_REL);
		generic_handle_irq(s->base.irq_base + pin);
	}
}

static void soft_set_design(struct chip_model *m, enum chip_design design)
{
	for (unsigned int i = 0; i < m->nr_inputs; i++)
		set_irq_handler(m->irq_base + i, design == CHIP_DESIGN_FLOW ?
							 handle_simple_irq :
							 NULL);
}

static void soft_destroy(struct chip_model *m)
{
	struct softchip *s = (struct softchip *)m;

	for (unsigned int i = 0; i < m->nr_inputs; i++) {
		set_irq_handler(m->irq_base + i, handle_bad_irq);
		set_irq_chip_data(m->irq_base + i, NULL);
	}
	if (s->parent_irq >= 0)
		set_irq_handler((unsigned int)s->parent_irq, handle_bad_irq);
	chip_lines_free(m);
	free(s);
}

static const struct chip_model_ops soft_ops = {
	.accepts = CHIP_ACCEPTS_WIRE,
	.set_input = soft_set_input,
	.set_design = soft_set_design,
	.destroy = soft_destroy,
	.arch = SOFTCHIP_ARCH,
};

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
	s = calloc(1, sizeof(*s));
	if (!s) {
		errno = ENOMEM;
		return NULL;
	}
	s->base = (struct chip_model){
		.name = "soft",
		.ops = &soft_ops,
		.cost = &s->cost,
		.cost_fields = softchip_cost_fields,
		.irq_base = irq_base,
		.nr_inputs = nr,
	};
	if (chip_lines_init(&s->base)) {
		free(s);
		errno = ENOMEM;
		return NULL;
	}
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
