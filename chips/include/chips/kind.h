/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The chip-model registry: one table, chip_kinds[] in chips/kind.c, with
 * one row per chip a scenario may name. A row says everything the rest of
 * irqlab needs to know of a chip: its name and one line for `irqlab list`,
 * the models it is built of and the cost-profile section of each, the
 * triggers and pins it offers, the deliveries it accepts, and the
 * functions that build it and drive its input. Cost profiles
 * (chips/cost.c), the harness's chip set (bench/chipset.c), `irqlab list`
 * and the scenario files' chip names are all derived from it.
 *
 * Adding a chip model is one new file (the model, and its create and
 * pins functions) and one row here: docs/map.md walks through it.
 */
#ifndef CHIPS_KIND_H
#define CHIPS_KIND_H

#include <stdbool.h>
#include <stddef.h>
#include <chips/form6.h>
#include <chips/model.h>
#include <chips/uio.h>

/**
 * enum chip_trigger - how a scenario's devices trigger the line
 *
 * bench/'s enum bench_trigger has the same values; its names are the
 * scenario files'.
 */
enum chip_trigger {
	CHIP_TRIG_EDGE, /* rising edge */
	CHIP_TRIG_EDGE_FALLING,
	CHIP_TRIG_EDGE_BOTH,
	CHIP_TRIG_LEVEL, /* active high */
	CHIP_TRIG_LEVEL_LOW,
	CHIP_TRIG_PERCPU, /* a per-CPU private interrupt (GIC PPI) */
	CHIP_TRIG_SIMPLE, /* a software source (handle_simple_irq) */
	CHIP_TRIG_NR,
};

/* A mask of enum chip_trigger. */
#define CHIP_TRIG(t) (1u << CHIP_TRIG_##t)

/**
 * chip_trigger_msg - the delivery a device of trigger @t sends
 * @t: the trigger
 *
 * Edges for the edge triggers, levels for the others. Return: the kind.
 */
enum chip_msg_kind chip_trigger_msg(enum chip_trigger t);

/**
 * struct chip_kind_params - what a scenario asks of the chip it builds
 * @cpus:	simulated CPUs the controller delivers to
 * @trigger:	the line's trigger
 * @pin:	the input the devices drive, checked by the row's @pins
 * @uio:	a real device (chip uio): the device as the scenario named it
 * @uio_class:	the UIO class directory to find it in
 * @uio_backend: its backend
 * @uio_mask:	the mask wanted
 */
struct chip_kind_params {
	unsigned int cpus;
	enum chip_trigger trigger;
	unsigned int pin;
	const char *uio;
	const char *uio_class;
	const struct uio_backend *uio_backend;
	enum uio_mask uio_mask;
};

/**
 * struct chip_built - a chip as its row's @create built it
 * @m:		its models; @m[1] a second one (a GPIO bank behind a VIC),
 *		hung on @m[0] and destroyed before it; NULL: none
 * @input:	the model the devices deliver to
 * @pin:	its input the devices drive
 * @irq:	the Linux irq of that line
 * @key:	on failure, the scenario key at fault ("uio"); NULL: the
 *		scenario as a whole
 */
struct chip_built {
	struct chip_model *m[2];
	struct chip_model *input;
	unsigned int pin;
	unsigned int irq;
	const char *key;
};

/**
 * struct chip_kind_model - one model a chip is built of
 * @section:	its cost-profile section (and [cost.SECTION] in scenario
 *		files), the model's name
 * @cost_fields: the keys of that section, NULL-terminated
 */
struct chip_kind_model {
	const char *section;
	const struct chip_cost_field *cost_fields;
};

#define CHIP_KIND_MAX_MODELS 2

