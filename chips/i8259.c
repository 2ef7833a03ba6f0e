// SPDX-License-Identifier: GPL-2.0
/*
 * The i8259A pair, register-level, and the Linux driver for it. The
 * hardware half models each 8259A as the Intel data sheet (231468) and the
 * PIIX/ICH bridges that carry it describe it: IRR, ISR, IMR, the ICW1-4
 * initialisation sequence, OCW2 (specific and non-specific EOI, priority
 * rotation), OCW3 (IRR/ISR read select, poll, special mask mode), fully
 * nested priority resolution, the default IR7 answer to an acknowledge
 * that finds no request, the slave's INT output wired to master IR2, and
 * the ELCR that makes each input edge- or level-sensitive. The driver half
 * follows arch/i386/kernel/i8259.c of Linux 2.6.18 (i8259A_chip, the
 * "XT-PIC" irq_chip run by handle_level_irq) and of 2.6.17 (i8259A_irq_type,
 * the hw_interrupt_type that __do_IRQ() drove with ->ack and ->end), port
 * for port: enable/disable_8259A_irq() write the cached mask to the IMR,
 * mask_and_ack_8259A() masks and sends specific EOIs (slave, then master
 * IR2), checking the ISR first only when the line was already masked.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <chips/kind.h>
#include <chips/i8259.h>

#define MASTER 0
#define SLAVE 1

/* Command words, as the data sheet encodes them. */
#define ICW1 0x10 /* on the command port: start initialisation */
#define ICW1_IC4 0x01 /* ICW4 will follow */
#define ICW1_SNGL 0x02 /* no cascade: ICW3 is skipped */
#define ICW4_AEOI 0x02
#define ICW4_SFNM 0x10
#define OCW3 0x08 /* on the command port, ICW1 clear: OCW3, else OCW2 */
#define OCW3_RIS 0x01
#define OCW3_RR 0x02
#define OCW3_POLL 0x04
#define OCW3_SMM 0x20
#define OCW3_ESMM 0x40
#define OCW3_READ_IRR (OCW3 | OCW3_RR)
#define OCW3_READ_ISR (OCW3 | OCW3_RR | OCW3_RIS)
#define OCW2_SEOI 0x60 /* specific EOI, level in bits 2..0 */
#define POLL_INT 0x80 /* poll word: a request was acknowledged */

/*
 * ELCR bits the bridge hardwires to edge: IRQ0 (timer), 1 (keyboard),
 * 2 (cascade), 8 (RTC) and 13 (FPU). Linux's save_ELCR() masks the same.
 */
#define ELCR_EDGE_ONLY 0x2107u

/**
 * struct pic_unit - one 8259A
 * @irr:	interrupt request register
 * @isr:	in-service register
 * @imr:	interrupt mask register (OCW1)
 * @input:	level of each IR pin
 * @elcr:	1: the input is level-sensitive (IRR follows the pin)
 * @prio_add:	the level that currently has the highest priority (0 in
 *		fixed priority; moved by the rotation commands)
 * @icw3:	master: inputs with a slave; slave: its identity
 * @init_step:	the ICW the data port expects next (2, 3, 4), 0 when
 *		initialised
 * @icw4_next:	ICW1 asked for an ICW4
 * @single:	ICW1 said there is no cascade
 * @aeoi:	automatic EOI at the end of the acknowledge
 * @rotate_aeoi: rotate priority on each automatic EOI
 * @sfnm:	special fully nested mode (master)
 * @smm:	special mask mode: masked in-service levels block nothing
 * @read_isr:	a command-port read returns ISR, not IRR
 * @poll:	the next command-port read is a poll
 */
struct pic_unit {
	uint8_t irr;
	uint8_t isr;
	uint8_t imr;
	uint8_t input;
	uint8_t elcr;
	uint8_t prio_add;
	uint8_t icw3;
	uint8_t init_step;
	bool icw4_next;
	bool single;
	bool aeoi;
	bool rotate_aeoi;
	bool sfnm;
	bool smm;
	bool read_isr;
	bool poll;
};

