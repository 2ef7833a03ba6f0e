// SPDX-License-Identifier: GPL-2.0
/*
 * Watched events (stages.h, struct stages_watch): the own stages of a
 * few events the caller names by block and seq, the tail events of
 * analysis/tail/tail_run.c. The stage machine already matches each raise to
 * the service that claimed it (stages.c, service_event()); at that
 * moment the interrupt's frame holds its stages from its entry up to
 * this service, which is the part of the event's latency after the
 * dispatch, and they are copied for a watched event. The tracer's cost
 * is known only at the end (the calibrate events), so the copies stay
 * raw, with their interval counts, until stages_finish().
 */
#define _GNU_SOURCE /* qsort_r */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "stages_internal.h"

/* A name that may be NULL, which reads as "". */
static const char *nz(const char *s)
{
	return s ? s : "";
}

/* Order by scenario, design, block, dev, seq. */
static int key_cmp(const struct stages_watch *x, const char *scenario,
		   const char *design, uint64_t block, uint64_t dev,
		   uint64_t seq)
{
	int c = strcmp(nz(x->scenario), scenario);

	if (!c)
		c = strcmp(nz(x->design), design);
	if (c)
		return c;
	if (x->block != block)
		return x->block < block ? -1 : 1;
	if (x->dev != dev)
		return x->dev < dev ? -1 : 1;
	return (x->seq > seq) - (x->seq < seq);
}

static int order_cmp(const void *a, const void *b, void *arg)
{
	const struct stages_watch *w = arg;
	const struct stages_watch *y = &w[*(const uint32_t *)b];

	return key_cmp(&w[*(const uint32_t *)a], nz(y->scenario), nz(y->design),
		       y->block, y->dev, y->seq);
}

int stages_watch_set(struct stages *s, struct stages_watch *w, size_t n)
{
	if (!n)
		return 0;
	s->worder = malloc(n * sizeof(*s->worder));
	s->wraw = calloc(n, sizeof(*s->wraw));
	if (!s->worder || !s->wraw)
		return -ENOMEM;
	for (size_t i = 0; i < n; i++) {
		s->worder[i] = (uint32_t)i;
		w[i].seen = false;
	}
	qsort_r(s->worder, n, sizeof(*s->worder), order_cmp, w);
	s->watch = w;
	s->nwatch = n;
	return 0;
}

/* The first of the order at or after the key. */
static size_t lower(const struct stages *s, size_t lo, size_t hi,
		    const char *scenario, const char *design, uint64_t block,
		    uint64_t dev, uint64_t seq)
{
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (key_cmp(&s->watch[s->worder[mid]], scenario, design, block,
			    dev, seq) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

void stages_watch_block(struct stages *s, const struct stages_ev *ev)
{
	const char *sc = nz(ev->scenario), *de = nz(ev->design);

	s->wlo = s->whi = 0;
	if (ev->type != STAGES_EV_BLOCK_BEGIN || !s->nwatch)
		return;
	s->wlo = lower(s, 0, s->nwatch, sc, de, ev->block, 0, 0);
	s->whi = lower(s, s->wlo, s->nwatch, sc, de, ev->block, UINT64_MAX,
		       UINT64_MAX);
	/* The key itself, if watched, is the last one. */
	while (s->whi < s->nwatch &&
	       !key_cmp(&s->watch[s->worder[s->whi]], sc, de, ev->block,
			UINT64_MAX, UINT64_MAX))
		s->whi++;
}

void stages_watch_service(struct stages *s, const struct frame *f, uint64_t dev,
			  uint64_t seq, uint64_t raise_ts, uint64_t late)
{
	const struct stages_watch *first;
	struct watch_raw *r;
	size_t at;
	uint32_t i;

	if (s->wlo == s->whi)
		return;
	first = &s->watch[s->worder[s->wlo]];
	at = lower(s, s->wlo, s->whi, nz(first->scenario), nz(first->design),
		   first->block, dev, seq);
	if (at == s->whi || s->watch[s->worder[at]].dev != dev ||
	    s->watch[s->worder[at]].seq != seq)
		return;
	i = s->worder[at];
	r = &s->wraw[i];
	s->watch[i].seen = true;
	r->late = late;
	r->dispatch.raw = f->t0 > raise_ts ? f->t0 - raise_ts : 0;
	r->dispatch.k = f->t0 > raise_ts;
	memcpy(r->st, f->acc, sizeof(r->st));
}

/* @a's time less @cost per interval, clamped at 0. */
static double settle(const struct acc *a, double cost)
{
	double v = (double)a->raw - cost * a->k;

	return v > 0 ? v : 0;
}

void stages_watch_finish(struct stages *s, double cost_ns)
{
	for (size_t i = 0; i < s->nwatch; i++) {
		struct stages_watch *w = &s->watch[i];
		const struct watch_raw *r = &s->wraw[i];

		if (!w->seen)
			continue;
		w->late_ns = (double)r->late;
		w->dispatch_ns = settle(&r->dispatch, cost_ns);
		w->entry_ns = settle(&r->st[S_ENTRY], cost_ns);
		for (int k = 0; k < STAGES_NR_OPS; k++)
			w->op_ns[k] = settle(&r->st[S_OP0 + k], cost_ns);
		w->action_ns = settle(&r->st[S_ACTION], cost_ns);
	}
	free(s->worder);
	free(s->wraw);
	s->worder = NULL;
	s->wraw = NULL;
}
