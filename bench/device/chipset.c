// SPDX-License-Identifier: GPL-2.0
/*
 * The controller models as the harness sees them: which triggers and
 * inputs each offers, how to build one for a scenario (models, cost
 * profile, trigger type), how a device drives its input, and the
 * counters summed over the models a bench chip is made of.
 *
 * Every model delivers to simulated CPU 0: a line's affinity is not a
 * scenario parameter yet.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <genirq/cpu.h>
#include <genirq/interrupt.h>
#include <chips/cost.h>
#include <chips/gic.h>
#include <chips/gpio.h>
#include <chips/i8259.h>
#include <chips/ioapic.h>
#include <chips/soft.h>
#include <chips/uio.h>
#include <chips/vic.h>
#include "bench/bench.h"
#include "chipset.h"

#define T(x) (1u << BENCH_TRIG_##x)
#define GIC_NR_SPIS 32
#define GPIO_VIC_INPUT 0 /* the bank's parent line on the VIC */
#define VIC_IRQ_BASE 0
#define GPIO_IRQ_BASE 32

static const char *const soft_models[] = { "soft", NULL };
static const char *const i8259_models[] = { "i8259", NULL };
static const char *const ioapic_models[] = { "ioapic", NULL };
static const char *const gic_models[] = { "gic", NULL };
static const char *const gpio_models[] = { "vic", "gpio", NULL };
static const char *const uio_models[] = { "uio", NULL };

/* clang-format off */
static const struct bench_chip chip_soft = {
	.name		= "soft",
	.what		= "software chip: latched sources, handle_simple_irq",
	.triggers	= T(SIMPLE),
	.default_pin	= 0,
	.models		= soft_models,
	.arch		= SOFTCHIP_ARCH,
};

static const struct bench_chip chip_i8259 = {
	.name		= "i8259",
	.what		= "i8259A pair, slave cascaded on IR2 (pins 0-15 but 2)",
	.triggers	= T(EDGE) | T(LEVEL),
	.default_pin	= 5,
	.models		= i8259_models,
	.arch		= I8259_ARCH,
};

static const struct bench_chip chip_ioapic = {
	.name		= "ioapic",
	.what		= "IO-APIC (24 entries) and a local APIC per CPU",
	.triggers	= T(EDGE) | T(LEVEL),
	.default_pin	= 16,
	.models		= ioapic_models,
	.arch		= IOAPIC_ARCH,
};

static const struct bench_chip chip_gic = {
	.name		= "gic",
	.what		= "GIC-like: SPIs 32-63 (edge, level), PPIs 16-31 (percpu)",
	.triggers	= T(EDGE) | T(LEVEL) | T(PERCPU),
	.default_pin	= 32,
	.models		= gic_models,
	.arch		= GIC_ARCH,
};

static const struct bench_chip chip_gpio = {
	.name		= "gpio",
	.what		= "32-line GPIO bank chained behind a PL190-like VIC",
	.triggers	= T(EDGE) | T(EDGE_FALLING) | T(EDGE_BOTH) | T(LEVEL) |
			  T(LEVEL_LOW),
	.default_pin	= 0,
	.models		= gpio_models,
	.arch		= VIC_ARCH,
};

static const struct bench_chip chip_uio = {
	.name		= "uio",
	.what		= "a real device through Linux UIO (/dev/uioN), PCI INTx",
	.triggers	= T(LEVEL),
	.default_pin	= 0,
	.models		= uio_models,
	.arch		= UIO_CHIP_ARCH,
	.real		= true,
};
/* clang-format on */

const struct bench_chip *const bench_chips[] = {
	&chip_soft, &chip_i8259, &chip_ioapic, &chip_gic,
	&chip_gpio, &chip_uio,	 NULL,
};

const struct bench_chip *bench_chip_find(const char *name)
{
	for (unsigned int i = 0; bench_chips[i]; i++)
		if (!strcmp(bench_chips[i]->name, name))
			return bench_chips[i];
	return NULL;
}

