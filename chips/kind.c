// SPDX-License-Identifier: GPL-2.0
/*
 * The chip-model registry (chips/kind.h): chip_kinds[], one row per chip
 * a scenario may name, and what is derived from a row alone: the checks
 * of a scenario's trigger, pin and delivery, and a wire's drive.
 *
 * A test binary adds rows by compiling this file again with
 * IRQLAB_EXTRA_CHIPS naming a file of CHIP_KIND_ROW(id, row) lines
 * (tests/bench/toy_chip.row), id's file defining what CHIP_KIND_DECLARE()
 * names; the shipped chips/ has none.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <chips/gic.h>
#include <chips/gpio.h>
#include <chips/i8259.h>
#include <chips/ioapic.h>
#include <chips/kind.h>
#include <chips/soft.h>
#include <chips/uio.h>
#include <chips/vic.h>

#ifdef IRQLAB_EXTRA_CHIPS
#define CHIP_KIND_ROW(id, ...) CHIP_KIND_DECLARE(id);
#include IRQLAB_EXTRA_CHIPS
#undef CHIP_KIND_ROW
#endif

/* clang-format off */
const struct chip_kind chip_kinds[] = {
	{
		.name		= "soft",
		.what		= "software chip: latched sources, handle_simple_irq",
		.models		= { { "soft", soft_cost_fields } },
		.triggers	= CHIP_TRIG(SIMPLE),
		.default_pin	= 0,
		.accepts	= CHIP_ACCEPTS_WIRE,
		.arch		= SOFT_ARCH,
		.pins		= soft_kind_pins,
		.create		= soft_kind_create,
		.drive		= chip_drive_wire,
		.v6		= &soft_form6,
	},
	{
		.name		= "i8259",
		.what		= "i8259A pair, slave cascaded on IR2 (pins 0-15 but 2)",
		.models		= { { "i8259", i8259_cost_fields } },
		.triggers	= CHIP_TRIG(EDGE) | CHIP_TRIG(LEVEL),
		.default_pin	= 5,
		.accepts	= CHIP_ACCEPTS_WIRE,
		.arch		= I8259_ARCH,
		.pins		= i8259_kind_pins,
		.create		= i8259_kind_create,
		.drive		= chip_drive_wire,
		.v6		= &i8259_form6,
	},
	{
		.name		= "ioapic",
		.what		= "IO-APIC (24 entries) and a local APIC per CPU",
		.models		= { { "ioapic", ioapic_cost_fields } },
		.triggers	= CHIP_TRIG(EDGE) | CHIP_TRIG(LEVEL),
		.default_pin	= 16,
		.accepts	= CHIP_ACCEPTS_WIRE,
		.arch		= IOAPIC_ARCH,
		.pins		= ioapic_kind_pins,
		.create		= ioapic_kind_create,
		.drive		= chip_drive_wire,
		.v6		= &ioapic_form6,
	},
	{
		.name		= "gic",
		.what		= "GIC-like: SPIs 32-63 (edge, level), PPIs 16-31 (percpu)",
		.models		= { { "gic", gic_cost_fields } },
		.triggers	= CHIP_TRIG(EDGE) | CHIP_TRIG(LEVEL) |
				  CHIP_TRIG(PERCPU),
		.default_pin	= 32,
		.accepts	= CHIP_ACCEPTS_WIRE,
		.arch		= GIC_ARCH,
		.pins		= gic_kind_pins,
		.create		= gic_kind_create,
		.drive		= chip_drive_wire,
		.v6		= &gic_form6,
	},
	{
		.name		= "gpio",
		.what		= "32-line GPIO bank chained behind a PL190-like VIC",
		.models		= { { "vic", vic_cost_fields },
				    { "gpio", gpio_cost_fields } },
		.triggers	= CHIP_TRIG(EDGE) | CHIP_TRIG(EDGE_FALLING) |
				  CHIP_TRIG(EDGE_BOTH) | CHIP_TRIG(LEVEL) |
				  CHIP_TRIG(LEVEL_LOW),
		.active_low	= CHIP_TRIG(EDGE_FALLING) | CHIP_TRIG(LEVEL_LOW),
		.default_pin	= 0,
		.accepts	= CHIP_ACCEPTS_WIRE,
		.arch		= VIC_ARCH,
		.pins		= gpio_kind_pins,
		.create		= gpio_kind_create,
		.drive		= chip_drive_wire,
		.v6		= &gpio_form6,
	},
	{
		.name		= "uio",
		.what		= "a real device through Linux UIO (/dev/uioN), PCI INTx",
		.models		= { { "uio", uio_cost_fields } },
		.triggers	= CHIP_TRIG(LEVEL),
		.default_pin	= 0,
		.accepts	= CHIP_ACCEPTS_WIRE,
		.arch		= UIO_CHIP_ARCH,
		.real		= true,
		.pins		= uio_kind_pins,
		.create		= uio_kind_create,
		.drive		= chip_drive_wire,
		.v6_none	= "its interrupt is taken by the host's own kernel, a modern genirq already: irqlab drives no chip of it",
	},
#ifdef IRQLAB_EXTRA_CHIPS
#define CHIP_KIND_ROW(id, ...) __VA_ARGS__,
#include IRQLAB_EXTRA_CHIPS
#undef CHIP_KIND_ROW
#endif
	{ .name = NULL },
};
/* clang-format on */

