// SPDX-License-Identifier: GPL-2.0
/*
 * The GPIO bank's driver in the 2.6.18 irq_chip form, and what the
 * legacy form (drv/gpio_legacy.c) shares with it.
 *
 * Driver. set_type programs the detectors and switches the line between
 * handle_edge_irq and handle_level_irq. Edge lines ack by clearing their
 * status bit. Both-edge lines are emulated, as the era's drivers did on
 * one-polarity hardware: after the clear, ack reads DATAIN and arms the
 * detector for the opposite of the level it sees. An edge that comes and
 * goes before that read (a whole pulse while the CPU looked away) is not
 * seen by the hardware at all: the handler runs once, and the re-arm from
 * DATAIN keeps the line in step for the next edge. An edge between the
 * DATAIN read and the EDGESELECT write, the emulation's race window, is
 * missed by the hardware too; ack reads DATAIN once more after the write
 * and re-arms until the two reads agree, so the line never stays armed
 * for an edge it has already made, and the missed edge merges into the
 * handler run that follows the ack. Level lines mask_ack (disable,
 * clear) and unmask (clear, enable): the clear in unmask drops the sticky
 * bit of a level the handler has just removed, and cannot drop one still
 * present, which re-latches and re-delivers. Shared configuration
 * registers are rewritten from shadows under the bank lock, as the
 * drivers' bank->lock.
 *
 * The parent's chained handler masks the bank's VIC input, reads IRQSTATUS
 * and IRQENABLE, runs generic_handle_irq() for each pending line lowest
 * first, and reads again until nothing is pending, then unmasks the input.
 */
#include <errno.h>
#include <chips/gpio.h>
#include <chips/vic.h>
#include "hw/gpio_hw.h"

/*
 * ---- the driver: register accesses, counted under their caller and
 * the line of @bit ----
 */

void gpio_clear_status(struct gpio_bank *g, enum chip_acc acc, uint32_t bit)
{
	chip_reg_write(&g->base, bit_line(bit), acc, g->cost.write_ns);
	gpio_hw_status_w1c(g, bit);
}

void gpio_enable(struct gpio_bank *g, enum chip_acc acc, uint32_t bit)
{
	/* SETIRQENABLE */
	chip_reg_write(&g->base, bit_line(bit), acc, g->cost.write_ns);
	gpio_hw_enable_set(g, bit);
}

void gpio_disable(struct gpio_bank *g, enum chip_acc acc, uint32_t bit)
{
	/* CLEARIRQENABLE */
	chip_reg_write(&g->base, bit_line(bit), acc, g->cost.write_ns);
	__atomic_fetch_and(&g->hw.irqenable, ~bit, __ATOMIC_SEQ_CST);
}

/*
 * Point @bit's detector at the edge that leaves level @high (falling when
 * high, rising when low): EDGESELECT rewritten from its shadow. Called
 * with the bank lock held. Return: whether the polarity changed.
 */
static bool gpio_write_polarity(struct gpio_bank *g, enum chip_acc acc,
				uint32_t bit, bool high)
{
	uint32_t old = ld(&g->drv.edgeselect);
	uint32_t sel = high ? old & ~bit : old | bit;

	st(&g->drv.edgeselect, sel);
	chip_reg_write(&g->base, bit_line(bit), acc, g->cost.write_ns);
	st(&g->hw.edgeselect, sel);
	return sel != old;
}

/*
 * After EDGESELECT was written for level @high, read DATAIN again until it
 * agrees with the level the polarity was chosen for. An edge between the
 * DATAIN read and the EDGESELECT write happened while the detector was
 * looking the other way: it is not latched, and without this check the
 * line would be left waiting for the edge it has just made, missing the
 * next one as well. The re-read sees that edge's level and re-arms; the
 * edge itself merges into the handler run the caller is about to make
 * (ack comes before the handler in both flows), which is legal
 * coalescing, not a loss. Later kernels' drivers for one-polarity
 * hardware (pinctrl-rockchip's demultiplexer) loop the same way. Return:
 * how many times the polarity changed.
 */
static unsigned int gpio_track_level(struct gpio_bank *g, enum chip_acc acc,
				     uint32_t bit, bool high)
{
	unsigned int flips = 0;

	for (;;) {
		bool now;

		chip_reg_read(&g->base, bit_line(bit), acc, g->cost.read_ns);
		now = ld(&g->hw.datain) & bit;
		if (now == high)
			return flips;
		high = now;
		spin_lock(&g->lock);
		flips += gpio_write_polarity(g, acc, bit, high);
		spin_unlock(&g->lock);
	}
}

/*
 * Both-edge emulation: arm the detector for the edge that can come next,
 * judged from the level now, and check the level again (see
 * gpio_track_level()). Runs after the status clear, so an edge of the new
 * polarity that arrives from here on is latched, not cleared. Costs one
 * DATAIN read, one EDGESELECT write and one DATAIN read when the line
 * holds still, one more write and read per change that races it.
 */
