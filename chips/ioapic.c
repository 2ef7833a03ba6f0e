// SPDX-License-Identifier: GPL-2.0
/*
 * The IO-APIC and the local APICs, register by register. The IO-APIC holds
 * 24 redirection entries behind IOREGSEL/IOWIN (Intel 82093AA datasheet);
 * an edge on a masked entry is lost, a level entry sends once and sets
 * Remote IRR until the local APIC's EOI message for its vector clears it,
 * and sends again then if the input is still asserted. Each local APIC
 * (Intel SDM vol. 3, chapter 10) accepts messages into IRR, moves the
 * highest vector whose priority class beats the in-service one to ISR in
 * its acknowledge cycle, clears the highest ISR bit on an EOI write and,
 * for a vector accepted as level-triggered (TMR), broadcasts the EOI to
 * the IO-APIC. The irq_chips follow arch/i386/kernel/io_apic.c: 2.6.18's
 * ioapic_chip for the flow handlers (set_type picks handle_edge_irq or
 * handle_fasteoi_irq, as its ioapic_register_intr() did), and 2.6.17's
 * ioapic_edge_type and ioapic_level_type for __do_IRQ(), with the register
 * accesses those drivers made, counted under the operation that made them.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <chips/kind.h>
#include <chips/ioapic.h>

/* The two MMIO registers, at the IO-APIC's base (0xfec00000). */
#define IOREGSEL 0x00
#define IOWIN 0x10

/* The indirect registers IOREGSEL selects. */
#define IOAPIC_REG_ID 0x00
#define IOAPIC_REG_VER 0x01
#define IOAPIC_REG_ARB 0x02
#define IOAPIC_REG_RTE_LO(pin) (0x10 + 2 * (pin))
#define IOAPIC_REG_RTE_HI(pin) (0x11 + 2 * (pin))

#define IOAPIC_VERSION 0x11 /* the 82093AA's */
#define IOAPIC_ID_MASK 0x0f000000u

/* Bits software may write in an entry's low word; the rest are status. */
#define IOAPIC_RTE_LO_WRITABLE                                          \
	(IOAPIC_RTE_VECTOR | IOAPIC_RTE_DELMODE | IOAPIC_RTE_DESTMODE | \
	 IOAPIC_RTE_POLARITY | IOAPIC_RTE_LEVEL | IOAPIC_RTE_MASKED)

#define NR_VECTORS 256
#define VEC_WORDS (NR_VECTORS / 64)

/*
 * One local APIC. @lock stands for the APIC's own serialisation of its
 * registers: messages from the IO-APIC, the acknowledge cycle and EOI
 * writes of its CPU all update IRR/ISR/TMR together.
 */
struct lapic {
	spinlock_t lock;
	uint64_t irr[VEC_WORDS];
	uint64_t isr[VEC_WORDS];
	uint64_t tmr[VEC_WORDS];
} __attribute__((aligned(64)));

/*
 * @ioapic_lock is the driver's lock of that name: it keeps the IOREGSEL
 * write and the IOWIN access that follows it together when CPUs program
 * different lines at once. @hw is the chip's own serialisation of its
 * state between the CPUs' register accesses and the input pins.
 * Lock order: descriptor lock, ioapic_lock, hw, a local APIC's lock.
 */
struct ioapic {
	struct chip_model base;
	struct ioapic_cost cost;
	unsigned int nr_cpus;
	spinlock_t ioapic_lock;
	spinlock_t hw;
	uint32_t id;
	uint32_t regsel;
	uint64_t rte[IOAPIC_NR_PINS];
	bool input[IOAPIC_NR_PINS];
	unsigned long mis_count;
	uint8_t pin_vector[IOAPIC_NR_PINS];
	signed char vector_pin[NR_VECTORS]; /* the IDT: -1 for none */
	struct lapic *lapic;
};

