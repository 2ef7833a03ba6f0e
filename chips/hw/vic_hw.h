/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The VIC model's private header: its state, and what its files share:
 * hw/vic.c (the model), drv/vic_2618.c and drv/vic_legacy.c (the driver
 * forms).
 */
#ifndef CHIPS_HW_VIC_HW_H
#define CHIPS_HW_VIC_HW_H

#include <stdbool.h>
#include <stdint.h>
#include <chips/vic.h>

struct vic_cascade {
	bool (*level)(void *ctx);
	void *ctx;
};

struct vic {
	struct chip_model base;
	struct vic_cost cost;
	unsigned int cpu;
	/* Registers; every one an atomic word, as the bus makes them. */
	uint32_t inputs; /* levels driven through set_input */
	uint32_t intenable;
	uint32_t softint;
	uint32_t cascaded; /* inputs that have a cascade */
	struct vic_cascade cascade[VIC_NR_INPUTS];
};

static inline uint32_t ld(const uint32_t *p)
{
	return __atomic_load_n(p, __ATOMIC_SEQ_CST);
}

static inline struct vic *irq_to_vic(unsigned int irq)
{
	return get_irq_chip_data(irq);
}

static inline unsigned int irq_line(const struct vic *v, unsigned int irq)
{
	return irq - v->base.irq_base;
}

static inline uint32_t irq_bit(const struct vic *v, unsigned int irq)
{
	return 1u << irq_line(v, irq);
}

extern struct irq_chip vic_chip; /* drv/vic_2618.c */
extern struct irq_chip vic_legacy_chip; /* drv/vic_legacy.c */

/* Shared between the model's files; each is documented where it is. */
void vic_intenclear(struct vic *v, unsigned int line, enum chip_acc acc,
		    uint32_t bits);
void vic_intenable(struct vic *v, unsigned int line, enum chip_acc acc,
		   uint32_t bits);
void vic_mask_irq(unsigned int irq);
void vic_ack_irq(unsigned int irq);
void vic_unmask_irq(unsigned int irq);
int vic_set_type(unsigned int irq, unsigned int type);
/* The acknowledge cycle of a VIC vector (vic.c); the modern form's too. */
int vic_inta(unsigned int cpu, unsigned int irq, void *ctx);

#endif /* CHIPS_HW_VIC_HW_H */