static void gpio_rearm_edge(struct gpio_bank *g, enum chip_acc acc,
			    uint32_t bit)
{
	unsigned int flips;
	bool high;

	chip_reg_read(&g->base, bit_line(bit), acc, g->cost.read_ns);
	high = ld(&g->hw.datain) & bit;
	spin_lock(&g->lock);
	flips = gpio_write_polarity(g, acc, bit, high);
	spin_unlock(&g->lock);
	flips += gpio_track_level(g, acc, bit, high);
	count_n(&g->flips, flips);
}

void gpio_ack_edge(struct gpio_bank *g, enum chip_acc acc, uint32_t bit)
{
	gpio_clear_status(g, acc, bit);
	if (ld(&g->drv.both) & bit)
		gpio_rearm_edge(g, acc, bit);
}

static void gpio_ack_irq(unsigned int irq)
{
	struct gpio_bank *g = irq_to_bank(irq);

	gpio_ack_edge(g, CHIP_ACC_ACK, irq_bit(g, irq));
}

void gpio_mask_irq(unsigned int irq)
{
	struct gpio_bank *g = irq_to_bank(irq);

	gpio_disable(g, CHIP_ACC_MASK, irq_bit(g, irq));
}

static void gpio_mask_ack_irq(unsigned int irq)
{
	struct gpio_bank *g = irq_to_bank(irq);
	uint32_t bit = irq_bit(g, irq);

	gpio_disable(g, CHIP_ACC_MASK_ACK, bit);
	gpio_ack_edge(g, CHIP_ACC_MASK_ACK, bit);
}

void gpio_unmask_irq(unsigned int irq)
{
	struct gpio_bank *g = irq_to_bank(irq);
	uint32_t bit = irq_bit(g, irq);

	if (ld(&g->drv.level) & bit)
		gpio_clear_status(g, CHIP_ACC_UNMASK, bit);
	gpio_enable(g, CHIP_ACC_UNMASK, bit);
}

int gpio_set_type(unsigned int irq, unsigned int type)
{
	struct irq_desc *desc = irq_desc + irq;
	struct gpio_bank *g = irq_to_bank(irq);
	uint32_t bit = irq_bit(g, irq);
	uint32_t ed, es, l0, l1, both, level;
	bool high = false;

	if (type != IRQ_TYPE_NONE && type != IRQ_TYPE_EDGE_RISING &&
	    type != IRQ_TYPE_EDGE_FALLING && type != IRQ_TYPE_EDGE_BOTH &&
	    type != IRQ_TYPE_LEVEL_HIGH && type != IRQ_TYPE_LEVEL_LOW)
		return -EINVAL;

	spin_lock(&g->lock);
	ed = ld(&g->drv.edgedetect) & ~bit;
	es = ld(&g->drv.edgeselect) & ~bit;
	l0 = ld(&g->drv.leveldetect0) & ~bit;
	l1 = ld(&g->drv.leveldetect1) & ~bit;
	both = ld(&g->drv.both) & ~bit;
	level = ld(&g->drv.level) & ~bit;
	switch (type) {
	case IRQ_TYPE_EDGE_RISING:
		ed |= bit;
		es |= bit;
		break;
	case IRQ_TYPE_EDGE_FALLING:
		ed |= bit;
		break;
	case IRQ_TYPE_EDGE_BOTH:
		chip_reg_read(&g->base, bit_line(bit), CHIP_ACC_SET_TYPE,
			      g->cost.read_ns);
		high = ld(&g->hw.datain) & bit;
		ed |= bit;
		es |= high ? 0 : bit;
		both |= bit;
		break;
	case IRQ_TYPE_LEVEL_HIGH:
		l1 |= bit;
		level |= bit;
		break;
	case IRQ_TYPE_LEVEL_LOW:
		l0 |= bit;
		level |= bit;
		break;
	}
	st(&g->drv.edgedetect, ed);
	st(&g->drv.edgeselect, es);
	st(&g->drv.leveldetect0, l0);
	st(&g->drv.leveldetect1, l1);
	st(&g->drv.both, both);
	st(&g->drv.level, level);
	/* Polarity before detection, so a detector never starts wrong. */
	chip_reg_write(&g->base, bit_line(bit), CHIP_ACC_SET_TYPE,
		       g->cost.write_ns);
	st(&g->hw.leveldetect0, l0);
	chip_reg_write(&g->base, bit_line(bit), CHIP_ACC_SET_TYPE,
		       g->cost.write_ns);
	st(&g->hw.leveldetect1, l1);
	chip_reg_write(&g->base, bit_line(bit), CHIP_ACC_SET_TYPE,
		       g->cost.write_ns);
	st(&g->hw.edgeselect, es);
	chip_reg_write(&g->base, bit_line(bit), CHIP_ACC_SET_TYPE,
		       g->cost.write_ns);
	st(&g->hw.edgedetect, ed);
	spin_unlock(&g->lock);
	/* The level may have moved since it was read: follow it. */
	if (type == IRQ_TYPE_EDGE_BOTH)
		gpio_track_level(g, CHIP_ACC_SET_TYPE, bit, high);
	gpio_hw_config_changed(g);

	if (level & bit) {
		desc->status |= IRQ_LEVEL;
		__set_irq_handler_unlocked(irq, handle_level_irq);
	} else {
		desc->status &= ~IRQ_LEVEL;
		__set_irq_handler_unlocked(irq, handle_edge_irq);
	}
	return 0;
}

