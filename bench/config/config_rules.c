// SPDX-License-Identifier: GPL-2.0
/*
 * The rules between a scenario's keys, as a table: each rule names the
 * keys it is about, when a scenario breaks it and what to say. The line
 * an error is reported at is derived from the keys, never written by
 * hand: the latest line among those the scenario (or [run]) sets, or the
 * section header when it sets none. Then chip uio's own checks: its keys
 * on no other chip, its rules, and the device itself, opened here so that
 * a run never starts on one it could not use.
 */
#include <string.h>
#include "config.h"
#include "designs/designs.h"

#define K(k) KEY_BIT(BENCH_KEY_##k)
#define TRIG(t) (1u << BENCH_TRIG_##t)
/* Triggers whose devices pulse; whose hold a level. */
#define PULSED_TRIGS (TRIG(EDGE) | TRIG(EDGE_FALLING) | TRIG(SIMPLE))
#define HELD_TRIGS (TRIG(LEVEL) | TRIG(LEVEL_LOW) | TRIG(PERCPU))

/* The first design of @sc that refuses its chip or trigger, or NULL. */
static const struct bench_design_row *
refusing_design(const struct bench_scenario *sc, char *msg, size_t len)
{
	for (unsigned int i = 0; i < sc->nr_designs; i++) {
		const struct bench_design_row *d =
			bench_design_get(sc->designs[i]);

		if (d && d->ops->refuses && d->ops->refuses(sc, msg, len))
			return d;
	}
	return NULL;
}

static bool trigger_unsupported(const struct bench_scenario *sc, uint64_t own)
{
	(void)own;
	return !(sc->chip->triggers & (1u << sc->trigger));
}

static void say_trigger_unsupported(const struct bench_scenario *sc,
				    unsigned int at, char *msg, size_t len)
{
	char names[256] = "";
	size_t n;

	(void)at;
	for (int t = 0; t < BENCH_TRIG_NR; t++) {
		if (!(sc->chip->triggers & (1u << t)))
			continue;
		n = strlen(names);
		snprintf(names + n, sizeof(names) - n, "%s%s", n ? ", " : "",
			 bench_trigger_name(t));
	}
	snprintf(msg, len,
		 "key trigger: chip %s cannot do trigger %s: it supports %s",
		 sc->chip->name, bench_trigger_name(sc->trigger), names);
}

/* A design's own rules (its ops->refuses: designs.h). */
static bool design_refuses(const struct bench_scenario *sc, uint64_t own)
{
	char msg[256];

	(void)own;
	return refusing_design(sc, msg, sizeof(msg));
}

static void say_design_refuses(const struct bench_scenario *sc, unsigned int at,
			       char *msg, size_t len)
{
	(void)at;
	refusing_design(sc, msg, len);
}

static bool shift_without_copy(const struct bench_scenario *sc, uint64_t own)
{
	bool twice = false;

	(void)own;
	for (unsigned int i = 0; i < sc->nr_designs; i++)
		for (unsigned int k = 0; k < i; k++)
			twice |= sc->designs[k] == sc->designs[i];
	return sc->control_shift_ns && !twice;
}

static void say_shift_without_copy(const struct bench_scenario *sc,
				   unsigned int at, char *msg, size_t len)
{
	(void)sc;
	(void)at;
	snprintf(msg, len,
		 "key control_shift_ns: shifts the second copy of a design "
		 "listed twice, and designs lists none twice");
}

static bool disable_half_set(const struct bench_scenario *sc, uint64_t own)
{
	(void)own;
	return (sc->disable_hz > 0) != (sc->disable_ns > 0);
}

static void say_disable_half_set(const struct bench_scenario *sc,
				 unsigned int at, char *msg, size_t len)
{
	(void)sc;
	snprintf(msg, len,
		 "key %s: disable_rate and disable_ns go together: both 0, "
		 "or both above 0",
		 bench_config_keys[at].name);
}

static bool disable_too_long(const struct bench_scenario *sc, uint64_t own)
{
	(void)own;
	return sc->disable_hz > 0 && sc->disable_ns >= 1e9 / sc->disable_hz;
}

