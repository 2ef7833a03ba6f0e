// SPDX-License-Identifier: GPL-2.0
/*
 * The scenario files: INI read with inih, checked strictly (every unknown
 * section, key, name or bad value is one sentence naming the file, the line
 * and the key), resolved into struct bench_scenario with [run] defaults,
 * built-in defaults, --quick and --seed applied, and written back out with
 * every key explicit as the record of a run. inih gives its handler no line
 * number, so the files are fed to ini_parse_stream() through a reader that
 * counts lines and also sees the section headers (which inih does not
 * report for an empty section); the reader mirrors inih's own reading of a
 * line so that both agree on what each line is.
 */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <ini.h>
#include "bench.h"

#define STR_(x) #x
#define STR(x) STR_(x)
#define MAX_NS 1000000000u
#define MAX_RATE 10000000.0
#define COST_MAX_NS 999999999u /* profile and override values, < 1e9 */
#define DEFAULT_PERCPU_PIN 29

/**
 * struct key_desc - one key of [run] and [scenario NAME]
 * @name:	as written in the file
 * @expect:	what a value must be, completing "VALUE is not ..."
 * @min:	least value of an integer key
 * @max:	greatest value of an integer key (0: not an integer key)
 */
struct key_desc {
	const char *name;
	const char *expect;
	uint64_t min, max;
};

/* clang-format off */
static const struct key_desc keys[BENCH_KEY_NR] = {
	[BENCH_KEY_CHIP]	= { "chip", "a chip name" },
	[BENCH_KEY_TRIGGER]	= { "trigger", "a trigger name" },
	[BENCH_KEY_DESIGNS]	= { "designs", "a list of designs" },
	[BENCH_KEY_PIN]		= { "pin", "a pin number (an unsigned integer)",
				    0, UINT_MAX },
	[BENCH_KEY_PATTERN]	= { "pattern", "a pattern name" },
	[BENCH_KEY_RATE]	= { "rate", "a positive number of events per "
				    "second (at most 10000000)" },
	[BENCH_KEY_BURST]	= { "burst", "an integer from 1 to 1024 "
				    "(events per burst)", 1, 1024 },
	[BENCH_KEY_BURST_GAP_NS] = { "burst_gap_ns", "a whole number of "
				    "nanoseconds from 0 to 1000000000",
				    0, MAX_NS },
	[BENCH_KEY_DEVICES]	= { "devices", "an integer from 1 to "
				    STR(BENCH_MAX_DEVICES), 1,
				    BENCH_MAX_DEVICES },
	[BENCH_KEY_STORM_RATE]	= { "storm_rate", "a number of assertions per "
				    "second from 0 to 10000000" },
	[BENCH_KEY_HANDLER_NS]	= { "handler_ns", "a whole number of "
				    "nanoseconds from 0 to 1000000000",
				    0, MAX_NS },
	[BENCH_KEY_PULSE_NS]	= { "pulse_ns", "a whole number of "
				    "nanoseconds from 0 to 1000000000",
				    0, MAX_NS },
	[BENCH_KEY_HOLD_NS]	= { "hold_ns", "a whole number of "
				    "nanoseconds from 0 to 1000000000",
				    0, MAX_NS },
	[BENCH_KEY_CPUS]	= { "cpus", "an integer from 1 to "
				    STR(BENCH_MAX_CPUS), 1, BENCH_MAX_CPUS },
	[BENCH_KEY_WAIT]	= { "wait", "a wait mode" },
	[BENCH_KEY_CPU]		= { "cpu", "a PU number (an unsigned integer)",
				    0, UINT_MAX },
	[BENCH_KEY_DEVICE]	= { "device", "a placement or a PU number" },
	[BENCH_KEY_PLACEMENT]	= { "placement", "strict or adapt" },
	[BENCH_KEY_DURATION_MS]	= { "duration_ms", "a whole number of "
				    "milliseconds from 1 to 3600000",
				    1, 3600000 },
	[BENCH_KEY_BLOCKS]	= { "blocks", "an integer from 1 to 1000",
				    1, 1000 },
	[BENCH_KEY_DRAIN_MS]	= { "drain_ms", "a whole number of "
				    "milliseconds from 0 to 60000", 0, 60000 },
	[BENCH_KEY_OVERRUN_NS]	= { "overrun_ns", "a whole number of "
				    "nanoseconds from 1 to 1000000000",
				    1, MAX_NS },
	[BENCH_KEY_SEED]	= { "seed", "an unsigned 64-bit integer "
				    "(decimal or 0x hex)", 0, UINT64_MAX },
	[BENCH_KEY_COST]	= { "cost", "zero, realistic or a profile file" },
};
/* clang-format on */

/**
 * struct line_reader - an fgets() for inih that counts lines
 * @f:		the file
 * @buf:	getline()'s buffer: the whole line, however long
 * @line:	number of the line inih is processing now
 * @stop:	an error was found: report end of file to stop inih
 * @too_long:	@line does not fit inih's line buffer
 * @io_err:	errno of a read error, or 0
 * @prev_key:	inih has seen a key since the last section header (its
 *		prev_name): an indented line now is a continuation
 * @cont:	this line is such a continuation
 * @on_section:	called with each section header's name; nonzero stops
 * @user:	for @on_section
 */
struct line_reader {
	FILE *f;
	char *buf;
	size_t cap;
	unsigned int line;
	bool stop;
	bool too_long;
	int io_err;
	bool prev_key;
	bool cont;
	int (*on_section)(void *user, const char *name);
	void *user;
};

/* A [cost.MODEL] key (@sc < 0) or a scenario's own cost.MODEL.KEY. */
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
 * @path:	the file, as given
 * @dir:	its directory, for relative cost profile paths
 * @r:		the line reader
 * @kind:	the section being read
 * @cur:	its scenario (index in @sc) for SECT_SCENARIO
 * @model:	its model for SECT_COST
 * @run:	the file's [run] values, key_line[] telling which are set
 * @run_line:	the [run] header line, 0 if none
 * @sc:		the file's scenarios, key_line[] telling which keys are set
 * @ov:		the file's overrides
 * @checked:	the last cost profile found valid
 * @ret:	the first error
 * @err_line:	the line of this file being read when it was found
 * @err:	its sentence, "FILE:LINE: ..."
 */
struct load {
	struct bench_config *cfg;
	const char *path;
	char dir[PATH_MAX];
	struct line_reader r;
	enum section_kind kind;
	unsigned int cur;
	char model[16];
	struct bench_scenario run;
	unsigned int run_line;
	struct bench_scenario *sc;
	unsigned int nr_sc, cap_sc;
	struct load_override *ov;
	unsigned int nr_ov, cap_ov;
	char checked[PATH_MAX];
	int ret;
	unsigned int err_line;
	char err[2048];
};

