// SPDX-License-Identifier: GPL-2.0
/*
 * The __do_IRQ design gets the hw_interrupt_type such hardware had: edge
 * lines ack as above and end with no register access (the i386 edge
 * chips' end); level lines ack by masking and clearing, and end by
 * clearing and unmasking unless the line was disabled or is still in
 * progress on another CPU (the i386 level chips' end).

 */
#include <chips/gpio.h>
#include "hw/gpio_hw.h"

static void gpio_legacy_ack(unsigned int irq)
{
	struct gpio_bank *g = irq_to_bank(irq);
	uint32_t bit = irq_bit(g, irq);

	if (ld(&g->drv.level) & bit) {
		gpio_disable(g, CHIP_ACC_ACK, bit);
		gpio_clear_status(g, CHIP_ACC_ACK, bit);
	} else {
		gpio_ack_edge(g, CHIP_ACC_ACK, bit);
	}
}

static void gpio_legacy_end(unsigned int irq)
{
	struct gpio_bank *g = irq_to_bank(irq);
	uint32_t bit = irq_bit(g, irq);

	if ((ld(&g->drv.level) & bit) &&
	    !(irq_desc[irq].status & (IRQ_DISABLED | IRQ_INPROGRESS))) {
		gpio_clear_status(g, CHIP_ACC_END, bit);
		gpio_enable(g, CHIP_ACC_END, bit);
	}
}

/* clang-format off */
struct irq_chip gpio_legacy_chip = {
	.name		= "GPIO",
	.ack		= gpio_legacy_ack,
	.mask		= gpio_mask_irq,
	.unmask		= gpio_unmask_irq,
	.end		= gpio_legacy_end,
	.set_type	= gpio_set_type,
	.set_wake	= gpio_set_wake,
};
/* clang-format on */