static void say_disable_too_long(const struct bench_scenario *sc,
				 unsigned int at, char *msg, size_t len)
{
	(void)at;
	snprintf(msg, len,
		 "key disable_ns: a critical section of %u ns does not fit in "
		 "its period of %.0f ns (disable_rate %g)",
		 sc->disable_ns, 1e9 / sc->disable_hz, sc->disable_hz);
}

static bool percpu_disabled(const struct bench_scenario *sc, uint64_t own)
{
	(void)own;
	return sc->trigger == BENCH_TRIG_PERCPU && sc->disable_hz > 0;
}

static void say_percpu_disabled(const struct bench_scenario *sc,
				unsigned int at, char *msg, size_t len)
{
	(void)sc;
	(void)at;
	snprintf(msg, len,
		 "key disable_rate: a percpu line is never disabled by its "
		 "driver");
}

static bool pin_bad(const struct bench_scenario *sc)
{
	char err[256];

	return bench_chip_pin_check(sc->chip, sc->trigger, sc->pin, err,
				    sizeof(err));
}

static bool pin_missing(const struct bench_scenario *sc, uint64_t own)
{
	(void)own;
	return sc->key_line[BENCH_KEY_PIN] && pin_bad(sc);
}

static void say_pin_missing(const struct bench_scenario *sc, unsigned int at,
			    char *msg, size_t len)
{
	(void)at;
	bench_chip_pin_check(sc->chip, sc->trigger, sc->pin, msg, len);
}

static bool default_pin_missing(const struct bench_scenario *sc, uint64_t own)
{
	(void)own;
	return !sc->key_line[BENCH_KEY_PIN] && pin_bad(sc);
}

static void say_default_pin_missing(const struct bench_scenario *sc,
				    unsigned int at, char *msg, size_t len)
{
	char err[256];

	(void)at;
	bench_chip_pin_check(sc->chip, sc->trigger, sc->pin, err, sizeof(err));
	snprintf(msg, len, "%s (the default pin: set key pin)", err);
}

static bool inline_cpus(const struct bench_scenario *sc, uint64_t own)
{
	(void)own;
	return sc->wait == BENCH_WAIT_INLINE && sc->cpus != 1;
}

static void say_inline_cpus(const struct bench_scenario *sc, unsigned int at,
			    char *msg, size_t len)
{
	(void)at;
	snprintf(msg, len,
		 "key wait: inline needs cpus = 1, not cpus = %u (the device "
		 "thread is the only CPU)",
		 sc->cpus);
}

static bool short_duration(const struct bench_scenario *sc, uint64_t own)
{
	(void)own;
	return sc->duration_ms < sc->blocks;
}

static void say_short_duration(const struct bench_scenario *sc, unsigned int at,
			       char *msg, size_t len)
{
	(void)at;
	snprintf(msg, len,
		 "key duration_ms: %u ms cannot be split into blocks = %u: "
		 "duration_ms must be at least blocks",
		 sc->duration_ms, sc->blocks);
}

static bool dies_after_last(const struct bench_scenario *sc, uint64_t own)
{
	(void)own;
	return sc->fault.device_dies_ms &&
	       sc->fault.device_dies_block >= sc->blocks;
}

static void say_dies_after_last(const struct bench_scenario *sc,
				unsigned int at, char *msg, size_t len)
{
	(void)at;
	snprintf(msg, len,
		 "key fault: device_dies:%u@%u names block %u, but the "
		 "scenario has blocks = %u (the first is 0)",
		 sc->fault.device_dies_ms, sc->fault.device_dies_block,
		 sc->fault.device_dies_block, sc->blocks);
}

static bool bursts_overlap(const struct bench_scenario *sc, uint64_t own)
{
	(void)own;
	return sc->pattern == BENCH_PAT_BURST &&
	       (double)(sc->burst - 1) * sc->burst_gap_ns >= 1e9 / sc->rate_hz;
}

static void say_bursts_overlap(const struct bench_scenario *sc, unsigned int at,
			       char *msg, size_t len)
{
	(void)at;
	snprintf(msg, len,
		 "key burst_gap_ns: a burst of %u events %u ns apart does not "
		 "end before the next burst, 1/rate = %.0f ns later",
		 sc->burst, sc->burst_gap_ns, 1e9 / sc->rate_hz);
}

