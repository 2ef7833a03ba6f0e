// SPDX-License-Identifier: GPL-2.0
/*
 * What a scenario file says about costs: key cost (zero, realistic or a
 * profile file, resolved to a path and checked whole with chips/cost.c's
 * reader, so that a run never starts on a profile a model would refuse),
 * the file's [cost.MODEL] keys and a scenario's own cost.MODEL.KEY keys
 * (each value read as chips/cost.c reads a profile's), and how the two
 * kinds of override merge.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <chips/cost.h>
#include "config.h"

static int cannot_read(struct load *l, unsigned int line, const char *v,
		       const char *path)
{
	int e = errno;

	return bench_config_fail_at(
		l, e == ENOENT ? -ENOENT : -EINVAL, line,
		"key cost: \"%s\": cannot read the cost profile "
		"%s: %s",
		v, path, strerror(e));
}

/* An error in profile @path, chosen on config @line (0: the default). */
static int profile_fail(struct load *l, const char *path, unsigned int line,
			int ret, unsigned int at, const char *msg)
{
	l->prof = path;
	l->prof_line = line;
	ret = bench_config_fail_at(l, ret, at, "%s", msg);
	l->prof = NULL;
	return ret;
}

/* Check that @path (cost = @v on config @line) is a valid cost profile. */
static int check_profile(struct load *l, const char *path, unsigned int line,
			 const char *v)
{
	struct chip_cost_error e = { 0 };
	struct stat st;
	FILE *f;
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
		return profile_fail(l, path, line, -EINVAL, 0,
				    "cannot read: not a regular file");
	}
	f = fdopen(fd, "r");
	if (!f) {
		close(fd);
		return cannot_read(l, line, v, path);
	}
	ret = chip_cost_read(f, NULL, &e);
	fclose(f);
	if (ret)
		return profile_fail(l, path, line,
				    ret == -ENOMEM ? -ENOMEM : -EINVAL, e.line,
				    e.msg);
	snprintf(l->checked, sizeof(l->checked), "%s", path);
	return 0;
}

/**
 * bench_config_path - a file a config names, as a path
 * @l: the load, whose config file's folder a relative @v is from
 * @v: the value, absolute or relative
 * @path: the result, cut short at @size (as snprintf() does)
 * @size: @path's size
 *
 * Key cost's profiles and key replay's recordings alike: @v itself if
 * absolute, else @v in the folder of the config (".", "/" for "/FILE").
 */
void bench_config_path(const struct load *l, const char *v, char *path,
		       size_t size)
{
	const char *slash = strrchr(l->path, '/');

	if (v[0] == '/')
		snprintf(path, size, "%s", v);
	else if (!slash)
		snprintf(path, size, "./%s", v);
	else /* the directory, "/" for "/FILE" */
		snprintf(path, size, "%.*s/%s",
			 slash == l->path ? 1 : (int)(slash - l->path), l->path,
			 v);
}

/* Resolve cost = @v (given on @line, 0: the default) to a profile path. */
static int resolve(struct load *l, struct bench_scenario *sc, const char *v,
		   unsigned int line)
{
	char path[PATH_MAX * 2];
	int n;

	if (strlen(v) >= sizeof(sc->cost_name))
		return config_fail(l, line, "key cost: \"%s\" is not %s", v,
				   bench_config_keys[BENCH_KEY_COST].expect);
	strcpy(sc->cost_name, v);
	if (!strcmp(v, "zero") || !strcmp(v, "realistic")) {
		n = snprintf(sc->cost, sizeof(sc->cost),
			     IRQLAB_CONFIG_DIR "/cost/%s.ini", v);
		if (n < 0 || (size_t)n >= sizeof(sc->cost))
			return config_fail(l, line, "key cost: path too long");
		return 0;
	}
	bench_config_path(l, v, path, sizeof(path));
	if (!realpath(path, sc->cost))
		return cannot_read(l, line, v, path);
	return 0;
}

/**
 * bench_config_cost_set - key cost = @v, read on @line: resolve and check it
 * @l: the load
 * @sc: the scenario, or the file's [run] values
 * @v: zero, realistic, or a profile file relative to the config's folder
 * @line: the key's line
 *
 * Return: 0, or the error bench_config_fail_at() recorded.
 */
