// SPDX-License-Identifier: GPL-2.0
/*
 * The UIO line's irq_chip for handle_level_irq, as a 2.6.18 driver for a
 * PCI INTx device would have written it: mask and unmask the line (the
 * model's line_mask()), ack the device through its backend.
 */
#include <errno.h>
#include <chips/uio.h>
#include "hw/uio_hw.h"

void uio_ack_as(unsigned int irq, enum chip_acc acc)
{
	struct uio_chip *u = irq_to_uio(irq);

	if (u->be->ack)
		u->be->ack(u, acc);
}

void uio_mask(unsigned int irq)
{
	uio_line_mask(irq_to_uio(irq), CHIP_ACC_MASK, true);
}

void uio_unmask(unsigned int irq)
{
	uio_line_mask(irq_to_uio(irq), CHIP_ACC_UNMASK, false);
}

static void uio_ack(unsigned int irq)
{
	uio_ack_as(irq, CHIP_ACC_ACK);
}

static void uio_mask_ack(unsigned int irq)
{
	uio_line_mask(irq_to_uio(irq), CHIP_ACC_MASK_ACK, true);
	uio_ack_as(irq, CHIP_ACC_MASK_ACK);
}

/* INTx is level-triggered and active low on the wire; nothing to program. */
int uio_set_type(unsigned int irq, unsigned int type)
{
	(void)irq;
	type &= IRQ_TYPE_SENSE_MASK;
	return type == IRQ_TYPE_LEVEL_HIGH || type == IRQ_TYPE_NONE ? 0 :
								      -EINVAL;
}

/* clang-format off */
struct irq_chip uio_chip = {
	.name		= "UIO",
	.mask		= uio_mask,
	.unmask		= uio_unmask,
	.ack		= uio_ack,
	.mask_ack	= uio_mask_ack,
	.set_type	= uio_set_type,
};
/* clang-format on */