const char *bench_uio_class(void)
{
	const char *dir = getenv("IRQLAB_UIO_CLASS");

	return dir && *dir ? dir : "/sys/class/uio";
}

int bench_chip_pin_check(const struct bench_chip *chip, enum bench_trigger trig,
			 unsigned int pin, char *err, size_t errlen)
{
	const char *want = NULL;

	if (chip == &chip_soft && pin >= 32)
		want = "0-31";
	else if (chip == &chip_i8259 && (pin >= 16 || pin == I8259_CASCADE_IR))
		want = "0-15 except 2 (the cascade)";
	else if (chip == &chip_ioapic && pin >= IOAPIC_NR_PINS)
		want = "0-23";
	else if (chip == &chip_gic && trig == BENCH_TRIG_PERCPU &&
		 (pin < GIC_PPI_BASE || pin >= GIC_SPI_BASE))
		want = "16-31 (a PPI) for trigger percpu";
	else if (chip == &chip_gic && trig != BENCH_TRIG_PERCPU &&
		 (pin < GIC_SPI_BASE || pin >= GIC_SPI_BASE + GIC_NR_SPIS))
		want = "32-63 (an SPI); PPIs 16-31 need trigger percpu";
	else if (chip == &chip_gpio && pin >= GPIO_NR_LINES)
		want = "0-31";
	else if (chip == &chip_uio && pin)
		want = "0 (the device's one line)";
	if (!want)
		return 0;
	snprintf(err, errlen,
		 "chip %s has no input %u usable here: pins are %s", chip->name,
		 pin, want);
	return -EINVAL;
}

static unsigned int irq_type_of(enum bench_trigger t)
{
	switch (t) {
	case BENCH_TRIG_EDGE:
		return IRQ_TYPE_EDGE_RISING;
	case BENCH_TRIG_EDGE_FALLING:
		return IRQ_TYPE_EDGE_FALLING;
	case BENCH_TRIG_EDGE_BOTH:
		return IRQ_TYPE_EDGE_BOTH;
	case BENCH_TRIG_LEVEL:
		return IRQ_TYPE_LEVEL_HIGH;
	case BENCH_TRIG_LEVEL_LOW:
		return IRQ_TYPE_LEVEL_LOW;
	default:
		return IRQ_TYPE_NONE;
	}
}

/* Profile, then the file's overrides, for each model of the chip. */
static int apply_cost(struct chip_model *m, const struct bench_scenario *sc,
		      char *err, size_t errlen)
{
	int ret = chip_cost_load(m, sc->cost, err, errlen);

	if (ret == -ENOENT)
		snprintf(err, errlen, "%s:%u: cost profile %s cannot be read",
			 sc->file, sc->key_line[BENCH_KEY_COST], sc->cost);
	if (ret)
		return ret;
	for (unsigned int i = 0; i < sc->nr_overrides; i++) {
		const struct bench_cost_override *o = &sc->overrides[i];

		if (strcmp(o->model, m->name))
			continue;
		if (chip_cost_set(m, o->key, o->ns)) {
			snprintf(err, errlen,
				 "%s:%u: model %s has no cost key %s", o->file,
				 o->line, o->model, o->key);
			return -EINVAL;
		}
	}
	return 0;
}

/*
 * The simulated CPU's own costs (profile section [cpu], [cost.cpu]):
 * every vector entry's, paid by the core's arch glue, and each entropy
 * sample's, on this scenario's CPUs until the next genirq_reset().
 */
static int cpu_cost(const struct bench_scenario *sc, char *err, size_t errlen)
{
	struct chip_cpu_cost cost = { 0 };
	struct chip_model cpu = chip_cpu_model(&cost);
	int ret = apply_cost(&cpu, sc, err, errlen);

	if (ret)
		return ret;
	ret = genirq_set_entropy_cost(cost.entropy_ns, chip_delay_ns);
	if (ret)
		return ret;
	return irq_cpu_set_entry_cost(cost.entry_ns, chip_delay_ns);
}

