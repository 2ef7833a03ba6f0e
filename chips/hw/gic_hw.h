/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The GIC model's private header: its state (the distributor, the CPU
 * interfaces) and what its files share: hw/gic_regs.c (the registers),
 * hw/gic.c (the model), drv/gic_2618.c and drv/gic_legacy.c (the driver
 * forms).
 */
#ifndef CHIPS_HW_GIC_HW_H
#define CHIPS_HW_GIC_HW_H

#include <stdbool.h>
#include <stdint.h>
#include <chips/gic.h>

/* Bits [7:3] of a priority are implemented; [2:0] read as zero. */
#define GIC_PRIO_MASK 0xf8u

#define GIC_BPR_MIN 2u

#define GIC_IDLE_PRIO 0xffu

#define GIC_DEFAULT_PRIO 0xa0u

#define GIC_DEFAULT_PMR 0xf0u

#define GIC_IIDR_ARM 0x0000043bu /* JEP106 ARM, product and revision 0 */

#define GIC_CPU_IIDR_V2 0x0002043bu /* architecture version 2 */

#define GIC_NR_WORDS (1024 / 32)

#define GIC_LIVE_SPI GIC_MAX_CPUS

_Static_assert(GIC_LIVE_SPI + GIC_NR_WORDS <= 64, "gic->live has a bit a word");

/*
 * One 32-ID word of the bit-per-interrupt state, kept as the distributor's
 * registers hold it, with what of it may be signalled (@cand) kept beside
 * it: every change of the word ends in gic_bits_changed(), so that the
 * search for the highest-priority candidate, made at every access, reads
 * one ready word for each word that has any instead of recomputing every
 * word's pending state.
 */
struct gic_bits {
	uint32_t enabled;
	uint32_t latch; /* edge seen or GICD_ISPENDR written */
	uint32_t level; /* the inputs, as the devices drive them */
	uint32_t edge; /* GICD_ICFGR: 1 edge, 0 level */
	uint32_t active;
	uint32_t cand; /* enabled, pending and not active */
	uint64_t live_bit; /* this word's bit in gic->live */
};

struct gic_cpu_if {
	struct gic_bits bank; /* IDs 0..31 of this CPU */
	uint8_t bank_prio[GIC_SPI_BASE];
	uint32_t targeted[GIC_NR_WORDS]; /* SPIs forwarded here, by word */
	bool enabled; /* GICC_CTLR */
	uint8_t pmr;
	uint8_t bpr;
	uint32_t apr; /* bit n: group priority n << 3 is active */
	bool posted; /* a vector is on its way to the CPU */
};

/*
 * The hardware: a distributor holding, per interrupt, enable, pending,
 * active, an 8-bit priority of which bits [7:3] are implemented (32 levels,
 * as Cortex-A9/A15 and GIC-400 parts have), a target CPU mask (SPIs) and
 * an edge/level bit, IDs 0..31 banked per CPU; a CPU interface per CPU with
 * a priority mask (PMR), a binary point (BPR, minimum 2, so that every
 * implemented level preempts) and active priorities (APR0, a bit per group
 * priority). Edges latch while an interrupt is disabled: the enable only
 * gates forwarding. An active interrupt is not signalled again until it
 * is deactivated, which is what makes the fasteoi flow safe here.
 */
struct gic {
	struct chip_model base;
	struct gic_cost cost;
	/*
	 * The hardware's own serialisation of accesses and input changes;
	 * the model's books (base.stats, base.lines) change only under it.
	 */
	spinlock_t lock;
	/*
	 * The driver's irq_controller_lock, around read-modify-write
	 * sequences on shared registers (GICD_ICFGR, GICD_ITARGETSR).
	 */
	spinlock_t controller_lock;
	unsigned int nr_spis;
	unsigned int nr_cpus;
	unsigned int nr_words; /* words holding implemented IDs */
	bool dist_enabled;
	uint32_t impl[GIC_NR_WORDS]; /* implemented IDs, by word */
	/*
	 * The words whose @cand is not empty: CPU c's bank at bit c, SPI
	 * word w at bit GIC_LIVE_SPI + w. Zero is the usual state between
	 * interrupts, and then no CPU can be signalled.
	 */
	uint64_t live;
	struct gic_cpu_if cpu[GIC_MAX_CPUS];
	struct gic_bits spi[GIC_NR_WORDS]; /* by word; word 0 is banked */
	uint8_t prio[1024];
	uint8_t targets[1024];
	uint8_t active_cpu[1024]; /* the interface that acknowledged it */
	/* SPIs without an active state (gic_set_message_signalled()). */
	uint32_t msg[GIC_NR_WORDS];
};

static inline struct gic *irq_to_gic(unsigned int irq)
{
	return get_irq_chip_data(irq);
}

static inline unsigned int irq_to_id(struct gic *g, unsigned int irq)
{
	return irq - g->base.irq_base;
}

static inline unsigned int nr_ids(const struct gic *g)
{
	return GIC_SPI_BASE + g->nr_spis;
}

