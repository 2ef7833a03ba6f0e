// SPDX-License-Identifier: GPL-2.0
/*
 * The result of the stage state machine (stages_finish()): the tracepoint
 * cost subtracted from every value, the groups sorted and laid out as
 * the all-CPU group of each scenario x design x flow followed by its
 * per-CPU ones, each CPU's series sorted once and merged for all CPUs.
 */
#define _GNU_SOURCE /* qsort_r */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "stages_internal.h"

#define NR_MERGE 16 /* CPUs per group merged run by run; more are sorted */

/*
 * Subtract @cost once per interval of each value, clamping at 0: the
 * series' own statistics, kept for older readers. The figures, which
 * are not clamped, were taken from the raw values before.
 */
static void series_settle(struct raw_series *r, double cost)
{
	for (size_t i = 0; i < r->n; i++) {
		double sub = cost * r->k[i];
		uint64_t c = sub >= 18446744073709551615.0 ?
				     UINT64_MAX :
				     (uint64_t)llround(sub);

		r->v[i] = r->v[i] > c ? r->v[i] - c : 0;
	}
	free(r->k);
	r->k = NULL;
}

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

/*
 * Series @i of groups [@a, @b), each sorted, merged into @out in order:
 * a few CPUs' runs, so the smallest head is found by looking at each.
 */
static void merge(uint64_t *out, const struct igroup *a, const struct igroup *b,
		  int i)
{
	size_t at[NR_MERGE] = { 0 }, k = (size_t)(b - a);

	if (k > NR_MERGE) { /* more CPUs than that: concatenate and sort */
		size_t n = 0;

		for (const struct igroup *g = a; g < b; g++) {
			memcpy(out + n, g->s[i].v, g->s[i].n * sizeof(*out));
			n += g->s[i].n;
		}
		irqstat_sort(out, n);
		return;
	}
	for (;;) {
		size_t best = k;

		for (size_t r = 0; r < k; r++)
			if (at[r] < a[r].s[i].n &&
			    (best == k ||
			     a[r].s[i].v[at[r]] < a[best].s[i].v[at[best]]))
				best = r;
		if (best == k)
			return;
		*out++ = a[best].s[i].v[at[best]++];
	}
}

/* The all-CPU group of groups [@a, @b), which share all but the CPU. */
static int out_all(struct stages_group *o, const struct stages *s,
		   const struct igroup *a, const struct igroup *b)
{
	int ret = out_names(o, s, a);

	o->cpu = -1;
	for (const struct igroup *g = a; g < b; g++)
		o->interrupts += g->interrupts;
	for (int i = 0; i < NR_SERIES && !ret; i++) {
		struct stages_series *os = out_series(o, i);
		size_t n = 0;

		for (const struct igroup *g = a; g < b; g++)
			n += g->s[i].n;
		if (!n)
			continue;
		os->v = malloc(n * sizeof(*os->v));
		if (!os->v)
			return -ENOMEM;
		merge(os->v, a, b, i);
		os->n = os->cap = n;
		irqstat_compute_sorted(os->v, os->n, &os->st);
	}
	return ret;
}

/* A per-CPU group: its arrays move into the result. */
static int out_cpu(struct stages_group *o, const struct stages *s,
		   struct igroup *g)
{
	int ret = out_names(o, s, g);

	o->cpu = g->cpu > INT32_MAX ? INT32_MAX : (int)g->cpu;
	o->interrupts = g->interrupts;
	for (int i = 0; i < NR_SERIES; i++) {
		struct stages_series *os = out_series(o, i);

		os->v = g->s[i].v;
		os->n = g->s[i].n;
		os->cap = g->s[i].cap;
		g->s[i].v = NULL;
		g->s[i].n = g->s[i].cap = 0;
		irqstat_compute_sorted(os->v, os->n, &os->st);
	}
	return ret;
}

static bool same_but_cpu(const struct igroup *a, const struct igroup *b)
{
	return a->ctx == b->ctx && a->flow == b->flow;
}

/*
 * The figures of groups [@i, @j) of @s, which share all but the CPU, into
 * @o: the all-CPU group, then one per CPU, as stages_finish() lays them
 * out. One CPU alone gives the all-CPU group the same figures.
 */
static int run_figures(struct stages *s, size_t i, size_t j,
		       struct stages_group *o,
		       const struct stages_calibration *c)
{
	const struct igroup *g = s->groups;
	int ret = 0;

	for (int k = 0; k < NR_SERIES && !ret; k++) {
		for (size_t x = i; x < j && !ret; x++)
			ret = stages_series_figures(
				&g[x], &g[x + 1], k, c,
				out_series(&o[1 + x - i], k)->fig);
		if (ret)
			break;
		if (j - i == 1)
			memcpy(out_series(o, k)->fig, out_series(&o[1], k)->fig,
			       sizeof(out_series(o, k)->fig));
		else
			ret = stages_series_figures(&g[i], &g[j], k, c,
						    out_series(o, k)->fig);
	}
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
		/* The figures need each value's interval count: first. */
		ret = run_figures(s, i, j, &out->groups[at], &out->calib);
		if (ret)
			break;
		/* Each CPU's series sorted once, then merged for all CPUs. */
		for (size_t g = i; g < j; g++)
			for (int k = 0; k < NR_SERIES; k++) {
				series_settle(&s->groups[g].s[k],
					      out->event_cost_ns);
				irqstat_sort(s->groups[g].s[k].v,
					     s->groups[g].s[k].n);
			}
		ret = out_all(&out->groups[at++], s, &s->groups[i],
			      &s->groups[j]);
		for (; i < j && !ret; i++)
			ret = out_cpu(&out->groups[at++], s, &s->groups[i]);
	}
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
