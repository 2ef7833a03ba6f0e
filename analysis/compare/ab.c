// SPDX-License-Identifier: GPL-2.0
/*
 * The A/B gate's judgement (ab.h): pairs of run folders into log ratios
 * per cell, a signed-rank test and interval per cell at each look, Holm
 * over the family, and the outcome with what each undecided cell could
 * have shown. docs/analysis.md ("irqlab ab") has the method and the
 * arithmetic of its error rates; bench/cmd/ab.c runs the pairs.
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "analysis/ab.h"
#include "analysis/stats.h"
#include "analysis/summary.h"

static const char *const qname[RUN_NQ] = {
	[RUN_Q50] = "p50",
	[RUN_Q99] = "p99",
	[RUN_Q999] = "p999",
};

static const char *const vname[] = {
	[AB_NO_DATA] = "no data",	[AB_UNDECIDED] = "undecided",
	[AB_CLEAR] = "clear",		[AB_HIGHER] = "higher",
	[AB_REGRESSION] = "REGRESSION",
};

const char *ab_verdict_name(enum ab_verdict v)
{
	return v <= AB_REGRESSION ? vname[v] : "?";
}

int ab_metric_parse(const char *name, enum run_q *q)
{
	for (int i = 0; i < RUN_NQ; i++)
		if (!strcmp(name, qname[i])) {
			*q = (enum run_q)i;
			return 0;
		}
	return -EINVAL;
}

const char *ab_metric_name(enum run_q q)
{
	return q < RUN_NQ ? qname[q] : "?";
}

void ab_gate_init(struct ab_gate *g, const struct ab_params *p)
{
	memset(g, 0, sizeof(*g));
	g->p = *p;
	g->outcome = ANA_INCONCLUSIVE;
}

void ab_gate_free(struct ab_gate *g)
{
	for (size_t i = 0; i < g->ncells; i++) {
		free(g->cells[i].scenario);
		free(g->cells[i].design);
		free(g->cells[i].d);
	}
	free(g->cells);
	free(g->looks);
	memset(g, 0, sizeof(*g));
}

/*
 * A run's value of a cell: the median over its blocks of ln(quantile).
 * The median, not the mean, because a block a host stall blew up should
 * move the run's value by a rank, not by its size; the log, so that the
 * pair's difference is a ratio whatever the cell's scale.
 */
static double run_value(const struct run *r, const char *scenario,
			const char *design, enum run_q q)
{
	const struct run_design *d = NULL;
	double *v, m;
	size_t k = 0;

	/* By name, as the sides may list scenarios in another order. */
	for (size_t i = 0; i < r->nsc && !d; i++)
		for (size_t j = 0; j < r->sc[i].nd && !d; j++)
			if (!strcmp(r->sc[i].name, scenario) &&
			    !strcmp(r->sc[i].d[j].design, design))
				d = &r->sc[i].d[j];
	if (!d || !d->bq[q] || !d->nblocks)
		return NAN;
	v = malloc(d->nblocks * sizeof(*v));
	if (!v)
		return NAN;
	for (unsigned int b = 0; b < d->nblocks; b++)
		if (d->bq[q][b] > 0)
			v[k++] = log(d->bq[q][b]);
	m = irqstat_median_finite(v, k);
	free(v);
	return m;
}

static int add_cell(struct ab_gate *g, const char *scenario, const char *design,
		    enum run_q q, bool global)
{
	struct ab_cell *c = realloc(g->cells, (g->ncells + 1) * sizeof(*c));

	if (!c)
		return -ENOMEM;
	g->cells = c;
	c += g->ncells;
	memset(c, 0, sizeof(*c));
	c->q = q;
	c->global = global;
	c->scenario = strdup(scenario);
	c->design = strdup(design);
	g->ncells++;
	return c->scenario && c->design ? 0 : -ENOMEM;
}

/* The cells: A's scenarios and designs with blocks, per metric; globals. */
static int make_cells(struct ab_gate *g, const struct run *a)
{
	int ret = 0;

	for (unsigned int k = 0; k < g->p.nmetrics && !ret; k++) {
		enum run_q q = g->p.metric[k];

		for (size_t i = 0; i < a->nsc && !ret; i++)
			for (size_t j = 0; j < a->sc[i].nd && !ret; j++)
				if (a->sc[i].d[j].bq[q])
					ret = add_cell(g, a->sc[i].name,
						       a->sc[i].d[j].design, q,
						       false);
	}
	for (unsigned int k = 0; k < g->p.nmetrics && !ret; k++)
		ret = add_cell(g, "*", "*", g->p.metric[k], true);
	return ret;
}

