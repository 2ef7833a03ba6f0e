// SPDX-License-Identifier: GPL-2.0
/*
 * A register-level model of the ARM Generic Interrupt Controller and its
 * two Linux drivers. The hardware follows the ARM Generic Interrupt
 * Controller Architecture Specification (IHI 0048; GICv1/v2 without the
 * security extensions); the drivers follow arch/arm/common/gic.c: for the
 * flow handlers, the chip it became after 2.6.18 (handle_fasteoi_irq for
 * SPIs, a per-CPU flow for PPIs, ->eoi a GICC_EOIR write, the acknowledge
 * a GICC_IAR read by the entry code's get_irqnr_and_base), and for
 * __do_IRQ() the ack/end of its 2.6.17/2.6.18 form, whose gic_ack_irq()
 * masked the line (GICD_ICENABLER) and wrote GICC_EOIR at once, the line
 * being unmasked when the handler was done. On a run whose architecture
 * is ARM neither chip has a ->retrigger, as 2.6.18's had none.
 */
#include <errno.h>
#include <stdlib.h>
#include <chips/kind.h>
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

/*
 * One 32-ID word of the bit-per-interrupt state, kept as the distributor's
 * registers hold it, so that finding the highest-priority candidate is a
 * few word operations rather than a walk over every ID: the search runs
 * at every access and must stay far below the cost being modelled.
 */
struct gic_bits {
	uint32_t enabled;
	uint32_t latch; /* edge seen or GICD_ISPENDR written */
	uint32_t level; /* the inputs, as the devices drive them */
	uint32_t edge; /* GICD_ICFGR: 1 edge, 0 level */
	uint32_t active;
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
	/* The hardware's own serialisation of accesses and input changes. */
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
	struct gic_cpu_if cpu[GIC_MAX_CPUS];
	struct gic_bits spi[GIC_NR_WORDS]; /* by word; word 0 is banked */
	uint8_t prio[1024];
	uint8_t targets[1024];
	uint8_t active_cpu[1024]; /* the interface that acknowledged it */
};

const struct chip_cost_field gic_cost_fields[] = {
	{ "dist_read_ns", offsetof(struct gic_cost, dist_read_ns) },
	{ "dist_write_ns", offsetof(struct gic_cost, dist_write_ns) },
	{ "cpu_read_ns", offsetof(struct gic_cost, cpu_read_ns) },
	{ "cpu_write_ns", offsetof(struct gic_cost, cpu_write_ns) },
	{ NULL, 0 },
};

static const struct chip_model_ops gic_ops;

static struct gic *to_gic(struct chip_model *m)
{
	return (struct gic *)m;
}

static struct gic *irq_to_gic(unsigned int irq)
{
	return get_irq_chip_data(irq);
}

static unsigned int irq_to_id(struct gic *g, unsigned int irq)
{
	return irq - g->base.irq_base;
}

static unsigned int nr_ids(const struct gic *g)
{
	return GIC_SPI_BASE + g->nr_spis;
}

static uint32_t id_bit(unsigned int id)
{
	return 1u << (id % 32);
}

/*
 * The word holding @id as CPU @cpu sees it, or NULL where there is none:
 * a bus master without a CPU interface has no bank, and IDs past the last
 * SPI do not exist. Unimplemented bits (SGIs, the tail of the last word)
 * are never set: writes are masked with g->impl.
 */
static struct gic_bits *bits_of(struct gic *g, unsigned int cpu,
				unsigned int id)
{
	if (id < GIC_SPI_BASE)
		return cpu < g->nr_cpus ? &g->cpu[cpu].bank : NULL;
	return id / 32 < g->nr_words ? &g->spi[id / 32] : NULL;
}

static uint8_t *prio_of(struct gic *g, unsigned int cpu, unsigned int id)
{
	if (id < GIC_PPI_BASE || id >= nr_ids(g))
		return NULL;
	if (id < GIC_SPI_BASE)
		return cpu < g->nr_cpus ? &g->cpu[cpu].bank_prio[id] : NULL;
	return &g->prio[id];
}

static uint32_t pending(const struct gic_bits *b)
{
	return b->latch | (b->level & ~b->edge);
}

static unsigned int group_prio(const struct gic_cpu_if *c, unsigned int prio)
{
	return prio & (0xffu << (c->bpr + 1)) & 0xffu;
}

static unsigned int running_prio(const struct gic_cpu_if *c)
{
	return c->apr ? (unsigned int)__builtin_ctz(c->apr) << 3 :
			GIC_IDLE_PRIO;
}

/*
 * Highest-priority interrupt that is enabled, pending, not active and
 * forwarded to @cpu, the lowest ID on a tie; or 1023.
 */
static unsigned int hppi_locked(struct gic *g, unsigned int cpu)
{
	unsigned int best = GIC_SPURIOUS, best_prio = 0x100;

	if (!g->dist_enabled || cpu >= g->nr_cpus)
		return GIC_SPURIOUS;
	for (unsigned int w = 0; w < g->nr_words; w++) {
		const struct gic_bits *b = w ? &g->spi[w] : &g->cpu[cpu].bank;
		uint32_t cand = b->enabled & pending(b) & ~b->active;

		if (w)
			cand &= g->cpu[cpu].targeted[w];
		while (cand) {
			unsigned int id =
				w * 32 + (unsigned int)__builtin_ctz(cand);
			unsigned int p = *prio_of(g, cpu, id);

			if (p < best_prio) {
				best = id;
				best_prio = p;
			}
			cand &= cand - 1;
		}
	}
	return best;
}

