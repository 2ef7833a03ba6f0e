// SPDX-License-Identifier: GPL-2.0
/*
 * The i8259A driver of Linux 2.6.17 for __do_IRQ(): i8259A_irq_type, the
 * hw_interrupt_type driven with ->ack (mask_and_ack_8259A(), shared with
 * drv/i8259_2618.c) and ->end (unmask unless disabled or in progress).
 */
#include <chips/i8259.h>
#include "hw/i8259_hw.h"

/* 2.6.17's i8259A_irq_type, for __do_IRQ(). */
static unsigned int i8259_legacy_startup(unsigned int irq)
{
	struct i8259 *p = irq_to_i8259(irq);

	i8259_write_mask(p, I8259_PIN(irq, p), false, CHIP_ACC_STARTUP);
	return 0; /* never anything pending */
}

static void i8259_legacy_shutdown(unsigned int irq)
{
	struct i8259 *p = irq_to_i8259(irq);

	i8259_write_mask(p, I8259_PIN(irq, p), true, CHIP_ACC_SHUTDOWN);
}

static void i8259_legacy_enable(unsigned int irq)
{
	struct i8259 *p = irq_to_i8259(irq);

	i8259_write_mask(p, I8259_PIN(irq, p), false, CHIP_ACC_ENABLE);
}

static void i8259_legacy_ack(unsigned int irq)
{
	struct i8259 *p = irq_to_i8259(irq);

	i8259_mask_and_ack(p, I8259_PIN(irq, p), CHIP_ACC_ACK);
}

/*
 * end_8259A_irq(): the ack left the line masked; unmask it unless it was
 * disabled meanwhile or is still being handled on another CPU (that CPU's
 * __do_IRQ() loop will end it), or lost its last action.
 */
static void i8259_legacy_end(unsigned int irq)
{
	struct irq_desc *desc = irq_desc + irq;
	struct i8259 *p = irq_to_i8259(irq);

	if (!(desc->status & (IRQ_DISABLED | IRQ_INPROGRESS)) && desc->action)
		i8259_write_mask(p, I8259_PIN(irq, p), false, CHIP_ACC_END);
}

/* clang-format off */
struct irq_chip i8259A_irq_type = {
	.name		= "XT-PIC",
	.startup	= i8259_legacy_startup,
	.shutdown	= i8259_legacy_shutdown,
	.enable		= i8259_legacy_enable,
	.disable	= i8259_chip_disable,
	.ack		= i8259_legacy_ack,
	.end		= i8259_legacy_end,
	.set_type	= i8259_set_type,
};
/* clang-format on */
