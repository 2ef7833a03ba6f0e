// SPDX-License-Identifier: GPL-2.0
/*
 * The recording a pattern replay scenario plays, as a config names it:
 * key replay resolved from the config's folder (as key cost's profiles
 * are), the file read whole by replay.c's reader, so that a run never
 * starts on a recording it could not play, then the rules that need the
 * recording itself, as a table like config_rules.c's: replay_irq names a
 * source the recording has, and only one; a recording of several sources
 * says which; the source has something to play. The rules that need only
 * the keys (pattern replay and key replay go together, one device) are in
 * config_rules.c's table.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "config.h"
#include "device/replay.h"

#define K(k) KEY_BIT(BENCH_KEY_##k)

static const char *want(const struct bench_scenario *sc)
{
	return sc->replay_irq;
}

static int found(const struct bench_scenario *sc)
{
	return bench_replay_find(sc->replay_rec, want(sc));
}

static bool irq_unknown(const struct bench_scenario *sc, uint64_t own)
{
	(void)own;
	return want(sc)[0] && found(sc) == -ENOENT;
}

static void say_irq_unknown(const struct bench_scenario *sc, unsigned int at,
			    char *msg, size_t len)
{
	char irqs[512];

	(void)at;
	bench_replay_irqs(sc->replay_rec, irqs, sizeof(irqs));
	snprintf(msg, len, "key replay_irq: no irq %s in %s: it has %s",
		 want(sc), sc->replay, irqs);
}

static bool irq_ambiguous(const struct bench_scenario *sc, uint64_t own)
{
	(void)own;
	return want(sc)[0] && found(sc) == -EEXIST;
}

static void say_irq_ambiguous(const struct bench_scenario *sc, unsigned int at,
			      char *msg, size_t len)
{
	char irqs[512];

	(void)at;
	bench_replay_irqs(sc->replay_rec, irqs, sizeof(irqs));
	snprintf(msg, len,
		 "key replay_irq: %s is more than one source in %s (%s): a "
		 "shared irq has one per handler; give the handler's name, or "
		 "the number of a name on several irqs",
		 want(sc), sc->replay, irqs);
}

static bool irq_unnamed(const struct bench_scenario *sc, uint64_t own)
{
	(void)own;
	return !want(sc)[0] && found(sc) == -EEXIST;
}

static void say_irq_unnamed(const struct bench_scenario *sc, unsigned int at,
			    char *msg, size_t len)
{
	char irqs[512];

	(void)at;
	bench_replay_irqs(sc->replay_rec, irqs, sizeof(irqs));
	snprintf(msg, len,
		 "key replay: %s has %zu irqs: %s; say which with replay_irq",
		 sc->replay, sc->replay_rec->nr_irqs, irqs);
}

/* Found, but bench_replay_select() found nothing to play in it. */
static bool irq_unplayable(const struct bench_scenario *sc, uint64_t own)
{
	(void)own;
	return found(sc) >= 0 && sc->replay_rec->sel < 0;
}

static void say_irq_unplayable(const struct bench_scenario *sc, unsigned int at,
			       char *msg, size_t len)
{
	const struct bench_replay *r = sc->replay_rec;
	int i = found(sc);
	char name[BENCH_REPLAY_NAME_MAX + 16];

	uint64_t lo = UINT64_MAX, hi = 0;

	for (size_t k = 0; k < r->nr_all; k++)
		if (r->all[k].irq == (uint32_t)i) {
			lo = r->all[k].ns < lo ? r->all[k].ns : lo;
			hi = r->all[k].ns > hi ? r->all[k].ns : hi;
		}
	bench_replay_irq_name(r, i, name, sizeof(name));
	if (r->irqs[i].count > 1 && hi - lo > BENCH_REPLAY_SPAN_MAX) {
		snprintf(msg, len,
			 "key %s: irq %s of %s spans %llu ns: a replay plays "
			 "at most 2^62 ns (about 146 years)",
			 bench_config_keys[at].name, name, sc->replay,
			 (unsigned long long)(hi - lo));
		return;
	}
	snprintf(msg, len,
		 "key %s: irq %s of %s has %zu arrival%s%s: a replay needs "
		 "two at different instants",
		 bench_config_keys[at].name, name, sc->replay, r->irqs[i].count,
		 r->irqs[i].count == 1 ? "" : "s",
		 r->irqs[i].count > 1 ? ", all at one instant" : "");
}

/* clang-format off */
/* The rules of a recording, read: checked in this order. */
const struct config_rule bench_config_replay_rules[] = {
	{ K(REPLAY_IRQ), irq_unknown, say_irq_unknown },
	{ K(REPLAY_IRQ), irq_ambiguous, say_irq_ambiguous },
	{ K(REPLAY), irq_unnamed, say_irq_unnamed },
	{ K(REPLAY) | K(REPLAY_IRQ), irq_unplayable, say_irq_unplayable },
};
/* clang-format on */

const unsigned int bench_config_nr_replay_rules =
	sizeof(bench_config_replay_rules) /
	sizeof(bench_config_replay_rules[0]);

/* Key replay's file, from the config's folder unless absolute. */
static int resolve(struct load *l, struct bench_scenario *sc)
{
	const char *v = sc->replay_name;
	unsigned int line = sc->key_line[BENCH_KEY_REPLAY];
	char path[PATH_MAX * 2];
	int e;

	bench_config_path(l, v, path, sizeof(path));
	if (strlen(path) < sizeof(sc->replay) && realpath(path, sc->replay))
		return 0;
	e = strlen(path) < sizeof(sc->replay) ? errno : ENAMETOOLONG;
	return bench_config_fail_at(
		l, e == ENOENT ? -ENOENT : -EINVAL, line,
		"key replay: \"%s\": cannot read the recording "
		"%s: %s",
		v, path, strerror(e));
}

/**
 * bench_config_replay_check - read and check the recording of scenario @sc
 * @l: the load
 * @sc: the scenario, its keys checked by bench_config_rules[]
 *
 * For pattern replay only: resolves key replay, reads the recording
 * into @sc->replay_rec (owned by the scenario from then on, even when a
 * rule then fails: bench_config_load() frees it with the scenario),
 * selects the source replay_irq names and checks bench_config_replay_rules[].
 *
 * Return: 0, or the error bench_config_fail_at() recorded.
 */
int bench_config_replay_check(struct load *l, struct bench_scenario *sc)
{
	unsigned int line = sc->key_line[BENCH_KEY_REPLAY];
	char err[1024];
	int ret, i;

	if (sc->pattern != BENCH_PAT_REPLAY)
		return 0;
	if (resolve(l, sc))
		return l->ret;
	ret = bench_replay_load(sc->replay, &sc->replay_rec, err, sizeof(err));
	if (ret)
		return bench_config_fail_at(l,
					    ret == -ENOMEM ? -ENOMEM : -EINVAL,
					    line, "key replay: %s", err);
	i = bench_replay_find(sc->replay_rec, want(sc));
	if (i >= 0 && bench_replay_select(sc->replay_rec, i) == -ENOMEM)
		return bench_config_fail_at(l, -ENOMEM, line, "out of memory");
	return bench_config_check_rules(l, sc, bench_config_replay_rules,
					bench_config_nr_replay_rules);
}
