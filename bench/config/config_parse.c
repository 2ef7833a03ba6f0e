// SPDX-License-Identifier: GPL-2.0
/*
 * Reading a scenario file: the sections ([run], [scenario NAME],
 * [cost.MODEL]) and their keys, each value parsed as the key table says
 * (config_keys.c), every unknown section, key, name or bad value refused
 * with one sentence naming the file, the line and the key. The file is
 * read with inih through chips/inifile.c's reader, which counts the lines
 * and sees the section headers (Debian's inih is built without the
 * callbacks that would do it). Once read, each scenario is finished
 * (config_defaults.c, config_rules.c) and the file's scenarios join the
 * config all together or not at all.
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <chips/cost.h>
#include "config.h"
#include "device/replay.h"

int bench_config_fail_at(struct load *l, int ret, unsigned int line,
			 const char *fmt, ...)
{
	const char *file = l->prof ? l->prof : l->path;
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
	if (!l->prof)
		return ret;
	n = strlen(l->err);
	if (l->prof_line)
		snprintf(l->err + n, len - n, " (cost profile of %s:%u)",
			 l->path, l->prof_line);
	else
		snprintf(l->err + n, len - n, " (default cost profile of %s)",
			 l->path);
	return ret;
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
		return config_fail(l, l->r.line,
				   "bad scenario name \"%s\": a NAME is 1-%d "
				   "characters of A-Z, a-z, 0-9, '_', '.' and "
				   "'-'",
				   name, BENCH_NAME_MAX - 1);
	for (unsigned int i = 0; i < cfg->nr + l->nr_sc; i++) {
		sc = i < cfg->nr ? &cfg->sc[i] : &l->sc[i - cfg->nr];
		if (!strcmp(sc->name, name))
			return config_fail(l, l->r.line,
					   "duplicate scenario %s: first "
					   "defined at %s:%u",
					   name, sc->file, sc->line);
	}
	added = realloc(l->sc, (l->nr_sc + 1) * sizeof(*added));
	if (!added)
		return bench_config_fail_at(l, -ENOMEM, l->r.line,
					    "out of memory");
	l->sc = added;
	added += l->nr_sc;
	bench_config_key_defaults(added);
	strcpy(added->name, name);
	added->file = l->path;
	added->line = l->r.line;
	l->cur = l->nr_sc++;
	l->kind = SECT_SCENARIO;
	return 0;
}

static int begin_run(struct load *l)
{
	if (l->run_line)
		return config_fail(l, l->r.line,
				   "duplicate [run]: the first is at %s:%u",
				   l->path, l->run_line);
	l->run_line = l->r.line;
	l->kind = SECT_RUN;
	return 0;
}

/* chip_ini's on_section: @raw as written between the brackets. */
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

	if (!strcmp(name, "run"))
		return begin_run(l);
	if (!strncmp(name, "scenario", 8) &&
	    (!name[8] || isspace((unsigned char)name[8]))) {
		s = name + 8;
		while (isspace((unsigned char)*s))
			s++;
		return begin_scenario(l, s);
	}
	if (!strncmp(name, "cost.", 5) && chip_cost_fields(name + 5) &&
	    strlen(name + 5) < sizeof(l->model)) {
		strcpy(l->model, name + 5);
		l->kind = SECT_COST;
		return 0;
	}
	chip_cost_models(models, sizeof(models));
	if (!strncmp(name, "cost.", 5))
		return config_fail(l, l->r.line,
				   "unknown cost model in [%s]: models are %s",
				   name, models);
	return config_fail(l, l->r.line,
			   "unknown section [%s]: sections are [run], "
			   "[scenario NAME] and [cost.MODEL] with MODEL one of "
			   "%s",
			   name, models);
}

