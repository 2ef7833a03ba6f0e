/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Private to the config reader (bench/config/config_*.c): the table of
 * keys, the table of rules between keys, and the state of one load.
 * Nothing outside the reader includes this, but its tests.
 *
 * A file is read in four steps, one file each: config_parse.c reads the
 * sections and parses each key's value as the key table says
 * (config_keys.c); config_defaults.c gives every scenario its [run]
 * values and the defaults of the keys it does not set; config_rules.c
 * checks the rules between keys; config_write.c writes a config back out.
 * config_cost.c holds what a config says about costs: the cost key and
 * the [cost.MODEL] overrides; config_replay.c the recording key replay
 * names.
 */
#ifndef BENCH_CONFIG_H
#define BENCH_CONFIG_H

#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <chips/inifile.h>
#include "bench/bench.h"

enum key_type {
	KEY_UINT, /* unsigned int from @min to @max */
	KEY_U64, /* uint64_t, decimal or 0x hex */
	KEY_RATE, /* double, > 0 and at most CONFIG_MAX_RATE */
	KEY_RATE0, /* the same, or 0 */
	KEY_NAME, /* one of the names @names lists: an enum, or the chip */
	KEY_OTHER, /* parsed by @parse */
	KEY_COST, /* bench_config_cost_set(): a profile, which is read */
};

#define CONFIG_MAX_RATE 10000000.0

/* Where a key may be set: struct key_desc's @where. */
#define KEY_IN_RUN (1u << 0)
#define KEY_IN_SCENARIO (1u << 1)

struct load;

/**
 * struct key_desc - one key of [run] and [scenario NAME]
 * @name:	as written in the file
 * @expect:	what a value must be, completing "VALUE is not ..."
 * @type:	how the value is parsed and stored
 * @off:	where it is stored in struct bench_scenario
 * @size:	how much is stored there: what [run] copies into a scenario
 * @min:	least value of a KEY_UINT
 * @max:	greatest value of a KEY_UINT
 * @noun:	what a KEY_NAME value is, in "unknown NOUN: valid NOUNs are"
 * @names:	a KEY_NAME key's name of value i, NULL past the last
 * @lookup:	a KEY_NAME key's value of a name, -1 for none
 * @parse:	a KEY_OTHER key's parser: 0, or -EINVAL with @msg filled
 * @def:	the default as a file would write it, parsed as the key is;
 *		NULL: the default is zero (or none), or @resolve gives it
 * @resolve:	the default when it depends on other keys, set after every
 *		other key has its value; NULL when @def is the default
 * @applies:	whether the key means anything for the scenario; a [run]
 *		value that does not is dropped for the default. NULL: always
 * @where:	the sections that may set it, KEY_IN_*
 */
struct key_desc {
	const char *name;
	const char *expect;
	enum key_type type;
	size_t off, size;
	uint64_t min, max;
	const char *noun;
	const char *(*names)(int i);
	int (*lookup)(const char *s);
	int (*parse)(struct bench_scenario *sc, const char *v, char *msg,
		     size_t len);
	const char *def;
	int (*resolve)(struct load *l, struct bench_scenario *sc);
	bool (*applies)(const struct bench_scenario *sc);
	unsigned int where;
};

extern const struct key_desc bench_config_keys[BENCH_KEY_NR];

/* A [cost.MODEL] key (@sc < 0) or scenario @sc's own cost.MODEL.KEY. */
struct load_override {
	struct bench_cost_override o;
	int sc;
};

enum section_kind {
	SECT_NONE, /* before the first header */
	SECT_RUN,
	SECT_SCENARIO,
	SECT_COST,
};

/**
 * struct load - the state of one bench_config_load()
 * @cfg:	the config the file's scenarios go to on success
 * @path:	the file, as given; relative cost profile paths are from its
 *		directory
 * @r:		its reader
 * @prof:	the cost profile being checked, NULL when none: errors are
 *		then in that file
 * @prof_line:	the config's line that chose it (0: the default)
 * @kind:	the section being read
 * @cur:	its scenario (index in @sc) for SECT_SCENARIO
 * @model:	its model for SECT_COST
 * @run:	the file's [run] values, key_line[] telling which are set
 * @run_line:	the [run] header line, 0 if none
 * @sc:		the file's scenarios, key_line[] telling which keys are set
 *		and nr_overrides counting their own overrides
 * @nr_sc:	how many
 * @ov:		the file's overrides
 * @nr_ov:	how many
 * @checked:	the last cost profile found valid
 * @own:	KEY_BIT()s of the keys the scenario being finished sets
 *		itself, not through [run]
 * @ret:	the first error
 * @err_line:	the line of this file being read when it was found
 * @err:	its sentence, "FILE:LINE: ..."
 */
