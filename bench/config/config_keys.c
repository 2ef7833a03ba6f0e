// SPDX-License-Identifier: GPL-2.0
/*
 * The keys of [run] and [scenario NAME] as one table: each key's name, what
 * its value must be, where it is stored, its limits, its default and the
 * sections that may set it; and the parsers of values that the table
 * cannot describe alone. A value is parsed into a struct bench_scenario
 * without any notion of files or lines: config_parse.c says where.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "config.h"
#include "designs/designs.h"

#define STR_(x) #x
#define STR(x) STR_(x)
#define MAX_NS 1000000000u
#define DEFAULT_PERCPU_PIN 29

/* Append @s to the list in @buf, ", "-separated. */
static void join(char *buf, size_t len, const char *s)
{
	size_t n = strlen(buf);

	if (n + 1 < len)
		snprintf(buf + n, len - n, "%s%s", n ? ", " : "", s);
}

/* Every name of a KEY_NAME key (or designs, device), ", "-separated. */
static void names_of(const struct key_desc *d, char *buf, size_t len)
{
	const char *s;

	buf[0] = '\0';
	for (int i = 0; (s = d->names(i)); i++)
		join(buf, len, s);
}

/*
 * Unsigned decimal (or 0x hex when @hex): no sign, no blanks, no trailing
 * characters, no overflow. errno is left as it was.
 */
bool bench_config_parse_u64(const char *s, bool hex, uint64_t *out)
{
	int saved = errno, base = 10;
	unsigned long long v;
	char *end;
	bool ok;

	if (hex && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		base = 16;
		s += 2;
		if (!isxdigit((unsigned char)*s))
			return false;
	} else if (!isdigit((unsigned char)*s)) {
		return false;
	}
	errno = 0;
	v = strtoull(s, &end, base);
	ok = !errno && !*end;
	errno = saved;
	if (ok)
		*out = v;
	return ok;
}

/* A finite decimal number, the whole of @s. */
static bool parse_double(const char *s, double *out)
{
	int saved = errno;
	char *end;
	double v;
	bool ok;

	if (!*s || isspace((unsigned char)*s))
		return false;
	errno = 0;
	v = strtod(s, &end);
	ok = end != s && !*end && !errno && isfinite(v);
	errno = saved;
	if (ok)
		*out = v;
	return ok;
}

static const char *chip_name(int i)
{
	const struct chip_kind *k = chip_kind_at((unsigned int)i);

	return k ? k->name : NULL;
}

static int chip_lookup(const char *s)
{
	const struct chip_kind *k = chip_kind_find(s);

	return k ? (int)(k - chip_kinds) : -1;
}

static const char *trigger_name(int i)
{
	return bench_trigger_name((enum bench_trigger)i);
}

/* The @i-th design of the registry (designs.c), not the design of code @i. */
static const char *design_name(int i)
{
	return i >= 0 && (unsigned int)i < bench_nr_designs ?
		       bench_designs[i].name :
		       NULL;
}

static const char *race_name(int i)
{
	return bench_race_name((enum bench_race)i);
}

static const char *pattern_name(int i)
{
	return bench_pattern_name((enum bench_pattern)i);
}

static const char *wait_name(int i)
{
	return bench_wait_name((enum bench_wait)i);
}

static const char *arch_name(int i)
{
	return genirq_arch_name((enum genirq_arch)i);
}

static int arch_lookup(const char *s)
{
	const char *n;

	for (int i = 0; (n = genirq_arch_name((enum genirq_arch)i)); i++)
		if (!strcmp(n, s))
			return i;
	return -1;
}

/* The placements by name: BENCH_PLACE_PU, the last, is written a number. */
static const char *place_name(int i)
{
	return i == BENCH_PLACE_PU ? NULL :
				     bench_place_name((enum bench_place)i);
}

static int place_lookup(const char *s)
{
	int i = bench_place_parse(s);

	return i == BENCH_PLACE_PU ? -1 : i;
}

static int bad_value(enum bench_key k, const char *v, char *msg, size_t len)
{
	snprintf(msg, len, "key %s: \"%s\" is not %s",
		 bench_config_keys[k].name, v, bench_config_keys[k].expect);
	return -EINVAL;
}

