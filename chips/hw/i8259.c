// SPDX-License-Identifier: GPL-2.0
/*
 * The i8259A pair as a model: two 8259As (hw/i8259_regs.c) with the
 * slave's INT output wired to master IR2, reached through costed port
 * accesses; the CPU's INTA cycle, the device side, the cascade's chained
 * handler, creation and the initialisation sequence, the port and peek
 * API of the tests, and its registry functions. The Linux drivers it is
 * programmed through are drv/i8259_2618.c and drv/i8259_legacy.c.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <chips/i8259.h>
#include <chips/kind.h>
#include "hw/i8259_hw.h"
#include "skeleton.h"

const struct chip_cost_field i8259_cost_fields[] = {
	{ "port_read_ns", offsetof(struct i8259_cost, port_read_ns) },
	{ "port_write_ns", offsetof(struct i8259_cost, port_write_ns) },
	{ "inta_ns", offsetof(struct i8259_cost, inta_ns) },
	{ NULL, 0 },
};

/*
 * outb/inb as the driver makes them: counted under @acc and the @line
 * they are made for (CHIP_LINE_NONE: set-up), then the cycle.
 */
bool i8259_pic_outb(struct i8259 *p, unsigned int line, enum chip_acc acc,
		    unsigned int val, unsigned int port)
{
	chip_reg_write(&p->base, line, acc, p->cost.port_write_ns);
	return i8259_hw_write(p, port, (uint8_t)val);
}

uint8_t i8259_pic_inb(struct i8259 *p, unsigned int line, enum chip_acc acc,
		      unsigned int port, bool *post)
{
	chip_reg_read(&p->base, line, acc, p->cost.port_read_ns);
	return i8259_hw_read(p, port, post);
}

/*
 * The CPU's INTA cycle. The master resolves; if it picks the cascade input
 * and the CPU is a PC (I8259_CASCADE_INTA), the slave resolves in the same
 * cycle and the CPU gets the slave's vector. A unit that finds no request
 * (it went away, or was masked, after INT was sampled) answers its IR7 and
 * sets no ISR bit: the spurious IRQ7 or IRQ15.
 */
int i8259_inta(unsigned int cpu, unsigned int vector, void *ctx)
{
	struct i8259 *p = ctx;
	struct pic_unit *master = &p->pic[MASTER];
	int level, line;
	bool post;

	(void)cpu;
	(void)vector;
	if (p->cost.inta_ns)
		chip_delay_ns(p->cost.inta_ns);
	spin_lock(&p->hw);
	p->posted = false;
	level = i8259_unit_ack(master);
	if (level < 0) {
		line = 7;
		chip_count(&p->base.stats.spurious);
	} else if (level == I8259_CASCADE_IR && !master->single &&
		   (master->icw3 & (1u << level)) &&
		   p->cascade == I8259_CASCADE_INTA) {
		level = i8259_unit_ack(&p->pic[SLAVE]);
		line = 8 + (level < 0 ? 7 : level);
		chip_count(level < 0 ? &p->base.stats.spurious :
				       &p->base.stats.delivered);
	} else {
		line = level;
		if (level != I8259_CASCADE_IR)
			chip_count(&p->base.stats.delivered);
	}
	post = i8259_pic_update(p);
	spin_unlock(&p->hw);
	i8259_pic_post(p, post);
	return (int)(p->base.irq_base + (unsigned int)line);
}

static void i8259_set_input(struct chip_model *m, unsigned int pin, bool level)
{
	struct i8259 *p = to_i8259(m);
	enum pin_event ev;
	bool post;

	/* Master IR2 is wired to the slave's INT, not to a device. */
	if (pin >= I8259_NR_LINES || pin == I8259_CASCADE_IR)
		return;
	spin_lock(&p->hw);
	ev = i8259_unit_set_pin(&p->pic[pin >> 3], pin & 7, level);
	post = i8259_pic_update(p);
	spin_unlock(&p->hw);
	if (ev == PIN_LATCHED)
		chip_count(&m->stats.latched);
	else if (ev == PIN_COALESCED)
		chip_count(&p->coalesced);
	i8259_pic_post(p, post);
}

/*
 * IR2's chained handler: the slave's acknowledge done in software. The
 * poll command and the read that follows must not be split by another
 * CPU's access to the slave, hence the driver lock. Its accesses are
 * IR2's, which every slave line's interrupts include. The slave line's own
 * ack sends the EOI for master IR2; when the poll finds nothing (the
 * request went away, the slave's spurious IRQ15) no line will, so this
 * handler frees IR2 itself. One poll per IR2 acknowledge, like one slave
 * INTA per master INTA: a further slave request raises IR2 again.
 */
