// SPDX-License-Identifier: GPL-2.0
/*
 * The software chip's one driver form, for every design:
 * handle_simple_irq() makes no chip calls, so the chip's ops are only
 * mask/unmask (for disable_irq and startup). __do_IRQ() calls ->ack and
 * ->end, which have nothing to do on software sources: both are no-ops
 * that touch no register. And the parent's chained handler.
 */
#include <chips/soft.h>
#include "hw/soft_hw.h"

static void soft_mask(unsigned int irq)
{
	struct soft *s = irq_to_soft(irq);
	unsigned int pin = irq - s->base.irq_base;

	chip_reg_write(&s->base, pin, CHIP_ACC_MASK, s->cost.enable_write_ns);
	__atomic_fetch_and(&s->enable, ~(1u << pin), __ATOMIC_RELEASE);
}

static void soft_unmask(unsigned int irq)
{
	struct soft *s = irq_to_soft(irq);
	unsigned int pin = irq - s->base.irq_base;

	chip_reg_write(&s->base, pin, CHIP_ACC_UNMASK, s->cost.enable_write_ns);
	__atomic_fetch_or(&s->enable, 1u << pin, __ATOMIC_ACQ_REL);
	if (__atomic_load_n(&s->status, __ATOMIC_ACQUIRE) & (1u << pin))
		soft_deliver(s, pin);
}

static void soft_noop(unsigned int irq)
{
	(void)irq;
}

/* clang-format off */
struct irq_chip soft_chip = {
	.name		= "SOFT",
	.mask		= soft_mask,
	.unmask		= soft_unmask,
	.ack		= soft_noop,
	.end		= soft_noop,
};
/* clang-format on */

/*
 * The parent's chained handler: take each pending, enabled child off the
 * status word and run it. A chained handler is the parent's flow; the
 * parent itself is not counted, as in the kernel. Its accesses are made
 * for the parent line: each child's interrupts include them.
 */
void soft_demux(unsigned int irq, struct irq_desc *desc)
{
	struct soft *s = desc->handler_data;

	(void)irq;
	for (;;) {
		unsigned int pending, pin;

		chip_reg_read(&s->base, CHIP_LINE_OUTPUT, CHIP_ACC_DEMUX,
			      s->cost.status_read_ns);
		pending = __atomic_load_n(&s->status, __ATOMIC_ACQUIRE) &
			  __atomic_load_n(&s->enable, __ATOMIC_ACQUIRE);
		if (!pending)
			break;
		pin = (unsigned int)__builtin_ctz(pending);
		chip_reg_write(&s->base, CHIP_LINE_OUTPUT, CHIP_ACC_DEMUX,
			       s->cost.status_write_ns);
		__atomic_fetch_and(&s->status, ~(1u << pin), __ATOMIC_ACQ_REL);
		generic_handle_irq(s->base.irq_base + pin);
	}
}