/**
 * struct i8259 - the pair and its driver
 * @base:	the framework part
 * @cost:	bus-cycle costs
 * @cpu:	the CPU the master's INT drives
 * @lock:	the driver's i8259A_lock: keeps each op's port sequence whole
 *		(an OCW3 read select and the read that follows it) and
 *		guards @cached_mask
 * @cached_mask: the driver's copy of both IMRs (cached_irq_mask)
 * @hw:		the hardware's own serialisation: every bus cycle, the
 *		acknowledge and every pin change run under it
 * @pic:	master and slave
 * @cascade:	how slave interrupts reach the CPU
 * @posted:	INTR has been posted to @cpu and not acknowledged yet; the
 *		CPU samples a level, so one INTA answers however many times
 *		INT rose meanwhile
 * @spurious_detected: what the driver counted in irq_err_count
 * @coalesced:	edges merged into an IRR bit already set
 */
struct i8259 {
	struct chip_model base;
	struct i8259_cost cost;
	unsigned int cpu;

	spinlock_t lock;
	unsigned int cached_mask;

	spinlock_t hw;
	struct pic_unit pic[2];
	enum i8259_cascade cascade;
	bool posted;

	unsigned long spurious_detected;
	unsigned long coalesced;
};

const struct chip_cost_field i8259_cost_fields[] = {
	{ "port_read_ns", offsetof(struct i8259_cost, port_read_ns) },
	{ "port_write_ns", offsetof(struct i8259_cost, port_write_ns) },
	{ "inta_ns", offsetof(struct i8259_cost, inta_ns) },
	{ NULL, 0 },
};

static struct i8259 *to_i8259(struct chip_model *m)
{
	return (struct i8259 *)m;
}

static struct i8259 *irq_to_i8259(unsigned int irq)
{
	return get_irq_chip_data(irq);
}

/* --- the hardware ------------------------------------------------------ */

/* The highest-priority level set in @bits, or -1. */
static int unit_highest(const struct pic_unit *u, unsigned int bits)
{
	for (unsigned int i = 0; i < 8; i++) {
		unsigned int level = (u->prio_add + i) & 7;

		if (bits & (1u << level))
			return (int)level;
	}
	return -1;
}

/* 0 is the highest priority, 7 the lowest. */
static unsigned int unit_prio(const struct pic_unit *u, int level)
{
	return ((unsigned int)level - u->prio_add) & 7;
}

/*
 * The priority resolver: the request the unit would present now, or -1.
 * Fully nested: only a level above every in-service level gets through.
 * In special mask mode a masked in-service level blocks nothing; in
 * special fully nested mode a slave's input is not blocked by its own
 * in-service bit, so a higher request inside that slave gets through.
 */
static int unit_request(const struct pic_unit *u)
{
	unsigned int isr = u->smm ? u->isr & ~u->imr : u->isr;
	int req = unit_highest(u, u->irr & ~u->imr), srv;

	if (req < 0)
		return -1;
	if (u->sfnm && !u->single)
		isr &= ~(u->icw3 & (1u << req));
	srv = unit_highest(u, isr);
	if (srv >= 0 && unit_prio(u, srv) <= unit_prio(u, req))
		return -1;
	return req;
}

/*
 * An acknowledge (INTA or poll read): the winning request moves to ISR.
 * An edge's latch is consumed; a level input re-requests at once, so its
 * IRR bit keeps following the pin. Return: the level, or -1 when there
 * was no request (the caller answers the default IR7).
 */
static int unit_ack(struct pic_unit *u)
{
	int level = unit_request(u);
	unsigned int bit;

	if (level < 0)
		return -1;
	bit = 1u << level;
	if (!(u->elcr & bit))
		u->irr &= ~bit;
	if (!u->aeoi)
		u->isr |= bit;
	else if (u->rotate_aeoi)
		u->prio_add = (uint8_t)((level + 1) & 7);
	return level;
}

enum pin_event { PIN_NONE, PIN_LATCHED, PIN_COALESCED };

