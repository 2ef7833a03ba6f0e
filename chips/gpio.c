// SPDX-License-Identifier: GPL-2.0
/*
 * The GPIO bank model: 32 lines behind one VIC input, driven the way the
 * ARM SoC GPIO drivers of Linux 2.6.18 drove theirs (arch/arm/plat-omap/
 * gpio.c above all: gpio_irq_type, gpio_ack_irq, gpio_mask_irq,
 * gpio_unmask_irq, gpio_wake_enable, the chained gpio_irq_handler and the
 * suspend hooks that program the enable register from the wake-up mask;
 * arch/arm/mach-pxa/irq.c and mach-s3c2410/irq.c for the same shapes).
 *
 * Hardware. Each input line has one edge detector whose polarity
 * EDGESELECT chooses (rising or falling, never both, as OMAP1's
 * GPIO_INT_CONTROL), and two level detectors (LEVELDETECT0 low,
 * LEVELDETECT1 high). A detected event sets the line's IRQSTATUS bit
 * whether or not the line is enabled: the detector sits upstream of the
 * enable gate, so an edge that arrives while the line is masked is latched
 * and delivered on unmask, never dropped. While a detected level is
 * present its status bit cannot be cleared; once the level goes, the bit
 * stays set until cleared (sticky, as OMAP's level status is). The bank's
 * output, one VIC input, is IRQSTATUS & IRQENABLE != 0, which the VIC
 * samples live. Output lines (DIR = 0) ignore their pads.
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
 *
 * The __do_IRQ design gets the hw_interrupt_type such hardware had: edge
 * lines ack as above and end with no register access (the i386 edge
 * chips' end); level lines ack by masking and clearing, and end by
 * clearing and unmasking unless the line was disabled or is still in
 * progress on another CPU (the i386 level chips' end).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <chips/kind.h>
#include <chips/gpio.h>
#include <chips/vic.h>

/* The bank's registers; each an atomic word, as the bus makes them. */
struct gpio_hw {
	uint32_t datain;
	uint32_t dir;
	uint32_t edgedetect;
	uint32_t edgeselect;
	uint32_t leveldetect0;
	uint32_t leveldetect1;
	uint32_t irqstatus;
	uint32_t irqenable;
	uint32_t wakeupenable;
};

/*
 * What the driver keeps in memory: shadows of the configuration registers
 * and the lines' kinds, written under the bank lock, read atomically.
 */
struct gpio_drv {
	uint32_t edgedetect;
	uint32_t edgeselect;
	uint32_t leveldetect0;
	uint32_t leveldetect1;
	uint32_t wakeup;
	uint32_t both; /* both-edge lines, emulated */
	uint32_t level; /* level lines */
	uint32_t saved_enable; /* IRQENABLE across a suspend */
};

struct gpio_bank {
	struct chip_model base;
	struct gpio_cost cost;
	struct chip_model *vic;
	unsigned int vic_input;
	unsigned int parent_irq;
	spinlock_t lock;
	struct gpio_hw hw;
	struct gpio_drv drv;
	int suspended;
	int wake_line; /* line that ended the latest suspend, or -ENOENT */
	unsigned long wakeups;
	unsigned long flips;
};

const struct chip_cost_field gpio_cost_fields[] = {
	{ "read_ns", offsetof(struct gpio_cost, read_ns) },
	{ "write_ns", offsetof(struct gpio_cost, write_ns) },
	{ NULL, 0 },
};

static uint32_t ld(const uint32_t *p)
{
	return __atomic_load_n(p, __ATOMIC_SEQ_CST);
}

static void st(uint32_t *p, uint32_t v)
{
	__atomic_store_n(p, v, __ATOMIC_SEQ_CST);
}

static void count_n(unsigned long *counter, unsigned int n)
{
	if (n)
		__atomic_fetch_add(counter, n, __ATOMIC_RELAXED);
}

static struct gpio_bank *irq_to_bank(unsigned int irq)
{
	return get_irq_chip_data(irq);
}

static uint32_t irq_bit(const struct gpio_bank *g, unsigned int irq)
{
	return 1u << (irq - g->base.irq_base);
}

/* The line of @bit, one line's bit: what its accesses are counted under. */
static unsigned int bit_line(uint32_t bit)
{
	return (unsigned int)__builtin_ctz(bit);
}

/* ---- the hardware: what happens on the chip, whoever caused it ---- */

static uint32_t hw_level_active(const struct gpio_hw *hw)
{
	uint32_t in = ld(&hw->datain);

	return ld(&hw->dir) &
	       ((in & ld(&hw->leveldetect1)) | (~in & ld(&hw->leveldetect0)));
}

static bool hw_output(void *ctx)
{
	struct gpio_bank *g = ctx;

	return (ld(&g->hw.irqstatus) & ld(&g->hw.irqenable)) != 0;
}