/* The scenario's own hold_ns on a line that is never held. */
static bool hold_on_edge(const struct bench_scenario *sc, uint64_t own)
{
	return (own & K(HOLD_NS)) && sc->hold_ns &&
	       !(HELD_TRIGS & (1u << sc->trigger));
}

static void say_hold_on_edge(const struct bench_scenario *sc, unsigned int at,
			     char *msg, size_t len)
{
	(void)at;
	snprintf(msg, len,
		 "key hold_ns: only a level line is held, not trigger %s",
		 bench_trigger_name(sc->trigger));
}

static bool pulse_on_level(const struct bench_scenario *sc, uint64_t own)
{
	return (own & K(PULSE_NS)) && sc->pulse_ns &&
	       !(PULSED_TRIGS & (1u << sc->trigger));
}

static void say_pulse_on_level(const struct bench_scenario *sc, unsigned int at,
			       char *msg, size_t len)
{
	(void)at;
	snprintf(msg, len,
		 "key pulse_ns: only edge and simple lines pulse (an "
		 "edge-both device toggles), not trigger %s",
		 bench_trigger_name(sc->trigger));
}

#define REPLAY_KEYS (K(REPLAY) | K(REPLAY_IRQ) | K(REPLAY_SPEED))

/* The scenario's own replay keys, on a pattern that reads no recording. */
static bool replay_elsewhere(const struct bench_scenario *sc, uint64_t own)
{
	return (own & REPLAY_KEYS) && sc->pattern != BENCH_PAT_REPLAY;
}

static void say_replay_elsewhere(const struct bench_scenario *sc,
				 unsigned int at, char *msg, size_t len)
{
	snprintf(msg, len,
		 "key %s: only pattern = replay plays a recording, and the "
		 "pattern is %s",
		 bench_config_keys[at].name, bench_pattern_name(sc->pattern));
}

static bool replay_missing(const struct bench_scenario *sc, uint64_t own)
{
	(void)own;
	return sc->pattern == BENCH_PAT_REPLAY &&
	       !sc->key_line[BENCH_KEY_REPLAY];
}

static void say_replay_missing(const struct bench_scenario *sc, unsigned int at,
			       char *msg, size_t len)
{
	(void)sc;
	(void)at;
	snprintf(msg, len,
		 "key pattern: pattern replay needs key replay, the recording "
		 "to play (a file, relative to the config's folder)");
}

static bool replay_devices(const struct bench_scenario *sc, uint64_t own)
{
	(void)own;
	return sc->pattern == BENCH_PAT_REPLAY && sc->devices != 1;
}

static void say_replay_devices(const struct bench_scenario *sc, unsigned int at,
			       char *msg, size_t len)
{
	(void)at;
	snprintf(msg, len,
		 "key devices: a recording drives one device: devices must be "
		 "1 with pattern replay, not %u",
		 sc->devices);
}

/* clang-format off */
/* In the order they are checked: the first broken one is reported. */
const struct config_rule bench_config_rules[] = {
	{ K(TRIGGER), trigger_unsupported, say_trigger_unsupported },
	{ K(DESIGNS) | K(TRIGGER), design_refuses, say_design_refuses },
	{ K(CONTROL_SHIFT_NS) | K(DESIGNS), shift_without_copy,
	  say_shift_without_copy },
	{ K(DISABLE_RATE) | K(DISABLE_NS), disable_half_set,
	  say_disable_half_set },
	{ K(DISABLE_RATE) | K(DISABLE_NS), disable_too_long,
	  say_disable_too_long },
	{ K(DISABLE_RATE), percpu_disabled, say_percpu_disabled },
	{ K(PIN), pin_missing, say_pin_missing },
	{ K(TRIGGER) | K(CHIP), default_pin_missing, say_default_pin_missing },
	{ K(WAIT) | K(CPUS), inline_cpus, say_inline_cpus },
	{ K(DURATION_MS) | K(BLOCKS), short_duration, say_short_duration },
	/* The section too: pattern = burst may be what it sets. */
	{ K(BURST_GAP_NS) | K(BURST) | K(RATE) | KEY_BIT(KEY_SECTION),
	  bursts_overlap, say_bursts_overlap },
	{ K(HOLD_NS), hold_on_edge, say_hold_on_edge },
	{ K(PULSE_NS), pulse_on_level, say_pulse_on_level },
	{ REPLAY_KEYS, replay_elsewhere, say_replay_elsewhere },
	{ K(PATTERN) | K(REPLAY), replay_missing, say_replay_missing },
	{ K(DEVICES) | K(PATTERN), replay_devices, say_replay_devices },
	{ K(FAULT) | K(BLOCKS), dies_after_last, say_dies_after_last },
	{ K(RACE) | K(CHIP) | K(TRIGGER) | K(CPUS) | K(WAIT),
	  bench_config_race_broken, bench_config_race_say },
};
/* clang-format on */

