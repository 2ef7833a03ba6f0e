// SPDX-License-Identifier: GPL-2.0
/*
 * The i8259A driver of arch/i386/kernel/i8259.c in Linux 2.6.18, port for
 * port: i8259A_chip, the "XT-PIC" irq_chip run by handle_level_irq;
 * enable/disable_8259A_irq() write the cached mask to the IMR;
 * mask_and_ack_8259A() masks and sends specific EOIs (slave, then master
 * IR2), checking the ISR first only when the line was already masked.
 * The legacy form (drv/i8259_legacy.c) shares the mask and the ack.
 */
#include <errno.h>
#include <stdint.h>
#include <chips/i8259.h>
#include "hw/i8259_hw.h"

/* --- the driver: arch/i386/kernel/i8259.c ------------------------------ */

/* enable_8259A_irq() / disable_8259A_irq(): one outb of the cached mask. */
void i8259_write_mask(struct i8259 *p, unsigned int pin, bool masked,
		      enum chip_acc acc)
{
	unsigned long flags;
	bool post;

	spin_lock_irqsave(&p->lock, flags);
	if (masked)
		p->cached_mask |= 1u << pin;
	else
		p->cached_mask &= ~(1u << pin);
	if (pin & 8)
		post = i8259_pic_outb(p, pin, acc, p->cached_mask >> 8,
				      I8259_SLAVE_IMR);
	else
		post = i8259_pic_outb(p, pin, acc, p->cached_mask & 0xff,
				      I8259_MASTER_IMR);
	spin_unlock_irqrestore(&p->lock, flags);
	i8259_pic_post(p, post);
}

/*
 * i8259A_irq_real(): is the line in service? Switching the read select is
 * slow, which is why the driver only asks for lines it had masked.
 */
static bool i8259_irq_real(struct i8259 *p, unsigned int pin, enum chip_acc acc,
			   bool *post)
{
	unsigned int cmd = pin & 8 ? I8259_SLAVE_CMD : I8259_MASTER_CMD;
	uint8_t isr;

	*post |= i8259_pic_outb(p, pin, acc, OCW3_READ_ISR, cmd);
	isr = i8259_pic_inb(p, pin, acc, cmd, post);
	*post |= i8259_pic_outb(p, pin, acc, OCW3_READ_IRR, cmd);
	return isr & (1u << (pin & 7));
}

/*
 * mask_and_ack_8259A(). Mask first, then EOI, slave before master: the
 * master's IR2 must not be freed while the slave still holds the level in
 * service. An IRQ7/IRQ15 that arrives on a masked line is checked against
 * the ISR; a spurious one is counted (the kernel's irq_err_count; its
 * once-per-line printk is left out, chip ops print nothing here) and then
 * acked like a real one (the
 * EOI to a level not in service changes nothing; for IRQ15 the EOI to
 * master IR2 is what frees the cascade).
 *
 * The dummy inb of the IMR before each mask write is the kernel's own
 * ("DUMMY - (do we need this?)"); it is a bus cycle, so it is counted.
 */
void i8259_mask_and_ack(struct i8259 *p, unsigned int pin, enum chip_acc acc)
{
	unsigned int bit = 1u << pin;
	unsigned long flags;
	bool post = false;

	spin_lock_irqsave(&p->lock, flags);
	if (p->cached_mask & bit) {
		if (!i8259_irq_real(p, pin, acc, &post))
			chip_count(&p->spurious_detected);
	} else {
		p->cached_mask |= bit;
	}
	if (pin & 8) {
		i8259_pic_inb(p, pin, acc, I8259_SLAVE_IMR, &post);
		post |= i8259_pic_outb(p, pin, acc, p->cached_mask >> 8,
				       I8259_SLAVE_IMR);
		post |= i8259_pic_outb(p, pin, acc, OCW2_SEOI + (pin & 7),
				       I8259_SLAVE_CMD);
		post |= i8259_pic_outb(p, pin, acc,
				       OCW2_SEOI + I8259_CASCADE_IR,
				       I8259_MASTER_CMD);
	} else {
		i8259_pic_inb(p, pin, acc, I8259_MASTER_IMR, &post);
		post |= i8259_pic_outb(p, pin, acc, p->cached_mask & 0xff,
				       I8259_MASTER_IMR);
		post |= i8259_pic_outb(p, pin, acc, OCW2_SEOI + pin,
				       I8259_MASTER_CMD);
	}
	spin_unlock_irqrestore(&p->lock, flags);
	i8259_pic_post(p, post);
}