/* Record the first error only: later ones are its consequences. */
static int __attribute__((format(printf, 5, 6)))
fail_at(struct load *l, int ret, const char *file, unsigned int line,
	const char *fmt, ...)
{
	va_list ap;
	int n = 0;

	if (l->ret)
		return l->ret;
	l->ret = ret;
	l->err_line = l->r.line;
	l->r.stop = true;
	if (line)
		n = snprintf(l->err, sizeof(l->err), "%s:%u: ", file, line);
	else
		n = snprintf(l->err, sizeof(l->err), "%s: ", file);
	if (n < 0 || (size_t)n >= sizeof(l->err))
		return ret;
	va_start(ap, fmt);
	vsnprintf(l->err + n, sizeof(l->err) - (size_t)n, fmt, ap);
	va_end(ap);
	return ret;
}

#define fail(l, line, ...) fail_at((l), -EINVAL, (l)->path, (line), __VA_ARGS__)

/* Append @s to the list in @buf, ", "-separated. */
static void join(char *buf, size_t len, const char *s)
{
	size_t n = strlen(buf);

	if (n + 1 < len)
		snprintf(buf + n, len - n, "%s%s", n ? ", " : "", s);
}

/* The models any chip reads cost figures for, each once. */
static void model_names(char *buf, size_t len)
{
	buf[0] = '\0';
	for (unsigned int i = 0; bench_chips[i]; i++) {
		for (const char *const *m = bench_chips[i]->models; *m; m++) {
			bool seen = false;

			for (unsigned int j = 0; j < i && !seen; j++)
				for (const char *const *o =
					     bench_chips[j]->models;
				     *o; o++)
					seen = seen || !strcmp(*o, *m);
			for (const char *const *o = bench_chips[i]->models;
			     o < m; o++)
				seen = seen || !strcmp(*o, *m);
			if (!seen)
				join(buf, len, *m);
		}
	}
}

static void cost_key_names(const struct chip_cost_field *f, char *buf,
			   size_t len)
{
	buf[0] = '\0';
	for (; f->key; f++)
		join(buf, len, f->key);
}

static const struct chip_cost_field *cost_field(const char *model,
						const char *key)
{
	const struct chip_cost_field *f = bench_cost_fields(model);

	for (; f && f->key; f++)
		if (!strcmp(f->key, key))
			return f;
	return NULL;
}

/*
 * Unsigned decimal (or 0x hex when @hex): no sign, no blanks, no trailing
 * characters, no overflow. errno is left as it was.
 */
static bool parse_u64(const char *s, bool hex, uint64_t *out)
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

static int bad_value(struct load *l, enum bench_key k, const char *v)
{
	return fail(l, l->r.line, "key %s: \"%s\" is not %s", keys[k].name, v,
		    keys[k].expect);
}

static int set_uint(struct load *l, enum bench_key k, const char *v,
		    unsigned int *dst)
{
	uint64_t x;

	if (!parse_u64(v, false, &x) || x < keys[k].min || x > keys[k].max)
		return bad_value(l, k, v);
	*dst = (unsigned int)x;
	return 0;
}

static int set_rate(struct load *l, enum bench_key k, const char *v,
		    bool zero_ok, double *dst)
{
	double x;

	if (v[0] == '-' || !parse_double(v, &x) || x > MAX_RATE ||
	    !(x > 0 || (zero_ok && x == 0)))
		return bad_value(l, k, v);
	*dst = x == 0 ? 0 : x;
	return 0;
}

static int set_designs(struct load *l, struct bench_scenario *sc, const char *v)
{
	char buf[1024], names[128] = "", *save, *tok;
	unsigned int n = 0;

	if (strlen(v) >= sizeof(buf))
		return bad_value(l, BENCH_KEY_DESIGNS, v);
	strcpy(buf, v);
	for (int i = 0; i < BENCH_DESIGN_NR; i++)
		join(names, sizeof(names), bench_design_name(i));
	for (tok = strtok_r(buf, " \t,", &save); tok;
	     tok = strtok_r(NULL, " \t,", &save)) {
		int d = bench_design_parse(tok);

		if (d < 0)
			return fail(l, l->r.line,
				    "key designs: unknown design \"%s\": "
				    "valid designs are %s",
				    tok, names);
		for (unsigned int i = 0; i < n; i++)
			if (sc->designs[i] == (enum bench_design)d)
				return fail(l, l->r.line,
					    "key designs: design %s is listed "
					    "twice",
					    tok);
		sc->designs[n++] = d;
	}
	if (!n)
		return fail(l, l->r.line,
			    "key designs: \"%s\" lists no design: "
			    "valid designs are %s",
			    v, names);
	sc->nr_designs = n;
	return 0;
}

/*
 * inih's handler for the cost profile: sections are models, keys their
 * cost fields, values whole nanoseconds below 1e9.
 */
struct profile_load {
	struct line_reader r;
	struct load *l;
	const char *path;
	unsigned int cfg_line; /* the config's line that chose the profile */
	char model[32];
	bool in_section;
};

