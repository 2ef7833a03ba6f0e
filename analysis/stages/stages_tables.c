// SPDX-License-Identifier: GPL-2.0
/*
 * The tables of the stage state machine (stages_internal.h): the block
 * contexts and flow names, interned; the streams and each device's
 * raises, found by a last-hit cache and a scan (a few of each); the
 * groups, in an open-addressing hash (one per scenario x design x flow x
 * CPU, looked up on every interrupt's exit); and the machine's life.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "stages_internal.h"

/**
 * stages_grow_slow - stages_grow() (stages_machine.h) where @need is beyond @*cap
 * @p: the array's address
 * @cap: its capacity, in items
 * @need: the items it must hold
 * @size: an item's size
 *
 * Return: 0, or -ENOMEM (the array is then as it was).
 */
int stages_grow_slow(void *p, size_t *cap, size_t need, size_t size)
{
	size_t c = *cap ? *cap : 8;
	void *q;

	if (need <= *cap)
		return 0;
	while (c < need)
		c *= 2;
	q = realloc(*(void **)p, c * size);
	if (!q)
		return -ENOMEM;
	*(void **)p = q;
	*cap = c;
	return 0;
}

static const char *str_or_empty(const char *s)
{
	return s ? s : "";
}

int stages_ctx_intern(struct stages *s, const char *scenario,
		      const char *design, const char *chip, uint32_t *out)
{
	struct ctx *c;

	scenario = str_or_empty(scenario);
	design = str_or_empty(design);
	chip = str_or_empty(chip);
	for (size_t i = 0; i < s->nctx; i++) {
		c = &s->ctx[i];
		if (!strcmp(c->scenario, scenario) &&
		    !strcmp(c->design, design) && !strcmp(c->chip, chip)) {
			*out = (uint32_t)i;
			return 0;
		}
	}
	if (s->nctx >= UINT32_MAX ||
	    stages_grow(&s->ctx, &s->ctxcap, s->nctx + 1, sizeof(*s->ctx)))
		return -ENOMEM;
	c = &s->ctx[s->nctx];
	c->scenario = strdup(scenario);
	c->design = strdup(design);
	c->chip = strdup(chip);
	c->events = c->interrupts = 0;
	if (!c->scenario || !c->design || !c->chip) {
		free(c->scenario);
		free(c->design);
		free(c->chip);
		return -ENOMEM;
	}
	*out = (uint32_t)s->nctx++;
	return 0;
}

int stages_flow_intern(struct stages *s, const char *flow, int32_t *out)
{
	char *copy;

	flow = str_or_empty(flow);
	/* Most interrupts are of the flow of the one before. */
	if (s->last_flow < s->nflows && !strcmp(s->flows[s->last_flow], flow)) {
		*out = (int32_t)s->last_flow;
		return 0;
	}
	for (size_t i = 0; i < s->nflows; i++)
		if (!strcmp(s->flows[i], flow)) {
			*out = (int32_t)i;
			s->last_flow = i;
			return 0;
		}
	if (s->nflows >= INT32_MAX ||
	    stages_grow(&s->flows, &s->flowcap, s->nflows + 1,
			sizeof(*s->flows)))
		return -ENOMEM;
	copy = strdup(flow);
	if (!copy)
		return -ENOMEM;
	s->flows[s->nflows] = copy;
	s->last_flow = s->nflows;
	*out = (int32_t)s->nflows++;
	return 0;
}

int stages_create(struct stages **out)
{
	struct stages *s = calloc(1, sizeof(*s));
	uint32_t outside;

	*out = NULL;
	if (!s)
		return -ENOMEM;
	if (stages_ctx_intern(s, "", "", "", &outside)) {
		stages_destroy(s);
		return -ENOMEM;
	}
	s->keep_values = true;
	*out = s;
	return 0;
}

/**
 * stages_keep_values - whether stages_finish() gives each series its values
 * @s: the state machine
 * @keep: true (as created) or false: only their statistics
 */
void stages_keep_values(struct stages *s, bool keep)
{
	s->keep_values = keep;
}

static void frame_free(struct frame *f)
{
	free(f->ts);
	free(f->lat);
}

void stages_destroy(struct stages *s)
{
	if (!s)
		return;
	for (size_t i = 0; i < s->nctx; i++) {
		free(s->ctx[i].scenario);
		free(s->ctx[i].design);
		free(s->ctx[i].chip);
	}
	free(s->ctx);
	for (size_t i = 0; i < s->nflows; i++)
		free(s->flows[i]);
	free(s->flows);
	for (size_t i = 0; i < s->nstreams; i++)
		for (unsigned int j = 0; j < MAX_NEST; j++)
			frame_free(&s->streams[i].f[j]);
	free(s->streams);
	for (size_t i = 0; i < s->nraises; i++)
		free(s->raises[i].ts), free(s->raises[i].late);
	free(s->raises);
	for (size_t i = 0; i < s->ngroups; i++)
		for (int j = 0; j < NR_SERIES; j++)
			stages_series_free(&s->groups[i].s[j]);
	stages_arena_free(&s->arena);
	free(s->groups);
	free(s->worder);
	free(s->wraw);
	free(s->hash);
	free(s->calib_hist);
	free(s);
}

