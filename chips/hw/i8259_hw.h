/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The i8259A model's private header: the command words, the state of each
 * 8259A and of the pair, and what its files share: hw/i8259_regs.c (the
 * registers), hw/i8259.c (the model), drv/i8259_2618.c and
 * drv/i8259_legacy.c (the driver forms).
 */
#ifndef CHIPS_HW_I8259_HW_H
#define CHIPS_HW_I8259_HW_H

#include <stdbool.h>
#include <stdint.h>
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

enum pin_event { PIN_NONE, PIN_LATCHED, PIN_COALESCED };

#define I8259_PIN(irq, p) ((irq) - (p)->base.irq_base)

static inline struct i8259 *to_i8259(struct chip_model *m)
{
	return (struct i8259 *)m;
}

static inline struct i8259 *irq_to_i8259(unsigned int irq)
{
	return get_irq_chip_data(irq);
}

extern struct irq_chip i8259A_chip; /* drv/i8259_2618.c */
extern struct irq_chip i8259A_irq_type; /* drv/i8259_legacy.c */

/* Shared between the model's files; each is documented where it is. */
int i8259_unit_request(const struct pic_unit *u);
int i8259_unit_ack(struct pic_unit *u);
enum pin_event i8259_unit_set_pin(struct pic_unit *u, unsigned int pin,
				  bool level);
bool i8259_pic_update(struct i8259 *p);
void i8259_pic_post(struct i8259 *p, bool post);
int i8259_port_unit(unsigned int port);
bool i8259_hw_write(struct i8259 *p, unsigned int port, uint8_t val);
uint8_t i8259_hw_read(struct i8259 *p, unsigned int port, bool *post);
bool i8259_pic_outb(struct i8259 *p, unsigned int line, enum chip_acc acc,
		    unsigned int val, unsigned int port);
uint8_t i8259_pic_inb(struct i8259 *p, unsigned int line, enum chip_acc acc,
		      unsigned int port, bool *post);
void i8259_write_mask(struct i8259 *p, unsigned int pin, bool masked,
		      enum chip_acc acc);
void i8259_mask_and_ack(struct i8259 *p, unsigned int pin, enum chip_acc acc);
void i8259_chip_disable(unsigned int irq);
int i8259_set_type(unsigned int irq, unsigned int type);
/* The CPU's INTA cycle on the cascade vector (i8259.c); the modern form's. */
int i8259_inta(unsigned int cpu, unsigned int vector, void *ctx);

#endif /* CHIPS_HW_I8259_HW_H */
