// SPDX-License-Identifier: GPL-2.0
/*
 * The register verbs of the modern driver forms (drv6.h), on the models'
 * side: each is the access sequence a current kernel's driver helper
 * makes, through the same accessors, locks and cost fields as the 2.6.18
 * forms, so that a difference in counts is a difference in drivers.
 */
#include <chips/ioapic.h>
#include <chips/gic.h>
#include <chips/gpio.h>
#include <chips/i8259.h>
#include <chips/soft.h>
#include "drv/drv6.h"
#include "hw/gic_hw.h"
#include "hw/gpio_hw.h"
#include "hw/i8259_hw.h"
#include "hw/ioapic_hw.h"
#include "hw/soft_hw.h"

_Static_assert(DRV6_ACC_INIT == (unsigned int)CHIP_ACC_INIT,
	       "drv6.h's set-up accessor is chips/model.h's");

unsigned int drv6_irq_base(const struct chip_model *m)
{
	return m->irq_base;
}

void drv6_delay_ns(unsigned int ns)
{
	if (ns)
		chip_delay_ns(ns);
}

void soft6_enable(struct chip_model *m, unsigned int pin, unsigned int acc,
		  bool on)
{
	struct soft *s = (struct soft *)m;

	chip_reg_write(m, pin, (enum chip_acc)acc, s->cost.enable_write_ns);
	if (!on) {
		__atomic_fetch_and(&s->enable, ~(1u << pin), __ATOMIC_RELEASE);
		return;
	}
	__atomic_fetch_or(&s->enable, 1u << pin, __ATOMIC_ACQ_REL);
	if (__atomic_load_n(&s->status, __ATOMIC_ACQUIRE) & (1u << pin))
		soft_deliver(s, pin);
}

uint32_t ioapic6_entry_read(struct chip_model *m, unsigned int pin)
{
	struct ioapic *io = (struct ioapic *)m;
	unsigned long flags;
	uint32_t lo;

	spin_lock_irqsave(&io->ioapic_lock, flags);
	chip_reg_write(m, pin, CHIP_ACC_INIT, io->cost.ioapic_write_ns);
	ioapic_mmio_write(io, IOREGSEL, IOAPIC_REG_RTE_LO(pin));
	chip_reg_read(m, pin, CHIP_ACC_INIT, io->cost.ioapic_read_ns);
	lo = ioapic_mmio_read(io, IOWIN);
	spin_unlock_irqrestore(&io->ioapic_lock, flags);
	return lo;
}

uint32_t ioapic6_entry_masked(uint32_t lo, bool masked)
{
	return masked ? lo | (uint32_t)IOAPIC_RTE_MASKED :
			lo & ~(uint32_t)IOAPIC_RTE_MASKED;
}

bool ioapic6_entry_level(uint32_t lo)
{
	return lo & IOAPIC_RTE_LEVEL;
}

void ioapic6_entry_write(struct chip_model *m, unsigned int pin,
			 unsigned int acc, uint32_t lo, bool sync)
{
	struct ioapic *io = (struct ioapic *)m;
	unsigned long flags;

	spin_lock_irqsave(&io->ioapic_lock, flags);
	io_apic_write(io, pin, (enum chip_acc)acc, IOAPIC_REG_RTE_LO(pin), lo);
	if (sync) {
		chip_reg_read(m, pin, (enum chip_acc)acc,
			      io->cost.ioapic_read_ns);
		ioapic_mmio_read(io, IOWIN);
	}
	spin_unlock_irqrestore(&io->ioapic_lock, flags);
}

bool ioapic6_lapic_tmr(struct chip_model *m, unsigned int pin, unsigned int acc)
{
	struct ioapic *io = (struct ioapic *)m;

	return ioapic_lapic_read_tmr(io, pin, (enum chip_acc)acc,
				     io->pin_vector[pin]);
}

void ioapic6_lapic_eoi(struct chip_model *m, unsigned int pin, unsigned int acc)
{
	ioapic_lapic_write_eoi((struct ioapic *)m, pin, (enum chip_acc)acc);
}

void ioapic6_lapic_ipi_self(struct chip_model *m, unsigned int pin,
			    unsigned int acc)
{
	struct ioapic *io = (struct ioapic *)m;

	ioapic_lapic_send_ipi_self(io, pin, (enum chip_acc)acc,
				   io->pin_vector[pin]);
}

void ioapic6_clear_remote_irr(struct chip_model *m, unsigned int pin,
			      unsigned int acc, uint32_t lo)
{
	struct ioapic *io = (struct ioapic *)m;
	uint32_t edge = (lo | (uint32_t)IOAPIC_RTE_MASKED) &
			~(uint32_t)IOAPIC_RTE_LEVEL;
	unsigned long flags;

	chip_count(&io->mis_count);
	spin_lock_irqsave(&io->ioapic_lock, flags);
	io_apic_write(io, pin, (enum chip_acc)acc, IOAPIC_REG_RTE_LO(pin),
		      edge);
	io_apic_write(io, pin, (enum chip_acc)acc, IOAPIC_REG_RTE_LO(pin), lo);
	spin_unlock_irqrestore(&io->ioapic_lock, flags);
}

