// SPDX-License-Identifier: GPL-2.0
/*
 * The names config files, summary.json and `irqlab list` use for the
 * harness's enums, and their reverse lookups (the config reader's, in
 * config_keys.c). The designs' are their registry's (designs.c).
 */
#include <string.h>
#include "bench/bench.h"

static const char *const trigger_names[BENCH_TRIG_NR] = {
	[BENCH_TRIG_EDGE] = "edge",
	[BENCH_TRIG_EDGE_FALLING] = "edge-falling",
	[BENCH_TRIG_EDGE_BOTH] = "edge-both",
	[BENCH_TRIG_LEVEL] = "level",
	[BENCH_TRIG_LEVEL_LOW] = "level-low",
	[BENCH_TRIG_PERCPU] = "percpu",
	[BENCH_TRIG_SIMPLE] = "simple",
};

static const char *const pattern_names[BENCH_PAT_NR] = {
	[BENCH_PAT_PERIODIC] = "periodic",
	[BENCH_PAT_POISSON] = "poisson",
	[BENCH_PAT_BURST] = "burst",
	[BENCH_PAT_STORM] = "storm",
	[BENCH_PAT_BACK_TO_BACK] = "back-to-back",
	[BENCH_PAT_REPLAY] = "replay",
};

static const char *const wait_names[BENCH_WAIT_NR] = {
	[BENCH_WAIT_SPIN] = "spin",
	[BENCH_WAIT_BLOCK] = "block",
	[BENCH_WAIT_INLINE] = "inline",
};

static const char *const place_names[BENCH_PLACE_NR] = {
	[BENCH_PLACE_ANY] = "any",
	[BENCH_PLACE_SIBLING] = "sibling",
	[BENCH_PLACE_SAME_CORE] = "same-core",
	[BENCH_PLACE_OTHER_CORE] = "other-core",
	[BENCH_PLACE_OTHER_PACKAGE] = "other-package",
	[BENCH_PLACE_PU] = "pu",
};

static const char *name_of(const char *const *names, int nr, int v)
{
	return v >= 0 && v < nr ? names[v] : NULL;
}

static int parse(const char *const *names, int nr, const char *s)
{
	for (int i = 0; i < nr; i++)
		if (names[i] && !strcmp(names[i], s))
			return i;
	return -1;
}

/**
 * bench_trigger_name - the name of trigger @v, as files spell it
 * @v: the value
 *
 * Return: the name, or NULL when @v is out of range.
 */
const char *bench_trigger_name(enum bench_trigger v)
{
	return name_of(trigger_names, BENCH_TRIG_NR, (int)v);
}

/**
 * bench_trigger_parse - the trigger named @s
 * @s: a name as bench_trigger_name() spells it
 *
 * Return: the enum bench_trigger, or -1 when no trigger has that name.
 */
int bench_trigger_parse(const char *s)
{
	return parse(trigger_names, BENCH_TRIG_NR, s);
}

/**
 * bench_pattern_name - the name of stimulus pattern @v, as files spell it
 * @v: the value
 *
 * Return: the name, or NULL when @v is out of range.
 */
const char *bench_pattern_name(enum bench_pattern v)
{
	return name_of(pattern_names, BENCH_PAT_NR, (int)v);
}

/**
 * bench_pattern_parse - the stimulus pattern named @s
 * @s: a name as bench_pattern_name() spells it
 *
 * Return: the enum bench_pattern, or -1 when no stimulus pattern has that name.
 */
int bench_pattern_parse(const char *s)
{
	return parse(pattern_names, BENCH_PAT_NR, s);
}

/**
 * bench_wait_name - the name of wait mode @v, as files spell it
 * @v: the value
 *
 * Return: the name, or NULL when @v is out of range.
 */
const char *bench_wait_name(enum bench_wait v)
{
	return name_of(wait_names, BENCH_WAIT_NR, (int)v);
}

/**
 * bench_wait_parse - the wait mode named @s
 * @s: a name as bench_wait_name() spells it
 *
 * Return: the enum bench_wait, or -1 when no wait mode has that name.
 */
int bench_wait_parse(const char *s)
{
	return parse(wait_names, BENCH_WAIT_NR, s);
}

/**
 * bench_place_name - the name of device placement @v, as files spell it
 * @v: the value
 *
 * Return: the name, or NULL when @v is out of range.
 */
const char *bench_place_name(enum bench_place v)
{
	return name_of(place_names, BENCH_PLACE_NR, (int)v);
}

/**
 * bench_place_parse - the device placement named @s
 * @s: a name as bench_place_name() spells it
 *
 * Return: the enum bench_place, or -1 when no device placement has that name.
 */
int bench_place_parse(const char *s)
{
	return parse(place_names, BENCH_PLACE_NR, s);
}
