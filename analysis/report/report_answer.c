// SPDX-License-Identifier: GPL-2.0
/*
 * The report's first section, the answer before the tables: the finding
 * per chip (report_finding.c), then the forest plot, every design's p50 and p99
 * over __do_IRQ's with its interval, one row per scenario and design,
 * with the verdicts marked, then the design colours every figure uses
 * (palette.c). The numbers are the headline's: report_versus() and
 * report_call() over the same per-block quantiles.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "report_finding.h"
#include "palette.h"
#include "report_internal.h"

/* Designs a forest plot tells apart: the harness knows five. */
#define FOREST_DESIGNS 16

/* One row of the forest plot: a design against __do_IRQ in a scenario. */
struct forest_row {
	size_t sc; /* the scenario's index in the run */
	const struct run_design *d;
	struct vs_base v;
	enum report_call call[2]; /* p50, p99 */
	size_t y; /* its row from the bottom, 1-based */
	size_t block; /* its design's block of the data file */
};

struct forest {
	const struct run *r;
	struct forest_row *row;
	size_t nrows, nd;
	const char *design[FOREST_DESIGNS]; /* the blocks, in palette order */
	double lo[2], hi[2]; /* the x range of each panel */
};

/* Whether a row of @fo is of @design. */
static bool forest_has(const struct forest *fo, const char *design)
{
	for (size_t n = 0; n < fo->nrows; n++)
		if (!strcmp(fo->row[n].d->design, design))
			return true;
	return false;
}

/*
 * The designs' blocks: the palette's order, then any other in the order
 * of its first row; each row's block. Rows of designs past
 * FOREST_DESIGNS are left out of the figure.
 */
static void forest_blocks(struct forest *fo)
{
	size_t kept = 0;

	for (size_t k = 0; k < ana_nr_designs; k++)
		if (report_compared(ana_designs[k].name) &&
		    forest_has(fo, ana_designs[k].name))
			fo->design[fo->nd++] = ana_designs[k].name;
	for (size_t n = 0; n < fo->nrows; n++) {
		struct forest_row *w = &fo->row[n];

		for (w->block = 0; w->block < fo->nd; w->block++)
			if (!strcmp(fo->design[w->block], w->d->design))
				break;
		if (w->block == fo->nd && fo->nd < FOREST_DESIGNS)
			fo->design[fo->nd++] = w->d->design;
		if (w->block < fo->nd)
			fo->row[kept++] = *w;
	}
	fo->nrows = kept;
	for (size_t n = 0; n < fo->nrows; n++)
		fo->row[n].y = fo->nrows - n;
}

/* Widen panel @q's range to hold @e's point and interval. */
static void forest_range(struct forest *fo, int q,
			 const struct irqstat_effect *e)
{
	double v[3] = { e->point, e->enough ? e->lo : NAN,
			e->enough ? e->hi : NAN };

	for (int i = 0; e->valid && i < 3; i++) {
		if (!(v[i] > 0) || !isfinite(v[i]))
			continue;
		fo->lo[q] = fmin(fo->lo[q], v[i]);
		fo->hi[q] = fmax(fo->hi[q], v[i]);
	}
}

/* The rows, top to bottom in report order; 0 or -ENOMEM. */
static int forest_rows(struct forest *fo, const struct report_verdicts *vs)
{
	memset(fo, 0, sizeof(*fo));
	fo->r = vs->r;
	fo->lo[0] = fo->lo[1] = fo->hi[0] = fo->hi[1] = 1;
	fo->row = calloc(vs->n ? vs->n : 1, sizeof(*fo->row));
	if (!fo->row)
		return -ENOMEM;
	for (size_t i = 0; i < vs->n; i++) {
		const struct report_vs *c = &vs->c[i];
		struct forest_row *w = &fo->row[fo->nrows];

		if (!c->v.p50.valid || !(c->v.p50.point > 0))
			continue;
		w->sc = (size_t)(c->sc - vs->r->sc);
		w->d = c->d;
		w->v = c->v;
		w->call[0] = c->call[0];
		w->call[1] = c->call[1];
		forest_range(fo, 0, &w->v.p50);
		forest_range(fo, 1, &w->v.p99);
		fo->nrows++;
	}
	forest_blocks(fo);
	return 0;
}

/* A value of the data file: NaN where there is none. */
static void put_num(FILE *f, bool has, double v)
{
	if (has && isfinite(v) && v > 0)
		fprintf(f, " %.4g", v);
	else
		fputs(" NaN", f);
}

/* -1 faster, 1 slower, 0 no verdict: the data file's verdict column. */
static int verdict_col(enum report_call c)
{
	return c == REPORT_FASTER ? -1 : c == REPORT_SLOWER ? 1 : 0;
}