/*
 * A change on an IR pin. Level inputs: IRR is the pin. Edge inputs: a
 * rising edge sets IRR whatever IMR says (the mask sits after IRR), and
 * stays latched until acknowledged; the falling edge only re-arms the
 * edge detector. The data sheet asks the pin to stay high until the
 * first INTA; sub-microsecond pulses from the harness would then all be
 * spurious IR7s, so the latch is kept, as emulators of the chip do.
 */
static enum pin_event unit_set_pin(struct pic_unit *u, unsigned int pin,
				   bool level)
{
	unsigned int bit = 1u << pin;
	enum pin_event ev = PIN_NONE;

	if (u->elcr & bit) {
		if (level)
			u->irr |= (uint8_t)bit;
		else
			u->irr &= (uint8_t)~bit;
	} else if (level && !(u->input & bit)) {
		if (u->irr & bit) {
			ev = PIN_COALESCED;
		} else {
			u->irr |= (uint8_t)bit;
			if (u->imr & bit)
				ev = PIN_LATCHED;
		}
	}
	if (level)
		u->input |= (uint8_t)bit;
	else
		u->input &= (uint8_t)~bit;
	return ev;
}

/*
 * Propagate the slave's INT to master IR2 (an edge input on every PC),
 * then decide whether the CPU must be told. Called under @hw after any
 * change. Return: true when the caller must post INTR (after dropping
 * its locks: posting may run the interrupt on the calling thread).
 */
static bool pic_update(struct i8259 *p)
{
	struct pic_unit *master = &p->pic[MASTER];

	unit_set_pin(master, I8259_CASCADE_IR,
		     unit_request(&p->pic[SLAVE]) >= 0);
	if (unit_request(master) < 0 || p->posted)
		return false;
	p->posted = true;
	return true;
}

static void pic_post(struct i8259 *p, bool post)
{
	if (post)
		irq_cpu_raise(p->cpu, p->base.irq_base + I8259_CASCADE_IR);
}

/* ICW1 resets the unit as the data sheet lists; edge latches re-arm. */
static void unit_icw1(struct pic_unit *u, uint8_t val)
{
	u->irr &= u->elcr & u->input;
	u->isr = 0;
	u->imr = 0;
	u->prio_add = 0;
	u->aeoi = false;
	u->rotate_aeoi = false;
	u->sfnm = false;
	u->smm = false;
	u->read_isr = false;
	u->poll = false;
	u->icw4_next = val & ICW1_IC4;
	u->single = val & ICW1_SNGL;
	u->init_step = 2;
	/* LTIM (bit 3) is ignored: on the PC bridges the ELCR replaced it. */
}

static void unit_ocw2(struct pic_unit *u, uint8_t val)
{
	int level;

	switch (val >> 5) {
	case 0: /* clear rotate in automatic EOI */
		u->rotate_aeoi = false;
		break;
	case 4: /* set rotate in automatic EOI */
		u->rotate_aeoi = true;
		break;
	case 1: /* non-specific EOI */
	case 5: /* rotate on non-specific EOI */
		level = unit_highest(u, u->isr);
		if (level < 0)
			break;
		u->isr &= (uint8_t) ~(1u << level);
		if (val >> 5 == 5)
			u->prio_add = (uint8_t)((level + 1) & 7);
		break;
	case 3: /* specific EOI */
	case 7: /* rotate on specific EOI */
		u->isr &= (uint8_t) ~(1u << (val & 7));
		if (val >> 5 == 7)
			u->prio_add = (uint8_t)(((val & 7) + 1) & 7);
		break;
	case 6: /* set priority: the named level becomes the lowest */
		u->prio_add = (uint8_t)(((val & 7) + 1) & 7);
		break;
	default: /* 2: no operation */
		break;
	}
}

static void unit_write_cmd(struct pic_unit *u, uint8_t val)
{
	if (val & ICW1) {
		unit_icw1(u, val);
	} else if (val & OCW3) {
		if (val & OCW3_POLL)
			u->poll = true;
		if (val & OCW3_RR)
			u->read_isr = val & OCW3_RIS;
		if (val & OCW3_ESMM)
			u->smm = val & OCW3_SMM;
	} else {
		unit_ocw2(u, val);
	}
}