const unsigned int bench_config_nr_rules =
	sizeof(bench_config_rules) / sizeof(bench_config_rules[0]);

/**
 * bench_config_rule_line - the line an error of rule @r is reported at
 * @r: the rule
 * @sc: the scenario that breaks it
 * @at: set to the key of that line (KEY_SECTION for the section header)
 *
 * Return: the latest line among @r's keys that are set, or the section
 * header's when none is.
 */
unsigned int bench_config_rule_line(const struct config_rule *r,
				    const struct bench_scenario *sc,
				    unsigned int *at)
{
	unsigned int line = 0, l;

	*at = KEY_SECTION;
	for (unsigned int k = 0; k <= KEY_SECTION; k++) {
		if (!(r->keys & KEY_BIT(k)))
			continue;
		l = k == KEY_SECTION ? sc->line : sc->key_line[k];
		if (l > line) {
			line = l;
			*at = k;
		}
	}
	return line ? line : sc->line;
}

/**
 * bench_config_check_rules - report the first rule of @rules that @sc breaks
 * @l: the load
 * @sc: the scenario
 * @rules: a rule table
 * @nr: its size
 *
 * Return: 0, or the error bench_config_fail_at() recorded.
 */
int bench_config_check_rules(struct load *l, const struct bench_scenario *sc,
			     const struct config_rule *rules, unsigned int nr)
{
	char msg[1024];
	unsigned int line, at;

	for (const struct config_rule *r = rules; r < rules + nr; r++) {
		if (!r->broken(sc, l->own))
			continue;
		line = bench_config_rule_line(r, sc, &at);
		r->say(sc, at, msg, sizeof(msg));
		return config_fail(l, line, "%s", msg);
	}
	return 0;
}

/* Chip uio's keys, set by a scenario of another chip: its first one. */
static int uio_keys_elsewhere(struct load *l, const struct bench_scenario *sc)
{
	int first = -1;

	for (int k = BENCH_KEY_UIO; k <= BENCH_KEY_UIO_MASK; k++)
		if ((l->own & KEY_BIT(k)) &&
		    (first < 0 || sc->key_line[k] < sc->key_line[first]))
			first = k;
	if (first < 0)
		return 0;
	return config_fail(l, sc->key_line[first],
			   "key %s: only chip uio drives a real device, not "
			   "chip %s",
			   bench_config_keys[first].name, sc->chip->name);
}

static bool no_uio(const struct bench_scenario *sc, uint64_t own)
{
	(void)own;
	return !sc->key_line[BENCH_KEY_UIO];
}

static void say_no_uio(const struct bench_scenario *sc, unsigned int at,
		       char *msg, size_t len)
{
	(void)at;
	snprintf(msg, len,
		 "scenario %s: chip uio needs key uio, the device (/dev/uioN, "
		 "uioN or the name its driver gave it)",
		 sc->name);
}

static bool uio_inline(const struct bench_scenario *sc, uint64_t own)
{
	(void)own;
	return sc->wait == BENCH_WAIT_INLINE;
}

static void say_uio_inline(const struct bench_scenario *sc, unsigned int at,
			   char *msg, size_t len)
{
	(void)sc;
	(void)at;
	snprintf(msg, len,
		 "key wait: chip uio takes its interrupts from the kernel on "
		 "an entry thread that blocks or spins; there is no inline "
		 "device to be the CPU");
}