/* One word of key fault into @f: false if it is none, or given twice. */
static bool parse_fault(struct bench_faults *f, const char *w)
{
	unsigned long a = 0, b = 100;
	int n = 0;

	if (!strcmp(w, "set_type") && !f->set_type) {
		f->set_type = true;
	} else if (!strcmp(w, "retrigger") && !f->retrigger) {
		f->retrigger = true;
	} else if (!strcmp(w, "pin") && !f->pin) {
		f->pin = true;
	} else if (!f->stall_us &&
		   (sscanf(w, "stall:%lu/%lu%n", &a, &b, &n) == 2 ||
		    sscanf(w, "stall:%lu%n", &a, &n) == 1) &&
		   !w[n] && a && a <= 1000000 && b && b <= 1000000) {
		f->stall_us = (unsigned int)a;
		f->stall_every = (unsigned int)b;
	} else if (!f->device_dies_ms &&
		   (sscanf(w, "device_dies:%lu@%lu%n", &a, &b, &n) == 2 ||
		    (b = 0, sscanf(w, "device_dies:%lu%n", &a, &n) == 1)) &&
		   !w[n] && a && a <= 3600000 && b < 1000000) {
		f->device_dies_ms = (unsigned int)a;
		f->device_dies_block = (unsigned int)b;
	} else {
		return false;
	}
	return true;
}

/*
 * Key fault: space-separated faults to inject, each at most once:
 * set_type, retrigger, pin, stall:US[/N] (every Nth handler run with work
 * busy US microseconds, N 100 by default), device_dies:MS[@B] (the
 * device thread ends MS ms into block B, the first by default).
 */
static int parse_faults(struct bench_scenario *sc, const char *v, char *msg,
			size_t len)
{
	char buf[256], *save = NULL, *w;

	if (strlen(v) >= sizeof(buf)) {
		snprintf(msg, len, "key fault: the value is too long");
		return -EINVAL;
	}
	strcpy(buf, v);
	memset(&sc->fault, 0, sizeof(sc->fault));
	for (w = strtok_r(buf, " \t", &save); w;
	     w = strtok_r(NULL, " \t", &save)) {
		if (parse_fault(&sc->fault, w))
			continue;
		snprintf(msg, len,
			 "key fault: \"%s\" is not a fault, or is given twice: "
			 "expected %s (US up to 1000000, N up to 1000000, MS "
			 "up to 3600000)",
			 w, bench_config_keys[BENCH_KEY_FAULT].expect);
		return -EINVAL;
	}
	return 0;
}

static int parse_device(struct bench_scenario *sc, const char *v, char *msg,
			size_t len)
{
	const struct key_desc *d = &bench_config_keys[BENCH_KEY_DEVICE];
	char names[128];
	uint64_t pu;
	int i;

	if (isdigit((unsigned char)v[0])) {
		if (!bench_config_parse_u64(v, false, &pu) || pu > UINT_MAX)
			return bad_value(BENCH_KEY_DEVICE, v, msg, len);
		sc->device = BENCH_PLACE_PU;
		sc->device_pu = (unsigned int)pu;
		return 0;
	}
	i = d->lookup(v);
	if (i >= 0) {
		sc->device = i;
		return 0;
	}
	names_of(d, names, sizeof(names));
	snprintf(msg, len,
		 "key device: \"%s\" is not a placement: valid placements are "
		 "%s, or a PU number",
		 v, names);
	return -EINVAL;
}

static int parse_placement(struct bench_scenario *sc, const char *v, char *msg,
			   size_t len)
{
	if (strcmp(v, "strict") && strcmp(v, "adapt"))
		return bad_value(BENCH_KEY_PLACEMENT, v, msg, len);
	sc->strict = !strcmp(v, "strict");
	return 0;
}

static int parse_uio(struct bench_scenario *sc, const char *v, char *msg,
		     size_t len)
{
	if (strlen(v) >= sizeof(sc->uio)) {
		snprintf(msg, len, "key uio: the path is too long");
		return -EINVAL;
	}
	strcpy(sc->uio, v);
	return 0;
}

static int parse_uio_backend(struct bench_scenario *sc, const char *v,
			     char *msg, size_t len)
{
	sc->uio_backend = uio_backend_find(v);
	if (sc->uio_backend)
		return 0;
	snprintf(msg, len,
		 "key uio_backend: unknown backend \"%s\": valid backends are "
		 "%s",
		 v, uio_backend_names);
	return -EINVAL;
}