static void unit_write_data(struct pic_unit *u, uint8_t val)
{
	switch (u->init_step) {
	case 2: /* ICW2: vector base; vectors here are irq numbers */
		u->init_step = u->single ? (u->icw4_next ? 4 : 0) : 3;
		break;
	case 3:
		u->icw3 = val;
		u->init_step = u->icw4_next ? 4 : 0;
		break;
	case 4:
		u->aeoi = val & ICW4_AEOI;
		u->sfnm = val & ICW4_SFNM;
		u->init_step = 0;
		break;
	default: /* OCW1 */
		u->imr = val;
		break;
	}
}

/*
 * A line that turns edge-sensitive waits for a fresh rising edge, as after
 * ICW1; one that turns level-sensitive requests while its pin is high.
 */
static void unit_write_elcr(struct pic_unit *u, uint8_t val)
{
	uint8_t to_edge = u->elcr & (uint8_t)~val;

	u->elcr = val;
	u->irr &= (uint8_t)~to_edge;
	u->irr = (u->irr & (uint8_t)~val) | (u->input & val);
}

/* A poll read: the acknowledge, done by the driver instead of the CPU. */
static uint8_t unit_poll(struct i8259 *p, int unit)
{
	struct pic_unit *u = &p->pic[unit];
	int level;

	u->poll = false;
	level = unit_ack(u);
	if (level < 0)
		return 0;
	if (!(unit == MASTER && !u->single && (u->icw3 & (1u << level))))
		chip_count(&p->base.stats.delivered);
	return (uint8_t)(POLL_INT | level);
}

static int port_unit(unsigned int port)
{
	switch (port) {
	case I8259_MASTER_CMD:
	case I8259_MASTER_IMR:
	case I8259_ELCR_MASTER:
		return MASTER;
	case I8259_SLAVE_CMD:
	case I8259_SLAVE_IMR:
	case I8259_ELCR_SLAVE:
		return SLAVE;
	default:
		return -1;
	}
}

/* One bus cycle, under @hw. Return: whether INTR must be posted. */
static bool hw_write(struct i8259 *p, unsigned int port, uint8_t val)
{
	struct pic_unit *u = &p->pic[port_unit(port)];
	bool post;

	spin_lock(&p->hw);
	switch (port) {
	case I8259_MASTER_CMD:
	case I8259_SLAVE_CMD:
		unit_write_cmd(u, val);
		break;
	case I8259_MASTER_IMR:
	case I8259_SLAVE_IMR:
		unit_write_data(u, val);
		break;
	case I8259_ELCR_MASTER:
		unit_write_elcr(u, val & (uint8_t)~ELCR_EDGE_ONLY);
		break;
	default:
		unit_write_elcr(u, val & (uint8_t) ~(ELCR_EDGE_ONLY >> 8));
		break;
	}
	post = pic_update(p);
	spin_unlock(&p->hw);
	return post;
}

static uint8_t hw_read(struct i8259 *p, unsigned int port, bool *post)
{
	int unit = port_unit(port);
	struct pic_unit *u = &p->pic[unit];
	uint8_t val;

	spin_lock(&p->hw);
	switch (port) {
	case I8259_MASTER_CMD:
	case I8259_SLAVE_CMD:
		if (u->poll)
			val = unit_poll(p, unit);
		else
			val = u->read_isr ? u->isr : u->irr;
		break;
	case I8259_MASTER_IMR:
	case I8259_SLAVE_IMR:
		val = u->imr;
		break;
	default:
		val = u->elcr;
		break;
	}
	*post |= pic_update(p);
	spin_unlock(&p->hw);
	return val;
}

/*
 * outb/inb as the driver makes them: counted under @acc and the @line
 * they are made for (CHIP_LINE_NONE: set-up), then the cycle.
 */
