// SPDX-License-Identifier: GPL-2.0
/*
 * The GIC's chip for __do_IRQ(): the ack/end of arch/arm/common/gic.c's
 * 2.6.17/2.6.18 form, whose gic_ack_irq() masked the line (GICD_ICENABLER)
 * and wrote GICC_EOIR at once, the line being unmasked by ->end when the
 * handler was done. Mask, unmask, set_type and set_affinity are the
 * 2.6.18 chip's (drv/gic_2618.c).
 */
#include <chips/gic.h>
#include "hw/gic_hw.h"

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

	gic_dist_wr(g, id, CHIP_ACC_ACK, me,
		    bit_word(GIC_DIST_ENABLE_CLEAR, id), id_bit(id));
	if (id >= GIC_SPI_BASE && (irq_desc[irq].status & IRQ_MOVE_PENDING))
		move_masked_irq((int)irq);
	gic_cpu_wr(g, id, CHIP_ACC_ACK, me, GIC_CPU_EOI, id);
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
	gic_dist_wr(g, id, CHIP_ACC_END, smp_processor_id(),
		    bit_word(GIC_DIST_ENABLE_SET, id), id_bit(id));
}

/* clang-format off */
struct irq_chip gic_legacy_chip = {
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