const struct chip_kind *chip_kind_at(unsigned int i)
{
	for (unsigned int n = 0; chip_kinds[n].name; n++)
		if (n == i)
			return &chip_kinds[n];
	return NULL;
}

const struct chip_kind *chip_kind_find(const char *name)
{
	for (const struct chip_kind *k = chip_kinds; k->name; k++)
		if (!strcmp(k->name, name))
			return k;
	return NULL;
}

enum chip_msg_kind chip_trigger_msg(enum chip_trigger t)
{
	switch (t) {
	case CHIP_TRIG_EDGE:
	case CHIP_TRIG_EDGE_FALLING:
	case CHIP_TRIG_EDGE_BOTH:
		return CHIP_MSG_EDGE;
	default:
		return CHIP_MSG_LEVEL;
	}
}

int chip_kind_accepts_check(const struct chip_kind *k, enum chip_msg_kind kind,
			    char *err, size_t errlen)
{
	char names[64] = "";

	if (kind < CHIP_MSG_NR && (k->accepts & (1u << kind)))
		return 0;
	for (int i = 0; i < CHIP_MSG_NR; i++) {
		size_t n = strlen(names);

		if (k->accepts & (1u << i))
			snprintf(names + n, sizeof(names) - n, "%s%s",
				 n ? ", " : "", chip_msg_kind_name(i));
	}
	snprintf(err, errlen,
		 "chip %s does not accept %s deliveries: it takes %s", k->name,
		 chip_msg_kind_name(kind), names[0] ? names : "none");
	return -EPROTONOSUPPORT;
}

int chip_kind_check(const struct chip_kind *k, enum chip_trigger t,
		    unsigned int pin, char *err, size_t errlen)
{
	const char *want;
	int ret = chip_kind_accepts_check(k, chip_trigger_msg(t), err, errlen);

	if (ret)
		return ret;
	want = k->pins(t, pin);
	if (!want)
		return 0;
	snprintf(err, errlen,
		 "chip %s has no input %u usable here: pins are %s", k->name,
		 pin, want);
	return -EINVAL;
}

int chip_kind_create_failed(const char *chip, char *why, size_t len)
{
	snprintf(why, len, "cannot create chip %s: %s", chip, strerror(errno));
	return -EINVAL;
}

void chip_drive_wire(struct chip_model *input, unsigned int pin, bool level)
{
	chip_send_level(input, pin, level);
}