const struct chip_cost_field ioapic_cost_fields[] = {
	{ "ioapic_read_ns", offsetof(struct ioapic_cost, ioapic_read_ns) },
	{ "ioapic_write_ns", offsetof(struct ioapic_cost, ioapic_write_ns) },
	{ "lapic_read_ns", offsetof(struct ioapic_cost, lapic_read_ns) },
	{ "lapic_eoi_ns", offsetof(struct ioapic_cost, lapic_eoi_ns) },
	{ "lapic_icr_ns", offsetof(struct ioapic_cost, lapic_icr_ns) },
	{ NULL, 0 },
};

static const struct chip_model_ops ioapic_ops;

static struct ioapic *to_ioapic(struct chip_model *m)
{
	return m && m->ops == &ioapic_ops ? (struct ioapic *)m : NULL;
}

static struct ioapic *irq_to_ioapic(unsigned int irq)
{
	return get_irq_chip_data(irq);
}

static unsigned int irq_pin(const struct ioapic *io, unsigned int irq)
{
	return irq - io->base.irq_base;
}

/* 256-bit vector registers. */
static void vec_set(uint64_t *r, unsigned int v)
{
	r[v / 64] |= 1ULL << (v % 64);
}

static void vec_clear(uint64_t *r, unsigned int v)
{
	r[v / 64] &= ~(1ULL << (v % 64));
}

static bool vec_test(const uint64_t *r, unsigned int v)
{
	return r[v / 64] >> (v % 64) & 1;
}

static int vec_highest(const uint64_t *r)
{
	for (int i = VEC_WORDS - 1; i >= 0; i--)
		if (r[i])
			return i * 64 + 63 - __builtin_clzll(r[i]);
	return -1;
}

static unsigned int vector_irq(const struct ioapic *io, unsigned int vector)
{
	return io->base.irq_base + (unsigned int)io->vector_pin[vector];
}

/*
 * Whether @vector would be taken now. With the task priority at 0, the
 * processor priority is the class of the highest in-service vector, and
 * only a higher class interrupts it (SDM vol. 3, 10.8.3.1).
 */
static bool lapic_deliverable(const struct lapic *l, int vector)
{
	int isrv = vec_highest(l->isr);

	return vector >= 0 && (isrv < 0 || (vector & 0xf0) > (isrv & 0xf0));
}

/*
 * A message arrives at @cpu's local APIC. Called with local interrupts
 * off, so that raising on the calling CPU only posts the vector. A vector
 * already in IRR merges with it, as the register has one bit per vector.
 */
