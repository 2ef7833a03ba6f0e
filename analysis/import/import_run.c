// SPDX-License-Identifier: GPL-2.0
/*
 * An imported run's figures and files (docs/import.md): each cell's
 * count, quantiles and latency object from its histogram or values, the
 * summary.json of the run through summary.c's one writer (cells as
 * scenario x design, the whole run one block, a quantile past the
 * histogram null there), and import.json, where the tool, the
 * histograms and what is "over" are kept.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "import_internal.h"
#include "analysis/summary.h"

static const unsigned int q_permille[IMP_NQ] = { 500, 900, 990, 999 };
static const char *const q_name[IMP_NQ] = { "p50", "p90", "p99", "p999" };

static int cmp_bucket(const void *a, const void *b)
{
	const struct imp_bucket *x = a, *y = b;

	return (x->lo_ns > y->lo_ns) - (x->lo_ns < y->lo_ns);
}

static int cmp_u64(const void *a, const void *b)
{
	const uint64_t *x = a, *y = b;

	return (*x > *y) - (*x < *y);
}

/* The events the buckets (or values) hold, over not included. */
static uint64_t held(const struct imp_cell *c)
{
	uint64_t s = c->nv;

	for (size_t i = 0; i < c->nb; i++)
		s += c->b[i].count;
	return s;
}

/* The quantile @permille of @c, nearest rank over every event. */
static void quantile(const struct imp_cell *c, unsigned int permille,
		     struct imp_quantile *q)
{
	uint64_t k = (c->count * permille + 999) / 1000, cum = 0;

	*q = (struct imp_quantile){ 0 };
	if (c->kind == IMP_SUMMARY || !c->count)
		return;
	q->known = true;
	k = k ? k : 1;
	if (c->kind == IMP_EXACT) {
		q->ns = c->v[k - 1];
		return;
	}
	for (size_t i = 0; i < c->nb; i++) {
		cum += c->b[i].count;
		if (cum >= k) {
			q->resolution_ns = c->b[i].hi_ns - c->b[i].lo_ns;
			q->ns = c->b[i].lo_ns + q->resolution_ns / 2;
			return;
		}
	}
	q->over = true;
	q->ns = c->range_ns;
}

/* One cell: sorted, checked, its count and quantiles. */
static int finish_cell(const struct imp_run *r, struct imp_cell *c, char *err,
		       size_t errlen)
{
	uint64_t h;

	if (c->nb)
		qsort(c->b, c->nb, sizeof(*c->b), cmp_bucket);
	if (c->nv)
		qsort(c->v, c->nv, sizeof(*c->v), cmp_u64);
	for (size_t i = 1; i < c->nb; i++)
		if (c->b[i].lo_ns < c->b[i - 1].hi_ns) {
			snprintf(err, errlen,
				 "%s:%u: %s: two buckets overlap at %llu ns",
				 r->file, c->line, c->source,
				 (unsigned long long)c->b[i].lo_ns);
			return -EINVAL;
		}
	h = held(c);
	if (!c->count)
		c->count = h + c->over;
	if (c->count < h || c->count - h < c->over) {
		snprintf(
			err, errlen,
			"%s:%u: %s: its count %llu is below its buckets' sum %llu and over %llu",
			r->file, c->line, c->source,
			(unsigned long long)c->count, (unsigned long long)h,
			(unsigned long long)c->over);
		return -EINVAL;
	}
	if (c->kind != IMP_SUMMARY && c->kind != IMP_EXACT)
		c->over = c->count - h;
	if (c->over && !c->has_range && c->nb)
		c->range_ns = c->b[c->nb - 1].hi_ns;
	for (int q = 0; q < IMP_NQ; q++)
		quantile(c, q_permille[q], &c->q[q]);
	return 0;
}

/*
 * Whether @s is UTF-8 as JSON strings must be: no overlong form, no
 * surrogate (U+D800-DFFF), nothing past U+10FFFF.
 */
static bool utf8(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	while (*p) {
		unsigned char c = *p, lo = 0x80, hi = 0xbf;
		int n = c < 0x80	       ? 0 :
			c >= 0xc2 && c <= 0xdf ? 1 :
			(c & 0xf0) == 0xe0     ? 2 :
			c >= 0xf0 && c <= 0xf4 ? 3 :
						 -1;

		if (n < 0)
			return false;
		lo = c == 0xe0 ? 0xa0 : c == 0xf0 ? 0x90 : lo;
		hi = c == 0xed ? 0x9f : c == 0xf4 ? 0x8f : hi;
		for (p++; n > 0; n--, p++, lo = 0x80, hi = 0xbf)
			if (*p < lo || *p > hi)
				return false;
	}
	return true;
}