/*
 * The schedule of looks for a family of @m cells: the first at the
 * fewest pairs with which a cell's one-sided p can reach the error a look
 * may spend in one cell (alpha / K / m), at least AB_MIN_PAIRS; then each
 * at AB_LOOK_GROWTH times the last; the last at max_pairs. K, the number
 * of looks, and the first look depend on each other: start from one look
 * and grow K until the schedule has no more looks than the K it was
 * made for (then alpha / K per look is at most alpha in all).
 */
static int make_looks(struct ab_gate *g, unsigned int m)
{
	unsigned int K = 1, n, cnt, *l = NULL;

	for (;;) {
		unsigned int *nl = realloc(l, 64 * sizeof(*l));

		if (!nl) {
			free(l);
			return -ENOMEM;
		}
		l = nl;
		n = irqstat_signrank_min_units(g->p.alpha / K / m);
		if (n < AB_MIN_PAIRS)
			n = AB_MIN_PAIRS;
		cnt = 0;
		while (n < g->p.max_pairs && cnt < 63) {
			l[cnt++] = n;
			n = (unsigned int)ceil(n * AB_LOOK_GROWTH);
		}
		l[cnt++] = g->p.max_pairs;
		if (cnt <= K)
			break;
		K = cnt;
	}
	g->looks = l;
	g->nlooks = cnt;
	g->alpha_look = g->p.alpha / K;
	return 0;
}

static void add_noise(struct ab_noise *n, const struct run *r)
{
	bool any = false;

	for (size_t i = 0; i < r->nsc; i++)
		for (size_t j = 0; j < r->sc[i].nd; j++) {
			const struct run_design *d = &r->sc[i].d[j];

			if (!d->has_noise)
				continue;
			any = true;
			n->events += d->noise_events;
			n->serviced += d->serviced;
		}
	n->runs += any;
	n->runs_without += !any;
}

double ab_noise_share(const struct ab_noise *n)
{
	return n->serviced ? (double)n->events / (double)n->serviced : NAN;
}

static int load(const char *dir, struct run *r, char *err, size_t errlen)
{
	int ret = summary_load(dir, r, err, errlen);

	if (ret)
		return ret == -ENOMEM ? -ENOMEM : -EINVAL;
	if (!r->complete) {
		snprintf(
			err, errlen,
			"%s/summary.json: the run is not complete, so it is no unit of the gate",
			dir);
		return -EINVAL;
	}
	return 0;
}

/* Room for one more pair in every cell. */
static int grow(struct ab_gate *g)
{
	unsigned int cap = g->cap ? g->cap * 2 : 16;

	if (g->pairs < g->cap)
		return 0;
	for (size_t i = 0; i < g->ncells; i++) {
		double *d = realloc(g->cells[i].d, cap * sizeof(*d));

		if (!d)
			return -ENOMEM;
		g->cells[i].d = d;
	}
	g->cap = cap;
	return 0;
}

/* The pair's global shift per metric: the median of its cells' d. */
static int global_cells(struct ab_gate *g)
{
	double *v = malloc((g->ncells ? g->ncells : 1) * sizeof(*v));
	unsigned int p = g->pairs;

	if (!v)
		return -ENOMEM;
	for (size_t i = 0; i < g->ncells; i++) {
		struct ab_cell *c = &g->cells[i];
		size_t k = 0;

		if (!c->global)
			continue;
		for (size_t j = 0; j < g->ncells; j++)
			if (!g->cells[j].global && g->cells[j].q == c->q)
				v[k++] = g->cells[j].d[p];
		c->d[p] = irqstat_median_finite(v, k);
	}
	free(v);
	return 0;
}