static void lapic_accept(struct ioapic *io, unsigned int cpu,
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
	if (!lapic_deliverable(l, (int)vector))
		chip_count(&io->base.stats.latched);
	irq_cpu_raise(cpu, vector_irq(io, vector));
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
static int ioapic_inta(unsigned int cpu, unsigned int irq, void *ctx)
{
	struct ioapic *io = ctx;
	struct lapic *l;
	int vector, ret = -1;

	(void)irq;
	if (cpu >= io->nr_cpus)
		return -1;
	l = &io->lapic[cpu];

	spin_lock(&l->lock);
	vector = vec_highest(l->irr);
	if (lapic_deliverable(l, vector)) {
		vec_clear(l->irr, (unsigned int)vector);
		vec_set(l->isr, (unsigned int)vector);
		ret = (int)vector_irq(io, (unsigned int)vector);
	}
	spin_unlock(&l->lock);
	return ret;
}

/* Under io->hw: send @pin's message; a level entry then waits for EOI. */
static void ioapic_send(struct ioapic *io, unsigned int pin)
{
	uint64_t rte = io->rte[pin];
	unsigned int dest = (unsigned int)(rte >> IOAPIC_RTE_DEST_SHIFT);
	bool level = rte & IOAPIC_RTE_LEVEL;

	if (level)
		io->rte[pin] |= IOAPIC_RTE_REMOTE_IRR;
	if (dest < io->nr_cpus)
		lapic_accept(io, dest, (unsigned int)(rte & IOAPIC_RTE_VECTOR),
			     level);
}

/* Under io->hw: a level entry sends whenever it can and its input is on. */
static void ioapic_level_check(struct ioapic *io, unsigned int pin)
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
static void ioapic_eoi_message(struct ioapic *io, unsigned int vector)
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
static void ioapic_mmio_write(struct ioapic *io, unsigned int offset,
			      uint32_t val)
{
	unsigned long flags;

	spin_lock_irqsave(&io->hw, flags);
	if (offset == IOREGSEL)
		io->regsel = val & 0xff;
	else
		ioapic_reg_write(io, io->regsel, val);
	spin_unlock_irqrestore(&io->hw, flags);
}

static uint32_t ioapic_mmio_read(struct ioapic *io, unsigned int offset)
{
	unsigned long flags;
	uint32_t val;

	spin_lock_irqsave(&io->hw, flags);
	val = offset == IOREGSEL ? io->regsel : ioapic_reg_read(io, io->regsel);
	spin_unlock_irqrestore(&io->hw, flags);
	return val;
}

/*
 * The driver's accessors (io_apic_read/write/modify): an indirect read is
 * an IOREGSEL write and an IOWIN read; a modify after a read rewrites only
 * IOWIN, as IOREGSEL still selects the register. Callers hold ioapic_lock.
 * Each access is counted under @acc and the @line it is made for (a pin;
 * CHIP_LINE_NONE: set-up).
 */
static uint32_t io_apic_read(struct ioapic *io, unsigned int line,
			     enum chip_acc acc, uint32_t reg)
{
	chip_reg_write(&io->base, line, acc, io->cost.ioapic_write_ns);
	ioapic_mmio_write(io, IOREGSEL, reg);
	chip_reg_read(&io->base, line, acc, io->cost.ioapic_read_ns);
	return ioapic_mmio_read(io, IOWIN);
}

static void io_apic_write(struct ioapic *io, unsigned int line,
			  enum chip_acc acc, uint32_t reg, uint32_t val)
{
	chip_reg_write(&io->base, line, acc, io->cost.ioapic_write_ns);
	ioapic_mmio_write(io, IOREGSEL, reg);
	chip_reg_write(&io->base, line, acc, io->cost.ioapic_write_ns);
	ioapic_mmio_write(io, IOWIN, val);
}

static void io_apic_modify(struct ioapic *io, unsigned int line,
			   enum chip_acc acc, uint32_t val)
{
	chip_reg_write(&io->base, line, acc, io->cost.ioapic_write_ns);
	ioapic_mmio_write(io, IOWIN, val);
}

/* __modify_IO_APIC_irq(): read, change, rewrite the entry's low word. */
static void __ioapic_modify(struct ioapic *io, enum chip_acc acc,
			    unsigned int pin, uint32_t set, uint32_t clear)
{
	uint32_t reg = io_apic_read(io, pin, acc, IOAPIC_REG_RTE_LO(pin));

	io_apic_modify(io, pin, acc, (reg & ~clear) | set);
}

static void ioapic_modify(struct ioapic *io, enum chip_acc acc,
			  unsigned int pin, uint32_t set, uint32_t clear)
{
	unsigned long flags;

	spin_lock_irqsave(&io->ioapic_lock, flags);
	__ioapic_modify(io, acc, pin, set, clear);
	spin_unlock_irqrestore(&io->ioapic_lock, flags);
}

/*
 * Local APIC registers of the calling CPU. A thread that is no CPU with a
 * local APIC of this model still pays and counts the access, which then
 * reaches nothing.
 */
static struct lapic *this_lapic(struct ioapic *io)
{
	unsigned int cpu = smp_processor_id();

	return cpu < io->nr_cpus ? &io->lapic[cpu] : NULL;
}

/*
 * The TMR bit of @vector, read as the driver does: its 32-bit register.
 * Local APIC accesses are counted under the @line they are made for.
 */
static bool lapic_read_tmr(struct ioapic *io, unsigned int line,
			   enum chip_acc acc, unsigned int vector)
{
	struct lapic *l = this_lapic(io);
	unsigned long flags;
	bool bit;

	chip_reg_read(&io->base, line, acc, io->cost.lapic_read_ns);
	if (!l)
		return true;
	spin_lock_irqsave(&l->lock, flags);
	bit = vec_test(l->tmr, vector);
	spin_unlock_irqrestore(&l->lock, flags);
	return bit;
}

/*
 * ack_APIC_irq(): the EOI write retires the highest vector in service,
 * whichever line the caller meant, presents the next deliverable vector,
 * and sends the EOI message if the retired vector was accepted as level.
 */
static void lapic_write_eoi(struct ioapic *io, unsigned int line,
			    enum chip_acc acc)
{
	struct lapic *l = this_lapic(io);
	unsigned int cpu = smp_processor_id();
	bool level = false;
	unsigned long flags;
	int vector, next;

	chip_reg_write(&io->base, line, acc, io->cost.lapic_eoi_ns);
	if (!l)
		return;
	local_irq_save(flags);
	spin_lock(&l->lock);
	vector = vec_highest(l->isr);
	if (vector >= 0) {
		vec_clear(l->isr, (unsigned int)vector);
		level = vec_test(l->tmr, (unsigned int)vector);
	}
	next = vec_highest(l->irr);
	if (lapic_deliverable(l, next))
		irq_cpu_raise(cpu, vector_irq(io, (unsigned int)next));
	spin_unlock(&l->lock);
	if (level)
		ioapic_eoi_message(io, (unsigned int)vector);
	local_irq_restore(flags);
}

/*
 * send_IPI_self(): wait for the ICR's delivery status to read idle (one
 * read: the previous IPI was long delivered), then write the ICR with the
 * self shorthand. A self-IPI is accepted as edge-triggered.
 */
static void lapic_send_ipi_self(struct ioapic *io, unsigned int line,
				enum chip_acc acc, unsigned int vector)
{
	unsigned int cpu = smp_processor_id();
	unsigned long flags;

	chip_reg_read(&io->base, line, acc, io->cost.lapic_read_ns);
	chip_reg_write(&io->base, line, acc, io->cost.lapic_icr_ns);
	if (cpu >= io->nr_cpus)
		return;
	local_irq_save(flags);
	lapic_accept(io, cpu, vector, false);
	local_irq_restore(flags);
}

/*
 * Operations shared by both designs. Each takes the chip_acc it counts
 * under, because 2.6.17 reused the same helpers for different hooks.
 */
static void ioapic_mask_as(unsigned int irq, enum chip_acc acc)
{
	struct ioapic *io = irq_to_ioapic(irq);

	ioapic_modify(io, acc, irq_pin(io, irq), IOAPIC_RTE_MASKED, 0);
}

static void ioapic_unmask_as(unsigned int irq, enum chip_acc acc)
{
	struct ioapic *io = irq_to_ioapic(irq);

	ioapic_modify(io, acc, irq_pin(io, irq), 0, IOAPIC_RTE_MASKED);
}

static void ioapic_mask(unsigned int irq)
{
	ioapic_mask_as(irq, CHIP_ACC_MASK);
}

static void ioapic_unmask(unsigned int irq)
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

static void ioapic_noop(unsigned int irq)
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
static void ioapic_level_eoi(unsigned int irq, enum chip_acc acc)
{
	struct ioapic *io = irq_to_ioapic(irq);
	unsigned int pin = irq_pin(io, irq);
	unsigned long flags;
	bool tmr;

	move_native_irq((int)irq);
	tmr = lapic_read_tmr(io, pin, acc, io->pin_vector[pin]);
	lapic_write_eoi(io, pin, acc);
	if (tmr)
		return;
	chip_count(&io->mis_count);
	spin_lock_irqsave(&io->ioapic_lock, flags);
	__ioapic_modify(io, acc, pin, IOAPIC_RTE_MASKED, IOAPIC_RTE_LEVEL);
	__ioapic_modify(io, acc, pin, IOAPIC_RTE_LEVEL, IOAPIC_RTE_MASKED);
	spin_unlock_irqrestore(&io->ioapic_lock, flags);
}

/* set_ioapic_affinity_irq(): rewrite the destination, the high word. */
static void ioapic_set_affinity(unsigned int irq, cpumask_t mask)
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
static int ioapic_retrigger(unsigned int irq)
{
	struct ioapic *io = irq_to_ioapic(irq);

	if (smp_processor_id() >= io->nr_cpus)
		return 0; /* no local APIC to send from: software resend */
	lapic_send_ipi_self(io, irq_pin(io, irq), CHIP_ACC_RETRIGGER,
			    io->pin_vector[irq_pin(io, irq)]);
	return 1;
}

static struct irq_chip ioapic_edge_type, ioapic_level_type;

/*
 * Program trigger and polarity, and give the line the handling its new
 * trigger needs: the flow handler on CHIP_DESIGN_FLOW, the 2.6.17 type on
 * the __do_IRQ() baseline. Called with the descriptor lock held, so the
 * legacy type is swapped in directly rather than through set_irq_chip();
 * both legacy types have every operation, so no defaults are missing.
 */
static int ioapic_set_type(unsigned int irq, unsigned int type)
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
	lapic_write_eoi(io, irq_pin(io, irq), CHIP_ACC_ACK);
}