/* The first wake-enabled event of a suspend resumes the system. */
static void hw_wake(struct gpio_bank *g, uint32_t bits)
{
	int none = -ENOENT;

	if (__atomic_compare_exchange_n(&g->wake_line, &none,
					__builtin_ctz(bits), false,
					__ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST))
		__atomic_fetch_add(&g->wakeups, 1, __ATOMIC_RELAXED);
}

static void hw_latch(struct gpio_bank *g, uint32_t bits)
{
	uint32_t old =
		__atomic_fetch_or(&g->hw.irqstatus, bits, __ATOMIC_SEQ_CST);
	uint32_t shown = bits & ~old & ld(&g->hw.irqenable);

	count_n(&g->base.stats.delivered,
		(unsigned int)__builtin_popcount(shown));
	count_n(&g->base.stats.latched,
		(unsigned int)__builtin_popcount(bits & ~shown));
	if (__atomic_load_n(&g->suspended, __ATOMIC_SEQ_CST) &&
	    (bits & ld(&g->hw.wakeupenable)))
		hw_wake(g, bits & ld(&g->hw.wakeupenable));
	if (shown)
		vic_cascade_changed(g->vic, g->vic_input);
}

/* Detected levels latch as soon as a configuration makes them active. */
static void hw_config_changed(struct gpio_bank *g)
{
	uint32_t fresh = hw_level_active(&g->hw) & ~ld(&g->hw.irqstatus);

	if (fresh)
		hw_latch(g, fresh);
}

/*
 * IRQSTATUS write: 1 bits clear, except levels still being detected.
 *
 * The detector sets the bit for as long as its level is present, so a
 * level that appears while the write is in flight must survive it. Two
 * sides: gpio_set_input() stores DATAIN, then ORs the bit into IRQSTATUS;
 * here the CAS is followed by a fresh look at DATAIN. When the OR changed
 * nothing (the bit was still set, sticky from the last level) the CAS may
 * succeed against it and clear the bit; the look after the CAS then sees
 * the new level and latches it again. Without it the level would stay
 * present with its status clear, and nothing would ever deliver it.
 */
static void hw_status_w1c(struct gpio_bank *g, uint32_t bits)
{
	uint32_t old = ld(&g->hw.irqstatus), val, fresh;

	do {
		val = (old & ~bits) | (bits & hw_level_active(&g->hw));
	} while (!__atomic_compare_exchange_n(&g->hw.irqstatus, &old, val,
					      false, __ATOMIC_SEQ_CST,
					      __ATOMIC_SEQ_CST));
	fresh = bits & hw_level_active(&g->hw) & ~ld(&g->hw.irqstatus);
	if (fresh)
		hw_latch(g, fresh);
}

static void hw_enable_set(struct gpio_bank *g, uint32_t bits)
{
	__atomic_fetch_or(&g->hw.irqenable, bits, __ATOMIC_SEQ_CST);
	if (ld(&g->hw.irqstatus) & bits)
		vic_cascade_changed(g->vic, g->vic_input);
}

static void gpio_set_input(struct chip_model *m, unsigned int pin, bool level)
{
	struct gpio_bank *g = (struct gpio_bank *)m;
	uint32_t bit, old, ev = 0;

	if (pin >= m->nr_inputs)
		return;
	bit = 1u << pin;
	if (!(ld(&g->hw.dir) & bit))
		return; /* an output: the bank drives the pad */
	if (level)
		old = __atomic_fetch_or(&g->hw.datain, bit, __ATOMIC_SEQ_CST);
	else
		old = __atomic_fetch_and(&g->hw.datain, ~bit, __ATOMIC_SEQ_CST);
	if (!!(old & bit) == level)
		return; /* no transition */

	if ((ld(&g->hw.edgedetect) & bit) &&
	    !!(ld(&g->hw.edgeselect) & bit) == level)
		ev = bit;
	if (ld(level ? &g->hw.leveldetect1 : &g->hw.leveldetect0) & bit)
		ev = bit;
	if (ev)
		hw_latch(g, ev);
}

/*
 * ---- the driver: register accesses, counted under their caller and
 * the line of @bit ----
 */

static void gpio_clear_status(struct gpio_bank *g, enum chip_acc acc,
			      uint32_t bit)
{
	chip_reg_write(&g->base, bit_line(bit), acc, g->cost.write_ns);
	hw_status_w1c(g, bit);
}

static void gpio_enable(struct gpio_bank *g, enum chip_acc acc, uint32_t bit)
{
	/* SETIRQENABLE */
	chip_reg_write(&g->base, bit_line(bit), acc, g->cost.write_ns);
	hw_enable_set(g, bit);
}

static void gpio_disable(struct gpio_bank *g, enum chip_acc acc, uint32_t bit)
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

