// SPDX-License-Identifier: GPL-2.0
/*
 * The SoC's GPIO port A interrupts, demultiplexed from one VIC input,
 * written the way the GPIO part of arch/arm/mach-ep93xx/core.c of Linux
 * 2.6.18 is: a chained handler reads the status register and runs each
 * line's flow; the lines' chip keeps shadow copies of the enable and
 * type registers and rewrites them on every change.
 */
#include <linux/init.h>
#include <linux/interrupt.h>
#include <linux/spinlock.h>
#include <asm/io.h>
#include <asm/mach/irq.h>
#include <asm/arch/gpio.h>

static unsigned char gpio_int_enable;
static unsigned char gpio_int_type1;
static unsigned char gpio_int_type2;

static void update_gpio_a_int_params(void)
{
	__raw_writeb(0, SOC_GPIO_A_INT_ENABLE);
	__raw_writeb(gpio_int_type2, SOC_GPIO_A_INT_TYPE2);
	__raw_writeb(gpio_int_type1, SOC_GPIO_A_INT_TYPE1);
	__raw_writeb(gpio_int_enable, SOC_GPIO_A_INT_ENABLE);
}

static void soc_gpio_a_irq_handler(unsigned int irq, struct irqdesc *desc)
{
	unsigned char status;
	int i;

	(void)irq;
	status = __raw_readb(SOC_GPIO_A_INT_STATUS);
	for (i = 0; i < 8; i++) {
		if (status & (1 << i)) {
			desc = irq_desc + IRQ_SOC_GPIO(0) + i;
			desc_handle_irq(IRQ_SOC_GPIO(0) + i, desc);
		}
	}
}

static void soc_gpio_a_irq_mask_ack(unsigned int irq)
{
	int line = irq - IRQ_SOC_GPIO(0);

	gpio_int_enable &= ~(1 << line);
	update_gpio_a_int_params();
	__raw_writel(1 << line, SOC_GPIO_A_INT_ACK);
}

static void soc_gpio_a_irq_mask(unsigned int irq)
{
	int line = irq - IRQ_SOC_GPIO(0);

	gpio_int_enable &= ~(1 << line);
	update_gpio_a_int_params();
}

static void soc_gpio_a_irq_unmask(unsigned int irq)
{
	int line = irq - IRQ_SOC_GPIO(0);

	gpio_int_enable |= 1 << line;
	update_gpio_a_int_params();
}

/*
 * gpio_int_type1 selects level (0) or edge (1), gpio_int_type2 low or
 * falling (0) or high or rising (1).
 */
static int soc_gpio_a_irq_type(unsigned int irq, unsigned int type)
{
	int line = irq - IRQ_SOC_GPIO(0);

	if (type & IRQT_RISING) {
		gpio_int_type1 |= 1 << line;
		gpio_int_type2 |= 1 << line;
	} else if (type & IRQT_FALLING) {
		gpio_int_type1 |= 1 << line;
		gpio_int_type2 &= ~(1 << line);
	} else if (type & IRQT_HIGH) {
		gpio_int_type1 &= ~(1 << line);
		gpio_int_type2 |= 1 << line;
	} else if (type & IRQT_LOW) {
		gpio_int_type1 &= ~(1 << line);
		gpio_int_type2 &= ~(1 << line);
	}
	update_gpio_a_int_params();

	return 0;
}

static struct irq_chip soc_gpio_a_irq_chip = {
	.name = "GPIO",
	.ack = soc_gpio_a_irq_mask_ack,
	.mask = soc_gpio_a_irq_mask,
	.unmask = soc_gpio_a_irq_unmask,
	.set_type = soc_gpio_a_irq_type,
};

void __init soc_gpio_init_irq(void)
{
	int irq;

	for (irq = IRQ_SOC_GPIO(0); irq < IRQ_SOC_GPIO(8); irq++) {
		set_irq_chip(irq, &soc_gpio_a_irq_chip);
		set_irq_handler(irq, do_level_IRQ);
		set_irq_flags(irq, IRQF_VALID);
	}
	set_irq_chained_handler(IRQ_SOC_GPIO_AB, soc_gpio_a_irq_handler);
}
