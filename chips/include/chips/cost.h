/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Cost profiles: INI files whose sections are models ([ioapic], [gic],
 * ...) and whose keys are a model's cost fields, each a whole number of
 * nanoseconds that one register access of that kind costs. chips/cost.c
 * owns the format: every reader of a profile, and every value written as
 * a profile's key elsewhere (a scenario's [cost.MODEL] overrides), goes
 * through it, so the models, keys and limits are defined once.
 */
#ifndef CHIPS_COST_H
#define CHIPS_COST_H

#include <stddef.h>
#include <stdio.h>
#include <chips/model.h>

/* The largest cost a profile or an override may give, in ns (< 1 s). */
#define CHIP_COST_MAX_NS 999999999u

/**
 * struct chip_cost_error - what is wrong with a cost profile
 * @line:	the line at fault; 0 for the file as a whole
 * @msg:	one sentence, without the file and line
 */
struct chip_cost_error {
	unsigned int line;
	char msg[1024];
};

/**
 * struct chip_cpu_cost - what the simulated CPU itself costs: section
 * [cpu] of a profile, [cost.cpu] of a scenario file
 * @entry_ns:	each vector entry, before do_IRQ() (irq_cpu_set_entry_cost()):
 *		the same on every chip and design, the knob for a global
 *		change
 *
 * "cpu" is a model of the profiles and overrides like the controllers,
 * so that it is read, checked, merged and written back (config.ini) by
 * the same code; chip_cpu_model() gives the model it is applied to.
 */
struct chip_cpu_cost {
	unsigned int entry_ns;
};

extern const struct chip_cost_field chip_cpu_cost_fields[];

/* A model named "cpu" over @cost, for chip_cost_load()/chip_cost_set(). */
static inline struct chip_model chip_cpu_model(struct chip_cpu_cost *cost)
{
	return (struct chip_model){ .name = "cpu",
				    .cost = cost,
				    .cost_fields = chip_cpu_cost_fields };
}

/**
 * chip_cost_fields - the cost keys of model @model
 * @model: a model name, as a profile's section names it
 *
 * Return: its NULL-terminated keys (none for a model without costs), or
 * NULL when no model has that name.
 */
const struct chip_cost_field *chip_cost_fields(const char *model);

/**
 * chip_cost_models - every model with a profile section, ", "-separated
 * @buf: where to write the list ("soft, i8259, ...")
 * @len: its size
 */
void chip_cost_models(char *buf, size_t len);

/**
 * chip_cost_parse - read one cost of a profile or an override
 * @model: the model (one chip_cost_fields() knows)
 * @key: the cost's key
 * @value: its value as written
 * @ns: set to the cost on success
 * @msg: on failure, one sentence naming @key, without the file and line
 * @len: its size
 *
 * Return: 0; -ENOENT when @model has no such key; -EINVAL when @value is
 * not a whole number of nanoseconds from 0 to CHIP_COST_MAX_NS (decimal
 * digits only: no sign, no blanks).
 */
int chip_cost_parse(const char *model, const char *key, const char *value,
		    unsigned int *ns, char *msg, size_t len);

/**
 * chip_cost_read - read and check a whole cost profile
 * @f: the profile, open for reading
 * @m: the model whose section to apply, or NULL to check only
 * @e: on failure, the line and the sentence
 *
 * Every section must be a model and every key a cost of that model, as
 * chip_cost_parse() reads it; an indented line that would continue a
 * value, a line too long for inih, a NUL byte and a line that is no
 * section, key or comment are refused too. The first error found stops
 * the reading. @m's costs from its section are set as they are read.
 *
 * Return: 0; -EINVAL with @e filled; -EIO (a read error) or -ENOMEM, with
 * @e filled.
 */
int chip_cost_read(FILE *f, struct chip_model *m, struct chip_cost_error *e);

#endif /* CHIPS_COST_H */
