// SPDX-License-Identifier: GPL-2.0
/*
 * A toy chip model, the file a new chip is (docs/map.md): a claim-style
 * controller, as a RISC-V PLIC is, of 8 sources on CPU 0. An asserted
 * input sets its pending bit and, while the source is enabled, raises its
 * line; the CPU's acknowledge cycle reads the claim register, which takes
 * the pending bit (claim_read_ns, counted as the line's ->ack, so each
 * interrupt of a toy line carries it in samples.bin); mask and unmask
 * write the enable register. Its row is toy_chip.row; only irqlab-toy
 * (tests/bench/CMakeLists.txt) is built with either.
 */
#include <errno.h>
#include <genirq/cpu.h>
#include <chips/kind.h>
#include "skeleton.h"

#define TOY_INPUTS 8

CHIP_KIND_DECLARE(toy);

/**
 * struct toy_cost - the toy chip's register costs
 * @claim_read_ns: the claim read of the acknowledge cycle
 * @enable_write_ns: a write of the enable register (mask, unmask)
 */
struct toy_cost {
	unsigned int claim_read_ns;
	unsigned int enable_write_ns;
};

struct toy {
	struct chip_model base; /* first: chip_model_alloc() */
	struct toy_cost cost;
	unsigned int pending; /* claimable sources; atomic */
	unsigned int enable; /* unmasked sources; atomic */
};

const struct chip_cost_field toy_cost_fields[] = {
	{ "claim_read_ns", offsetof(struct toy_cost, claim_read_ns) },
	{ "enable_write_ns", offsetof(struct toy_cost, enable_write_ns) },
	{ NULL, 0 },
};

static void toy_raise(struct toy *t, unsigned int pin)
{
	chip_count(&t->base.stats.delivered);
	irq_cpu_raise(0, t->base.irq_base + pin);
}

/* The acknowledge cycle: the claim read takes the source, or finds none. */
static int toy_claim(unsigned int cpu, unsigned int irq, void *ctx)
{
	struct toy *t = ctx;
	unsigned int pin = irq - t->base.irq_base;

	(void)cpu;
	chip_reg_read(&t->base, pin, CHIP_ACC_ACK, t->cost.claim_read_ns);
	if (__atomic_fetch_and(&t->pending, ~(1u << pin), __ATOMIC_ACQ_REL) &
	    (1u << pin))
		return (int)irq;
	chip_count(&t->base.stats.spurious);
	return -1;
}

static void toy_set_input(struct chip_model *m, unsigned int pin, bool level)
{
	struct toy *t = (struct toy *)m;

	if (!level || pin >= m->nr_inputs)
		return; /* a source is pending from its assertion on */
	__atomic_fetch_or(&t->pending, 1u << pin, __ATOMIC_ACQ_REL);
	if (__atomic_load_n(&t->enable, __ATOMIC_ACQUIRE) & (1u << pin))
		toy_raise(t, pin);
	else
		chip_count(&t->base.stats.latched);
}

static void toy_mask(unsigned int irq)
{
	struct toy *t = get_irq_chip_data(irq);
	unsigned int pin = irq - t->base.irq_base;

	chip_reg_write(&t->base, pin, CHIP_ACC_MASK, t->cost.enable_write_ns);
	__atomic_fetch_and(&t->enable, ~(1u << pin), __ATOMIC_RELEASE);
}

static void toy_unmask(unsigned int irq)
{
	struct toy *t = get_irq_chip_data(irq);
	unsigned int pin = irq - t->base.irq_base;

	chip_reg_write(&t->base, pin, CHIP_ACC_UNMASK, t->cost.enable_write_ns);
	__atomic_fetch_or(&t->enable, 1u << pin, __ATOMIC_ACQ_REL);
	if (__atomic_load_n(&t->pending, __ATOMIC_ACQUIRE) & (1u << pin))
		toy_raise(t, pin);
}

/* __do_IRQ() calls ->ack and ->end: the claim did both's work. */
static void toy_noop(unsigned int irq)
{
	(void)irq;
}

/* clang-format off */
static struct irq_chip toy_chip = {
	.name		= "TOY",
	.mask		= toy_mask,
	.unmask		= toy_unmask,
	.ack		= toy_noop,
	.end		= toy_noop,
};

/* One irq_chip serves both designs, as the soft chip's does. */
static const struct chip_forms toy_forms = {
	.chip		= &toy_chip,
	.legacy		= &toy_chip,
};
/* clang-format on */

static void toy_set_design(struct chip_model *m, enum chip_design design)
{
	for (unsigned int i = 0; i < m->nr_inputs; i++)
		chip_forms_set(m->irq_base + i, &toy_forms, design,
			       handle_simple_irq);
}

static void toy_destroy(struct chip_model *m)
{
	for (unsigned int i = 0; i < m->nr_inputs; i++)
		chip_line_release(m->irq_base + i, CHIP_REL_INTA);
	chip_model_free(m);
}

/* clang-format off */
static const struct chip_model_ops toy_ops = {
	.accepts	= CHIP_ACCEPTS_WIRE,
	.set_input	= toy_set_input,
	.set_design	= toy_set_design,
	.destroy	= toy_destroy,
	.arch		= GENIRQ_ARCH_GENERIC,
};
/* clang-format on */

const char *toy_kind_pins(enum chip_trigger t, unsigned int pin)
{
	(void)t;
	return pin >= TOY_INPUTS ? "0-7" : NULL;
}

int toy_kind_create(const struct chip_kind_params *p, struct chip_built *b,
		    char *why, size_t len)
{
	struct toy *t;

	(void)p;
	t = chip_model_alloc(sizeof(*t),
			     &(const struct chip_model){
				     .name = "toy",
				     .ops = &toy_ops,
				     .cost_fields = toy_cost_fields,
				     .irq_base = 0,
				     .nr_inputs = TOY_INPUTS,
			     },
			     offsetof(struct toy, cost));
	if (!t)
		return chip_kind_create_failed("toy", why, len);
	b->m[0] = &t->base;
	for (unsigned int i = 0; i < TOY_INPUTS; i++) {
		chip_forms_set(i, &toy_forms, CHIP_DESIGN_FLOW,
			       handle_simple_irq);
		set_irq_chip_data(i, t);
		irq_cpu_set_inta(i, toy_claim, t);
	}
	return 0;
}
