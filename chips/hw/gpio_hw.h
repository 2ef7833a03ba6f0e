/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The GPIO bank model's private header: the hardware's registers and the
 * driver's state, and what its files share: hw/gpio.c (the model),
 * drv/gpio_2618.c and drv/gpio_legacy.c (the driver forms).
 */
#ifndef CHIPS_HW_GPIO_HW_H
#define CHIPS_HW_GPIO_HW_H

#include <stdbool.h>
#include <stdint.h>
#include <chips/gpio.h>

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

static inline uint32_t ld(const uint32_t *p)
{
	return __atomic_load_n(p, __ATOMIC_SEQ_CST);
}

static inline void st(uint32_t *p, uint32_t v)
{
	__atomic_store_n(p, v, __ATOMIC_SEQ_CST);
}

static inline void count_n(unsigned long *counter, unsigned int n)
{
	if (n)
		__atomic_fetch_add(counter, n, __ATOMIC_RELAXED);
}

static inline struct gpio_bank *irq_to_bank(unsigned int irq)
{
	return get_irq_chip_data(irq);
}

static inline uint32_t irq_bit(const struct gpio_bank *g, unsigned int irq)
{
	return 1u << (irq - g->base.irq_base);
}

/* The line of @bit, one line's bit: what its accesses are counted under. */
static inline unsigned int bit_line(uint32_t bit)
{
	return (unsigned int)__builtin_ctz(bit);
}

extern struct irq_chip gpio_chip; /* drv/gpio_2618.c */
extern struct irq_chip gpio_legacy_chip; /* drv/gpio_legacy.c */

/* Shared between the model's files; each is documented where it is. */
void gpio_hw_wake(struct gpio_bank *g, uint32_t bits);
void gpio_hw_config_changed(struct gpio_bank *g);
void gpio_hw_status_w1c(struct gpio_bank *g, uint32_t bits);
void gpio_hw_enable_set(struct gpio_bank *g, uint32_t bits);
void gpio_clear_status(struct gpio_bank *g, enum chip_acc acc, uint32_t bit);
void gpio_enable(struct gpio_bank *g, enum chip_acc acc, uint32_t bit);
void gpio_disable(struct gpio_bank *g, enum chip_acc acc, uint32_t bit);
void gpio_ack_edge(struct gpio_bank *g, enum chip_acc acc, uint32_t bit);
void gpio_mask_irq(unsigned int irq);
void gpio_unmask_irq(unsigned int irq);
int gpio_set_type(unsigned int irq, unsigned int type);
int gpio_set_wake(unsigned int irq, unsigned int on);
void gpio_demux(unsigned int irq, struct irq_desc *desc);

#endif /* CHIPS_HW_GPIO_HW_H */