/* Fault set_type: the controller refuses every trigger type. */
static int failing_set_type(unsigned int irq, unsigned int type)
{
	(void)irq;
	(void)type;
	return -EIO;
}

/*
 * Fault retrigger: no hardware resend, so genirq resends in software, or
 * on i386, which has none, drops the interrupt.
 */
static int failing_retrigger(unsigned int irq)
{
	(void)irq;
	return 0;
}

/*
 * The line's chip replaced by a copy of itself, to break one operation
 * of: the models' own irq_chip structures are shared by every line.
 */
static struct irq_chip *fault_chip(struct bench_chip_inst *ci)
{
	struct irq_desc *desc = irq_desc + ci->irq;

	if (desc->chip != &ci->faulty) {
		ci->faulty = *desc->chip;
		desc->chip = &ci->faulty;
	}
	return &ci->faulty;
}

/* The scenario's controller models into @ci; 0 or -errno with @err. */
static int chip_models(const struct bench_scenario *sc,
		       struct bench_chip_inst *ci, char *err, size_t errlen)
{
	const struct bench_chip *c = sc->chip;
	int ret;

	if (c == &chip_soft) {
		ci->m[0] = softchip_create(0, 32, 0, -1);
	} else if (c == &chip_i8259) {
		ci->m[0] = i8259_create(0, 0);
	} else if (c == &chip_ioapic) {
		ci->m[0] = ioapic_create(0, sc->cpus);
	} else if (c == &chip_gic) {
		ci->m[0] = gic_create(0, GIC_NR_SPIS, sc->cpus);
		if (sc->trigger == BENCH_TRIG_PERCPU)
			ci->pin = GIC_PPI_PIN(0, sc->pin);
	} else if (c == &chip_uio) {
		struct uio_dev d;
		char why[512];

		ret = uio_dev_open(&d, sc->uio, bench_uio_class(),
				   sc->uio_backend, why, sizeof(why));
		if (!ret) {
			ci->m[0] = uio_chip_create(ci->irq, &d, sc->uio_backend,
						   sc->uio_mask, 0, why,
						   sizeof(why));
			ret = ci->m[0] ? 0 : -errno;
		}
		if (ret) {
			snprintf(err, errlen, "%s:%u: key uio: %s", sc->file,
				 sc->key_line[BENCH_KEY_UIO], why);
			return ret;
		}
	} else if (c == &chip_gpio) {
		ci->m[0] = vic_create(VIC_IRQ_BASE, 0);
		if (ci->m[0])
			ci->m[1] = gpio_create(GPIO_IRQ_BASE, ci->m[0],
					       GPIO_VIC_INPUT);
		if (!ci->m[1]) {
			snprintf(
				err, errlen,
				"%s:%u: cannot create the GPIO bank of chip gpio",
				sc->file, sc->line);
			return -EINVAL;
		}
		ci->input = ci->m[1];
		ci->irq = GPIO_IRQ_BASE + sc->pin;
	}
	if (!ci->m[0]) {
		snprintf(err, errlen, "%s:%u: cannot create chip %s: %s",
			 sc->file, sc->line, c->name, strerror(errno));
		return -EINVAL;
	}
	return 0;
}

/* The line's trigger, as the scenario (or its set_type fault) says. */
static int chip_trigger(const struct bench_scenario *sc,
			struct bench_chip_inst *ci, char *err, size_t errlen)
{
	int ret;

	if (irq_type_of(sc->trigger) == IRQ_TYPE_NONE)
		return 0;
	ret = set_irq_type(ci->irq, irq_type_of(sc->trigger));
	if (ret)
		snprintf(err, errlen,
			 "%s:%u: chip %s refused trigger %s on pin %u%s",
			 sc->file,
			 sc->key_line[sc->fault.set_type ? BENCH_KEY_FAULT :
							   BENCH_KEY_TRIGGER],
			 sc->chip->name, bench_trigger_name(sc->trigger),
			 sc->pin,
			 sc->fault.set_type ?
				 " (fault set_type: its set_type failed)" :
				 "");
	return ret;
}

