// SPDX-License-Identifier: GPL-2.0
/*
 * The scenario files: INI read with inih, checked strictly (every unknown
 * section, key, name or bad value is one sentence naming the file, the line
 * and the key), resolved into struct bench_scenario with [run] defaults,
 * built-in defaults, --quick and --seed applied, and written back out with
 * every key explicit as the record of a run. The keys are validated from
 * one table. inih gives its handler no line number, so the files (and the
 * cost profiles they name) are fed to ini_parse_stream() through a reader
 * that counts lines and also sees the section headers, which inih does not
 * report for an empty section.
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

enum key_type {
	KEY_UINT, /* unsigned int from @min to @max */
	KEY_U64, /* uint64_t, decimal or 0x hex */
	KEY_RATE, /* double, > 0 and at most MAX_RATE */
	KEY_RATE0, /* the same, or 0 */
	KEY_NAME, /* one of value_name()'s names: an enum, or the chip */
	KEY_OTHER, /* parsed by set_other() */
};

/**
 * struct key_desc - one key of [run] and [scenario NAME]
 * @name:	as written in the file
 * @expect:	what a value must be, completing "VALUE is not ..."
 * @type:	how the value is parsed and stored
 * @off:	where it is stored in struct bench_scenario
 * @size:	how much is stored there: what [run] copies into a scenario
 * @min:	least value of a KEY_UINT
 * @max:	greatest value of a KEY_UINT
 * @noun:	what a KEY_NAME value is, in "unknown NOUN": valid NOUNs are"
 */
struct key_desc {
	const char *name;
	const char *expect;
	enum key_type type;
	size_t off, size;
	uint64_t min, max;
	const char *noun;
};

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

/* clang-format off */
static const struct key_desc keys[BENCH_KEY_NR] = {
	[BENCH_KEY_CHIP]	= { "chip", "a chip name", KEY_NAME,
				    FIELD(chip), .noun = "chip" },
	[BENCH_KEY_TRIGGER]	= { "trigger", "a trigger name", KEY_NAME,
				    FIELD(trigger), .noun = "trigger" },
	[BENCH_KEY_DESIGNS]	= { "designs", "a list of designs", KEY_OTHER,
				    FIELDS(nr_designs, designs) },
	[BENCH_KEY_PIN]		= { "pin", "a pin number (an unsigned integer)",
				    KEY_UINT, FIELD(pin), 0, UINT_MAX },
	[BENCH_KEY_PATTERN]	= { "pattern", "a pattern name", KEY_NAME,
				    FIELD(pattern), .noun = "pattern" },
	[BENCH_KEY_RATE]	= { "rate", "a positive number of events per "
				    "second (at most 10000000)", KEY_RATE,
				    FIELD(rate_hz) },
	[BENCH_KEY_BURST]	= { "burst", "an integer from 1 to 1024 "
				    "(events per burst)", KEY_UINT,
				    FIELD(burst), 1, 1024 },
	[BENCH_KEY_BURST_GAP_NS] = { "burst_gap_ns", NS_0, KEY_UINT,
				    FIELD(burst_gap_ns), 0, MAX_NS },
	[BENCH_KEY_DEVICES]	= { "devices", "an integer from 1 to "
				    STR(BENCH_MAX_DEVICES), KEY_UINT,
				    FIELD(devices), 1, BENCH_MAX_DEVICES },
	[BENCH_KEY_STORM_RATE]	= { "storm_rate", "a number of assertions per "
				    "second from 0 to 10000000", KEY_RATE0,
				    FIELD(storm_rate_hz) },
	[BENCH_KEY_HANDLER_NS]	= { "handler_ns", NS_0, KEY_UINT,
				    FIELD(handler_ns), 0, MAX_NS },
	[BENCH_KEY_CONTROL_SHIFT_NS] = { "control_shift_ns", NS_0, KEY_UINT,
				    FIELD(control_shift_ns), 0, MAX_NS },
	[BENCH_KEY_PULSE_NS]	= { "pulse_ns", NS_0, KEY_UINT,
				    FIELD(pulse_ns), 0, MAX_NS },
	[BENCH_KEY_HOLD_NS]	= { "hold_ns", NS_0, KEY_UINT,
				    FIELD(hold_ns), 0, MAX_NS },
	[BENCH_KEY_DISABLE_RATE] = { "disable_rate", "a number of critical "
				    "sections per second from 0 to 10000000",
				    KEY_RATE0, FIELD(disable_hz) },
	[BENCH_KEY_DISABLE_NS]	= { "disable_ns", NS_0, KEY_UINT,
				    FIELD(disable_ns), 0, MAX_NS },
	[BENCH_KEY_LAZY_DISABLE] = { "lazy_disable", "0 or 1", KEY_UINT,
				    FIELD(lazy_disable), 0, 1 },
	[BENCH_KEY_CPUS]	= { "cpus", "an integer from 1 to "
				    STR(BENCH_MAX_CPUS), KEY_UINT,
				    FIELD(cpus), 1, BENCH_MAX_CPUS },
	[BENCH_KEY_WAIT]	= { "wait", "a wait mode", KEY_NAME,
				    FIELD(wait), .noun = "wait mode" },
	[BENCH_KEY_CPU]		= { "cpu", "a PU number (an unsigned integer)",
				    KEY_UINT, FIELD(cpu_pu), 0, UINT_MAX },
	[BENCH_KEY_DEVICE]	= { "device", "a placement or a PU number",
				    KEY_OTHER, FIELDS(device, device_pu) },
	[BENCH_KEY_PLACEMENT]	= { "placement", "strict or adapt", KEY_OTHER,
				    FIELD(strict) },
	[BENCH_KEY_DURATION_MS]	= { "duration_ms", "a whole number of "
				    "milliseconds from 1 to 3600000", KEY_UINT,
				    FIELD(duration_ms), 1, 3600000 },
	[BENCH_KEY_BLOCKS]	= { "blocks", "an integer from 1 to 1000",
				    KEY_UINT, FIELD(blocks), 1,
				    BENCH_MAX_BLOCKS },
	[BENCH_KEY_DRAIN_MS]	= { "drain_ms", "a whole number of "
				    "milliseconds from 0 to 60000", KEY_UINT,
				    FIELD(drain_ms), 0, 60000 },
	[BENCH_KEY_OVERRUN_NS]	= { "overrun_ns", "a whole number of "
				    "nanoseconds from 1 to 1000000000",
				    KEY_UINT, FIELD(overrun_ns), 1, MAX_NS },
	[BENCH_KEY_SEED]	= { "seed", "an unsigned 64-bit integer "
				    "(decimal or 0x hex)", KEY_U64,
				    FIELD(seed) },
	[BENCH_KEY_COST]	= { "cost", "zero, realistic or a profile file",
				    KEY_OTHER, FIELDS(cost_name, cost) },
	[BENCH_KEY_UIO]		= { "uio", "a UIO device: /dev/uioN, uioN or "
				    "the name its driver gave it", KEY_OTHER,
				    FIELD(uio) },
	[BENCH_KEY_UIO_BACKEND]	= { "uio_backend", "a backend: edu or passive",
				    KEY_OTHER, FIELD(uio_backend) },
	[BENCH_KEY_UIO_MASK]	= { "uio_mask", "auto, irqcontrol or intx",
				    KEY_OTHER, FIELD(uio_mask) },
	[BENCH_KEY_FAULT]	= { "fault", "faults to inject: set_type, "
				    "retrigger, pin, stall:US[/N], "
				    "device_dies:MS", KEY_OTHER, FIELD(fault) },
};
/* clang-format on */