int ab_gate_add(struct ab_gate *g, const char *dir_a, const char *dir_b,
		char *err, size_t errlen)
{
	struct run a, b;
	int ret;

	memset(&a, 0, sizeof(a));
	memset(&b, 0, sizeof(b));
	ret = load(dir_a, &a, err, errlen);
	if (!ret)
		ret = load(dir_b, &b, err, errlen);
	if (ret)
		goto out;
	if (!g->ncells) {
		ret = make_cells(g, &a);
		if (!ret && g->ncells == g->p.nmetrics) {
			snprintf(
				err, errlen,
				"%s/summary.json: no design has blocks_ns, so there is nothing to compare",
				dir_a);
			ret = -EINVAL;
		}
		if (!ret)
			ret = make_looks(g, (unsigned int)g->ncells);
		if (ret)
			goto out;
	}
	ret = grow(g);
	if (ret)
		goto out;
	for (size_t i = 0; i < g->ncells; i++) {
		struct ab_cell *c = &g->cells[i];

		if (!c->global)
			c->d[g->pairs] =
				run_value(&b, c->scenario, c->design, c->q) -
				run_value(&a, c->scenario, c->design, c->q);
	}
	ret = global_cells(g);
	if (ret)
		goto out;
	add_noise(&g->noise[0], &a);
	add_noise(&g->noise[1], &b);
	g->pairs++;
out:
	run_free(&a);
	run_free(&b);
	return ret;
}

bool ab_gate_is_look(const struct ab_gate *g)
{
	for (unsigned int i = 0; i < g->nlooks; i++)
		if (g->looks[i] == g->pairs)
			return true;
	return false;
}

static bool has_data(const struct ab_cell *c, unsigned int n)
{
	for (unsigned int i = 0; i < n; i++)
		if (isfinite(c->d[i]))
			return true;
	return false;
}

int ab_gate_judge(struct ab_gate *g)
{
	double *p = malloc((g->ncells ? g->ncells : 1) * sizeof(*p)), up;
	bool *rej = malloc((g->ncells ? g->ncells : 1) * sizeof(*rej));
	bool regression = false, pass = true;
	unsigned int m = 0;

	if (!p || !rej) {
		free(p);
		free(rej);
		return -ENOMEM;
	}
	g->look++;
	for (size_t i = 0; i < g->ncells; i++)
		m += has_data(&g->cells[i], g->pairs);
	g->m = m;
	/* Each one-sided tail alpha_look / m: Bonferroni over the family. */
	g->level = m ? 1 - 2 * g->alpha_look / m : 0;
	up = 1 + g->p.threshold;
	for (size_t i = 0; i < g->ncells; i++) {
		struct ab_cell *c = &g->cells[i];

		p[i] = NAN;
		if (!has_data(c, g->pairs)) {
			memset(&c->s, 0, sizeof(c->s));
			continue;
		}
		irqstat_signrank(c->d, g->pairs, g->level, &c->s);
		p[i] = c->s.valid ? c->s.p_up : 1;
	}
	/* Cells without data are NAN: never rejected, not counted by m. */
	if (irqstat_holm(p, g->ncells, g->alpha_look, rej) < 0) {
		free(p);
		free(rej);
		return -ENOMEM;
	}
	for (size_t i = 0; i < g->ncells; i++) {
		struct ab_cell *c = &g->cells[i];
		bool below = c->s.enough && c->s.hi < up;

		c->reject = rej[i];
		if (isnan(p[i]))
			c->verdict = AB_NO_DATA;
		else if (rej[i] && c->s.point > up)
			c->verdict = AB_REGRESSION;
		else if (rej[i])
			c->verdict = AB_HIGHER;
		else if (below)
			c->verdict = AB_CLEAR;
		else
			c->verdict = AB_UNDECIDED;
		regression |= c->verdict == AB_REGRESSION;
		if (!isnan(p[i]) && !below)
			pass = false;
	}
	free(p);
	free(rej);
	g->outcome = regression	   ? ANA_REGRESSION :
		     pass && m > 0 ? ANA_PASS :
				     ANA_INCONCLUSIVE;
	return (int)g->outcome;
}

/* "gic-edge/flow p50" or "global p50". */
static void cell_name(const struct ab_cell *c, char *buf, size_t len)
{
	if (c->global)
		snprintf(buf, len, "global %s", qname[c->q]);
	else
		snprintf(buf, len, "%s/%s %s", c->scenario, c->design,
			 qname[c->q]);
}