static void gpio_ack_edge(struct gpio_bank *g, enum chip_acc acc, uint32_t bit)
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

static void gpio_mask_irq(unsigned int irq)
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

static void gpio_unmask_irq(unsigned int irq)
{
	struct gpio_bank *g = irq_to_bank(irq);
	uint32_t bit = irq_bit(g, irq);

	if (ld(&g->drv.level) & bit)
		gpio_clear_status(g, CHIP_ACC_UNMASK, bit);
	gpio_enable(g, CHIP_ACC_UNMASK, bit);
}

static int gpio_set_type(unsigned int irq, unsigned int type)
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
	hw_config_changed(g);

	if (level & bit) {
		desc->status |= IRQ_LEVEL;
		__set_irq_handler_unlocked(irq, handle_level_irq);
	} else {
		desc->status &= ~IRQ_LEVEL;
		__set_irq_handler_unlocked(irq, handle_edge_irq);
	}
	return 0;
}

static int gpio_set_wake(unsigned int irq, unsigned int on)
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
static struct irq_chip gpio_chip = {
	.name		= "GPIO",
	.ack		= gpio_ack_irq,
	.mask		= gpio_mask_irq,
	.mask_ack	= gpio_mask_ack_irq,
	.unmask		= gpio_unmask_irq,
	.set_type	= gpio_set_type,
	.set_wake	= gpio_set_wake,
};