/* Would IAR on @cpu return @id (its highest-priority candidate) now? */
static bool may_signal(struct gic *g, unsigned int cpu, unsigned int id)
{
	const struct gic_cpu_if *c = &g->cpu[cpu];
	unsigned int prio;

	if (id == GIC_SPURIOUS || !c->enabled)
		return false;
	prio = *prio_of(g, cpu, id);
	return prio < c->pmr && group_prio(c, prio) < running_prio(c);
}

/*
 * nIRQ: for each CPU interface with nothing on its way, post a vector if
 * an interrupt qualifies; at most one is outstanding per interface, as
 * nIRQ is one wire. The vector only says "take an interrupt": which one
 * is decided by the IAR read when the CPU takes it (gic_inta()). Returns
 * the CPUs to raise on, with their irqs.
 */
static unsigned int signal_locked(struct gic *g, unsigned int *raise)
{
	unsigned int cpus = 0;

	for (unsigned int cpu = 0; cpu < g->nr_cpus; cpu++) {
		struct gic_cpu_if *c = &g->cpu[cpu];
		unsigned int id;

		if (c->posted || !c->enabled)
			continue;
		id = hppi_locked(g, cpu);
		if (!may_signal(g, cpu, id))
			continue;
		c->posted = true;
		raise[cpu] = g->base.irq_base + id;
		cpus |= 1u << cpu;
	}
	return cpus;
}

static unsigned long gic_lock(struct gic *g)
{
	unsigned long flags;

	spin_lock_irqsave(&g->lock, flags);
	return flags;
}

/*
 * Every change of state ends here. The vectors are raised after the lock
 * is dropped and interrupts are restored: a raise on the calling CPU with
 * interrupts on is taken at once, and its IAR read takes the lock.
 */
static void gic_unlock(struct gic *g, unsigned long flags)
{
	unsigned int raise[GIC_MAX_CPUS];
	unsigned int cpus = signal_locked(g, raise);

	spin_unlock_irqrestore(&g->lock, flags);
	while (cpus) {
		unsigned int cpu = (unsigned int)__builtin_ctz(cpus);

		cpus &= cpus - 1;
		chip_count(&g->base.stats.delivered);
		irq_cpu_raise(cpu, raise[cpu]);
	}
}

/*
 * GICD_ICFGRn covers 16 IDs, two bits each, bit 1 of a field set for
 * edge. ICFGR0 (SGIs) is fixed; ICFGR1 (PPIs) is banked and programmable.
 */
static uint32_t read_config_locked(struct gic *g, unsigned int cpu,
				   unsigned int n)
{
	const struct gic_bits *b = bits_of(g, cpu, n * 16);
	uint32_t edge, v = 0;

	if (n == 0)
		return 0xaaaaaaaau;
	if (!b)
		return 0;
	edge = b->edge >> (n % 2 * 16);
	for (unsigned int k = 0; k < 16; k++)
		if (edge >> k & 1)
			v |= 2u << (2 * k);
	return v;
}

static void write_config_locked(struct gic *g, unsigned int cpu, unsigned int n,
				uint32_t val)
{
	struct gic_bits *b = bits_of(g, cpu, n * 16);
	unsigned int shift = n % 2 * 16;
	uint32_t edge = 0;

	if (n == 0 || !b)
		return;
	for (unsigned int k = 0; k < 16; k++)
		if (val >> (2 * k + 1) & 1)
			edge |= 1u << k;
	b->edge = (b->edge & ~(0xffffu << shift)) |
		  ((edge << shift) & g->impl[n / 2]);
}

static uint8_t read_byte_locked(struct gic *g, unsigned int cpu,
				unsigned int offset)
{
	unsigned int id;
	uint8_t *p;

	if (offset >= GIC_DIST_TARGET) {
		id = offset - GIC_DIST_TARGET;
		if (!prio_of(g, cpu, id))
			return 0;
		/* PPIs read as the reading CPU's own bit. */
		return id < GIC_SPI_BASE ? (uint8_t)(1u << cpu) :
					   g->targets[id];
	}
	p = prio_of(g, cpu, offset - GIC_DIST_PRI);
	return p ? *p : 0;
}

static void write_byte_locked(struct gic *g, unsigned int cpu,
			      unsigned int offset, uint8_t val)
{
	unsigned int id;
	uint8_t *p;

	if (offset >= GIC_DIST_TARGET) {
		id = offset - GIC_DIST_TARGET;
		/* Read-only for PPIs; unimplemented CPUs are RAZ/WI. */
		if (id < GIC_SPI_BASE || !prio_of(g, cpu, id))
			return;
		g->targets[id] = val & (uint8_t)((1u << g->nr_cpus) - 1);
		for (unsigned int c = 0; c < g->nr_cpus; c++) {
			uint32_t *t = &g->cpu[c].targeted[id / 32];

			if (g->targets[id] >> c & 1)
				*t |= id_bit(id);
			else
				*t &= ~id_bit(id);
		}
		return;
	}
	p = prio_of(g, cpu, offset - GIC_DIST_PRI);
	if (p)
		*p = val & GIC_PRIO_MASK;
}