static inline uint32_t id_bit(unsigned int id)
{
	return 1u << (id % 32);
}

/* The word of a bit-per-ID register that holds @id's bit. */
static inline unsigned int bit_word(unsigned int base, unsigned int id)
{
	return base + id / 32 * 4;
}

/*
 * The word holding @id as CPU @cpu sees it, or NULL where there is none:
 * a bus master without a CPU interface has no bank, and IDs past the last
 * SPI do not exist. Unimplemented bits (SGIs, the tail of the last word)
 * are never set: writes are masked with g->impl.
 */
static inline struct gic_bits *gic_bits_of(struct gic *g, unsigned int cpu,
					   unsigned int id)
{
	if (id < GIC_SPI_BASE)
		return cpu < g->nr_cpus ? &g->cpu[cpu].bank : NULL;
	return id / 32 < g->nr_words ? &g->spi[id / 32] : NULL;
}

static inline uint32_t gic_bits_pending(const struct gic_bits *b)
{
	return b->latch | (b->level & ~b->edge);
}

/*
 * Every change of @b's enabled, latch, level, edge or active bits ends
 * here, under g->lock: @cand and g->live are all that the search for a
 * candidate reads of them.
 */
static inline void gic_bits_changed(struct gic *g, struct gic_bits *b)
{
	b->cand = b->enabled & gic_bits_pending(b) & ~b->active;
	if (b->cand)
		g->live |= b->live_bit;
	else
		g->live &= ~b->live_bit;
}

extern struct irq_chip gic_chip; /* drv/gic_2618.c */
extern struct irq_chip gic_legacy_chip; /* drv/gic_legacy.c */

/* Shared between the model's files; each is documented where it is. */
uint8_t *gic_prio_of(struct gic *g, unsigned int cpu, unsigned int id);
void gic_unlock_signal(struct gic *g, unsigned long flags);
void gic_write_byte_locked(struct gic *g, unsigned int cpu, unsigned int offset,
			   uint8_t val);
uint32_t gic_dist_read_locked(struct gic *g, unsigned int cpu,
			      unsigned int offset);
void gic_dist_write_locked(struct gic *g, unsigned int cpu, unsigned int offset,
			   uint32_t val);
uint32_t gic_ack_locked(struct gic *g, unsigned int cpu);
uint32_t gic_cpu_read_locked(struct gic *g, unsigned int cpu,
			     unsigned int offset);
void gic_cpu_write_locked(struct gic *g, unsigned int cpu, unsigned int offset,
			  uint32_t val);
uint32_t gic_dist_rd(struct gic *g, unsigned int line, enum chip_acc acc,
		     unsigned int cpu, unsigned int offset);
void gic_dist_wr(struct gic *g, unsigned int line, enum chip_acc acc,
		 unsigned int cpu, unsigned int offset, uint32_t val);
void gic_cpu_wr(struct gic *g, unsigned int line, enum chip_acc acc,
		unsigned int cpu, unsigned int offset, uint32_t val);
void gic_mask_irq(unsigned int irq);
void gic_unmask_irq(unsigned int irq);
void gic_set_affinity(unsigned int irq, cpumask_t dest);
int gic_set_type(unsigned int irq, unsigned int type);
int gic_retrigger(unsigned int irq);
int gic_inta(unsigned int cpu, unsigned int irq, void *ctx);
void gic_apply_arch(enum genirq_arch arch);

static inline unsigned long gic_lock(struct gic *g)
{
	unsigned long flags;

	spin_lock_irqsave(&g->lock, flags);
	return flags;
}

/*
 * The bus cycle of an access made for @line (an ID; CHIP_LINE_NONE:
 * set-up) by @acc: its cost is busy-waited before the hardware acts,
 * outside the model's lock, so that CPUs reaching their own interfaces
 * are not serialised by the simulation; then the lock is taken and the
 * access counted under it. Every access of the model's is counted here,
 * so its counters have one writer at a time and need no locked
 * increments. Returns gic_unlock()'s flags. Always inlined: GCC at -O2
 * makes it a call with six saved registers, a quarter of the EOI's path.
 */
static inline __attribute__((always_inline)) unsigned long
gic_bus_lock(struct gic *g, unsigned int line, enum chip_acc acc,
	     unsigned int cost_ns, bool write)
{
	unsigned long flags;

	if (cost_ns)
		chip_delay_ns(cost_ns);
	flags = gic_lock(g);
	chip_reg_books(&g->base,
		       write ? g->base.stats.writes : g->base.stats.reads, line,
		       acc, cost_ns, true);
	return flags;
}

/*
 * Every change of state ends here, and so does every access: one that
 * leaves a candidate somewhere may have to signal a CPU. Where no word
 * has one, no CPU can be signalled, and the lock is only dropped.
 */
static inline void gic_unlock(struct gic *g, unsigned long flags)
{
	if (g->live) {
		gic_unlock_signal(g, flags);
		return;
	}
	spin_unlock_irqrestore(&g->lock, flags);
}

#endif /* CHIPS_HW_GIC_HW_H */
