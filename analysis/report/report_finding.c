// SPDX-License-Identifier: GPL-2.0
/*
 * The finding (report_finding.h): the report's verdicts of each design
 * against __do_IRQ, gathered per chip into one paragraph. Scenarios are grouped
 * by chip because the chip decides what a design is there: the flow
 * handler it installs and the registers each dispatch costs; the
 * triggers, patterns and loads of one chip are the group's scenarios,
 * and every verdict names its own. The numbers are the headline's
 * (report_versus(), report_fmt_ratio()) and a design is called faster or
 * slower only where its interval excludes 1 and the finding holds over
 * the run's whole family of comparisons (Holm's step-down over every
 * design, scenario and quantile: an A/A run then gets any finding at
 * most 5% of the time, where ~90 cells at 95% each gave 4-5);
 * everywhere else the paragraph says "no verdict" and why.
 */
#define _GNU_SOURCE /* open_memstream */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "analysis/infer.h"
#include "report_finding.h"
#include "report_internal.h"

/* The words of each call; of the last four, why there is no verdict. */
static const char *const call_words[REPORT_NCALLS] = {
	[REPORT_FASTER] = "faster",
	[REPORT_SLOWER] = "slower",
	[REPORT_SPANS] = "interval spans 1",
	[REPORT_FAMILY] = "not beyond the run's other comparisons (Holm)",
	[REPORT_FEW] = "too few rounds",
	[REPORT_NONE] = "no interval",
};

/* Holm's cut-off over the verdicts' p: the largest p it rejects, or -1. */
static int holm_cutoff(struct report_verdicts *vs)
{
	size_t max = 2 * (vs->n ? vs->n : 1), n = 0;
	double *p = calloc(max, sizeof(*p));
	bool *rej = calloc(max, sizeof(*rej));

	if (!p || !rej) {
		free(p);
		free(rej);
		return -ENOMEM;
	}
	for (size_t i = 0; i < vs->n; i++) {
		if (vs->c[i].v.p50.enough)
			p[n++] = vs->c[i].v.p50.p;
		if (vs->c[i].v.p99.enough)
			p[n++] = vs->c[i].v.p99.p;
	}
	if (irqstat_holm(p, n, 1 - REPORT_LEVEL, rej) > 0)
		for (size_t i = 0; i < n; i++)
			if (rej[i] && p[i] > vs->cutoff)
				vs->cutoff = p[i];
	vs->family = (unsigned int)n;
	free(p);
	free(rej);
	return 0;
}

int report_verdicts_make(const struct run *r, struct report_verdicts *vs)
{
	size_t max = 0;
	int ret;

	memset(vs, 0, sizeof(*vs));
	vs->r = r;
	vs->cutoff = -1;
	for (size_t i = 0; i < r->nsc; i++)
		max += r->sc[i].nd;
	vs->c = calloc(max ? max : 1, sizeof(*vs->c));
	if (!vs->c)
		return -ENOMEM;
	for (size_t i = 0; i < r->nsc; i++) {
		const struct run_scenario *sc = &r->sc[i];
		const struct run_design *b = run_find_design(sc, REPORT_BASE);

		for (size_t k = 0; b && k < sc->nd; k++) {
			struct report_vs *w = &vs->c[vs->n];

			if (!report_compared(sc->d[k].design))
				continue;
			w->sc = sc;
			w->d = &sc->d[k];
			w->base = b;
			report_versus(w->d, b, &w->v);
			vs->n++;
		}
	}
	ret = holm_cutoff(vs);
	if (ret) {
		report_verdicts_free(vs);
		return ret;
	}
	for (size_t i = 0; i < vs->n; i++) {
		vs->c[i].call[0] = report_call(&vs->c[i].v.p50, vs->cutoff);
		vs->c[i].call[1] = report_call(&vs->c[i].v.p99, vs->cutoff);
	}
	return 0;
}

void report_verdicts_free(struct report_verdicts *vs)
{
	free(vs->c);
	vs->c = NULL;
	vs->n = 0;
}