int imp_finish(struct imp_run *r, char *err, size_t errlen)
{
	int ret = 0;

	for (size_t i = 0; i < r->nc; i++)
		if (!utf8(r->c[i].design) || !utf8(r->c[i].source)) {
			snprintf(err, errlen,
				 "%s:%u: a name that is not UTF-8 text",
				 r->file, r->c[i].line);
			return -EINVAL;
		}
	if (!r->nc) {
		snprintf(err, errlen, "%s: no %s figures in it", r->file,
			 r->tool);
		return -EINVAL;
	}
	for (size_t i = 0; !ret && i < r->nc; i++)
		ret = finish_cell(r, &r->c[i], err, errlen);
	return ret;
}

/* The latency object of @c: the tool's min/avg/max where it states them. */
static void cell_stat(const struct imp_cell *c, struct irqstat *s)
{
	double sum = 0, ss = 0, n = 0;

	memset(s, 0, sizeof(*s));
	s->count = c->count;
	for (size_t i = 0; i < c->nb; i++) {
		double mid = (double)(c->b[i].lo_ns + c->b[i].hi_ns) / 2;

		sum += mid * (double)c->b[i].count;
		ss += mid * mid * (double)c->b[i].count;
		n += (double)c->b[i].count;
	}
	for (size_t i = 0; i < c->nv; i++) {
		sum += (double)c->v[i];
		ss += (double)c->v[i] * (double)c->v[i];
		n++;
	}
	s->mean = n ? sum / n : 0;
	s->stddev = n > 1 ? sqrt(fmax(0, (ss - sum * sum / n) / (n - 1))) : 0;
	if (c->nv) {
		s->min = c->v[0];
		s->max = c->v[c->nv - 1];
	} else if (c->nb) {
		s->min = c->b[0].lo_ns;
		s->max = c->over ? c->range_ns : c->b[c->nb - 1].hi_ns;
	}
	if (c->has_summary) {
		s->min = c->min_ns;
		s->max = c->max_ns;
		s->mean = c->avg_ns;
	}
	s->p50 = c->q[IMP_P50].ns;
	s->p90 = c->q[IMP_P90].ns;
	s->p99 = c->q[IMP_P99].ns;
	s->p999 = c->q[IMP_P999].ns;
}

/* The design of cell @c; 0 or -ENOMEM. */
static int cell_design(const struct imp_run *r, const struct imp_cell *c,
		       int slot, struct run_design *d)
{
	static const enum imp_q of_run_q[RUN_NQ] = { IMP_P50, IMP_P99,
						     IMP_P999 };

	d->design = c->design;
	d->slot = slot;
	d->fired = d->serviced = c->count;
	d->blocks = 1;
	d->seconds = r->seconds;
	d->throughput = d->accesses_per_irq = NAN;
	d->has_origin = true;
	d->origin = RUN_FROM_INTENDED;
	cell_stat(c, &d->entry);
	d->exit = d->entry;
	d->nblocks = 1;
	for (int q = 0; q < RUN_NQ; q++) {
		const struct imp_quantile *iq = &c->q[of_run_q[q]];

		d->bq[q] = malloc(sizeof(double));
		if (!d->bq[q])
			return -ENOMEM;
		d->bq[q][0] = iq->known && !iq->over ? (double)iq->ns : NAN;
	}
	return 0;
}

/* The cells grouped by scenario, in order of first appearance. */
static int build_run(const struct imp_run *ir, struct run *r)
{
	r->irqlab = IRQLAB_VERSION;
	r->started = ir->started;
	r->finished = ir->finished;
	r->host = ir->host;
	r->complete = true;
	r->sc = calloc(ir->nc, sizeof(*r->sc));
	if (!r->sc)
		return -ENOMEM;
	for (size_t i = 0; i < ir->nc; i++) {
		const struct imp_cell *c = &ir->c[i];
		struct run_scenario *sc = NULL;

		for (size_t s = 0; s < r->nsc && !sc; s++)
			if (!strcmp(r->sc[s].name, c->scenario))
				sc = &r->sc[s];
		if (!sc) {
			sc = &r->sc[r->nsc];
			*sc = (struct run_scenario){
				.name = c->scenario,
				.file = ir->file,
				.chip = imp_format_name(ir->format),
				.trigger = "none",
				.pattern = "import",
				.wait = "none",
				.index = (unsigned int)r->nsc,
			};
			sc->d = calloc(ir->nc, sizeof(*sc->d));
			r->nsc++;
			if (!sc->d)
				return -ENOMEM;
		}
		sc->nd++;
		if (cell_design(ir, c, (int)sc->nd - 1, &sc->d[sc->nd - 1]))
			return -ENOMEM;
	}
	return 0;
}

