// SPDX-License-Identifier: GPL-2.0
/*
 * The rule of key race (docs/configs.md): a race moves the line between
 * simulated CPUs, so it needs two of them, each its own thread; and each
 * race needs the line whose flow it is about: edge-migration an IO-APIC
 * edge line (handle_edge_irq, an entry whose destination can be
 * rewritten), fasteoi-resend a GIC edge line (handle_fasteoi_irq, made
 * message-signalled for the block: bench/run/race.c).
 */
#include <string.h>
#include "config.h"

/* The chip and trigger @race needs, "" when @sc has them. */
static const char *race_needs(const struct bench_scenario *sc)
{
	bool edge = sc->trigger == BENCH_TRIG_EDGE;

	switch (sc->race) {
	case BENCH_RACE_EDGE_MIGRATION:
		return !strcmp(sc->chip->name, "ioapic") && edge ?
			       "" :
			       "chip = ioapic and trigger = edge";
	case BENCH_RACE_FASTEOI_RESEND:
		return !strcmp(sc->chip->name, "gic") && edge ?
			       "" :
			       "chip = gic and trigger = edge";
	default:
		return "";
	}
}

bool bench_config_race_broken(const struct bench_scenario *sc, uint64_t own)
{
	(void)own;
	if (sc->race == BENCH_RACE_NONE)
		return false;
	return sc->cpus < 2 || sc->wait == BENCH_WAIT_INLINE || *race_needs(sc);
}

void bench_config_race_say(const struct bench_scenario *sc, unsigned int at,
			   char *msg, size_t len)
{
	const char *name = bench_race_name(sc->race);

	(void)at;
	if (*race_needs(sc))
		snprintf(msg, len,
			 "key race: %s needs %s, not chip = %s and "
			 "trigger = %s",
			 name, race_needs(sc), sc->chip->name,
			 bench_trigger_name(sc->trigger));
	else
		snprintf(msg, len,
			 "key race: %s moves the line between "
			 "simulated CPUs: it needs cpus >= 2 and a wait other "
			 "than inline, not cpus = %u, wait = %s",
			 name, sc->cpus, bench_wait_name(sc->wait));
}
