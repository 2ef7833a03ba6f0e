// SPDX-License-Identifier: GPL-2.0
/*
 * The __do_IRQ design gets the chip 2.6.17's ARM irqchip amounted to in
 * hw_interrupt_type terms: ->ack masks (INTENCLEAR), ->end unmasks
 * (INTENABLE) unless the line was disabled or is still in progress
 * elsewhere, as the i386 level chips' end did.
 */
#include <chips/vic.h>
#include "hw/vic_hw.h"

static void vic_legacy_end(unsigned int irq)
{
	struct vic *v = irq_to_vic(irq);

	if (!(irq_desc[irq].status & (IRQ_DISABLED | IRQ_INPROGRESS)))
		vic_intenable(v, irq_line(v, irq), CHIP_ACC_END,
			      irq_bit(v, irq));
}

/* clang-format off */
struct irq_chip vic_legacy_chip = {
	.name		= "VIC",
	.ack		= vic_ack_irq,
	.mask		= vic_mask_irq,
	.unmask		= vic_unmask_irq,
	.end		= vic_legacy_end,
	.set_type	= vic_set_type,
};
/* clang-format on */
