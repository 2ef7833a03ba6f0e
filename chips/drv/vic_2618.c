// SPDX-License-Identifier: GPL-2.0
/*
 * The VIC's irq_chip of arch/arm/common/vic.c in Linux 2.6.18, run by
 * handle_level_irq: ->ack and ->mask are INTENCLEAR writes (the chip has
 * no mask_ack: two writes per interrupt), ->unmask INTENABLE.
 */
#include <errno.h>
#include <chips/vic.h>
#include "hw/vic_hw.h"

void vic_mask_irq(unsigned int irq)
{
	struct vic *v = irq_to_vic(irq);

	vic_intenclear(v, irq_line(v, irq), CHIP_ACC_MASK, irq_bit(v, irq));
}

/* 2.6.18 acks by masking: the level source is cleared by its driver. */
void vic_ack_irq(unsigned int irq)
{
	struct vic *v = irq_to_vic(irq);

	vic_intenclear(v, irq_line(v, irq), CHIP_ACC_ACK, irq_bit(v, irq));
}

void vic_unmask_irq(unsigned int irq)
{
	struct vic *v = irq_to_vic(irq);

	vic_intenable(v, irq_line(v, irq), CHIP_ACC_UNMASK, irq_bit(v, irq));
}

/*
 * The inputs are active-high levels and nothing else. Recording IRQ_LEVEL
 * lets irq_set_level_noresend() keep check_irq_resend() from replaying a
 * line the hardware re-presents by itself; 2.6.18 replays it, and the
 * handler finds its device already served. No register is touched.
 */
int vic_set_type(unsigned int irq, unsigned int type)
{
	struct irq_desc *desc = irq_desc + irq;

	if (type != IRQ_TYPE_NONE && type != IRQ_TYPE_LEVEL_HIGH)
		return -EINVAL;
	desc->status |= IRQ_LEVEL;
	return 0;
}

/* clang-format off */
struct irq_chip vic_chip = {
	.name		= "VIC",
	.ack		= vic_ack_irq,
	.mask		= vic_mask_irq,
	.unmask		= vic_unmask_irq,
	.set_type	= vic_set_type,
};
/* clang-format on */
