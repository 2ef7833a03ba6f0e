// SPDX-License-Identifier: GPL-2.0
/*
 * The result of the stage state machine (stages_finish()): the tracepoint
 * cost subtracted from every value, the groups sorted and laid out as
 * the all-CPU group of each scenario x design x flow followed by its
 * per-CPU ones, each CPU's series sorted once (stages_sort.c) and merged
 * for all CPUs, the figures and the settled values taken from that one
 * sort.
 */
#define _GNU_SOURCE /* qsort_r */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "stages_internal.h"

static const char *group_flow(const struct stages *s, const struct igroup *g)
{
	return g->flow < 0 ? "" : s->flows[g->flow];
}

static int group_cmp(const void *a, const void *b, void *arg)
{
	const struct stages *st = arg;
	const struct igroup *x = a, *y = b;
	const struct ctx *cx = &st->ctx[x->ctx], *cy = &st->ctx[y->ctx];
	int c = strcmp(cx->scenario, cy->scenario);

	if (!c)
		c = strcmp(cx->design, cy->design);
	if (!c)
		c = strcmp(cx->chip, cy->chip);
	if (!c)
		c = strcmp(group_flow(st, x), group_flow(st, y));
	if (!c)
		c = (x->cpu > y->cpu) - (x->cpu < y->cpu);
	return c;
}

static struct stages_series *out_series(struct stages_group *g, int i)
{
	if (i == S_ENTRY)
		return &g->entry;
	if (i < S_ACTION)
		return &g->op[i - S_OP0];
	switch (i) {
	case S_ACTION:
		return &g->action;
	case S_EXIT:
		return &g->exit;
	case S_TOTAL:
		return &g->total;
	case S_DISPATCH:
		return &g->dispatch;
	default:
		return &g->latency;
	}
}

static int out_names(struct stages_group *o, const struct stages *s,
		     const struct igroup *g)
{
	const struct ctx *c = &s->ctx[g->ctx];

	o->scenario = strdup(c->scenario);
	o->design = strdup(c->design);
	o->chip = strdup(c->chip);
	o->flow = strdup(group_flow(s, g));
	return o->scenario && o->design && o->chip && o->flow ? 0 : -ENOMEM;
}

static bool same_but_cpu(const struct igroup *a, const struct igroup *b)
{
	return a->ctx == b->ctx && a->flow == b->flow;
}

/*
 * The statistics of series @i of the @m groups @a from their keys @kd,
 * settled (stages_settle()) in @t, into @os; its values too if @keep.
 */
static int series_stats(const struct keyed *kd, const struct igroup *a,
			size_t m, int i, double cost, bool keep,
			struct stages_scratch *t, struct stages_series *os)
{
	size_t n = kd->n;

	if (stages_grow(&t->sort_w, &t->sort_wcap, n, sizeof(*t->sort_w)))
		return -ENOMEM;
	stages_settle(kd, a, m, i, cost, t->sort_w);
	os->n = n;
	irqstat_compute_sorted(t->sort_w, n, &os->st);
	if (!keep)
		return 0;
	os->v = malloc((n ? n : 1) * sizeof(*os->v));
	if (!os->v)
		return -ENOMEM;
	memcpy(os->v, t->sort_w, n * sizeof(*os->v));
	os->cap = n;
	return 0;
}

/*
 * Series @i of the groups [@a, @b), which share all but the CPU, into
 * @o, the all-CPU group, and the CPUs' after it: each CPU's values keyed
 * and sorted once, its figures and statistics, the same merged for the
 * all-CPU group. One CPU alone gives it the same figures and lends it
 * its values.
 */
static int run_series(struct igroup *a, struct igroup *b, int i, bool keep,
		      const struct stages_calibration *c,
		      struct stages_scratch *t, struct stages_group *o)
{
	size_t m = (size_t)(b - a);
	struct keyed *kd = calloc(m + 1, sizeof(*kd));
	struct stages_series *os = out_series(o, i), *cs;
	int ret;

	if (!kd)
		return -ENOMEM;
	ret = stages_run_keys(a, m, i, c->median, kd, t);
	for (size_t x = 0; x < m && !ret; x++) {
		cs = out_series(&o[1 + x], i);
		stages_keyed_figures(&kd[x], c, cs->fig);
		ret = series_stats(&kd[x], &a[x], 1, i, c->median, keep, t, cs);
	}
	cs = out_series(&o[1], i);
	if (!ret && m > 1) {
		stages_keyed_figures(&kd[m], c, os->fig);
		ret = series_stats(&kd[m], a, m, i, c->median, keep, t, os);
	} else if (!ret) {
		memcpy(os->fig, cs->fig, sizeof(os->fig));
		os->st = cs->st;
		os->n = cs->n;
		os->v = cs->v;
		os->lent = cs->v != NULL;
	}
	for (size_t x = 0; x <= m; x++)
		if (!kd[x].scratch) {
			free(kd[x].w);
			free(kd[x].k);
		}
	for (size_t x = 0; x < m; x++)
		stages_series_free(&a[x].s[i]);
	free(kd);
	return ret;
}