static int parse_uio_mask(struct bench_scenario *sc, const char *v, char *msg,
			  size_t len)
{
	int m = uio_mask_parse(v);

	if (m < 0)
		return bad_value(BENCH_KEY_UIO_MASK, v, msg, len);
	sc->uio_mask = (enum uio_mask)m;
	return 0;
}

/* Key replay: the recording as written, resolved by config_replay.c. */
static int parse_replay(struct bench_scenario *sc, const char *v, char *msg,
			size_t len)
{
	if (strlen(v) >= sizeof(sc->replay_name)) {
		snprintf(msg, len, "key replay: the path is too long");
		return -EINVAL;
	}
	strcpy(sc->replay_name, v);
	return 0;
}

/* Key replay_irq: a number or a name, one word. */
static int parse_replay_irq(struct bench_scenario *sc, const char *v, char *msg,
			    size_t len)
{
	if (strlen(v) >= sizeof(sc->replay_irq) || strpbrk(v, " \t"))
		return bad_value(BENCH_KEY_REPLAY_IRQ, v, msg, len);
	strcpy(sc->replay_irq, v);
	return 0;
}

#define TRIG(t) (1u << BENCH_TRIG_##t)
/* Triggers whose devices pulse their line; whose hold it at a level. */
#define PULSED_TRIGS (TRIG(EDGE) | TRIG(EDGE_FALLING) | TRIG(SIMPLE))
#define HELD_TRIGS (TRIG(LEVEL) | TRIG(LEVEL_LOW) | TRIG(PERCPU))

static bool pulsed(const struct bench_scenario *sc)
{
	return PULSED_TRIGS & (1u << sc->trigger);
}

static bool held(const struct bench_scenario *sc)
{
	return HELD_TRIGS & (1u << sc->trigger);
}

static bool real_chip(const struct bench_scenario *sc)
{
	return sc->chip->real;
}

static bool replaying(const struct bench_scenario *sc)
{
	return sc->pattern == BENCH_PAT_REPLAY;
}

static int required(struct load *l, struct bench_scenario *sc)
{
	return config_fail(l, sc->line,
			   "scenario %s: key chip is required, in the "
			   "scenario or in [run]",
			   sc->name);
}

/* The chip's first trigger. */
static int first_trigger(struct load *l, struct bench_scenario *sc)
{
	(void)l;
	for (int t = BENCH_TRIG_NR - 1; t >= 0; t--)
		if (sc->chip->triggers & (1u << t))
			sc->trigger = t;
	return 0;
}

static int default_pin(struct load *l, struct bench_scenario *sc)
{
	(void)l;
	sc->pin = sc->trigger == BENCH_TRIG_PERCPU ? DEFAULT_PERCPU_PIN :
						     sc->chip->default_pin;
	return 0;
}

static int default_burst(struct load *l, struct bench_scenario *sc)
{
	(void)l;
	sc->burst = sc->pattern == BENCH_PAT_BURST ? 4 : 1;
	return 0;
}

/* Chip uio's entry thread sleeps in the kernel; simulated CPUs spin. */
static int default_wait(struct load *l, struct bench_scenario *sc)
{
	(void)l;
	sc->wait = sc->chip->real ? BENCH_WAIT_BLOCK : BENCH_WAIT_SPIN;
	return 0;
}

/* The architecture whose kernel drove the chip's controller. */
static int default_arch(struct load *l, struct bench_scenario *sc)
{
	(void)l;
	sc->arch = sc->chip->arch;
	return 0;
}

static int default_backend(struct load *l, struct bench_scenario *sc)
{
	(void)l;
	sc->uio_backend = sc->chip->real ? uio_backend_find("edu") : NULL;
	return 0;
}

#define FIELD(m)                            \
	offsetof(struct bench_scenario, m), \
		sizeof(((struct bench_scenario *)0)->m)
/* Fields @a to @b, which one key sets together. */
#define FIELDS(a, b)                                              \
	offsetof(struct bench_scenario, a),                       \
		offsetof(struct bench_scenario, b) +              \
			sizeof(((struct bench_scenario *)0)->b) - \
			offsetof(struct bench_scenario, a)
#define NS_0 "a whole number of nanoseconds from 0 to 1000000000"
#define ANY .where = KEY_IN_RUN | KEY_IN_SCENARIO