/**
 * stages_stream_get_slow - stages_stream_get() past its last-hit cache
 * @s: the state machine
 * @key: the stream's key
 *
 * Return: the stream, made if new; NULL: no memory.
 */
struct stream *stages_stream_get_slow(struct stages *s, uint64_t key)
{
	struct stream *st;

	for (size_t i = 0; i < s->nstreams; i++)
		if (s->streams[i].key == key) {
			s->last_stream = i;
			return &s->streams[i];
		}
	if (stages_grow(&s->streams, &s->streamcap, s->nstreams + 1,
			sizeof(*s->streams)))
		return NULL;
	st = &s->streams[s->nstreams];
	memset(st, 0, sizeof(*st));
	st->key = key;
	s->last_stream = s->nstreams++;
	return st;
}

struct raises *stages_raises_get(struct stages *s, uint64_t irq, uint64_t dev,
				 bool create)
{
	struct raises *r;

	if (s->last_raise < s->nraises && s->raises[s->last_raise].irq == irq &&
	    s->raises[s->last_raise].dev == dev)
		return &s->raises[s->last_raise];
	for (size_t i = 0; i < s->nraises; i++)
		if (s->raises[i].irq == irq && s->raises[i].dev == dev) {
			s->last_raise = i;
			return &s->raises[i];
		}
	if (!create || stages_grow(&s->raises, &s->raisecap, s->nraises + 1,
				   sizeof(*s->raises)))
		return NULL;
	r = &s->raises[s->nraises];
	memset(r, 0, sizeof(*r));
	r->irq = irq;
	r->dev = dev;
	s->last_raise = s->nraises++;
	return r;
}

static uint64_t group_hash(uint32_t ctx, int32_t flow, uint64_t cpu)
{
	uint64_t h = ((uint64_t)ctx << 32 | (uint32_t)flow) ^
		     (cpu * 0x9e3779b97f4a7c15ULL);

	h ^= h >> 29;
	h *= 0xbf58476d1ce4e5b9ULL;
	return h ^ (h >> 32);
}

static int hash_insert(uint32_t *hash, size_t cap, const struct igroup *g,
		       uint32_t idx)
{
	size_t i = group_hash(g->ctx, g->flow, g->cpu) & (cap - 1);

	while (hash[i])
		i = (i + 1) & (cap - 1);
	hash[i] = idx + 1;
	return 0;
}

/**
 * stages_group_get_slow - stages_group_get() past its last-hit cache
 * @s: the state machine
 * @ctx: the group's block
 * @flow: its flow (index into @s->flows, -1: none)
 * @cpu: its simulated CPU
 *
 * Return: the group, made if new; NULL: no memory.
 */
struct igroup *stages_group_get_slow(struct stages *s, uint32_t ctx,
				     int32_t flow, uint64_t cpu)
{
	size_t i;
	struct igroup *g;

	if (s->hashcap) {
		i = group_hash(ctx, flow, cpu) & (s->hashcap - 1);
		for (; s->hash[i]; i = (i + 1) & (s->hashcap - 1)) {
			g = &s->groups[s->hash[i] - 1];
			if (g->ctx == ctx && g->flow == flow && g->cpu == cpu) {
				s->last_group = s->hash[i] - 1;
				return g;
			}
		}
	}
	if (s->ngroups >= UINT32_MAX - 1 ||
	    stages_grow(&s->groups, &s->groupcap, s->ngroups + 1,
			sizeof(*s->groups)))
		return NULL;
	/* Keep the table at most half full. */
	if (2 * (s->ngroups + 1) > s->hashcap) {
		size_t cap = s->hashcap ? 2 * s->hashcap : 64;
		uint32_t *h = calloc(cap, sizeof(*h));

		if (!h)
			return NULL;
		for (size_t j = 0; j < s->ngroups; j++)
			hash_insert(h, cap, &s->groups[j], (uint32_t)j);
		free(s->hash);
		s->hash = h;
		s->hashcap = cap;
	}
	g = &s->groups[s->ngroups];
	memset(g, 0, sizeof(*g));
	g->ctx = ctx;
	g->flow = flow;
	g->cpu = cpu;
	s->last_group = s->ngroups;
	hash_insert(s->hash, s->hashcap, g, (uint32_t)s->ngroups++);
	return g;
}
