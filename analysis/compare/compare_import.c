// SPDX-License-Identifier: GPL-2.0
/*
 * irqlab compare over imported runs (docs/import.md): a side's file of
 * another tool read as a run, runs of the two sides that alternate in
 * time paired by their start stamps, how many runs a side a change needs
 * at the spread observed, and the finding the output opens on. The
 * verdicts are compare.c's, unchanged: a histogram's run is one unit, as
 * one of irqlab's runs is.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "compare_internal.h"
#include "analysis/import.h"

int cmp_side_import(struct side *sd, const char *path, char *err, size_t errlen)
{
	struct imp_run ir;
	struct run *r;
	int ret = imp_read(path, -1, &ir, err, errlen);

	if (!ret) {
		r = realloc(sd->r, (sd->n + 1) * sizeof(*r));
		ret = r ? 0 : -ENOMEM;
		if (r)
			sd->r = r;
	}
	if (!ret)
		ret = imp_as_run(&ir, path, &sd->r[sd->n], err, errlen);
	if (!ret)
		sd->n++;
	imp_free(&ir);
	return ret == -ENOTSUP ? -EINVAL : ret;
}

bool cmp_imported(const struct side *sides, size_t nsides)
{
	for (size_t i = 0; i < nsides; i++)
		for (size_t j = 0; j < sides[i].n; j++)
			if (!imp_is_imported(&sides[i].r[j]))
				return false;
	return nsides > 0;
}

static int by_start(const void *a, const void *b)
{
	const struct run *x = a, *y = b;

	return strcmp(x->started ? x->started : "",
		      y->started ? y->started : "");
}

bool cmp_pair_runs(struct side *base, struct side *now, json_t *jside)
{
	size_t n = base->n;
	bool alt = n == now->n && n > 1;

	qsort(base->r, base->n, sizeof(*base->r), by_start);
	qsort(now->r, now->n, sizeof(*now->r), by_start);
	/* A B A B ... or B A B A ...: each pair's members next in time. */
	for (size_t i = 0; alt && i < n; i++) {
		const char *b = base->r[i].started, *x = now->r[i].started;
		bool b_first = strcmp(b, x) <= 0;
		bool first = strcmp(base->r[0].started, now->r[0].started) <= 0;

		alt = b_first == first;
		if (alt && i + 1 < n)
			alt = strcmp(first ? x : b,
				     first ? base->r[i + 1].started :
					     now->r[i + 1].started) <= 0;
	}
	json_object_set_new(jside, "paired", json_boolean(alt));
	if (!alt)
		return false;
	printf("\nThe runs alternate in time (by their start stamps): paired in that order,");
	for (size_t i = 0; i < n; i++)
		printf("%s base %s with %s", i ? ";" : "", base->r[i].started,
		       now->r[i].started);
	printf(". Each run stays one unit of the test below.\n");
	return true;
}

/*
 * A quantile past its histogram is known only as "over", at least the
 * histogram's end (summary.json's figure, its blocks_ns null). On the
 * side compared with the base that bound may stand for it: it can only
 * understate an increase, so a regression found with it is one, but a
 * cell with such a run is never "within" (cell->censored). On the base
 * it would overstate the change, and stays out.
 */
void cmp_censor_runs(const struct side *now, struct cell *c, enum metric m)
{
	c->censored = 0;
	for (size_t i = 0; i < now->n; i++) {
		const struct run_scenario *sc =
			run_find_scenario(&now->r[i], c->scenario);
		const struct run_design *d =
			sc ? run_find_design(sc, c->design) : NULL;
		uint64_t bound;

		if (!d || isfinite(c->sn[i]) || !imp_is_imported(&now->r[i]))
			continue;
		bound = m == M_P50 ? d->entry.p50 :
			m == M_P99 ? d->entry.p99 :
				     d->entry.p999;
		if (!bound)
			continue; /* no histogram: no bound either */
		c->sn[i] = log((double)bound);
		c->censored++;
	}
}

void cmp_runs_needed(const struct cmp_opts *o, enum metric m,
		     const struct shift *sh, double lv, json_t *jm)
{
	double z = irqstat_t_quantile(1 - (1 - lv) / 2, INFINITY);
	double zp = irqstat_t_quantile(0.8, INFINITY);
	double d = log(1 + o->threshold), n;

	if (!(sh->df > 0) || !(d > 0))
		return;
	n = ceil(2 * (z + zp) * (z + zp) * sh->var / (d * d));
	n = n < 2 ? 2 : n;
	printf("Runs a side to see a %.1f%% change of a cell's %s at this spread (80%% power, %.2f%% intervals): %.0f.\n",
	       o->threshold * 100, cmp_metrics[m].name, lv * 100, n);
	json_object_set_new(jm, "runs_needed", json_real(n));
}