static bool is_byte_reg(unsigned int offset)
{
	return offset >= GIC_DIST_PRI && offset < GIC_DIST_CONFIG;
}

/* The set/clear banks: a bit per ID, 32 IDs per word. */
static uint32_t *bitreg_of(struct gic *g, unsigned int cpu, unsigned int offset,
			   bool *set, uint32_t *value)
{
	static const unsigned int base[] = { GIC_DIST_ENABLE_SET,
					     GIC_DIST_PENDING_SET,
					     GIC_DIST_ACTIVE_SET };

	for (unsigned int i = 0; i < 3; i++) {
		unsigned int rel = offset - base[i];
		struct gic_bits *b;

		if (offset < base[i] || rel >= 0x100)
			continue;
		*set = rel < 0x80;
		b = bits_of(g, cpu, (rel % 0x80) / 4 * 32);
		if (!b)
			return NULL;
		switch (i) {
		case 0:
			*value = b->enabled;
			return &b->enabled;
		case 1:
			/*
			 * Reads show the pending state; writes reach only the
			 * latch, so a level interrupt whose input is asserted
			 * stays pending after GICD_ICPENDR.
			 */
			*value = pending(b);
			return &b->latch;
		default:
			*value = b->active;
			return &b->active;
		}
	}
	return NULL;
}

static uint32_t dist_read_locked(struct gic *g, unsigned int cpu,
				 unsigned int offset)
{
	uint32_t v = 0;
	bool set;

	offset &= ~3u;
	if (offset == GIC_DIST_CTRL)
		return g->dist_enabled;
	if (offset == GIC_DIST_CTR)
		return (g->nr_words - 1) | (g->nr_cpus - 1) << 5;
	if (offset == GIC_DIST_IIDR)
		return GIC_IIDR_ARM;
	if (bitreg_of(g, cpu, offset, &set, &v))
		return v;
	if (is_byte_reg(offset)) {
		for (unsigned int k = 0; k < 4; k++)
			v |= (uint32_t)read_byte_locked(g, cpu, offset + k)
			     << (8 * k);
		return v;
	}
	if (offset >= GIC_DIST_CONFIG && offset < GIC_DIST_CONFIG + 0x100)
		return read_config_locked(g, cpu,
					  (offset - GIC_DIST_CONFIG) / 4);
	return 0;
}

static void dist_write_locked(struct gic *g, unsigned int cpu,
			      unsigned int offset, uint32_t val)
{
	uint32_t *reg, old;
	bool set;

	offset &= ~3u;
	if (offset == GIC_DIST_CTRL) {
		g->dist_enabled = val & 1;
	} else if ((reg = bitreg_of(g, cpu, offset, &set, &old))) {
		unsigned int w = (offset % 0x80) / 4;

		val &= g->impl[w];
		if (set)
			*reg |= val;
		else
			*reg &= ~val;
	} else if (is_byte_reg(offset)) {
		for (unsigned int k = 0; k < 4; k++)
			write_byte_locked(g, cpu, offset + k,
					  (uint8_t)(val >> (8 * k)));
	} else if (offset >= GIC_DIST_CONFIG &&
		   offset < GIC_DIST_CONFIG + 0x100) {
		write_config_locked(g, cpu, (offset - GIC_DIST_CONFIG) / 4,
				    val);
	}
	/* GICD_SGIR and everything else: SGIs are not modelled. */
}

/* GICC_IAR: the acknowledge. */
static uint32_t ack_locked(struct gic *g, unsigned int cpu)
{
	unsigned int id = hppi_locked(g, cpu);
	struct gic_cpu_if *c;
	struct gic_bits *b;

	if (!may_signal(g, cpu, id)) {
		chip_count(&g->base.stats.spurious);
		return GIC_SPURIOUS;
	}
	c = &g->cpu[cpu];
	b = bits_of(g, cpu, id);
	b->active |= id_bit(id);
	g->active_cpu[id] = (uint8_t)cpu;
	/* An edge is consumed; a level stays pending while asserted. */
	b->latch &= ~id_bit(id);
	c->apr |= 1u << (group_prio(c, *prio_of(g, cpu, id)) >> 3);
	return id;
}

/*
 * GICC_EOIR: priority drop, then deactivation of the ID written. Writing
 * anything but the last acknowledged ID is UNPREDICTABLE in IHI 0048; this
 * model drops the highest active priority and deactivates the ID written
 * if this interface has it active, and ignores a write with nothing
 * active or a spurious ID.
 */