static struct irq_chip gpio_legacy_chip = {
	.name		= "GPIO",
	.ack		= gpio_legacy_ack,
	.mask		= gpio_mask_irq,
	.unmask		= gpio_unmask_irq,
	.end		= gpio_legacy_end,
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
static void gpio_demux(unsigned int irq, struct irq_desc *desc)
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
		hw_wake(g, ld(&g->hw.irqstatus) & wake);
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

int gpio_resume_reason(const struct chip_model *m)
{
	const struct gpio_bank *g = (const struct gpio_bank *)m;

	return __atomic_load_n(&g->wake_line, __ATOMIC_SEQ_CST);
}

unsigned long gpio_resume_events(const struct chip_model *m)
{
	const struct gpio_bank *g = (const struct gpio_bank *)m;

	return __atomic_load_n(&g->wakeups, __ATOMIC_RELAXED);
}

unsigned long gpio_polarity_flips(const struct chip_model *m)
{
	const struct gpio_bank *g = (const struct gpio_bank *)m;

	return __atomic_load_n(&g->flips, __ATOMIC_RELAXED);
}

uint32_t gpio_peek(const struct chip_model *m, enum gpio_reg reg)
{
	const struct gpio_hw *hw = &((const struct gpio_bank *)m)->hw;

	switch (reg) {
	case GPIO_DATAIN:
		return ld(&hw->datain);
	case GPIO_DIR:
		return ld(&hw->dir);
	case GPIO_EDGEDETECT:
		return ld(&hw->edgedetect);
	case GPIO_EDGESELECT:
		return ld(&hw->edgeselect);
	case GPIO_LEVELDETECT0:
		return ld(&hw->leveldetect0);
	case GPIO_LEVELDETECT1:
		return ld(&hw->leveldetect1);
	case GPIO_IRQSTATUS:
		return ld(&hw->irqstatus);
	case GPIO_IRQENABLE:
		return ld(&hw->irqenable);
	case GPIO_WAKEUPENABLE:
		return ld(&hw->wakeupenable);
	default:
		return 0;
	}
}

int gpio_poke(struct chip_model *m, enum gpio_reg reg, uint32_t val)
{
	struct gpio_bank *g = (struct gpio_bank *)m;

	if (reg != GPIO_DIR)
		return -EINVAL;
	st(&g->hw.dir, val);
	hw_config_changed(g);
	return 0;
}

static void gpio_set_design(struct chip_model *m, enum chip_design design)
{
	struct gpio_bank *g = (struct gpio_bank *)m;
	uint32_t level = ld(&g->drv.level);

	for (unsigned int i = 0; i < m->nr_inputs; i++) {
		unsigned int irq = m->irq_base + i;
		irq_flow_handler_t flow = (level & (1u << i)) ?
						  handle_level_irq :
						  handle_edge_irq;

		if (design == CHIP_DESIGN_FLOW) {
			set_irq_chip(irq, &gpio_chip);
			set_irq_handler(irq, flow);
		} else {
			set_irq_chip(irq, &gpio_legacy_chip);
			set_irq_handler(irq, NULL);
		}
	}
}

static void gpio_destroy(struct chip_model *m)
{
	struct gpio_bank *g = (struct gpio_bank *)m;

	for (unsigned int i = 0; i < m->nr_inputs; i++) {
		unsigned int irq = m->irq_base + i;

		set_irq_handler(irq, handle_bad_irq);
		set_irq_chip_data(irq, NULL);
		set_irq_chip(irq, NULL);
	}
	set_irq_handler(g->parent_irq, handle_bad_irq);
	set_irq_data(g->parent_irq, NULL);
	vic_cascade_connect(g->vic, g->vic_input, NULL, NULL);
	chip_lines_free(m);
	free(g);
}

/* clang-format off */
static const struct chip_model_ops gpio_ops = {
	.accepts	= CHIP_ACCEPTS_WIRE,
	.set_input	= gpio_set_input,
	.set_design	= gpio_set_design,
	.destroy	= gpio_destroy,
	.arch		= GPIO_ARCH,
};
/* clang-format on */

/* Reset values, then what the drivers' init did: all masked and clear. */
static void gpio_hw_init(struct gpio_bank *g)
{
	st(&g->hw.dir, ~0u);
	chip_reg_write(&g->base, CHIP_LINE_NONE, CHIP_ACC_INIT,
		       g->cost.write_ns);
	st(&g->hw.irqenable, 0);
	chip_reg_write(&g->base, CHIP_LINE_NONE, CHIP_ACC_INIT,
		       g->cost.write_ns);
	hw_status_w1c(g, ~0u);
	__atomic_store_n(&g->wake_line, -ENOENT, __ATOMIC_RELAXED);
}

struct chip_model *gpio_create(unsigned int irq_base, struct chip_model *vic,
			       unsigned int vic_input)
{
	struct gpio_bank *g;
	unsigned int parent;
	int ret;

	if (!vic || irq_base > NR_IRQS - GPIO_NR_LINES ||
	    vic_input >= vic->nr_inputs ||
	    (irq_base < vic->irq_base + vic->nr_inputs &&
	     vic->irq_base < irq_base + GPIO_NR_LINES)) {
		errno = EINVAL;
		return NULL;
	}
	parent = vic->irq_base + vic_input;
	if (__atomic_load_n(&irq_desc[parent].action, __ATOMIC_ACQUIRE)) {
		errno = EBUSY;
		return NULL;
	}
	g = calloc(1, sizeof(*g));
	if (!g) {
		errno = ENOMEM;
		return NULL;
	}
	g->base = (struct chip_model){
		.name = "gpio",
		.ops = &gpio_ops,
		.cost = &g->cost,
		.cost_fields = gpio_cost_fields,
		.irq_base = irq_base,
		.nr_inputs = GPIO_NR_LINES,
	};
	if (chip_lines_init(&g->base)) {
		free(g);
		errno = ENOMEM;
		return NULL;
	}
	/* A line's interrupt is the bank's output's, which is the VIC's. */
	for (unsigned int i = 0; i < GPIO_NR_LINES; i++)
		chip_line_set_parent(&g->base, i, &g->base, CHIP_LINE_OUTPUT);
	chip_line_set_parent(&g->base, CHIP_LINE_OUTPUT, vic, vic_input);
	g->vic = vic;
	g->vic_input = vic_input;
	g->parent_irq = parent;
	spin_lock_init(&g->lock);
	gpio_hw_init(g);

	ret = vic_cascade_connect(vic, vic_input, hw_output, g);
	if (ret) {
		chip_lines_free(&g->base);
		free(g);
		errno = -ret;
		return NULL;
	}
	for (unsigned int i = 0; i < GPIO_NR_LINES; i++) {
		set_irq_chip_and_handler(irq_base + i, &gpio_chip,
					 handle_edge_irq);
		set_irq_chip_data(irq_base + i, g);
	}
	set_irq_data(parent, g);
	set_irq_chained_handler(parent, gpio_demux);
	return &g->base;
}

#define GPIO_KIND_VIC_INPUT 0 /* the bank's parent line on the VIC */
#define GPIO_KIND_VIC_IRQ_BASE 0
#define GPIO_KIND_IRQ_BASE 32

const char *gpio_kind_pins(enum chip_trigger t, unsigned int pin)
{
	(void)t;
	return pin >= GPIO_NR_LINES ? "0-31" : NULL;
}

/* Chip gpio: a VIC, and the bank on its input 0; devices drive the bank. */
int gpio_kind_create(const struct chip_kind_params *p, struct chip_built *b,
		     char *why, size_t len)
{
	b->m[0] = vic_create(GPIO_KIND_VIC_IRQ_BASE, 0);
	if (b->m[0])
		b->m[1] = gpio_create(GPIO_KIND_IRQ_BASE, b->m[0],
				      GPIO_KIND_VIC_INPUT);
	if (!b->m[1]) {
		snprintf(why, len, "cannot create the GPIO bank of chip gpio");
		return -EINVAL;
	}
	b->input = b->m[1];
	b->irq = GPIO_KIND_IRQ_BASE + p->pin;
	return 0;
}
