// SPDX-License-Identifier: GPL-2.0
/*
 * The IO-APIC's irq_chip of arch/i386/kernel/io_apic.c in Linux 2.6.18,
 * ioapic_chip, run by handle_edge_irq or handle_fasteoi_irq as the line's
 * trigger says: mask and unmask by the entry's mask bit, ->eoi the local
 * APIC's EOI (and, for a level entry the CPU saw as edge, the 82093AA
 * workaround), set_affinity, retrigger by a self-IPI, set_type. The
 * legacy form (drv/ioapic_legacy.c) shares most of them.
 */
#include <errno.h>
#include <chips/ioapic.h>
#include "hw/ioapic_hw.h"

/*
 * Operations shared by both designs. Each takes the chip_acc it counts
 * under, because 2.6.17 reused the same helpers for different hooks.
 */
void ioapic_mask_as(unsigned int irq, enum chip_acc acc)
{
	struct ioapic *io = irq_to_ioapic(irq);

	ioapic_modify(io, acc, irq_pin(io, irq), IOAPIC_RTE_MASKED, 0);
}

void ioapic_unmask_as(unsigned int irq, enum chip_acc acc)
{
	struct ioapic *io = irq_to_ioapic(irq);

	ioapic_modify(io, acc, irq_pin(io, irq), 0, IOAPIC_RTE_MASKED);
}

void ioapic_mask(unsigned int irq)
{
	ioapic_mask_as(irq, CHIP_ACC_MASK);
}

void ioapic_unmask(unsigned int irq)
{
	ioapic_unmask_as(irq, CHIP_ACC_UNMASK);
}

/*
 * startup_ioapic_irq(): unmask. The kernel's "was pending" answer came
 * from an i8259 behind IRQs 0-15, which this machine does not have.
 */
static unsigned int ioapic_startup(unsigned int irq)
{
	ioapic_unmask_as(irq, CHIP_ACC_STARTUP);
	return 0;
}

void ioapic_noop(unsigned int irq)
{
	(void)irq;
}

/*
 * The level EOI of both designs (ack_ioapic_quirk_irq() in 2.6.18,
 * end_level_ioapic_irq() in 2.6.17): read TMR, EOI, and if the vector was
 * not accepted as level (82093AA erratum: the EOI message never went out)
 * clear Remote IRR by hand by making the entry edge and then level again,
 * masked meanwhile so no edge escapes.
 */
void ioapic_level_eoi(unsigned int irq, enum chip_acc acc)
{
	struct ioapic *io = irq_to_ioapic(irq);
	unsigned int pin = irq_pin(io, irq);
	unsigned long flags;
	bool tmr;

	move_native_irq((int)irq);
	tmr = ioapic_lapic_read_tmr(io, pin, acc, io->pin_vector[pin]);
	ioapic_lapic_write_eoi(io, pin, acc);
	if (tmr)
		return;
	chip_count(&io->mis_count);
	spin_lock_irqsave(&io->ioapic_lock, flags);
	__ioapic_modify(io, acc, pin, IOAPIC_RTE_MASKED, IOAPIC_RTE_LEVEL);
	__ioapic_modify(io, acc, pin, IOAPIC_RTE_LEVEL, IOAPIC_RTE_MASKED);
	spin_unlock_irqrestore(&io->ioapic_lock, flags);
}

/* set_ioapic_affinity_irq(): rewrite the destination, the high word. */
void ioapic_set_affinity(unsigned int irq, cpumask_t mask)
{
	struct ioapic *io = irq_to_ioapic(irq);
	unsigned long flags;
	unsigned int cpu;

	for (cpu = 0; cpu < io->nr_cpus; cpu++)
		if (cpu_isset(cpu, mask) && cpu_online(cpu))
			break;
	if (cpu == io->nr_cpus)
		return; /* no local APIC of ours there: leave it where it is */
	spin_lock_irqsave(&io->ioapic_lock, flags);
	io_apic_write(io, irq_pin(io, irq), CHIP_ACC_SET_AFFINITY,
		      IOAPIC_REG_RTE_HI(irq_pin(io, irq)), cpu << 24);
	spin_unlock_irqrestore(&io->ioapic_lock, flags);
}