static void ioapic_eoi(unsigned int irq)
{
	ioapic_level_eoi(irq, CHIP_ACC_EOI);
}

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
	lapic_write_eoi(io, irq_pin(io, irq), CHIP_ACC_ACK);
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
static struct irq_chip ioapic_chip = {
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

/*
 * The 2.6.17 types had no mask/unmask and no set_type; mask/unmask are
 * there because the port's core uses them to uninstall a line
 * (handle_bad_irq), set_type for set_irq_type() on the baseline, and
 * retrigger is 2.6.17's hw_resend_irq(), the same self-IPI.
 */
static struct irq_chip ioapic_edge_type = {
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

static struct irq_chip ioapic_level_type = {
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

/*
 * The device side. @level is the input's asserted state in the sense the
 * entry's polarity gives it (devices are wired as the firmware tables
 * say). An edge is the inactive-to-active transition; on a masked entry it
 * is lost. Local interrupts are off while the chip is locked, so an
 * interrupt raised on the calling CPU is taken when they come back on.
 */
static void ioapic_set_input(struct chip_model *m, unsigned int pin, bool level)
{
	struct ioapic *io = (struct ioapic *)m;
	unsigned long flags;
	uint64_t rte;
	bool was;

	if (pin >= IOAPIC_NR_PINS)
		return;
	spin_lock_irqsave(&io->hw, flags);
	was = io->input[pin];
	io->input[pin] = level;
	rte = io->rte[pin];
	if (rte & IOAPIC_RTE_LEVEL) {
		if (level)
			ioapic_level_check(io, pin);
	} else if (level && !was) {
		if (rte & IOAPIC_RTE_MASKED)
			chip_count(&io->base.stats.dropped_masked);
		else
			ioapic_send(io, pin);
	}
	spin_unlock_irqrestore(&io->hw, flags);
}

static void ioapic_set_design(struct chip_model *m, enum chip_design design)
{
	for (unsigned int i = 0; i < m->nr_inputs; i++) {
		unsigned int irq = m->irq_base + i;
		unsigned long flags;
		bool level;

		/*
		 * Under the descriptor's lock: on a loaded host a CPU can
		 * still be in the last block's flow, which writes the status
		 * under it (ThreadSanitizer saw the race in a soak).
		 */
		spin_lock_irqsave(&irq_desc[irq].lock, flags);
		level = irq_desc[irq].status & IRQ_LEVEL;
		spin_unlock_irqrestore(&irq_desc[irq].lock, flags);
		if (design == CHIP_DESIGN_FLOW) {
			set_irq_chip(irq, &ioapic_chip);
			set_irq_handler(irq, level ? handle_fasteoi_irq :
						     handle_edge_irq);
		} else {
			set_irq_chip(irq, level ? &ioapic_level_type :
						  &ioapic_edge_type);
			set_irq_handler(irq, NULL);
		}
	}
}

static void ioapic_destroy(struct chip_model *m)
{
	struct ioapic *io = (struct ioapic *)m;

	for (unsigned int i = 0; i < m->nr_inputs; i++) {
		unsigned int irq = m->irq_base + i;

		irq_cpu_set_inta(irq, NULL, NULL);
		set_irq_handler(irq, handle_bad_irq);
		set_irq_chip(irq, NULL);
		set_irq_chip_data(irq, NULL);
	}
	chip_lines_free(m);
	free(io->lapic);
	free(io);
}

static const struct chip_model_ops ioapic_ops = {
	.accepts = CHIP_ACCEPTS_WIRE,
	.set_input = ioapic_set_input,
	.set_design = ioapic_set_design,
	.destroy = ioapic_destroy,
	.arch = IOAPIC_ARCH,
};

/*
 * What setup_IO_APIC() does at boot: read the version register for the
 * number of entries, then write each entry, high word first so that the
 * destination is in place before the low word could unmask it.
 */
static void ioapic_boot(struct ioapic *io)
{
	unsigned long flags;
	uint32_t ver;

	spin_lock_irqsave(&io->ioapic_lock, flags);
	ver = io_apic_read(io, CHIP_LINE_NONE, CHIP_ACC_INIT, IOAPIC_REG_VER);
	for (unsigned int pin = 0; pin <= (ver >> 16 & 0xff); pin++) {
		io_apic_write(io, CHIP_LINE_NONE, CHIP_ACC_INIT,
			      IOAPIC_REG_RTE_HI(pin), 0);
		io_apic_write(io, CHIP_LINE_NONE, CHIP_ACC_INIT,
			      IOAPIC_REG_RTE_LO(pin),
			      (uint32_t)IOAPIC_RTE_MASKED |
				      io->pin_vector[pin]);
	}
	spin_unlock_irqrestore(&io->ioapic_lock, flags);
}

struct chip_model *ioapic_create(unsigned int irq_base, unsigned int nr_cpus)
{
	struct ioapic *io;