_Static_assert(sizeof(enum bench_trigger) == sizeof(int) &&
		       sizeof(enum bench_pattern) == sizeof(int) &&
		       sizeof(enum bench_wait) == sizeof(int),
	       "KEY_NAME values are stored as int");

/* The built-in defaults that depend on no other key. */
static const struct bench_scenario defaults = {
	.nr_designs = 2,
	.designs = { BENCH_DESIGN_FLOW, BENCH_DESIGN_DO_IRQ },
	.pattern = BENCH_PAT_PERIODIC,
	.rate_hz = 10000,
	.devices = 1,
	.cpus = 1,
	.wait = BENCH_WAIT_SPIN,
	.device = BENCH_PLACE_ANY,
	.duration_ms = 1000,
	.blocks = 4,
	.drain_ms = 20,
	.overrun_ns = 5000,
	.seed = 1,
};

struct load;

/**
 * struct line_reader - an fgets() for inih that counts lines
 * @f:		the file
 * @buf:	getline()'s buffer: the whole line, however long
 * @cap:	its size
 * @line:	number of the line inih is processing now
 * @stop:	an error was found: report end of file to stop inih
 * @too_long:	@line does not fit inih's line buffer
 * @binary:	@line holds a NUL byte, which inih would take for its end
 * @io_err:	errno of a read error, or 0
 * @key_seen:	a key since the last section header (inih's prev_name)
 * @on_section:	called with each section header's name; nonzero stops
 * @l:		for @on_section
 */
struct line_reader {
	FILE *f;
	char *buf;
	size_t cap;
	unsigned int line;
	bool stop;
	bool too_long;
	bool binary;
	int io_err;
	bool key_seen;
	int (*on_section)(struct load *l, const char *name);
	struct load *l;
};

/**
 * struct profile - the cost profile being checked
 * @path:	the profile file
 * @cfg_line:	the config's line that chose it (0: the default)
 * @r:		its line reader
 * @model:	the [model] section being read, "" before the first
 */
struct profile {
	const char *path;
	unsigned int cfg_line;
	struct line_reader r;
	char model[16];
};

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
 * @r:		the line reader
 * @prof:	the cost profile being checked, NULL when none: errors are
 *		then in that file
 * @kind:	the section being read
 * @cur:	its scenario (index in @sc) for SECT_SCENARIO
 * @model:	its model for SECT_COST
 * @run:	the file's [run] values, key_line[] telling which are set
 * @run_line:	the [run] header line, 0 if none
 * @sc:		the file's scenarios, key_line[] telling which keys are set
 *		and nr_overrides counting their own overrides
 * @ov:		the file's overrides
 * @checked:	the last cost profile found valid
 * @ret:	the first error
 * @err_line:	the line of this file being read when it was found
 * @err:	its sentence, "FILE:LINE: ..."
 */
struct load {
	struct bench_config *cfg;
	const char *path;
	struct line_reader r;
	struct profile *prof;
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
	int ret;
	unsigned int err_line;
	char err[2048];
};

/*
 * Record the first error only: later ones are its consequences. While a
 * cost profile is checked the error is in the profile, and says which
 * line of the config chose it.
 */
static int __attribute__((format(printf, 4, 5)))
fail_at(struct load *l, int ret, unsigned int line, const char *fmt, ...)
{
	struct profile *p = l->prof;
	const char *file = p ? p->path : l->path;
	size_t n, len = sizeof(l->err);
	va_list ap;

	if (l->ret)
		return l->ret;
	l->ret = ret;
	l->err_line = l->r.line;
	l->r.stop = true;
	if (line)
		snprintf(l->err, len, "%s:%u: ", file, line);
	else
		snprintf(l->err, len, "%s: ", file);
	n = strlen(l->err);
	va_start(ap, fmt);
	vsnprintf(l->err + n, len - n, fmt, ap);
	va_end(ap);
	if (!p)
		return ret;
	p->r.stop = true;
	n = strlen(l->err);
	if (p->cfg_line)
		snprintf(l->err + n, len - n, " (cost profile of %s:%u)",
			 l->path, p->cfg_line);
	else
		snprintf(l->err + n, len - n, " (default cost profile of %s)",
			 l->path);
	return ret;
}

#define fail(l, line, ...) fail_at((l), -EINVAL, (line), __VA_ARGS__)