static void eoi_locked(struct gic *g, unsigned int cpu, uint32_t val)
{
	unsigned int id = val & 0x3ffu;
	struct gic_cpu_if *c = &g->cpu[cpu];
	struct gic_bits *b;

	if (id >= 1020 || !c->apr)
		return;
	c->apr &= c->apr - 1;
	b = bits_of(g, cpu, id);
	if (b && (b->active & id_bit(id)) &&
	    (id < GIC_SPI_BASE || g->active_cpu[id] == cpu))
		b->active &= ~id_bit(id);
}

static uint32_t cpu_read_locked(struct gic *g, unsigned int cpu,
				unsigned int offset)
{
	struct gic_cpu_if *c;

	if (cpu >= g->nr_cpus) {
		if (offset == GIC_CPU_INTACK) {
			chip_count(&g->base.stats.spurious);
			return GIC_SPURIOUS;
		}
		return 0;
	}
	c = &g->cpu[cpu];
	switch (offset) {
	case GIC_CPU_CTRL:
		return c->enabled;
	case GIC_CPU_PRIMASK:
		return c->pmr;
	case GIC_CPU_BINPOINT:
		return c->bpr;
	case GIC_CPU_INTACK:
		return ack_locked(g, cpu);
	case GIC_CPU_RUNNINGPRI:
		return running_prio(c);
	case GIC_CPU_HIGHPRI:
		/* What IAR would answer once PMR and RPR allow it. */
		return hppi_locked(g, cpu);
	case GIC_CPU_APR0:
		return c->apr;
	case GIC_CPU_IIDR:
		return GIC_CPU_IIDR_V2;
	default:
		return 0;
	}
}

static void cpu_write_locked(struct gic *g, unsigned int cpu,
			     unsigned int offset, uint32_t val)
{
	struct gic_cpu_if *c;

	if (cpu >= g->nr_cpus)
		return;
	c = &g->cpu[cpu];
	switch (offset) {
	case GIC_CPU_CTRL:
		c->enabled = val & 1;
		break;
	case GIC_CPU_PRIMASK:
		c->pmr = (uint8_t)(val & GIC_PRIO_MASK);
		break;
	case GIC_CPU_BINPOINT:
		c->bpr = (uint8_t)((val & 7) < GIC_BPR_MIN ? GIC_BPR_MIN :
							     (val & 7));
		break;
	case GIC_CPU_EOI:
		eoi_locked(g, cpu, val);
		break;
	case GIC_CPU_APR0:
		c->apr = val;
		break;
	default:
		break;
	}
}

/*
 * The bus cycles: each access is counted under @acc and the @line (an ID;
 * CHIP_LINE_NONE: set-up) it is made for, and busy-waits its cost before
 * the hardware acts, outside the model's lock, so that CPUs reaching
 * their own interfaces are not serialised by the simulation.
 */
static uint32_t dist_rd(struct gic *g, unsigned int line, enum chip_acc acc,
			unsigned int cpu, unsigned int offset)
{
	unsigned long flags;
	uint32_t v;

	chip_reg_read(&g->base, line, acc, g->cost.dist_read_ns);
	flags = gic_lock(g);
	v = dist_read_locked(g, cpu, offset);
	gic_unlock(g, flags);
	return v;
}

static void dist_wr(struct gic *g, unsigned int line, enum chip_acc acc,
		    unsigned int cpu, unsigned int offset, uint32_t val)
{
	unsigned long flags;

	chip_reg_write(&g->base, line, acc, g->cost.dist_write_ns);
	flags = gic_lock(g);
	dist_write_locked(g, cpu, offset, val);
	gic_unlock(g, flags);
}

static uint32_t cpu_rd(struct gic *g, unsigned int line, enum chip_acc acc,
		       unsigned int cpu, unsigned int offset)
{
	unsigned long flags;
	uint32_t v;

	chip_reg_read(&g->base, line, acc, g->cost.cpu_read_ns);
	flags = gic_lock(g);
	v = cpu_read_locked(g, cpu, offset);
	gic_unlock(g, flags);
	return v;
}

static void cpu_wr(struct gic *g, unsigned int line, enum chip_acc acc,
		   unsigned int cpu, unsigned int offset, uint32_t val)
{
	unsigned long flags;

	chip_reg_write(&g->base, line, acc, g->cost.cpu_write_ns);
	flags = gic_lock(g);
	cpu_write_locked(g, cpu, offset, val);
	gic_unlock(g, flags);
}

/* The word of a bit-per-ID register that holds @id's bit. */
static unsigned int bit_word(unsigned int base, unsigned int id)
{
	return base + id / 32 * 4;
}

/*
 * The CPU's acknowledge cycle: the IAR read that the kernel's entry code
 * makes before asm_do_IRQ(), in every design, so it is counted under
 * CHIP_ACC_ACK. Whatever vector was posted, the CPU dispatches what IAR
 * answers now: the highest-priority interrupt, which may not be the one
 * signalled, or nothing (1023, stats.spurious) when what was signalled
 * went away before the CPU took it. The read is made for the line whose
 * vector the CPU took, whatever it answers.
 */