static bool uio_cpus(const struct bench_scenario *sc, uint64_t own)
{
	(void)own;
	return sc->cpus != 1;
}

static void say_uio_cpus(const struct bench_scenario *sc, unsigned int at,
			 char *msg, size_t len)
{
	(void)at;
	snprintf(msg, len,
		 "key cpus: chip uio has one entry thread, the only CPU: cpus "
		 "must be 1, not %u",
		 sc->cpus);
}

static bool uio_devices(const struct bench_scenario *sc, uint64_t own)
{
	(void)own;
	return sc->devices != 1 || sc->storm_rate_hz > 0;
}

static void say_uio_devices(const struct bench_scenario *sc, unsigned int at,
			    char *msg, size_t len)
{
	(void)at;
	snprintf(msg, len,
		 "key %s: chip uio drives one real device: devices must be 1 "
		 "and storm_rate 0",
		 sc->devices != 1 ? "devices" : "storm_rate");
}

static bool uio_storm(const struct bench_scenario *sc, uint64_t own)
{
	(void)own;
	return sc->pattern == BENCH_PAT_STORM;
}

static void say_uio_storm(const struct bench_scenario *sc, unsigned int at,
			  char *msg, size_t len)
{
	(void)sc;
	(void)at;
	snprintf(msg, len,
		 "key pattern: a real device cannot storm without cause: chip "
		 "uio takes periodic, poisson, burst, back-to-back or replay");
}

/* clang-format off */
/* Chip uio's rules, checked after the others. */
const struct config_rule bench_config_uio_rules[] = {
	{ K(UIO), no_uio, say_no_uio },
	{ K(WAIT), uio_inline, say_uio_inline },
	{ K(CPUS), uio_cpus, say_uio_cpus },
	{ K(DEVICES) | K(STORM_RATE), uio_devices, say_uio_devices },
	{ K(PATTERN), uio_storm, say_uio_storm },
};
/* clang-format on */

const unsigned int bench_config_nr_uio_rules =
	sizeof(bench_config_uio_rules) / sizeof(bench_config_uio_rules[0]);

/* The device chip uio drives is there, and masks as uio_mask asks. */
static int check_device(struct load *l, const struct bench_scenario *sc)
{
	const unsigned int *kl = sc->key_line;
	struct uio_dev d;
	char err[512];

	if (uio_dev_open(&d, sc->uio, bench_uio_class(), sc->uio_backend, err,
			 sizeof(err)))
		return config_fail(l, kl[BENCH_KEY_UIO], "key uio: %s", err);
	if (sc->uio_mask == UIO_MASK_IRQCONTROL && !d.irqcontrol)
		config_fail(l, kl[BENCH_KEY_UIO_MASK],
			    "key uio_mask: %s (driver %s) has no irqcontrol "
			    "write: use intx or auto",
			    sc->uio, d.name);
	else if (sc->uio_mask == UIO_MASK_INTX && d.cfg_fd < 0)
		config_fail(l, kl[BENCH_KEY_UIO_MASK],
			    "key uio_mask: %s has no PCI config space to mask "
			    "INTx with: use irqcontrol or auto",
			    sc->uio);
	uio_dev_close(&d);
	return l->ret;
}

/**
 * bench_config_check - check scenario @sc, resolved, against every rule
 * @l: the load
 * @sc: the scenario
 *
 * The rules between keys, then the default cost profile, then the
 * recording of pattern replay (config_replay.c), then chip uio's checks. The first error is reported.
 *
 * Return: 0, or the error bench_config_fail_at() recorded.
 */
int bench_config_check(struct load *l, struct bench_scenario *sc)
{
	if (bench_config_check_rules(l, sc, bench_config_rules,
				     bench_config_nr_rules) ||
	    bench_config_cost_check_default(l, sc) ||
	    bench_config_replay_check(l, sc))
		return l->ret;
	if (!sc->chip->real)
		return uio_keys_elsewhere(l, sc);
	if (bench_config_check_rules(l, sc, bench_config_uio_rules,
				     bench_config_nr_uio_rules))
		return l->ret;
	return check_device(l, sc);
}