static bool pic_outb(struct i8259 *p, unsigned int line, enum chip_acc acc,
		     unsigned int val, unsigned int port)
{
	chip_reg_write(&p->base, line, acc, p->cost.port_write_ns);
	return hw_write(p, port, (uint8_t)val);
}

static uint8_t pic_inb(struct i8259 *p, unsigned int line, enum chip_acc acc,
		       unsigned int port, bool *post)
{
	chip_reg_read(&p->base, line, acc, p->cost.port_read_ns);
	return hw_read(p, port, post);
}

/*
 * The CPU's INTA cycle. The master resolves; if it picks the cascade input
 * and the CPU is a PC (I8259_CASCADE_INTA), the slave resolves in the same
 * cycle and the CPU gets the slave's vector. A unit that finds no request
 * (it went away, or was masked, after INT was sampled) answers its IR7 and
 * sets no ISR bit: the spurious IRQ7 or IRQ15.
 */
static int i8259_inta(unsigned int cpu, unsigned int vector, void *ctx)
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
	level = unit_ack(master);
	if (level < 0) {
		line = 7;
		chip_count(&p->base.stats.spurious);
	} else if (level == I8259_CASCADE_IR && !master->single &&
		   (master->icw3 & (1u << level)) &&
		   p->cascade == I8259_CASCADE_INTA) {
		level = unit_ack(&p->pic[SLAVE]);
		line = 8 + (level < 0 ? 7 : level);
		chip_count(level < 0 ? &p->base.stats.spurious :
				       &p->base.stats.delivered);
	} else {
		line = level;
		if (level != I8259_CASCADE_IR)
			chip_count(&p->base.stats.delivered);
	}
	post = pic_update(p);
	spin_unlock(&p->hw);
	pic_post(p, post);
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
	ev = unit_set_pin(&p->pic[pin >> 3], pin & 7, level);
	post = pic_update(p);
	spin_unlock(&p->hw);
	if (ev == PIN_LATCHED)
		chip_count(&m->stats.latched);
	else if (ev == PIN_COALESCED)
		chip_count(&p->coalesced);
	pic_post(p, post);
}

/* --- the driver: arch/i386/kernel/i8259.c ------------------------------ */

/* enable_8259A_irq() / disable_8259A_irq(): one outb of the cached mask. */
static void i8259_write_mask(struct i8259 *p, unsigned int pin, bool masked,
			     enum chip_acc acc)
{
	unsigned long flags;
	bool post;

	spin_lock_irqsave(&p->lock, flags);
	if (masked)
		p->cached_mask |= 1u << pin;
	else
		p->cached_mask &= ~(1u << pin);
	if (pin & 8)
		post = pic_outb(p, pin, acc, p->cached_mask >> 8,
				I8259_SLAVE_IMR);
	else
		post = pic_outb(p, pin, acc, p->cached_mask & 0xff,
				I8259_MASTER_IMR);
	spin_unlock_irqrestore(&p->lock, flags);
	pic_post(p, post);
}

/*
 * i8259A_irq_real(): is the line in service? Switching the read select is
 * slow, which is why the driver only asks for lines it had masked.
 */
static bool i8259_irq_real(struct i8259 *p, unsigned int pin, enum chip_acc acc,
			   bool *post)
{
	unsigned int cmd = pin & 8 ? I8259_SLAVE_CMD : I8259_MASTER_CMD;
	uint8_t isr;

	*post |= pic_outb(p, pin, acc, OCW3_READ_ISR, cmd);
	isr = pic_inb(p, pin, acc, cmd, post);
	*post |= pic_outb(p, pin, acc, OCW3_READ_IRR, cmd);
	return isr & (1u << (pin & 7));
}

/*
 * mask_and_ack_8259A(). Mask first, then EOI, slave before master: the
 * master's IR2 must not be freed while the slave still holds the level in
 * service. An IRQ7/IRQ15 that arrives on a masked line is checked against
 * the ISR; a spurious one is counted (the kernel's irq_err_count; its
 * once-per-line printk is left out, chip ops print nothing here) and then
 * acked like a real one (the
 * EOI to a level not in service changes nothing; for IRQ15 the EOI to
 * master IR2 is what frees the cascade).
 *
 * The dummy inb of the IMR before each mask write is the kernel's own
 * ("DUMMY - (do we need this?)"); it is a bus cycle, so it is counted.
 */
