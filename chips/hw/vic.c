// SPDX-License-Identifier: GPL-2.0
/*
 * The VIC model: an ARM PrimeCell PL190 as Linux 2.6.18's
 * arch/arm/common/vic.c drives it, non-vectored, every input an IRQ (no
 * FIQ). An input is a level: RAWINTR is the input levels (a cascaded
 * controller's output sampled live) OR'ed with SOFTINT, IRQSTATUS is
 * RAWINTR & INTENABLE, and the CPU's nIRQ is IRQSTATUS != 0. The kernel's
 * chip masks to acknowledge (ack = mask = a write to INTENCLEAR, unmask =
 * a write to INTENABLE) and runs handle_level_irq, which therefore makes
 * two INTENCLEAR writes per interrupt: 2.6.18's vic chip has no mask_ack.
 *
 * nIRQ staying asserted is modelled by raising the line's vector whenever
 * its IRQSTATUS bit may have become set (an input asserted, INTENABLE or
 * SOFTINT written, a cascade changed) and by checking IRQSTATUS again in
 * the CPU's acknowledge cycle, which stands for the entry code's read of
 * IRQSTATUS (get_irqnr_and_base in the platforms' entry-macro.S) and is
 * counted as the model's only demultiplexing read. A vector whose bit is
 * clear by then (masked, or the device let go, before the CPU got to it)
 * dispatches nothing and counts as spurious, as an ARM entry that finds
 * IRQSTATUS empty simply returns. Every 2.6.18 flow on this chip masks and
 * unmasks, so a request still present after its handler is raised again
 * by the unmask, as the pin would have stayed low.
 *
 * The driver forms are drv/vic_2618.c and drv/vic_legacy.c.
 */
#include <errno.h>
#include <stdlib.h>
#include <chips/vic.h>
#include "hw/vic_hw.h"
#include "skeleton.h"

const struct chip_cost_field vic_cost_fields[] = {
	{ "read_ns", offsetof(struct vic_cost, read_ns) },
	{ "write_ns", offsetof(struct vic_cost, write_ns) },
	{ NULL, 0 },
};

static const struct chip_model_ops vic_ops;

static uint32_t vic_rawintr(const struct vic *v)
{
	uint32_t raw = ld(&v->inputs) | ld(&v->softint);
	uint32_t c = ld(&v->cascaded);

	while (c) {
		unsigned int in = (unsigned int)__builtin_ctz(c);
		bool (*level)(void *) = __atomic_load_n(&v->cascade[in].level,
							__ATOMIC_ACQUIRE);

		c &= c - 1;
		if (level && level(__atomic_load_n(&v->cascade[in].ctx,
						   __ATOMIC_RELAXED)))
			raw |= 1u << in;
	}
	return raw;
}

static uint32_t vic_irqstatus(const struct vic *v)
{
	return vic_rawintr(v) & ld(&v->intenable);
}

/* Drive nIRQ for the @bits that may just have become pending. */
static void vic_present(struct vic *v, uint32_t bits)
{
	bits &= vic_irqstatus(v);
	while (bits) {
		unsigned int in = (unsigned int)__builtin_ctz(bits);

		bits &= bits - 1;
		chip_count(&v->base.stats.delivered);
		irq_cpu_raise(v->cpu, v->base.irq_base + in);
	}
}

/*
 * INTENCLEAR: the request stays in RAWINTR, nIRQ lets go of it. The
 * write is made for @line (CHIP_LINE_NONE: set-up).
 */
void vic_intenclear(struct vic *v, unsigned int line, enum chip_acc acc,
		    uint32_t bits)
{
	chip_reg_write(&v->base, line, acc, v->cost.write_ns);
	__atomic_fetch_and(&v->intenable, ~bits, __ATOMIC_SEQ_CST);
}

void vic_intenable(struct vic *v, unsigned int line, enum chip_acc acc,
		   uint32_t bits)
{
	chip_reg_write(&v->base, line, acc, v->cost.write_ns);
	__atomic_fetch_or(&v->intenable, bits, __ATOMIC_SEQ_CST);
	vic_present(v, bits);
}

/*
 * The acknowledge cycle: the entry code reads IRQSTATUS and dispatches the
 * line if its request is still there. The read is made for the line whose
 * vector the CPU took, spurious or not.
 */
int vic_inta(unsigned int cpu, unsigned int irq, void *ctx)
{
	struct vic *v = ctx;

	(void)cpu;
	chip_reg_read(&v->base, irq_line(v, irq), CHIP_ACC_DEMUX,
		      v->cost.read_ns);
	if (vic_irqstatus(v) & irq_bit(v, irq))
		return (int)irq;
	chip_count(&v->base.stats.spurious);
	return -1;
}

static void vic_set_input(struct chip_model *m, unsigned int pin, bool level)
{
	struct vic *v = (struct vic *)m;
	uint32_t bit;

	if (pin >= m->nr_inputs)
		return;
	bit = 1u << pin;
	if (!level) {
		__atomic_fetch_and(&v->inputs, ~bit, __ATOMIC_SEQ_CST);
		return;
	}
	if (__atomic_fetch_or(&v->inputs, bit, __ATOMIC_SEQ_CST) & bit)
		return; /* already high: nIRQ is already doing its job */
	vic_present(v, bit);
}

void vic_cascade_changed(struct chip_model *vic, unsigned int input)
{
	if (input < VIC_NR_INPUTS)
		vic_present((struct vic *)vic, 1u << input);
}