/* ioapic_retrigger_irq(), and 2.6.17's hw_resend_irq(): a self-IPI. */
int ioapic_retrigger(unsigned int irq)
{
	struct ioapic *io = irq_to_ioapic(irq);

	if (smp_processor_id() >= io->nr_cpus)
		return 0; /* no local APIC to send from: software resend */
	ioapic_lapic_send_ipi_self(io, irq_pin(io, irq), CHIP_ACC_RETRIGGER,
				   io->pin_vector[irq_pin(io, irq)]);
	return 1;
}

/*
 * Program trigger and polarity, and give the line the handling its new
 * trigger needs: the flow handler on CHIP_DESIGN_FLOW, the 2.6.17 type on
 * the __do_IRQ() baseline. Called with the descriptor lock held, so the
 * legacy type is swapped in directly rather than through set_irq_chip();
 * both legacy types have every operation, so no defaults are missing.
 */
int ioapic_set_type(unsigned int irq, unsigned int type)
{
	struct ioapic *io = irq_to_ioapic(irq);
	struct irq_desc *desc = irq_desc + irq;
	uint32_t set = 0, clear = 0;
	bool level;

	switch (type & IRQ_TYPE_SENSE_MASK) {
	case IRQ_TYPE_EDGE_RISING:
		clear = IOAPIC_RTE_LEVEL | IOAPIC_RTE_POLARITY;
		break;
	case IRQ_TYPE_EDGE_FALLING:
		set = IOAPIC_RTE_POLARITY;
		clear = IOAPIC_RTE_LEVEL;
		break;
	case IRQ_TYPE_LEVEL_HIGH:
		set = IOAPIC_RTE_LEVEL;
		clear = IOAPIC_RTE_POLARITY;
		break;
	case IRQ_TYPE_LEVEL_LOW:
		set = IOAPIC_RTE_LEVEL | IOAPIC_RTE_POLARITY;
		break;
	default:
		return -EINVAL; /* an entry has one trigger and one polarity */
	}
	level = set & IOAPIC_RTE_LEVEL;
	ioapic_modify(io, CHIP_ACC_SET_TYPE, irq_pin(io, irq), set, clear);

	if (level)
		desc->status |= IRQ_LEVEL;
	else
		desc->status &= ~IRQ_LEVEL;
	if (desc->handle_irq)
		__set_irq_handler_unlocked(irq, level ? handle_fasteoi_irq :
							handle_edge_irq);
	else
		desc->chip = level ? &ioapic_level_type : &ioapic_edge_type;
	return 0;
}

/*
 * 2.6.18 marked edge lines IRQ_DELAYED_DISABLE: disabling one does not
 * mask it, since a masked IO-APIC entry loses edges; handle_edge_irq()
 * masks it when an edge does arrive, and enable_irq() resends that edge.
 * IRQ_DELAYED_DISABLE is ARM's (genirq_set_arch()) and an i386 line has
 * none, so the chip does it here, whatever the run's architecture.
 */
static void ioapic_disable(unsigned int irq)
{
	if (irq_desc[irq].status & IRQ_LEVEL)
		ioapic_mask_as(irq, CHIP_ACC_DISABLE);
}

/* ack_ioapic_irq(): edge lines are acked at the local APIC only. */
static void ioapic_ack(unsigned int irq)
{
	struct ioapic *io = irq_to_ioapic(irq);

	move_native_irq((int)irq);
	ioapic_lapic_write_eoi(io, irq_pin(io, irq), CHIP_ACC_ACK);
}

static void ioapic_eoi(unsigned int irq)
{
	ioapic_level_eoi(irq, CHIP_ACC_EOI);
}

/* clang-format off */
struct irq_chip ioapic_chip = {
	.name		= "IO-APIC",
	.startup	= ioapic_startup,
	.disable	= ioapic_disable,
	.mask		= ioapic_mask,
	.unmask		= ioapic_unmask,
	.ack		= ioapic_ack,
	.eoi		= ioapic_eoi,
	.set_affinity	= ioapic_set_affinity,
	.retrigger	= ioapic_retrigger,
	.set_type	= ioapic_set_type,
};
/* clang-format on */