static int gic_inta(unsigned int cpu, unsigned int irq, void *ctx)
{
	struct gic *g = ctx;
	unsigned long flags;
	uint32_t id;

	chip_reg_read(&g->base, irq_to_id(g, irq), CHIP_ACC_ACK,
		      g->cost.cpu_read_ns);
	flags = gic_lock(g);
	if (cpu < g->nr_cpus)
		g->cpu[cpu].posted = false;
	id = cpu_read_locked(g, cpu, GIC_CPU_INTACK);
	gic_unlock(g, flags);
	return id == GIC_SPURIOUS ? -1 : (int)(g->base.irq_base + id);
}

/* Chip operations: the calling simulated CPU is the bus master. */

static void gic_mask_irq(unsigned int irq)
{
	struct gic *g = irq_to_gic(irq);
	unsigned int id = irq_to_id(g, irq);

	dist_wr(g, id, CHIP_ACC_MASK, smp_processor_id(),
		bit_word(GIC_DIST_ENABLE_CLEAR, id), id_bit(id));
}

static void gic_unmask_irq(unsigned int irq)
{
	struct gic *g = irq_to_gic(irq);
	unsigned int id = irq_to_id(g, irq);

	dist_wr(g, id, CHIP_ACC_UNMASK, smp_processor_id(),
		bit_word(GIC_DIST_ENABLE_SET, id), id_bit(id));
}

/*
 * A deferred move is done at the EOI, before deactivation: an active SPI
 * cannot be forwarded anywhere, so retargeting it needs no masking.
 */
static void gic_eoi_irq(unsigned int irq)
{
	struct gic *g = irq_to_gic(irq);
	unsigned int id = irq_to_id(g, irq);

	if (id >= GIC_SPI_BASE && (irq_desc[irq].status & IRQ_MOVE_PENDING))
		move_masked_irq((int)irq);
	cpu_wr(g, id, CHIP_ACC_EOI, smp_processor_id(), GIC_CPU_EOI, id);
}

/* The kernel's gic_set_cpu(): one target, read-modify-write. */
static void gic_set_affinity(unsigned int irq, cpumask_t dest)
{
	struct gic *g = irq_to_gic(irq);
	unsigned int id = irq_to_id(g, irq);
	unsigned int reg = GIC_DIST_TARGET + (id & ~3u);
	unsigned int shift = (id % 4) * 8;
	unsigned int cpu = (unsigned int)first_cpu(dest);
	unsigned int me = smp_processor_id();
	unsigned long flags;
	uint32_t val;

	if (id < GIC_SPI_BASE || cpu >= GIC_MAX_CPUS)
		return;
	spin_lock_irqsave(&g->controller_lock, flags);
	val = dist_rd(g, id, CHIP_ACC_SET_AFFINITY, me, reg) &
	      ~(0xffu << shift);
	val |= 1u << (cpu + shift);
	dist_wr(g, id, CHIP_ACC_SET_AFFINITY, me, reg, val);
	spin_unlock_irqrestore(&g->controller_lock, flags);
}

/*
 * The kernel's later gic_set_type(): GIC inputs are active-high level or
 * rising edge; the configuration is changed with the interrupt disabled,
 * as IHI 0048 asks. Both kinds run handle_fasteoi_irq (SPIs) or stay per
 * CPU (PPIs, whose configuration is banked: this configures the calling
 * CPU's). Called with the descriptor lock held.
 */
static int gic_set_type(unsigned int irq, unsigned int type)
{
	struct gic *g = irq_to_gic(irq);
	unsigned int id = irq_to_id(g, irq);
	unsigned int me = smp_processor_id();
	unsigned int conf = GIC_DIST_CONFIG + id / 16 * 4;
	unsigned int en = bit_word(GIC_DIST_ENABLE_SET, id);
	uint32_t confmask = 2u << (id % 16 * 2);
	unsigned long flags;
	bool enabled;
	uint32_t val;

	if (id < GIC_PPI_BASE)
		return -EINVAL;
	if (type != IRQ_TYPE_LEVEL_HIGH && type != IRQ_TYPE_EDGE_RISING)
		return -EINVAL;

	spin_lock_irqsave(&g->controller_lock, flags);
	val = dist_rd(g, id, CHIP_ACC_SET_TYPE, me, conf);
	if (type == IRQ_TYPE_LEVEL_HIGH)
		val &= ~confmask;
	else
		val |= confmask;
	enabled = dist_rd(g, id, CHIP_ACC_SET_TYPE, me, en) & id_bit(id);
	if (enabled)
		dist_wr(g, id, CHIP_ACC_SET_TYPE, me,
			bit_word(GIC_DIST_ENABLE_CLEAR, id), id_bit(id));
	dist_wr(g, id, CHIP_ACC_SET_TYPE, me, conf, val);
	if (enabled)
		dist_wr(g, id, CHIP_ACC_SET_TYPE, me, en, id_bit(id));
	spin_unlock_irqrestore(&g->controller_lock, flags);

	if (type == IRQ_TYPE_LEVEL_HIGH)
		irq_desc[irq].status |= IRQ_LEVEL;
	else
		irq_desc[irq].status &= ~IRQ_LEVEL;
	__set_irq_handler_unlocked(irq, id < GIC_SPI_BASE ? handle_percpu_irq :
							    handle_fasteoi_irq);
	return 0;
}

