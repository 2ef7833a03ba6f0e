// SPDX-License-Identifier: GPL-2.0
/*
 * irqlab history's steps: the runs grouped by host and config, each
 * group's builds in the order of their first run, and each build set
 * against the one before it by irqlab compare itself (compare_main(),
 * with --json), whose outcome and per-cell verdicts are kept as it gave
 * them. Its printed report is not wanted here: standard output is sent
 * to /dev/null for the call.
 */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <jansson.h>
#include "analysis/report.h"
#include "history_internal.h"

static const struct h_run *sort_base;

/* Host, config, time, folder: each group's runs in time order. */
static int by_group_time(const void *a, const void *b)
{
	const struct h_run *x = &sort_base[*(const size_t *)a];
	const struct h_run *y = &sort_base[*(const size_t *)b];
	int c = strcmp(x->host, y->host);

	if (!c)
		c = strcmp(x->config, y->config);
	if (!c)
		c = strcmp(x->started, y->started);
	return c ? c : strcmp(x->dir, y->dir);
}

static double jnum(const json_t *o, const char *k)
{
	const json_t *v = json_object_get(o, k);

	return json_is_number(v) ? json_number_value(v) : NAN;
}

/* The p50 and p99 cells of compare's JSON into @s. 0 or -ENOMEM. */
static int verdicts(json_t *j, struct h_step *s)
{
	json_t *metrics = json_object_get(
		json_array_get(json_object_get(j, "sides"), 0), "metrics");
	size_t i, k;
	json_t *m, *c;
	bool fail = false;

	json_array_foreach(metrics, i, m)
	{
		const char *name =
			json_string_value(json_object_get(m, "metric"));
		json_t *cells = json_object_get(m, "cells");
		struct h_verdict *v;

		if (!name || (strcmp(name, "p50") && strcmp(name, "p99")))
			continue;
		v = realloc(s->v,
			    (s->nv + json_array_size(cells) + 1) * sizeof(*v));
		if (!v)
			return -ENOMEM;
		s->v = v;
		json_array_foreach(cells, k, c)
		{
			struct h_verdict *x = &s->v[s->nv++];

			x->scenario = h_dup(json_string_value(json_object_get(
						    c, "scenario")),
					    &fail);
			x->design = h_dup(
				json_string_value(json_object_get(c, "design")),
				&fail);
			x->metric = h_dup(name, &fail);
			x->verdict = h_dup(json_string_value(json_object_get(
						   c, "verdict")),
					   &fail);
			x->base = jnum(c, "base");
			x->run = jnum(c, "run");
			x->ratio = jnum(c, "ratio");
			x->lo = jnum(c, "lo");
			x->hi = jnum(c, "hi");
		}
	}
	return fail ? -ENOMEM : 0;
}

/* compare_main() with stdout to /dev/null; its exit status. */
static int quiet_compare(int argc, char **argv)
{
	int saved, null, ret;

	fflush(stdout);
	saved = dup(STDOUT_FILENO);
	null = open("/dev/null", O_WRONLY | O_CLOEXEC);
	if (saved < 0 || null < 0 || dup2(null, STDOUT_FILENO) < 0) {
		ret = -errno;
		goto out;
	}
	ret = compare_main(argc, argv);
	fflush(stdout);
	dup2(saved, STDOUT_FILENO);
out:
	if (null >= 0)
		close(null);
	if (saved >= 0)
		close(saved);
	return ret;
}

/* Step @s: the runs @from (@nf) as the base, @to (@nt) the other side. */
static int judge(struct h_step *s, const struct h_run *runs, const size_t *from,
		 size_t nf, const size_t *to, size_t nt)
{
	static const char *const head[] = { "compare",	"--metric", "p50",
					    "--metric", "p99",	    "--json" };
	char json[] = "/tmp/irqlab-history-XXXXXX", why[64];
	char **argv = calloc(8 + 2 * nf + nt, sizeof(*argv));
	int argc = 0, fd = mkstemp(json), ret = 0;
	bool fail = false;
	json_t *j;

	if (!argv || fd < 0) {
		ret = fd < 0 ? -errno : -ENOMEM;
		free(argv);
		if (fd >= 0)
			close(fd);
		return ret;
	}
	close(fd);
	for (size_t i = 0; i < sizeof(head) / sizeof(*head); i++)
		argv[argc++] = (char *)head[i];
	argv[argc++] = json;
	for (size_t i = 0; i < nf; i++) {
		argv[argc++] = (char *)"--base";
		argv[argc++] = runs[from[i]].dir;
	}
	for (size_t i = 0; i < nt; i++)
		argv[argc++] = runs[to[i]].dir;
	s->exit = quiet_compare(argc, argv);
	free(argv);
	j = json_load_file(json, 0, NULL);
	unlink(json);
	if (!j) {
		snprintf(why, sizeof(why), "not compared (exit %d)", s->exit);
		s->outcome = h_dup(why, &fail);
		return fail ? -ENOMEM : 0;
	}
	s->outcome =
		h_dup(json_string_value(json_object_get(j, "outcome")), &fail);
	ret = fail ? -ENOMEM : verdicts(j, s);
	json_decref(j);
	return ret;
}