/**
 * struct chip_kind - one row of the registry
 * @name:	the chip's name in scenario files (key chip)
 * @what:	one line for `irqlab list`
 * @models:	the models it is built of, @models[0] first; a NULL
 *		@section ends a list shorter than CHIP_KIND_MAX_MODELS
 * @triggers:	the triggers it offers, CHIP_TRIG() bits
 * @active_low:	of those, the ones whose input idles high, so that a device
 *		asserting it drives it low (CHIP_TRIG() bits; 0: none)
 * @default_pin: the input a scenario gets unless it says
 * @accepts:	the deliveries its input takes (CHIP_ACCEPTS() bits); the
 *		input model's ops say the same (tests/chips/test_kind.c)
 * @arch:	the architecture whose kernel drove it (its first model's)
 * @real:	a real device (uio): the kernel delivers, no model does
 * @pins:	NULL if input @pin is usable with trigger @t, else the usable
 *		pins in words ("0-23")
 * @create:	build it for @p into @b; 0, or -errno with one sentence in
 *		@why (without file and line) and @b->key set if a key is at
 *		fault; the caller destroys whatever @b->m holds either way
 * @drive:	a device drives the input (polarity already applied):
 *		chip_drive_wire() for a wire; it sends the message
 * @v6:		its modern driver form (genirq6), or NULL with @v6_none
 * @v6_none:	why a chip has no modern form, one sentence the v6 designs
 *		refuse it with; NULL when @v6 is set
 */
struct chip_kind {
	const char *name;
	const char *what;
	struct chip_kind_model models[CHIP_KIND_MAX_MODELS];
	unsigned int triggers;
	unsigned int active_low;
	unsigned int default_pin;
	unsigned int accepts;
	enum genirq_arch arch;
	bool real;
	const char *(*pins)(enum chip_trigger t, unsigned int pin);
	int (*create)(const struct chip_kind_params *p, struct chip_built *b,
		      char *why, size_t len);
	void (*drive)(struct chip_model *input, unsigned int pin, bool level);
	const struct chip_form6 *v6;
	const char *v6_none;
};

/* The registry, a row per chip, ended by a row whose @name is NULL. */
extern const struct chip_kind chip_kinds[];

/* The row named @name, or NULL. */
const struct chip_kind *chip_kind_find(const char *name);

/* Row @i, or NULL past the last. */
const struct chip_kind *chip_kind_at(unsigned int i);

/**
 * chip_kind_check - whether a chip can take a scenario's input
 * @k: the row
 * @t: the scenario's trigger
 * @pin: its input
 * @err: one sentence on failure (without file and line)
 * @errlen: its size
 *
 * Checks that @k accepts the delivery a device of @t sends
 * (chip_trigger_msg()) and that @pin is usable with @t.
 * Return: 0, -EPROTONOSUPPORT for a delivery @k refuses, -EINVAL for a pin.
 */
int chip_kind_check(const struct chip_kind *k, enum chip_trigger t,
		    unsigned int pin, char *err, size_t errlen);

/**
 * chip_kind_accepts_check - whether a chip accepts deliveries of @kind
 * @k: the row
 * @kind: the delivery
 * @err: one sentence on failure, naming the chip and what it accepts
 * @errlen: its size
 *
 * Return: 0 or -EPROTONOSUPPORT.
 */
int chip_kind_accepts_check(const struct chip_kind *k, enum chip_msg_kind kind,
			    char *err, size_t errlen);

/*
 * A @create's failure to make chip @chip's model: "cannot create chip
 * CHIP: " and errno's words in @why. Return: -EINVAL.
 */
int chip_kind_create_failed(const char *chip, char *why, size_t len);

/* A wire's drive: chip_send() of a LEVEL message to @pin. */
void chip_drive_wire(struct chip_model *input, unsigned int pin, bool level);

/* Each row's functions, in the model's own file. */
const char *softchip_kind_pins(enum chip_trigger t, unsigned int pin);
int softchip_kind_create(const struct chip_kind_params *p, struct chip_built *b,
			 char *why, size_t len);
const char *i8259_kind_pins(enum chip_trigger t, unsigned int pin);
int i8259_kind_create(const struct chip_kind_params *p, struct chip_built *b,
		      char *why, size_t len);
const char *ioapic_kind_pins(enum chip_trigger t, unsigned int pin);
int ioapic_kind_create(const struct chip_kind_params *p, struct chip_built *b,
		       char *why, size_t len);
const char *gic_kind_pins(enum chip_trigger t, unsigned int pin);
int gic_kind_create(const struct chip_kind_params *p, struct chip_built *b,
		    char *why, size_t len);
const char *gpio_kind_pins(enum chip_trigger t, unsigned int pin);
int gpio_kind_create(const struct chip_kind_params *p, struct chip_built *b,
		     char *why, size_t len);
const char *uio_kind_pins(enum chip_trigger t, unsigned int pin);
int uio_kind_create(const struct chip_kind_params *p, struct chip_built *b,
		    char *why, size_t len);

#endif /* CHIPS_KIND_H */
