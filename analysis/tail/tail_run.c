// SPDX-License-Identifier: GPL-2.0
/*
 * Every design's tail, explained (tail_run.h, docs/tail.md). Two steps,
 * so that the trace is read once: tail_run_select() finds the tail
 * events in samples.bin (those above their design's p99, and over
 * --break-us) and lists them for the trace to watch; the report runs
 * its trace graph with that list; tail_run_explain() then reads the
 * records of each line x block that holds a tail event, gathered with
 * a counting sort by design and block, and has tail.c explain each
 * tail event among its block's records, with the trace's lateness of
 * a fire where samples.bin did not record it.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "analysis/latency.h"
#include "analysis/samples.h"
#include "tail_run.h"

static int open_samples(const struct run *r, struct samples_file *f, char *err,
			size_t errlen)
{
	char path[4200];

	snprintf(path, sizeof(path), "%s/samples.bin", r->dir);
	return samples_open(f, path, err, errlen);
}

/* @s's design in @t: by its slot (version 3), by its name before. */
static struct tail_design *design_of(const struct run *r, struct tail_run *t,
				     const struct samples_file *f,
				     const struct sample *s)
{
	const char *name = samples_design_name(s->design);

	if (s->scenario >= r->nsc || !name)
		return NULL;
	for (size_t k = 0; k < r->sc[s->scenario].nd; k++) {
		const struct run_design *d = &r->sc[s->scenario].d[k];

		if (samples_have_slots(f) ? d->slot == s->slot :
					    !strcmp(d->design, name))
			return &t->td[t->first[s->scenario] + k];
	}
	return NULL;
}

/* Above its design's p99, or over --break-us, counted as they were. */
static bool in_tail(const struct tail_run *t, const struct tail_design *td,
		    const struct sample *s)
{
	uint64_t lat = latency_entry(s, td->d->origin);

	return lat > td->threshold_ns || (t->break_ns && lat > t->break_ns);
}

static int push(struct tail_design *td, size_t rec, const struct sample *s)
{
	struct tail_event *e;

	if (td->n == td->cap) {
		size_t cap = td->cap ? 2 * td->cap : 64;

		e = realloc(td->ev, cap * sizeof(*e));
		if (!e)
			return -ENOMEM;
		td->ev = e;
		td->cap = cap;
	}
	td->ev[td->n++] = (struct tail_event){
		.rec = rec,
		.block = s->block,
		.dev = (uint8_t)(s->flags >> SAMPLE_DEVICE_SHIFT),
		.seq = s->seq,
		.latency_ns = latency_entry(s, td->d->origin),
		.watch = -1,
	};
	return 0;
}

/* The design's name in the trace ("flow" for "flow#2"), its length. */
static size_t base_len(const char *design)
{
	const char *hash = strchr(design, '#');

	return hash ? (size_t)(hash - design) : strlen(design);
}

/*
 * The trace names a block by scenario and design, so two designs of a
 * scenario with one name (an A/A control) cannot be told apart there.
 */
static bool watchable(const struct run_scenario *sc, size_t k)
{
	const char *a = sc->d[k].design;

	for (size_t j = 0; j < sc->nd; j++) {
		const char *b = sc->d[j].design;

		if (j != k && base_len(a) == base_len(b) &&
		    !strncmp(a, b, base_len(a)))
			return false;
	}
	return true;
}

/* The tail events of the watchable designs, for the trace. */
static int make_watch(struct tail_run *t)
{
	size_t n = 0;

	for (size_t i = 0; i < t->ntd; i++)
		if (t->td[i].watched)
			n += t->td[i].n;
	if (!n)
		return 0;
	t->watch = calloc(n, sizeof(*t->watch));
	if (!t->watch)
		return -ENOMEM;
	for (size_t i = 0; i < t->ntd; i++) {
		struct tail_design *td = &t->td[i];

		for (size_t k = 0; td->watched && k < td->n; k++) {
			struct stages_watch *w = &t->watch[t->nwatch];

			w->scenario = td->sc->name;
			w->design = samples_design_name(
				(unsigned int)samples_design_number(
					td->d->design));
			w->block = td->ev[k].block;
			w->dev = td->ev[k].dev;
			w->seq = td->ev[k].seq;
			td->ev[k].watch = (long)t->nwatch++;
		}
	}
	return 0;
}

/* Each design of @r, its threshold and whether the trace can see it. */
static int designs_init(const struct run *r, struct tail_run *t)
{
	t->first = calloc(r->nsc ? r->nsc : 1, sizeof(*t->first));
	for (size_t i = 0; i < r->nsc; i++) {
		t->first[i] = t->ntd;
		t->ntd += r->sc[i].nd;
	}
	t->td = calloc(t->ntd ? t->ntd : 1, sizeof(*t->td));
	if (!t->first || !t->td)
		return -ENOMEM;
	for (size_t i = 0; i < r->nsc; i++) {
		for (size_t k = 0; k < r->sc[i].nd; k++) {
			struct tail_design *td = &t->td[t->first[i] + k];

			td->sc = &r->sc[i];
			td->d = &r->sc[i].d[k];
			td->threshold_ns = td->d->n ? td->d->entry.p99 :
						      UINT64_MAX;
			td->watched = watchable(&r->sc[i], k) &&
				      samples_design_number(td->d->design) >= 0;
		}
	}
	return 0;
}

