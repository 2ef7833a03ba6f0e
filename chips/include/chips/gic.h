/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A GIC-like interrupt controller (ARM Generic Interrupt Controller, GICv1/
 * GICv2 semantics without the security extensions): one distributor, one
 * CPU interface per simulated CPU, acknowledge by reading GICC_IAR and end
 * of interrupt by writing GICC_EOIR. Register names are those of the
 * kernel's asm/hardware/gic.h; offsets and behaviour follow the ARM Generic
 * Interrupt Controller Architecture Specification (IHI 0048). Interrupt
 * IDs map to Linux irqs irq_base + ID: IDs 16..31 are the PPIs, banked per
 * CPU (each CPU has its own enable, pending, active, priority and
 * configuration bits for them, at the same register addresses), and IDs
 * 32 .. 31 + nr_spis are the SPIs. IDs 0..15 (SGIs) are reserved and
 * not modelled. The model's nr_inputs is 32 + nr_spis, the span of its
 * Linux irqs from irq_base.
 */
#ifndef CHIPS_GIC_H
#define CHIPS_GIC_H

#include <stdint.h>
#include <chips/model.h>

/* The architecture a run of it behaves as: arch/arm/common/gic.c drove it. */
#define GIC_ARCH GENIRQ_ARCH_ARM

/* The architecture's limits and special IDs. */
#define GIC_MAX_CPUS 8
#define GIC_MAX_SPIS 988
#define GIC_PPI_BASE 16
#define GIC_SPI_BASE 32
#define GIC_SPURIOUS 1023

/*
 * Input pins for chip_line: an SPI's pin is its ID; a PPI's names the CPU
 * whose private input it is.
 */
#define GIC_SPI_PIN(id) (id)
#define GIC_PPI_PIN(cpu, id) (1024u + (cpu)*32u + (id))

/* Distributor registers (offsets from its base). */
#define GIC_DIST_CTRL 0x000 /* GICD_CTLR: bit 0 forwards interrupts */
#define GIC_DIST_CTR 0x004 /* GICD_TYPER: ITLinesNumber, CPUNumber */
#define GIC_DIST_IIDR 0x008
#define GIC_DIST_ENABLE_SET 0x100 /* GICD_ISENABLERn */
#define GIC_DIST_ENABLE_CLEAR 0x180 /* GICD_ICENABLERn */
#define GIC_DIST_PENDING_SET 0x200 /* GICD_ISPENDRn */
#define GIC_DIST_PENDING_CLEAR 0x280 /* GICD_ICPENDRn */
#define GIC_DIST_ACTIVE_SET 0x300 /* GICD_ISACTIVERn */
#define GIC_DIST_ACTIVE_CLEAR 0x380 /* GICD_ICACTIVERn */
#define GIC_DIST_PRI 0x400 /* GICD_IPRIORITYRn, a byte per ID */
#define GIC_DIST_TARGET 0x800 /* GICD_ITARGETSRn, a byte per ID */
#define GIC_DIST_CONFIG 0xc00 /* GICD_ICFGRn, two bits per ID */
#define GIC_DIST_SOFTINT 0xf00 /* GICD_SGIR (not modelled: WI) */

/* CPU interface registers (offsets from its base). */
#define GIC_CPU_CTRL 0x00 /* GICC_CTLR: bit 0 signals interrupts */
#define GIC_CPU_PRIMASK 0x04 /* GICC_PMR */
#define GIC_CPU_BINPOINT 0x08 /* GICC_BPR */
#define GIC_CPU_INTACK 0x0c /* GICC_IAR */
#define GIC_CPU_EOI 0x10 /* GICC_EOIR */
#define GIC_CPU_RUNNINGPRI 0x14 /* GICC_RPR */
#define GIC_CPU_HIGHPRI 0x18 /* GICC_HPPIR */
#define GIC_CPU_APR0 0xd0 /* GICC_APR0: active priorities */
#define GIC_CPU_IIDR 0xfc

/**
 * struct gic_cost - cost of one access, by block and direction
 * @dist_read_ns:	a distributor register read (GICD_*)
 * @dist_write_ns:	a distributor register write
 * @cpu_read_ns:	a CPU interface read (GICC_IAR above all)
 * @cpu_write_ns:	a CPU interface write (GICC_EOIR above all)
 */
struct gic_cost {
	unsigned int dist_read_ns;
	unsigned int dist_write_ns;
	unsigned int cpu_read_ns;
	unsigned int cpu_write_ns;
};

extern const struct chip_cost_field gic_cost_fields[];