/* The hardware can resend: set the pending bit (GICD_ISPENDR). */
static int gic_retrigger(unsigned int irq)
{
	struct gic *g = irq_to_gic(irq);
	unsigned int id = irq_to_id(g, irq);

	dist_wr(g, id, CHIP_ACC_RETRIGGER, smp_processor_id(),
		bit_word(GIC_DIST_PENDING_SET, id), id_bit(id));
	return 1;
}

/*
 * __do_IRQ()'s chip: 2.6.18 arch/arm/common/gic.c's gic_ack_irq(), which
 * made "the GIC behave in the way that Linux expects" by disabling the
 * interrupt and then marking it complete. The early EOI drops the running
 * priority, so lower-priority interrupts may be taken during the handler;
 * the mask keeps this one out until ->end.
 */
static void gic_legacy_ack(unsigned int irq)
{
	struct gic *g = irq_to_gic(irq);
	unsigned int id = irq_to_id(g, irq);
	unsigned int me = smp_processor_id();

	dist_wr(g, id, CHIP_ACC_ACK, me, bit_word(GIC_DIST_ENABLE_CLEAR, id),
		id_bit(id));
	if (id >= GIC_SPI_BASE && (irq_desc[irq].status & IRQ_MOVE_PENDING))
		move_masked_irq((int)irq);
	cpu_wr(g, id, CHIP_ACC_ACK, me, GIC_CPU_EOI, id);
}

/*
 * Unmask unless the line was disabled meanwhile, or is still being
 * handled on another CPU, which will unmask it when it ends.
 */
static void gic_legacy_end(unsigned int irq)
{
	struct gic *g = irq_to_gic(irq);
	unsigned int id = irq_to_id(g, irq);
	unsigned int status =
		__atomic_load_n(&irq_desc[irq].status, __ATOMIC_RELAXED);

	if (status & (IRQ_DISABLED | IRQ_INPROGRESS))
		return;
	dist_wr(g, id, CHIP_ACC_END, smp_processor_id(),
		bit_word(GIC_DIST_ENABLE_SET, id), id_bit(id));
}

/*
 * No ->ack: the acknowledge is the IAR read of the entry code, and
 * handle_percpu_irq() would call an ->ack before ->eoi.
 */
/* clang-format off */
static struct irq_chip gic_chip = {
	.name		= "GIC",
	.mask		= gic_mask_irq,
	.unmask		= gic_unmask_irq,
	.eoi		= gic_eoi_irq,
	.set_affinity	= gic_set_affinity,
	.set_type	= gic_set_type,
	.retrigger	= gic_retrigger,
};

static struct irq_chip gic_legacy_chip = {
	.name		= "GIC-ack",
	.ack		= gic_legacy_ack,
	.mask		= gic_mask_irq,
	.unmask		= gic_unmask_irq,
	.end		= gic_legacy_end,
	.set_affinity	= gic_set_affinity,
	.set_type	= gic_set_type,
	.retrigger	= gic_retrigger,
};
/* clang-format on */

/*
 * arch/arm/common/gic.c of 2.6.18 has no ->retrigger: on ARM a disabled
 * line's interrupt is replayed by the software resend, and the model
 * does the same. Other architectures (a GIC never was one's, but a
 * scenario may ask) keep the pending-set write later GIC drivers made.
 * The irq_chips are shared by every GIC, as the one arch of a run is.
 */
static void gic_apply_arch(enum genirq_arch arch)
{
	int (*retrigger)(unsigned int) =
		arch == GENIRQ_ARCH_ARM ? NULL : gic_retrigger;

	gic_chip.retrigger = retrigger;
	gic_legacy_chip.retrigger = retrigger;
}

static void gic_set_arch(struct chip_model *m, enum genirq_arch arch)
{
	(void)m;
	gic_apply_arch(arch);
}

static irq_flow_handler_t flow_of(unsigned int id)
{
	return id < GIC_SPI_BASE ? handle_percpu_irq : handle_fasteoi_irq;
}

/* Device side: an SPI pin is its ID; a PPI pin names its CPU too. */
static void gic_set_input(struct chip_model *m, unsigned int pin, bool level)
{
	struct gic *g = to_gic(m);
	unsigned int cpu = 0, id = pin;
	unsigned long flags;
	struct gic_bits *b;
	uint32_t bit;

	if (pin >= GIC_PPI_PIN(0, 0)) {
		cpu = (pin - GIC_PPI_PIN(0, 0)) / 32;
		id = (pin - GIC_PPI_PIN(0, 0)) % 32;
		if (id < GIC_PPI_BASE || cpu >= g->nr_cpus)
			return;
	} else if (id < GIC_SPI_BASE || id >= nr_ids(g)) {
		return;
	}
	bit = id_bit(id);
	flags = gic_lock(g);
	b = bits_of(g, cpu, id);
	if ((b->edge & bit) && level && !(b->level & bit)) {
		b->latch |= bit;
		if (!(b->enabled & bit))
			chip_count(&g->base.stats.latched);
	}
	if (level)
		b->level |= bit;
	else
		b->level &= ~bit;
	gic_unlock(g, flags);
}

