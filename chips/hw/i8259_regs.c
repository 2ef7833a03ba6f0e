// SPDX-License-Identifier: GPL-2.0
/*
 * The 8259A's registers and logic, as the Intel data sheet (231468) and
 * the PIIX/ICH bridges that carry it describe them: IRR, ISR, IMR, the
 * ICW1-4 initialisation sequence, OCW2 (specific and non-specific EOI,
 * priority rotation), OCW3 (IRR/ISR read select, poll, special mask mode),
 * fully nested priority resolution, the default IR7 answer to an
 * acknowledge that finds no request, and the ELCR that makes each input
 * edge- or level-sensitive. No cost is paid here: hw/i8259.c's port
 * accessors count and cost each access.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <chips/i8259.h>
#include "hw/i8259_hw.h"

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
int i8259_unit_request(const struct pic_unit *u)
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
int i8259_unit_ack(struct pic_unit *u)
{
	int level = i8259_unit_request(u);
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

/*
 * A change on an IR pin. Level inputs: IRR is the pin. Edge inputs: a
 * rising edge sets IRR whatever IMR says (the mask sits after IRR), and
 * stays latched until acknowledged; the falling edge only re-arms the
 * edge detector. The data sheet asks the pin to stay high until the
 * first INTA; sub-microsecond pulses from the harness would then all be
 * spurious IR7s, so the latch is kept, as emulators of the chip do.
 */
enum pin_event i8259_unit_set_pin(struct pic_unit *u, unsigned int pin,
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
bool i8259_pic_update(struct i8259 *p)
{
	struct pic_unit *master = &p->pic[MASTER];

	i8259_unit_set_pin(master, I8259_CASCADE_IR,
			   i8259_unit_request(&p->pic[SLAVE]) >= 0);
	if (i8259_unit_request(master) < 0 || p->posted)
		return false;
	p->posted = true;
	return true;
}

void i8259_pic_post(struct i8259 *p, bool post)
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
	level = i8259_unit_ack(u);
	if (level < 0)
		return 0;
	if (!(unit == MASTER && !u->single && (u->icw3 & (1u << level))))
		chip_count(&p->base.stats.delivered);
	return (uint8_t)(POLL_INT | level);
}

int i8259_port_unit(unsigned int port)
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
bool i8259_hw_write(struct i8259 *p, unsigned int port, uint8_t val)
{
	struct pic_unit *u = &p->pic[i8259_port_unit(port)];
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
	post = i8259_pic_update(p);
	spin_unlock(&p->hw);
	return post;
}

uint8_t i8259_hw_read(struct i8259 *p, unsigned int port, bool *post)
{
	int unit = i8259_port_unit(port);
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
	*post |= i8259_pic_update(p);
	spin_unlock(&p->hw);
	return val;
}
