// SPDX-License-Identifier: GPL-2.0
/*
 * The IO-APIC's and the local APICs' registers and logic (82093AA data
 * sheet; Intel SDM vol. 3, chapter 10): the redirection table behind
 * IOREGSEL/IOWIN, remote IRR and the EOI message for level entries, and a
 * local APIC per CPU that accepts messages into IRR, moves the highest to
 * ISR on the CPU's acknowledge and raises the next on EOI. No cost is
 * paid here: hw/ioapic.c's accessors count and cost each access.
 */
#include <errno.h>
#include <stdlib.h>
#include <chips/ioapic.h>
#include "hw/ioapic_hw.h"

int ioapic_vec_highest(const uint64_t *r)
{
	for (int i = VEC_WORDS - 1; i >= 0; i--)
		if (r[i])
			return i * 64 + 63 - __builtin_clzll(r[i]);
	return -1;
}

unsigned int ioapic_vector_irq(const struct ioapic *io, unsigned int vector)
{
	return io->base.irq_base + (unsigned int)io->vector_pin[vector];
}

/*
 * Whether @vector would be taken now. With the task priority at 0, the
 * processor priority is the class of the highest in-service vector, and
 * only a higher class interrupts it (SDM vol. 3, 10.8.3.1).
 */
bool ioapic_lapic_deliverable(const struct lapic *l, int vector)
{
	int isrv = ioapic_vec_highest(l->isr);

	return vector >= 0 && (isrv < 0 || (vector & 0xf0) > (isrv & 0xf0));
}

/*
 * A message arrives at @cpu's local APIC. Called with local interrupts
 * off, so that raising on the calling CPU only posts the vector. A vector
 * already in IRR merges with it, as the register has one bit per vector.
 */
void ioapic_lapic_accept(struct ioapic *io, unsigned int cpu,
			 unsigned int vector, bool level)
{
	struct lapic *l = &io->lapic[cpu];

	spin_lock(&l->lock);
	vec_set(l->irr, vector);
	if (level)
		vec_set(l->tmr, vector);
	else
		vec_clear(l->tmr, vector);
	chip_count(&io->base.stats.delivered);
	if (!ioapic_lapic_deliverable(l, (int)vector))
		chip_count(&io->base.stats.latched);
	irq_cpu_raise(cpu, ioapic_vector_irq(io, vector));
	spin_unlock(&l->lock);
}

/*
 * The interrupt-acknowledge cycle. The CPU takes its pending irqs lowest
 * first, but the local APIC answers with its highest deliverable vector,
 * which may be another line's. The line the CPU asked about then stays in
 * IRR, blocked by the vector just put in service, and the EOI of that
 * vector presents it again: every vector in IRR is either raised on the
 * CPU or waits for the EOI that unblocks it.
 */
int ioapic_inta(unsigned int cpu, unsigned int irq, void *ctx)
{
	struct ioapic *io = ctx;
	struct lapic *l;
	int vector, ret = -1;

	(void)irq;
	if (cpu >= io->nr_cpus)
		return -1;
	l = &io->lapic[cpu];

	spin_lock(&l->lock);
	vector = ioapic_vec_highest(l->irr);
	if (ioapic_lapic_deliverable(l, vector)) {
		vec_clear(l->irr, (unsigned int)vector);
		vec_set(l->isr, (unsigned int)vector);
		ret = (int)ioapic_vector_irq(io, (unsigned int)vector);
	}
	spin_unlock(&l->lock);
	return ret;
}

/* Under io->hw: send @pin's message; a level entry then waits for EOI. */
void ioapic_send(struct ioapic *io, unsigned int pin)
{
	uint64_t rte = io->rte[pin];
	unsigned int dest = (unsigned int)(rte >> IOAPIC_RTE_DEST_SHIFT);
	bool level = rte & IOAPIC_RTE_LEVEL;

	if (level)
		io->rte[pin] |= IOAPIC_RTE_REMOTE_IRR;
	if (dest < io->nr_cpus)
		ioapic_lapic_accept(io, dest,
				    (unsigned int)(rte & IOAPIC_RTE_VECTOR),
				    level);
}