struct load {
	struct bench_config *cfg;
	const char *path;
	struct chip_ini r;
	const char *prof;
	unsigned int prof_line;
	enum section_kind kind;
	unsigned int cur;
	char model[16];
	struct bench_scenario run;
	unsigned int run_line;
	struct bench_scenario *sc;
	unsigned int nr_sc;
	struct load_override *ov;
	unsigned int nr_ov;
	char checked[PATH_MAX];
	uint64_t own;
	int ret;
	unsigned int err_line;
	char err[2048];
};

/*
 * Record the first error only (later ones are its consequences) and stop
 * the reading: "FILE:LINE: ..." (line 0: "FILE: ..."). While a cost
 * profile is checked, the error is in the profile and says which line of
 * the config chose it. Return @ret, or the first error's.
 */
int bench_config_fail_at(struct load *l, int ret, unsigned int line,
			 const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
#define config_fail(l, line, ...) \
	bench_config_fail_at((l), -EINVAL, (line), __VA_ARGS__)

/* config_keys.c: the values of keys. */
int bench_config_key_find(const char *name);
void bench_config_key_names(char *buf, size_t len);
int bench_config_key_parse(struct bench_scenario *sc, enum bench_key k,
			   const char *v, char *msg, size_t len);
void bench_config_key_defaults(struct bench_scenario *sc);
bool bench_config_parse_u64(const char *s, bool hex, uint64_t *out);
/* Key designs (config_designs.c). */
int bench_config_parse_designs(struct bench_scenario *sc, const char *v,
			       char *msg, size_t len);

/* config_cost.c: the cost key and the overrides. */
int bench_config_cost_set(struct load *l, struct bench_scenario *sc,
			  const char *v, unsigned int line);
int bench_config_cost_default(struct load *l, struct bench_scenario *sc);
int bench_config_cost_check_default(struct load *l, struct bench_scenario *sc);
int bench_config_cost_key(struct load *l, const char *name, const char *v);
void bench_config_path(const struct load *l, const char *v, char *path,
		       size_t size);
int bench_config_override_key(struct load *l, const char *name, const char *v);
unsigned int bench_config_overrides_merge(const struct load *l, int i,
					  struct bench_cost_override *out,
					  unsigned int n);

/* config_defaults.c and config_rules.c: a scenario, once read. */
int bench_config_resolve(struct load *l, struct bench_scenario *sc);
void bench_config_apply_params(struct bench_scenario *sc,
			       const struct bench_params *p);
int bench_config_check(struct load *l, struct bench_scenario *sc);

/* config_race.c: the rule of key race (a struct config_rule's pair). */
bool bench_config_race_broken(const struct bench_scenario *sc, uint64_t own);
void bench_config_race_say(const struct bench_scenario *sc, unsigned int at,
			   char *msg, size_t len);

/* Not a key: the [scenario NAME] header, in a rule's keys. */
#define KEY_SECTION BENCH_KEY_NR
#define KEY_BIT(k) (UINT64_C(1) << (k))

/**
 * struct config_rule - one rule between keys of a scenario
 * @keys:	the keys it is about, KEY_BIT()s: the error is reported at
 *		the latest line among those set (KEY_SECTION: the section
 *		header), or at the section header when none is
 * @broken:	whether the scenario breaks the rule; @own: KEY_BIT()s of
 *		the keys it sets itself, not through [run]
 * @say:	the sentence, without the file and line; @at is the key
 *		whose line it is reported at
 */
struct config_rule {
	uint64_t keys;
	bool (*broken)(const struct bench_scenario *sc, uint64_t own);
	void (*say)(const struct bench_scenario *sc, unsigned int at, char *msg,
		    size_t len);
};

/* config_rules.c: the rules, then chip uio's (checked after the others). */
extern const struct config_rule bench_config_rules[];
extern const unsigned int bench_config_nr_rules;
extern const struct config_rule bench_config_uio_rules[];
extern const unsigned int bench_config_nr_uio_rules;
unsigned int bench_config_rule_line(const struct config_rule *r,
				    const struct bench_scenario *sc,
				    unsigned int *at);
int bench_config_check_rules(struct load *l, const struct bench_scenario *sc,
			     const struct config_rule *rules, unsigned int nr);

/* config_replay.c: pattern replay's recording, and its rules. */
extern const struct config_rule bench_config_replay_rules[];
extern const unsigned int bench_config_nr_replay_rules;
int bench_config_replay_check(struct load *l, struct bench_scenario *sc);

#endif /* BENCH_CONFIG_H */
