// SPDX-License-Identifier: GPL-2.0
/*
 * The GPIO bank model, its hardware half: 32 lines behind one VIC
 * input, driven the way the ARM SoC GPIO drivers of Linux 2.6.18 drove
 * theirs (arch/arm/plat-omap/gpio.c above all: gpio_irq_type,
 * gpio_ack_irq, gpio_mask_irq, gpio_unmask_irq, gpio_wake_enable, the chained gpio_irq_handler and the
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
 * The driver forms it is programmed through are drv/gpio_2618.c (the
 * 2.6.18 irq_chip and the chained handler) and drv/gpio_legacy.c.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <chips/gpio.h>
#include <chips/kind.h>
#include <chips/vic.h>
#include "hw/gpio_hw.h"
#include "skeleton.h"

const struct chip_cost_field gpio_cost_fields[] = {
	{ "read_ns", offsetof(struct gpio_cost, read_ns) },
	{ "write_ns", offsetof(struct gpio_cost, write_ns) },
	{ NULL, 0 },
};

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
void gpio_hw_wake(struct gpio_bank *g, uint32_t bits)
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
		gpio_hw_wake(g, bits & ld(&g->hw.wakeupenable));
	if (shown)
		vic_cascade_changed(g->vic, g->vic_input);
}

/* Detected levels latch as soon as a configuration makes them active. */
void gpio_hw_config_changed(struct gpio_bank *g)
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
void gpio_hw_status_w1c(struct gpio_bank *g, uint32_t bits)
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

void gpio_hw_enable_set(struct gpio_bank *g, uint32_t bits)
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
	gpio_hw_config_changed(g);
	return 0;
}

static const struct chip_forms gpio_forms = {
	.chip = &gpio_chip,
	.legacy = &gpio_legacy_chip,
};

static void gpio_set_design(struct chip_model *m, enum chip_design design)
{
	struct gpio_bank *g = (struct gpio_bank *)m;
	uint32_t level = ld(&g->drv.level);

	for (unsigned int i = 0; i < m->nr_inputs; i++) {
		unsigned int irq = m->irq_base + i;
		irq_flow_handler_t flow = (level & (1u << i)) ?
						  handle_level_irq :
						  handle_edge_irq;

		chip_forms_set(irq, &gpio_forms, design, flow);
	}
}

static void gpio_destroy(struct chip_model *m)
{
	struct gpio_bank *g = (struct gpio_bank *)m;

	for (unsigned int i = 0; i < m->nr_inputs; i++)
		chip_line_release(m->irq_base + i, 0);
	set_irq_handler(g->parent_irq, handle_bad_irq);
	set_irq_data(g->parent_irq, NULL);
	vic_cascade_connect(g->vic, g->vic_input, NULL, NULL);
	chip_model_free(m);
}

/* clang-format off */

/* clang-format on */

/* clang-format off */

/* clang-format on */

/* clang-format off */
static const struct chip_model_ops gpio_ops = {
	.accepts	= CHIP_ACCEPTS_WIRE,
	.set_input	= gpio_set_input,
	.set_design	= gpio_set_design,
	.destroy	= gpio_destroy,
	.arch		= GPIO_ARCH,
};
/* clang-format on */

/* clang-format off */

/* clang-format on */

/* clang-format off */

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
	gpio_hw_status_w1c(g, ~0u);
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
	g = chip_model_alloc(sizeof(*g),
			     &(const struct chip_model){
				     .name = "gpio",
				     .ops = &gpio_ops,
				     .cost_fields = gpio_cost_fields,
				     .irq_base = irq_base,
				     .nr_inputs = GPIO_NR_LINES,
			     },
			     offsetof(struct gpio_bank, cost));
	if (!g)
		return NULL;
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
		chip_model_free(&g->base);
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
