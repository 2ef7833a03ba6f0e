// SPDX-License-Identifier: GPL-2.0
/*
 * The controller models as the harness sees them: a scenario's chip built
 * from its row in the registry (chips/kind.c: its models, pins and
 * delivery), its cost profile and overrides applied, its trigger type
 * set, and the counters summed over the models a bench chip is made of.
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
#include <chips/kind.h>
#include "bench/bench.h"
#include "chipset.h"

const char *bench_uio_class(void)
{
	const char *dir = getenv("IRQLAB_UIO_CLASS");

	return dir && *dir ? dir : "/sys/class/uio";
}

int bench_chip_pin_check(const struct chip_kind *chip, enum bench_trigger trig,
			 unsigned int pin, char *err, size_t errlen)
{
	return chip_kind_check(chip, (enum chip_trigger)trig, pin, err, errlen);
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
static int cpu_cost(const struct bench_scenario *sc, struct bench_chip_inst *ci,
		    char *err, size_t errlen)
{
	struct chip_cpu_cost cost = { 0 };
	struct chip_model cpu = chip_cpu_model(&cost);
	int ret = apply_cost(&cpu, sc, err, errlen);

	if (ret)
		return ret;
	ret = genirq_set_entropy_cost(cost.entropy_ns, chip_delay_ns);
	if (ret)
		return ret;
	ci->entry_ns = cost.entry_ns;
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

/* The scenario's chip, by its row's create, into @ci; 0 or -errno. */
static int chip_models(const struct bench_scenario *sc,
		       struct bench_chip_inst *ci, char *err, size_t errlen)
{
	const struct chip_kind_params p = {
		.cpus = sc->cpus,
		.trigger = (enum chip_trigger)sc->trigger,
		.pin = sc->pin,
		.uio = sc->uio,
		.uio_class = bench_uio_class(),
		.uio_backend = sc->uio_backend,
		.uio_mask = sc->uio_mask,
	};
	struct chip_built b = { .pin = sc->pin, .irq = sc->pin };
	char why[640];
	int ret = sc->chip->create(&p, &b, why, sizeof(why));

	memcpy(ci->m, b.m, sizeof(ci->m));
	if (ret) {
		/* Only key uio is ever at fault; else the scenario. */
		snprintf(err, errlen, "%s:%u: %s", sc->file,
			 b.key ? sc->key_line[BENCH_KEY_UIO] : sc->line, why);
		return ret;
	}
	ci->input = b.input ? b.input : b.m[0];
	ci->pin = b.pin;
	ci->irq = b.irq;
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
	const struct chip_kind *c = sc->chip;
	struct bench_chip_inst *ci = calloc(1, sizeof(*ci));
	int ret;

	if (!ci)
		return -ENOMEM;
	ci->chip = c;
	ci->pin = sc->pin;
	ci->irq = sc->pin;
	ci->irq6 = -ENOENT;
	ci->trigger = sc->trigger;
	ret = chip_models(sc, ci, err, errlen);
	if (ret)
		goto fail;
	/* The architecture's init_IRQ(), then the machine's for its lines. */
	genirq_set_arch(sc->arch);
	for (unsigned int i = 0; i < 2 && ci->m[i]; i++)
		chip_model_set_arch(ci->m[i], sc->arch);
	for (unsigned int i = 0; i < 2 && ci->m[i]; i++) {
		ret = apply_cost(ci->m[i], sc, err, errlen);
		if (ret)
			goto fail;
	}
	ret = cpu_cost(sc, ci, err, errlen);
	if (ret)
		goto fail;
	/* Falling and low triggers idle high: the device pulls the pin low. */
	ci->active_low = c->active_low & (1u << sc->trigger);
	if (ci->active_low)
		bench_chip_drive_level(ci, true);
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

/* The line back from its modern form to the 2.6.18 ones. */
static void detach_v6(struct bench_chip_inst *ci)
{
	if (ci->irq6 >= 0)
		ci->chip->v6->detach(ci->input, ci->irq);
	ci->irq6 = -ENOENT;
}

void bench_chip_attach_v6(struct bench_chip_inst *ci)
{
	bench_chip_set_design(ci, CHIP_DESIGN_V6);
	ci->irq6 = ci->chip->v6 ? ci->chip->v6->attach(ci->input, ci->irq,
						       irq_type_of(ci->trigger),
						       ci->entry_ns) :
				  -ENODEV;
}

void bench_chip_set_design(struct bench_chip_inst *ci, enum chip_design d)
{
	detach_v6(ci);
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
	detach_v6(ci);
	/* The GPIO bank before the VIC it hangs on. */
	chip_model_destroy(ci->m[1]);
	chip_model_destroy(ci->m[0]);
	free(ci);
}