/* The ranges, the bands of every other scenario, then a block a design. */
static int forest_data(FILE *f, const void *arg)
{
	const struct forest *fo = arg;
	size_t band = 0;

	fprintf(f,
		"# forest plot: each design's quantile over __do_IRQ's in the same\n"
		"# scenario, the median over rounds and its %.0f%% interval (the\n"
		"# headline's); verdict -1 faster, 1 slower, 0 none given\n"
		"# x50_lo x50_hi x99_lo x99_hi rows\n%.4g %.4g %.4g %.4g %zu\n",
		REPORT_LEVEL * 100, fo->lo[0] / 1.3, fo->hi[0] * 1.3,
		fo->lo[1] / 1.3, fo->hi[1] * 1.3, fo->nrows);
	fputs("\n\n# every other scenario's rows, shaded\n# y_lo y_hi\n", f);
	for (size_t n = 0; n < fo->nrows; n++) {
		size_t m = n;

		while (m + 1 < fo->nrows && fo->row[m + 1].sc == fo->row[n].sc)
			m++;
		if (!(band++ % 2))
			fprintf(f, "%.1f %.1f\n", fo->row[m].y - 0.5,
				fo->row[n].y + 0.5);
		n = m;
	}
	for (size_t k = 0; k < fo->nd; k++) {
		fprintf(f,
			"\n\n# design %s\n# y label p50 p50_lo p50_hi p50_verdict "
			"p99 p99_lo p99_hi p99_verdict\n",
			fo->design[k]);
		for (size_t n = 0; n < fo->nrows; n++) {
			const struct forest_row *w = &fo->row[n];
			const struct irqstat_effect *e[2] = { &w->v.p50,
							      &w->v.p99 };
			char sc[96], ds[96];

			if (w->block != k)
				continue;
			report_safe_name(sc, sizeof(sc), fo->r->sc[w->sc].name);
			report_safe_name(ds, sizeof(ds), w->d->design);
			fprintf(f, "%zu \"%s %s\"", w->y, sc, ds);
			for (int q = 0; q < 2; q++) {
				put_num(f, e[q]->valid, e[q]->point);
				put_num(f, e[q]->enough, e[q]->lo);
				put_num(f, e[q]->enough, e[q]->hi);
				fprintf(f, " %d", verdict_col(w->call[q]));
			}
			fputc('\n', f);
		}
	}
	return 0;
}

static int doc_put(void *arg, const char *para)
{
	doc_para(arg, "%s", para);
	return 0;
}

/* The forest plot and the design colours, or why there is no plot. */
/*
 * The 2006 designs' colours are always listed; a modern one's (code
 * ANA_FIRST_V6 on) where the run ran it, so that the reports of folders
 * from before the modern family read as they did.
 */
static bool swatch_shown(const struct run *r, const struct ana_design *a)
{
	if (a->code < ANA_FIRST_V6)
		return true;
	for (size_t i = 0; i < r->nsc; i++)
		for (size_t k = 0; k < r->sc[i].nd; k++)
			if (!strncmp(r->sc[i].d[k].design, a->name,
				     strlen(a->name)))
				return true;
	return false;
}

static int forest(struct report *rp, struct doc *d)
{
	const char *cn[32], *cc[32];
	size_t n = 0;
	char names[FOREST_DESIGNS * 100], safe[96], cap[512];
	struct forest fo;
	size_t at = 0;
	int ret = forest_rows(&fo, &rp->vs);

	if (ret) {
		snprintf(rp->err, rp->errlen, "out of memory");
		return ret;
	}
	if (!fo.nrows) {
		free(fo.row);
		doc_para(d, "No design ran beside __do_IRQ: no forest plot.");
		return 0;
	}
	names[0] = '\0';
	for (size_t k = 0; k < fo.nd && at < sizeof(names); k++) {
		report_safe_name(safe, sizeof(safe), fo.design[k]);
		at += (size_t)snprintf(names + at, sizeof(names) - at, "%s%s",
				       k ? " " : "", safe);
	}
	ret = report_figure_draw(rp, "forest", "forest.gp",
				 "each design over __do_IRQ, per scenario",
				 names, forest_data, &fo);
	free(fo.row);
	if (ret)
		return ret;
	snprintf(
		cap, sizeof(cap),
		"Each design's p50 (left) and p99 (right) over __do_IRQ's in the same scenario, a row per scenario and design: the point is the median over rounds, the bar its %.0f%% interval; filled where the report gives a verdict, open where it gives none. Left of the dashed line at 1 is faster than __do_IRQ. Log x; every other scenario shaded.",
		REPORT_LEVEL * 100);
	doc_figure(d, "figures/forest.png", cap);
	for (size_t k = 0; k < ana_nr_designs && n < 32; k++) {
		if (!swatch_shown(&rp->run, &ana_designs[k]))
			continue;
		cn[n] = ana_designs[k].name;
		cc[n++] = ana_designs[k].colour;
	}
	doc_swatches(d, "Design colours, the same in every figure:", cn, cc, n);
	return 0;
}

/**
 * report_answer - the finding per chip, then the forest plot
 * @rp: the report
 * @d: its document
 *
 * Return: 0, or -errno with rp->err set (no memory, the figure).
 */
int report_answer(struct report *rp, struct doc *d)
{
	int ret;

	doc_para(
		d,
		"Per chip, each design against __do_IRQ in the scenarios that ran both. "
		"A design is called faster or slower only where the %.0f%% interval of its ratio over rounds excludes 1 and the finding holds over the run's whole family, every design, scenario and quantile compared here (Holm's step-down at 5%%: a run where nothing differs gets any finding at most 5%% of the time). "
		"Elsewhere \"no verdict\" says why: the interval spans 1; not beyond the run's other comparisons (the interval excludes 1, as the headline's per-cell table shows, but not with the family counted); too few rounds; or no interval at all. "
		"Events a host-noise gap touched are counted like any other: which events a gap touches depends on their latency, so setting them apart would let the design decide its own filter; the Host noise section reports them. "
		"In brackets, the design's quantile over __do_IRQ's (the median over rounds of the blocks' ratio) and its interval; "
		"register accesses per interrupt are the run's counts (summary.json).",
		REPORT_LEVEL * 100);
	ret = report_finding(&rp->vs, doc_put, d);
	if (ret < 0) {
		snprintf(rp->err, rp->errlen, "out of memory");
		return ret;
	}
	return forest(rp, d);
}
