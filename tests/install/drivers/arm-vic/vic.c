// SPDX-License-Identifier: GPL-2.0
/*
 * A driver for the ARM PrimeCell VIC (PL190), written the way
 * arch/arm/common/vic.c of Linux 2.6.18 is: a level controller with a
 * write-one-to-set enable register and a write-one-to-clear one, so ack
 * and mask are the same operation. It includes only the kernel's IRQ
 * headers, from genirq-compat, and its own MMIO shim.
 */
#include <linux/init.h>
#include <asm/io.h>
#include <asm/mach/irq.h>
#include <asm/hardware/vic.h>

static void vic_mask_irq(unsigned int irq)
{
	void __iomem *base = get_irq_chipdata(irq);

	irq &= 31;
	writel(1 << irq, (char *)base + VIC_INT_ENABLE_CLEAR);
}

static void vic_unmask_irq(unsigned int irq)
{
	void __iomem *base = get_irq_chipdata(irq);

	irq &= 31;
	writel(1 << irq, (char *)base + VIC_INT_ENABLE);
}

static struct irq_chip vic_chip = {
	.name = "VIC",
	.ack = vic_mask_irq,
	.mask = vic_mask_irq,
	.unmask = vic_unmask_irq,
};

/**
 * vic_init - initialise a vectored interrupt controller
 * @base: iomem base address
 * @irq_start: starting interrupt number, a multiple of 32
 * @vic_sources: bitmask of interrupt sources to allow
 */
void __init vic_init(void __iomem *base, unsigned int irq_start,
		     uint32_t vic_sources)
{
	unsigned int i;

	/* Disable all interrupts initially. */
	writel(0, (char *)base + VIC_INT_SELECT);
	writel(~0u, (char *)base + VIC_INT_ENABLE_CLEAR);
	writel(~0u, (char *)base + VIC_INT_SOFT_CLEAR);
	writel(32, (char *)base + VIC_DEF_VECT_ADDR);

	for (i = 0; i < 32; i++) {
		unsigned int irq = irq_start + i;

		set_irq_chip(irq, &vic_chip);
		set_irq_chipdata(irq, base);

		if (vic_sources & (1u << i)) {
			set_irq_handler(irq, do_level_IRQ);
			set_irq_flags(irq, IRQF_VALID | IRQF_PROBE);
		}
	}
}