void ioapic6_entry_write_dest(struct chip_model *m, unsigned int pin,
			      unsigned int acc, uint32_t lo, unsigned int cpu)
{
	struct ioapic *io = (struct ioapic *)m;
	unsigned long flags;

	spin_lock_irqsave(&io->ioapic_lock, flags);
	io_apic_write(io, pin, (enum chip_acc)acc, IOAPIC_REG_RTE_HI(pin),
		      cpu << 24);
	io_apic_write(io, pin, (enum chip_acc)acc, IOAPIC_REG_RTE_LO(pin), lo);
	spin_unlock_irqrestore(&io->ioapic_lock, flags);
}

int ioapic6_inta(unsigned int cpu, unsigned int irq, void *ctx)
{
	return ioapic_inta(cpu, irq, ctx);
}

void ioapic6_inta_restore(struct chip_model *m, unsigned int irq)
{
	irq_cpu_set_inta(irq, ioapic_inta, m);
}

void gic6_enable(struct chip_model *m, unsigned int id, unsigned int acc,
		 bool on)
{
	gic_dist_wr((struct gic *)m, id, (enum chip_acc)acc, smp_processor_id(),
		    (on ? GIC_DIST_ENABLE_SET : GIC_DIST_ENABLE_CLEAR) +
			    id / 32 * 4,
		    1u << (id % 32));
}

void gic6_eoi(struct chip_model *m, unsigned int id, unsigned int acc)
{
	gic_cpu_wr((struct gic *)m, id, (enum chip_acc)acc, smp_processor_id(),
		   GIC_CPU_EOI, id);
}

void gic6_pending_set(struct chip_model *m, unsigned int id, unsigned int acc)
{
	gic_dist_wr((struct gic *)m, id, (enum chip_acc)acc, smp_processor_id(),
		    GIC_DIST_PENDING_SET + id / 32 * 4, 1u << (id % 32));
}

void gic6_set_target(struct chip_model *m, unsigned int id, unsigned int acc,
		     unsigned int cpu)
{
	struct gic *g = (struct gic *)m;
	unsigned long flags;

	flags = gic_bus_lock(g, id, (enum chip_acc)acc, g->cost.dist_write_ns,
			     true);
	gic_write_byte_locked(g, smp_processor_id(), GIC_DIST_TARGET + id,
			      (uint8_t)(1u << cpu));
	gic_unlock(g, flags);
}

int gic6_inta(unsigned int cpu, unsigned int irq, void *ctx)
{
	return gic_inta(cpu, irq, ctx);
}

void gic6_inta_restore(struct chip_model *m, unsigned int irq)
{
	irq_cpu_set_inta(irq, gic_inta, m);
}

unsigned int gic6_spi_base(void)
{
	return GIC_SPI_BASE;
}

void i8259_6_write_mask(struct chip_model *m, unsigned int pin,
			unsigned int acc, bool masked)
{
	i8259_write_mask(to_i8259(m), pin, masked, (enum chip_acc)acc);
}

void i8259_6_mask_ack(struct chip_model *m, unsigned int pin, unsigned int acc)
{
	i8259_mask_and_ack(to_i8259(m), pin, (enum chip_acc)acc);
}

int i8259_6_inta(unsigned int cpu, unsigned int irq, void *ctx)
{
	return i8259_inta(cpu, irq, to_i8259(ctx));
}

void i8259_6_inta_restore(struct chip_model *m)
{
	irq_cpu_set_inta(i8259_6_vector(m), i8259_inta, to_i8259(m));
}

unsigned int i8259_6_vector(const struct chip_model *m)
{
	return m->irq_base + I8259_CASCADE_IR;
}

bool i8259_6_slave_by_inta(const struct chip_model *m)
{
	return ((const struct i8259 *)m)->cascade == I8259_CASCADE_INTA;
}

struct chip_model *gpio6_vic(struct chip_model *m)
{
	return ((struct gpio_bank *)m)->vic;
}

unsigned int gpio6_vic_input(const struct chip_model *m)
{
	return ((const struct gpio_bank *)m)->vic_input;
}

void gpio6_ack(struct chip_model *m, unsigned int pin, unsigned int acc)
{
	gpio_ack_edge((struct gpio_bank *)m, (enum chip_acc)acc, 1u << pin);
}

void gpio6_mask(struct chip_model *m, unsigned int pin, unsigned int acc)
{
	gpio_disable((struct gpio_bank *)m, (enum chip_acc)acc, 1u << pin);
}

void gpio6_unmask(struct chip_model *m, unsigned int pin, unsigned int acc)
{
	struct gpio_bank *g = (struct gpio_bank *)m;

	if (ld(&g->drv.level) & (1u << pin))
		gpio_clear_status(g, (enum chip_acc)acc, 1u << pin);
	gpio_enable(g, (enum chip_acc)acc, 1u << pin);
}

bool gpio6_level(const struct chip_model *m, unsigned int pin)
{
	return ld(&((const struct gpio_bank *)m)->drv.level) & (1u << pin);
}

uint32_t gpio6_pending(struct chip_model *m)
{
	struct gpio_bank *g = (struct gpio_bank *)m;
	uint32_t pending;

	chip_reg_read(m, CHIP_LINE_OUTPUT, CHIP_ACC_DEMUX, g->cost.read_ns);
	pending = ld(&g->hw.irqstatus);
	chip_reg_read(m, CHIP_LINE_OUTPUT, CHIP_ACC_DEMUX, g->cost.read_ns);
	return pending & ld(&g->hw.irqenable);
}