static int __attribute__((format(printf, 2, 3)))
profile_fail(struct profile_load *pl, const char *fmt, ...)
{
	char msg[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	pl->r.stop = true;
	if (pl->cfg_line)
		return fail_at(pl->l, -EINVAL, pl->path, pl->r.line,
			       "%s (cost profile of %s:%u)", msg, pl->l->path,
			       pl->cfg_line);
	return fail_at(pl->l, -EINVAL, pl->path, pl->r.line,
		       "%s (default cost profile of %s)", msg, pl->l->path);
}

static int profile_section(void *user, const char *name)
{
	struct profile_load *pl = user;
	char models[128];

	if (!bench_cost_fields(name) || strlen(name) >= sizeof(pl->model)) {
		model_names(models, sizeof(models));
		return profile_fail(pl,
				    "unknown section [%s] in a cost profile: "
				    "sections are models: %s",
				    name, models);
	}
	strcpy(pl->model, name);
	pl->in_section = true;
	return 0;
}

static int profile_key(void *user, const char *section, const char *name,
		       const char *value)
{
	struct profile_load *pl = user;
	char names[256];
	uint64_t v;

	(void)section;
	if (pl->r.cont)
		return !profile_fail(pl,
				     "an indented line continues key %s: "
				     "values must fit on one line",
				     name);
	pl->r.prev_key = true;
	if (!pl->in_section)
		return !profile_fail(
			pl, "key %s is outside any [model] section", name);
	if (!cost_field(pl->model, name)) {
		cost_key_names(bench_cost_fields(pl->model), names,
			       sizeof(names));
		return !profile_fail(pl,
				     "key %s: model %s has no such cost: "
				     "its keys are %s",
				     name, pl->model, names);
	}
	if (!parse_u64(value, false, &v) || v > COST_MAX_NS)
		return !profile_fail(pl,
				     "key %s: \"%s\" is not a whole number of "
				     "nanoseconds from 0 to %u",
				     name, value, COST_MAX_NS);
	return 1;
}

/* Mirror of inih's find_chars_or_comment(): @c or an inline comment. */
static char *find_char_or_comment(char *s, char c)
{
	bool was_space = false;

	while (*s && *s != c && !(was_space && *s == ';')) {
		was_space = isspace((unsigned char)*s);
		s++;
	}
	return s;
}

/*
 * ini_reader: one whole line per call, as inih's fgets() would give it,
 * classified the way inih will treat it (comment, continuation, section
 * header, key) so that headers and continuations are seen here.
 */
static char *read_line(char *str, int num, void *stream)
{
	struct line_reader *r = stream;
	char *start, *end;
	ssize_t n;

	if (r->stop)
		return NULL;
	n = getline(&r->buf, &r->cap, r->f);
	if (n < 0) {
		if (ferror(r->f)) {
			r->io_err = errno ? errno : EIO;
			r->stop = true;
		}
		return NULL;
	}
	r->line++;
	if (num < 2 || n >= num) {
		r->too_long = true;
		r->stop = true;
		return NULL;
	}
	memcpy(str, r->buf, (size_t)n + 1);

	start = r->buf;
	if (r->line == 1 && !strncmp(start, "\xEF\xBB\xBF", 3))
		start += 3;
	end = start + strlen(start);
	while (end > start && isspace((unsigned char)end[-1]))
		*--end = '\0';
	while (isspace((unsigned char)*start))
		start++;
	r->cont = false;
	if (!*start || *start == ';' || *start == '#')
		return str;
	if (r->prev_key && start > r->buf) {
		r->cont = true;
		return str;
	}
	if (*start != '[')
		return str;
	end = find_char_or_comment(start + 1, ']');
	if (*end != ']')
		return str; /* inih reports the line as an error */
	*end = '\0';
	r->prev_key = false;
	if (r->on_section(r->user, start + 1))
		return NULL;
	return str;
}

/* Check that @path is a readable, valid cost profile. */
static int check_profile(struct load *l, const char *path, unsigned int line,
			 const char *value)
{
	struct profile_load pl = {
		.l = l,
		.path = path,
		.cfg_line = line,
	};
	int ret;

	if (!strcmp(path, l->checked))
		return 0;
	pl.r.f = fopen(path, "r");
	if (!pl.r.f)
		return fail_at(l, errno == ENOENT ? -ENOENT : -EINVAL, l->path,
			       line,
			       "key cost: \"%s\": cannot read the cost profile "
			       "%s: %s",
			       value, path, strerror(errno));
	pl.r.on_section = profile_section;
	pl.r.user = &pl;
	ret = ini_parse_stream(read_line, &pl.r, profile_key, &pl);
	if (!l->ret && pl.r.too_long)
		profile_fail(&pl, "line too long (at most %d characters)",
			     INI_MAX_LINE - 2);
	else if (!l->ret && pl.r.io_err)
		profile_fail(&pl, "cannot read: %s", strerror(pl.r.io_err));
	else if (!l->ret && ret > 0) {
		pl.r.line = (unsigned int)ret;
		profile_fail(&pl, "not a [section], key = value or ; comment");
	} else if (!l->ret && ret < 0)
		fail_at(l, -ENOMEM, path, 0, "out of memory");
	free(pl.r.buf);
	fclose(pl.r.f);
	if (l->ret)
		return l->ret;
	snprintf(l->checked, sizeof(l->checked), "%s", path);
	return 0;
}

/* Resolve cost = VALUE (given on @line, 0: the default) and check it. */
static int set_cost(struct load *l, struct bench_scenario *sc, const char *v,
		    unsigned int line)
{
	char path[PATH_MAX * 2];
	int n;

	if (!*v || strlen(v) >= sizeof(sc->cost_name))
		return fail(l, line, "key cost: \"%s\" is not %s", v,
			    keys[BENCH_KEY_COST].expect);
	strcpy(sc->cost_name, v);
	if (!strcmp(v, "zero") || !strcmp(v, "realistic")) {
		n = snprintf(sc->cost, sizeof(sc->cost),
			     IRQLAB_CONFIG_DIR "/cost/%s.ini", v);
		if (n < 0 || (size_t)n >= sizeof(sc->cost))
			return fail(l, line, "key cost: path too long");
	} else {
		if (v[0] == '/')
			snprintf(path, sizeof(path), "%s", v);
		else
			snprintf(path, sizeof(path), "%s/%s", l->dir, v);
		if (!realpath(path, sc->cost))
			return fail_at(l, errno == ENOENT ? -ENOENT : -EINVAL,
				       l->path, line,
				       "key cost: \"%s\": cannot read the cost "
				       "profile %s: %s",
				       v, path, strerror(errno));
	}
	return check_profile(l, sc->cost, line, v);
}

static int set_device(struct load *l, struct bench_scenario *sc, const char *v)
{
	char names[128] = "";
	uint64_t pu;
	int d;

	if (isdigit((unsigned char)v[0])) {
		if (!parse_u64(v, false, &pu) || pu > UINT_MAX)
			return bad_value(l, BENCH_KEY_DEVICE, v);
		sc->device = BENCH_PLACE_PU;
		sc->device_pu = (unsigned int)pu;
		return 0;
	}
	d = bench_place_parse(v);
	if (d >= 0 && d != BENCH_PLACE_PU) {
		sc->device = d;
		return 0;
	}
	for (int i = 0; i < BENCH_PLACE_NR; i++)
		if (i != BENCH_PLACE_PU)
			join(names, sizeof(names), bench_place_name(i));
	return fail(l, l->r.line,
		    "key device: \"%s\" is not a placement: valid placements "
		    "are %s, or a PU number",
		    v, names);
}

/* Parse @v as key @k of @sc (a scenario or [run]). */
static int set_key(struct load *l, struct bench_scenario *sc, enum bench_key k,
		   const char *v)
{
	char names[256] = "";
	uint64_t seed;
	int x;

	if (!*v)
		return fail(l, l->r.line, "key %s: no value: expected %s",
			    keys[k].name, keys[k].expect);
	switch (k) {
	case BENCH_KEY_CHIP:
		sc->chip = bench_chip_find(v);
		if (sc->chip)
			return 0;
		for (unsigned int i = 0; bench_chips[i]; i++)
			join(names, sizeof(names), bench_chips[i]->name);
		return fail(l, l->r.line,
			    "key chip: unknown chip \"%s\": valid chips are %s",
			    v, names);
	case BENCH_KEY_TRIGGER:
		x = bench_trigger_parse(v);
		if (x >= 0) {
			sc->trigger = x;
			return 0;
		}
		for (int i = 0; i < BENCH_TRIG_NR; i++)
			join(names, sizeof(names), bench_trigger_name(i));
		return fail(l, l->r.line,
			    "key trigger: unknown trigger \"%s\": valid "
			    "triggers are %s",
			    v, names);
	case BENCH_KEY_DESIGNS:
		return set_designs(l, sc, v);
	case BENCH_KEY_PATTERN:
		x = bench_pattern_parse(v);
		if (x >= 0) {
			sc->pattern = x;
			return 0;
		}
		for (int i = 0; i < BENCH_PAT_NR; i++)
			join(names, sizeof(names), bench_pattern_name(i));
		return fail(l, l->r.line,
			    "key pattern: unknown pattern \"%s\": valid "
			    "patterns are %s",
			    v, names);
	case BENCH_KEY_WAIT:
		x = bench_wait_parse(v);
		if (x >= 0) {
			sc->wait = x;
			return 0;
		}
		for (int i = 0; i < BENCH_WAIT_NR; i++)
			join(names, sizeof(names), bench_wait_name(i));
		return fail(l, l->r.line,
			    "key wait: unknown wait mode \"%s\": valid wait "
			    "modes are %s",
			    v, names);
	case BENCH_KEY_RATE:
		return set_rate(l, k, v, false, &sc->rate_hz);
	case BENCH_KEY_STORM_RATE:
		return set_rate(l, k, v, true, &sc->storm_rate_hz);
	case BENCH_KEY_PIN:
		return set_uint(l, k, v, &sc->pin);
	case BENCH_KEY_BURST:
		return set_uint(l, k, v, &sc->burst);
	case BENCH_KEY_BURST_GAP_NS:
		return set_uint(l, k, v, &sc->burst_gap_ns);
	case BENCH_KEY_DEVICES:
		return set_uint(l, k, v, &sc->devices);
	case BENCH_KEY_HANDLER_NS:
		return set_uint(l, k, v, &sc->handler_ns);
	case BENCH_KEY_PULSE_NS:
		return set_uint(l, k, v, &sc->pulse_ns);
	case BENCH_KEY_HOLD_NS:
		return set_uint(l, k, v, &sc->hold_ns);
	case BENCH_KEY_CPUS:
		return set_uint(l, k, v, &sc->cpus);
	case BENCH_KEY_CPU:
		return set_uint(l, k, v, &sc->cpu_pu);
	case BENCH_KEY_DURATION_MS:
		return set_uint(l, k, v, &sc->duration_ms);
	case BENCH_KEY_BLOCKS:
		return set_uint(l, k, v, &sc->blocks);
	case BENCH_KEY_DRAIN_MS:
		return set_uint(l, k, v, &sc->drain_ms);
	case BENCH_KEY_OVERRUN_NS:
		return set_uint(l, k, v, &sc->overrun_ns);
	case BENCH_KEY_DEVICE:
		return set_device(l, sc, v);
	case BENCH_KEY_PLACEMENT:
		if (strcmp(v, "strict") && strcmp(v, "adapt"))
			return bad_value(l, k, v);
		sc->strict = !strcmp(v, "strict");
		return 0;
	case BENCH_KEY_SEED:
		if (!parse_u64(v, true, &seed))
			return bad_value(l, k, v);
		sc->seed = seed;
		return 0;
	case BENCH_KEY_COST:
		return set_cost(l, sc, v, l->r.line);
	case BENCH_KEY_NR:
		break;
	}
	return fail(l, l->r.line, "key %s: internal error", keys[k].name);
}

/* Copy key @k's value from [run] @src into scenario @dst. */
static void copy_key(struct bench_scenario *dst,
		     const struct bench_scenario *src, enum bench_key k)
{
	switch (k) {
	case BENCH_KEY_CHIP:
		dst->chip = src->chip;
		break;
	case BENCH_KEY_TRIGGER:
		dst->trigger = src->trigger;
		break;
	case BENCH_KEY_DESIGNS:
		dst->nr_designs = src->nr_designs;
		memcpy(dst->designs, src->designs, sizeof(dst->designs));
		break;
	case BENCH_KEY_PIN:
		dst->pin = src->pin;
		break;
	case BENCH_KEY_PATTERN:
		dst->pattern = src->pattern;
		break;
	case BENCH_KEY_RATE:
		dst->rate_hz = src->rate_hz;
		break;
	case BENCH_KEY_BURST:
		dst->burst = src->burst;
		break;
	case BENCH_KEY_BURST_GAP_NS:
		dst->burst_gap_ns = src->burst_gap_ns;
		break;
	case BENCH_KEY_DEVICES:
		dst->devices = src->devices;
		break;
	case BENCH_KEY_STORM_RATE:
		dst->storm_rate_hz = src->storm_rate_hz;
		break;
	case BENCH_KEY_HANDLER_NS:
		dst->handler_ns = src->handler_ns;
		break;
	case BENCH_KEY_PULSE_NS:
		dst->pulse_ns = src->pulse_ns;
		break;
	case BENCH_KEY_HOLD_NS:
		dst->hold_ns = src->hold_ns;
		break;
	case BENCH_KEY_CPUS:
		dst->cpus = src->cpus;
		break;
	case BENCH_KEY_WAIT:
		dst->wait = src->wait;
		break;
	case BENCH_KEY_CPU:
		dst->cpu_pu = src->cpu_pu;
		break;
	case BENCH_KEY_DEVICE:
		dst->device = src->device;
		dst->device_pu = src->device_pu;
		break;
	case BENCH_KEY_PLACEMENT:
		dst->strict = src->strict;
		break;
	case BENCH_KEY_DURATION_MS:
		dst->duration_ms = src->duration_ms;
		break;
	case BENCH_KEY_BLOCKS:
		dst->blocks = src->blocks;
		break;
	case BENCH_KEY_DRAIN_MS:
		dst->drain_ms = src->drain_ms;
		break;
	case BENCH_KEY_OVERRUN_NS:
		dst->overrun_ns = src->overrun_ns;
		break;
	case BENCH_KEY_SEED:
		dst->seed = src->seed;
		break;
	case BENCH_KEY_COST:
		memcpy(dst->cost_name, src->cost_name, sizeof(dst->cost_name));
		memcpy(dst->cost, src->cost, sizeof(dst->cost));
		break;
	case BENCH_KEY_NR:
		break;
	}
}

/* The built-in defaults that depend on no other key. */
static void init_defaults(struct bench_scenario *sc)
{
	memset(sc, 0, sizeof(*sc));
	sc->nr_designs = 2;
	sc->designs[0] = BENCH_DESIGN_FLOW;
	sc->designs[1] = BENCH_DESIGN_DO_IRQ;
	sc->pattern = BENCH_PAT_PERIODIC;
	sc->rate_hz = 10000;
	sc->devices = 1;
	sc->cpus = 1;
	sc->wait = BENCH_WAIT_SPIN;
	sc->device = BENCH_PLACE_ANY;
	sc->duration_ms = 1000;
	sc->blocks = 4;
	sc->drain_ms = 20;
	sc->overrun_ns = 5000;
	sc->seed = 1;
}

static bool valid_name(const char *s)
{
	size_t n = strlen(s);

	if (!n || n >= BENCH_NAME_MAX)
		return false;
	for (; *s; s++)
		if (!isalnum((unsigned char)*s) && !strchr("_.-", *s))
			return false;
	return true;
}

static int begin_scenario(struct load *l, const char *name)
{
	const struct bench_config *cfg = l->cfg;
	struct bench_scenario *sc;

	if (!valid_name(name))
		return fail(l, l->r.line,
			    "bad scenario name \"%s\": a NAME is 1-%d "
			    "characters of A-Z, a-z, 0-9, '_', '.' and '-'",
			    name, BENCH_NAME_MAX - 1);
	for (unsigned int i = 0; i < cfg->nr; i++)
		if (!strcmp(cfg->sc[i].name, name))
			return fail(l, l->r.line,
				    "duplicate scenario %s: first defined at "
				    "%s:%u",
				    name, cfg->sc[i].file, cfg->sc[i].line);
	for (unsigned int i = 0; i < l->nr_sc; i++)
		if (!strcmp(l->sc[i].name, name))
			return fail(l, l->r.line,
				    "duplicate scenario %s: first defined at "
				    "%s:%u",
				    name, l->path, l->sc[i].line);
	if (l->nr_sc == l->cap_sc) {
		unsigned int cap = l->cap_sc ? 2 * l->cap_sc : 8;

		sc = realloc(l->sc, cap * sizeof(*sc));
		if (!sc)
			return fail_at(l, -ENOMEM, l->path, l->r.line,
				       "out of memory");
		l->sc = sc;
		l->cap_sc = cap;
	}
	sc = &l->sc[l->nr_sc];
	init_defaults(sc);
	strcpy(sc->name, name);
	sc->file = l->path;
	sc->line = l->r.line;
	l->cur = l->nr_sc++;
	l->kind = SECT_SCENARIO;
	return 0;
}

static int config_section(void *user, const char *raw)
{
	struct load *l = user;
	char name[INI_MAX_LINE], models[128];
	const char *s = raw, *e = raw + strlen(raw);

	while (isspace((unsigned char)*s))
		s++;
	while (e > s && isspace((unsigned char)e[-1]))
		e--;
	snprintf(name, sizeof(name), "%.*s", (int)(e - s), s);

	if (!strcmp(name, "run")) {
		if (l->run_line)
			return fail(l, l->r.line,
				    "duplicate [run]: the first is at %s:%u",
				    l->path, l->run_line);
		l->run_line = l->r.line;
		l->kind = SECT_RUN;
		return 0;
	}
	if (!strncmp(name, "scenario", 8) &&
	    (!name[8] || isspace((unsigned char)name[8]))) {
		s = name + 8;
		while (isspace((unsigned char)*s))
			s++;
		return begin_scenario(l, s);
	}
	if (!strncmp(name, "cost.", 5) && bench_cost_fields(name + 5) &&
	    strlen(name + 5) < sizeof(l->model)) {
		strcpy(l->model, name + 5);
		l->kind = SECT_COST;
		return 0;
	}
	model_names(models, sizeof(models));
	if (!strncmp(name, "cost.", 5))
		return fail(l, l->r.line,
			    "unknown cost model in [%s]: models are %s", name,
			    models);
	return fail(l, l->r.line,
		    "unknown section [%s]: sections are [run], [scenario NAME] "
		    "and [cost.MODEL] with MODEL one of %s",
		    name, models);
}

/* One override: [cost.MODEL] KEY (@sc < 0) or a scenario's own. */
static int add_override(struct load *l, const char *model, const char *key,
			const char *v, int sc)
{
	struct load_override *o;
	char names[256];
	uint64_t ns;

	if (!cost_field(model, key)) {
		cost_key_names(bench_cost_fields(model), names, sizeof(names));
		return fail(
			l, l->r.line,
			"key %s: model %s has no such cost: its keys are %s",
			key, model, names);
	}
	if (!parse_u64(v, false, &ns) || ns > COST_MAX_NS)
		return fail(l, l->r.line,
			    "key %s: \"%s\" is not a whole number of "
			    "nanoseconds from 0 to %u",
			    key, v, COST_MAX_NS);
	for (unsigned int i = 0; i < l->nr_ov; i++) {
		o = &l->ov[i];
		if (o->sc == sc && !strcmp(o->o.model, model) &&
		    !strcmp(o->o.key, key))
			return fail(l, l->r.line,
				    "duplicate key %s for model %s: first set "
				    "at line %u",
				    key, model, o->o.line);
	}
	if (l->nr_ov == l->cap_ov) {
		unsigned int cap = l->cap_ov ? 2 * l->cap_ov : 16;

		o = realloc(l->ov, cap * sizeof(*o));
		if (!o)
			return fail_at(l, -ENOMEM, l->path, l->r.line,
				       "out of memory");
		l->ov = o;
		l->cap_ov = cap;
	}
	o = &l->ov[l->nr_ov++];
	memset(o, 0, sizeof(*o));
	snprintf(o->o.model, sizeof(o->o.model), "%s", model);
	snprintf(o->o.key, sizeof(o->o.key), "%s", key);
	o->o.ns = (unsigned int)ns;
	o->o.file = l->path;
	o->o.line = l->r.line;
	o->sc = sc;
	return 0;
}

/* A scenario's own override, cost.MODEL.KEY = NS. */
static int scenario_override(struct load *l, const char *name, const char *v)
{
	char model[32], models[128];
	const char *dot = strchr(name + 5, '.');
	size_t n = dot ? (size_t)(dot - (name + 5)) : 0;

	if (!dot || n >= sizeof(model)) {
		model_names(models, sizeof(models));
		return fail(l, l->r.line,
			    "key %s: expected cost.MODEL.KEY with MODEL one "
			    "of %s",
			    name, models);
	}
	memcpy(model, name + 5, n);
	model[n] = '\0';
	if (!bench_cost_fields(model)) {
		model_names(models, sizeof(models));
		return fail(l, l->r.line,
			    "key %s: unknown cost model %s: models are %s",
			    name, model, models);
	}
	return add_override(l, model, dot + 1, v, (int)l->cur);
}

static int config_key(void *user, const char *section, const char *name,
		      const char *value)
{
	struct load *l = user;
	struct bench_scenario *sc;
	char names[512] = "";
	int k;

	(void)section;
	if (l->r.cont)
		return !fail(l, l->r.line,
			     "an indented line continues key %s: values must "
			     "fit on one line",
			     name);
	l->r.prev_key = true;
	switch (l->kind) {
	case SECT_NONE:
		return !fail(l, l->r.line,
			     "key %s is outside any section: put it under "
			     "[run] or [scenario NAME]",
			     name);
	case SECT_COST:
		return !add_override(l, l->model, name, value, -1);
	case SECT_RUN:
		sc = &l->run;
		break;
	case SECT_SCENARIO:
	default:
		sc = &l->sc[l->cur];
		if (!strncmp(name, "cost.", 5))
			return !scenario_override(l, name, value);
		break;
	}
	for (k = 0; k < BENCH_KEY_NR; k++)
		if (!strcmp(keys[k].name, name))
			break;
	if (k == BENCH_KEY_NR) {
		for (int i = 0; i < BENCH_KEY_NR; i++)
			join(names, sizeof(names), keys[i].name);
		return !fail(l, l->r.line,
			     "unknown key %s in [%s]: valid keys are %s%s",
			     name, l->kind == SECT_RUN ? "run" : "scenario",
			     names,
			     l->kind == SECT_RUN ? "" : ", cost.MODEL.KEY");
	}
	if (sc->key_line[k])
		return !fail(l, l->r.line,
			     "duplicate key %s: first set at line %u", name,
			     sc->key_line[k]);
	if (set_key(l, sc, k, value))
		return 0;
	sc->key_line[k] = l->r.line;
	return 1;
}

static bool edge_trigger(enum bench_trigger t)
{
	return t == BENCH_TRIG_EDGE || t == BENCH_TRIG_EDGE_FALLING ||
	       t == BENCH_TRIG_EDGE_BOTH || t == BENCH_TRIG_SIMPLE;
}

static unsigned int later(unsigned int a, unsigned int b)
{
	return a > b ? a : b;
}

/* Triggers whose devices hold a level (hold_ns) or pulse (pulse_ns). */
static bool held_trigger(enum bench_trigger t)
{
	return t == BENCH_TRIG_LEVEL || t == BENCH_TRIG_LEVEL_LOW ||
	       t == BENCH_TRIG_PERCPU;
}

static bool pulsed_trigger(enum bench_trigger t)
{
	return t == BENCH_TRIG_EDGE || t == BENCH_TRIG_EDGE_FALLING ||
	       t == BENCH_TRIG_SIMPLE;
}

/* [run], then built-in defaults, then the checks across keys. */
static int finish_scenario(struct load *l, struct bench_scenario *sc,
			   const struct bench_params *p)
{
	unsigned int *kl = sc->key_line, line;
	char names[256] = "";
	char pin_err[256];
	/* Keys set in the scenario itself; [run]'s may not apply to it. */
	bool own_hold = kl[BENCH_KEY_HOLD_NS],
	     own_pulse = kl[BENCH_KEY_PULSE_NS];

	for (int k = 0; k < BENCH_KEY_NR; k++) {
		if (kl[k] || !l->run.key_line[k])
			continue;
		copy_key(sc, &l->run, k);
		kl[k] = l->run.key_line[k];
	}
	if (!sc->chip)
		return fail(l, sc->line,
			    "scenario %s: key chip is required, in the "
			    "scenario or in [run]",
			    sc->name);
	if (!kl[BENCH_KEY_TRIGGER]) {
		for (int t = 0; t < BENCH_TRIG_NR; t++) {
			if (sc->chip->triggers & (1u << t)) {
				sc->trigger = t;
				break;
			}
		}
	} else if (!(sc->chip->triggers & (1u << sc->trigger))) {
		for (int t = 0; t < BENCH_TRIG_NR; t++)
			if (sc->chip->triggers & (1u << t))
				join(names, sizeof(names),
				     bench_trigger_name(t));
		return fail(l, kl[BENCH_KEY_TRIGGER],
			    "key trigger: chip %s cannot do trigger %s: it "
			    "supports %s",
			    sc->chip->name, bench_trigger_name(sc->trigger),
			    names);
	}
	if (!edge_trigger(sc->trigger)) {
		for (unsigned int i = 0; i < sc->nr_designs; i++)
			if (sc->designs[i] == BENCH_DESIGN_EDGE_MASKING)
				return fail(l,
					    later(kl[BENCH_KEY_DESIGNS],
						  kl[BENCH_KEY_TRIGGER]),
					    "key designs: edge-masking needs "
					    "an edge trigger (edge, "
					    "edge-falling, edge-both or "
					    "simple), not %s",
					    bench_trigger_name(sc->trigger));
	}
	if (!kl[BENCH_KEY_PIN])
		sc->pin = sc->trigger == BENCH_TRIG_PERCPU ?
				  DEFAULT_PERCPU_PIN :
				  sc->chip->default_pin;
	if (bench_chip_pin_check(sc->chip, sc->trigger, sc->pin, pin_err,
				 sizeof(pin_err))) {
		line = kl[BENCH_KEY_PIN];
		if (line)
			return fail(l, line, "%s", pin_err);
		line = later(kl[BENCH_KEY_TRIGGER], kl[BENCH_KEY_CHIP]);
		return fail(l, line ? line : sc->line,
			    "%s (the default pin: set key pin)", pin_err);
	}
	if (!kl[BENCH_KEY_BURST])
		sc->burst = sc->pattern == BENCH_PAT_BURST ? 4 : 1;
	if (sc->wait == BENCH_WAIT_INLINE && sc->cpus != 1)
		return fail(l, later(kl[BENCH_KEY_WAIT], kl[BENCH_KEY_CPUS]),
			    "key wait: inline needs cpus = 1, not cpus = %u "
			    "(the device thread is the only CPU)",
			    sc->cpus);
	if (sc->duration_ms < sc->blocks)
		return fail(l,
			    later(kl[BENCH_KEY_DURATION_MS],
				  kl[BENCH_KEY_BLOCKS]),
			    "key duration_ms: %u ms cannot be split into "
			    "blocks = %u: duration_ms must be at least blocks",
			    sc->duration_ms, sc->blocks);
	if (sc->pattern == BENCH_PAT_BURST &&
	    (double)(sc->burst - 1) * sc->burst_gap_ns >= 1e9 / sc->rate_hz)
		return fail(
			l,
			later(later(kl[BENCH_KEY_BURST_GAP_NS], sc->line),
			      later(kl[BENCH_KEY_BURST], kl[BENCH_KEY_RATE])),
			"key burst_gap_ns: a burst of %u events %u ns apart "
			"does not end before the next burst, 1/rate = %.0f "
			"ns later",
			sc->burst, sc->burst_gap_ns, 1e9 / sc->rate_hz);
	if (!held_trigger(sc->trigger) && !own_hold)
		sc->hold_ns = 0; /* a [run] default that does not apply */
	if (!pulsed_trigger(sc->trigger) && !own_pulse)
		sc->pulse_ns = 0;
	if (own_hold && sc->hold_ns && !held_trigger(sc->trigger))
		return fail(l, kl[BENCH_KEY_HOLD_NS],
			    "key hold_ns: only a level line is held, not "
			    "trigger %s",
			    bench_trigger_name(sc->trigger));
	if (own_pulse && sc->pulse_ns && !pulsed_trigger(sc->trigger))
		return fail(l, kl[BENCH_KEY_PULSE_NS],
			    "key pulse_ns: only edge and simple lines pulse "
			    "(an edge-both device toggles), not trigger %s",
			    bench_trigger_name(sc->trigger));
	if (!kl[BENCH_KEY_COST] && set_cost(l, sc, "zero", 0))
		return l->ret;

	if (p && p->quick) {
		if (sc->blocks > 2)
			sc->blocks = 2;
		sc->duration_ms /= 10;
		if (sc->duration_ms < sc->blocks)
			sc->duration_ms = sc->blocks;
	}
	if (p && p->seed_set)
		sc->seed = p->seed;
	return 0;
}

/* Scenario @i's overrides: the file's, its own replacing or added. */
static unsigned int merge_overrides(const struct load *l, int i,
				    struct bench_cost_override *out)
{
	unsigned int n = 0;

	for (unsigned int j = 0; j < l->nr_ov; j++)
		if (l->ov[j].sc < 0)
			out[n++] = l->ov[j].o;
	for (unsigned int j = 0; j < l->nr_ov; j++) {
		const struct bench_cost_override *o = &l->ov[j].o;
		unsigned int m;

		if (l->ov[j].sc != i)
			continue;
		for (m = 0; m < n; m++)
			if (!strcmp(out[m].model, o->model) &&
			    !strcmp(out[m].key, o->key))
				break;
		out[m] = *o;
		if (m == n)
			n++;
	}
	return n;
}

static bool has_own_overrides(const struct load *l, int i)
{
	for (unsigned int j = 0; j < l->nr_ov; j++)
		if (l->ov[j].sc == i)
			return true;
	return false;
}

/*
 * Append the file's scenarios and overrides to @l->cfg. Everything that
 * can fail is allocated first; then nothing fails, so @cfg is either
 * unchanged or complete.
 */
static int commit(struct load *l)
{
	struct bench_config *cfg = l->cfg;
	struct bench_cost_override *ov = NULL;
	unsigned int nr_file = 0, nr_new = 0, at;
	struct bench_scenario *sc;
	char **files, *file;

	for (unsigned int j = 0; j < l->nr_ov; j++)
		nr_file += l->ov[j].sc < 0;
	nr_new = nr_file;
	for (unsigned int i = 0; i < l->nr_sc; i++)
		if (has_own_overrides(l, (int)i))
			nr_new += nr_file + l->nr_ov;

	file = strdup(l->path);
	if (!file)
		goto nomem;
	files = realloc(cfg->files, (cfg->nr_files + 1) * sizeof(*files));
	if (!files)
		goto nomem_file;
	cfg->files = files;
	sc = realloc(cfg->sc, (cfg->nr + l->nr_sc) * sizeof(*sc));
	if (!sc)
		goto nomem_file;
	cfg->sc = sc;
	if (cfg->nr_overrides + nr_new) {
		ov = malloc((cfg->nr_overrides + nr_new) * sizeof(*ov));
		if (!ov)
			goto nomem_file;
	}

	/* From here on nothing fails. */
	if (cfg->nr_overrides)
		memcpy(ov, cfg->overrides, cfg->nr_overrides * sizeof(*ov));
	for (unsigned int i = 0; i < cfg->nr; i++)
		if (cfg->sc[i].overrides)
			cfg->sc[i].overrides =
				ov + (cfg->sc[i].overrides - cfg->overrides);
	free(cfg->overrides);
	cfg->overrides = ov;

	at = cfg->nr_overrides;
	for (unsigned int j = 0; j < l->nr_ov; j++)
		if (l->ov[j].sc < 0)
			ov[at++] = l->ov[j].o;
	for (unsigned int i = 0; i < l->nr_sc; i++) {
		struct bench_scenario *s = &cfg->sc[cfg->nr + i];

		*s = l->sc[i];
		s->file = file;
		if (has_own_overrides(l, (int)i)) {
			s->overrides = ov + at;
			s->nr_overrides = merge_overrides(l, (int)i, ov + at);
			at += s->nr_overrides;
		} else {
			s->overrides = nr_file ? ov + cfg->nr_overrides : NULL;
			s->nr_overrides = nr_file;
		}
	}
	for (unsigned int j = cfg->nr_overrides; j < at; j++)
		ov[j].file = file;
	cfg->nr_overrides = at;
	cfg->nr += l->nr_sc;
	cfg->files[cfg->nr_files++] = file;
	return 0;

nomem_file:
	free(file);
nomem:
	return fail_at(l, -ENOMEM, l->path, 0, "out of memory");
}

/**
 * bench_config_load - read one config file and append its scenarios
 * @cfg: the run's config (zeroed before the first call)
 * @path: the INI file
 * @p: --quick and --seed are applied from here (may be NULL)
 * @err: one sentence "FILE:LINE: what is wrong" on failure
 * @errlen: its size
 *
 * [run] may come anywhere in the file; its keys are defaults for every
 * scenario of the file. [cost.MODEL] keys apply to every scenario of the
 * file; a scenario's own cost.MODEL.KEY keys (the form bench_config_write()
 * writes) replace them for that scenario. An error in a cost profile is
 * reported at the profile's own line. On failure @cfg is as it was: none of
 * the file's scenarios is added.
 *
 * Return: 0; -ENOENT when the file (or a cost profile it names) does not
 * exist, or another -errno when it cannot be opened; -EINVAL for anything
 * wrong in it; -ENOMEM.
 */
int bench_config_load(struct bench_config *cfg, const char *path,
		      const struct bench_params *p, char *err, size_t errlen)
{
	struct load *l = calloc(1, sizeof(*l));
	const char *slash;
	struct stat st;
	int fd, ret;

	if (!l) {
		if (err && errlen)
			snprintf(err, errlen, "%s: out of memory", path);
		return -ENOMEM;
	}
	l->cfg = cfg;
	l->path = path;
	init_defaults(&l->run);
	slash = strrchr(path, '/');
	if (!slash)
		strcpy(l->dir, ".");
	else if (slash == path)
		strcpy(l->dir, "/");
	else
		snprintf(l->dir, sizeof(l->dir), "%.*s", (int)(slash - path),
			 path);

	/* Non-blocking open, so that a FIFO is refused instead of waited on. */
	fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0 || fstat(fd, &st)) {
		int e = errno;

		if (fd >= 0)
			close(fd);
		fail_at(l, -e, path, 0, "cannot read: %s", strerror(e));
		goto out;
	}
	if (!S_ISREG(st.st_mode)) {
		close(fd);
		fail_at(l, -EINVAL, path, 0, "cannot read: not a regular file");
		goto out;
	}
	l->r.f = fdopen(fd, "r");
	if (!l->r.f) {
		close(fd);
		fail_at(l, -ENOMEM, path, 0, "out of memory");
		goto out;
	}
	l->r.on_section = config_section;
	l->r.user = l;
	ret = ini_parse_stream(read_line, &l->r, config_key, l);
	/*
	 * inih's return is the first line it found wrong, its own (a line
	 * that is no section or key) or ours: one of its own before the
	 * line we failed at is the one to report.
	 */
	if (ret > 0 && l->ret && (unsigned int)ret < l->err_line)
		l->ret = 0;
	if (l->ret)
		; /* ours came first */
	else if (l->r.too_long)
		fail(l, l->r.line, "line too long (at most %d characters)",
		     INI_MAX_LINE - 2);
	else if (l->r.io_err)
		fail(l, 0, "cannot read: %s", strerror(l->r.io_err));
	else if (ret > 0)
		fail(l, (unsigned int)ret,
		     "not a [section], key = value or ; comment");
	else if (ret < 0)
		fail_at(l, -ENOMEM, path, 0, "out of memory");
	if (l->ret)
		goto out;
	if (!l->nr_sc) {
		fail(l, 0, "no [scenario NAME] section");
		goto out;
	}
	for (unsigned int i = 0; i < l->nr_sc; i++)
		if (finish_scenario(l, &l->sc[i], p))
			goto out;
	commit(l);
out:
	ret = l->ret;
	if (ret && err && errlen)
		snprintf(err, errlen, "%s", l->err);
	if (l->r.f)
		fclose(l->r.f);
	free(l->r.buf);
	free(l->sc);
	free(l->ov);
	free(l);
	return ret;
}