/* "1.034 [0.981, 1.090]", or what there is of it. */
static void cell_ratio(const struct ab_cell *c, char *buf, size_t len)
{
	if (!c->s.valid)
		snprintf(buf, len, "-");
	else if (!c->s.enough)
		snprintf(buf, len, "%.3f [too few pairs]", c->s.point);
	else
		snprintf(buf, len, "%.3f [%.3f, %.3f]", c->s.point, c->s.lo,
			 c->s.hi);
}

static void cell_detect(const struct ab_cell *c, char *buf, size_t len)
{
	if (c->s.enough && isfinite(c->s.detect))
		snprintf(buf, len, "%.3f", c->s.detect);
	else
		snprintf(buf, len, "-");
}

void ab_gate_table(const struct ab_gate *g, FILE *f, bool markdown,
		   double minutes)
{
	char name[160], ratio[96], det[32], foot[1024];

	if (markdown)
		fputs("| cell | pairs | ratio B/A [interval] | detect | verdict |\n"
		      "|---|---:|---|---:|---|\n",
		      f);
	else
		fprintf(f, "%-40s %5s  %-28s %7s  %s\n", "cell", "pairs",
			"ratio B/A [interval]", "detect", "verdict");
	for (size_t i = 0; i < g->ncells; i++) {
		const struct ab_cell *c = &g->cells[i];

		cell_name(c, name, sizeof(name));
		cell_ratio(c, ratio, sizeof(ratio));
		cell_detect(c, det, sizeof(det));
		if (markdown)
			fprintf(f, "| %s | %u | %s | %s | %s |\n", name, c->s.n,
				ratio, det, ab_verdict_name(c->verdict));
		else
			fprintf(f, "%-40s %5u  %-28s %7s  %s\n", name, c->s.n,
				ratio, det, ab_verdict_name(c->verdict));
	}
	ab_gate_footer(g, foot, sizeof(foot), minutes);
	fprintf(f, "%s%s\n", markdown ? "\n" : "", foot);
}

/* Append to @buf what follows @fmt, within @len. */
static void __attribute__((format(printf, 3, 4)))
add(char *buf, size_t len, const char *fmt, ...)
{
	size_t n = strlen(buf);
	va_list ap;

	if (n + 1 >= len)
		return;
	va_start(ap, fmt);
	vsnprintf(buf + n, len - n, fmt, ap);
	va_end(ap);
}

/* Is cell @c told, one way or the other, at the threshold? */
static bool told(const struct ab_gate *g, const struct ab_cell *c)
{
	return c->verdict == AB_NO_DATA || c->verdict == AB_REGRESSION ||
	       (c->s.enough && c->s.hi < 1 + g->p.threshold);
}

/*
 * How many cells could not be told; in @worst the least resolved (no
 * interval, else the widest); the first global one untold is returned.
 */
static const struct ab_cell *untold(const struct ab_gate *g, unsigned int *n,
				    const struct ab_cell **worst)
{
	const struct ab_cell *glob = NULL;

	*n = 0;
	*worst = NULL;
	for (size_t i = 0; i < g->ncells; i++) {
		const struct ab_cell *c = &g->cells[i];

		if (told(g, c))
			continue;
		(*n)++;
		if (c->global && !glob)
			glob = c;
		if (!*worst ||
		    ((*worst)->s.enough &&
		     (!c->s.enough || c->s.detect > (*worst)->s.detect)))
			*worst = c;
	}
	return glob;
}