	if (!nr_cpus || nr_cpus > IOAPIC_MAX_CPUS || nr_cpus > NR_CPUS ||
	    irq_base > NR_IRQS - IOAPIC_NR_PINS) {
		errno = EINVAL;
		return NULL;
	}
	io = calloc(1, sizeof(*io));
	if (!io)
		goto nomem;
	io->lapic = aligned_alloc(64, sizeof(*io->lapic) * nr_cpus);
	if (!io->lapic)
		goto free_io;
	memset(io->lapic, 0, sizeof(*io->lapic) * nr_cpus);

	io->base = (struct chip_model){
		.name = "ioapic",
		.ops = &ioapic_ops,
		.cost = &io->cost,
		.cost_fields = ioapic_cost_fields,
		.irq_base = irq_base,
		.nr_inputs = IOAPIC_NR_PINS,
	};
	if (chip_lines_init(&io->base))
		goto free_lapic;
	io->nr_cpus = nr_cpus;
	spin_lock_init(&io->ioapic_lock);
	spin_lock_init(&io->hw);
	for (unsigned int cpu = 0; cpu < nr_cpus; cpu++)
		spin_lock_init(&io->lapic[cpu].lock);
	/* After reset every entry is masked (82093AA, 3.2.4). */
	for (unsigned int pin = 0; pin < IOAPIC_NR_PINS; pin++)
		io->rte[pin] = IOAPIC_RTE_MASKED;
	memset(io->vector_pin, -1, sizeof(io->vector_pin));
	for (unsigned int pin = 0; pin < IOAPIC_NR_PINS; pin++) {
		unsigned int v = IOAPIC_FIRST_VECTOR + IOAPIC_VECTOR_STEP * pin;

		io->pin_vector[pin] = (uint8_t)v;
		io->vector_pin[v] = (signed char)pin;
	}
	ioapic_boot(io);

