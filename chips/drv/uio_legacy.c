// SPDX-License-Identifier: GPL-2.0
/*
 * The UIO line's hw_interrupt_type for __do_IRQ(), as 2.6.17 drivers
 * wrote one for a level line: ->ack masks and acknowledges, ->end
 * unmasks unless the line was disabled or is in progress.
 */
#include <chips/uio.h>
#include "hw/uio_hw.h"

/* 2.6.17's level type: ack masks and acknowledges, end unmasks. */
static unsigned int uio_legacy_startup(unsigned int irq)
{
	uio_line_mask(irq_to_uio(irq), CHIP_ACC_STARTUP, false);
	return 0;
}

static void uio_legacy_shutdown(unsigned int irq)
{
	uio_line_mask(irq_to_uio(irq), CHIP_ACC_SHUTDOWN, true);
}

static void uio_legacy_enable(unsigned int irq)
{
	uio_line_mask(irq_to_uio(irq), CHIP_ACC_ENABLE, false);
}

static void uio_legacy_disable(unsigned int irq)
{
	uio_line_mask(irq_to_uio(irq), CHIP_ACC_DISABLE, true);
}

static void uio_legacy_ack(unsigned int irq)
{
	uio_line_mask(irq_to_uio(irq), CHIP_ACC_ACK, true);
	uio_ack_as(irq, CHIP_ACC_ACK);
}

static void uio_legacy_end(unsigned int irq)
{
	struct irq_desc *desc = irq_desc + irq;

	if (!(desc->status & (IRQ_DISABLED | IRQ_INPROGRESS)) && desc->action)
		uio_line_mask(irq_to_uio(irq), CHIP_ACC_END, false);
}

/* clang-format off */
struct irq_chip uio_level_type = {
	.name		= "UIO-level",
	.startup	= uio_legacy_startup,
	.shutdown	= uio_legacy_shutdown,
	.enable		= uio_legacy_enable,
	.disable	= uio_legacy_disable,
	.ack		= uio_legacy_ack,
	.end		= uio_legacy_end,
	.mask		= uio_mask,
	.unmask		= uio_unmask,
	.set_type	= uio_set_type,
};
/* clang-format on */