static void i8259_mask_and_ack(struct i8259 *p, unsigned int pin,
			       enum chip_acc acc)
{
	unsigned int bit = 1u << pin;
	unsigned long flags;
	bool post = false;

	spin_lock_irqsave(&p->lock, flags);
	if (p->cached_mask & bit) {
		if (!i8259_irq_real(p, pin, acc, &post))
			chip_count(&p->spurious_detected);
	} else {
		p->cached_mask |= bit;
	}
	if (pin & 8) {
		pic_inb(p, pin, acc, I8259_SLAVE_IMR, &post);
		post |= pic_outb(p, pin, acc, p->cached_mask >> 8,
				 I8259_SLAVE_IMR);
		post |= pic_outb(p, pin, acc, OCW2_SEOI + (pin & 7),
				 I8259_SLAVE_CMD);
		post |= pic_outb(p, pin, acc, OCW2_SEOI + I8259_CASCADE_IR,
				 I8259_MASTER_CMD);
	} else {
		pic_inb(p, pin, acc, I8259_MASTER_IMR, &post);
		post |= pic_outb(p, pin, acc, p->cached_mask & 0xff,
				 I8259_MASTER_IMR);
		post |= pic_outb(p, pin, acc, OCW2_SEOI + pin,
				 I8259_MASTER_CMD);
	}
	spin_unlock_irqrestore(&p->lock, flags);
	pic_post(p, post);
}

#define I8259_PIN(irq, p) ((irq) - (p)->base.irq_base)

/* 2.6.18's i8259A_chip, for handle_level_irq. */
static void i8259_chip_mask(unsigned int irq)
{
	struct i8259 *p = irq_to_i8259(irq);

	i8259_write_mask(p, I8259_PIN(irq, p), true, CHIP_ACC_MASK);
}

static void i8259_chip_disable(unsigned int irq)
{
	struct i8259 *p = irq_to_i8259(irq);

	i8259_write_mask(p, I8259_PIN(irq, p), true, CHIP_ACC_DISABLE);
}

static void i8259_chip_unmask(unsigned int irq)
{
	struct i8259 *p = irq_to_i8259(irq);

	i8259_write_mask(p, I8259_PIN(irq, p), false, CHIP_ACC_UNMASK);
}

static void i8259_chip_mask_ack(unsigned int irq)
{
	struct i8259 *p = irq_to_i8259(irq);

	i8259_mask_and_ack(p, I8259_PIN(irq, p), CHIP_ACC_MASK_ACK);
}

/*
 * The trigger is the ELCR bit, set with a read-modify-write that skips the
 * write when nothing changes (as eisa_set_level_irq() in
 * arch/i386/pci/irq.c). The 8259 itself only detects rising edges and
 * high levels; PCI's active-low lines reach it inverted by the bridge, so
 * falling edges and low levels are refused. Both triggers keep
 * handle_level_irq, as Linux did: mask_and_ack_8259A() masks before it
 * EOIs, so an edge that arrives during the handler waits in IRR and is
 * delivered by the unmask at the end, which is all handle_edge_irq would
 * have achieved.
 */
