/* SPDX-License-Identifier: GPL-2.0 */
/*
 * One bench chip built for a scenario (chipset.c): its models, the input
 * the scenario's devices drive and the Linux irq of that line.
 */
#ifndef BENCH_CHIPSET_H
#define BENCH_CHIPSET_H

#include "bench/bench.h"

struct bench_chip_inst {
	const struct chip_kind *chip; /* its row in the registry */
	struct chip_model *m[2]; /* [1]: a second model (gpio behind vic) */
	struct chip_model *input; /* the model the devices drive */
	unsigned int pin; /* its input pin */
	unsigned int irq; /* the line's Linux irq */
	bool active_low; /* the pin idles high; asserting drives it low */
	/*
	 * Faults set_type and retrigger: a copy of the line's irq_chip with
	 * that operation failing, put on the descriptor in its place.
	 */
	const struct bench_faults *fault;
	struct irq_chip faulty;
	/*
	 * The line on the chip's modern form (chips/form6.h): its genirq6
	 * irq while attached, else -errno of the last attach or -ENOENT;
	 * and the vector entry's cost ([cpu] entry_ns) it pays as
	 * libgenirq's entry does.
	 */
	int irq6;
	unsigned int entry_ns;
	enum bench_trigger trigger; /* the scenario's */
};

/**
 * bench_chip_create - build a scenario's chip
 * @sc: the scenario
 * @out: the chip, for bench_chip_destroy()
 * @err: one sentence "FILE:LINE: ..." on failure
 * @errlen: its size
 *
 * Creates the models, applies the cost profile and the overrides, and sets
 * the line's trigger type (and with it the flow handler the hardware
 * needs). Return: 0 or -errno.
 */
int bench_chip_create(const struct bench_scenario *sc,
		      struct bench_chip_inst **out, char *err, size_t errlen);
/*
 * Put every model of @ci on design @d (chip_model_set_design()), and the
 * line's chip, if fault retrigger is injected, on its failing copy.
 */
void bench_chip_set_design(struct bench_chip_inst *ci, enum chip_design d);
/*
 * Put the line on the chip's modern driver form (the row's v6): the
 * models on CHIP_DESIGN_V6, then the form's attach with the scenario's
 * trigger; the result in @ci->irq6. bench_chip_set_design() and
 * bench_chip_destroy() detach it.
 */
void bench_chip_attach_v6(struct bench_chip_inst *ci);

/* Drive the devices' input to @level, as is: the row's drive. */
static inline void bench_chip_drive_level(const struct bench_chip_inst *ci,
					  bool level)
{
	ci->chip->drive(ci->input, ci->pin, level);
}

/* Drive the devices' input: asserted or not, polarity applied. */
static inline void bench_chip_drive(const struct bench_chip_inst *ci,
				    bool asserted)
{
	bench_chip_drive_level(ci, asserted != ci->active_low);
}

/* Counters summed over the chip's models. */
void bench_chip_stats(const struct bench_chip_inst *ci, struct chip_stats *sum);
/* Register accesses of every operation but set-up (CHIP_ACC_INIT). */
unsigned long bench_chip_accesses(const struct chip_stats *s);
void bench_chip_destroy(struct bench_chip_inst *ci);

#endif /* BENCH_CHIPSET_H */
