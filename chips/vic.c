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
 * The __do_IRQ design gets the chip 2.6.17's ARM irqchip amounted to in
 * hw_interrupt_type terms: ->ack masks (INTENCLEAR), ->end unmasks
 * (INTENABLE) unless the line was disabled or is still in progress
 * elsewhere, as the i386 level chips' end did.
 */
#include <errno.h>
#include <stdlib.h>
#include <chips/vic.h>

struct vic_cascade {
	bool (*level)(void *ctx);
	void *ctx;
};

struct vic {
	struct chip_model base;
	struct vic_cost cost;
	unsigned int cpu;
	/* Registers; every one an atomic word, as the bus makes them. */
	uint32_t inputs; /* levels driven through set_input */
	uint32_t intenable;
	uint32_t softint;
	uint32_t cascaded; /* inputs that have a cascade */
	struct vic_cascade cascade[VIC_NR_INPUTS];
};

const struct chip_cost_field vic_cost_fields[] = {
	{ "read_ns", offsetof(struct vic_cost, read_ns) },
	{ "write_ns", offsetof(struct vic_cost, write_ns) },
	{ NULL, 0 },
};

static const struct chip_model_ops vic_ops;

static uint32_t ld(const uint32_t *p)
{
	return __atomic_load_n(p, __ATOMIC_SEQ_CST);
}

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

static struct vic *irq_to_vic(unsigned int irq)
{
	return get_irq_chip_data(irq);
}

static unsigned int irq_line(const struct vic *v, unsigned int irq)
{
	return irq - v->base.irq_base;
}

static uint32_t irq_bit(const struct vic *v, unsigned int irq)
{
	return 1u << irq_line(v, irq);
}

/*
 * INTENCLEAR: the request stays in RAWINTR, nIRQ lets go of it. The
 * write is made for @line (CHIP_LINE_NONE: set-up).
 */
static void vic_intenclear(struct vic *v, unsigned int line, enum chip_acc acc,
			   uint32_t bits)
{
	chip_reg_write(&v->base, line, acc, v->cost.write_ns);
	__atomic_fetch_and(&v->intenable, ~bits, __ATOMIC_SEQ_CST);
}

static void vic_intenable(struct vic *v, unsigned int line, enum chip_acc acc,
			  uint32_t bits)
{
	chip_reg_write(&v->base, line, acc, v->cost.write_ns);
	__atomic_fetch_or(&v->intenable, bits, __ATOMIC_SEQ_CST);
	vic_present(v, bits);
}

static void vic_mask_irq(unsigned int irq)
{
	struct vic *v = irq_to_vic(irq);

	vic_intenclear(v, irq_line(v, irq), CHIP_ACC_MASK, irq_bit(v, irq));
}

/* 2.6.18 acks by masking: the level source is cleared by its driver. */
static void vic_ack_irq(unsigned int irq)
{
	struct vic *v = irq_to_vic(irq);

	vic_intenclear(v, irq_line(v, irq), CHIP_ACC_ACK, irq_bit(v, irq));
}

static void vic_unmask_irq(unsigned int irq)
{
	struct vic *v = irq_to_vic(irq);

	vic_intenable(v, irq_line(v, irq), CHIP_ACC_UNMASK, irq_bit(v, irq));
}

/*
 * The inputs are active-high levels and nothing else. Recording IRQ_LEVEL
 * lets irq_set_level_noresend() keep check_irq_resend() from replaying a
 * line the hardware re-presents by itself; 2.6.18 replays it, and the
 * handler finds its device already served. No register is touched.
 */
static int vic_set_type(unsigned int irq, unsigned int type)
{
	struct irq_desc *desc = irq_desc + irq;

	if (type != IRQ_TYPE_NONE && type != IRQ_TYPE_LEVEL_HIGH)
		return -EINVAL;
	desc->status |= IRQ_LEVEL;
	return 0;
}

static void vic_legacy_end(unsigned int irq)
{
	struct vic *v = irq_to_vic(irq);

	if (!(irq_desc[irq].status & (IRQ_DISABLED | IRQ_INPROGRESS)))
		vic_intenable(v, irq_line(v, irq), CHIP_ACC_END,
			      irq_bit(v, irq));
}

/* clang-format off */
static struct irq_chip vic_chip = {
	.name		= "VIC",
	.ack		= vic_ack_irq,
	.mask		= vic_mask_irq,
	.unmask		= vic_unmask_irq,
	.set_type	= vic_set_type,
};

static struct irq_chip vic_legacy_chip = {
	.name		= "VIC",
	.ack		= vic_ack_irq,
	.mask		= vic_mask_irq,
	.unmask		= vic_unmask_irq,
	.end		= vic_legacy_end,
	.set_type	= vic_set_type,
};
/* clang-format on */

/*
 * The acknowledge cycle: the entry code reads IRQSTATUS and dispatches the
 * line if its request is still there. The read is made for the line whose
 * vector the CPU took, spurious or not.
 */
static int vic_inta(unsigned int cpu, unsigned int irq, void *ctx)
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

static void vic_set_design(struct chip_model *m, enum chip_design design)
{
	struct vic *v = (struct vic *)m;
	uint32_t cascaded = ld(&v->cascaded);

	for (unsigned int i = 0; i < m->nr_inputs; i++) {
		unsigned int irq = m->irq_base + i;

		if (cascaded & (1u << i))
			continue; /* a chained flow is not a design */
		set_irq_chip(irq, design == CHIP_DESIGN_FLOW ?
					  &vic_chip :
					  &vic_legacy_chip);
		set_irq_handler(irq, design == CHIP_DESIGN_FLOW ?
					     handle_level_irq :
					     NULL);
	}
}

static void vic_destroy(struct chip_model *m)
{
	for (unsigned int i = 0; i < m->nr_inputs; i++) {
		unsigned int irq = m->irq_base + i;

		irq_cpu_set_inta(irq, NULL, NULL);
		set_irq_handler(irq, handle_bad_irq);
		set_irq_chip_data(irq, NULL);
		set_irq_chip(irq, NULL);
	}
	chip_lines_free(m);
	free(m);
}

/* clang-format off */
static const struct chip_model_ops vic_ops = {
	.accepts	= CHIP_ACCEPTS_WIRE,
	.set_input	= vic_set_input,
	.set_design	= vic_set_design,
	.destroy	= vic_destroy,
	.arch		= VIC_ARCH,
};
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
	v = calloc(1, sizeof(*v));
	if (!v) {
		errno = ENOMEM;
		return NULL;
	}
	v->base = (struct chip_model){
		.name = "vic",
		.ops = &vic_ops,
		.cost = &v->cost,
		.cost_fields = vic_cost_fields,
		.irq_base = irq_base,
		.nr_inputs = VIC_NR_INPUTS,
	};
	if (chip_lines_init(&v->base)) {
		free(v);
		errno = ENOMEM;
		return NULL;
	}
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