/* clang-format off */
const struct key_desc bench_config_keys[BENCH_KEY_NR] = {
	[BENCH_KEY_CHIP]	= { "chip", "a chip name", KEY_NAME,
				    FIELD(chip), .noun = "chip",
				    .names = chip_name, .lookup = chip_lookup,
				    .resolve = required, ANY },
	[BENCH_KEY_TRIGGER]	= { "trigger", "a trigger name", KEY_NAME,
				    FIELD(trigger), .noun = "trigger",
				    .names = trigger_name,
				    .lookup = bench_trigger_parse,
				    .resolve = first_trigger, ANY },
	[BENCH_KEY_DESIGNS]	= { "designs", "a list of designs", KEY_OTHER,
				    FIELDS(nr_designs, designs),
				    .names = design_name,
				    .parse = bench_config_parse_designs,
				    .def = "flow do_irq", ANY },
	[BENCH_KEY_PIN]		= { "pin", "a pin number (an unsigned integer)",
				    KEY_UINT, FIELD(pin), 0, UINT_MAX,
				    .resolve = default_pin, ANY },
	[BENCH_KEY_PATTERN]	= { "pattern", "a pattern name", KEY_NAME,
				    FIELD(pattern), .noun = "pattern",
				    .names = pattern_name,
				    .lookup = bench_pattern_parse,
				    .def = "periodic", ANY },
	[BENCH_KEY_RATE]	= { "rate", "a positive number of events per "
				    "second (at most 10000000)", KEY_RATE,
				    FIELD(rate_hz), .def = "10000", ANY },
	[BENCH_KEY_BURST]	= { "burst", "an integer from 1 to 1024 "
				    "(events per burst)", KEY_UINT,
				    FIELD(burst), 1, 1024,
				    .resolve = default_burst, ANY },
	[BENCH_KEY_BURST_GAP_NS] = { "burst_gap_ns", NS_0, KEY_UINT,
				    FIELD(burst_gap_ns), 0, MAX_NS, ANY },
	[BENCH_KEY_DEVICES]	= { "devices", "an integer from 1 to "
				    STR(BENCH_MAX_DEVICES), KEY_UINT,
				    FIELD(devices), 1, BENCH_MAX_DEVICES,
				    .def = "1", ANY },
	[BENCH_KEY_STORM_RATE]	= { "storm_rate", "a number of assertions per "
				    "second from 0 to 10000000", KEY_RATE0,
				    FIELD(storm_rate_hz), ANY },
	[BENCH_KEY_HANDLER_NS]	= { "handler_ns", NS_0, KEY_UINT,
				    FIELD(handler_ns), 0, MAX_NS, ANY },
	[BENCH_KEY_CONTROL_SHIFT_NS] = { "control_shift_ns", NS_0, KEY_UINT,
				    FIELD(control_shift_ns), 0, MAX_NS, ANY },
	[BENCH_KEY_PULSE_NS]	= { "pulse_ns", NS_0, KEY_UINT,
				    FIELD(pulse_ns), 0, MAX_NS,
				    .applies = pulsed, ANY },
	[BENCH_KEY_HOLD_NS]	= { "hold_ns", NS_0, KEY_UINT,
				    FIELD(hold_ns), 0, MAX_NS,
				    .applies = held, ANY },
	[BENCH_KEY_DISABLE_RATE] = { "disable_rate", "a number of critical "
				    "sections per second from 0 to 10000000",
				    KEY_RATE0, FIELD(disable_hz), ANY },
	[BENCH_KEY_DISABLE_NS]	= { "disable_ns", NS_0, KEY_UINT,
				    FIELD(disable_ns), 0, MAX_NS, ANY },
	[BENCH_KEY_LAZY_DISABLE] = { "lazy_disable", "0 or 1", KEY_UINT,
				    FIELD(lazy_disable), 0, 1, ANY },
	[BENCH_KEY_ARCH]	= { "arch", "an architecture name", KEY_NAME,
				    FIELD(arch), .noun = "architecture",
				    .names = arch_name, .lookup = arch_lookup,
				    .resolve = default_arch, ANY },
	[BENCH_KEY_RACE]	= { "race", "a race name", KEY_NAME,
				    FIELD(race), .noun = "race",
				    .names = race_name,
				    .lookup = bench_race_parse,
				    .def = "none", ANY },
	[BENCH_KEY_CPUS]	= { "cpus", "an integer from 1 to "
				    STR(BENCH_MAX_CPUS), KEY_UINT,
				    FIELD(cpus), 1, BENCH_MAX_CPUS,
				    .def = "1", ANY },
	[BENCH_KEY_WAIT]	= { "wait", "a wait mode", KEY_NAME,
				    FIELD(wait), .noun = "wait mode",
				    .names = wait_name,
				    .lookup = bench_wait_parse,
				    .resolve = default_wait, ANY },
	[BENCH_KEY_CPU]		= { "cpu", "a PU number (an unsigned integer)",
				    KEY_UINT, FIELD(cpu_pu), 0, UINT_MAX,
				    ANY },
	[BENCH_KEY_DEVICE]	= { "device", "a placement or a PU number",
				    KEY_OTHER, FIELDS(device, device_pu),
				    .names = place_name,
				    .lookup = place_lookup,
				    .parse = parse_device, .def = "any", ANY },
	[BENCH_KEY_PLACEMENT]	= { "placement", "strict or adapt", KEY_OTHER,
				    FIELD(strict), .parse = parse_placement,
				    .def = "adapt", ANY },
	[BENCH_KEY_DURATION_MS]	= { "duration_ms", "a whole number of "
				    "milliseconds from 1 to 3600000", KEY_UINT,
				    FIELD(duration_ms), 1, 3600000,
				    .def = "1000", ANY },
	[BENCH_KEY_BLOCKS]	= { "blocks", "an integer from 1 to 1000",
				    KEY_UINT, FIELD(blocks), 1,
				    BENCH_MAX_BLOCKS, .def = "4", ANY },
	[BENCH_KEY_DRAIN_MS]	= { "drain_ms", "a whole number of "
				    "milliseconds from 0 to 60000", KEY_UINT,
				    FIELD(drain_ms), 0, 60000, .def = "20",
				    ANY },
	[BENCH_KEY_OVERRUN_NS]	= { "overrun_ns", "a whole number of "
				    "nanoseconds from 1 to 1000000000",
				    KEY_UINT, FIELD(overrun_ns), 1, MAX_NS,
				    .def = "5000", ANY },
	[BENCH_KEY_SEED]	= { "seed", "an unsigned 64-bit integer "
				    "(decimal or 0x hex)", KEY_U64,
				    FIELD(seed), .def = "1", ANY },
	[BENCH_KEY_COST]	= { "cost", "zero, realistic or a profile file",
				    KEY_COST, FIELDS(cost_name, cost),
				    .resolve = bench_config_cost_default, ANY },
	[BENCH_KEY_UIO]		= { "uio", "a UIO device: /dev/uioN, uioN or "
				    "the name its driver gave it", KEY_OTHER,
				    FIELD(uio), .parse = parse_uio,
				    .applies = real_chip, ANY },
	[BENCH_KEY_UIO_BACKEND]	= { "uio_backend", "a backend: edu or passive",
				    KEY_OTHER, FIELD(uio_backend),
				    .parse = parse_uio_backend,
				    .resolve = default_backend,
				    .applies = real_chip, ANY },
	[BENCH_KEY_UIO_MASK]	= { "uio_mask", "auto, irqcontrol or intx",
				    KEY_OTHER, FIELD(uio_mask),
				    .parse = parse_uio_mask, .def = "auto",
				    .applies = real_chip, ANY },
	[BENCH_KEY_FAULT]	= { "fault", "faults to inject: set_type, "
				    "retrigger, pin, stall:US[/N], "
				    "device_dies:MS[@B]", KEY_OTHER, FIELD(fault),
				    .parse = parse_faults, ANY },
	[BENCH_KEY_REPLAY]	= { "replay", "a recording of interrupts (a "
				    "file)", KEY_OTHER, FIELD(replay_name),
				    .parse = parse_replay,
				    .applies = replaying, ANY },
	[BENCH_KEY_REPLAY_IRQ]	= { "replay_irq", "an irq number or name of "
				    "up to 63 characters, one word",
				    KEY_OTHER, FIELD(replay_irq),
				    .parse = parse_replay_irq,
				    .applies = replaying, ANY },
	[BENCH_KEY_REPLAY_SPEED] = { "replay_speed", "a positive time scale "
				    "(2 plays a recording twice as fast; at "
				    "most 10000000)", KEY_RATE,
				    FIELD(replay_speed), .def = "1",
				    .applies = replaying, ANY },
};
/* clang-format on */