/**
 * report_call - what the report says of a ratio against __do_IRQ
 * @e: the ratio's interval over rounds
 * @cutoff: the run's Holm cut-off (report_verdicts_make()): the largest
 *	    p that is a finding
 *
 * Return: REPORT_FASTER or REPORT_SLOWER where the interval excludes 1
 * and Holm rejects over the run's family; else why there is no verdict.
 */
enum report_call report_call(const struct irqstat_effect *e, double cutoff)
{
	enum irqstat_verdict w = irqstat_verdict(e);

	if ((w == IRQSTAT_LOWER || w == IRQSTAT_HIGHER) && e->p <= cutoff)
		return w == IRQSTAT_LOWER ? REPORT_FASTER : REPORT_SLOWER;
	if (w == IRQSTAT_LOWER || w == IRQSTAT_HIGHER)
		return REPORT_FAMILY;
	if (w == IRQSTAT_SAME)
		return REPORT_SPANS;
	return e->valid && e->n ? REPORT_FEW : REPORT_NONE;
}

static bool same_chip(const struct run *r, size_t a, size_t b)
{
	return !strcmp(report_str(r->sc[a].chip), report_str(r->sc[b].chip));
}

/**
 * report_compared - whether the finding and the forest plot speak of a design
 * @design: as summary.json names it
 *
 * Return: false for __do_IRQ, the baseline, and for an A/A control's
 * copy ("flow#2"), which the A/A controls section speaks of.
 */
bool report_compared(const char *design)
{
	return strcmp(design, REPORT_BASE) && !strchr(design, '#');
}

/* Whether design @k of scenario @i is its name's first in @first's group. */
static bool design_first(const struct run *r, size_t first, size_t i, size_t k)
{
	const char *name = r->sc[i].d[k].design;

	for (size_t j = first; j <= i; j++)
		for (size_t m = 0;
		     same_chip(r, first, j) && m < (j == i ? k : r->sc[j].nd);
		     m++)
			if (!strcmp(r->sc[j].d[m].design, name))
				return false;
	return true;
}

/* Into @c, design @name against __do_IRQ in each scenario of the group. */
static size_t design_cells(const struct report_verdicts *vs, size_t first,
			   const char *name, struct report_vs *c)
{
	const struct run *r = vs->r;
	size_t n = 0;

	for (size_t i = 0; i < vs->n; i++) {
		const struct report_vs *w = &vs->c[i];
		size_t j = (size_t)(w->sc - r->sc);

		if (j < first || !same_chip(r, first, j) ||
		    strcmp(w->d->design, name) || (n && c[n - 1].sc == w->sc))
			continue;
		c[n++] = *w;
	}
	return n;
}

/* ", " between, " and " before the last of @total. */
static void list_sep(FILE *m, size_t seen, size_t total)
{
	fputs(!seen ? "" : seen + 1 == total ? " and " : ", ", m);
}

/* The ratio of cell @c at quantile @q, in brackets. */
static void put_ratio(FILE *m, const struct report_vs *c, int q)
{
	char buf[96];

	report_fmt_ratio(buf, sizeof(buf), q ? &c->v.p99 : &c->v.p50);
	fprintf(m, " (%s)", buf);
}

/* "a (ratio), b (ratio) and c": the scenarios whose call at @q is @call. */
static void names_of(FILE *m, const struct report_vs *c, size_t n, int q,
		     enum report_call call, size_t total, bool ratios)
{
	size_t seen = 0;

	for (size_t i = 0; i < n; i++) {
		if (c[i].call[q] != call)
			continue;
		list_sep(m, seen++, total);
		fputs(c[i].sc->name, m);
		if (ratios)
			put_ratio(m, &c[i], q);
	}
}

/* How many cells have each call at quantile @q; whether one reason
 * without a verdict covers them all (the clause then names none). */
static bool count_calls(const struct report_vs *c, size_t n, int q,
			size_t count[REPORT_NCALLS])
{
	memset(count, 0, REPORT_NCALLS * sizeof(*count));
	for (size_t i = 0; i < n; i++)
		count[c[i].call[q]]++;
	for (int k = REPORT_SPANS; k < REPORT_NCALLS; k++)
		if (count[k] == n)
			return true;
	return false;
}

/*
 * What the report says at quantile @q across the cells, grouped by call:
 * "faster in a (ratio) and b (ratio), no verdict in c (why)", or with
 * one reason for all, "no verdict (why)". One cell: no names.
 */