/**
 * bench_config_free - free what bench_config_load() built
 * @cfg: the config; zeroed, so that it can be loaded into again
 */
void bench_config_free(struct bench_config *cfg)
{
	for (unsigned int i = 0; i < cfg->nr_files; i++)
		free(cfg->files[i]);
	free(cfg->files);
	free(cfg->sc);
	free(cfg->overrides);
	memset(cfg, 0, sizeof(*cfg));
}

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

/**
 * bench_config_write - write @cfg as INI with every key explicit
 * @cfg: the config as loaded (quick and seed already applied)
 * @f: where to
 *
 * One [scenario NAME] section per scenario with every key of enum
 * bench_key, in that order, and no [run]. cost is the profile file it
 * resolved to (the name as written in a comment), so the record names the
 * figures used even if configs/ moves. [cost.MODEL] sections apply to a
 * whole file, and the scenarios written here may come from several files
 * with different ones, so each scenario's overrides are written inside its
 * own section as cost.MODEL.KEY = NS, which bench_config_load() reads back
 * as that scenario's overrides: loading the output gives the same
 * scenarios, overrides included, in the same order.
 *
 * Return: 0; -ENAMETOOLONG when a cost path cannot be read back as one
 * line; -EINVAL when it cannot be written as an INI value; -EIO when
 * writing failed.
 */