	for (unsigned int pin = 0; pin < IOAPIC_NR_PINS; pin++) {
		unsigned int irq = irq_base + pin;
		unsigned long flags;

		set_irq_chip_and_handler(irq, &ioapic_chip, handle_edge_irq);
		set_irq_chip_data(irq, io);
		spin_lock_irqsave(&irq_desc[irq].lock, flags);
		irq_desc[irq].status &= ~IRQ_LEVEL;
		spin_unlock_irqrestore(&irq_desc[irq].lock, flags);
		irq_cpu_set_inta(irq, ioapic_inta, io);
	}
	return &io->base;

free_lapic:
	free(io->lapic);
free_io:
	free(io);
nomem:
	errno = ENOMEM;
	return NULL;
}

uint64_t ioapic_rte_peek(struct chip_model *m, unsigned int pin)
{
	struct ioapic *io = to_ioapic(m);
	unsigned long flags;
	uint64_t rte;

	if (!io || pin >= IOAPIC_NR_PINS)
		return 0;
	spin_lock_irqsave(&io->hw, flags);
	rte = io->rte[pin];
	spin_unlock_irqrestore(&io->hw, flags);
	return rte;
}

unsigned int ioapic_pin_vector(struct chip_model *m, unsigned int pin)
{
	struct ioapic *io = to_ioapic(m);

	return io && pin < IOAPIC_NR_PINS ? io->pin_vector[pin] : 0;
}

static const uint64_t *lapic_reg(struct lapic *l, enum ioapic_lapic_reg reg)
{
	switch (reg) {
	case IOAPIC_LAPIC_IRR:
		return l->irr;
	case IOAPIC_LAPIC_ISR:
		return l->isr;
	case IOAPIC_LAPIC_TMR:
		return l->tmr;
	}
	return NULL;
}

bool ioapic_lapic_test(struct chip_model *m, unsigned int cpu,
		       enum ioapic_lapic_reg reg, unsigned int vector)
{
	struct ioapic *io = to_ioapic(m);
	const uint64_t *r;
	unsigned long flags;
	bool bit;