/* Append @s to the list in @buf, ", "-separated. */
static void join(char *buf, size_t len, const char *s)
{
	size_t n = strlen(buf);

	if (n + 1 < len)
		snprintf(buf + n, len - n, "%s%s", n ? ", " : "", s);
}

/* Whether @s is one of the names of the list @buf that join() wrote. */
static bool listed(const char *buf, const char *s)
{
	size_t n = strlen(s);

	for (const char *p = buf; (p = strstr(p, s)); p++)
		if ((p == buf || p[-1] == ' ') && (!p[n] || p[n] == ','))
			return true;
	return false;
}

/* The models any chip reads cost figures for, each once. */
static void model_names(char *buf, size_t len)
{
	buf[0] = '\0';
	for (unsigned int i = 0; bench_chips[i]; i++)
		for (const char *const *m = bench_chips[i]->models; *m; m++)
			if (!listed(buf, *m))
				join(buf, len, *m);
}

/* Name @i of the values of key @k, as files spell them; NULL past the last. */
static const char *value_name(enum bench_key k, int i)
{
	switch (k) {
	case BENCH_KEY_CHIP:
		return bench_chips[i] ? bench_chips[i]->name : NULL;
	case BENCH_KEY_TRIGGER:
		return bench_trigger_name(i);
	case BENCH_KEY_DESIGNS:
		return bench_design_name(i);
	case BENCH_KEY_PATTERN:
		return bench_pattern_name(i);
	case BENCH_KEY_WAIT:
		return bench_wait_name(i);
	case BENCH_KEY_DEVICE: /* BENCH_PLACE_PU, the last, is a number */
		return i == BENCH_PLACE_PU ? NULL : bench_place_name(i);
	default:
		return NULL;
	}
}

/* The index of @v among key @k's names, or -1. */
static int lookup(enum bench_key k, const char *v)
{
	const char *s;

	for (int i = 0; (s = value_name(k, i)); i++)
		if (!strcmp(s, v))
			return i;
	return -1;
}

static void names_of(enum bench_key k, char *buf, size_t len)
{
	const char *s;

	buf[0] = '\0';
	for (int i = 0; (s = value_name(k, i)); i++)
		join(buf, len, s);
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

/*
 * inih reads an indented line after a key as more of that key's value
 * (Python's multi-line values) and hands it over under the same name.
 * Values fit on one line: refuse it.
 */
static int continuation(struct load *l, struct line_reader *r, const char *name)
{
	bool cont = r->key_seen && isspace((unsigned char)r->buf[0]);

	r->key_seen = true;
	if (!cont)
		return 0;
	return fail(l, r->line,
		    "an indented line continues key %s: values must fit on "
		    "one line",
		    name);
}

/* Cost @key of @model = @v, read on @line: a key of the model, in ns. */
static int cost_value(struct load *l, unsigned int line, const char *model,
		      const char *key, const char *v, unsigned int *ns)
{
	const struct chip_cost_field *f = bench_cost_fields(model);
	char names[256] = "";
	uint64_t x;

	for (; f->key && strcmp(f->key, key); f++)
		;
	if (!f->key) {
		for (f = bench_cost_fields(model); f->key; f++)
			join(names, sizeof(names), f->key);
		return fail(
			l, line,
			"key %s: model %s has no such cost: its keys are %s",
			key, model, names);
	}
	if (!parse_u64(v, false, &x) || x > COST_MAX_NS)
		return fail(l, line,
			    "key %s: \"%s\" is not a whole number of "
			    "nanoseconds from 0 to %u",
			    key, v, COST_MAX_NS);
	*ns = (unsigned int)x;
	return 0;
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
 * ini_reader: one whole line per call, as inih's fgets() would give it.
 * A line inih will take for a section header (one that starts with '[',
 * after a BOM and blanks, unless it continues a value) is reported to
 * @r->on_section first.
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
	if (memchr(r->buf, '\0', (size_t)n)) {
		r->binary = true;
		r->stop = true;
		return NULL;
	}
	memcpy(str, r->buf, (size_t)n + 1);

	start = r->buf;
	if (r->line == 1 && !strncmp(start, "\xEF\xBB\xBF", 3))
		start += 3;
	while (isspace((unsigned char)*start))
		start++;
	if (*start != '[' || (r->key_seen && start > r->buf))
		return str;
	end = find_char_or_comment(start + 1, ']');
	if (*end != ']')
		return str; /* inih reports the line as an error */
	*end = '\0';
	r->key_seen = false;
	return r->on_section(r->l, start + 1) ? NULL : str;
}

/* After ini_parse_stream() returned @ret: the first error, if any. */
static int parse_result(struct load *l, const struct line_reader *r, int ret)
{
	if (l->ret)
		return l->ret;
	if (r->too_long)
		return fail(l, r->line, "line too long (at most %d characters)",
			    INI_MAX_LINE - 2);
	if (r->binary)
		return fail(l, r->line,
			    "a NUL byte: this is binary data, not an INI file");
	if (r->io_err)
		return fail(l, l->prof ? r->line : 0, "cannot read: %s",
			    strerror(r->io_err));
	if (ret > 0)
		return fail(l, (unsigned int)ret,
			    "not a [section], key = value or ; comment");
	if (ret < 0)
		return fail_at(l, -ENOMEM, 0, "out of memory");
	return 0;
}

/* A cost profile's sections are models, its keys their cost fields. */
static int profile_section(struct load *l, const char *name)
{
	struct profile *p = l->prof;
	char models[128];

	if (!bench_cost_fields(name) || strlen(name) >= sizeof(p->model)) {
		model_names(models, sizeof(models));
		return fail(l, p->r.line,
			    "unknown section [%s] in a cost profile: sections "
			    "are models: %s",
			    name, models);
	}
	strcpy(p->model, name);
	return 0;
}

static int profile_key(void *user, const char *section, const char *name,
		       const char *value)
{
	struct load *l = user;
	struct profile *p = l->prof;
	unsigned int ns;

	(void)section;
	if (continuation(l, &p->r, name))
		return 0;
	if (!p->model[0])
		return !fail(l, p->r.line,
			     "key %s is outside any [model] section", name);
	return !cost_value(l, p->r.line, p->model, name, value, &ns);
}

static int cannot_read(struct load *l, unsigned int line, const char *v,
		       const char *path)
{
	int e = errno;

	return fail_at(l, e == ENOENT ? -ENOENT : -EINVAL, line,
		       "key cost: \"%s\": cannot read the cost profile %s: %s",
		       v, path, strerror(e));
}

/* Check that @path (cost = @v on config @line) is a valid cost profile. */
static int check_profile(struct load *l, const char *path, unsigned int line,
			 const char *v)
{
	struct profile p = {
		.path = path,
		.cfg_line = line,
		.r = { .on_section = profile_section, .l = l },
	};
	struct stat st;
	int ret, fd;

	if (!strcmp(path, l->checked))
		return 0;
	/* As the config itself: a FIFO or a device is refused, not read. */
	fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0 || fstat(fd, &st)) {
		if (fd >= 0)
			close(fd);
		return cannot_read(l, line, v, path);
	}
	if (!S_ISREG(st.st_mode)) {
		close(fd);
		l->prof = &p; /* "PROFILE: ... (cost profile of FILE:LINE)" */
		ret = fail_at(l, -EINVAL, 0, "cannot read: not a regular file");
		l->prof = NULL;
		return ret;
	}
	p.r.f = fdopen(fd, "r");
	if (!p.r.f) {
		close(fd);
		return cannot_read(l, line, v, path);
	}
	l->prof = &p;
	ret = parse_result(l, &p.r,
			   ini_parse_stream(read_line, &p.r, profile_key, l));
	l->prof = NULL;
	free(p.r.buf);
	fclose(p.r.f);
	if (!ret)
		snprintf(l->checked, sizeof(l->checked), "%s", path);
	return ret;
}

