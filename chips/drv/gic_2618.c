// SPDX-License-Identifier: GPL-2.0
/*
 * The GIC's irq_chip for the genirq flow handlers, as arch/arm/common/gic.c
 * became after 2.6.18: handle_fasteoi_irq for SPIs, a per-CPU flow for
 * PPIs, ->eoi a GICC_EOIR write; the acknowledge is the GICC_IAR read of
 * the entry code (hw/gic.c's gic_inta()). On a run whose architecture is
 * ARM neither of the GIC's chips has a ->retrigger, as 2.6.18's had none.
 */
#include <errno.h>
#include <chips/gic.h>
#include "hw/gic_hw.h"

/* Chip operations: the calling simulated CPU is the bus master. */

void gic_mask_irq(unsigned int irq)
{
	struct gic *g = irq_to_gic(irq);
	unsigned int id = irq_to_id(g, irq);

	gic_dist_wr(g, id, CHIP_ACC_MASK, smp_processor_id(),
		    bit_word(GIC_DIST_ENABLE_CLEAR, id), id_bit(id));
}

void gic_unmask_irq(unsigned int irq)
{
	struct gic *g = irq_to_gic(irq);
	unsigned int id = irq_to_id(g, irq);

	gic_dist_wr(g, id, CHIP_ACC_UNMASK, smp_processor_id(),
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
	gic_cpu_wr(g, id, CHIP_ACC_EOI, smp_processor_id(), GIC_CPU_EOI, id);
}

/* The kernel's gic_set_cpu(): one target, read-modify-write. */
void gic_set_affinity(unsigned int irq, cpumask_t dest)
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
	val = gic_dist_rd(g, id, CHIP_ACC_SET_AFFINITY, me, reg) &
	      ~(0xffu << shift);
	val |= 1u << (cpu + shift);
	gic_dist_wr(g, id, CHIP_ACC_SET_AFFINITY, me, reg, val);
	spin_unlock_irqrestore(&g->controller_lock, flags);
}

/*
 * The kernel's later gic_set_type(): GIC inputs are active-high level or
 * rising edge; the configuration is changed with the interrupt disabled,
 * as IHI 0048 asks. Both kinds run handle_fasteoi_irq (SPIs) or stay per
 * CPU (PPIs, whose configuration is banked: this configures the calling
 * CPU's). Called with the descriptor lock held.
 */
int gic_set_type(unsigned int irq, unsigned int type)
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
	val = gic_dist_rd(g, id, CHIP_ACC_SET_TYPE, me, conf);
	if (type == IRQ_TYPE_LEVEL_HIGH)
		val &= ~confmask;
	else
		val |= confmask;
	enabled = gic_dist_rd(g, id, CHIP_ACC_SET_TYPE, me, en) & id_bit(id);
	if (enabled)
		gic_dist_wr(g, id, CHIP_ACC_SET_TYPE, me,
			    bit_word(GIC_DIST_ENABLE_CLEAR, id), id_bit(id));
	gic_dist_wr(g, id, CHIP_ACC_SET_TYPE, me, conf, val);
	if (enabled)
		gic_dist_wr(g, id, CHIP_ACC_SET_TYPE, me, en, id_bit(id));
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
int gic_retrigger(unsigned int irq)
{
	struct gic *g = irq_to_gic(irq);
	unsigned int id = irq_to_id(g, irq);

	gic_dist_wr(g, id, CHIP_ACC_RETRIGGER, smp_processor_id(),
		    bit_word(GIC_DIST_PENDING_SET, id), id_bit(id));
	return 1;
}

/* clang-format off */
struct irq_chip gic_chip = {
	.name		= "GIC",
	.mask		= gic_mask_irq,
	.unmask		= gic_unmask_irq,
	.eoi		= gic_eoi_irq,
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
void gic_apply_arch(enum genirq_arch arch)
{
	int (*retrigger)(unsigned int) =
		arch == GENIRQ_ARCH_ARM ? NULL : gic_retrigger;

	gic_chip.retrigger = retrigger;
	gic_legacy_chip.retrigger = retrigger;
}