void ab_gate_footer(const struct ab_gate *g, char *buf, size_t len,
		    double minutes)
{
	double t = 1 + g->p.threshold;
	char name[160];
	unsigned int n = 0;

	snprintf(buf, len, "ab: %s: ", ana_outcome_name(g->outcome));
	if (g->outcome == ANA_REGRESSION) {
		for (size_t i = 0; i < g->ncells; i++) {
			const struct ab_cell *c = &g->cells[i];

			if (c->verdict != AB_REGRESSION)
				continue;
			if (n++ < 3) {
				cell_name(c, name, sizeof(name));
				add(buf, len, "%s%s %.3f [%.3f, %.3f]",
				    n > 1 ? ", " : "", name, c->s.point,
				    c->s.lo, c->s.hi);
			}
		}
		add(buf, len, "%s: %u cell%s beyond %.3f", n > 3 ? ", ..." : "",
		    n, n == 1 ? "" : "s", t);
	} else if (g->outcome == ANA_PASS) {
		add(buf, len, "every one of %u checked cells below %.3f", g->m,
		    t);
	} else {
		const struct ab_cell *worst, *glob = untold(g, &n, &worst);

		add(buf, len, "%u of %u cells could not be told from %.3f", n,
		    g->m, t);
		if (worst) {
			cell_name(worst, name, sizeof(name));
			if (worst->s.enough)
				add(buf, len,
				    " (least resolved: %s, detect %.3f)", name,
				    worst->s.detect);
			else
				add(buf, len, " (%s: too few pairs)", name);
		}
		if (glob && glob->s.enough) {
			cell_name(glob, name, sizeof(name));
			add(buf, len, "; %s could show %.3f", name,
			    glob->s.detect);
		}
	}
	add(buf, len,
	    "; %u pairs, %.1f min; host noise touched %.1f%% of A's events, %.1f%% of B's",
	    g->pairs, minutes, 100 * ab_noise_share(&g->noise[0]),
	    100 * ab_noise_share(&g->noise[1]));
}

/* A number, or null where it is none (JSON has no inf or NaN). */
static json_t *num(double v)
{
	return isfinite(v) ? json_real(v) : json_null();
}

static json_t *noise_json(const struct ab_noise *n)
{
	return json_pack("{s:I, s:I, s:o, s:i, s:i}", "events",
			 (json_int_t)n->events, "serviced",
			 (json_int_t)n->serviced, "share",
			 num(ab_noise_share(n)), "runs", (int)n->runs,
			 "runs_without_noise", (int)n->runs_without);
}

json_t *ab_gate_json(const struct ab_gate *g)
{
	json_t *cells = json_array(), *looks = json_array(),
	       *metrics = json_array(), *j;

	for (size_t i = 0; cells && i < g->ncells; i++) {
		const struct ab_cell *c = &g->cells[i];

		json_array_append_new(
			cells,
			json_pack(
				"{s:s, s:s, s:s, s:b, s:i, s:o, s:o, s:o, s:o, s:o, s:b, s:s}",
				"scenario", c->scenario, "design", c->design,
				"metric", qname[c->q], "global", c->global, "n",
				(int)c->s.n, "point",
				num(c->s.valid ? c->s.point : NAN), "lo",
				num(c->s.enough ? c->s.lo : NAN), "hi",
				num(c->s.enough ? c->s.hi : NAN), "p",
				num(c->s.valid ? c->s.p_up : NAN), "detect",
				num(c->s.enough ? c->s.detect : NAN),
				"holm_reject", c->reject, "verdict",
				ab_verdict_name(c->verdict)));
	}
	for (unsigned int i = 0; looks && i < g->nlooks; i++)
		json_array_append_new(looks, json_integer(g->looks[i]));
	for (unsigned int i = 0; metrics && i < g->p.nmetrics; i++)
		json_array_append_new(metrics,
				      json_string(qname[g->p.metric[i]]));
	j = json_pack(
		"{s:s, s:i, s:f, s:f, s:f, s:o, s:i, s:o, s:i, s:i, s:o, s:{s:o, s:o}}",
		"outcome", ana_outcome_name(g->outcome), "exit",
		ana_outcome_exit(g->outcome), "threshold", g->p.threshold,
		"alpha", g->p.alpha, "alpha_per_look", g->alpha_look, "level",
		num(g->level), "pairs", (int)g->pairs, "look_pairs",
		looks ? looks : json_null(), "looks_taken", (int)g->look,
		"family", (int)g->m, "metrics", metrics ? metrics : json_null(),
		"host_noise", "a", noise_json(&g->noise[0]), "b",
		noise_json(&g->noise[1]));
	if (j && cells)
		json_object_set_new(j, "cells", cells);
	else
		json_decref(cells);
	return j;
}

/* splitmix64: a seeded stream, no state beyond the seed. */
static uint64_t mix(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

void ab_order(uint64_t seed, unsigned int n, bool *b_first)
{
	for (unsigned int i = 0; i < n; i++)
		b_first[i] = mix(&seed) >> 63;
}