/* Resolve cost = @v (given on @line, 0: the default) and check it. */
static int set_cost(struct load *l, struct bench_scenario *sc, const char *v,
		    unsigned int line)
{
	const char *slash = strrchr(l->path, '/');
	char path[PATH_MAX * 2];
	int n;

	if (strlen(v) >= sizeof(sc->cost_name))
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
		else if (!slash)
			snprintf(path, sizeof(path), "./%s", v);
		else /* the directory, "/" for "/FILE" */
			snprintf(path, sizeof(path), "%.*s/%s",
				 slash == l->path ? 1 : (int)(slash - l->path),
				 l->path, v);
		if (!realpath(path, sc->cost))
			return cannot_read(l, line, v, path);
	}
	return check_profile(l, sc->cost, line, v);
}

static int bad_value(struct load *l, enum bench_key k, const char *v)
{
	return fail(l, l->r.line, "key %s: \"%s\" is not %s", keys[k].name, v,
		    keys[k].expect);
}

static int set_designs(struct load *l, struct bench_scenario *sc, const char *v)
{
	char buf[1024], names[128], *save, *tok;
	unsigned int n = 0;

	if (strlen(v) >= sizeof(buf))
		return bad_value(l, BENCH_KEY_DESIGNS, v);
	strcpy(buf, v);
	names_of(BENCH_KEY_DESIGNS, names, sizeof(names));
	for (tok = strtok_r(buf, " \t,", &save); tok;
	     tok = strtok_r(NULL, " \t,", &save)) {
		int d = lookup(BENCH_KEY_DESIGNS, tok);

		if (d < 0)
			return fail(l, l->r.line,
				    "key designs: unknown design \"%s\": "
				    "valid designs are %s",
				    tok, names);
		unsigned int seen = 0;

		for (unsigned int i = 0; i < n; i++)
			seen += sc->designs[i] == (enum bench_design)d;
		if (seen == 2)
			return fail(l, l->r.line,
				    "key designs: design %s is listed "
				    "three times (twice is an A/A control, "
				    "more measures nothing new)",
				    tok);
		if (n == BENCH_MAX_DESIGNS)
			return fail(l, l->r.line,
				    "key designs: more than %d designs",
				    BENCH_MAX_DESIGNS);
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
 * Key fault: space-separated faults to inject, each at most once:
 * set_type, retrigger, pin, stall:US[/N] (every Nth handler run with work
 * busy US microseconds, N 100 by default), device_dies:MS (the device
 * thread ends MS ms into the first block).
 */
static int set_faults(struct load *l, struct bench_scenario *sc, const char *v)
{
	char buf[256], *save = NULL, *w;

	if (strlen(v) >= sizeof(buf))
		return fail(l, l->r.line, "key fault: the value is too long");
	strcpy(buf, v);
	memset(&sc->fault, 0, sizeof(sc->fault));
	for (w = strtok_r(buf, " \t", &save); w;
	     w = strtok_r(NULL, " \t", &save)) {
		unsigned long a = 0, b = 100;
		int n = 0;

		if (!strcmp(w, "set_type") && !sc->fault.set_type) {
			sc->fault.set_type = true;
		} else if (!strcmp(w, "retrigger") && !sc->fault.retrigger) {
			sc->fault.retrigger = true;
		} else if (!strcmp(w, "pin") && !sc->fault.pin) {
			sc->fault.pin = true;
		} else if (!sc->fault.stall_us &&
			   (sscanf(w, "stall:%lu/%lu%n", &a, &b, &n) == 2 ||
			    sscanf(w, "stall:%lu%n", &a, &n) == 1) &&
			   !w[n] && a && a <= 1000000 && b && b <= 1000000) {
			sc->fault.stall_us = (unsigned int)a;
			sc->fault.stall_every = (unsigned int)b;
		} else if (!sc->fault.device_dies_ms &&
			   sscanf(w, "device_dies:%lu%n", &a, &n) == 1 &&
			   !w[n] && a && a <= 3600000) {
			sc->fault.device_dies_ms = (unsigned int)a;
		} else {
			return fail(l, l->r.line,
				    "key fault: \"%s\" is not a fault, or is "
				    "given twice: expected %s (US up to "
				    "1000000, N up to 1000000, MS up to "
				    "3600000)",
				    w, keys[BENCH_KEY_FAULT].expect);
		}
	}
	return 0;
}

/* The KEY_OTHER keys. */
static int set_other(struct load *l, struct bench_scenario *sc,
		     enum bench_key k, const char *v)
{
	char names[128];
	uint64_t pu;
	int d;

	switch (k) {
	case BENCH_KEY_DESIGNS:
		return set_designs(l, sc, v);
	case BENCH_KEY_DEVICE:
		if (isdigit((unsigned char)v[0])) {
			if (!parse_u64(v, false, &pu) || pu > UINT_MAX)
				return bad_value(l, k, v);
			sc->device = BENCH_PLACE_PU;
			sc->device_pu = (unsigned int)pu;
			return 0;
		}
		d = lookup(k, v);
		if (d >= 0) {
			sc->device = d;
			return 0;
		}
		names_of(k, names, sizeof(names));
		return fail(l, l->r.line,
			    "key device: \"%s\" is not a placement: valid "
			    "placements are %s, or a PU number",
			    v, names);
	case BENCH_KEY_PLACEMENT:
		if (strcmp(v, "strict") && strcmp(v, "adapt"))
			return bad_value(l, k, v);
		sc->strict = !strcmp(v, "strict");
		return 0;
	case BENCH_KEY_UIO:
		if (strlen(v) >= sizeof(sc->uio))
			return fail(l, l->r.line,
				    "key uio: the path is too long");
		strcpy(sc->uio, v);
		return 0;
	case BENCH_KEY_UIO_BACKEND:
		sc->uio_backend = uio_backend_find(v);
		if (!sc->uio_backend)
			return fail(l, l->r.line,
				    "key uio_backend: unknown backend \"%s\": "
				    "valid backends are %s",
				    v, uio_backend_names);
		return 0;
	case BENCH_KEY_UIO_MASK:
		d = uio_mask_parse(v);
		if (d < 0)
			return bad_value(l, k, v);
		sc->uio_mask = (enum uio_mask)d;
		return 0;
	case BENCH_KEY_FAULT:
		return set_faults(l, sc, v);
	default:
		return set_cost(l, sc, v, l->r.line);
	}
}

/* Parse @v as key @k of @sc (a scenario or [run]), as keys[] says. */
static int set_key(struct load *l, struct bench_scenario *sc, enum bench_key k,
		   const char *v)
{
	const struct key_desc *d = &keys[k];
	char *field = (char *)sc + d->off, names[256];
	unsigned int u;
	uint64_t x;
	double r;
	int i;

	if (!*v)
		return fail(l, l->r.line, "key %s: no value: expected %s",
			    d->name, d->expect);
	switch (d->type) {
	case KEY_UINT:
		if (!parse_u64(v, false, &x) || x < d->min || x > d->max)
			return bad_value(l, k, v);
		u = (unsigned int)x;
		memcpy(field, &u, sizeof(u));
		return 0;
	case KEY_U64:
		if (!parse_u64(v, true, &x))
			return bad_value(l, k, v);
		memcpy(field, &x, sizeof(x));
		return 0;
	case KEY_RATE:
	case KEY_RATE0:
		if (v[0] == '-' || !parse_double(v, &r) || r > MAX_RATE ||
		    !(r > 0 || (d->type == KEY_RATE0 && r == 0)))
			return bad_value(l, k, v);
		memcpy(field, &r, sizeof(r));
		return 0;
	case KEY_NAME:
		i = lookup(k, v);
		if (i < 0) {
			names_of(k, names, sizeof(names));
			return fail(l, l->r.line,
				    "key %s: unknown %s \"%s\": valid %ss are "
				    "%s",
				    d->name, d->noun, v, d->noun, names);
		}
		if (k == BENCH_KEY_CHIP)
			sc->chip = bench_chips[i];
		else
			memcpy(field, &i, sizeof(i));
		return 0;
	case KEY_OTHER:
		break;
	}
	return set_other(l, sc, k, v);
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
	const struct bench_scenario *sc;
	struct bench_scenario *added;

	if (!valid_name(name))
		return fail(l, l->r.line,
			    "bad scenario name \"%s\": a NAME is 1-%d "
			    "characters of A-Z, a-z, 0-9, '_', '.' and '-'",
			    name, BENCH_NAME_MAX - 1);
	for (unsigned int i = 0; i < cfg->nr + l->nr_sc; i++) {
		sc = i < cfg->nr ? &cfg->sc[i] : &l->sc[i - cfg->nr];
		if (!strcmp(sc->name, name))
			return fail(l, l->r.line,
				    "duplicate scenario %s: first defined at "
				    "%s:%u",
				    name, sc->file, sc->line);
	}
	added = realloc(l->sc, (l->nr_sc + 1) * sizeof(*added));
	if (!added)
		return fail_at(l, -ENOMEM, l->r.line, "out of memory");
	l->sc = added;
	added += l->nr_sc;
	*added = defaults;
	strcpy(added->name, name);
	added->file = l->path;
	added->line = l->r.line;
	l->cur = l->nr_sc++;
	l->kind = SECT_SCENARIO;
	return 0;
}

static int config_section(struct load *l, const char *raw)
{
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

/* One override: [cost.MODEL] KEY (@sc < 0) or scenario @sc's own. */
static int add_override(struct load *l, const char *model, const char *key,
			const char *v, int sc)
{
	struct load_override *o;
	unsigned int ns;

	if (cost_value(l, l->r.line, model, key, v, &ns))
		return l->ret;
	/* By index: l->ov is NULL before the first (no NULL + 0). */
	for (unsigned int i = 0; i < l->nr_ov; i++)
		if (l->ov[i].sc == sc && !strcmp(l->ov[i].o.model, model) &&
		    !strcmp(l->ov[i].o.key, key))
			return fail(l, l->r.line,
				    "duplicate key %s for model %s: first set "
				    "at line %u",
				    key, model, l->ov[i].o.line);
	o = realloc(l->ov, (l->nr_ov + 1) * sizeof(*o));
	if (!o)
		return fail_at(l, -ENOMEM, l->r.line, "out of memory");
	l->ov = o;
	o += l->nr_ov++;
	*o = (struct load_override){ .sc = sc };
	snprintf(o->o.model, sizeof(o->o.model), "%s", model);
	snprintf(o->o.key, sizeof(o->o.key), "%s", key);
	o->o.ns = ns;
	o->o.line = l->r.line;
	if (sc >= 0)
		l->sc[sc].nr_overrides++;
	return 0;
}

/* A scenario's own override, cost.MODEL.KEY = NS. */
static int scenario_override(struct load *l, const char *name, const char *v)
{
	char model[32], models[128];
	const char *dot = strchr(name + 5, '.');
	size_t n = dot ? (size_t)(dot - (name + 5)) : 0;

	model_names(models, sizeof(models));
	if (!dot || n >= sizeof(model))
		return fail(l, l->r.line,
			    "key %s: expected cost.MODEL.KEY with MODEL one "
			    "of %s",
			    name, models);
	memcpy(model, name + 5, n);
	model[n] = '\0';
	if (!bench_cost_fields(model))
		return fail(l, l->r.line,
			    "key %s: unknown cost model %s: models are %s",
			    name, model, models);
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
	if (continuation(l, &l->r, name))
		return 0;
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
	for (k = 0; k < BENCH_KEY_NR && strcmp(keys[k].name, name); k++)
		;
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

#define TRIG(t) (1u << BENCH_TRIG_##t)
/* Triggers edge-masking works on; whose devices pulse; whose hold a level. */
#define EDGE_TRIGS \
	(TRIG(EDGE) | TRIG(EDGE_FALLING) | TRIG(EDGE_BOTH) | TRIG(SIMPLE))
#define PULSED_TRIGS (TRIG(EDGE) | TRIG(EDGE_FALLING) | TRIG(SIMPLE))
#define HELD_TRIGS (TRIG(LEVEL) | TRIG(LEVEL_LOW) | TRIG(PERCPU))

static unsigned int later(unsigned int a, unsigned int b)
{
	return a > b ? a : b;
}

/*
 * Chip uio drives one real device: it needs one, which must be there,
 * and takes the kernel's interrupts on one entry thread that sleeps in
 * the kernel (block, the default) or polls it (spin). The device is
 * opened here, so that a run never starts on one it could not use.
 */
static int check_uio(struct load *l, struct bench_scenario *sc,
		     unsigned int own_line)
{
	unsigned int *kl = sc->key_line;
	struct uio_dev d;
	char err[512];

	if (!sc->chip->real) {
		for (int k = BENCH_KEY_UIO; k <= BENCH_KEY_UIO_MASK; k++)
			if (own_line && kl[k] == own_line)
				return fail(l, kl[k],
					    "key %s: only chip uio drives a "
					    "real device, not chip %s",
					    keys[k].name, sc->chip->name);
		sc->uio[0] = '\0'; /* [run] defaults that do not apply */
		sc->uio_backend = NULL;
		sc->uio_mask = UIO_MASK_AUTO;
		return 0;
	}
	if (!kl[BENCH_KEY_UIO])
		return fail(l, sc->line,
			    "scenario %s: chip uio needs key uio, the device "
			    "(/dev/uioN, uioN or the name its driver gave it)",
			    sc->name);
	if (!sc->uio_backend)
		sc->uio_backend = uio_backend_find("edu");
	if (!kl[BENCH_KEY_WAIT])
		sc->wait = BENCH_WAIT_BLOCK;
	if (sc->wait == BENCH_WAIT_INLINE)
		return fail(l, kl[BENCH_KEY_WAIT],
			    "key wait: chip uio takes its interrupts from the "
			    "kernel on an entry thread that blocks or spins; "
			    "there is no inline device to be the CPU");
	if (sc->cpus != 1)
		return fail(l, kl[BENCH_KEY_CPUS],
			    "key cpus: chip uio has one entry thread, the "
			    "only CPU: cpus must be 1, not %u",
			    sc->cpus);
	if (sc->devices != 1 || sc->storm_rate_hz > 0)
		return fail(l,
			    later(kl[BENCH_KEY_DEVICES],
				  kl[BENCH_KEY_STORM_RATE]),
			    "key %s: chip uio drives one real device: devices "
			    "must be 1 and storm_rate 0",
			    sc->devices != 1 ? "devices" : "storm_rate");
	if (sc->pattern == BENCH_PAT_STORM)
		return fail(l, kl[BENCH_KEY_PATTERN],
			    "key pattern: a real device cannot storm without "
			    "cause: chip uio takes periodic, poisson, burst "
			    "or back-to-back");
	if (uio_dev_open(&d, sc->uio, bench_uio_class(), sc->uio_backend, err,
			 sizeof(err)))
		return fail(l, kl[BENCH_KEY_UIO], "key uio: %s", err);
	if (sc->uio_mask == UIO_MASK_IRQCONTROL && !d.irqcontrol) {
		uio_dev_close(&d);
		return fail(l, kl[BENCH_KEY_UIO_MASK],
			    "key uio_mask: %s (driver %s) has no irqcontrol "
			    "write: use intx or auto",
			    sc->uio, d.name);
	}
	if (sc->uio_mask == UIO_MASK_INTX && d.cfg_fd < 0) {
		uio_dev_close(&d);
		return fail(l, kl[BENCH_KEY_UIO_MASK],
			    "key uio_mask: %s has no PCI config space to "
			    "mask INTx with: use irqcontrol or auto",
			    sc->uio);
	}
	uio_dev_close(&d);
	return 0;
}

/* [run], then built-in defaults, then the checks across keys. */
static int finish_scenario(struct load *l, struct bench_scenario *sc,
			   const struct bench_params *p)
{
	unsigned int *kl = sc->key_line, line;
	char names[256] = "", pin_err[256];
	/* Keys set in the scenario itself; [run]'s may not apply to it. */
	bool own_hold = kl[BENCH_KEY_HOLD_NS],
	     own_pulse = kl[BENCH_KEY_PULSE_NS];
	unsigned int own_uio = 0; /* the line of its first uio key, if any */

	for (int k = BENCH_KEY_UIO; k <= BENCH_KEY_UIO_MASK; k++)
		if (kl[k] && (!own_uio || kl[k] < own_uio))
			own_uio = kl[k];

	for (int k = 0; k < BENCH_KEY_NR; k++) {
		if (kl[k] || !l->run.key_line[k])
			continue;
		memcpy((char *)sc + keys[k].off,
		       (const char *)&l->run + keys[k].off, keys[k].size);
		kl[k] = l->run.key_line[k];
	}
	if (!sc->chip)
		return fail(l, sc->line,
			    "scenario %s: key chip is required, in the "
			    "scenario or in [run]",
			    sc->name);
	if (!kl[BENCH_KEY_TRIGGER]) {
		for (int t = BENCH_TRIG_NR - 1; t >= 0; t--) /* the first */
			if (sc->chip->triggers & (1u << t))
				sc->trigger = t;
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
	if (!(EDGE_TRIGS & (1u << sc->trigger))) {
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
	if (sc->control_shift_ns) {
		bool twice = false;

		for (unsigned int i = 0; i < sc->nr_designs; i++)
			for (unsigned int k = 0; k < i; k++)
				twice |= sc->designs[k] == sc->designs[i];
		if (!twice)
			return fail(l,
				    later(kl[BENCH_KEY_CONTROL_SHIFT_NS],
					  kl[BENCH_KEY_DESIGNS]),
				    "key control_shift_ns: shifts the second "
				    "copy of a design listed twice, and "
				    "designs lists none twice");
	}
	if ((sc->disable_hz > 0) != (sc->disable_ns > 0))
		return fail(l,
			    later(kl[BENCH_KEY_DISABLE_RATE],
				  kl[BENCH_KEY_DISABLE_NS]),
			    "key %s: disable_rate and disable_ns go together: "
			    "both 0, or both above 0",
			    kl[BENCH_KEY_DISABLE_RATE] >
					    kl[BENCH_KEY_DISABLE_NS] ?
				    "disable_rate" :
				    "disable_ns");
	if (sc->disable_hz > 0 && sc->disable_ns >= 1e9 / sc->disable_hz)
		return fail(l,
			    later(kl[BENCH_KEY_DISABLE_RATE],
				  kl[BENCH_KEY_DISABLE_NS]),
			    "key disable_ns: a critical section of %u ns does "
			    "not fit in its period of %.0f ns (disable_rate "
			    "%g)",
			    sc->disable_ns, 1e9 / sc->disable_hz,
			    sc->disable_hz);
	if (sc->trigger == BENCH_TRIG_PERCPU && sc->disable_hz > 0)
		return fail(l, kl[BENCH_KEY_DISABLE_RATE],
			    "key disable_rate: a percpu line is never "
			    "disabled by its driver");
	if (sc->trigger == BENCH_TRIG_PERCPU) {
		for (unsigned int i = 0; i < sc->nr_designs; i++)
			if (sc->designs[i] == BENCH_DESIGN_THREADED ||
			    sc->designs[i] == BENCH_DESIGN_THREADED_ONESHOT)
				return fail(
					l,
					later(kl[BENCH_KEY_DESIGNS],
					      kl[BENCH_KEY_TRIGGER]),
					"key designs: %s cannot run on a "
					"percpu line, which every CPU "
					"handles at once: request_threaded_irq() "
					"refuses it",
					bench_design_name(sc->designs[i]));
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
	if (!(HELD_TRIGS & (1u << sc->trigger)) && !own_hold)
		sc->hold_ns = 0; /* a [run] default that does not apply */
	if (!(PULSED_TRIGS & (1u << sc->trigger)) && !own_pulse)
		sc->pulse_ns = 0;
	if (own_hold && sc->hold_ns && !(HELD_TRIGS & (1u << sc->trigger)))
		return fail(l, kl[BENCH_KEY_HOLD_NS],
			    "key hold_ns: only a level line is held, not "
			    "trigger %s",
			    bench_trigger_name(sc->trigger));
	if (own_pulse && sc->pulse_ns && !(PULSED_TRIGS & (1u << sc->trigger)))
		return fail(l, kl[BENCH_KEY_PULSE_NS],
			    "key pulse_ns: only edge and simple lines pulse "
			    "(an edge-both device toggles), not trigger %s",
			    bench_trigger_name(sc->trigger));
	if (!kl[BENCH_KEY_COST] && set_cost(l, sc, "zero", 0))
		return l->ret;
	if (check_uio(l, sc, own_uio))
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

/*
 * Scenario @i's own overrides (@i < 0: the file's) over the @n at @out:
 * one for the same cost replaces it, others are added. Return the count.
 */
static unsigned int merge_overrides(const struct load *l, int i,
				    struct bench_cost_override *out,
				    unsigned int n)
{
	for (unsigned int j = 0, m; j < l->nr_ov; j++) {
		const struct bench_cost_override *o = &l->ov[j].o;

		if (l->ov[j].sc != i)
			continue;
		for (m = 0; m < n; m++)
			if (!strcmp(out[m].model, o->model) &&
			    !strcmp(out[m].key, o->key))
				break;
		out[m] = *o;
		n += m == n;
	}
	return n;
}

/*
 * Append the file's scenarios to @l->cfg and its overrides to the pool
 * cfg->overrides, which every scenario's overrides point into: first the
 * file's [cost.MODEL] block, shared by its scenarios without overrides of
 * their own, then a merged block for each scenario with some. The pool is
 * copied to a larger one, the older scenarios' pointers moved with it.
 * Everything that can fail is allocated first; then nothing fails, so
 * @cfg is either unchanged or complete.
 */
static int commit(struct load *l)
{
	struct bench_config *cfg = l->cfg;
	struct bench_cost_override *ov = NULL;
	unsigned int nr_file = 0, first = cfg->nr_overrides, at, cap;
	struct bench_scenario *sc;
	char **files, *file;

	for (unsigned int j = 0; j < l->nr_ov; j++)
		nr_file += l->ov[j].sc < 0;
	cap = first + nr_file; /* at most: own ones may replace the file's */
	for (unsigned int i = 0; i < l->nr_sc; i++)
		if (l->sc[i].nr_overrides)
			cap += nr_file + l->sc[i].nr_overrides;

	file = strdup(l->path);
	if (!file)
		goto nomem;
	files = realloc(cfg->files, (cfg->nr_files + 1) * sizeof(*files));
	if (!files)
		goto nomem;
	cfg->files = files;
	sc = realloc(cfg->sc, (cfg->nr + l->nr_sc) * sizeof(*sc));
	if (!sc)
		goto nomem;
	cfg->sc = sc;
	if (cap && !(ov = malloc(cap * sizeof(*ov))))
		goto nomem;

	/* From here on nothing fails. */
	if (first)
		memcpy(ov, cfg->overrides, first * sizeof(*ov));
	for (unsigned int i = 0; i < cfg->nr; i++)
		if (sc[i].overrides)
			sc[i].overrides =
				ov + (sc[i].overrides - cfg->overrides);
	free(cfg->overrides);
	cfg->overrides = ov;

	at = nr_file ? first + merge_overrides(l, -1, ov + first, 0) : first;
	for (unsigned int i = 0; i < l->nr_sc; i++) {
		struct bench_scenario *s = &sc[cfg->nr + i];

		*s = l->sc[i];
		s->file = file;
		s->overrides = nr_file ? ov + first : NULL;
		s->nr_overrides = nr_file;
		if (!l->sc[i].nr_overrides)
			continue;
		if (nr_file)
			memcpy(ov + at, ov + first, nr_file * sizeof(*ov));
		s->overrides = ov + at;
		s->nr_overrides = merge_overrides(l, (int)i, ov + at, nr_file);
		at += s->nr_overrides;
	}
	for (unsigned int j = first; j < at; j++)
		ov[j].file = file;
	cfg->nr_overrides = at;
	cfg->nr += l->nr_sc;
	cfg->files[cfg->nr_files++] = file;
	return 0;

nomem:
	free(file);
	return fail_at(l, -ENOMEM, 0, "out of memory");
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
	struct stat st;
	int fd, ret;

	if (!l) {
		if (err && errlen)
			snprintf(err, errlen, "%s: out of memory", path);
		return -ENOMEM;
	}
	l->cfg = cfg;
	l->path = path;
	l->r.on_section = config_section;
	l->r.l = l;
	l->run = defaults;

	/* Non-blocking open, so that a FIFO is refused instead of waited on. */
	fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0 || fstat(fd, &st)) {
		int e = errno;

		if (fd >= 0)
			close(fd);
		fail_at(l, -e, 0, "cannot read: %s", strerror(e));
		goto out;
	}
	if (!S_ISREG(st.st_mode)) {
		close(fd);
		fail_at(l, -EINVAL, 0, "cannot read: not a regular file");
		goto out;
	}
	l->r.f = fdopen(fd, "r");
	if (!l->r.f) {
		close(fd);
		fail_at(l, -ENOMEM, 0, "out of memory");
		goto out;
	}
	ret = ini_parse_stream(read_line, &l->r, config_key, l);
	/*
	 * inih's return is the first line it found wrong, its own (a line
	 * that is no section or key) or ours: one of its own before the
	 * line we failed at is the one to report.
	 */
	if (ret > 0 && l->ret && (unsigned int)ret < l->err_line)
		l->ret = 0;
	if (parse_result(l, &l->r, ret))
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
		fprintf(f, "control_shift_ns = %u\n", sc->control_shift_ns);
		fprintf(f, "pulse_ns = %u\n", sc->pulse_ns);
		fprintf(f, "hold_ns = %u\n", sc->hold_ns);
		fprintf(f, "disable_rate = %.17g\n", sc->disable_hz);
		fprintf(f, "disable_ns = %u\n", sc->disable_ns);
		fprintf(f, "lazy_disable = %u\n", sc->lazy_disable);
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
		if (sc->fault.set_type || sc->fault.retrigger ||
		    sc->fault.pin || sc->fault.stall_us ||
		    sc->fault.device_dies_ms) {
			fprintf(f, "fault =%s%s%s",
				sc->fault.set_type ? " set_type" : "",
				sc->fault.retrigger ? " retrigger" : "",
				sc->fault.pin ? " pin" : "");
			if (sc->fault.stall_us)
				fprintf(f, " stall:%u/%u", sc->fault.stall_us,
					sc->fault.stall_every);
			if (sc->fault.device_dies_ms)
				fprintf(f, " device_dies:%u",
					sc->fault.device_dies_ms);
			fputc('\n', f);
		}
		if (sc->chip->real) {
			fprintf(f, "uio = %s\n", sc->uio);
			fprintf(f, "uio_backend = %s\n",
				uio_backend_name(sc->uio_backend));
			fprintf(f, "uio_mask = %s\n",
				uio_mask_name(sc->uio_mask));
		}
		for (unsigned int j = 0; j < sc->nr_overrides; j++) {
			const struct bench_cost_override *o = &sc->overrides[j];

			comment(f, "from %s:%u", o->file, o->line);
			fprintf(f, "cost.%s.%s = %u\n", o->model, o->key,
				o->ns);
		}
	}
	return ferror(f) ? -EIO : 0;
}