static int i8259_set_type(unsigned int irq, unsigned int type)
{
	struct irq_desc *desc = irq_desc + irq;
	struct i8259 *p = irq_to_i8259(irq);
	unsigned int pin = I8259_PIN(irq, p), port, bit = 1u << (pin & 7);
	unsigned long flags;
	bool level, post = false;
	uint8_t elcr, want;

	switch (type) {
	case IRQ_TYPE_NONE:
		return 0;
	case IRQ_TYPE_EDGE_RISING:
		level = false;
		break;
	case IRQ_TYPE_LEVEL_HIGH:
		level = true;
		break;
	default:
		return -EINVAL;
	}
	if (level && (ELCR_EDGE_ONLY & (1u << pin)))
		return -EINVAL;

	port = pin & 8 ? I8259_ELCR_SLAVE : I8259_ELCR_MASTER;
	spin_lock_irqsave(&p->lock, flags);
	elcr = pic_inb(p, pin, CHIP_ACC_SET_TYPE, port, &post);
	want = level ? (uint8_t)(elcr | bit) : (uint8_t)(elcr & ~bit);
	if (want != elcr)
		post |= pic_outb(p, pin, CHIP_ACC_SET_TYPE, want, port);
	spin_unlock_irqrestore(&p->lock, flags);

	desc->status &= ~(IRQ_TYPE_SENSE_MASK | IRQ_LEVEL);
	desc->status |= type | (level ? IRQ_LEVEL : 0);
	if (pin != I8259_CASCADE_IR)
		__set_irq_handler_unlocked(irq, handle_level_irq);
	pic_post(p, post);
	return 0;
}

/* 2.6.17's i8259A_irq_type, for __do_IRQ(). */
static unsigned int i8259_legacy_startup(unsigned int irq)
{
	struct i8259 *p = irq_to_i8259(irq);

	i8259_write_mask(p, I8259_PIN(irq, p), false, CHIP_ACC_STARTUP);
	return 0; /* never anything pending */
}

static void i8259_legacy_shutdown(unsigned int irq)
{
	struct i8259 *p = irq_to_i8259(irq);

	i8259_write_mask(p, I8259_PIN(irq, p), true, CHIP_ACC_SHUTDOWN);
}

static void i8259_legacy_enable(unsigned int irq)
{
	struct i8259 *p = irq_to_i8259(irq);

	i8259_write_mask(p, I8259_PIN(irq, p), false, CHIP_ACC_ENABLE);
}

static void i8259_legacy_ack(unsigned int irq)
{
	struct i8259 *p = irq_to_i8259(irq);

	i8259_mask_and_ack(p, I8259_PIN(irq, p), CHIP_ACC_ACK);
}

/*
 * end_8259A_irq(): the ack left the line masked; unmask it unless it was
 * disabled meanwhile or is still being handled on another CPU (that CPU's
 * __do_IRQ() loop will end it), or lost its last action.
 */
static void i8259_legacy_end(unsigned int irq)
{
	struct irq_desc *desc = irq_desc + irq;
	struct i8259 *p = irq_to_i8259(irq);

	if (!(desc->status & (IRQ_DISABLED | IRQ_INPROGRESS)) && desc->action)
		i8259_write_mask(p, I8259_PIN(irq, p), false, CHIP_ACC_END);
}

/* clang-format off */
static struct irq_chip i8259A_chip = {
	.name		= "XT-PIC",
	.mask		= i8259_chip_mask,
	.disable	= i8259_chip_disable,
	.unmask		= i8259_chip_unmask,
	.mask_ack	= i8259_chip_mask_ack,
	.set_type	= i8259_set_type,
};

static struct irq_chip i8259A_irq_type = {
	.name		= "XT-PIC",
	.startup	= i8259_legacy_startup,
	.shutdown	= i8259_legacy_shutdown,
	.enable		= i8259_legacy_enable,
	.disable	= i8259_chip_disable,
	.ack		= i8259_legacy_ack,
	.end		= i8259_legacy_end,
	.set_type	= i8259_set_type,
};
/* clang-format on */

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
	post |= pic_outb(p, I8259_CASCADE_IR, CHIP_ACC_DEMUX, OCW3 | OCW3_POLL,
			 I8259_SLAVE_CMD);
	poll = pic_inb(p, I8259_CASCADE_IR, CHIP_ACC_DEMUX, I8259_SLAVE_CMD,
		       &post);
	if (!(poll & POLL_INT)) {
		chip_count(&p->base.stats.spurious);
		post |= pic_outb(p, I8259_CASCADE_IR, CHIP_ACC_DEMUX,
				 OCW2_SEOI + I8259_CASCADE_IR,
				 I8259_MASTER_CMD);
	}
	spin_unlock_irqrestore(&p->lock, flags);
	pic_post(p, post);
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
		post |= pic_outb(p, CHIP_LINE_NONE, CHIP_ACC_INIT, seq[i].val,
				 seq[i].port);
	post |= pic_outb(p, CHIP_LINE_NONE, CHIP_ACC_INIT,
			 p->cached_mask & 0xff, I8259_MASTER_IMR);
	post |= pic_outb(p, CHIP_LINE_NONE, CHIP_ACC_INIT, p->cached_mask >> 8,
			 I8259_SLAVE_IMR);
	pic_post(p, post);
}