int vic_cascade_connect(struct chip_model *vic, unsigned int input,
			bool (*level)(void *ctx), void *ctx)
{
	struct vic *v = (struct vic *)vic;
	uint32_t bit;

	if (!vic || vic->ops != &vic_ops || input >= VIC_NR_INPUTS)
		return -EINVAL;
	bit = 1u << input;
	if (!level) {
		__atomic_fetch_and(&v->cascaded, ~bit, __ATOMIC_SEQ_CST);
		__atomic_store_n(&v->cascade[input].level, NULL,
				 __ATOMIC_RELEASE);
		return 0;
	}
	if (ld(&v->cascaded) & bit)
		return -EBUSY;
	__atomic_store_n(&v->cascade[input].ctx, ctx, __ATOMIC_RELAXED);
	__atomic_store_n(&v->cascade[input].level, level, __ATOMIC_RELEASE);
	__atomic_fetch_or(&v->cascaded, bit, __ATOMIC_SEQ_CST);
	return 0;
}

uint32_t vic_peek(const struct chip_model *m, enum vic_reg reg)
{
	const struct vic *v = (const struct vic *)m;

	switch (reg) {
	case VIC_IRQSTATUS:
		return vic_irqstatus(v);
	case VIC_RAWINTR:
		return vic_rawintr(v);
	case VIC_INTENABLE:
		return ld(&v->intenable);
	case VIC_SOFTINT:
		return ld(&v->softint);
	default:
		return 0;
	}
}

int vic_poke(struct chip_model *m, enum vic_reg reg, uint32_t val)
{
	struct vic *v = (struct vic *)m;

	switch (reg) {
	case VIC_INTENABLE:
		__atomic_fetch_or(&v->intenable, val, __ATOMIC_SEQ_CST);
		break;
	case VIC_INTENCLEAR:
		__atomic_fetch_and(&v->intenable, ~val, __ATOMIC_SEQ_CST);
		return 0;
	case VIC_SOFTINT:
		__atomic_fetch_or(&v->softint, val, __ATOMIC_SEQ_CST);
		break;
	case VIC_SOFTINTCLEAR:
		__atomic_fetch_and(&v->softint, ~val, __ATOMIC_SEQ_CST);
		return 0;
	default:
		return -EINVAL;
	}
	vic_present(v, val);
	return 0;
}

static const struct chip_forms vic_forms = {
	.chip = &vic_chip,
	.legacy = &vic_legacy_chip,
};

static void vic_set_design(struct chip_model *m, enum chip_design design)
{
	struct vic *v = (struct vic *)m;
	uint32_t cascaded = ld(&v->cascaded);

	for (unsigned int i = 0; i < m->nr_inputs; i++) {
		unsigned int irq = m->irq_base + i;

		if (cascaded & (1u << i))
			continue; /* a chained flow is not a design */
		chip_forms_set(irq, &vic_forms, design, handle_level_irq);
	}
}

static void vic_destroy(struct chip_model *m)
{
	for (unsigned int i = 0; i < m->nr_inputs; i++)
		chip_line_release(m->irq_base + i, CHIP_REL_INTA);
	chip_model_free(m);
}

/* clang-format off */

/* clang-format on */

/* clang-format off */

/* clang-format on */

/* clang-format off */
static const struct chip_model_ops vic_ops = {
	.accepts	= CHIP_ACCEPTS_WIRE,
	.set_input	= vic_set_input,
	.set_design	= vic_set_design,
	.destroy	= vic_destroy,
	.arch		= VIC_ARCH,
};
/* clang-format on */

/* clang-format off */

/* clang-format on */

/* clang-format off */

/* clang-format on */

/*
 * vic_init(): every input an IRQ, all disabled (INTENCLEAR = ~0), no
 * software requests (SOFTINTCLEAR = ~0). The model has no INTSELECT,
 * ITCR or vector registers, so their writes are not made.
 */
static void vic_hw_init(struct vic *v)
{
	vic_intenclear(v, CHIP_LINE_NONE, CHIP_ACC_INIT, ~0u);
	chip_reg_write(&v->base, CHIP_LINE_NONE, CHIP_ACC_INIT,
		       v->cost.write_ns);
	__atomic_fetch_and(&v->softint, 0u, __ATOMIC_SEQ_CST);
}

struct chip_model *vic_create(unsigned int irq_base, unsigned int cpu)
{
	struct vic *v;

	if (irq_base > NR_IRQS - VIC_NR_INPUTS || cpu >= NR_CPUS) {
		errno = EINVAL;
		return NULL;
	}
	v = chip_model_alloc(sizeof(*v),
			     &(const struct chip_model){
				     .name = "vic",
				     .ops = &vic_ops,
				     .cost_fields = vic_cost_fields,
				     .irq_base = irq_base,
				     .nr_inputs = VIC_NR_INPUTS,
			     },
			     offsetof(struct vic, cost));
	if (!v)
		return NULL;
	v->cpu = cpu;
	vic_hw_init(v);

	for (unsigned int i = 0; i < VIC_NR_INPUTS; i++) {
		unsigned int irq = irq_base + i;

		set_irq_chip_and_handler(irq, &vic_chip, handle_level_irq);
		set_irq_chip_data(irq, v);
		set_irq_type(irq, IRQ_TYPE_LEVEL_HIGH);
		irq_cpu_set_inta(irq, vic_inta, v);
	}
	return &v->base;
}