int bench_config_cost_set(struct load *l, struct bench_scenario *sc,
			  const char *v, unsigned int line)
{
	if (resolve(l, sc, v, line))
		return l->ret;
	return check_profile(l, sc->cost, line, v);
}

/**
 * bench_config_cost_default - the key table's resolve for cost: profile zero
 * @l: the load
 * @sc: a scenario that sets no cost, itself or through [run]
 *
 * The profile is checked with the rest of the scenario, by
 * bench_config_cost_check_default(), after the rules between keys.
 *
 * Return: 0, or the error bench_config_fail_at() recorded.
 */
int bench_config_cost_default(struct load *l, struct bench_scenario *sc)
{
	return resolve(l, sc, "zero", 0);
}

/**
 * bench_config_cost_check_default - check the default profile of @sc, if it has it
 * @l: the load
 * @sc: the scenario
 *
 * Return: 0, or the error bench_config_fail_at() recorded.
 */
int bench_config_cost_check_default(struct load *l, struct bench_scenario *sc)
{
	if (sc->key_line[BENCH_KEY_COST])
		return 0;
	return check_profile(l, sc->cost, 0, sc->cost_name);
}

/* One override: [cost.MODEL] KEY (@sc < 0) or scenario @sc's own. */
static int add_override(struct load *l, const char *model, const char *key,
			const char *v, int sc)
{
	struct load_override *o;
	char msg[1024];
	unsigned int ns;

	if (chip_cost_parse(model, key, v, &ns, msg, sizeof(msg)))
		return config_fail(l, l->r.line, "%s", msg);
	/* By index: l->ov is NULL before the first (no NULL + 0). */
	for (unsigned int i = 0; i < l->nr_ov; i++)
		if (l->ov[i].sc == sc && !strcmp(l->ov[i].o.model, model) &&
		    !strcmp(l->ov[i].o.key, key))
			return config_fail(l, l->r.line,
					   "duplicate key %s for model %s: "
					   "first set at line %u",
					   key, model, l->ov[i].o.line);
	o = realloc(l->ov, (l->nr_ov + 1) * sizeof(*o));
	if (!o)
		return bench_config_fail_at(l, -ENOMEM, l->r.line,
					    "out of memory");
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

/**
 * bench_config_cost_key - KEY = @v in the [cost.MODEL] section being read
 * @l: the load, its @model the section's
 * @name: the key
 * @v: its value
 *
 * Return: 0, or the error bench_config_fail_at() recorded.
 */
int bench_config_cost_key(struct load *l, const char *name, const char *v)
{
	return add_override(l, l->model, name, v, -1);
}

/**
 * bench_config_override_key - the scenario being read's own cost.MODEL.KEY = @v
 * @l: the load
 * @name: the whole key, "cost.MODEL.KEY"
 * @v: its value
 *
 * Return: 0, or the error bench_config_fail_at() recorded.
 */
int bench_config_override_key(struct load *l, const char *name, const char *v)
{
	char model[32], models[128];
	const char *dot = strchr(name + 5, '.');
	size_t n = dot ? (size_t)(dot - (name + 5)) : 0;

	chip_cost_models(models, sizeof(models));
	if (!dot || n >= sizeof(model))
		return config_fail(l, l->r.line,
				   "key %s: expected cost.MODEL.KEY with MODEL "
				   "one of %s",
				   name, models);
	memcpy(model, name + 5, n);
	model[n] = '\0';
	if (!chip_cost_fields(model))
		return config_fail(l, l->r.line,
				   "key %s: unknown cost model %s: models are "
				   "%s",
				   name, model, models);
	return add_override(l, model, dot + 1, v, (int)l->cur);
}

/**
 * bench_config_overrides_merge - scenario @i's overrides over the @n at @out
 * @l: the load
 * @i: the scenario's index in @l->sc; -1: the file's [cost.MODEL] keys
 * @out: the overrides so far; room for @n plus all of @i's
 * @n: how many
 *
 * One for the same cost replaces the one at @out, others are added.
 *
 * Return: the count at @out.
 */
unsigned int bench_config_overrides_merge(const struct load *l, int i,
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
