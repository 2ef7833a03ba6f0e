// SPDX-License-Identifier: GPL-2.0
/*
 * The config as run: every scenario written back out with every key
 * explicit, in a form bench_config_load() reads back to the same
 * scenarios (tests/bench/test_config.c and the config fuzz target hold it
 * to that).
 */
#include <ctype.h>
#include <inttypes.h>
#include <stdarg.h>
#include <string.h>
#include "config.h"
#include "device/replay.h"

/* A comment line, cut to what inih reads in one line. */
static void __attribute__((format(printf, 2, 3)))
comment(FILE *f, const char *fmt, ...)
{
	char buf[INI_MAX_LINE - 2];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	fprintf(f, "; %s\n", buf);
}

/* Whether inih reads @s back as the same value on a key line. */
static bool representable(const char *s)
{
	size_t n = strlen(s);

	if (!n || isspace((unsigned char)s[0]) ||
	    isspace((unsigned char)s[n - 1]) || strpbrk(s, "\r\n"))
		return false;
	for (size_t i = 1; i < n; i++)
		if (s[i] == ';' && isspace((unsigned char)s[i - 1]))
			return false;
	return true;
}

/* The order keys are written in: enum bench_key's, fault before uio's. */
static const enum bench_key order[] = {
	BENCH_KEY_CHIP,		BENCH_KEY_TRIGGER,
	BENCH_KEY_DESIGNS,	BENCH_KEY_PIN,
	BENCH_KEY_PATTERN,	BENCH_KEY_RATE,
	BENCH_KEY_BURST,	BENCH_KEY_BURST_GAP_NS,
	BENCH_KEY_DEVICES,	BENCH_KEY_STORM_RATE,
	BENCH_KEY_HANDLER_NS,	BENCH_KEY_CONTROL_SHIFT_NS,
	BENCH_KEY_PULSE_NS,	BENCH_KEY_HOLD_NS,
	BENCH_KEY_DISABLE_RATE, BENCH_KEY_DISABLE_NS,
	BENCH_KEY_LAZY_DISABLE, BENCH_KEY_ARCH,
	BENCH_KEY_CPUS,		BENCH_KEY_WAIT,
	BENCH_KEY_CPU,		BENCH_KEY_DEVICE,
	BENCH_KEY_PLACEMENT,	BENCH_KEY_DURATION_MS,
	BENCH_KEY_BLOCKS,	BENCH_KEY_DRAIN_MS,
	BENCH_KEY_OVERRUN_NS,	BENCH_KEY_SEED,
	BENCH_KEY_COST,		BENCH_KEY_FAULT,
	BENCH_KEY_REPLAY,	BENCH_KEY_REPLAY_IRQ,
	BENCH_KEY_REPLAY_SPEED, BENCH_KEY_UIO,
	BENCH_KEY_UIO_BACKEND,	BENCH_KEY_UIO_MASK,
	BENCH_KEY_RACE,
};

_Static_assert(sizeof(order) / sizeof(order[0]) == BENCH_KEY_NR,
	       "every key is written");

static bool has_faults(const struct bench_faults *f)
{
	return f->set_type || f->retrigger || f->pin || f->stall_us ||
	       f->device_dies_ms;
}

static void write_faults(const struct bench_faults *f, FILE *out)
{
	fprintf(out, "%s%s%s", f->set_type ? " set_type" : "",
		f->retrigger ? " retrigger" : "", f->pin ? " pin" : "");
	if (f->stall_us)
		fprintf(out, " stall:%u/%u", f->stall_us, f->stall_every);
	if (f->device_dies_ms)
		fprintf(out, " device_dies:%u@%u", f->device_dies_ms,
			f->device_dies_block);
}

/*
 * The source played: as replay_irq was written, or when it was not (the
 * recording has one), that one by number or else by name.
 */
static void write_replay_irq(const struct bench_scenario *sc, FILE *f)
{
	const struct bench_replay_irq *q;

	if (sc->replay_irq[0] || !sc->replay_rec || sc->replay_rec->sel < 0) {
		fprintf(f, " %s", sc->replay_irq);
		return;
	}
	q = &sc->replay_rec->irqs[sc->replay_rec->sel];
	if (q->num >= 0)
		fprintf(f, " %ld", q->num);
	else
		fprintf(f, " %s", q->name);
}

/**
 * bench_inputs_name - what the config as run calls a file it read
 * @in: the run folder's copies, or NULL
 * @path: the file as it resolved
 *
 * Return: the name of @path's copy in @in, or @path.
 */
const char *bench_inputs_name(const struct bench_inputs *in, const char *path)
{
	for (unsigned int i = 0; in && i < in->nr; i++)
		if (!strcmp(in->path[i], path))
			return in->name[i];
	return path;
}

/* The value of a KEY_OTHER or KEY_COST key, after "KEY =". */
static void write_other(const struct bench_scenario *sc, enum bench_key k,
			const struct bench_inputs *in, FILE *f)
{
	switch (k) {
	case BENCH_KEY_DESIGNS:
		for (unsigned int d = 0; d < sc->nr_designs; d++)
			fprintf(f, " %s", bench_design_name(sc->designs[d]));
		break;
	case BENCH_KEY_DEVICE:
		if (sc->device == BENCH_PLACE_PU)
			fprintf(f, " %u", sc->device_pu);
		else
			fprintf(f, " %s", bench_place_name(sc->device));
		break;
	case BENCH_KEY_PLACEMENT:
		fprintf(f, " %s", sc->strict ? "strict" : "adapt");
		break;
	case BENCH_KEY_COST:
		fprintf(f, " %s", bench_inputs_name(in, sc->cost));
		break;
	case BENCH_KEY_UIO:
		fprintf(f, " %s", sc->uio);
		break;
	case BENCH_KEY_UIO_BACKEND:
		fprintf(f, " %s", uio_backend_name(sc->uio_backend));
		break;
	case BENCH_KEY_UIO_MASK:
		fprintf(f, " %s", uio_mask_name(sc->uio_mask));
		break;
	case BENCH_KEY_REPLAY:
		fprintf(f, " %s", bench_inputs_name(in, sc->replay));
		break;
	case BENCH_KEY_REPLAY_IRQ:
		write_replay_irq(sc, f);
		break;
	default: /* BENCH_KEY_FAULT */
		write_faults(&sc->fault, f);
		break;
	}
}