/* Under io->hw: a level entry sends whenever it can and its input is on. */
void ioapic_level_check(struct ioapic *io, unsigned int pin)
{
	uint64_t rte = io->rte[pin];

	if ((rte & (IOAPIC_RTE_LEVEL | IOAPIC_RTE_MASKED |
		    IOAPIC_RTE_REMOTE_IRR)) == IOAPIC_RTE_LEVEL &&
	    io->input[pin])
		ioapic_send(io, pin);
}

/*
 * The EOI message for @vector: Remote IRR of the level entries using it
 * is cleared, and an input still asserted sends again at once.
 */
void ioapic_eoi_message(struct ioapic *io, unsigned int vector)
{
	unsigned long flags;

	spin_lock_irqsave(&io->hw, flags);
	for (unsigned int pin = 0; pin < IOAPIC_NR_PINS; pin++) {
		if ((io->rte[pin] & IOAPIC_RTE_VECTOR) != vector ||
		    !(io->rte[pin] & IOAPIC_RTE_LEVEL))
			continue;
		io->rte[pin] &= ~IOAPIC_RTE_REMOTE_IRR;
		ioapic_level_check(io, pin);
	}
	spin_unlock_irqrestore(&io->hw, flags);
}

static uint32_t ioapic_reg_read(struct ioapic *io, uint32_t reg)
{
	unsigned int pin = (reg - 0x10) / 2;

	switch (reg) {
	case IOAPIC_REG_ID:
	case IOAPIC_REG_ARB: /* the arbitration ID is loaded from the ID */
		return io->id;
	case IOAPIC_REG_VER:
		return (IOAPIC_NR_PINS - 1) << 16 | IOAPIC_VERSION;
	}
	if (reg < 0x10 || pin >= IOAPIC_NR_PINS)
		return 0;
	return reg & 1 ? (uint32_t)(io->rte[pin] >> 32) :
			 (uint32_t)io->rte[pin];
}

/*
 * A write to an entry's low word takes effect at once: unmasking a level
 * entry whose input is asserted sends. Remote IRR means nothing to an edge
 * entry and is cleared when the entry is made edge-triggered, which is
 * what the kernel's erratum workaround relies on.
 */
static void ioapic_reg_write(struct ioapic *io, uint32_t reg, uint32_t val)
{
	unsigned int pin = (reg - 0x10) / 2;
	uint64_t rte;

	if (reg == IOAPIC_REG_ID) {
		io->id = val & IOAPIC_ID_MASK;
		return;
	}
	if (reg < 0x10 || pin >= IOAPIC_NR_PINS)
		return;
	rte = io->rte[pin];
	if (reg & 1) {
		/* Only the destination field is implemented in the high word. */
		rte = (rte & 0xffffffffULL) | (uint64_t)(val & 0xff000000u)
						      << 32;
		io->rte[pin] = rte;
		return;
	}
	rte = (rte & ~0xffffffffULL) |
	      (rte & (IOAPIC_RTE_DELIVS | IOAPIC_RTE_REMOTE_IRR)) |
	      (val & IOAPIC_RTE_LO_WRITABLE);
	if (!(rte & IOAPIC_RTE_LEVEL))
		rte &= ~IOAPIC_RTE_REMOTE_IRR;
	io->rte[pin] = rte;
	ioapic_level_check(io, pin);
}

/* The bus side of the two MMIO registers. */
void ioapic_mmio_write(struct ioapic *io, unsigned int offset, uint32_t val)
{
	unsigned long flags;

	spin_lock_irqsave(&io->hw, flags);
	if (offset == IOREGSEL)
		io->regsel = val & 0xff;
	else
		ioapic_reg_write(io, io->regsel, val);
	spin_unlock_irqrestore(&io->hw, flags);
}

uint32_t ioapic_mmio_read(struct ioapic *io, unsigned int offset)
{
	unsigned long flags;
	uint32_t val;

	spin_lock_irqsave(&io->hw, flags);
	val = offset == IOREGSEL ? io->regsel : ioapic_reg_read(io, io->regsel);
	spin_unlock_irqrestore(&io->hw, flags);
	return val;
}