/* The runs of @idx[0..n) with build @b, in time order, into @out. */
static size_t build_runs(const struct h_run *runs, const size_t *idx, size_t n,
			 const char *b, size_t *out)
{
	size_t k = 0;

	for (size_t i = 0; i < n; i++)
		if (!strcmp(runs[idx[i]].build, b))
			out[k++] = idx[i];
	return k;
}

/* The steps of one group (@idx: its runs in time order). 0 or -errno. */
static int group_steps(const struct h_run *runs, const size_t *idx, size_t n,
		       struct h_step **steps, size_t *nsteps)
{
	size_t *a = calloc(n, sizeof(*a)), *b = calloc(n, sizeof(*b));
	const char *prev = NULL;
	size_t na = 0;
	int ret = a && b ? 0 : -ENOMEM;

	for (size_t i = 0; i < n && !ret; i++) {
		const char *cur = runs[idx[i]].build;
		bool seen = false;
		struct h_step *s;
		size_t nb;

		/* A build's first run: its place in the order. */
		for (size_t k = 0; k < i && !seen; k++)
			seen = !strcmp(runs[idx[k]].build, cur);
		if (seen)
			continue;
		nb = build_runs(runs, idx, n, cur, b);
		if (prev) {
			s = realloc(*steps, (*nsteps + 1) * sizeof(*s));
			if (!s) {
				ret = -ENOMEM;
				break;
			}
			*steps = s;
			s = &s[(*nsteps)++];
			memset(s, 0, sizeof(*s));
			s->host = runs[idx[0]].host;
			s->config = runs[idx[0]].config;
			s->from = prev;
			s->to = cur;
			s->nfrom = na;
			s->nto = nb;
			ret = judge(s, runs, a, na, b, nb);
		}
		memcpy(a, b, nb * sizeof(*a));
		na = nb;
		prev = cur;
	}
	free(a);
	free(b);
	return ret;
}

int h_steps(const struct h_run *runs, size_t n, struct h_step **steps,
	    size_t *nsteps, char *err, size_t errlen)
{
	size_t *idx = calloc(n ? n : 1, sizeof(*idx));
	int ret = 0;

	*steps = NULL;
	*nsteps = 0;
	if (!idx)
		goto nomem;
	for (size_t i = 0; i < n; i++)
		idx[i] = i;
	sort_base = runs;
	qsort(idx, n, sizeof(*idx), by_group_time);
	for (size_t i = 0, end; i < n && !ret; i = end) {
		for (end = i + 1;
		     end < n &&
		     !strcmp(runs[idx[end]].host, runs[idx[i]].host) &&
		     !strcmp(runs[idx[end]].config, runs[idx[i]].config);
		     end++)
			;
		ret = group_steps(runs, idx + i, end - i, steps, nsteps);
	}
	free(idx);
	if (ret == -ENOMEM)
		goto nomem;
	if (ret)
		snprintf(err, errlen, "cannot run irqlab compare: %s",
			 strerror(-ret));
	return ret;
nomem:
	snprintf(err, errlen, "out of memory");
	return -ENOMEM;
}

void h_steps_free(struct h_step *steps, size_t n)
{
	for (size_t i = 0; steps && i < n; i++) {
		for (size_t k = 0; k < steps[i].nv; k++) {
			free(steps[i].v[k].scenario);
			free(steps[i].v[k].design);
			free(steps[i].v[k].metric);
			free(steps[i].v[k].verdict);
		}
		free(steps[i].v);
		free(steps[i].outcome);
	}
	free(steps);
}
