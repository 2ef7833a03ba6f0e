/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The register verbs the modern driver forms (drv/<chip>_v6.c) program
 * their models with, private to chips/. A form includes genirq6's
 * headers, a model's private header libgenirq's, and one file cannot
 * include both (docs/core6.md); so each access sequence a modern driver
 * makes is a call here on the model as an opaque pointer, implemented
 * beside the model (drv/drv6_hw.c) with the same accessors, locks and
 * costs the 2.6.18 forms use. Each verb is one access or the fixed
 * sequence the driver's helper makes; which verbs a form calls, and
 * when, is its own.
 *
 * @acc is the chip operation the access counts under: an IRQLAB_OP_*
 * value (<irqlab/chip_ops.h>, the same as chips/model.h's CHIP_ACC_*),
 * or DRV6_ACC_INIT for set-up.
 */
#ifndef CHIPS_DRV_DRV6_H
#define CHIPS_DRV_DRV6_H

#include <stdbool.h>
#include <stdint.h>
#include <irqlab/chip_ops.h>

struct chip_model;

#define DRV6_ACC_INIT (IRQLAB_OP_NR + 1) /* CHIP_ACC_INIT */

/* The model's first Linux irq (its 2.6.18 lines' numbers). */
unsigned int drv6_irq_base(const struct chip_model *m);
/* The calibrated busy-wait every model's cost uses (chips/model.h). */
void drv6_delay_ns(unsigned int ns);

/* The software chip: its enable word (an unmask delivers a latched source). */
void soft6_enable(struct chip_model *m, unsigned int pin, unsigned int acc,
		  bool on);

/*
 * The IO-APIC: an entry's low word read at set-up (IOREGSEL write, IOWIN
 * read); written whole from the driver's cached copy, under ioapic_lock
 * (IOREGSEL and IOWIN writes), then with @sync a dummy IOWIN read
 * (io_apic_sync()); the local APIC's TMR bit of the pin's vector, its
 * EOI, a self-IPI of the pin's vector; the acknowledge cycle.
 */
uint32_t ioapic6_entry_read(struct chip_model *m, unsigned int pin);
uint32_t ioapic6_entry_masked(uint32_t lo, bool masked);
bool ioapic6_entry_level(uint32_t lo);
void ioapic6_entry_write(struct chip_model *m, unsigned int pin,
			 unsigned int acc, uint32_t lo, bool sync);
bool ioapic6_lapic_tmr(struct chip_model *m, unsigned int pin,
		       unsigned int acc);
void ioapic6_lapic_eoi(struct chip_model *m, unsigned int pin,
		       unsigned int acc);
void ioapic6_lapic_ipi_self(struct chip_model *m, unsigned int pin,
			    unsigned int acc);
/* The 82093AA workaround: entry edge and masked, then back (Remote IRR). */
void ioapic6_clear_remote_irr(struct chip_model *m, unsigned int pin,
			      unsigned int acc, uint32_t lo);
/*
 * ioapic_configure_entry() after a move: the entry written whole from
 * the cached low word @lo with destination @cpu (the high word, then the
 * low: two IOREGSEL and IOWIN write pairs), under ioapic_lock.
 */
void ioapic6_entry_write_dest(struct chip_model *m, unsigned int pin,
			      unsigned int acc, uint32_t lo, unsigned int cpu);
int ioapic6_inta(unsigned int cpu, unsigned int irq, void *ctx);
void ioapic6_inta_restore(struct chip_model *m, unsigned int irq);

/*
 * The GIC, from the calling CPU's interface: GICD_ISENABLER or
 * GICD_ICENABLER (one write), GICC_EOIR (one write), GICD_ISPENDR (one
 * write); the acknowledge cycle (the GICC_IAR read), returning the
 * 2.6.18 irq of the ID read or -1.
 */
void gic6_enable(struct chip_model *m, unsigned int id, unsigned int acc,
		 bool on);
void gic6_eoi(struct chip_model *m, unsigned int id, unsigned int acc);
void gic6_pending_set(struct chip_model *m, unsigned int id, unsigned int acc);
/* gic_set_affinity(): SPI @id's GICD_ITARGETSR byte, one byte write. */
void gic6_set_target(struct chip_model *m, unsigned int id, unsigned int acc,
		     unsigned int cpu);
int gic6_inta(unsigned int cpu, unsigned int irq, void *ctx);
void gic6_inta_restore(struct chip_model *m, unsigned int irq);
unsigned int gic6_spi_base(void);

/*
 * The i8259A pair: the cached mask written to the line's IMR
 * (disable_8259A_irq() and enable_8259A_irq(): one outb);
 * mask_and_ack_8259A() (the same sequence as 2.6.18's: the dummy IMR inb,
 * the IMR outb, the specific EOIs); the INTA cycle on the cascade vector,
 * which every line's interrupt raises, for @ctx the model, returning the
 * 2.6.18 irq of the line resolved; the vector; whether a slave line is resolved in the
 * INTA cycle (else it comes through master IR2's chained handler).
 */
void i8259_6_write_mask(struct chip_model *m, unsigned int pin,
			unsigned int acc, bool masked);
void i8259_6_mask_ack(struct chip_model *m, unsigned int pin, unsigned int acc);
int i8259_6_inta(unsigned int cpu, unsigned int irq, void *ctx);
void i8259_6_inta_restore(struct chip_model *m);
unsigned int i8259_6_vector(const struct chip_model *m);
bool i8259_6_slave_by_inta(const struct chip_model *m);

/*
 * The GPIO bank behind the VIC, for @m the bank: its VIC and the VIC
 * input it drives; the VIC's INTENCLEAR, INTENABLE and SOFTINTCLEAR
 * writes of input @in (one write each); the VIC vector's acknowledge
 * cycle (the IRQSTATUS read), for @ctx the VIC, and its restore; the
 * bank's ack (the status clear, and the both-edge re-arm where the line
 * emulates both edges), mask (CLEARIRQENABLE), unmask (a level line's
 * status clear, then SETIRQENABLE), whether line @pin is a level one, and
 * the demultiplexer's read of what is pending (IRQSTATUS and IRQENABLE,
 * counted as the bank output's).
 */
struct chip_model *gpio6_vic(struct chip_model *m);
unsigned int gpio6_vic_input(const struct chip_model *m);
void vic6_intenclear(struct chip_model *vic, unsigned int in, unsigned int acc);
void vic6_intenable(struct chip_model *vic, unsigned int in, unsigned int acc);
void vic6_softint_clear(struct chip_model *vic, unsigned int in,
			unsigned int acc);
int vic6_inta(unsigned int cpu, unsigned int irq, void *ctx);
void vic6_inta_restore(struct chip_model *vic, unsigned int irq);
void gpio6_ack(struct chip_model *m, unsigned int pin, unsigned int acc);
void gpio6_mask(struct chip_model *m, unsigned int pin, unsigned int acc);
void gpio6_unmask(struct chip_model *m, unsigned int pin, unsigned int acc);
bool gpio6_level(const struct chip_model *m, unsigned int pin);
uint32_t gpio6_pending(struct chip_model *m);

#endif /* CHIPS_DRV_DRV6_H */
