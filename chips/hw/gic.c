// SPDX-License-Identifier: GPL-2.0
/*
 * A register-level model of the ARM Generic Interrupt Controller: the
 * model's costed bus accesses, the CPU's acknowledge cycle (the IAR read
 * of the entry code), the device side, its creation and reset as
 * gic_dist_init()/gic_cpu_init() made it, and the register API the tests
 * and the harness use. The registers' semantics are hw/gic_regs.c's; the
 * two Linux drivers it is programmed through are drv/gic_2618.c and
 * drv/gic_legacy.c.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <chips/gic.h>
#include <chips/kind.h>
#include "hw/gic_hw.h"
#include "skeleton.h"

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

/* The bus cycles, each counted and costed by gic_bus_lock(). */
uint32_t gic_dist_rd(struct gic *g, unsigned int line, enum chip_acc acc,
		     unsigned int cpu, unsigned int offset)
{
	unsigned long flags;
	uint32_t v;

	flags = gic_bus_lock(g, line, acc, g->cost.dist_read_ns, false);
	v = gic_dist_read_locked(g, cpu, offset);
	gic_unlock(g, flags);
	return v;
}

void gic_dist_wr(struct gic *g, unsigned int line, enum chip_acc acc,
		 unsigned int cpu, unsigned int offset, uint32_t val)
{
	unsigned long flags;

	flags = gic_bus_lock(g, line, acc, g->cost.dist_write_ns, true);
	gic_dist_write_locked(g, cpu, offset, val);
	gic_unlock(g, flags);
}

static uint32_t cpu_rd(struct gic *g, unsigned int line, enum chip_acc acc,
		       unsigned int cpu, unsigned int offset)
{
	unsigned long flags;
	uint32_t v;

	flags = gic_bus_lock(g, line, acc, g->cost.cpu_read_ns, false);
	v = gic_cpu_read_locked(g, cpu, offset);
	gic_unlock(g, flags);
	return v;
}

