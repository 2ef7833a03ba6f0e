// SPDX-License-Identifier: GPL-2.0
/*
 * The IO-APIC's hw_interrupt_types of Linux 2.6.17 for __do_IRQ():
 * ioapic_edge_type and ioapic_level_type, with their ->ack and ->end;
 * the operations they share with the 2.6.18 chip are drv/ioapic_2618.c's.
 */
#include <chips/ioapic.h>
#include "hw/ioapic_hw.h"

/*
 * 2.6.17's edge type. Disabling does nothing (the edge is let in and
 * recorded as IRQ_PENDING by __do_IRQ()); the ack of an edge that finds
 * the line both pending and disabled masks it for real, then EOIs.
 */
static unsigned int ioapic_legacy_startup(unsigned int irq)
{
	ioapic_unmask_as(irq, CHIP_ACC_STARTUP);
	return 0;
}

static void ioapic_legacy_enable(unsigned int irq)
{
	ioapic_unmask_as(irq, CHIP_ACC_ENABLE);
}

static void ioapic_edge_ack(unsigned int irq)
{
	struct ioapic *io = irq_to_ioapic(irq);

	move_native_irq((int)irq);
	if ((irq_desc[irq].status & (IRQ_PENDING | IRQ_DISABLED)) ==
	    (IRQ_PENDING | IRQ_DISABLED))
		ioapic_mask_as(irq, CHIP_ACC_ACK);
	ioapic_lapic_write_eoi(io, irq_pin(io, irq), CHIP_ACC_ACK);
}

/*
 * 2.6.17's level type. Nothing touches the IO-APIC while the interrupt is
 * handled: the ack does nothing, the vector stays in service (which blocks
 * its priority class on that CPU) and Remote IRR holds the line until the
 * end hook's EOI.
 */
static void ioapic_level_shutdown(unsigned int irq)
{
	ioapic_mask_as(irq, CHIP_ACC_SHUTDOWN);
}

static void ioapic_level_disable(unsigned int irq)
{
	ioapic_mask_as(irq, CHIP_ACC_DISABLE);
}

static void ioapic_level_end(unsigned int irq)
{
	ioapic_level_eoi(irq, CHIP_ACC_END);
}

/* clang-format off */
/*
 * The 2.6.17 types had no mask/unmask and no set_type; mask/unmask are
 * there because the port's core uses them to uninstall a line
 * (handle_bad_irq), set_type for set_irq_type() on the baseline, and
 * retrigger is 2.6.17's hw_resend_irq(), the same self-IPI.
 */
struct irq_chip ioapic_edge_type = {
	.name		= "IO-APIC-edge",
	.startup	= ioapic_legacy_startup,
	.shutdown	= ioapic_noop,
	.enable		= ioapic_legacy_enable,
	.disable	= ioapic_noop,
	.ack		= ioapic_edge_ack,
	.end		= ioapic_noop,
	.mask		= ioapic_mask,
	.unmask		= ioapic_unmask,
	.set_affinity	= ioapic_set_affinity,
	.retrigger	= ioapic_retrigger,
	.set_type	= ioapic_set_type,
};
/* clang-format on */

/* clang-format off */
struct irq_chip ioapic_level_type = {
	.name		= "IO-APIC-level",
	.startup	= ioapic_legacy_startup,
	.shutdown	= ioapic_level_shutdown,
	.enable		= ioapic_legacy_enable,
	.disable	= ioapic_level_disable,
	.ack		= ioapic_noop,
	.end		= ioapic_level_end,
	.mask		= ioapic_mask,
	.unmask		= ioapic_unmask,
	.set_affinity	= ioapic_set_affinity,
	.retrigger	= ioapic_retrigger,
	.set_type	= ioapic_set_type,
};
/* clang-format on */