_Static_assert(sizeof(enum bench_trigger) == sizeof(int) &&
		       sizeof(enum bench_pattern) == sizeof(int) &&
		       sizeof(enum bench_wait) == sizeof(int) &&
		       sizeof(enum genirq_arch) == sizeof(int) &&
		       sizeof(enum bench_race) == sizeof(int),
	       "KEY_NAME values are stored as int");

/**
 * bench_config_key_find - the key called @name
 * @name: as written in a file
 *
 * Return: its enum bench_key, or -1 when there is no such key.
 */
int bench_config_key_find(const char *name)
{
	for (int k = 0; k < BENCH_KEY_NR; k++)
		if (!strcmp(bench_config_keys[k].name, name))
			return k;
	return -1;
}

/**
 * bench_config_key_names - every key's name, ", "-separated, in table order
 * @buf: where to write the list
 * @len: its size
 */
void bench_config_key_names(char *buf, size_t len)
{
	buf[0] = '\0';
	for (int k = 0; k < BENCH_KEY_NR; k++)
		join(buf, len, bench_config_keys[k].name);
}

static int parse_name(const struct key_desc *d, struct bench_scenario *sc,
		      const char *v, char *msg, size_t len)
{
	char *field = (char *)sc + d->off, names[256];
	int i = d->lookup(v);

	if (i < 0) {
		names_of(d, names, sizeof(names));
		snprintf(msg, len,
			 "key %s: unknown %s \"%s\": valid %ss are %s", d->name,
			 d->noun, v, d->noun, names);
		return -EINVAL;
	}
	if (d == &bench_config_keys[BENCH_KEY_CHIP])
		sc->chip = chip_kind_at((unsigned int)i);
	else
		memcpy(field, &i, sizeof(i));
	return 0;
}