static void i8259_cascade_irq(unsigned int irq, struct irq_desc *desc)
{
	struct i8259 *p = desc->handler_data;
	unsigned long flags;
	bool post = false;
	uint8_t poll;

	(void)irq;
	spin_lock_irqsave(&p->lock, flags);
	post |= i8259_pic_outb(p, I8259_CASCADE_IR, CHIP_ACC_DEMUX,
			       OCW3 | OCW3_POLL, I8259_SLAVE_CMD);
	poll = i8259_pic_inb(p, I8259_CASCADE_IR, CHIP_ACC_DEMUX,
			     I8259_SLAVE_CMD, &post);
	if (!(poll & POLL_INT)) {
		chip_count(&p->base.stats.spurious);
		post |= i8259_pic_outb(p, I8259_CASCADE_IR, CHIP_ACC_DEMUX,
				       OCW2_SEOI + I8259_CASCADE_IR,
				       I8259_MASTER_CMD);
	}
	spin_unlock_irqrestore(&p->lock, flags);
	i8259_pic_post(p, post);
	if (poll & POLL_INT)
		generic_handle_irq(p->base.irq_base + 8 + (poll & 7u));
}

/* init_8259A(0): mask both, ICW1-4 to each (vectors 0x20, 0x28), restore. */
static void i8259_init_hw(struct i8259 *p)
{
	static const struct {
		uint8_t val;
		uint16_t port;
	} seq[] = {
		{ 0xff, I8259_MASTER_IMR },
		{ 0xff, I8259_SLAVE_IMR },
		{ ICW1 | ICW1_IC4, I8259_MASTER_CMD },
		{ 0x20, I8259_MASTER_IMR },
		{ 1u << I8259_CASCADE_IR, I8259_MASTER_IMR },
		{ 0x01, I8259_MASTER_IMR }, /* 8086 mode, normal EOI */
		{ ICW1 | ICW1_IC4, I8259_SLAVE_CMD },
		{ 0x28, I8259_SLAVE_IMR },
		{ I8259_CASCADE_IR, I8259_SLAVE_IMR },
		{ 0x01, I8259_SLAVE_IMR },
	};
	bool post = false;

	for (size_t i = 0; i < sizeof(seq) / sizeof(seq[0]); i++)
		post |= i8259_pic_outb(p, CHIP_LINE_NONE, CHIP_ACC_INIT,
				       seq[i].val, seq[i].port);
	post |= i8259_pic_outb(p, CHIP_LINE_NONE, CHIP_ACC_INIT,
			       p->cached_mask & 0xff, I8259_MASTER_IMR);
	post |= i8259_pic_outb(p, CHIP_LINE_NONE, CHIP_ACC_INIT,
			       p->cached_mask >> 8, I8259_SLAVE_IMR);
	i8259_pic_post(p, post);
}

static const struct chip_forms i8259_forms = {
	.chip = &i8259A_chip,
	.legacy = &i8259A_irq_type,
	.flow_name = "XT",
};

static void i8259_set_design(struct chip_model *m, enum chip_design design)
{
	for (unsigned int pin = 0; pin < I8259_NR_LINES; pin++)
		if (pin != I8259_CASCADE_IR)
			chip_forms_set(m->irq_base + pin, &i8259_forms, design,
				       handle_level_irq);
}

/*
 * Lines go back to no_irq_chip through dummy_irq_chip: uninstalling calls
 * ->mask and ->ack, and neither XT-PIC chip has both.
 */
static void i8259_destroy(struct chip_model *m)
{
	irq_cpu_set_inta(m->irq_base + I8259_CASCADE_IR, NULL, NULL);
	for (unsigned int pin = 0; pin < I8259_NR_LINES; pin++)
		chip_line_release(m->irq_base + pin,
				  CHIP_REL_DUMMY | CHIP_REL_DATA);
	chip_model_free(m);
}

/* clang-format off */
static const struct chip_model_ops i8259_ops = {
	.accepts = CHIP_ACCEPTS_WIRE,
	.set_input = i8259_set_input,
	.set_design = i8259_set_design,
	.destroy = i8259_destroy,
	.arch = I8259_ARCH,
};
/* clang-format on */

struct chip_model *i8259_create(unsigned int irq_base, unsigned int cpu)
{
	unsigned int cascade = irq_base + I8259_CASCADE_IR;
	struct i8259 *p;

	if (irq_base > NR_IRQS - I8259_NR_LINES || cpu >= NR_CPUS) {
		errno = EINVAL;
		return NULL;
	}
	p = chip_model_alloc(sizeof(*p),
			     &(const struct chip_model){
				     .name = "i8259",
				     .ops = &i8259_ops,
				     .cost_fields = i8259_cost_fields,
				     .irq_base = irq_base,
				     .nr_inputs = I8259_NR_LINES,
			     },
			     offsetof(struct i8259, cost));
	if (!p)
		return NULL;
	/* A slave line's interrupt comes through IR2 (chained mode). */
	for (unsigned int pin = 8; pin < I8259_NR_LINES; pin++)
		chip_line_set_parent(&p->base, pin, &p->base, I8259_CASCADE_IR);
	p->cpu = cpu;
	p->cached_mask = 0xffff;
	p->cascade = I8259_CASCADE_CHAINED;
	spin_lock_init(&p->lock);
	spin_lock_init(&p->hw);
	i8259_init_hw(p);