/**
 * tail_run_select - find every design's tail events in samples.bin
 * @r: the run, loaded with its samples (run_load())
 * @t: its tails, to free with tail_run_free(); @t->watch lists them
 *	for stages_graph_run_watch()
 * @err: one sentence on failure
 * @errlen: its size
 *
 * A folder without samples.bin has designs and no tail events.
 * Return: 0, or -errno (samples.bin unreadable, no memory).
 */
int tail_run_select(const struct run *r, struct tail_run *t, char *err,
		    size_t errlen)
{
	struct samples_file f;
	struct sample s;
	int ret;

	memset(t, 0, sizeof(*t));
	t->break_ns = r->has_break ? r->brk.threshold_ns : 0;
	ret = designs_init(r, t);
	if (ret || !r->has_samples)
		goto out;
	ret = open_samples(r, &f, err, errlen);
	if (ret)
		return ret;
	t->late_known = samples_have_times(&f);
	for (size_t i = 0; i < f.nr && !ret; i++) {
		struct tail_design *td;

		samples_get(&f, i, &s);
		if (!(s.flags & SAMPLE_SERVICED))
			continue;
		td = design_of(r, t, &f, &s);
		if (td && in_tail(t, td, &s))
			ret = push(td, i, &s);
	}
	samples_close(&f);
	if (!ret)
		ret = make_watch(t);
out:
	if (ret == -ENOMEM)
		snprintf(err, errlen, "%s/samples.bin: out of memory", r->dir);
	return ret;
}

/*
 * The records of each design x block that holds a tail event, by a
 * counting sort: group g = @base[design] + block, its records
 * @idx[@at[g] .. @at[g + 1]), in samples.bin's order.
 */
struct groups {
	size_t *base, *at;
	uint32_t *idx;
	size_t ng;
};

static void groups_free(struct groups *g)
{
	free(g->base);
	free(g->at);
	free(g->idx);
}

/* The group of @s, or SIZE_MAX: its design and block hold no tail. */
static size_t group_of(const struct run *r, struct tail_run *t,
		       const struct groups *g, const struct samples_file *f,
		       const struct sample *s, const bool *needed)
{
	struct tail_design *td = design_of(r, t, f, s);
	size_t i;

	if (!td)
		return SIZE_MAX;
	i = (size_t)(td - t->td);
	if (s->block >= g->base[i + 1] - g->base[i])
		return SIZE_MAX;
	return needed[g->base[i] + s->block] ? g->base[i] + s->block : SIZE_MAX;
}

static int groups_make(const struct run *r, struct tail_run *t,
		       const struct samples_file *f, struct groups *g)
{
	struct sample s;
	bool *needed;
	int ret = -ENOMEM;

	g->base = calloc(t->ntd + 1, sizeof(*g->base));
	if (!g->base || f->nr >= UINT32_MAX)
		return g->base ? -EFBIG : -ENOMEM;
	for (size_t i = 0; i < t->ntd; i++)
		g->base[i + 1] = g->base[i] + t->td[i].d->nblocks;
	g->ng = g->base[t->ntd];
	needed = calloc(g->ng + 1, sizeof(*needed));
	g->at = calloc(g->ng + 2, sizeof(*g->at));
	if (!needed || !g->at)
		goto out;
	for (size_t i = 0; i < t->ntd; i++)
		for (size_t k = 0; k < t->td[i].n; k++)
			if (t->td[i].ev[k].block < t->td[i].d->nblocks)
				needed[g->base[i] + t->td[i].ev[k].block] =
					true;
	for (size_t i = 0; i < f->nr; i++) {
		size_t at;

		samples_get(f, i, &s);
		at = group_of(r, t, g, f, &s, needed);
		if (at != SIZE_MAX)
			g->at[at + 2]++;
	}
	for (size_t k = 2; k < g->ng + 2; k++)
		g->at[k] += g->at[k - 1];
	g->idx = malloc((g->at[g->ng + 1] + 1) * sizeof(*g->idx));
	if (!g->idx)
		goto out;
	for (size_t i = 0; i < f->nr; i++) {
		size_t at;

		samples_get(f, i, &s);
		at = group_of(r, t, g, f, &s, needed);
		if (at != SIZE_MAX)
			g->idx[g->at[at + 1]++] = (uint32_t)i;
	}
	ret = 0;
out:
	free(needed);
	return ret;
}

