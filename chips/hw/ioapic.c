// SPDX-License-Identifier: GPL-2.0
/*
 * The IO-APIC and its local APICs as a model: the costed accesses the
 * kernel's driver made (io_apic_read()/write()/modify(), the local APIC's
 * TMR read, EOI and self-IPI), the device side, creation and the boot
 * set-up, the peek API of the tests, and its registry functions. The
 * registers' semantics are hw/ioapic_regs.c's; the Linux drivers it is
 * programmed through are drv/ioapic_2618.c and drv/ioapic_legacy.c.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <chips/ioapic.h>
#include <chips/kind.h>
#include "hw/ioapic_hw.h"
#include "skeleton.h"

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

void io_apic_write(struct ioapic *io, unsigned int line, enum chip_acc acc,
		   uint32_t reg, uint32_t val)
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
void __ioapic_modify(struct ioapic *io, enum chip_acc acc, unsigned int pin,
		     uint32_t set, uint32_t clear)
{
	uint32_t reg = io_apic_read(io, pin, acc, IOAPIC_REG_RTE_LO(pin));

	io_apic_modify(io, pin, acc, (reg & ~clear) | set);
}

void ioapic_modify(struct ioapic *io, enum chip_acc acc, unsigned int pin,
		   uint32_t set, uint32_t clear)
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
bool ioapic_lapic_read_tmr(struct ioapic *io, unsigned int line,
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
void ioapic_lapic_write_eoi(struct ioapic *io, unsigned int line,
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
	vector = ioapic_vec_highest(l->isr);
	if (vector >= 0) {
		vec_clear(l->isr, (unsigned int)vector);
		level = vec_test(l->tmr, (unsigned int)vector);
	}
	next = ioapic_vec_highest(l->irr);
	if (ioapic_lapic_deliverable(l, next))
		irq_cpu_raise(cpu, ioapic_vector_irq(io, (unsigned int)next));
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
void ioapic_lapic_send_ipi_self(struct ioapic *io, unsigned int line,
				enum chip_acc acc, unsigned int vector)
{
	unsigned int cpu = smp_processor_id();
	unsigned long flags;

	chip_reg_read(&io->base, line, acc, io->cost.lapic_read_ns);
	chip_reg_write(&io->base, line, acc, io->cost.lapic_icr_ns);
	if (cpu >= io->nr_cpus)
		return;
	local_irq_save(flags);
	ioapic_lapic_accept(io, cpu, vector, false);
	local_irq_restore(flags);
}

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

/* One 2.6.18 chip; 2.6.17 had a hw_interrupt_type per trigger. */
static const struct chip_forms edge_forms = {
	.chip = &ioapic_chip,
	.legacy = &ioapic_edge_type,
};

static const struct chip_forms level_forms = {
	.chip = &ioapic_chip,
	.legacy = &ioapic_level_type,
};

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
		chip_forms_set(irq, level ? &level_forms : &edge_forms, design,
			       level ? handle_fasteoi_irq : handle_edge_irq);
	}
}

static void ioapic_destroy(struct chip_model *m)
{
	struct ioapic *io = (struct ioapic *)m;

	for (unsigned int i = 0; i < m->nr_inputs; i++)
		chip_line_release(m->irq_base + i, CHIP_REL_INTA);
	free(io->lapic);
	chip_model_free(m);
}

/* clang-format off */
static const struct chip_model_ops ioapic_ops = {
	.accepts = CHIP_ACCEPTS_WIRE,
	.set_input = ioapic_set_input,
	.set_design = ioapic_set_design,
	.destroy = ioapic_destroy,
	.arch = IOAPIC_ARCH,
};
/* clang-format on */

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
	io = chip_model_alloc(sizeof(*io),
			      &(const struct chip_model){
				      .name = "ioapic",
				      .ops = &ioapic_ops,
				      .cost_fields = ioapic_cost_fields,
				      .irq_base = irq_base,
				      .nr_inputs = IOAPIC_NR_PINS,
			      },
			      offsetof(struct ioapic, cost));
	if (!io)
		return NULL;
	io->lapic = aligned_alloc(64, sizeof(*io->lapic) * nr_cpus);
	if (!io->lapic) {
		chip_model_free(&io->base);
		errno = ENOMEM;
		return NULL;
	}
	memset(io->lapic, 0, sizeof(*io->lapic) * nr_cpus);
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
	v = ioapic_vec_highest(r);
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
