// SPDX-License-Identifier: GPL-2.0
/*
 * PXA-style interrupt handling and GPIO edge interrupt demultiplexing,
 * written the way arch/arm/mach-pxa/irq.c of Linux 2.6.18 is: level
 * internal sources; GPIO 0 and 1 with lines of their own on the edge
 * flow; GPIO 2 and up summed onto one internal source and demultiplexed
 * by a chained handler; edge selection that keeps a software copy of
 * the wanted edges and of the mask, so that masking a GPIO turns its
 * edge detection off, and a probe type for autoprobe.
 */
#include <linux/init.h>
#include <linux/interrupt.h>
#include <asm/io.h>
#include <asm/mach/irq.h>
#include <asm/arch/pxa-regs.h>

static void pxa_mask_low_irq(unsigned int irq)
{
	writel(readl(ICMR) & ~(1u << irq), ICMR);
}

static void pxa_unmask_low_irq(unsigned int irq)
{
	writel(readl(ICMR) | (1u << irq), ICMR);
}

static struct irq_chip pxa_internal_chip_low = {
	.name = "SC",
	.ack = pxa_mask_low_irq,
	.mask = pxa_mask_low_irq,
	.unmask = pxa_unmask_low_irq,
};

/*
 * GPIO edge detection for IRQs: rising, falling or both. Use this
 * instead of setting GRER/GFER directly.
 */
static unsigned long GPIO_IRQ_rising_edge;
static unsigned long GPIO_IRQ_falling_edge;
static unsigned long GPIO_IRQ_mask;

static void pxa_write_edges(void)
{
	writel(GPIO_IRQ_rising_edge & GPIO_IRQ_mask, GRER0);
	writel(GPIO_IRQ_falling_edge & GPIO_IRQ_mask, GFER0);
}

static int pxa_gpio_irq_type(unsigned int irq, unsigned int type)
{
	int gpio = IRQ_TO_GPIO(irq);

	if (type == IRQT_PROBE) {
		/* Leave GPIOs with preconfigured edges or outputs alone. */
		if ((GPIO_IRQ_rising_edge | GPIO_IRQ_falling_edge |
		     readl(GPDR0)) &
		    GPIO_bit(gpio))
			return 0;
		type = __IRQT_RISEDGE | __IRQT_FALEDGE;
	}

	if (type & __IRQT_RISEDGE)
		GPIO_IRQ_rising_edge |= GPIO_bit(gpio);
	else
		GPIO_IRQ_rising_edge &= ~GPIO_bit(gpio);

	if (type & __IRQT_FALEDGE)
		GPIO_IRQ_falling_edge |= GPIO_bit(gpio);
	else
		GPIO_IRQ_falling_edge &= ~GPIO_bit(gpio);

	pxa_write_edges();
	return 0;
}

/* GPIO IRQs must be acknowledged. This is for GPIO 0 and 1. */
static void pxa_ack_low_gpio(unsigned int irq)
{
	writel(1u << (irq - IRQ_GPIO0), GEDR0);
}

static struct irq_chip pxa_low_gpio_chip = {
	.name = "GPIO-l",
	.ack = pxa_ack_low_gpio,
	.mask = pxa_mask_low_irq,
	.unmask = pxa_unmask_low_irq,
	.set_type = pxa_gpio_irq_type,
};

/* Demux handler for GPIO>=2 edge detect interrupts. */
static void pxa_gpio_demux_handler(unsigned int irq, struct irqdesc *desc)
{
	unsigned int mask;
	int loop;

	do {
		loop = 0;

		mask = readl(GEDR0) & ~3u;
		if (mask) {
			writel(mask, GEDR0);
			irq = IRQ_GPIO(2);
			desc = irq_desc + irq;
			mask >>= 2;
			do {
				if (mask & 1)
					desc_handle_irq(irq, desc);
				irq++;
				desc++;
				mask >>= 1;
			} while (mask);
			loop = 1;
		}
	} while (loop);
}

static void pxa_ack_muxed_gpio(unsigned int irq)
{
	writel(GPIO_bit(IRQ_TO_GPIO(irq)), GEDR0);
}

static void pxa_mask_muxed_gpio(unsigned int irq)
{
	GPIO_IRQ_mask &= ~GPIO_bit(IRQ_TO_GPIO(irq));
	pxa_write_edges();
}

static void pxa_unmask_muxed_gpio(unsigned int irq)
{
	GPIO_IRQ_mask |= GPIO_bit(IRQ_TO_GPIO(irq));
	pxa_write_edges();
}

static struct irq_chip pxa_muxed_gpio_chip = {
	.name = "GPIO",
	.ack = pxa_ack_muxed_gpio,
	.mask = pxa_mask_muxed_gpio,
	.unmask = pxa_unmask_muxed_gpio,
	.set_type = pxa_gpio_irq_type,
};

void __init pxa_init_irq(void)
{
	unsigned int irq;

	/* disable all IRQs, clear all GPIO edge detects */
	writel(0, ICMR);
	writel(0, GFER0);
	writel(0, GRER0);
	writel(readl(GEDR0), GEDR0);

	/* GPIO 0 and 1 must have their mask bit always set */
	GPIO_IRQ_mask = 3;

	for (irq = PXA_IRQ(0); irq <= PXA_IRQ(31); irq++) {
		set_irq_chip(irq, &pxa_internal_chip_low);
		set_irq_handler(irq, do_level_IRQ);
		set_irq_flags(irq, IRQF_VALID);
	}

	for (irq = IRQ_GPIO0; irq <= IRQ_GPIO1; irq++) {
		set_irq_chip(irq, &pxa_low_gpio_chip);
		set_irq_handler(irq, do_edge_IRQ);
		set_irq_flags(irq, IRQF_VALID | IRQF_PROBE);
	}

	for (irq = IRQ_GPIO(2); irq <= IRQ_GPIO(PXA_LAST_GPIO); irq++) {
		set_irq_chip(irq, &pxa_muxed_gpio_chip);
		set_irq_handler(irq, do_edge_IRQ);
		set_irq_flags(irq, IRQF_VALID | IRQF_PROBE);
	}

	/* Install handler for GPIO>=2 edge detect interrupts */
	set_irq_chip(IRQ_GPIO_2_x, &pxa_internal_chip_low);
	set_irq_chained_handler(IRQ_GPIO_2_x, pxa_gpio_demux_handler);
}
