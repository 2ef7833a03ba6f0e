/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The IO-APIC and its local APICs: one 82093AA-style IO-APIC with 24
 * redirection table entries, reached through IOREGSEL/IOWIN, sending
 * fixed-delivery, physical-destination messages to one local APIC per
 * simulated CPU, each with its IRR, ISR and TMR. Lines are driven by the
 * 2.6.18 ioapic_chip (handle_edge_irq, handle_fasteoi_irq) or, for the
 * __do_IRQ() baseline, by 2.6.17's IO-APIC-edge and IO-APIC-level types.
 *
 * Vectors are the ones 2.6.18's assign_irq_vector() handed out at boot:
 * pin n gets FIRST_DEVICE_VECTOR (0x31) + 8 * n, so pins 2k and 2k + 1
 * share a priority class (vector >> 4) and higher pins have higher
 * priority. The local APIC of CPU c has APIC ID c.
 *
 * One IO-APIC model per run: its local APICs stand for the CPUs' own, and a
 * second model would bring a second, unrelated set.
 */
#ifndef CHIPS_IOAPIC_H
#define CHIPS_IOAPIC_H

#include <stdbool.h>
#include <stdint.h>
#include <chips/model.h>

/* The architecture a run of it behaves as: arch/i386/kernel/io_apic.c drove it. */
#define IOAPIC_ARCH GENIRQ_ARCH_I386

#define IOAPIC_NR_PINS 24
/* Local APICs a model can have: physical xAPIC IDs 0..63. */
#define IOAPIC_MAX_CPUS 64

/* Redirection table entry (82093AA datasheet, 3.2.4). */
#define IOAPIC_RTE_VECTOR 0x00000000000000ffULL
#define IOAPIC_RTE_DELMODE 0x0000000000000700ULL /* 000: fixed */
#define IOAPIC_RTE_DESTMODE 0x0000000000000800ULL /* 0: physical */
#define IOAPIC_RTE_DELIVS 0x0000000000001000ULL /* send pending (RO) */
#define IOAPIC_RTE_POLARITY 0x0000000000002000ULL /* 1: active low */
#define IOAPIC_RTE_REMOTE_IRR 0x0000000000004000ULL /* level sent (RO) */
#define IOAPIC_RTE_LEVEL 0x0000000000008000ULL /* trigger mode */
#define IOAPIC_RTE_MASKED 0x0000000000010000ULL
#define IOAPIC_RTE_DEST_SHIFT 56 /* destination APIC ID, bits 63:56 */

#define IOAPIC_FIRST_VECTOR 0x31
#define IOAPIC_VECTOR_STEP 8

/**
 * struct ioapic_cost - cost of one register access, in ns
 * @ioapic_read_ns:	an IOWIN read (uncached MMIO read into the chipset)
 * @ioapic_write_ns:	an IOREGSEL or IOWIN write (posted MMIO write)
 * @lapic_read_ns:	a local APIC register read (TMR, ICR)
 * @lapic_eoi_ns:	a write to the local APIC's EOI register
 * @lapic_icr_ns:	a write to the local APIC's ICR (sends an IPI)
 */
struct ioapic_cost {
	unsigned int ioapic_read_ns;
	unsigned int ioapic_write_ns;
	unsigned int lapic_read_ns;
	unsigned int lapic_eoi_ns;
	unsigned int lapic_icr_ns;
};

extern const struct chip_cost_field ioapic_cost_fields[];

/**
 * ioapic_create - an IO-APIC for irqs irq_base .. irq_base + 23
 * @irq_base: irq number of pin 0
 * @nr_cpus: local APICs, one for each of CPUs 0 .. nr_cpus - 1
 *
 * Programs every entry at boot, as setup_IO_APIC() does: its vector, fixed
 * delivery to physical destination CPU 0, edge, active high, masked; those
 * accesses count under CHIP_ACC_INIT. Puts every line on
 * CHIP_DESIGN_FLOW (ioapic_chip, handle_edge_irq). Installs the local
 * APIC's acknowledge cycle (irq_cpu_set_inta()) for each line.
 *
 * Return: the model, or NULL with errno set (EINVAL, ENOMEM).
 */
struct chip_model *ioapic_create(unsigned int irq_base, unsigned int nr_cpus);

/**
 * ioapic_rte_peek - the redirection table entry of @pin, as it is now
 * @m: an IO-APIC model
 * @pin: 0 .. IOAPIC_NR_PINS - 1
 *
 * The model's state, not a register access: nothing is counted.
 * Return: the 64-bit entry, or 0 for a bad @m or @pin.
 */
uint64_t ioapic_rte_peek(struct chip_model *m, unsigned int pin);

/**
 * ioapic_pin_vector - the vector @pin was assigned
 * @m: an IO-APIC model
 * @pin: 0 .. IOAPIC_NR_PINS - 1
 *
 * Return: the vector, or 0 for a bad @m or @pin.
 */
unsigned int ioapic_pin_vector(struct chip_model *m, unsigned int pin);

/**
 * enum ioapic_lapic_reg - a 256-bit local APIC register
 * @IOAPIC_LAPIC_IRR: interrupt request: accepted, not yet taken
 * @IOAPIC_LAPIC_ISR: in service: taken, not yet EOIed
 * @IOAPIC_LAPIC_TMR: trigger mode of the last acceptance (1: level)
 */
enum ioapic_lapic_reg {
	IOAPIC_LAPIC_IRR,
	IOAPIC_LAPIC_ISR,
	IOAPIC_LAPIC_TMR,
};

/**
 * ioapic_lapic_test - one bit of a local APIC register
 * @m: an IO-APIC model
 * @cpu: whose local APIC
 * @reg: which register
 * @vector: which bit
 *
 * Not counted. Return: the bit; false for a bad argument.
 */
bool ioapic_lapic_test(struct chip_model *m, unsigned int cpu,
		       enum ioapic_lapic_reg reg, unsigned int vector);

/**
 * ioapic_lapic_highest - the highest vector set in a local APIC register
 * @m: an IO-APIC model
 * @cpu: whose local APIC
 * @reg: which register
 *
 * Not counted. Return: the vector, or -1 when none is set or an argument
 * is bad.
 */
int ioapic_lapic_highest(struct chip_model *m, unsigned int cpu,
			 enum ioapic_lapic_reg reg);

/**
 * ioapic_mis_count - level interrupts whose EOI found the TMR bit clear
 * @m: an IO-APIC model
 *
 * The kernel's irq_mis_count ("MIS:" in /proc/interrupts): each time the
 * 82093AA-erratum workaround in the EOI path had to clear Remote IRR by
 * flipping the entry to edge and back. Return: the count, 0 for a bad @m.
 */
unsigned long ioapic_mis_count(struct chip_model *m);

#endif /* CHIPS_IOAPIC_H */