/* One cell of the finding. */
struct fcell {
	size_t side;
	enum metric m;
	const char *scenario, *design;
	double b, x, lo, hi; /* ns, and the ratio's interval */
	bool moved, over;
};

/* The global shift of one side and metric, where its interval is off 1. */
struct fglobal {
	size_t side;
	enum metric m;
	double point, lo, hi;
};

struct cmp_finding {
	struct fcell *c;
	size_t n;
	struct fglobal *g;
	size_t ng;
	size_t base_runs, most_runs;
};

struct cmp_finding *cmp_finding_new(const struct side *sides, size_t nsides)
{
	struct cmp_finding *f = calloc(1, sizeof(*f));

	if (!f)
		return NULL;
	f->base_runs = sides[0].n;
	for (size_t i = 1; i < nsides; i++)
		f->most_runs = sides[i].n > f->most_runs ? sides[i].n :
							   f->most_runs;
	return f;
}

void cmp_finding_cell(struct cmp_finding *f, size_t side, enum metric m,
		      const struct cell *c, double b, double x, size_t nn)
{
	struct fcell *n = realloc(f->c, (f->n + 1) * sizeof(*n));

	if (!n)
		return;
	f->c = n;
	n[f->n++] = (struct fcell){
		.side = side,
		.m = m,
		.scenario = c->scenario,
		.design = c->design,
		.b = b,
		.x = x,
		.lo = c->lo,
		.hi = c->hi,
		.moved = isfinite(c->lo) && (c->lo > 1 || c->hi < 1),
		.over = c->vb < f->base_runs || c->vn < nn || c->censored,
	};
}

static int by_number(const void *a, const void *b)
{
	const long *x = a, *y = b;

	return (*x > *y) - (*x < *y);
}

void cmp_finding_global(struct cmp_finding *f, size_t side, enum metric m,
			const struct irqstat_shift *g)
{
	struct fglobal *n;

	if (!g->enough || !(g->lo > 1 || g->hi < 1))
		return;
	n = realloc(f->g, (f->ng + 1) * sizeof(*n));
	if (!n)
		return;
	f->g = n;
	n[f->ng++] = (struct fglobal){ side, m, g->point, g->lo, g->hi };
}

/* "CPUs 2-3", "threads 0-1", or the scenarios' names, into @buf. */
static void where(const struct fcell *c, size_t n, char *buf, size_t len)
{
	static const char *const pfx[][2] = { { "cpu", "CPU" },
					      { "thread", "thread" } };
	long *v = calloc(n, sizeof(*v));
	size_t at = 0, p;

	for (p = 0; p < 2; p++) {
		size_t k = 0;

		while (k < n &&
		       !strncmp(c[k].scenario, pfx[p][0], strlen(pfx[p][0])))
			k++;
		if (k == n)
			break;
	}
	buf[0] = '\0';
	if (p == 2 || !v) {
		for (size_t i = 0; i < n && at < len; i++)
			at += (size_t)snprintf(buf + at, len - at, "%s%s",
					       i ? ", " : "", c[i].scenario);
		free(v);
		return;
	}
	for (size_t i = 0; i < n; i++)
		v[i] = atol(c[i].scenario + strlen(pfx[p][0]));
	qsort(v, n, sizeof(*v), by_number);
	at = (size_t)snprintf(buf, len, "%s%s", pfx[p][1], n > 1 ? "s" : "");
	for (size_t i = 0, j; i < n && at < len; i = j + 1) {
		for (j = i; j + 1 < n && v[j + 1] == v[j] + 1; j++)
			;
		at += (size_t)(j > i ? snprintf(buf + at, len - at,
						"%s %ld-%ld", i ? "," : "",
						v[i], v[j]) :
				       snprintf(buf + at, len - at, "%s %ld",
						i ? "," : "", v[i]));
	}
	free(v);
}

/* @ns as "3.1 us" or "48.8 ms". */
static const char *fmt_time(char *buf, size_t len, double ns)
{
	if (ns >= 1e6)
		snprintf(buf, len, "%.3g ms", ns / 1e6);
	else
		snprintf(buf, len, "%.3g us", ns / 1e3);
	return buf;
}

/* The global shift of @side and @m, off 1 that way, or NULL. */
static const struct fglobal *global_of(const struct cmp_finding *f, size_t side,
				       enum metric m, bool lower)
{
	for (size_t i = 0; i < f->ng; i++)
		if (f->g[i].side == side && f->g[i].m == m &&
		    (f->g[i].hi < 1) == lower)
			return &f->g[i];
	return NULL;
}

