// SPDX-License-Identifier: GPL-2.0
/*
 * A GIC driver written here in the shape of 2.6.18's ARM one for an
 * MPCore (CONFIG_SMP) build: the level flow with ->ack writing EOI, no
 * ->retrigger, and a ->set_affinity that programs the interrupt's target
 * byte and records the CPU in irq_desc[irq].cpu, which 2.6.18 kept for
 * ARM SMP and ARM's route_irq() also writes.
 */
#include <linux/init.h>
#include <linux/irq.h>
#include <asm/irq.h>
#include <asm/mach/irq.h>
#include <asm/hardware/gic.h>

static unsigned int gic_irq_offset;

static unsigned int gic_bit(unsigned int irq)
{
	return 1u << ((irq - gic_irq_offset) % 32);
}

static unsigned int gic_word(unsigned int irq)
{
	return (irq - gic_irq_offset) / 32 * 4;
}

/* The CPU interface's end of interrupt, before the handler (level flow). */
static void gic_ack_irq(unsigned int irq)
{
	gic_write(GIC_CPU_EOI, irq - gic_irq_offset);
}

static void gic_mask_irq(unsigned int irq)
{
	gic_write(GIC_DIST_ENABLE_CLEAR + gic_word(irq), gic_bit(irq));
}

static void gic_unmask_irq(unsigned int irq)
{
	gic_write(GIC_DIST_ENABLE_SET + gic_word(irq), gic_bit(irq));
}

static void gic_set_cpu(unsigned int irq, cpumask_t mask_val)
{
	unsigned int gic_irq = irq - gic_irq_offset;
	unsigned int reg = GIC_DIST_TARGET + (gic_irq & ~3u);
	unsigned int shift = (gic_irq % 4) * 8;
	unsigned int cpu = first_cpu(mask_val);
	unsigned int val;

	val = gic_read(reg) & ~(0xffu << shift);
	val |= 1u << (cpu + shift);
	gic_write(reg, val);
	irq_desc[irq].cpu = cpu;
}

static struct irqchip gic_chip = {
	.name = "GIC",
	.ack = gic_ack_irq,
	.mask = gic_mask_irq,
	.unmask = gic_unmask_irq,
	.set_affinity = gic_set_cpu,
};

void __init gic_dist_init(unsigned int irq_start)
{
	unsigned int i, cpumask = 1u << smp_processor_id();

	gic_irq_offset = irq_start - 32;
	cpumask |= cpumask << 8;
	cpumask |= cpumask << 16;

	gic_write(GIC_DIST_CTRL, 0);
	/* Every shared interrupt to this CPU, all disabled. */
	for (i = 32; i < NR_GIC_IRQS; i += 4)
		gic_write(GIC_DIST_TARGET + i, cpumask);
	for (i = 0; i < NR_GIC_IRQS; i += 32)
		gic_write(GIC_DIST_ENABLE_CLEAR + i / 8, ~0u);

	for (i = irq_start; i < gic_irq_offset + NR_GIC_IRQS; i++) {
		set_irq_chip(i, &gic_chip);
		set_irq_handler(i, do_level_IRQ);
		set_irq_flags(i, IRQF_VALID | IRQF_PROBE);
	}
	gic_write(GIC_DIST_CTRL, 1);
}

void __init gic_cpu_init(void)
{
	gic_write(GIC_CPU_PRIMASK, 0xf0);
	gic_write(GIC_CPU_CTRL, 1);
}