static void quantile_clause(FILE *m, const struct report_vs *c, size_t n, int q)
{
	size_t count[REPORT_NCALLS], parts = 0;
	bool all = count_calls(c, n, q, count), named = !all && n > 1;
	size_t verdicts =
		(count[REPORT_FASTER] > 0) + (count[REPORT_SLOWER] > 0);

	for (int k = REPORT_FASTER; k < REPORT_NCALLS; k++) {
		if (!count[k])
			continue;
		fputs(parts ? ", " : "", m);
		if (k <= REPORT_SLOWER) {
			fputs(call_words[k], m);
			if (n == 1) {
				put_ratio(m, c, q);
			} else {
				fputs(" in ", m);
				names_of(m, c, n, q, k, count[k], true);
			}
		} else {
			/* "no verdict in a and b (why), c (why)" */
			if (parts == verdicts)
				fputs(named ? "no verdict in " : "no verdict",
				      m);
			if (named)
				names_of(m, c, n, q, k, count[k], false);
			fprintf(m, " (%s)", call_words[k]);
		}
		parts++;
	}
}

/* Whether every cell has the same call at p50 as at p99, none a verdict. */
static bool same_no_verdict(const struct report_vs *c, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (c[i].call[0] != c[i].call[1] ||
		    c[i].call[0] <= REPORT_SLOWER)
			return false;
	return true;
}

/* "2.00", or "1.00 to 7.00" where the scenarios differ. */
static void fmt_range(char *buf, size_t len, double lo, double hi)
{
	char a[32], b[32];

	snprintf(a, sizeof(a), "%.2f", lo);
	snprintf(b, sizeof(b), "%.2f", hi);
	if (strcmp(a, b))
		snprintf(buf, len, "%s to %s", a, b);
	else
		snprintf(buf, len, "%s", a);
}

/*
 * The register cost, after @lead: the design's chip register accesses
 * per interrupt, and the base's; nothing where the run has no counts.
 */
static void cost_clause(FILE *m, const char *lead, const struct report_vs *c,
			size_t n)
{
	double lo = INFINITY, hi = -INFINITY, blo = INFINITY, bhi = -INFINITY;
	char a[80], b[80];
	bool same = true;

	for (size_t i = 0; i < n; i++) {
		double x = c[i].d->accesses_per_irq;
		double y = c[i].base->accesses_per_irq;

		if (!isfinite(x) || !isfinite(y))
			continue;
		snprintf(a, sizeof(a), "%.2f", x);
		snprintf(b, sizeof(b), "%.2f", y);
		same &= !strcmp(a, b);
		lo = fmin(lo, x);
		hi = fmax(hi, x);
		blo = fmin(blo, y);
		bhi = fmax(bhi, y);
	}
	if (!isfinite(lo))
		return;
	fmt_range(a, sizeof(a), lo, hi);
	fmt_range(b, sizeof(b), blo, bhi);
	if (same)
		fprintf(m, "%s%s accesses/irq, as __do_IRQ", lead, b);
	else
		fprintf(m, "%s%s accesses/irq against __do_IRQ's %s", lead, a,
			b);
}

/*
 * The design's name, and the scenarios it ran in where it did not run in
 * all @nbase of the group and a clause will not name them.
 */
static void design_head(FILE *m, const char *name, const struct report_vs *c,
			size_t n, size_t nbase)
{
	size_t count[REPORT_NCALLS];
	bool unnamed = n == 1 || count_calls(c, n, 0, count) ||
		       count_calls(c, n, 1, count);

	fprintf(m, " %s", name);
	if (n < nbase && unnamed) {
		fputs(" (in ", m);
		for (size_t i = 0; i < n; i++) {
			list_sep(m, i, n);
			fputs(c[i].sc->name, m);
		}
		fputs(")", m);
	}
	fputs(": ", m);
}

/*
 * One design's sentence: where it is faster or slower at p50 and p99,
 * where there is no verdict and why (not with @cost_only: the group's
 * head said it for all), and its register cost. @nbase: the group's
 * scenarios that ran __do_IRQ. 0, or -ENOMEM.
 */
