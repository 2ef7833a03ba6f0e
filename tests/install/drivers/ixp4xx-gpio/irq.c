// SPDX-License-Identifier: GPL-2.0
/*
 * An interrupt controller driver written here in the shape of a 2.6.18
 * IXP4xx machine's, a UP machine of the era: two chips, one for level
 * sources and one for edge sources, and a ->set_type that moves a GPIO
 * line from one to the other by calling set_irq_chip(), set_irq_handler()
 * and set_irq_flags() for the very line it is called for, under the
 * descriptor lock that set_irq_type() and setup_irq() hold. On UP,
 * spin_lock() was preempt_disable() and this worked; libgenirq honours
 * that re-entry (docs/core.md).
 */
#include <linux/init.h>
#include <linux/interrupt.h>
#include <asm/hardware.h>
#include <asm/irq.h>
#include <asm/mach/irq.h>

enum ixp4xx_irq_type {
	IXP4XX_IRQ_LEVEL,
	IXP4XX_IRQ_EDGE,
};

static void ixp4xx_config_irq(unsigned int irq, enum ixp4xx_irq_type type);

/* The GPIO pin behind a source, or -1 for a source inside the chip. */
static int ixp4xx_irq2gpio(unsigned int irq)
{
	if (irq == IRQ_IXP4XX_GPIO0)
		return 0;
	if (irq == IRQ_IXP4XX_GPIO1)
		return 1;
	return -1;
}

static int ixp4xx_set_irq_type(unsigned int irq, unsigned int type)
{
	int line = ixp4xx_irq2gpio(irq);
	enum ixp4xx_irq_type kind;
	unsigned int style, gpit;

	if (line < 0)
		return -EINVAL;

	switch (type) {
	case IRQT_BOTHEDGE:
		style = IXP4XX_GPIO_STYLE_TRANSITIONAL;
		kind = IXP4XX_IRQ_EDGE;
		break;
	case IRQT_RISING:
		style = IXP4XX_GPIO_STYLE_RISING_EDGE;
		kind = IXP4XX_IRQ_EDGE;
		break;
	case IRQT_FALLING:
		style = IXP4XX_GPIO_STYLE_FALLING_EDGE;
		kind = IXP4XX_IRQ_EDGE;
		break;
	case IRQT_HIGH:
		style = IXP4XX_GPIO_STYLE_ACTIVE_HIGH;
		kind = IXP4XX_IRQ_LEVEL;
		break;
	case IRQT_LOW:
		style = IXP4XX_GPIO_STYLE_ACTIVE_LOW;
		kind = IXP4XX_IRQ_LEVEL;
		break;
	default:
		return -EINVAL;
	}

	/* The line's chip and flow follow its style: the re-entry. */
	ixp4xx_config_irq(irq, kind);

	gpit = ixp4xx_read(IXP4XX_GPIO_GPIT1);
	gpit &= ~(IXP4XX_GPIO_STYLE_MASK << (line * IXP4XX_GPIO_STYLE_SIZE));
	gpit |= style << (line * IXP4XX_GPIO_STYLE_SIZE);
	ixp4xx_write(IXP4XX_GPIO_GPIT1, gpit);

	/* A status the old style latched means nothing to the new one. */
	ixp4xx_write(IXP4XX_GPIO_GPISR, 1u << line);
	return 0;
}

static void ixp4xx_irq_mask(unsigned int irq)
{
	ixp4xx_write(IXP4XX_ICMR, ixp4xx_read(IXP4XX_ICMR) & ~(1u << irq));
}

static void ixp4xx_irq_unmask(unsigned int irq)
{
	ixp4xx_write(IXP4XX_ICMR, ixp4xx_read(IXP4XX_ICMR) | 1u << irq);
}

/* An edge pin's status is latched: clear it before the handler runs. */
static void ixp4xx_irq_ack(unsigned int irq)
{
	int line = ixp4xx_irq2gpio(irq);

	if (line >= 0)
		ixp4xx_write(IXP4XX_GPIO_GPISR, 1u << line);
}

static struct irqchip ixp4xx_irq_chip = {
	.name = "IXP4xx",
	.ack = ixp4xx_irq_mask,
	.mask = ixp4xx_irq_mask,
	.unmask = ixp4xx_irq_unmask,
	.set_type = ixp4xx_set_irq_type,
};

static struct irqchip ixp4xx_irq_edge_chip = {
	.name = "IXP4xx",
	.ack = ixp4xx_irq_ack,
	.mask = ixp4xx_irq_mask,
	.unmask = ixp4xx_irq_unmask,
	.set_type = ixp4xx_set_irq_type,
};

static void ixp4xx_config_irq(unsigned int irq, enum ixp4xx_irq_type type)
{
	switch (type) {
	case IXP4XX_IRQ_LEVEL:
		set_irq_chip(irq, &ixp4xx_irq_chip);
		set_irq_handler(irq, do_level_IRQ);
		break;
	case IXP4XX_IRQ_EDGE:
		set_irq_chip(irq, &ixp4xx_irq_edge_chip);
		set_irq_handler(irq, do_edge_IRQ);
		break;
	}
	set_irq_flags(irq, IRQF_VALID);
}

void __init ixp4xx_init_irq(void)
{
	unsigned int i;

	/* Every source to IRQ, none to FIQ; all masked. */
	ixp4xx_write(IXP4XX_ICLR, 0);
	ixp4xx_write(IXP4XX_ICMR, 0);

	for (i = 0; i < NR_IXP4XX_IRQS; i++)
		ixp4xx_config_irq(i, IXP4XX_IRQ_LEVEL);
}
