// SPDX-License-Identifier: GPL-2.0
/*
 * A scenario's values once its section is read: the keys it does not set
 * take the file's [run] values, then the key table's defaults (those that
 * depend on other keys resolved in table order, after every key has a
 * value); a [run] value that means nothing for the scenario (a level's
 * hold_ns on an edge line, chip uio's keys on a model) is dropped; and
 * --quick and --seed apply last, after the checks.
 */
#include <string.h>
#include "config.h"

/* The [run] value of every key the scenario does not set itself. */
static void inherit(const struct load *l, struct bench_scenario *sc)
{
	const struct bench_scenario *run = &l->run;

	for (int k = 0; k < BENCH_KEY_NR; k++) {
		const struct key_desc *d = &bench_config_keys[k];

		if (sc->key_line[k] || !run->key_line[k])
			continue;
		memcpy((char *)sc + d->off, (const char *)run + d->off,
		       d->size);
		sc->key_line[k] = run->key_line[k];
	}
}

/* [run] values of keys that do not apply to @sc, back to the default. */
static void drop(const struct load *l, struct bench_scenario *sc)
{
	struct bench_scenario def;

	bench_config_key_defaults(&def);
	for (int k = 0; k < BENCH_KEY_NR; k++) {
		const struct key_desc *d = &bench_config_keys[k];

		if (!d->applies || (l->own & KEY_BIT(k)) || d->applies(sc))
			continue;
		memcpy((char *)sc + d->off, (const char *)&def + d->off,
		       d->size);
	}
}

/**
 * bench_config_resolve - give scenario @sc a value for every key
 * @l: the load; its @own is set to the keys @sc sets itself
 * @sc: a scenario as its section set it, the rest the key table's @def
 *
 * A key the scenario leaves out takes [run]'s value, else its default;
 * its key_line[] stays 0 only in the last case. A key without a default
 * (chip) is an error.
 *
 * Return: 0, or the error bench_config_fail_at() recorded.
 */
int bench_config_resolve(struct load *l, struct bench_scenario *sc)
{
	l->own = 0;
	for (int k = 0; k < BENCH_KEY_NR; k++)
		if (sc->key_line[k])
			l->own |= KEY_BIT(k);
	inherit(l, sc);
	for (int k = 0; k < BENCH_KEY_NR; k++)
		if (!sc->key_line[k] && bench_config_keys[k].resolve &&
		    bench_config_keys[k].resolve(l, sc))
			return l->ret;
	drop(l, sc);
	return 0;
}

/**
 * bench_config_apply_params - --quick and --seed, on a checked scenario
 * @sc: the scenario
 * @p: the command line (may be NULL)
 *
 * --quick: a tenth of the duration, at most 2 blocks, at least 1 ms per
 * block. --seed: this seed instead of the file's.
 */
void bench_config_apply_params(struct bench_scenario *sc,
			       const struct bench_params *p)
{
	if (p && p->quick) {
		if (sc->blocks > 2)
			sc->blocks = 2;
		sc->duration_ms /= 10;
		if (sc->duration_ms < sc->blocks)
			sc->duration_ms = sc->blocks;
	}
	if (p && p->seed_set)
		sc->seed = p->seed;
}