/* Key @name = @v of [run] (@sc is l->run) or of a scenario. */
static int set_key(struct load *l, struct bench_scenario *sc, const char *name,
		   const char *v)
{
	unsigned int where = l->kind == SECT_RUN ? KEY_IN_RUN : KEY_IN_SCENARIO;
	int k = bench_config_key_find(name);
	char msg[1024], names[512];

	if (k < 0 || !(bench_config_keys[k].where & where)) {
		bench_config_key_names(names, sizeof(names));
		return config_fail(
			l, l->r.line,
			"unknown key %s in [%s]: valid keys are "
			"%s%s",
			name, l->kind == SECT_RUN ? "run" : "scenario", names,
			l->kind == SECT_RUN ? "" : ", cost.MODEL.KEY");
	}
	if (sc->key_line[k])
		return config_fail(l, l->r.line,
				   "duplicate key %s: first set at line %u",
				   name, sc->key_line[k]);
	if (!*v)
		return config_fail(l, l->r.line,
				   "key %s: no value: expected %s", name,
				   bench_config_keys[k].expect);
	if (bench_config_keys[k].type == KEY_COST) {
		if (bench_config_cost_set(l, sc, v, l->r.line))
			return l->ret;
	} else if (bench_config_key_parse(sc, k, v, msg, sizeof(msg))) {
		return config_fail(l, l->r.line, "%s", msg);
	}
	sc->key_line[k] = l->r.line;
	return 0;
}

/* inih's handler: nonzero to go on. */
static int config_key(void *user, const char *section, const char *name,
		      const char *value)
{
	struct load *l = user;
	char msg[1024];

	(void)section;
	if (chip_ini_continued(&l->r)) {
		chip_ini_continued_msg(name, msg, sizeof(msg));
		return !config_fail(l, l->r.line, "%s", msg);
	}
	switch (l->kind) {
	case SECT_NONE:
		return !config_fail(l, l->r.line,
				    "key %s is outside any section: put it "
				    "under [run] or [scenario NAME]",
				    name);
	case SECT_COST:
		return !bench_config_cost_key(l, name, value);
	case SECT_RUN:
		return !set_key(l, &l->run, name, value);
	case SECT_SCENARIO:
	default:
		if (!strncmp(name, "cost.", 5))
			return !bench_config_override_key(l, name, value);
		return !set_key(l, &l->sc[l->cur], name, value);
	}
}

/*
 * Append the file's scenarios to @l->cfg and its overrides to the pool
 * cfg->overrides, which every scenario's overrides point into: first the
 * file's [cost.MODEL] block, shared by its scenarios without overrides of
 * their own, then a merged block for each scenario with some. The pool is
 * copied to a larger one, the older scenarios' pointers moved with it.
 * Everything that can fail is allocated first (reserve()); then nothing
 * fails, so @cfg is either unchanged or complete.
 */
static void commit(struct load *l, char *file, struct bench_cost_override *ov,
		   unsigned int nr_file)
{
	struct bench_config *cfg = l->cfg;
	struct bench_scenario *sc = cfg->sc;
	unsigned int first = cfg->nr_overrides, at;

	if (first)
		memcpy(ov, cfg->overrides, first * sizeof(*ov));
	for (unsigned int i = 0; i < cfg->nr; i++)
		if (sc[i].overrides)
			sc[i].overrides =
				ov + (sc[i].overrides - cfg->overrides);
	free(cfg->overrides);
	cfg->overrides = ov;

	at = nr_file ? first + bench_config_overrides_merge(l, -1, ov + first,
							    0) :
		       first;
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
		s->nr_overrides = bench_config_overrides_merge(
			l, (int)i, ov + at, nr_file);
		at += s->nr_overrides;
	}
	for (unsigned int j = first; j < at; j++)
		ov[j].file = file;
	cfg->nr_overrides = at;
	cfg->nr += l->nr_sc;
	cfg->files[cfg->nr_files++] = file;
}

