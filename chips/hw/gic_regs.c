// SPDX-License-Identifier: GPL-2.0
/*
 * The GIC's registers (IHI 0048; GICv1/v2 without the security
 * extensions): what a read or a write of each distributor and CPU
 * interface register does, under the model's lock, and which interrupt
 * the hardware signals to which CPU. No cost is paid here: hw/gic.c's
 * accessors count and cost each access before calling in.
 */
#include <errno.h>
#include <stdlib.h>
#include <chips/gic.h>
#include "hw/gic_hw.h"

uint8_t *gic_prio_of(struct gic *g, unsigned int cpu, unsigned int id)
{
	if (id < GIC_PPI_BASE || id >= nr_ids(g))
		return NULL;
	if (id < GIC_SPI_BASE)
		return cpu < g->nr_cpus ? &g->cpu[cpu].bank_prio[id] : NULL;
	return &g->prio[id];
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

/* Of @cand, IDs @base.., the first with a priority below *@best_prio. */
static inline void best_of(uint32_t cand, unsigned int base,
			   const uint8_t *prio, unsigned int *best,
			   unsigned int *best_prio)
{
	for (; cand; cand &= cand - 1) {
		unsigned int id = base + (unsigned int)__builtin_ctz(cand);

		if (prio[id] < *best_prio) {
			*best = id;
			*best_prio = prio[id];
		}
	}
}

/*
 * Highest-priority interrupt that is enabled, pending, not active and
 * forwarded to @cpu, the lowest ID on a tie, with its priority in
 * *@prio; or 1023. The bank first, then the SPI words in order, each
 * only if it has a candidate: IDs are weighed in ascending order.
 */
static inline unsigned int hppi_locked(struct gic *g, unsigned int cpu,
				       unsigned int *prio)
{
	unsigned int best = GIC_SPURIOUS, best_prio = 0x100;
	const struct gic_cpu_if *c;

	if (!g->dist_enabled || cpu >= g->nr_cpus)
		return GIC_SPURIOUS;
	c = &g->cpu[cpu];
	best_of(c->bank.cand, 0, c->bank_prio, &best, &best_prio);
	for (uint64_t w = g->live >> GIC_LIVE_SPI; w; w &= w - 1) {
		unsigned int n = (unsigned int)__builtin_ctzll(w);

		best_of(g->spi[n].cand & c->targeted[n], n * 32, g->prio, &best,
			&best_prio);
	}
	*prio = best_prio;
	return best;
}

/* Would IAR on @cpu return @id, its candidate of priority @prio, now? */
static bool may_signal(const struct gic_cpu_if *c, unsigned int id,
		       unsigned int prio)
{
	return id != GIC_SPURIOUS && c->enabled && prio < c->pmr &&
	       group_prio(c, prio) < running_prio(c);
}

/*
 * nIRQ: for each CPU interface with nothing on its way, post a vector if
 * an interrupt qualifies; at most one is outstanding per interface, as
 * nIRQ is one wire. The vector only says "take an interrupt": which one
 * is decided by the IAR read when the CPU takes it (gic_inta()). Returns
 * the CPUs to raise on, with their irqs, counted as delivered.
 */
static unsigned int signal_locked(struct gic *g, unsigned int *raise)
{
	unsigned int cpus = 0;

	for (unsigned int cpu = 0; cpu < g->nr_cpus; cpu++) {
		struct gic_cpu_if *c = &g->cpu[cpu];
		unsigned int id, prio;

		if (c->posted || !c->enabled)
			continue;
		id = hppi_locked(g, cpu, &prio);
		if (!may_signal(c, id, prio))
			continue;
		c->posted = true;
		raise[cpu] = g->base.irq_base + id;
		cpus |= 1u << cpu;
		chip_add(&g->base.stats.delivered, 1, true);
	}
	return cpus;
}

/*
 * gic_unlock()'s way when some word has a candidate. The vectors are
 * raised after the lock is dropped and interrupts are restored: a raise
 * on the calling CPU with interrupts on is taken at once, and its IAR
 * read takes the lock.
 */
void gic_unlock_signal(struct gic *g, unsigned long flags)
{
	unsigned int raise[GIC_MAX_CPUS];
	unsigned int cpus = signal_locked(g, raise);

	spin_unlock_irqrestore(&g->lock, flags);
	while (cpus) {
		unsigned int cpu = (unsigned int)__builtin_ctz(cpus);

		cpus &= cpus - 1;
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
	const struct gic_bits *b = gic_bits_of(g, cpu, n * 16);
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
	struct gic_bits *b = gic_bits_of(g, cpu, n * 16);
	unsigned int shift = n % 2 * 16;
	uint32_t edge = 0;

	if (n == 0 || !b)
		return;
	for (unsigned int k = 0; k < 16; k++)
		if (val >> (2 * k + 1) & 1)
			edge |= 1u << k;
	b->edge = (b->edge & ~(0xffffu << shift)) |
		  ((edge << shift) & g->impl[n / 2]);
	gic_bits_changed(g, b);
}

static uint8_t read_byte_locked(struct gic *g, unsigned int cpu,
				unsigned int offset)
{
	unsigned int id;
	uint8_t *p;

	if (offset >= GIC_DIST_TARGET) {
		id = offset - GIC_DIST_TARGET;
		if (!gic_prio_of(g, cpu, id))
			return 0;
		/* PPIs read as the reading CPU's own bit. */
		return id < GIC_SPI_BASE ? (uint8_t)(1u << cpu) :
					   g->targets[id];
	}
	p = gic_prio_of(g, cpu, offset - GIC_DIST_PRI);
	return p ? *p : 0;
}

void gic_write_byte_locked(struct gic *g, unsigned int cpu, unsigned int offset,
			   uint8_t val)
{
	unsigned int id;
	uint8_t *p;

	if (offset >= GIC_DIST_TARGET) {
		id = offset - GIC_DIST_TARGET;
		/* Read-only for PPIs; unimplemented CPUs are RAZ/WI. */
		if (id < GIC_SPI_BASE || !gic_prio_of(g, cpu, id))
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
	p = gic_prio_of(g, cpu, offset - GIC_DIST_PRI);
	if (p)
		*p = val & GIC_PRIO_MASK;
}

static bool is_byte_reg(unsigned int offset)
{
	return offset >= GIC_DIST_PRI && offset < GIC_DIST_CONFIG;
}

/*
 * The set/clear banks: a bit per ID, 32 IDs per word. Returns the
 * register a write changes, with its word in *@bits and what a read
 * answers in *@value.
 */
static uint32_t *bitreg_of(struct gic *g, unsigned int cpu, unsigned int offset,
			   bool *set, uint32_t *value, struct gic_bits **bits)
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
		b = gic_bits_of(g, cpu, (rel % 0x80) / 4 * 32);
		if (!b)
			return NULL;
		*bits = b;
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
			*value = gic_bits_pending(b);
			return &b->latch;
		default:
			*value = b->active;
			return &b->active;
		}
	}
	return NULL;
}