	if (!io || cpu >= io->nr_cpus || vector >= NR_VECTORS)
		return false;
	r = lapic_reg(&io->lapic[cpu], reg);
	if (!r)
		return false;
	spin_lock_irqsave(&io->lapic[cpu].lock, flags);
	bit = vec_test(r, vector);
	spin_unlock_irqrestore(&io->lapic[cpu].lock, flags);
	return bit;
}

int ioapic_lapic_highest(struct chip_model *m, unsigned int cpu,
			 enum ioapic_lapic_reg reg)
{
	struct ioapic *io = to_ioapic(m);
	const uint64_t *r;
	unsigned long flags;
	int v;

	if (!io || cpu >= io->nr_cpus)
		return -1;
	r = lapic_reg(&io->lapic[cpu], reg);
	if (!r)
		return -1;
	spin_lock_irqsave(&io->lapic[cpu].lock, flags);
	v = vec_highest(r);
	spin_unlock_irqrestore(&io->lapic[cpu].lock, flags);
	return v;
}

unsigned long ioapic_mis_count(struct chip_model *m)
{
	struct ioapic *io = to_ioapic(m);

	return io ? __atomic_load_n(&io->mis_count, __ATOMIC_RELAXED) : 0;
}

const char *ioapic_kind_pins(enum chip_trigger t, unsigned int pin)
{
	(void)t;
	return pin >= IOAPIC_NR_PINS ? "0-23" : NULL;
}

int ioapic_kind_create(const struct chip_kind_params *p, struct chip_built *b,
		       char *why, size_t len)
{
	b->m[0] = ioapic_create(0, p->cpus);
	return b->m[0] ? 0 : chip_kind_create_failed("ioapic", why, len);
}