	for (unsigned int pin = 0; pin < I8259_NR_LINES; pin++) {
		set_irq_chip(irq_base + pin, &i8259A_chip);
		set_irq_chip_data(irq_base + pin, p);
	}
	i8259_set_design(&p->base, CHIP_DESIGN_FLOW);
	set_irq_data(cascade, p);
	set_irq_chained_handler(cascade, i8259_cascade_irq);
	irq_cpu_set_inta(cascade, i8259_inta, p);
	return &p->base;
}

int i8259_set_cascade(struct chip_model *m, enum i8259_cascade mode)
{
	struct i8259 *p = to_i8259(m);

	if (mode != I8259_CASCADE_CHAINED && mode != I8259_CASCADE_INTA)
		return -EINVAL;
	spin_lock(&p->hw);
	p->cascade = mode;
	spin_unlock(&p->hw);
	return 0;
}

int i8259_inb(struct chip_model *m, unsigned int port)
{
	struct i8259 *p = to_i8259(m);
	unsigned long flags;
	bool post = false;
	uint8_t val;

	if (i8259_port_unit(port) < 0)
		return -EINVAL;
	spin_lock_irqsave(&p->lock, flags);
	val = i8259_pic_inb(p, CHIP_LINE_NONE, CHIP_ACC_INIT, port, &post);
	spin_unlock_irqrestore(&p->lock, flags);
	i8259_pic_post(p, post);
	return val;
}

int i8259_outb(struct chip_model *m, unsigned int port, unsigned int val)
{
	struct i8259 *p = to_i8259(m);
	unsigned long flags;
	bool post;

	if (i8259_port_unit(port) < 0 || val > 0xff)
		return -EINVAL;
	spin_lock_irqsave(&p->lock, flags);
	post = i8259_pic_outb(p, CHIP_LINE_NONE, CHIP_ACC_INIT, val, port);
	spin_unlock_irqrestore(&p->lock, flags);
	i8259_pic_post(p, post);
	return 0;
}

enum peek { PEEK_IRR, PEEK_ISR, PEEK_IMR, PEEK_ELCR };

static unsigned int i8259_peek(struct chip_model *m, bool slave, enum peek r)
{
	struct i8259 *p = to_i8259(m);
	const struct pic_unit *u = &p->pic[slave ? SLAVE : MASTER];
	unsigned int val;

	spin_lock(&p->hw);
	switch (r) {
	case PEEK_IRR:
		val = u->irr;
		break;
	case PEEK_ISR:
		val = u->isr;
		break;
	case PEEK_IMR:
		val = u->imr;
		break;
	default:
		val = u->elcr;
		break;
	}
	spin_unlock(&p->hw);
	return val;
}

unsigned int i8259_read_irr(struct chip_model *m, bool slave)
{
	return i8259_peek(m, slave, PEEK_IRR);
}

unsigned int i8259_read_isr(struct chip_model *m, bool slave)
{
	return i8259_peek(m, slave, PEEK_ISR);
}

unsigned int i8259_read_imr(struct chip_model *m, bool slave)
{
	return i8259_peek(m, slave, PEEK_IMR);
}

unsigned int i8259_read_elcr(struct chip_model *m, bool slave)
{
	return i8259_peek(m, slave, PEEK_ELCR);
}

bool i8259_intr(struct chip_model *m)
{
	struct i8259 *p = to_i8259(m);
	bool intr;

	spin_lock(&p->hw);
	intr = i8259_unit_request(&p->pic[MASTER]) >= 0;
	spin_unlock(&p->hw);
	return intr;
}

unsigned long i8259_spurious_detected(struct chip_model *m)
{
	return __atomic_load_n(&to_i8259(m)->spurious_detected,
			       __ATOMIC_RELAXED);
}

unsigned long i8259_coalesced(struct chip_model *m)
{
	return __atomic_load_n(&to_i8259(m)->coalesced, __ATOMIC_RELAXED);
}

const char *i8259_kind_pins(enum chip_trigger t, unsigned int pin)
{
	(void)t;
	return pin >= 16 || pin == I8259_CASCADE_IR ?
		       "0-15 except 2 (the cascade)" :
		       NULL;
}

int i8259_kind_create(const struct chip_kind_params *p, struct chip_built *b,
		      char *why, size_t len)
{
	(void)p;
	b->m[0] = i8259_create(0, 0);
	return b->m[0] ? 0 : chip_kind_create_failed("i8259", why, len);
}