void gic_cpu_wr(struct gic *g, unsigned int line, enum chip_acc acc,
		unsigned int cpu, unsigned int offset, uint32_t val)
{
	unsigned long flags;

	flags = gic_bus_lock(g, line, acc, g->cost.cpu_write_ns, true);
	gic_cpu_write_locked(g, cpu, offset, val);
	gic_unlock(g, flags);
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
int gic_inta(unsigned int cpu, unsigned int irq, void *ctx)
{
	struct gic *g = ctx;
	unsigned long flags;
	uint32_t id;

	flags = gic_bus_lock(g, irq_to_id(g, irq), CHIP_ACC_ACK,
			     g->cost.cpu_read_ns, false);
	if (cpu < g->nr_cpus)
		g->cpu[cpu].posted = false;
	id = gic_ack_locked(g, cpu);
	gic_unlock(g, flags);
	return id == GIC_SPURIOUS ? -1 : (int)(g->base.irq_base + id);
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
	b = gic_bits_of(g, cpu, id);
	if ((b->edge & bit) && level && !(b->level & bit)) {
		b->latch |= bit;
		if (!(b->enabled & bit))
			chip_add(&g->base.stats.latched, 1, true);
	}
	if (level)
		b->level |= bit;
	else
		b->level &= ~bit;
	gic_bits_changed(g, b);
	gic_unlock(g, flags);
}

static const struct chip_forms gic_forms = {
	.chip = &gic_chip,
	.legacy = &gic_legacy_chip,
};

static void gic_set_design(struct chip_model *m, enum chip_design design)
{
	for (unsigned int id = GIC_PPI_BASE; id < nr_ids(to_gic(m)); id++)
		chip_forms_set(m->irq_base + id, &gic_forms, design,
			       flow_of(id));
}

/*
 * Uninstalling with handle_bad_irq calls ->mask and ->ack, and the flow
 * chip has no ->ack: go through dummy_irq_chip, then leave no_irq_chip.
 */
static void gic_destroy(struct chip_model *m)
{
	struct gic *g = to_gic(m);

	for (unsigned int id = GIC_PPI_BASE; id < nr_ids(g); id++)
		chip_line_release(m->irq_base + id,
				  CHIP_REL_INTA | CHIP_REL_DUMMY);
	chip_model_free(m);
}

static void gic_set_arch(struct chip_model *m, enum genirq_arch arch)
{
	(void)m;
	gic_apply_arch(arch);
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

	gic_dist_wr(g, CHIP_LINE_NONE, CHIP_ACC_INIT, 0, GIC_DIST_CTRL, 0);
	for (unsigned int i = GIC_SPI_BASE; i < n; i += 16)
		gic_dist_wr(g, CHIP_LINE_NONE, CHIP_ACC_INIT, 0,
			    GIC_DIST_CONFIG + i / 4, 0);
	for (unsigned int i = GIC_SPI_BASE; i < n; i += 4)
		gic_dist_wr(g, CHIP_LINE_NONE, CHIP_ACC_INIT, 0,
			    GIC_DIST_TARGET + i, cpu0);
	for (unsigned int i = GIC_SPI_BASE; i < n; i += 4)
		gic_dist_wr(g, CHIP_LINE_NONE, CHIP_ACC_INIT, 0,
			    GIC_DIST_PRI + i, GIC_DEFAULT_PRIO * 0x01010101u);
	for (unsigned int i = GIC_SPI_BASE; i < n; i += 32)
		gic_dist_wr(g, CHIP_LINE_NONE, CHIP_ACC_INIT, 0,
			    GIC_DIST_ENABLE_CLEAR + i / 8, 0xffffffffu);
	gic_dist_wr(g, CHIP_LINE_NONE, CHIP_ACC_INIT, 0, GIC_DIST_CTRL, 1);

	for (unsigned int cpu = 0; cpu < g->nr_cpus; cpu++) {
		gic_dist_wr(g, CHIP_LINE_NONE, CHIP_ACC_INIT, cpu,
			    GIC_DIST_ENABLE_CLEAR, 0xffff0000u);
		for (unsigned int i = 0; i < GIC_SPI_BASE; i += 4)
			gic_dist_wr(g, CHIP_LINE_NONE, CHIP_ACC_INIT, cpu,
				    GIC_DIST_PRI + i,
				    GIC_DEFAULT_PRIO * 0x01010101u);
		gic_cpu_wr(g, CHIP_LINE_NONE, CHIP_ACC_INIT, cpu,
			   GIC_CPU_PRIMASK, GIC_DEFAULT_PMR);
		gic_cpu_wr(g, CHIP_LINE_NONE, CHIP_ACC_INIT, cpu, GIC_CPU_CTRL,
			   1);
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
	g = chip_model_alloc(sizeof(*g),
			     &(const struct chip_model){
				     .name = "gic",
				     .ops = &gic_ops,
				     .cost_fields = gic_cost_fields,
				     .irq_base = irq_base,
				     .nr_inputs = GIC_SPI_BASE + nr_spis,
			     },
			     offsetof(struct gic, cost));
	if (!g)
		return NULL;
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
	for (unsigned int cpu = 0; cpu < GIC_MAX_CPUS; cpu++)
		g->cpu[cpu].bank.live_bit = 1ull << cpu;
	for (unsigned int w = 1; w < GIC_NR_WORDS; w++)
		g->spi[w].live_bit = 1ull << (GIC_LIVE_SPI + w);
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

	if (!is_gic(m) || !gic_prio_of(g, me, id))
		return -EINVAL;
	flags = gic_bus_lock(g, CHIP_LINE_NONE, CHIP_ACC_INIT,
			     g->cost.dist_write_ns, true);
	gic_write_byte_locked(g, me, GIC_DIST_PRI + id, prio);
	gic_unlock(g, flags);
	return 0;
}

int gic_set_message_signalled(struct chip_model *m, unsigned int id, bool on)
{
	struct gic *g = to_gic(m);
	unsigned long flags;

	if (!is_gic(m) || id < GIC_SPI_BASE || id >= nr_ids(g))
		return -EINVAL;
	flags = gic_lock(g);
	if (on)
		g->msg[id / 32] |= id_bit(id);
	else
		g->msg[id / 32] &= ~id_bit(id);
	gic_unlock(g, flags);
	return 0;
}

int gic_set_pmr(struct chip_model *m, unsigned int cpu, uint8_t pmr)
{
	if (!is_gic(m) || cpu >= to_gic(m)->nr_cpus)
		return -EINVAL;
	gic_cpu_wr(to_gic(m), CHIP_LINE_NONE, CHIP_ACC_INIT, cpu,
		   GIC_CPU_PRIMASK, pmr);
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
	return is_gic(m) ? gic_dist_rd(to_gic(m), CHIP_LINE_NONE, CHIP_ACC_INIT,
				       cpu, offset) :
			   0;
}

void gic_dist_write(struct chip_model *m, unsigned int cpu, unsigned int offset,
		    uint32_t val)
{
	if (is_gic(m))
		gic_dist_wr(to_gic(m), CHIP_LINE_NONE, CHIP_ACC_INIT, cpu,
			    offset, val);
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
		gic_cpu_wr(to_gic(m), CHIP_LINE_NONE, CHIP_ACC_INIT, cpu,
			   offset, val);
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