int bench_config_write(const struct bench_config *cfg, FILE *f)
{
	fputs("; the config as run, resolved by irqlab: every key explicit\n",
	      f);
	for (unsigned int i = 0; i < cfg->nr; i++) {
		const struct bench_scenario *sc = &cfg->sc[i];

		if (!representable(sc->cost))
			return -EINVAL;
		if (strlen("cost = \n") + strlen(sc->cost) >= INI_MAX_LINE - 1)
			return -ENAMETOOLONG;
		fprintf(f, "\n[scenario %s]\n", sc->name);
		comment(f, "from %s:%u", sc->file, sc->line);
		fprintf(f, "chip = %s\n", sc->chip->name);
		fprintf(f, "trigger = %s\n", bench_trigger_name(sc->trigger));
		fputs("designs =", f);
		for (unsigned int d = 0; d < sc->nr_designs; d++)
			fprintf(f, " %s", bench_design_name(sc->designs[d]));
		fputc('\n', f);
		fprintf(f, "pin = %u\n", sc->pin);
		fprintf(f, "pattern = %s\n", bench_pattern_name(sc->pattern));
		fprintf(f, "rate = %.17g\n", sc->rate_hz);
		fprintf(f, "burst = %u\n", sc->burst);
		fprintf(f, "burst_gap_ns = %u\n", sc->burst_gap_ns);
		fprintf(f, "devices = %u\n", sc->devices);
		fprintf(f, "storm_rate = %.17g\n", sc->storm_rate_hz);
		fprintf(f, "handler_ns = %u\n", sc->handler_ns);
		fprintf(f, "pulse_ns = %u\n", sc->pulse_ns);
		fprintf(f, "hold_ns = %u\n", sc->hold_ns);
		fprintf(f, "cpus = %u\n", sc->cpus);
		fprintf(f, "wait = %s\n", bench_wait_name(sc->wait));
		fprintf(f, "cpu = %u\n", sc->cpu_pu);
		if (sc->device == BENCH_PLACE_PU)
			fprintf(f, "device = %u\n", sc->device_pu);
		else
			fprintf(f, "device = %s\n",
				bench_place_name(sc->device));
		fprintf(f, "placement = %s\n", sc->strict ? "strict" : "adapt");
		fprintf(f, "duration_ms = %u\n", sc->duration_ms);
		fprintf(f, "blocks = %u\n", sc->blocks);
		fprintf(f, "drain_ms = %u\n", sc->drain_ms);
		fprintf(f, "overrun_ns = %u\n", sc->overrun_ns);
		fprintf(f, "seed = %" PRIu64 "\n", sc->seed);
		comment(f, "cost as written: %s", sc->cost_name);
		fprintf(f, "cost = %s\n", sc->cost);
		for (unsigned int j = 0; j < sc->nr_overrides; j++) {
			const struct bench_cost_override *o = &sc->overrides[j];

			comment(f, "from %s:%u", o->file, o->line);
			fprintf(f, "cost.%s.%s = %u\n", o->model, o->key,
				o->ns);
		}
	}
	return ferror(f) ? -EIO : 0;
}