/* 2.6.18's i8259A_chip, for handle_level_irq. */
static void i8259_chip_mask(unsigned int irq)
{
	struct i8259 *p = irq_to_i8259(irq);

	i8259_write_mask(p, I8259_PIN(irq, p), true, CHIP_ACC_MASK);
}

void i8259_chip_disable(unsigned int irq)
{
	struct i8259 *p = irq_to_i8259(irq);

	i8259_write_mask(p, I8259_PIN(irq, p), true, CHIP_ACC_DISABLE);
}

static void i8259_chip_unmask(unsigned int irq)
{
	struct i8259 *p = irq_to_i8259(irq);

	i8259_write_mask(p, I8259_PIN(irq, p), false, CHIP_ACC_UNMASK);
}

static void i8259_chip_mask_ack(unsigned int irq)
{
	struct i8259 *p = irq_to_i8259(irq);

	i8259_mask_and_ack(p, I8259_PIN(irq, p), CHIP_ACC_MASK_ACK);
}

/*
 * The trigger is the ELCR bit, set with a read-modify-write that skips the
 * write when nothing changes (as eisa_set_level_irq() in
 * arch/i386/pci/irq.c). The 8259 itself only detects rising edges and
 * high levels; PCI's active-low lines reach it inverted by the bridge, so
 * falling edges and low levels are refused. Both triggers keep
 * handle_level_irq, as Linux did: mask_and_ack_8259A() masks before it
 * EOIs, so an edge that arrives during the handler waits in IRR and is
 * delivered by the unmask at the end, which is all handle_edge_irq would
 * have achieved.
 */
int i8259_set_type(unsigned int irq, unsigned int type)
{
	struct irq_desc *desc = irq_desc + irq;
	struct i8259 *p = irq_to_i8259(irq);
	unsigned int pin = I8259_PIN(irq, p), port, bit = 1u << (pin & 7);
	unsigned long flags;
	bool level, post = false;
	uint8_t elcr, want;

	switch (type) {
	case IRQ_TYPE_NONE:
		return 0;
	case IRQ_TYPE_EDGE_RISING:
		level = false;
		break;
	case IRQ_TYPE_LEVEL_HIGH:
		level = true;
		break;
	default:
		return -EINVAL;
	}
	if (level && (ELCR_EDGE_ONLY & (1u << pin)))
		return -EINVAL;

	port = pin & 8 ? I8259_ELCR_SLAVE : I8259_ELCR_MASTER;
	spin_lock_irqsave(&p->lock, flags);
	elcr = i8259_pic_inb(p, pin, CHIP_ACC_SET_TYPE, port, &post);
	want = level ? (uint8_t)(elcr | bit) : (uint8_t)(elcr & ~bit);
	if (want != elcr)
		post |= i8259_pic_outb(p, pin, CHIP_ACC_SET_TYPE, want, port);
	spin_unlock_irqrestore(&p->lock, flags);

	desc->status &= ~(IRQ_TYPE_SENSE_MASK | IRQ_LEVEL);
	desc->status |= type | (level ? IRQ_LEVEL : 0);
	if (pin != I8259_CASCADE_IR)
		__set_irq_handler_unlocked(irq, handle_level_irq);
	i8259_pic_post(p, post);
	return 0;
}

/* clang-format off */
struct irq_chip i8259A_chip = {
	.name		= "XT-PIC",
	.mask		= i8259_chip_mask,
	.disable	= i8259_chip_disable,
	.unmask		= i8259_chip_unmask,
	.mask_ack	= i8259_chip_mask_ack,
	.set_type	= i8259_set_type,
};
/* clang-format on */