static void gic_set_design(struct chip_model *m, enum chip_design design)
{
	struct gic *g = to_gic(m);

	for (unsigned int id = GIC_PPI_BASE; id < nr_ids(g); id++) {
		unsigned int irq = m->irq_base + id;

		if (design == CHIP_DESIGN_FLOW) {
			set_irq_chip(irq, &gic_chip);
			set_irq_handler(irq, flow_of(id));
		} else {
			set_irq_chip(irq, &gic_legacy_chip);
			set_irq_handler(irq, NULL);
		}
	}
}

/*
 * Uninstalling with handle_bad_irq calls ->mask and ->ack, and the flow
 * chip has no ->ack: go through dummy_irq_chip, then leave no_irq_chip.
 */
static void gic_destroy(struct chip_model *m)
{
	struct gic *g = to_gic(m);

	for (unsigned int id = GIC_PPI_BASE; id < nr_ids(g); id++) {
		unsigned int irq = m->irq_base + id;

		irq_cpu_set_inta(irq, NULL, NULL);
		set_irq_chip(irq, &dummy_irq_chip);
		set_irq_handler(irq, handle_bad_irq);
		set_irq_chip_data(irq, NULL);
		set_irq_chip(irq, NULL);
	}
	chip_lines_free(m);
	free(g);
}

/* clang-format off */
static const struct chip_model_ops gic_ops = {
	.accepts	= CHIP_ACCEPTS_WIRE,
	.set_input	= gic_set_input,
	.set_design	= gic_set_design,
	.destroy	= gic_destroy,
	.set_arch	= gic_set_arch,
	.arch		= GIC_ARCH,
};
/* clang-format on */

/*
 * gic_dist_init() and, for each CPU, gic_cpu_init(), as real accesses. The
 * banked IDs 0..31 are set up per CPU, as kernels after 2.6.18 did; 2.6.18
 * set only the boot CPU's bank and left the others' priorities at 0.
 */
static void gic_init_hw(struct gic *g)
{
	unsigned int n = nr_ids(g);
	uint32_t cpu0 = 0x01010101u;

	dist_wr(g, CHIP_LINE_NONE, CHIP_ACC_INIT, 0, GIC_DIST_CTRL, 0);
	for (unsigned int i = GIC_SPI_BASE; i < n; i += 16)
		dist_wr(g, CHIP_LINE_NONE, CHIP_ACC_INIT, 0,
			GIC_DIST_CONFIG + i / 4, 0);
	for (unsigned int i = GIC_SPI_BASE; i < n; i += 4)
		dist_wr(g, CHIP_LINE_NONE, CHIP_ACC_INIT, 0,
			GIC_DIST_TARGET + i, cpu0);
	for (unsigned int i = GIC_SPI_BASE; i < n; i += 4)
		dist_wr(g, CHIP_LINE_NONE, CHIP_ACC_INIT, 0, GIC_DIST_PRI + i,
			GIC_DEFAULT_PRIO * 0x01010101u);
	for (unsigned int i = GIC_SPI_BASE; i < n; i += 32)
		dist_wr(g, CHIP_LINE_NONE, CHIP_ACC_INIT, 0,
			GIC_DIST_ENABLE_CLEAR + i / 8, 0xffffffffu);
	dist_wr(g, CHIP_LINE_NONE, CHIP_ACC_INIT, 0, GIC_DIST_CTRL, 1);

	for (unsigned int cpu = 0; cpu < g->nr_cpus; cpu++) {
		dist_wr(g, CHIP_LINE_NONE, CHIP_ACC_INIT, cpu,
			GIC_DIST_ENABLE_CLEAR, 0xffff0000u);
		for (unsigned int i = 0; i < GIC_SPI_BASE; i += 4)
			dist_wr(g, CHIP_LINE_NONE, CHIP_ACC_INIT, cpu,
				GIC_DIST_PRI + i,
				GIC_DEFAULT_PRIO * 0x01010101u);
		cpu_wr(g, CHIP_LINE_NONE, CHIP_ACC_INIT, cpu, GIC_CPU_PRIMASK,
		       GIC_DEFAULT_PMR);
		cpu_wr(g, CHIP_LINE_NONE, CHIP_ACC_INIT, cpu, GIC_CPU_CTRL, 1);
	}
}