/* What build_run() allocated. */
static void built_free(struct run *r)
{
	for (size_t s = 0; r->sc && s < r->nsc; s++) {
		for (size_t k = 0; k < r->sc[s].nd; k++)
			for (int q = 0; q < RUN_NQ; q++)
				free(r->sc[s].d[k].bq[q]);
		free(r->sc[s].d);
	}
	free(r->sc);
}

json_t *imp_summary_json(const struct imp_run *ir)
{
	struct run r = { 0 };
	json_t *j = NULL;

	if (!build_run(ir, &r))
		j = summary_json(&r);
	built_free(&r);
	return j;
}

int imp_as_run(const struct imp_run *ir, const char *dir, struct run *out,
	       char *err, size_t errlen)
{
	json_t *doc = imp_summary_json(ir);
	int ret;

	memset(out, 0, sizeof(*out));
	out->dir = strdup(dir);
	if (!doc || !out->dir) {
		json_decref(doc);
		free(out->dir);
		out->dir = NULL;
		snprintf(err, errlen, "%s: out of memory", dir);
		return -ENOMEM;
	}
	ret = summary_read(doc, out, dir, err, errlen);
	if (ret)
		run_free(out);
	return ret;
}

bool imp_is_imported(const struct run *r)
{
	for (size_t s = 0; s < r->nsc; s++)
		if (strcmp(r->sc[s].pattern, "import"))
			return false;
	return r->nsc > 0;
}

static json_t *u64j(uint64_t v)
{
	return json_integer((json_int_t)v);
}

static json_t *str_or_null(const char *s)
{
	return s ? json_string(s) : json_null();
}

static const char *const kind_name[] = {
	[IMP_HIST] = "histogram",
	[IMP_LOG2] = "log2",
	[IMP_EXACT] = "exact",
	[IMP_SUMMARY] = "summary",
};

static json_t *buckets_json(const struct imp_cell *c)
{
	json_t *a = json_array();

	for (size_t i = 0; a && i < c->nb; i++) {
		const struct imp_bucket *b = &c->b[i];
		json_t *e = c->kind == IMP_LOG2 ?
				    json_pack("[I, I, I]", (json_int_t)b->lo_ns,
					      (json_int_t)b->hi_ns - 1,
					      (json_int_t)b->count) :
				    json_pack("[I, I]", (json_int_t)b->lo_ns,
					      (json_int_t)b->count);

		if (json_array_append_new(a, e)) {
			json_decref(a);
			a = NULL;
		}
	}
	return a;
}

static json_t *cell_json(const struct imp_cell *c)
{
	json_t *q = json_object(), *o;

	for (int i = 0; q && i < IMP_NQ; i++)
		json_object_set_new(
			q, q_name[i],
			c->q[i].known ?
				json_pack("{s:I, s:I, s:b}", "ns",
					  (json_int_t)c->q[i].ns,
					  "resolution_ns",
					  (json_int_t)c->q[i].resolution_ns,
					  "over", c->q[i].over) :
				json_null());
	o = json_pack("{s:s, s:s, s:s, s:s, s:I, s:o, s:o, s:o, s:o, s:o, s:o}",
		      "scenario", c->scenario, "design", c->design, "source",
		      c->source, "kind", kind_name[c->kind], "bucket_ns",
		      (json_int_t)c->bucket_ns, "buckets", buckets_json(c),
		      "range_ns",
		      c->has_range || c->over ? u64j(c->range_ns) : json_null(),
		      "over", u64j(c->over), "count", u64j(c->count), "summary",
		      c->has_summary ?
			      json_pack("{s:I, s:f, s:I}", "min",
					(json_int_t)c->min_ns, "avg", c->avg_ns,
					"max", (json_int_t)c->max_ns) :
			      json_null(),
		      "quantiles", q);
	if (o && c->skipped)
		json_object_set_new(o, "skipped", u64j(c->skipped));
	return o;
}

json_t *imp_json(const struct imp_run *r)
{
	json_t *cells = json_array();

	for (size_t i = 0; cells && i < r->nc; i++)
		if (json_array_append_new(cells, cell_json(&r->c[i]))) {
			json_decref(cells);
			cells = NULL;
		}
	if (!cells)
		return NULL;
	return json_pack(
		"{s:i, s:s, s:s, s:s, s:o, s:o, s:O?, s:s, s:s, s:s, s:I, s:o}",
		"format", IMP_FORMAT, "import_format",
		imp_format_name(r->format), "file", r->file, "tool", r->tool,
		"tool_version", str_or_null(r->tool_version), "command_line",
		str_or_null(r->command_line), "machine", r->machine, "started",
		r->started, "finished", r->finished, "started_from",
		r->started_from_file ? "file" : "mtime", "unit_ns",
		(json_int_t)r->unit_ns, "cells", cells);
}