/*
 * The groups [@i, @j) of @s, which share all but the CPU, into @o: the
 * all-CPU group, then one per CPU.
 */
static int out_run(struct stages *s, size_t i, size_t j, struct stages_group *o,
		   const struct stages_calibration *c, struct stages_scratch *t)
{
	struct igroup *g = s->groups;
	int ret = out_names(o, s, &g[i]);

	o->cpu = -1;
	for (size_t x = i; x < j && !ret; x++) {
		struct stages_group *cg = &o[1 + x - i];

		o->interrupts += g[x].interrupts;
		cg->cpu = g[x].cpu > INT32_MAX ? INT32_MAX : (int)g[x].cpu;
		cg->interrupts = g[x].interrupts;
		ret = out_names(cg, s, &g[x]);
	}
	for (int k = 0; k < NR_SERIES && !ret; k++)
		ret = run_series(&g[i], &g[j], k, s->keep_values, c, t, o);
	return ret;
}

/* Every block (context 0 is outside any) that recorded something. */
static int out_blocks(const struct stages *s, struct stages_result *out)
{
	out->blocks = calloc(s->nctx, sizeof(*out->blocks));
	if (!out->blocks)
		return -ENOMEM;
	for (size_t i = 1; i < s->nctx; i++) {
		const struct ctx *c = &s->ctx[i];
		struct stages_block *b = &out->blocks[out->nblocks];

		if (!c->events)
			continue;
		*b = (struct stages_block){ strdup(c->scenario),
					    strdup(c->design), strdup(c->chip),
					    c->events, c->interrupts };
		out->nblocks++;
		if (!b->scenario || !b->design || !b->chip) {
			stages_result_free(out);
			return -ENOMEM;
		}
	}
	return 0;
}

int stages_finish(struct stages *s, struct stages_result *out)
{
	struct stages_scratch t = { 0 };
	size_t runs = 0, at = 0;
	int ret = 0;

	memset(out, 0, sizeof(*out));
	for (size_t i = 0; i < s->nstreams; i++)
		stages_stream_drop_all(s, &s->streams[i]);
	stages_calibration(s, &out->calib);
	out->event_cost_ns = out->calib.median;
	out->calibrate_events = s->calib;
	out->events = s->events;
	out->discarded_events = s->discarded_events;
	out->discarded_packets = s->discarded_packets;
	out->unmatched = s->unmatched;
	stages_watch_finish(s, out->event_cost_ns);
	out->watch = s->watch;
	out->nwatch = s->nwatch;

	for (size_t i = 0; i < s->ngroups; i++)
		s->ctx[s->groups[i].ctx].interrupts += s->groups[i].interrupts;
	ret = out_blocks(s, out);
	if (ret)
		return ret;
	if (s->ngroups)
		qsort_r(s->groups, s->ngroups, sizeof(*s->groups), group_cmp,
			s);
	/* The hash indexes are stale now; nothing may look groups up. */
	free(s->hash);
	s->hash = NULL;
	s->hashcap = 0;
	for (size_t i = 0; i < s->ngroups; i++)
		runs += !i || !same_but_cpu(&s->groups[i - 1], &s->groups[i]);
	if (!s->ngroups)
		return 0;
	out->groups = calloc(s->ngroups + runs, sizeof(*out->groups));
	if (!out->groups) {
		stages_result_free(out);
		return -ENOMEM;
	}
	out->ngroups = s->ngroups + runs;
	for (size_t i = 0; i < s->ngroups && !ret;) {
		size_t j = i + 1;

		while (j < s->ngroups &&
		       same_but_cpu(&s->groups[i], &s->groups[j]))
			j++;
		ret = out_run(s, i, j, &out->groups[at], &out->calib, &t);
		at += 1 + j - i;
		i = j;
	}
	free(t.keys_w);
	free(t.keys_k);
	free(t.sort_w);
	free(t.sort_k);
	if (ret)
		stages_result_free(out);
	return ret;
}

void stages_result_free(struct stages_result *r)
{
	for (size_t i = 0; r->groups && i < r->ngroups; i++) {
		struct stages_group *g = &r->groups[i];

		free(g->scenario);
		free(g->design);
		free(g->chip);
		free(g->flow);
		for (int j = 0; j < NR_SERIES; j++)
			if (!out_series(g, j)->lent)
				free(out_series(g, j)->v);
	}
	free(r->groups);
	for (size_t i = 0; r->blocks && i < r->nblocks; i++) {
		free(r->blocks[i].scenario);
		free(r->blocks[i].design);
		free(r->blocks[i].chip);
	}
	free(r->blocks);
	memset(r, 0, sizeof(*r));
}