struct chip_model *gic_create(unsigned int irq_base, unsigned int nr_spis,
			      unsigned int nr_cpus)
{
	struct gic *g;

	if (!nr_spis || nr_spis > GIC_MAX_SPIS || !nr_cpus ||
	    nr_cpus > GIC_MAX_CPUS || nr_cpus > NR_CPUS ||
	    irq_base + GIC_SPI_BASE + nr_spis > NR_IRQS) {
		errno = EINVAL;
		return NULL;
	}
	g = calloc(1, sizeof(*g));
	if (!g) {
		errno = ENOMEM;
		return NULL;
	}
	g->base = (struct chip_model){
		.name = "gic",
		.ops = &gic_ops,
		.cost = &g->cost,
		.cost_fields = gic_cost_fields,
		.irq_base = irq_base,
		.nr_inputs = GIC_SPI_BASE + nr_spis,
	};
	if (chip_lines_init(&g->base)) {
		free(g);
		errno = ENOMEM;
		return NULL;
	}
	g->lock = SPIN_LOCK_UNLOCKED;
	g->controller_lock = SPIN_LOCK_UNLOCKED;
	g->nr_spis = nr_spis;
	g->nr_cpus = nr_cpus;
	g->nr_words = (GIC_SPI_BASE + nr_spis + 31) / 32;
	g->impl[0] = 0xffff0000u; /* PPIs; SGIs are not modelled */
	for (unsigned int w = 1; w < g->nr_words; w++) {
		unsigned int left = GIC_SPI_BASE + nr_spis - w * 32;

		g->impl[w] = left >= 32 ? ~0u : (1u << left) - 1;
	}
	/* Out of reset: everything off, PMR 0 (masks all), BPR minimal. */
	for (unsigned int cpu = 0; cpu < nr_cpus; cpu++)
		g->cpu[cpu].bpr = GIC_BPR_MIN;
	gic_init_hw(g);
	gic_apply_arch(genirq_get_arch());

	for (unsigned int id = GIC_PPI_BASE; id < nr_ids(g); id++) {
		unsigned int irq = irq_base + id;

		set_irq_chip_and_handler(irq, &gic_chip, flow_of(id));
		set_irq_chip_data(irq, g);
		irq_cpu_set_inta(irq, gic_inta, g);
	}
	return &g->base;
}

static bool is_gic(const struct chip_model *m)
{
	return m && m->ops == &gic_ops;
}

int gic_set_priority(struct chip_model *m, unsigned int id, uint8_t prio)
{
	struct gic *g = to_gic(m);
	unsigned int me = smp_processor_id();
	unsigned long flags;

	if (!is_gic(m) || !prio_of(g, me, id))
		return -EINVAL;
	chip_reg_write(m, CHIP_LINE_NONE, CHIP_ACC_INIT, g->cost.dist_write_ns);
	flags = gic_lock(g);
	write_byte_locked(g, me, GIC_DIST_PRI + id, prio);
	gic_unlock(g, flags);
	return 0;
}

int gic_set_pmr(struct chip_model *m, unsigned int cpu, uint8_t pmr)
{
	if (!is_gic(m) || cpu >= to_gic(m)->nr_cpus)
		return -EINVAL;
	cpu_wr(to_gic(m), CHIP_LINE_NONE, CHIP_ACC_INIT, cpu, GIC_CPU_PRIMASK,
	       pmr);
	return 0;
}

int gic_ppi_enable(struct chip_model *m, unsigned int irq)
{
	unsigned long flags;

	if (!is_gic(m) || irq < m->irq_base + GIC_PPI_BASE ||
	    irq >= m->irq_base + GIC_SPI_BASE)
		return -EINVAL;
	local_irq_save(flags);
	irq_desc[irq].chip->unmask(irq);
	local_irq_restore(flags);
	return 0;
}

uint32_t gic_dist_read(struct chip_model *m, unsigned int cpu,
		       unsigned int offset)
{
	return is_gic(m) ? dist_rd(to_gic(m), CHIP_LINE_NONE, CHIP_ACC_INIT,
				   cpu, offset) :
			   0;
}

void gic_dist_write(struct chip_model *m, unsigned int cpu, unsigned int offset,
		    uint32_t val)
{
	if (is_gic(m))
		dist_wr(to_gic(m), CHIP_LINE_NONE, CHIP_ACC_INIT, cpu, offset,
			val);
}

uint32_t gic_cpu_read(struct chip_model *m, unsigned int cpu,
		      unsigned int offset)
{
	return is_gic(m) ? cpu_rd(to_gic(m), CHIP_LINE_NONE, CHIP_ACC_INIT, cpu,
				  offset) :
			   0;
}

void gic_cpu_write(struct chip_model *m, unsigned int cpu, unsigned int offset,
		   uint32_t val)
{
	if (is_gic(m))
		cpu_wr(to_gic(m), CHIP_LINE_NONE, CHIP_ACC_INIT, cpu, offset,
		       val);
}

/* The harness's GIC: 32 SPIs. */
#define GIC_KIND_SPIS 32

const char *gic_kind_pins(enum chip_trigger t, unsigned int pin)
{
	if (t == CHIP_TRIG_PERCPU &&
	    (pin < GIC_PPI_BASE || pin >= GIC_SPI_BASE))
		return "16-31 (a PPI) for trigger percpu";
	if (t != CHIP_TRIG_PERCPU &&
	    (pin < GIC_SPI_BASE || pin >= GIC_SPI_BASE + GIC_KIND_SPIS))
		return "32-63 (an SPI); PPIs 16-31 need trigger percpu";
	return NULL;
}

/* A PPI's devices drive CPU 0's bank of it. */
int gic_kind_create(const struct chip_kind_params *p, struct chip_built *b,
		    char *why, size_t len)
{
	b->m[0] = gic_create(0, GIC_KIND_SPIS, p->cpus);
	if (p->trigger == CHIP_TRIG_PERCPU)
		b->pin = GIC_PPI_PIN(0, p->pin);
	return b->m[0] ? 0 : chip_kind_create_failed("gic", why, len);
}
