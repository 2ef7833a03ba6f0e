/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The IO-APIC model's private header: the registers' layout, the state of
 * the IO-APIC and of each local APIC, and what its files share:
 * hw/ioapic_regs.c (the registers), hw/ioapic.c (the model),
 * drv/ioapic_2618.c and drv/ioapic_legacy.c (the driver forms).
 */
#ifndef CHIPS_HW_IOAPIC_HW_H
#define CHIPS_HW_IOAPIC_HW_H

#include <stdbool.h>
#include <stdint.h>
#include <genirq/spinlock.h>
#include <chips/ioapic.h>

/* The two MMIO registers, at the IO-APIC's base (0xfec00000). */
#define IOREGSEL 0x00

#define IOWIN 0x10

/* The indirect registers IOREGSEL selects. */
#define IOAPIC_REG_ID 0x00

#define IOAPIC_REG_VER 0x01

#define IOAPIC_REG_ARB 0x02

#define IOAPIC_REG_RTE_LO(pin) (0x10 + 2 * (pin))

#define IOAPIC_REG_RTE_HI(pin) (0x11 + 2 * (pin))

#define IOAPIC_VERSION 0x11 /* the 82093AA's */

#define IOAPIC_ID_MASK 0x0f000000u

/* Bits software may write in an entry's low word; the rest are status. */
#define IOAPIC_RTE_LO_WRITABLE                                          \
	(IOAPIC_RTE_VECTOR | IOAPIC_RTE_DELMODE | IOAPIC_RTE_DESTMODE | \
	 IOAPIC_RTE_POLARITY | IOAPIC_RTE_LEVEL | IOAPIC_RTE_MASKED)

#define NR_VECTORS 256

#define VEC_WORDS (NR_VECTORS / 64)

/*
 * One local APIC. @lock stands for the APIC's own serialisation of its
 * registers: messages from the IO-APIC, the acknowledge cycle and EOI
 * writes of its CPU all update IRR/ISR/TMR together.
 */
struct lapic {
	spinlock_t lock;
	uint64_t irr[VEC_WORDS];
	uint64_t isr[VEC_WORDS];
	uint64_t tmr[VEC_WORDS];
} __attribute__((aligned(64)));

/*
 * @ioapic_lock is the driver's lock of that name: it keeps the IOREGSEL
 * write and the IOWIN access that follows it together when CPUs program
 * different lines at once. @hw is the chip's own serialisation of its
 * state between the CPUs' register accesses and the input pins.
 * Lock order: descriptor lock, ioapic_lock, hw, a local APIC's lock.
 */
struct ioapic {
	struct chip_model base;
	struct ioapic_cost cost;
	unsigned int nr_cpus;
	spinlock_t ioapic_lock;
	spinlock_t hw;
	uint32_t id;
	uint32_t regsel;
	uint64_t rte[IOAPIC_NR_PINS];
	bool input[IOAPIC_NR_PINS];
	unsigned long mis_count;
	uint8_t pin_vector[IOAPIC_NR_PINS];
	signed char vector_pin[NR_VECTORS]; /* the IDT: -1 for none */
	struct lapic *lapic;
};

static inline struct ioapic *irq_to_ioapic(unsigned int irq)
{
	return get_irq_chip_data(irq);
}

static inline unsigned int irq_pin(const struct ioapic *io, unsigned int irq)
{
	return irq - io->base.irq_base;
}

/* 256-bit vector registers. */
static inline void vec_set(uint64_t *r, unsigned int v)
{
	r[v / 64] |= 1ULL << (v % 64);
}

static inline void vec_clear(uint64_t *r, unsigned int v)
{
	r[v / 64] &= ~(1ULL << (v % 64));
}

static inline bool vec_test(const uint64_t *r, unsigned int v)
{
	return r[v / 64] >> (v % 64) & 1;
}

extern struct irq_chip ioapic_chip; /* drv/ioapic_2618.c */
extern struct irq_chip ioapic_edge_type; /* drv/ioapic_legacy.c */
extern struct irq_chip ioapic_level_type; /* drv/ioapic_legacy.c */

/* Shared between the model's files; each is documented where it is. */
int ioapic_vec_highest(const uint64_t *r);
unsigned int ioapic_vector_irq(const struct ioapic *io, unsigned int vector);
bool ioapic_lapic_deliverable(const struct lapic *l, int vector);
void ioapic_lapic_accept(struct ioapic *io, unsigned int cpu,
			 unsigned int vector, bool level);
int ioapic_inta(unsigned int cpu, unsigned int irq, void *ctx);
void ioapic_send(struct ioapic *io, unsigned int pin);
void ioapic_level_check(struct ioapic *io, unsigned int pin);
void ioapic_eoi_message(struct ioapic *io, unsigned int vector);
void ioapic_mmio_write(struct ioapic *io, unsigned int offset, uint32_t val);
uint32_t ioapic_mmio_read(struct ioapic *io, unsigned int offset);
void io_apic_write(struct ioapic *io, unsigned int line, enum chip_acc acc,
		   uint32_t reg, uint32_t val);
void __ioapic_modify(struct ioapic *io, enum chip_acc acc, unsigned int pin,
		     uint32_t set, uint32_t clear);
void ioapic_modify(struct ioapic *io, enum chip_acc acc, unsigned int pin,
		   uint32_t set, uint32_t clear);
bool ioapic_lapic_read_tmr(struct ioapic *io, unsigned int line,
			   enum chip_acc acc, unsigned int vector);
void ioapic_lapic_write_eoi(struct ioapic *io, unsigned int line,
			    enum chip_acc acc);
void ioapic_lapic_send_ipi_self(struct ioapic *io, unsigned int line,
				enum chip_acc acc, unsigned int vector);
void ioapic_mask_as(unsigned int irq, enum chip_acc acc);
void ioapic_unmask_as(unsigned int irq, enum chip_acc acc);
void ioapic_mask(unsigned int irq);
void ioapic_unmask(unsigned int irq);
void ioapic_noop(unsigned int irq);
void ioapic_level_eoi(unsigned int irq, enum chip_acc acc);
void ioapic_set_affinity(unsigned int irq, cpumask_t mask);
int ioapic_retrigger(unsigned int irq);
int ioapic_set_type(unsigned int irq, unsigned int type);

#endif /* CHIPS_HW_IOAPIC_HW_H */