static int design_sentence(FILE *m, const struct report_verdicts *vs,
			   size_t first, const char *name, size_t nbase,
			   bool cost_only)
{
	struct report_vs *c = calloc(vs->r->nsc, sizeof(*c));
	size_t n;

	if (!c)
		return -ENOMEM;
	n = design_cells(vs, first, name, c);
	if (n) {
		design_head(m, name, c, n, nbase);
		if (cost_only) {
			cost_clause(m, "", c, n);
		} else if (same_no_verdict(c, n)) {
			fputs("p50 and p99 ", m);
			quantile_clause(m, c, n, 0);
		} else {
			fputs("p50 ", m);
			quantile_clause(m, c, n, 0);
			fputs("; p99 ", m);
			quantile_clause(m, c, n, 1);
		}
		if (!cost_only)
			cost_clause(m, "; ", c, n);
		fputs(".", m);
	}
	free(c);
	return 0;
}

/* The group's head, and into @nbase and @nother its scenarios with and
 * without __do_IRQ. */
static void group_head(FILE *m, const struct run *r, size_t first,
		       size_t *nbase, size_t *nother)
{
	size_t seen = 0;

	*nbase = *nother = 0;
	fprintf(m, "Chip %s (", report_str(r->sc[first].chip));
	for (size_t j = first; j < r->nsc; j++) {
		if (!same_chip(r, first, j))
			continue;
		fprintf(m, "%s%s", seen++ ? ", " : "", r->sc[j].name);
		if (run_find_design(&r->sc[j], REPORT_BASE))
			++*nbase;
		else
			++*nother;
	}
	fputs(").", m);
}

/* The scenarios of the group without __do_IRQ, if any. */
static void group_no_base(FILE *m, const struct run *r, size_t first,
			  size_t nother)
{
	size_t seen = 0;

	if (!nother)
		return;
	fputs(" No __do_IRQ to compare with in ", m);
	for (size_t j = first; j < r->nsc; j++) {
		if (!same_chip(r, first, j) ||
		    run_find_design(&r->sc[j], REPORT_BASE))
			continue;
		list_sep(m, seen++, nother);
		fputs(r->sc[j].name, m);
	}
	fputs(".", m);
}

/*
 * The one call without a verdict that every design of the group has, at
 * p50 and p99 in every scenario; REPORT_NCALLS where they differ.
 */
static enum report_call group_uniform(const struct report_verdicts *vs,
				      size_t first)
{
	const struct run *r = vs->r;
	int one = REPORT_NCALLS;

	for (size_t i = 0; i < vs->n; i++) {
		const struct report_vs *w = &vs->c[i];
		size_t j = (size_t)(w->sc - r->sc);

		if (j < first || !same_chip(r, first, j))
			continue;
		if (w->call[0] != w->call[1] || w->call[0] <= REPORT_SLOWER ||
		    (one != REPORT_NCALLS && (int)w->call[0] != one))
			return REPORT_NCALLS;
		one = w->call[0];
	}
	return one;
}

/* The paragraph of the group that starts at scenario @first. */
static int group_para(const struct report_verdicts *vs, size_t first,
		      char **out)
{
	const struct run *r = vs->r;
	size_t len, nbase, nother, said;
	FILE *m = open_memstream(out, &len);
	enum report_call uniform;
	int ret = 0;

	if (!m)
		return -ENOMEM;
	group_head(m, r, first, &nbase, &nother);
	said = (size_t)ftell(m);
	uniform = group_uniform(vs, first);
	if (uniform != REPORT_NCALLS)
		fprintf(m, " At p50 and p99, no verdict for any design (%s).",
			call_words[uniform]);
	for (size_t i = first; !ret && i < r->nsc; i++)
		for (size_t k = 0;
		     !ret && same_chip(r, first, i) && k < r->sc[i].nd; k++)
			if (report_compared(r->sc[i].d[k].design) &&
			    design_first(r, first, i, k))
				ret = design_sentence(m, vs, first,
						      r->sc[i].d[k].design,
						      nbase,
						      uniform != REPORT_NCALLS);
	if (nbase && (size_t)ftell(m) == said)
		fputs(" Only __do_IRQ ran: nothing to compare.", m);
	group_no_base(m, r, first, nother);
	report_generations_finding(m, r, report_str(r->sc[first].chip));
	if (fclose(m) || ret) {
		free(*out);
		*out = NULL;
		return ret ? ret : -ENOMEM;
	}
	return 0;
}