/**
 * bench_config_key_parse - parse @v as key @k of @sc, as the key table says
 * @sc: a scenario, or a file's [run] values
 * @k: the key; not BENCH_KEY_COST, which bench_config_cost_set() reads
 * @v: the value as written, not empty
 * @msg: on failure, one sentence naming the key, without file and line
 * @len: its size
 *
 * Return: 0, or -EINVAL with @msg filled.
 */
int bench_config_key_parse(struct bench_scenario *sc, enum bench_key k,
			   const char *v, char *msg, size_t len)
{
	const struct key_desc *d = &bench_config_keys[k];
	char *field = (char *)sc + d->off;
	unsigned int u;
	uint64_t x;
	double r;

	switch (d->type) {
	case KEY_UINT:
		if (!bench_config_parse_u64(v, false, &x) || x < d->min ||
		    x > d->max)
			return bad_value(k, v, msg, len);
		u = (unsigned int)x;
		memcpy(field, &u, sizeof(u));
		return 0;
	case KEY_U64:
		if (!bench_config_parse_u64(v, true, &x))
			return bad_value(k, v, msg, len);
		memcpy(field, &x, sizeof(x));
		return 0;
	case KEY_RATE:
	case KEY_RATE0:
		if (v[0] == '-' || !parse_double(v, &r) ||
		    r > CONFIG_MAX_RATE ||
		    !(r > 0 || (d->type == KEY_RATE0 && r == 0)))
			return bad_value(k, v, msg, len);
		memcpy(field, &r, sizeof(r));
		return 0;
	case KEY_NAME:
		return parse_name(d, sc, v, msg, len);
	case KEY_OTHER:
		return d->parse(sc, v, msg, len);
	case KEY_COST:
		break;
	}
	return -EINVAL;
}

/**
 * bench_config_key_defaults - every key's default that depends on no other
 * @sc: zeroed, then given each key's @def as if a file had set it
 *
 * The defaults are written in the key table as a file would write them,
 * so they are parsed: a default the parser refuses aborts (a bug here,
 * which the tests catch).
 */
void bench_config_key_defaults(struct bench_scenario *sc)
{
	char msg[256];

	memset(sc, 0, sizeof(*sc));
	for (int k = 0; k < BENCH_KEY_NR; k++)
		if (bench_config_keys[k].def &&
		    bench_config_key_parse(sc, k, bench_config_keys[k].def, msg,
					   sizeof(msg)))
			abort();
}