/* Key @k's line, as the key table says its value is written. */
static void write_key(const struct bench_scenario *sc, enum bench_key k,
		      const struct bench_inputs *in, FILE *f)
{
	const struct key_desc *d = &bench_config_keys[k];
	const char *field = (const char *)sc + d->off;
	unsigned int u;
	uint64_t x;
	double r;
	int i;

	fprintf(f, "%s =", d->name);
	switch (d->type) {
	case KEY_UINT:
		memcpy(&u, field, sizeof(u));
		fprintf(f, " %u", u);
		break;
	case KEY_U64:
		memcpy(&x, field, sizeof(x));
		fprintf(f, " %" PRIu64, x);
		break;
	case KEY_RATE:
	case KEY_RATE0:
		memcpy(&r, field, sizeof(r));
		fprintf(f, " %.17g", r);
		break;
	case KEY_NAME:
		memcpy(&i, field, sizeof(i));
		fprintf(f, " %s",
			k == BENCH_KEY_CHIP ? sc->chip->name : d->names(i));
		break;
	default:
		write_other(sc, k, in, f);
		break;
	}
	fputc('\n', f);
}

/* One [scenario NAME] section: every key that applies, then overrides. */
static void write_scenario(const struct bench_scenario *sc,
			   const struct bench_inputs *in, FILE *f)
{
	fprintf(f, "\n[scenario %s]\n", sc->name);
	comment(f, "from %s:%u", sc->file, sc->line);
	for (unsigned int i = 0; i < BENCH_KEY_NR; i++) {
		enum bench_key k = order[i];

		if (k == BENCH_KEY_FAULT && !has_faults(&sc->fault))
			continue;
		if (k == BENCH_KEY_RACE && sc->race == BENCH_RACE_NONE)
			continue;
		if (k >= BENCH_KEY_UIO && k <= BENCH_KEY_UIO_MASK &&
		    !sc->chip->real)
			continue;
		if (k >= BENCH_KEY_REPLAY && k <= BENCH_KEY_REPLAY_SPEED &&
		    sc->pattern != BENCH_PAT_REPLAY)
			continue;
		if (k == BENCH_KEY_REPLAY)
			comment(f, "replay as written: %s", sc->replay_name);
		if (k == BENCH_KEY_COST)
			comment(f, "cost as written: %s", sc->cost_name);
		write_key(sc, k, in, f);
	}
	for (unsigned int j = 0; j < sc->nr_overrides; j++) {
		const struct bench_cost_override *o = &sc->overrides[j];

		comment(f, "from %s:%u", o->file, o->line);
		fprintf(f, "cost.%s.%s = %u\n", o->model, o->key, o->ns);
	}
}

/**
 * bench_config_write - write @cfg as INI with every key explicit
 * @cfg: the config as loaded (quick and seed already applied)
 * @in: the run folder's copies of the files it read, or NULL
 * @f: where to
 *
 * One [scenario NAME] section per scenario with every key of enum
 * bench_key that applies to it, in that order but fault before chip uio's
 * keys (as the key table formats values), and no [run]. cost is the
 * profile file it resolved to (the name as written in a comment), so the
 * record names the figures used even if configs/ moves; replay is the
 * same, and replay_irq the source played. With @in, the two are the
 * names of their copies beside config.ini, which a key's relative path
 * is read against: the run folder is whole, and names no path of the
 * machine it ran on. [cost.MODEL]
 * sections apply to a whole file, and the scenarios written here may come
 * from several files with different ones, so each scenario's overrides
 * are written inside its own section as cost.MODEL.KEY = NS, which
 * bench_config_load() reads back as that scenario's overrides: loading
 * the output gives the same scenarios, overrides included, in the same
 * order.
 *
 * Return: 0; -ENAMETOOLONG when a cost path cannot be read back as one
 * line; -EINVAL when it cannot be written as an INI value; -EIO when
 * writing failed.
 */
int bench_config_write(const struct bench_config *cfg,
		       const struct bench_inputs *in, FILE *f)
{
	fputs("; the config as run, resolved by irqlab: every key explicit\n",
	      f);
	for (unsigned int i = 0; i < cfg->nr; i++) {
		const struct bench_scenario *sc = &cfg->sc[i];
		const char *cost = bench_inputs_name(in, sc->cost);
		const char *replay = bench_inputs_name(in, sc->replay);

		if (!representable(cost))
			return -EINVAL;
		if (strlen("cost = \n") + strlen(cost) >= INI_MAX_LINE - 1)
			return -ENAMETOOLONG;
		if (sc->pattern == BENCH_PAT_REPLAY && !representable(replay))
			return -EINVAL;
		if (strlen("replay = \n") + strlen(replay) >= INI_MAX_LINE - 1)
			return -ENAMETOOLONG;
		write_scenario(sc, in, f);
	}
	return ferror(f) ? -EIO : 0;
}
