// SPDX-License-Identifier: GPL-2.0
/*
 * An interrupt controller driver written here in the shape of a 2.6.18
 * powerpc platform's: an MPIC-like controller on the fasteoi flow, and an
 * 8259-like one behind its line 8 whose cascade, a chained handler in
 * 2.6.18's form, polls the secondary and hands the line on with
 * generic_handle_irq(irq, regs). The secondary's timer line runs a flow
 * handler of the driver's own, also with regs, that calls
 * handle_IRQ_event(irq, regs, action) and note_interrupt(irq, desc,
 * ret, regs).
 */
#include <linux/init.h>
#include <linux/irq.h>
#include <linux/interrupt.h>
#include <asm/irq.h>

static void pic_mask(unsigned int irq)
{
	pic_write(PIC_MASK, pic_read(PIC_MASK) | 1u << irq);
}

static void pic_unmask(unsigned int irq)
{
	pic_write(PIC_MASK, pic_read(PIC_MASK) & ~(1u << irq));
}

static void pic_eoi(unsigned int irq)
{
	pic_write(PIC_EOI, irq);
}

static struct irq_chip pic_chip = {
	.typename = "MPIC",
	.mask = pic_mask,
	.unmask = pic_unmask,
	.eoi = pic_eoi,
	.end = pic_eoi, /* for __do_IRQ(), on the legacy line */
};

static unsigned int sec_bit(unsigned int irq)
{
	return 1u << (irq - SEC_IRQ_BASE);
}

static void sec_mask(unsigned int irq)
{
	pic_write(SEC_MASK, pic_read(SEC_MASK) | sec_bit(irq));
}

static void sec_unmask(unsigned int irq)
{
	pic_write(SEC_MASK, pic_read(SEC_MASK) & ~sec_bit(irq));
}

/* Mask, then end the line in service so the next may be polled. */
static void sec_mask_and_ack(unsigned int irq)
{
	sec_mask(irq);
	pic_write(SEC_EOI, irq - SEC_IRQ_BASE);
}

static struct irq_chip sec_chip = {
	.typename = "i8259",
	.mask = sec_mask,
	.mask_ack = sec_mask_and_ack,
	.ack = sec_mask_and_ack,
	.unmask = sec_unmask,
};

static unsigned int sec_get_irq(struct pt_regs *regs)
{
	unsigned int poll = pic_read(SEC_POLL);

	(void)regs;
	if (!(poll & 0x80))
		return NO_IRQ;
	return SEC_IRQ_BASE + (poll & 7);
}

static void sec_cascade(unsigned int irq, struct irq_desc *desc,
			struct pt_regs *regs)
{
	unsigned int cascade_irq = sec_get_irq(regs);

	if (cascade_irq != NO_IRQ)
		generic_handle_irq(cascade_irq, regs);
	desc->chip->eoi(irq);
}

/* The timer keeps its line masked only while its action runs. */
static void sec_timer_flow(unsigned int irq, struct irq_desc *desc,
			   struct pt_regs *regs)
{
	irqreturn_t ret;

	desc->chip->mask_ack(irq);
	if (!desc->action || (desc->status & IRQ_DISABLED))
		return;
	ret = handle_IRQ_event(irq, regs, desc->action);
	note_interrupt(irq, desc, ret, regs);
	desc->chip->unmask(irq);
}

void __init cascade_init_IRQ(void)
{
	unsigned int i;

	pic_write(PIC_MASK, ~0u);
	pic_write(SEC_MASK, ~0u);
	for (i = 1; i < SEC_IRQ_BASE; i++)
		set_irq_chip_and_handler(i, &pic_chip, handle_fasteoi_irq);
	for (i = SEC_IRQ_BASE; i < SEC_IRQ_BASE + SEC_NR_IRQS; i++)
		set_irq_chip_and_handler(i, &sec_chip, handle_level_irq);
	set_irq_handler(SEC_TIMER, sec_timer_flow);
	/* An arch/ppc-era line, left to __do_IRQ(). */
	set_irq_handler(PIC_LEGACY, NULL);
	set_irq_chained_handler(PIC_CASCADE, sec_cascade);
}