/* The trace's stages of @e, added to @td's sums. */
static void add_stages(struct tail_design *td, const struct stages_watch *w)
{
	td->seen++;
	td->st.late_ns += w->late_ns;
	td->st.dispatch_ns += w->dispatch_ns;
	td->st.entry_ns += w->entry_ns;
	for (int k = 0; k < STAGES_NR_OPS; k++)
		td->st.op_ns[k] += w->op_ns[k];
	td->st.action_ns += w->action_ns;
}

/* The watched event @e's stages, if the trace saw it; else NULL. */
static const struct stages_watch *seen(const struct tail_run *t,
				       const struct tail_event *e, bool traced)
{
	if (!traced || e->watch < 0 || !t->watch[e->watch].seen)
		return NULL;
	return &t->watch[e->watch];
}

/* Where record @rec is in a group's @idx (ascending), or @m. */
static size_t find_rec(const uint32_t *idx, size_t m, size_t rec)
{
	size_t lo = 0, hi = m;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (idx[mid] < rec)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < m && idx[lo] == rec ? lo : m;
}

/* @b's records in @g, each tail event of @td among them explained. */
static int explain_group(struct tail_run *t, struct tail_design *td,
			 unsigned int b, struct sample *g, const uint32_t *idx,
			 size_t m, bool traced)
{
	struct tail_block blk;
	int ret;

	/* Where samples.bin did not record the lateness, the trace did. */
	for (size_t k = 0; k < td->n && !t->late_known; k++) {
		const struct stages_watch *w = seen(t, &td->ev[k], traced);
		size_t at = find_rec(idx, m, td->ev[k].rec);

		if (w && td->ev[k].block == b && at < m)
			g[at].late_ns = w->late_ns < UINT32_MAX ?
						(uint32_t)w->late_ns :
						UINT32_MAX;
	}
	ret = tail_block_init(&blk, g, m, t->late_known || traced,
			      td->d->origin);
	for (size_t k = 0; k < td->n && !ret; k++) {
		struct tail_event *e = &td->ev[k];
		size_t at = find_rec(idx, m, e->rec);

		if (e->block != b || at == m)
			continue;
		ret = tail_explain(&blk, at, &e->why);
		e->why.late_known = t->late_known || seen(t, e, traced);
	}
	tail_block_free(&blk);
	return ret;
}

/* Every group's records decoded, and its tail events explained. */
static int explain_groups(struct tail_run *t, const struct samples_file *f,
			  const struct groups *g, bool traced)
{
	struct sample *buf = NULL;
	size_t cap = 0;
	int ret = 0;

	for (size_t i = 0; i < t->ntd && !ret; i++) {
		for (size_t b = 0; b < t->td[i].d->nblocks && !ret; b++) {
			size_t gi = g->base[i] + b;
			size_t m = g->at[gi + 1] - g->at[gi];
			const uint32_t *idx = g->idx + g->at[gi];

			if (!m)
				continue;
			if (m > cap) {
				free(buf);
				cap = m;
				buf = malloc(cap * sizeof(*buf));
				if (!buf)
					return -ENOMEM;
			}
			for (size_t k = 0; k < m; k++)
				samples_get(f, idx[k], &buf[k]);
			ret = explain_group(t, &t->td[i], (unsigned int)b, buf,
					    idx, m, traced);
		}
	}
	free(buf);
	return ret;
}

/**
 * tail_run_explain - each tail event's causes, and each design's sum
 * @r: the run tail_run_select() was given
 * @t: its tails
 * @traced: @t->watch was filled by stages_graph_run_watch()
 * @err: one sentence on failure
 * @errlen: its size
 *
 * Return: 0, or -errno (samples.bin unreadable, no memory).
 */
int tail_run_explain(const struct run *r, struct tail_run *t, bool traced,
		     char *err, size_t errlen)
{
	struct groups g = { 0 };
	struct samples_file f;
	int ret;

	t->explained = true;
	if (!r->has_samples)
		return 0;
	ret = open_samples(r, &f, err, errlen);
	if (ret)
		return ret;
	ret = groups_make(r, t, &f, &g);
	if (!ret)
		ret = explain_groups(t, &f, &g, traced);
	for (size_t i = 0; i < t->ntd && !ret; i++) {
		struct tail_design *td = &t->td[i];

		for (size_t k = 0; k < td->n; k++) {
			const struct stages_watch *w =
				seen(t, &td->ev[k], traced);

			tail_sum_add(&td->sum, &td->ev[k].why);
			if (w)
				add_stages(td, w);
		}
	}
	groups_free(&g);
	samples_close(&f);
	if (ret)
		snprintf(err, errlen, "%s/samples.bin: %s", r->dir,
			 ret == -EFBIG ?
				 "too many records to explain the tail" :
				 "out of memory");
	return ret;
}

/**
 * tail_run_free - free what tail_run_select() allocated
 * @t: the tails (freeing them twice does nothing)
 */
void tail_run_free(struct tail_run *t)
{
	for (size_t i = 0; t->td && i < t->ntd; i++)
		free(t->td[i].ev);
	free(t->td);
	free(t->first);
	free(t->watch);
	memset(t, 0, sizeof(*t));
}