int gpio_set_wake(unsigned int irq, unsigned int on)
{
	struct gpio_bank *g = irq_to_bank(irq);
	uint32_t bit = irq_bit(g, irq), wake;

	spin_lock(&g->lock);
	wake = ld(&g->drv.wakeup);
	wake = on ? wake | bit : wake & ~bit;
	st(&g->drv.wakeup, wake);
	chip_reg_write(&g->base, bit_line(bit), CHIP_ACC_SET_WAKE,
		       g->cost.write_ns);
	st(&g->hw.wakeupenable, wake);
	spin_unlock(&g->lock);
	return 0;
}

/* clang-format off */
struct irq_chip gpio_chip = {
	.name		= "GPIO",
	.ack		= gpio_ack_irq,
	.mask		= gpio_mask_irq,
	.mask_ack	= gpio_mask_ack_irq,
	.unmask		= gpio_unmask_irq,
	.set_type	= gpio_set_type,
	.set_wake	= gpio_set_wake,
};
/* clang-format on */

/*
 * The parent's chained handler. Masking the bank's VIC input for the
 * duration keeps the CPU from re-entering here from a child's handler
 * (they run with interrupts enabled); the re-read loop picks up what
 * arrived meanwhile, and the final unmask re-presents anything that came
 * after the last read. Its reads are made for the parent line, the
 * bank's output: each line's interrupts include them.
 */
void gpio_demux(unsigned int irq, struct irq_desc *desc)
{
	struct gpio_bank *g = desc->handler_data;

	desc->chip->ack(irq);
	for (;;) {
		uint32_t pending;

		chip_reg_read(&g->base, CHIP_LINE_OUTPUT, CHIP_ACC_DEMUX,
			      g->cost.read_ns);
		pending = ld(&g->hw.irqstatus);
		chip_reg_read(&g->base, CHIP_LINE_OUTPUT, CHIP_ACC_DEMUX,
			      g->cost.read_ns);
		pending &= ld(&g->hw.irqenable);
		if (!pending)
			break;
		do {
			unsigned int pin = (unsigned int)__builtin_ctz(pending);

			pending &= pending - 1;
			generic_handle_irq(g->base.irq_base + pin);
		} while (pending);
	}
	desc->chip->unmask(irq);
}

int gpio_suspend(struct chip_model *m)
{
	struct gpio_bank *g = (struct gpio_bank *)m;
	unsigned long flags;
	int off = 0;
	uint32_t wake;

	if (!__atomic_compare_exchange_n(&g->suspended, &off, 1, false,
					 __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST))
		return -EBUSY;
	__atomic_store_n(&g->wake_line, -ENOENT, __ATOMIC_SEQ_CST);

	spin_lock_irqsave(&g->lock, flags);
	chip_reg_read(m, CHIP_LINE_NONE, CHIP_ACC_INIT, g->cost.read_ns);
	st(&g->drv.saved_enable, ld(&g->hw.irqenable));
	wake = ld(&g->drv.wakeup);
	chip_reg_write(m, CHIP_LINE_NONE, CHIP_ACC_INIT, g->cost.write_ns);
	st(&g->hw.irqenable, wake);
	spin_unlock_irqrestore(&g->lock, flags);

	/* A wake line already pending keeps the system from sleeping. */
	if (ld(&g->hw.irqstatus) & wake) {
		gpio_hw_wake(g, ld(&g->hw.irqstatus) & wake);
		vic_cascade_changed(g->vic, g->vic_input);
	}
	return 0;
}

int gpio_resume(struct chip_model *m)
{
	struct gpio_bank *g = (struct gpio_bank *)m;
	unsigned long flags;
	int on = 1;

	if (!__atomic_compare_exchange_n(&g->suspended, &on, 0, false,
					 __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST))
		return -EINVAL;
	spin_lock_irqsave(&g->lock, flags);
	chip_reg_write(m, CHIP_LINE_NONE, CHIP_ACC_INIT, g->cost.write_ns);
	st(&g->hw.irqenable, ld(&g->drv.saved_enable));
	spin_unlock_irqrestore(&g->lock, flags);
	vic_cascade_changed(g->vic, g->vic_input);
	return 0;
}