int bench_chip_create(const struct bench_scenario *sc,
		      struct bench_chip_inst **out, char *err, size_t errlen)
{
	const struct bench_chip *c = sc->chip;
	struct bench_chip_inst *ci = calloc(1, sizeof(*ci));
	int ret;

	if (!ci)
		return -ENOMEM;
	ci->chip = c;
	ci->pin = sc->pin;
	ci->irq = sc->pin;
	ret = chip_models(sc, ci, err, errlen);
	if (ret)
		goto fail;
	if (!ci->input)
		ci->input = ci->m[0];
	/* The architecture's init_IRQ(), then the machine's for its lines. */
	genirq_set_arch(sc->arch);
	for (unsigned int i = 0; i < 2 && ci->m[i]; i++)
		chip_model_set_arch(ci->m[i], sc->arch);
	for (unsigned int i = 0; i < 2 && ci->m[i]; i++) {
		ret = apply_cost(ci->m[i], sc, err, errlen);
		if (ret)
			goto fail;
	}
	ret = cpu_cost(sc, err, errlen);
	if (ret)
		goto fail;
	/* Falling and low triggers idle high: the device pulls the pin low. */
	ci->active_low = c == &chip_gpio &&
			 (sc->trigger == BENCH_TRIG_EDGE_FALLING ||
			  sc->trigger == BENCH_TRIG_LEVEL_LOW);
	if (ci->active_low)
		ci->input->ops->set_input(ci->input, ci->pin, true);
	ci->fault = &sc->fault;
	if (sc->fault.set_type)
		fault_chip(ci)->set_type = failing_set_type;
	ret = chip_trigger(sc, ci, err, errlen);
	if (ret)
		goto fail;
	*out = ci;
	return 0;
fail:
	bench_chip_destroy(ci);
	return ret ? ret : -EINVAL;
}

void bench_chip_set_design(struct bench_chip_inst *ci, enum chip_design d)
{
	for (unsigned int i = 0; i < 2 && ci->m[i]; i++)
		chip_model_set_design(ci->m[i], d);
	if (ci->fault && ci->fault->retrigger)
		fault_chip(ci)->retrigger = failing_retrigger;
}

void bench_chip_stats(const struct bench_chip_inst *ci, struct chip_stats *sum)
{
	memset(sum, 0, sizeof(*sum));
	for (unsigned int i = 0; i < 2 && ci->m[i]; i++) {
		const struct chip_stats *s = &ci->m[i]->stats;

		for (int a = 0; a < CHIP_ACC_NR; a++) {
			sum->reads[a] +=
				__atomic_load_n(&s->reads[a], __ATOMIC_RELAXED);
			sum->writes[a] += __atomic_load_n(&s->writes[a],
							  __ATOMIC_RELAXED);
		}
		sum->delivered +=
			__atomic_load_n(&s->delivered, __ATOMIC_RELAXED);
		sum->latched += __atomic_load_n(&s->latched, __ATOMIC_RELAXED);
		sum->dropped_masked +=
			__atomic_load_n(&s->dropped_masked, __ATOMIC_RELAXED);
		sum->spurious +=
			__atomic_load_n(&s->spurious, __ATOMIC_RELAXED);
	}
}

unsigned long bench_chip_accesses(const struct chip_stats *s)
{
	unsigned long n = 0;

	/* Set-up (INIT) is not the cost of an interrupt. */
	for (int a = 0; a < CHIP_ACC_NR; a++)
		if (a != CHIP_ACC_INIT)
			n += s->reads[a] + s->writes[a];
	return n;
}

void bench_chip_destroy(struct bench_chip_inst *ci)
{
	if (!ci)
		return;
	/* The GPIO bank before the VIC it hangs on. */
	chip_model_destroy(ci->m[1]);
	chip_model_destroy(ci->m[0]);
	free(ci);
}
