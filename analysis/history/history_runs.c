// SPDX-License-Identifier: GPL-2.0
/*
 * irqlab history's runs: every folder holding summary.json at or below
 * the folders named, each read through run_load() and kept as the index
 * keeps it (history_internal.h): where, what build, which config, and a
 * row per cell with its quantiles and the blocks' intervals (export.h).
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "analysis/export.h"
#include "analysis/history.h"
#include "history_internal.h"

char *h_dup(const char *s, bool *fail)
{
	char *d = s ? strdup(s) : NULL;

	if (s && !d)
		*fail = true;
	return d;
}

struct found {
	char **v;
	size_t n, cap;
};

static int found_add(struct found *f, const char *path)
{
	if (f->n == f->cap) {
		size_t cap = f->cap ? 2 * f->cap : 16;
		char **v = realloc(f->v, cap * sizeof(*v));

		if (!v)
			return -ENOMEM;
		f->v = v;
		f->cap = cap;
	}
	f->v[f->n] = strdup(path);
	return f->v[f->n++] ? 0 : -ENOMEM;
}

/* @dir, if it holds summary.json, else its subfolders, recursively. */
static int walk(const char *dir, unsigned int depth, struct found *f, char *err,
		size_t errlen)
{
	char path[4200];
	struct dirent *e;
	DIR *d;
	int ret = 0;

	snprintf(path, sizeof(path), "%s/summary.json", dir);
	if (!access(path, F_OK))
		return found_add(f, dir);
	if (depth > 16)
		return 0;
	d = opendir(dir);
	if (!d) {
		snprintf(err, errlen, "%s: %s", dir, strerror(errno));
		return -errno;
	}
	while (!ret && (e = readdir(d))) {
		struct stat st;

		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		if (!lstat(path, &st) && S_ISDIR(st.st_mode))
			ret = walk(path, depth + 1, f, err, errlen);
	}
	closedir(d);
	return ret;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int history_find_runs(const char *const *dirs, size_t n, char ***runs,
		      size_t *nruns, char *err, size_t errlen)
{
	struct found f = { 0 };
	size_t k = 0;
	int ret = 0;

	for (size_t i = 0; i < n && !ret; i++) {
		char dir[4096];
		size_t len = strlen(dirs[i]);

		/* "results/" and "results" are one folder. */
		snprintf(dir, sizeof(dir), "%s", dirs[i]);
		while (len > 1 && dir[len - 1] == '/')
			dir[--len] = '\0';
		ret = walk(dir, 0, &f, err, errlen);
	}
	if (ret == -ENOMEM)
		snprintf(err, errlen, "out of memory");
	if (!ret && !f.n) {
		snprintf(err, errlen, "%s: no run folder (summary.json) there",
			 n ? dirs[0] : "(nothing)");
		ret = -ENOENT;
	}
	if (ret) {
		history_runs_free(f.v, f.n);
		return ret;
	}
	qsort(f.v, f.n, sizeof(*f.v), cmp_str);
	for (size_t i = 0; i < f.n; i++)
		if (k && !strcmp(f.v[k - 1], f.v[i]))
			free(f.v[i]);
		else
			f.v[k++] = f.v[i];
	*runs = f.v;
	*nruns = k;
	return 0;
}

void history_runs_free(char **runs, size_t n)
{
	for (size_t i = 0; runs && i < n; i++)
		free(runs[i]);
	free(runs);
}

static void cell_fill(struct h_cell *c, const struct run_scenario *sc,
		      const struct run_design *d, bool *fail)
{
	double p;

	c->scenario = h_dup(sc->name, fail);
	c->design = h_dup(d->design, fail);
	c->chip = h_dup(sc->chip, fail);
	c->trigger = h_dup(sc->trigger, fail);
	c->flow = h_dup(d->flow, fail);
	c->origin = d->has_origin && d->origin == RUN_FROM_FIRE ? "fire" :
								  "intended";
	c->blocks = d->nblocks ? d->nblocks : d->blocks;
	c->fired = d->fired;
	c->serviced = d->serviced;
	c->coalesced = d->coalesced;
	c->stranded = d->stranded;
	c->p50 = d->entry.p50;
	c->p99 = d->entry.p99;
	c->p999 = d->entry.p999;
	c->max = d->entry.max;
	export_block_interval(d, RUN_Q50, &c->p50b, &c->p50lo, &c->p50hi);
	export_block_interval(d, RUN_Q99, &c->p99b, &c->p99lo, &c->p99hi);
	p = d->throughput;
	c->per_s = p;
	c->accesses = d->accesses_per_irq;
}

/* The build: its revision, type and sanitizer, as one name. */
static char *build_name(const struct run *r, bool *fail)
{
	const struct environment *e = &r->environment;
	char b[256];

	if (!r->has_environment)
		return h_dup("unknown", fail);
	snprintf(b, sizeof(b), "%s %s%s%s", e->git_revision, e->build_type,
		 e->sanitizer && *e->sanitizer ? " " : "",
		 e->sanitizer ? e->sanitizer : "");
	return h_dup(b, fail);
}

static int run_fill(struct h_run *h, const struct run *r)
{
	const struct environment *e = &r->environment;
	bool env = r->has_environment, fail = false;
	const char *base = strrchr(r->dir, '/');

	h->dir = h_dup(r->dir, &fail);
	h->id = h_dup(base && base[1] ? base + 1 : r->dir, &fail);
	h->host = h_dup(r->host		    ? r->host :
			env && e->host.name ? e->host.name :
					      "unknown",
			&fail);
	h->cpu_model = h_dup(env ? e->host.cpu_model : NULL, &fail);
	h->kernel = h_dup(env ? e->host.release : NULL, &fail);
	h->irqlab = h_dup(r->irqlab, &fail);
	h->revision = h_dup(env ? e->git_revision : NULL, &fail);
	h->build_type = h_dup(env ? e->build_type : NULL, &fail);
	h->sanitizer = h_dup(env ? e->sanitizer : NULL, &fail);
	h->build = build_name(r, &fail);
	h->started = h_dup(r->started ? r->started : "", &fail);
	if (export_config_hash(r->dir, h->config))
		h->config[0] = '\0';
	h->complete = r->complete;
	h->traced = r->traced;
	for (size_t s = 0; s < r->nsc; s++)
		h->nc += r->sc[s].nd;
	h->c = calloc(h->nc ? h->nc : 1, sizeof(*h->c));
	if (!h->c)
		return -ENOMEM;
	h->nc = 0;
	for (size_t s = 0; s < r->nsc; s++)
		for (size_t k = 0; k < r->sc[s].nd; k++)
			cell_fill(&h->c[h->nc++], &r->sc[s], &r->sc[s].d[k],
				  &fail);
	return fail ? -ENOMEM : 0;
}

int h_runs_load(char *const *dirs, size_t n, struct h_run **runs, char *err,
		size_t errlen)
{
	struct h_run *h = calloc(n ? n : 1, sizeof(*h));
	int ret = h ? 0 : -ENOMEM;

	for (size_t i = 0; i < n && !ret; i++) {
		struct run r;

		ret = run_load(dirs[i], true, &r, err, errlen);
		if (ret)
			break;
		ret = run_fill(&h[i], &r);
		run_free(&r);
	}
	if (ret == -ENOMEM)
		snprintf(err, errlen, "out of memory");
	if (ret) {
		h_runs_free(h, n);
		return ret;
	}
	*runs = h;
	return 0;
}

void h_runs_free(struct h_run *runs, size_t n)
{
	for (size_t i = 0; runs && i < n; i++) {
		struct h_run *h = &runs[i];

		for (size_t k = 0; h->c && k < h->nc; k++) {
			free(h->c[k].scenario);
			free(h->c[k].design);
			free(h->c[k].chip);
			free(h->c[k].trigger);
			free(h->c[k].flow);
		}
		free(h->c);
		free(h->dir);
		free(h->id);
		free(h->host);
		free(h->cpu_model);
		free(h->kernel);
		free(h->irqlab);
		free(h->revision);
		free(h->build_type);
		free(h->sanitizer);
		free(h->build);
		free(h->started);
	}
	free(runs);
}