static void i8259_set_design(struct chip_model *m, enum chip_design design)
{
	for (unsigned int pin = 0; pin < I8259_NR_LINES; pin++) {
		unsigned int irq = m->irq_base + pin;

		if (pin == I8259_CASCADE_IR)
			continue;
		if (design == CHIP_DESIGN_FLOW) {
			set_irq_chip_and_handler_name(irq, &i8259A_chip,
						      handle_level_irq, "XT");
		} else {
			set_irq_chip(irq, &i8259A_irq_type);
			set_irq_handler(irq, NULL);
		}
	}
}

/*
 * Lines go back to no_irq_chip through dummy_irq_chip: uninstalling calls
 * ->mask and ->ack, and neither XT-PIC chip has both.
 */
static void i8259_destroy(struct chip_model *m)
{
	irq_cpu_set_inta(m->irq_base + I8259_CASCADE_IR, NULL, NULL);
	for (unsigned int pin = 0; pin < I8259_NR_LINES; pin++) {
		unsigned int irq = m->irq_base + pin;

		set_irq_chip(irq, &dummy_irq_chip);
		set_irq_handler(irq, handle_bad_irq);
		set_irq_data(irq, NULL);
		set_irq_chip_data(irq, NULL);
		set_irq_chip(irq, NULL);
	}
	chip_lines_free(m);
	free(m);
}

static const struct chip_model_ops i8259_ops = {
	.accepts = CHIP_ACCEPTS_WIRE,
	.set_input = i8259_set_input,
	.set_design = i8259_set_design,
	.destroy = i8259_destroy,
	.arch = I8259_ARCH,
};

struct chip_model *i8259_create(unsigned int irq_base, unsigned int cpu)
{
	unsigned int cascade = irq_base + I8259_CASCADE_IR;
	struct i8259 *p;

	if (irq_base > NR_IRQS - I8259_NR_LINES || cpu >= NR_CPUS) {
		errno = EINVAL;
		return NULL;
	}
	p = calloc(1, sizeof(*p));
	if (!p) {
		errno = ENOMEM;
		return NULL;
	}
	p->base = (struct chip_model){
		.name = "i8259",
		.ops = &i8259_ops,
		.cost = &p->cost,
		.cost_fields = i8259_cost_fields,
		.irq_base = irq_base,
		.nr_inputs = I8259_NR_LINES,
	};
	if (chip_lines_init(&p->base)) {
		free(p);
		errno = ENOMEM;
		return NULL;
	}
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

	if (port_unit(port) < 0)
		return -EINVAL;
	spin_lock_irqsave(&p->lock, flags);
	val = pic_inb(p, CHIP_LINE_NONE, CHIP_ACC_INIT, port, &post);
	spin_unlock_irqrestore(&p->lock, flags);
	pic_post(p, post);
	return val;
}

int i8259_outb(struct chip_model *m, unsigned int port, unsigned int val)
{
	struct i8259 *p = to_i8259(m);
	unsigned long flags;
	bool post;

	if (port_unit(port) < 0 || val > 0xff)
		return -EINVAL;
	spin_lock_irqsave(&p->lock, flags);
	post = pic_outb(p, CHIP_LINE_NONE, CHIP_ACC_INIT, val, port);
	spin_unlock_irqrestore(&p->lock, flags);
	pic_post(p, post);
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
	intr = unit_request(&p->pic[MASTER]) >= 0;
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