/*
 * The moved cells of one side, metric and direction, as one clause: the
 * middle cell's change in us and its interval; where every cell moved at
 * once (the global shift), every cell, with the global shift's.
 */
static void clause(FILE *out, const struct cmp_finding *f, size_t side,
		   enum metric m, bool lower, bool *said)
{
	const struct fglobal *g = global_of(f, side, m, lower);
	struct fcell *sel = calloc(f->n ? f->n : 1, sizeof(*sel)), *mid;
	double d[3], r[3];
	size_t k = 0;
	char at[256], t[3][32];

	for (size_t i = 0; sel && i < f->n; i++)
		if (f->c[i].side == side && f->c[i].m == m &&
		    (g || (f->c[i].moved && (f->c[i].hi < 1) == lower)))
			sel[k++] = f->c[i];
	if (!k) {
		free(sel);
		return;
	}
	where(sel, k, at, sizeof(at));
	mid = &sel[k / 2];
	r[0] = g ? g->point : mid->x / mid->b;
	r[1] = g ? g->lo : mid->lo;
	r[2] = g ? g->hi : mid->hi;
	for (int i = 0; i < 3; i++)
		d[i] = fabs(mid->b * (r[i] - 1));
	fprintf(out, "%s%s's %s is %s by %s [%s, %s] (x%.3g)%s on %s",
		*said ? "; " : "", side == 1 ? "B" : "another side",
		cmp_metrics[m].name, lower ? "lower" : "higher",
		fmt_time(t[0], sizeof(t[0]), d[0]),
		fmt_time(t[1], sizeof(t[1]), fmin(d[1], d[2])),
		fmt_time(t[2], sizeof(t[2]), fmax(d[1], d[2])), r[0],
		g     ? ", every cell at once," :
		k > 1 ? " (the middle cell)" :
			"",
		at);
	*said = true;
	free(sel);
}

void cmp_finding_print(FILE *out, const struct cmp_finding *f, size_t nsides)
{
	bool said = false;
	unsigned int over = 0;

	fprintf(out, "**Finding:** ");
	for (size_t s = 1; s < nsides; s++)
		for (int m = M_P50; m <= M_P999; m++) {
			clause(out, f, s, (enum metric)m, true, &said);
			clause(out, f, s, (enum metric)m, false, &said);
		}
	if (!said)
		fprintf(out,
			"no quantile of B differs from the base's beyond the runs' spread");
	for (size_t i = 0; i < f->n; i++)
		over += f->c[i].over;
	if (over)
		fprintf(out,
			"; %u cell quantile%s had no value in some run (past its histogram: known only as over; or no histogram): left out there",
			over, over == 1 ? "" : "s");
	if (f->base_runs < 2 || f->most_runs < 2)
		fprintf(out, "; the maxima cannot be compared: one run each");
	else
		fprintf(out,
			"; the maxima are reported, not tested: each is one event of one run");
	fprintf(out, ".\n\n");
}

void cmp_finding_free(struct cmp_finding *f)
{
	if (f) {
		free(f->c);
		free(f->g);
	}
	free(f);
}

/*
 * An imported comparison opens on its finding, which the verdicts of
 * every metric make: the tables go to a buffer while they are worked
 * out (the rows print as they are tested), and follow the finding.
 */
FILE *cmp_imported_begin(struct side *sides, size_t nsides, struct verdicts *v,
			 char **buf, size_t *len)
{
	FILE *body;

	if (!cmp_imported(sides, nsides))
		return NULL;
	v->finding = cmp_finding_new(sides, nsides);
	body = v->finding ? open_memstream(buf, len) : NULL;
	if (!body)
		return NULL;
	fflush(stdout);
	return body;
}

/* The title, the finding (also into @j), then the buffered tables. */
void cmp_imported_end(FILE *saved, FILE *body, char **buf, size_t *len,
		      const struct verdicts *v, size_t nsides, json_t *j)
{
	static const char title[] = "# irqlab compare\n\n";
	char *fnd = NULL;
	size_t flen = 0;
	FILE *f;

	fclose(body);
	stdout = saved;
	f = open_memstream(&fnd, &flen);
	if (f) {
		cmp_finding_print(f, v->finding, nsides);
		fclose(f);
	}
	printf("%s%s", title, fnd ? fnd : "");
	if (fnd)
		json_object_set_new(j, "finding", json_string(fnd));
	free(fnd);
	/* fclose() above set *buf and *len: the tables, their title first. */
	if (*buf && !strncmp(*buf, title, strlen(title)))
		fwrite(*buf + strlen(title), 1, *len - strlen(title), stdout);
	else if (*buf)
		fwrite(*buf, 1, *len, stdout);
}