/* Allocate what commit() needs, then commit. */
static int reserve(struct load *l)
{
	struct bench_config *cfg = l->cfg;
	struct bench_cost_override *ov = NULL;
	unsigned int nr_file = 0, cap;
	struct bench_scenario *sc;
	char **files, *file;

	for (unsigned int j = 0; j < l->nr_ov; j++)
		nr_file += l->ov[j].sc < 0;
	cap = cfg->nr_overrides + nr_file; /* own ones may replace these */
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
	commit(l, file, ov, nr_file);
	return 0;

nomem:
	free(file);
	return bench_config_fail_at(l, -ENOMEM, 0, "out of memory");
}

/* After chip_ini_parse() returned @ret: the first error, if any. */
static int parse_result(struct load *l, int ret)
{
	unsigned int line;
	char msg[256];
	int err;

	/*
	 * inih's return is the first line it found wrong, its own (a line
	 * that is no section or key) or ours: one of its own before the
	 * line we failed at is the one to report.
	 */
	if (ret > 0 && l->ret && (unsigned int)ret < l->err_line)
		l->ret = 0;
	if (l->ret)
		return l->ret;
	err = chip_ini_error(&l->r, ret, &line, msg, sizeof(msg));
	if (err == -EIO) /* the file's, not a line's */
		return config_fail(l, 0, "%s", msg);
	if (err)
		return bench_config_fail_at(l, err, line, "%s", msg);
	return 0;
}

/* Open @l->path as the reader's file: a regular file, never waited on. */
static int open_config(struct load *l)
{
	struct stat st;
	int fd;

	/* Non-blocking open, so that a FIFO is refused instead of waited on. */
	fd = open(l->path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0 || fstat(fd, &st)) {
		int e = errno;

		if (fd >= 0)
			close(fd);
		return bench_config_fail_at(l, -e, 0, "cannot read: %s",
					    strerror(e));
	}
	if (!S_ISREG(st.st_mode)) {
		close(fd);
		return bench_config_fail_at(l, -EINVAL, 0,
					    "cannot read: not a regular file");
	}
	l->r.f = fdopen(fd, "r");
	if (!l->r.f) {
		close(fd);
		return bench_config_fail_at(l, -ENOMEM, 0, "out of memory");
	}
	return 0;
}

/* Read the file, finish its scenarios and add them to the config. */
static int load(struct load *l, const struct bench_params *p)
{
	if (open_config(l) ||
	    parse_result(l, chip_ini_parse(&l->r, config_key, l)))
		return l->ret;
	if (!l->nr_sc)
		return config_fail(l, 0, "no [scenario NAME] section");
	for (unsigned int i = 0; i < l->nr_sc; i++) {
		if (bench_config_resolve(l, &l->sc[i]) ||
		    bench_config_check(l, &l->sc[i]))
			return l->ret;
		bench_config_apply_params(&l->sc[i], p);
	}
	return reserve(l);
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
	int ret;

	if (!l) {
		if (err && errlen)
			snprintf(err, errlen, "%s: out of memory", path);
		return -ENOMEM;
	}
	l->cfg = cfg;
	l->path = path;
	l->r.on_section = config_section;
	l->r.user = l;
	bench_config_key_defaults(&l->run);

	ret = load(l, p);
	if (ret && err && errlen)
		snprintf(err, errlen, "%s", l->err);
	/* On success the recordings went to @cfg with their scenarios. */
	for (unsigned int i = 0; ret && i < l->nr_sc; i++)
		bench_replay_free(l->sc[i].replay_rec);
	if (l->r.f)
		fclose(l->r.f);
	chip_ini_release(&l->r);
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
	for (unsigned int i = 0; i < cfg->nr; i++)
		bench_replay_free(cfg->sc[i].replay_rec);
	for (unsigned int i = 0; i < cfg->nr_files; i++)
		free(cfg->files[i]);
	free(cfg->files);
	free(cfg->sc);
	free(cfg->overrides);
	memset(cfg, 0, sizeof(*cfg));
}