uint32_t gic_dist_read_locked(struct gic *g, unsigned int cpu,
			      unsigned int offset)
{
	struct gic_bits *b;
	uint32_t v = 0;
	bool set;

	offset &= ~3u;
	if (offset == GIC_DIST_CTRL)
		return g->dist_enabled;
	if (offset == GIC_DIST_CTR)
		return (g->nr_words - 1) | (g->nr_cpus - 1) << 5;
	if (offset == GIC_DIST_IIDR)
		return GIC_IIDR_ARM;
	if (bitreg_of(g, cpu, offset, &set, &v, &b))
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

void gic_dist_write_locked(struct gic *g, unsigned int cpu, unsigned int offset,
			   uint32_t val)
{
	struct gic_bits *b;
	uint32_t *reg, old;
	bool set;

	offset &= ~3u;
	if (offset == GIC_DIST_CTRL) {
		g->dist_enabled = val & 1;
	} else if ((reg = bitreg_of(g, cpu, offset, &set, &old, &b))) {
		unsigned int w = (offset % 0x80) / 4;

		val &= g->impl[w];
		if (set)
			*reg |= val;
		else
			*reg &= ~val;
		gic_bits_changed(g, b);
	} else if (is_byte_reg(offset)) {
		for (unsigned int k = 0; k < 4; k++)
			gic_write_byte_locked(g, cpu, offset + k,
					      (uint8_t)(val >> (8 * k)));
	} else if (offset >= GIC_DIST_CONFIG &&
		   offset < GIC_DIST_CONFIG + 0x100) {
		write_config_locked(g, cpu, (offset - GIC_DIST_CONFIG) / 4,
				    val);
	}
	/* GICD_SGIR and everything else: SGIs are not modelled. */
}

/* GICC_IAR: the acknowledge; a bus master without an interface gets 1023. */
uint32_t gic_ack_locked(struct gic *g, unsigned int cpu)
{
	unsigned int prio, id = hppi_locked(g, cpu, &prio);
	struct gic_cpu_if *c;
	struct gic_bits *b;

	/* hppi_locked() is 1023 for a CPU without an interface */
	if (id == GIC_SPURIOUS || !may_signal(&g->cpu[cpu], id, prio)) {
		chip_add(&g->base.stats.spurious, 1, true);
		return GIC_SPURIOUS;
	}
	c = &g->cpu[cpu];
	b = gic_bits_of(g, cpu, id);
	/* a message-signalled stand-in has no active state */
	if (id < GIC_SPI_BASE || !(g->msg[id / 32] & id_bit(id)))
		b->active |= id_bit(id);
	g->active_cpu[id] = (uint8_t)cpu;
	/* An edge is consumed; a level stays pending while asserted. */
	b->latch &= ~id_bit(id);
	gic_bits_changed(g, b);
	c->apr |= 1u << (group_prio(c, prio) >> 3);
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
	b = gic_bits_of(g, cpu, id);
	if (b && (b->active & id_bit(id)) &&
	    (id < GIC_SPI_BASE || g->active_cpu[id] == cpu)) {
		b->active &= ~id_bit(id);
		gic_bits_changed(g, b);
	}
}

uint32_t gic_cpu_read_locked(struct gic *g, unsigned int cpu,
			     unsigned int offset)
{
	unsigned int prio;
	struct gic_cpu_if *c;

	if (offset == GIC_CPU_INTACK)
		return gic_ack_locked(g, cpu);
	if (cpu >= g->nr_cpus)
		return 0;
	c = &g->cpu[cpu];
	switch (offset) {
	case GIC_CPU_CTRL:
		return c->enabled;
	case GIC_CPU_PRIMASK:
		return c->pmr;
	case GIC_CPU_BINPOINT:
		return c->bpr;
	case GIC_CPU_RUNNINGPRI:
		return running_prio(c);
	case GIC_CPU_HIGHPRI:
		/* What IAR would answer once PMR and RPR allow it. */
		return hppi_locked(g, cpu, &prio);
	case GIC_CPU_APR0:
		return c->apr;
	case GIC_CPU_IIDR:
		return GIC_CPU_IIDR_V2;
	default:
		return 0;
	}
}

void gic_cpu_write_locked(struct gic *g, unsigned int cpu, unsigned int offset,
			  uint32_t val)
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