/**
 * gic_create - a GIC for Linux irqs irq_base .. irq_base + 31 + nr_spis
 * @irq_base: the Linux irq of interrupt ID 0
 * @nr_spis: shared peripheral interrupts, 1..GIC_MAX_SPIS
 * @nr_cpus: CPU interfaces (simulated CPUs 0 .. nr_cpus - 1), 1..8
 *
 * The hardware comes out of reset and is then set up as the kernel's
 * gic_dist_init() and each CPU's gic_cpu_init() do (counted under
 * CHIP_ACC_INIT): every SPI level-sensitive and targeted at CPU 0, every
 * priority 0xa0, everything disabled, PMR 0xf0, distributor and CPU
 * interfaces on. Lines start on CHIP_DESIGN_FLOW: handle_fasteoi_irq for
 * SPIs, handle_percpu_irq for PPIs (request those with SA_PERCPU_IRQ).
 * Installs the interrupt-acknowledge cycle on every line, so call it after
 * genirq_reset().
 *
 * Return: the model, or NULL with errno set (EINVAL, ENOMEM).
 */
struct chip_model *gic_create(unsigned int irq_base, unsigned int nr_spis,
			      unsigned int nr_cpus);

/**
 * gic_set_priority - write interrupt @id's GICD_IPRIORITYR byte
 * @m: the GIC
 * @id: interrupt ID (16..31: the calling CPU's banked copy)
 * @prio: priority, lower is more urgent; bits [2:0] are not implemented
 *
 * One distributor write, counted under CHIP_ACC_INIT.
 * Return: 0, or -EINVAL for an ID the model does not have.
 */
int gic_set_priority(struct chip_model *m, unsigned int id, uint8_t prio);

/**
 * gic_set_message_signalled - make SPI @id behave as a message-signalled one
 * @m: the GIC
 * @id: an SPI's ID
 * @on: true: no active state (an LPI's, GICv3); false: the SPI's own
 *
 * A stand-in for an ITS-translated LPI, which the model does not have (a
 * scenario knob, not a register): the acknowledge consumes the edge and
 * raises the running priority but leaves the ID inactive, so a new edge
 * is forwarded at once, to whichever CPU the line targets now, while the
 * last one is still being handled; the EOI only drops the priority. Key
 * race = fasteoi-resend (docs/configs.md) sets it; no register access.
 * Return: 0, or -EINVAL for a model that is not a GIC or an ID no SPI's.
 */
int gic_set_message_signalled(struct chip_model *m, unsigned int id, bool on);

/**
 * gic_set_pmr - write CPU @cpu's GICC_PMR, as that CPU would
 * @m: the GIC
 * @cpu: the CPU interface
 * @pmr: only priorities numerically below it are signalled
 *
 * One CPU interface write, counted under CHIP_ACC_INIT. Lowering the mask
 * can make an interrupt deliverable at once.
 * Return: 0, or -EINVAL for a CPU the model does not have.
 */
int gic_set_pmr(struct chip_model *m, unsigned int cpu, uint8_t pmr);

/**
 * gic_ppi_enable - unmask PPI @irq in the calling CPU's bank
 * @m: the GIC
 * @irq: the Linux irq of a PPI
 *
 * What each secondary CPU does for its local timer (the kernel's later
 * gic_enable_ppi()): request_irq() enables a PPI only in the bank of the
 * CPU that requested it. Runs the chip's ->unmask (CHIP_ACC_UNMASK).
 * Return: 0, or -EINVAL when @irq is not one of @m's PPIs.
 */
int gic_ppi_enable(struct chip_model *m, unsigned int irq);

/**
 * gic_dist_read - read a 32-bit distributor register as CPU @cpu
 * @m: the GIC
 * @cpu: the bus master, which selects the banked copy of IDs 0..31
 * @offset: register offset (GIC_DIST_*)
 *
 * A real access: counted under CHIP_ACC_INIT and busy-waits its cost.
 * Unimplemented offsets read as zero.
 */
uint32_t gic_dist_read(struct chip_model *m, unsigned int cpu,
		       unsigned int offset);

/**
 * gic_dist_write - write a 32-bit distributor register as CPU @cpu
 * @m: the GIC
 * @cpu: the bus master
 * @offset: register offset (GIC_DIST_*)
 * @val: the value; set/clear registers act on the bits that are 1
 *
 * Counted under CHIP_ACC_INIT. Unimplemented offsets ignore writes.
 */
void gic_dist_write(struct chip_model *m, unsigned int cpu, unsigned int offset,
		    uint32_t val);

/**
 * gic_cpu_read - read CPU @cpu's interface register at @offset
 * @m: the GIC
 * @cpu: the CPU interface
 * @offset: register offset (GIC_CPU_*)
 *
 * Reading GIC_CPU_INTACK acknowledges, exactly as the entry code's read
 * does (the caller owes the EOI), and counts stats.spurious when it
 * returns GIC_SPURIOUS. Counted under CHIP_ACC_INIT.
 */
uint32_t gic_cpu_read(struct chip_model *m, unsigned int cpu,
		      unsigned int offset);

/**
 * gic_cpu_write - write CPU @cpu's interface register at @offset
 * @m: the GIC
 * @cpu: the CPU interface
 * @offset: register offset (GIC_CPU_*)
 * @val: the value
 *
 * Counted under CHIP_ACC_INIT.
 */
void gic_cpu_write(struct chip_model *m, unsigned int cpu, unsigned int offset,
		   uint32_t val);

#endif /* CHIPS_GIC_H */