/*
 * Whether no compared design of @r has the rounds an interval needs
 * while some have rounds at all (the quick suite): then one sentence says
 * so for the whole run, instead of "too few rounds" for every design.
 * The most rounds any compared design had into @rounds.
 */
static bool smoke(const struct report_verdicts *vs, unsigned int *rounds)
{
	bool some = false;

	*rounds = 0;
	for (size_t i = 0; i < vs->n; i++) {
		const struct vs_base *v = &vs->c[i].v;

		if (v->p50.enough || v->p99.enough)
			return false;
		some |= v->p50.n > 0;
		if (v->p50.n > *rounds)
			*rounds = v->p50.n;
	}
	return some;
}

/**
 * report_finding - the finding, one paragraph per chip
 * @vs: the run's verdicts (report_verdicts_make())
 * @put: called with each paragraph in turn (plain text, one line);
 *	0 to go on, or -errno to stop with
 * @arg: for @put
 *
 * Return: the number of paragraphs, or -errno (-ENOMEM, @put's).
 */
int report_finding(const struct report_verdicts *vs,
		   int (*put)(void *arg, const char *para), void *arg)
{
	const struct run *r = vs->r;
	unsigned int rounds;
	bool any = false;
	int n = 0, ret;

	for (size_t i = 0; i < r->nsc; i++)
		any |= run_find_design(&r->sc[i], REPORT_BASE) != NULL;
	if (!any) {
		ret = put(
			arg,
			r->nsc ?
				"No scenario of this run ran __do_IRQ: no design has a baseline to be compared with, so there is no finding." :
				"This run has no scenario results: no finding.");
		return ret ? ret : 1;
	}
	if (!vs->family && smoke(vs, &rounds)) {
		char *p = NULL;

		if (asprintf(
			    &p,
			    "This run is a smoke test: each design ran at most %u round%s, and a verdict needs %d; no design can be told apart from __do_IRQ here. For verdicts run a suite with more rounds (configs/default.ini).",
			    rounds, rounds == 1 ? "" : "s",
			    IRQSTAT_MIN_ROUNDS) < 0)
			return -ENOMEM;
		ret = put(arg, p);
		free(p);
		return ret ? ret : 1;
	}
	for (size_t i = 0; i < r->nsc; i++) {
		bool first = true;
		char *p;

		for (size_t j = 0; first && j < i; j++)
			first = !same_chip(r, i, j);
		if (!first)
			continue;
		ret = group_para(vs, i, &p);
		if (!ret)
			ret = put(arg, p);
		free(p);
		if (ret)
			return ret;
		n++;
	}
	return n;
}

/* One paragraph on the terminal, wrapped at 78 columns under a "- ". */
static int print_para(void *arg, const char *para)
{
	const char *lead = "- ";
	FILE *f = arg;
	size_t col = 0;

	while (*para) {
		size_t w = strcspn(para, " ");

		if (col && col + 1 + w > 78) {
			fputc('\n', f);
			col = 0;
		}
		col += (size_t)fprintf(f, "%s%.*s", col ? " " : lead, (int)w,
				       para);
		lead = "  ";
		para += w;
		para += strspn(para, " ");
	}
	fputc('\n', f);
	return ferror(f) ? -EIO : 0;
}

/**
 * report_finding_print - the finding on a terminal
 * @f: where (irqlab run: stderr, above the report's path; irqlab
 *	report: stdout, the same)
 * @vs: the run's verdicts (report_verdicts_make())
 *
 * The paragraphs of report_finding(), each wrapped under a "- ", after
 * a line saying what the numbers in brackets are.
 */
void report_finding_print(FILE *f, const struct report_verdicts *vs)
{
	fprintf(f,
		"finding (design / __do_IRQ latency, median over rounds "
		"[%.0f%% interval]; a verdict holds over the run's every "
		"comparison, Holm):\n",
		REPORT_LEVEL * 100);
	report_finding(vs, print_para, f);
}
