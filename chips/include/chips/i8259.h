/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The PC/AT's pair of Intel 8259A interrupt controllers: a master at ports
 * 0x20/0x21 and a slave at 0xa0/0xa1 cascaded on master IR2, with the
 * PIIX-style edge/level control registers (ELCR) at 0x4d0/0x4d1. Sixteen
 * lines irq_base .. irq_base + 15; the model is what arch/i386/kernel/i8259.c
 * of Linux 2.6.17/2.6.18 programmed.
 */
#ifndef CHIPS_I8259_H
#define CHIPS_I8259_H

#include <stdbool.h>
#include <chips/model.h>

/* The architecture a run of it behaves as: arch/i386/kernel/i8259.c drove it. */
#define I8259_ARCH GENIRQ_ARCH_I386

#define I8259_NR_LINES 16
#define I8259_CASCADE_IR 2 /* master input wired to the slave's INT */

/* I/O ports, as the PC/AT decodes them. */
#define I8259_MASTER_CMD 0x20
#define I8259_MASTER_IMR 0x21
#define I8259_SLAVE_CMD 0xa0
#define I8259_SLAVE_IMR 0xa1
#define I8259_ELCR_MASTER 0x4d0
#define I8259_ELCR_SLAVE 0x4d1

/**
 * struct i8259_cost - what one bus cycle to the pair costs
 * @port_read_ns:	an inb from any of the ports above
 * @port_write_ns:	an outb to any of the ports above
 * @inta_ns:		the CPU's interrupt-acknowledge cycle (two INTA
 *			pulses); paid on every vector taken, by every design,
 *			and not counted as a register access
 */
struct i8259_cost {
	unsigned int port_read_ns;
	unsigned int port_write_ns;
	unsigned int inta_ns;
};

extern const struct chip_cost_field i8259_cost_fields[];

/**
 * enum i8259_cascade - how a slave interrupt reaches its handler
 * @I8259_CASCADE_CHAINED: the master's acknowledge answers IR2, whose
 *	chained handler polls the slave (OCW3 poll command) and runs the
 *	slave line; the default
 * @I8259_CASCADE_INTA: what a PC does: the master hands the acknowledge
 *	cycle to the slave over the CAS lines and the CPU receives the
 *	slave's vector directly; IR2 is never dispatched
 */
enum i8259_cascade {
	I8259_CASCADE_CHAINED,
	I8259_CASCADE_INTA,
};

/**
 * i8259_create - the i8259A pair on lines @irq_base .. @irq_base + 15
 * @irq_base: first irq number; line n is IRn of the master (n < 8) or
 *	IR(n - 8) of the slave
 * @cpu: the CPU whose INTR pin the master drives
 *
 * Programs both units as init_8259A(0) does (counted under CHIP_ACC_INIT),
 * puts every line on CHIP_DESIGN_FLOW (handle_level_irq, chip "XT-PIC")
 * with all inputs edge-triggered and masked, and gives IR2 the cascade's
 * chained handler, which unmasks it. The CPU's INTR pin is posted as
 * vector @irq_base + 2 with an acknowledge cycle (irq_cpu_set_inta()) that
 * answers the real line. Create after genirq_reset().
 *
 * Counters: stats.delivered counts acknowledges (INTA or poll) that named a
 * device line; stats.spurious the IR7 answers to an INTA that found no
 * request and the cascade polls that found none; stats.latched rising edges
 * that arrived on a masked input (kept in IRR); stats.dropped_masked stays
 * 0, an 8259 never drops an edge. Edges merged into a set IRR bit are in
 * i8259_coalesced().
 *
 * Return: the model, or NULL with errno set (EINVAL, ENOMEM).
 */
struct chip_model *i8259_create(unsigned int irq_base, unsigned int cpu);

/**
 * i8259_set_cascade - choose how slave interrupts are delivered
 * @m: the model
 * @mode: see enum i8259_cascade
 *
 * Not while interrupts are being dispatched. Return: 0, or -EINVAL.
 */
int i8259_set_cascade(struct chip_model *m, enum i8259_cascade mode);

/**
 * i8259_inb - read one of the pair's ports as a driver would
 * @m: the model
 * @port: I8259_MASTER_CMD, ..., I8259_ELCR_SLAVE
 *
 * The read has its side effects (a read after an OCW3 poll command
 * acknowledges the highest request) and is counted under CHIP_ACC_INIT.
 *
 * Return: the byte read, or -EINVAL for a port the pair does not decode.
 */
int i8259_inb(struct chip_model *m, unsigned int port);

/**
 * i8259_outb - write one of the pair's ports as a driver would
 * @m: the model
 * @port: I8259_MASTER_CMD, ..., I8259_ELCR_SLAVE
 * @val: the byte (ICW, OCW, mask or ELCR value)
 *
 * Counted under CHIP_ACC_INIT. Bypasses the driver's cached mask: writing
 * an IMR here desynchronises it, as it would in a kernel.
 *
 * Return: 0, or -EINVAL for a bad port or a value above 0xff.
 */
int i8259_outb(struct chip_model *m, unsigned int port, unsigned int val);

/*
 * Register peeks for tests and the harness: no side effect, not counted,
 * no bus cycle. @slave selects the slave unit.
 */
unsigned int i8259_read_irr(struct chip_model *m, bool slave);
unsigned int i8259_read_isr(struct chip_model *m, bool slave);
unsigned int i8259_read_imr(struct chip_model *m, bool slave);
unsigned int i8259_read_elcr(struct chip_model *m, bool slave);

/**
 * i8259_intr - the level of the master's INT output (the CPU's INTR pin)
 * @m: the model
 */
bool i8259_intr(struct chip_model *m);

/**
 * i8259_spurious_detected - spurious IRQ7/IRQ15 found by the driver
 * @m: the model
 *
 * Counts the times mask_and_ack_8259A() read the ISR of a masked line and
 * found it idle: the kernel's irq_err_count increments. The interrupts
 * the hardware produced are in m->stats.spurious.
 */
unsigned long i8259_spurious_detected(struct chip_model *m);

/**
 * i8259_coalesced - edges that found their IRR bit already set
 * @m: the model
 *
 * Such an edge merges with the one already latched: one acknowledge, one
 * handler run. The harness's "coalesced" term for this controller.
 */
unsigned long i8259_coalesced(struct chip_model *m);

#endif /* CHIPS_I8259_H */
