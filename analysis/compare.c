// SPDX-License-Identifier: GPL-2.0
/*
 * irqlab compare: the same scenario x design of run folders (two builds,
 * two machines, several runs of each) side by side against a base, runs
 * as the units (docs/statistics.md): a global shift of every cell at
 * once, each cell's change against it, the run-to-run spread from
 * replicates only, and one of three outcomes with the exit status of
 * outcome.h (docs/analysis.md): pass, regression or inconclusive.
 */
#include <errno.h>
#include <getopt.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "analysis/compare_internal.h"
#include "analysis/report.h"
#include "analysis/cli.h"
#include "analysis/infer.h"
#include "analysis/outcome.h"

enum metric {
	M_P50,
	M_P99,
	M_P999,
	M_THROUGHPUT,
	M_ACCESSES,
	M_STRANDED,
	M_NR,
};

static const struct {
	const char *name, *what;
	unsigned int permille; /* a latency quantile; 0: a counter */
	bool higher_is_better;
} metrics[M_NR] = {
	[M_P50] = { "p50", "p50 latency (ns)", 500, false },
	[M_P99] = { "p99", "p99 latency (ns)", 990, false },
	[M_P999] = { "p999", "p99.9 latency (ns)", 999, false },
	[M_THROUGHPUT] = { "throughput", "serviced/s", 0, true },
	[M_ACCESSES] = { "accesses", "chip accesses/irq", 0, false },
	[M_STRANDED] = { "stranded", "stranded events", 0, false },
};

struct cmp_opts {
	double threshold; /* a fraction: 0.10 is 10% */
	bool check[M_NR];
	const char *json; /* --json FILE; NULL: none */
};

/*
 * The 5% a comparison may err by, split: half to the global shift, the
 * other half shared by the checked cells (Bonferroni), so that the
 * chance of any false regression in the whole comparison is at most 5%.
 */
#define CMP_ALPHA (1 - REPORT_LEVEL)

static double value(const struct run_design *d, enum metric m)
{
	switch (m) {
	case M_P50:
		return (double)d->entry.p50;
	case M_P99:
		return (double)d->entry.p99;
	case M_P999:
		return (double)d->entry.p999;
	case M_THROUGHPUT:
		return d->throughput;
	case M_ACCESSES:
		return d->accesses_per_irq;
	case M_STRANDED:
		return (double)d->stranded;
	default:
		return NAN;
	}
}

static enum run_q metric_q(enum metric m)
{
	return m == M_P50 ? RUN_Q50 : m == M_P99 ? RUN_Q99 : RUN_Q999;
}

/* The mean of @m over the side's runs that have the design; NAN: none. */
static double side_value(const struct side *sd, const char *scenario,
			 const char *design, enum metric m)
{
	double sum = 0;
	size_t k = 0;

	for (size_t i = 0; i < sd->n; i++) {
		const struct run_scenario *sc =
			run_find_scenario(&sd->r[i], scenario);
		const struct run_design *d = sc ? run_find_design(sc, design) :
						  NULL;

		if (d && isfinite(value(d, m))) {
			sum += value(d, m);
			k++;
		}
	}
	return k ? sum / (double)k : NAN;
}

/* The quiet (noise-touched events set apart) quantile of @d for @m. */
static double quiet_value(const struct run_design *d, enum metric m)
{
	if (!d->has_noise || !d->quiet.count)
		return NAN;
	return (double)(m == M_P50 ? d->quiet.p50 :
			m == M_P99 ? d->quiet.p99 :
				     d->quiet.p999);
}

/* The mean over the side's runs of the quiet quantile; NAN: none. */
static double side_quiet(const struct side *sd, const char *scenario,
			 const char *design, enum metric m)
{
	double sum = 0;
	size_t k = 0;

	for (size_t i = 0; i < sd->n; i++) {
		const struct run_scenario *sc =
			run_find_scenario(&sd->r[i], scenario);
		const struct run_design *d = sc ? run_find_design(sc, design) :
						  NULL;

		if (d && isfinite(quiet_value(d, m))) {
			sum += quiet_value(d, m);
			k++;
		}
	}
	return k ? sum / (double)k : NAN;
}

/* Where @d's latencies start; folders without the key: the intended time. */
static enum run_origin origin(const struct run_design *d)
{
	return d->has_origin ? d->origin : RUN_FROM_INTENDED;
}

/*
 * Each run's summary of one cell (irqstat_runsum(): the median of its
 * blocks' log quantiles) into @out, one per run of the side; NAN where
 * the run lacks the cell or every block of it was set apart, and where
 * its latencies start elsewhere than @want (counted in *@mixed): a
 * latency from the fire and one from the intended time are different
 * quantities, and their ratio says nothing of the change.
 */
static void side_runs(const struct side *sd, const char *scenario,
		      const char *design, enum metric m, enum run_origin want,
		      unsigned int *mixed, double *out)
{
	for (size_t i = 0; i < sd->n; i++) {
		const struct run_scenario *sc =
			run_find_scenario(&sd->r[i], scenario);
		const struct run_design *d = sc ? run_find_design(sc, design) :
						  NULL;
		struct irqstat_runsum rs = { 0 };

		if (d && origin(d) != want) {
			(*mixed)++;
			d = NULL;
		}
		if (d && d->bq[metric_q(m)])
			irqstat_runsum(d->bq[metric_q(m)], d->nblocks, &rs);
		out[i] = rs.blocks ? rs.centre : NAN;
	}
}

/* Every cell of the base's first run: scenario x design. */
struct cell {
	const char *scenario, *design;
	enum run_origin origin; /* where the base's first run counts from */
	double *sb, *sn; /* each run's summary, base and side; NAN: none */
	double *eb, *en; /* the same less its run's global level */
	size_t vb, vn; /* runs with a value, each side */
	struct irqstat_shift local; /* side over base, against the global */
	double lo, hi; /* the ratio's interval, global and local together */
};

/* A side against the base, for one metric. */
struct shift {
	double *gb, *gn; /* each run's level against the cells' reference */
	struct irqstat_shift global;
	const char *method; /* how the global interval was had */
	double var, df; /* the replicates' spread of a cell's run summary */
	unsigned int replicates; /* cells the spread was pooled over */
};

/* The median of the finite values of @v (@n), sorted in @tmp; NAN. */
static double finite_median(const double *v, size_t n, double *tmp)
{
	size_t m = 0;

	for (size_t i = 0; i < n; i++)
		if (isfinite(v[i]))
			tmp[m++] = v[i];
	if (!m)
		return NAN;
	for (size_t i = 1; i < m; i++)
		for (size_t j = i; j > 0 && tmp[j - 1] > tmp[j]; j--) {
			double t = tmp[j];

			tmp[j] = tmp[j - 1];
			tmp[j - 1] = t;
		}
	return m % 2 ? tmp[m / 2] : (tmp[m / 2 - 1] + tmp[m / 2]) / 2;
}

/* Within-side sum of squares of @x about its side's mean; its df. */
static double side_ss(const double *x, size_t n, size_t *df)
{
	double sum = 0, ss = 0;
	size_t k = 0;

	for (size_t i = 0; i < n; i++)
		if (isfinite(x[i])) {
			sum += x[i];
			k++;
		}
	for (size_t i = 0; i < n; i++)
		if (isfinite(x[i]))
			ss += (x[i] - sum / (double)k) *
			      (x[i] - sum / (double)k);
	*df = k ? k - 1 : 0;
	return ss;
}

/*
 * Each run's global level: the median over cells of its summary less
 * the cell's reference (the median over every run of both sides, so
 * that no side is favoured and the runs stay exchangeable under no
 * change). Into sh->gb and sh->gn; @tmp holds max(cells, runs).
 */
static void run_levels(const struct side *base, const struct side *now,
		       struct cell *c, size_t nc, struct shift *sh, double *tmp)
{
	size_t nr = base->n + now->n;
	double *all = calloc(nr ? nr : 1, sizeof(*all));
	double *ref = calloc(nc ? nc : 1, sizeof(*ref));
	double *col = calloc(nc ? nc : 1, sizeof(*col));

	for (size_t i = 0; all && ref && i < nc; i++) {
		memcpy(all, c[i].sb, base->n * sizeof(*all));
		memcpy(all + base->n, c[i].sn, now->n * sizeof(*all));
		ref[i] = finite_median(all, nr, tmp);
	}
	for (size_t r = 0; all && ref && col && r < nr; r++) {
		bool b = r < base->n;
		size_t j = b ? r : r - base->n;

		for (size_t i = 0; i < nc; i++)
			col[i] = (b ? c[i].sb[j] : c[i].sn[j]) - ref[i];
		(b ? sh->gb : sh->gn)[j] = finite_median(col, nc, tmp);
	}
	free(all);
	free(ref);
	free(col);
}

/*
 * The global shift, a quantity of its own, over the runs' levels: the
 * Mann-Whitney interval of the Hodges-Lehmann shift where the runs
 * allow one at @level, else Student's t from the levels' spread within
 * each side; with one run a side there is none to be had.
 */
static void global_shift(const struct side *base, const struct side *now,
			 double level, struct shift *sh)
{
	size_t fb, fn;
	double ss =
		side_ss(sh->gb, base->n, &fb) + side_ss(sh->gn, now->n, &fn);
	size_t nb = 0, nn = 0;

	for (size_t i = 0; i < base->n; i++)
		nb += isfinite(sh->gb[i]);
	for (size_t i = 0; i < now->n; i++)
		nn += isfinite(sh->gn[i]);
	if (irqstat_ranksum_can(nb, nn, level)) {
		irqstat_ranksum(sh->gb, base->n, sh->gn, now->n, level,
				&sh->global);
		sh->method = "Hodges-Lehmann over runs, Mann-Whitney interval";
		return;
	}
	irqstat_runs_shift(sh->gb, base->n, sh->gn, now->n,
			   fb + fn ? ss / (double)(fb + fn) : 0,
			   (double)(fb + fn), level, &sh->global);
	sh->method =
		fb + fn ?
			"difference of the runs' mean levels, t interval from their spread within each side" :
			"untestable: one run a side";
}

/*
 * Each cell against the global shift: its runs' summaries less their
 * run's level, the side means' difference, with the run-to-run spread
 * pooled over the cells from the replicates within each side (never
 * from the differences being tested). 0, or -ENOMEM.
 */
static int local_shifts(const struct side *base, const struct side *now,
			struct cell *c, size_t nc, double level,
			struct shift *sh)
{
	double *v = calloc(nc ? nc : 1, sizeof(*v));
	size_t k = 0, full = 0;

	if (!v)
		return -ENOMEM;
	for (size_t i = 0; i < nc; i++) {
		size_t fb, fn;
		double ss;

		c[i].vb = c[i].vn = 0;
		for (size_t j = 0; j < base->n; j++) {
			c[i].eb[j] = c[i].sb[j] - sh->gb[j];
			c[i].vb += isfinite(c[i].eb[j]);
		}
		for (size_t j = 0; j < now->n; j++) {
			c[i].en[j] = c[i].sn[j] - sh->gn[j];
			c[i].vn += isfinite(c[i].en[j]);
		}
		ss = side_ss(c[i].eb, base->n, &fb) +
		     side_ss(c[i].en, now->n, &fn);
		/* Cells with every run: one df for all, as pooling needs. */
		if (fb + fn && c[i].vb == base->n && c[i].vn == now->n) {
			v[k++] = ss / (double)(fb + fn);
			full = fb + fn;
		}
	}
	sh->var = irqstat_pooled_var(v, k, (double)full, &sh->df);
	sh->replicates = (unsigned int)k;
	free(v);
	for (size_t i = 0; i < nc; i++) {
		const struct irqstat_shift *g = &sh->global;
		struct irqstat_shift *l = &c[i].local;

		irqstat_runs_shift(c[i].eb, base->n, c[i].en, now->n, sh->var,
				   sh->df, level, l);
		c[i].lo = g->enough && l->enough ? g->lo * l->lo : NAN;
		c[i].hi = g->enough && l->enough ? g->hi * l->hi : NAN;
	}
	return 0;
}

/*
 * Is @r (now / base) of a counter metric @m a regression beyond @t? A
 * counter has no interval: its point must be worse than the threshold.
 */
static bool counter_regressed(enum metric m, double base, double now, double t)
{
	if (!isfinite(base) || !isfinite(now))
		return false;
	if (m == M_STRANDED)
		return now > base && (base == 0 || now / base > 1 + t);
	if (metrics[m].higher_is_better)
		return base > 0 && now / base < 1 - t;
	return base > 0 && now / base > 1 + t;
}

static void run_line(const struct run *r, const char *role)
{
	const struct environment *e = &r->environment;

	printf("- %s: %s (%s", role, r->dir,
	       r->complete ? "complete" : "INCOMPLETE");
	if (r->has_environment && e->host.name)
		printf(", host %s", e->host.name);
	if (r->has_environment && e->host.cpu_model)
		printf(", %s", e->host.cpu_model);
	if (r->has_environment)
		printf(", irqlab %s %s", e->git_revision, e->build_type);
	if (r->started)
		printf(", started %s", r->started);
	printf(")\n");
}

/* What a side's comparison found, for the outcome and its footer. */
struct verdicts {
	unsigned int regressions, checked, within, unknown;
	unsigned int global_regressed, global_untestable, global_none;
	unsigned int no_replicates;
	double global_point; /* the last global shift that regressed */
	unsigned int emptied;
	unsigned int mixed; /* run cells whose latencies start elsewhere */
	bool ordered; /* every base run before every new one, or after */
};

/* The cell's verdict for checked metric @m, counted into @v. */
static const char *latency_verdict(const struct cmp_opts *o, bool checked,
				   const struct shift *sh, const struct cell *c,
				   struct verdicts *v)
{
	const struct irqstat_shift *l = &c->local, *g = &sh->global;
	double total = g->valid && l->valid ? g->point * l->point : NAN;

	if (!c->vb || !c->vn) {
		v->emptied += checked;
		v->unknown += checked;
		return "no rounds on a side (set apart by the host, or no per-block quantiles): cannot tell";
	}
	if (l->enough && l->lo > 1 && total > 1 + o->threshold && checked) {
		v->regressions++;
		return "REGRESSION";
	}
	if (checked && g->enough && g->lo > 1 && g->point > 1 + o->threshold)
		return "moved with the global shift (a regression above)";
	if (c->hi < 1 + o->threshold && checked) {
		v->within++;
		return l->hi < 1 ? "within (lower than the rest)" : "within";
	}
	if (!checked)
		return !l->enough ? "" :
		       l->lo > 1  ? "higher than the rest" :
		       l->hi < 1  ? "lower than the rest" :
				    "";
	v->unknown++;
	if (!l->enough) {
		v->no_replicates++;
		return "inconclusive: no replicates to tell run-to-run spread";
	}
	if (!g->enough)
		return "inconclusive: the global shift is untestable";
	return "inconclusive: its interval reaches past the threshold";
}

/* exp of the mean of the finite @v; @dflt when there is none. */
static double exp_mean(const double *v, size_t n, double dflt)
{
	double sum = 0;
	size_t k = 0;

	for (size_t i = 0; i < n; i++)
		if (isfinite(v[i])) {
			sum += v[i];
			k++;
		}
	return k ? exp(sum / (double)k) : dflt;
}

/* "1.234 [1.100, 1.400]" or the point alone, or "-". */
static void fmt_interval(char *buf, size_t len, double point, double lo,
			 double hi)
{
	if (!isfinite(point))
		snprintf(buf, len, "-");
	else if (isfinite(lo) && isfinite(hi))
		snprintf(buf, len, "%.3f [%.3f, %.3f]", point, lo, hi);
	else
		snprintf(buf, len, "%.3f", point);
}

static json_t *jnum(double v)
{
	return isfinite(v) ? json_real(v) : json_null();
}

/* The global shift's paragraph, and its verdict into @v. */
static void global_line(const struct cmp_opts *o, bool checked,
			const struct shift *sh, size_t nb, size_t nn,
			struct verdicts *v, json_t *jm)
{
	const struct irqstat_shift *g = &sh->global;
	char iv[96];

	fmt_interval(iv, sizeof(iv), g->valid ? g->point : NAN,
		     g->enough ? g->lo : NAN, g->enough ? g->hi : NAN);
	printf("Global shift (the median over cells of each run's change; every cell moves with it): %s",
	       iv);
	if (g->enough)
		printf(" at %.2f%%, %s; detectable ratio %.3f", g->level * 100,
		       sh->method, g->detect);
	printf(".\n");
	json_object_set_new(jm, "global",
			    json_pack("{s:o, s:o, s:o, s:o, s:b, s:s}", "point",
				      jnum(g->valid ? g->point : NAN), "lo",
				      jnum(g->enough ? g->lo : NAN), "hi",
				      jnum(g->enough ? g->hi : NAN), "detect",
				      jnum(g->enough ? g->detect : NAN),
				      "testable", g->enough, "method",
				      sh->method));
	if (!checked)
		return;
	if (!g->valid) {
		v->global_none++;
		return;
	}
	if (!g->enough) {
		v->global_untestable++;
		if (g->valid)
			printf("Every cell %.2fx: %s cannot tell this from the machine; run --repeat 3 at the base, or several runs a side.\n",
			       g->point,
			       nb == 1 && nn == 1 ? "one run a side" :
						    "runs this few");
		return;
	}
	if (g->lo > 1 && g->point > 1 + o->threshold) {
		v->global_regressed++;
		v->global_point = g->point;
		printf("REGRESSION: every cell moved %.3fx at once.\n",
		       g->point);
	}
}

static int compare_side(const struct side *base, const struct side *now,
			size_t k, const struct cmp_opts *o, struct cell *cells,
			size_t nc, unsigned int family, struct verdicts *v,
			json_t *jside)
{
	double level = 1 - CMP_ALPHA / 2 / (family ? family : 1);
	double glevel = 1 - CMP_ALPHA / 2;
	size_t nmax = base->n > now->n ? base->n : now->n;
	double *tmp = calloc((nc > nmax ? nc : nmax) + base->n + now->n + 1,
			     sizeof(*tmp));
	struct shift sh = { 0 };
	json_t *jmetrics = json_array();
	int ret = -ENOMEM;

	sh.gb = calloc(base->n, sizeof(*sh.gb));
	sh.gn = calloc(now->n, sizeof(*sh.gn));
	if (!tmp || !sh.gb || !sh.gn || !jmetrics)
		goto out;
	json_object_set_new(jside, "metrics", jmetrics);
	printf("\n## Side %zu: %zu run%s against the base's %zu\n\n", k, now->n,
	       now->n == 1 ? "" : "s", base->n);
	for (int m = 0; m < M_NR; m++) {
		bool lat = metrics[m].permille, chk = o->check[m];
		double lv = chk ? level : REPORT_LEVEL;
		json_t *jm = json_object(), *jc = json_array();

		if (!jm || !jc || json_array_append_new(jmetrics, jm))
			goto out;
		json_object_set_new(jm, "metric", json_string(metrics[m].name));
		json_object_set_new(jm, "checked", json_boolean(chk));
		json_object_set_new(jm, "cells", jc);
		printf("### %s%s\n\n", metrics[m].what,
		       chk ? " (checked)" : "");
		if (lat) {
			for (size_t i = 0; i < nc; i++) {
				side_runs(base, cells[i].scenario,
					  cells[i].design, (enum metric)m,
					  cells[i].origin, &v->mixed,
					  cells[i].sb);
				side_runs(now, cells[i].scenario,
					  cells[i].design, (enum metric)m,
					  cells[i].origin, &v->mixed,
					  cells[i].sn);
			}
			run_levels(base, now, cells, nc, &sh, tmp);
			global_shift(base, now, chk ? glevel : REPORT_LEVEL,
				     &sh);
			if (local_shifts(base, now, cells, nc, lv, &sh))
				goto out;
			global_line(o, chk, &sh, base->n, now->n, v, jm);
			if (sh.df > 0)
				printf("Run-to-run spread of a cell's ln %s, from replicates within each side pooled over %u cells: sd %.3f (%.0f df); cell intervals at %.2f%%.\n\n",
				       metrics[m].name, sh.replicates,
				       sqrt(sh.var), sh.df, lv * 100);
			else
				printf("No replicates (one run a side): the run-to-run spread is unknown, and no cell can be tested; run --repeat 3 at the base.\n\n");
			json_object_set_new(jm, "spread_sd",
					    jnum(sh.df > 0 ? sqrt(sh.var) :
							     NAN));
			json_object_set_new(jm, "spread_df", json_real(sh.df));
			printf("| scenario | design | base | run | ratio | against the global | detectable | verdict | noise events set apart (caveat) |\n"
			       "|:---|:---|---:|---:|---:|---:|---:|:---|---:|\n");
		} else {
			printf("| scenario | design | base | run | ratio | verdict |\n|:---|:---|---:|---:|---:|:---|\n");
		}
		for (size_t i = 0; i < nc; i++) {
			struct cell *c = &cells[i];
			double b = side_value(base, c->scenario, c->design,
					      (enum metric)m);
			double x = side_value(now, c->scenario, c->design,
					      (enum metric)m);
			char tot[96], loc[96], det[32], qr[32];
			const char *verdict;
			double point;

			if (!isfinite(x)) {
				printf("| %s | %s | %.6g | - | not in this side |%s\n",
				       c->scenario, c->design, b,
				       lat ? " | | | |" : " |");
				continue;
			}
			v->checked += chk;
			if (!lat) {
				snprintf(tot, sizeof(tot), "%.3f",
					 b > 0 ? x / b : NAN);
				verdict = "";
				if (chk && counter_regressed((enum metric)m, b,
							     x, o->threshold)) {
					v->regressions++;
					verdict = "REGRESSION";
				}
				printf("| %s | %s | %.6g | %.6g | %s | %s |\n",
				       c->scenario, c->design, b, x, tot,
				       verdict);
				json_array_append_new(
					jc,
					json_pack("{s:s, s:s, s:o, s:o, s:s}",
						  "scenario", c->scenario,
						  "design", c->design, "base",
						  jnum(b), "run", jnum(x),
						  "verdict", verdict));
				continue;
			}
			/* What was compared: the runs' summaries, geometric. */
			b = exp_mean(c->sb, base->n, b);
			x = exp_mean(c->sn, now->n, x);
			point = sh.global.valid && c->local.valid ?
					sh.global.point * c->local.point :
					NAN;
			fmt_interval(tot, sizeof(tot), point, c->lo, c->hi);
			fmt_interval(loc, sizeof(loc),
				     c->local.valid ? c->local.point : NAN,
				     c->local.enough ? c->local.lo : NAN,
				     c->local.enough ? c->local.hi : NAN);
			if (isfinite(c->hi))
				snprintf(det, sizeof(det), "%.3f",
					 c->hi / c->lo);
			else
				snprintf(det, sizeof(det), "unknown");
			{
				double qb = side_quiet(base, c->scenario,
						       c->design,
						       (enum metric)m);
				double qx = side_quiet(now, c->scenario,
						       c->design,
						       (enum metric)m);

				if (qb > 0 && isfinite(qx))
					snprintf(qr, sizeof(qr), "%.3f",
						 qx / qb);
				else
					snprintf(qr, sizeof(qr), "-");
			}
			verdict = latency_verdict(o, chk, &sh, c, v);
			printf("| %s | %s | %.6g | %.6g | %s | %s | %s | %s | %s |\n",
			       c->scenario, c->design, b, x, tot, loc, det,
			       verdict, qr);
			json_array_append_new(
				jc,
				json_pack(
					"{s:s, s:s, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:s}",
					"scenario", c->scenario, "design",
					c->design, "base", jnum(b), "run",
					jnum(x), "ratio", jnum(point), "lo",
					jnum(c->lo), "hi", jnum(c->hi), "local",
					jnum(c->local.valid ? c->local.point :
							      NAN),
					"detect",
					jnum(isfinite(c->hi) ? c->hi / c->lo :
							       NAN),
					"quiet_ratio",
					jnum(strcmp(qr, "-") ? atof(qr) : NAN),
					"level", jnum(lv), "verdict", verdict));
		}
		printf("\n");
	}
	ret = 0;
out:
	free(sh.gb);
	free(sh.gn);
	free(tmp);
	return ret;
}

/*
 * Whether the sides' runs do not alternate in time: every base run
 * started before every run of @now, or after. Runs without a start
 * time: unknown, false. ISO 8601 UTC stamps compare as strings.
 */
static bool sittings(const struct side *base, const struct side *now)
{
	const char *bmin = NULL, *bmax = NULL, *nmin = NULL, *nmax = NULL;

	for (size_t i = 0; i < base->n; i++) {
		const char *t = base->r[i].started;

		if (!t)
			return false;
		bmin = !bmin || strcmp(t, bmin) < 0 ? t : bmin;
		bmax = !bmax || strcmp(t, bmax) > 0 ? t : bmax;
	}
	for (size_t i = 0; i < now->n; i++) {
		const char *t = now->r[i].started;

		if (!t)
			return false;
		nmin = !nmin || strcmp(t, nmin) < 0 ? t : nmin;
		nmax = !nmax || strcmp(t, nmax) > 0 ? t : nmax;
	}
	return bmin && nmin &&
	       (strcmp(bmax, nmin) < 0 || strcmp(nmax, bmin) < 0);
}

/* Each side's share of serviced events a host-noise gap touched. */
static double noise_share(const struct side *sd)
{
	double touched = 0, all = 0;

	for (size_t i = 0; i < sd->n; i++)
		for (size_t s = 0; s < sd->r[i].nsc; s++)
			for (size_t k = 0; k < sd->r[i].sc[s].nd; k++) {
				const struct run_design *d =
					&sd->r[i].sc[s].d[k];

				if (!d->has_noise)
					continue;
				touched += (double)d->noise_events;
				all += (double)d->serviced;
			}
	return all > 0 ? touched / all : NAN;
}

/* The caveats beside the verdict: time order, and host noise. */
static void caveats(const struct side *base, const struct side *now,
		    struct verdicts *v, json_t *jside)
{
	double nb = noise_share(base), nn = noise_share(now);
	bool ordered = sittings(base, now);

	v->ordered |= ordered;
	json_object_set_new(jside, "sittings", json_boolean(ordered));
	json_object_set_new(jside, "noise_share_base", jnum(nb));
	json_object_set_new(jside, "noise_share_run", jnum(nn));
	if (ordered)
		printf("\nWARNING: every base run was taken before every run of this side, or after: a comparison of two sittings cannot separate a change from the machine's drift between them (replicates from one sitting say little about another). "
		       "For a verdict on a change, alternate the builds in time: irqlab ab (docs/analysis.md).\n");
	if (isfinite(nb) || isfinite(nn))
		printf("\nCaveat, not used in the verdict: a host-noise gap touched %.1f%% of the base's serviced events and %.1f%% of this side's; "
		       "the last column is each cell's ratio with those events set apart. Which events a gap touches depends on their latency, so the change under test moves it.\n",
		       nb * 100, nn * 100);
}

/* The outcome of the whole comparison, and its footer line. */
static enum ana_outcome outcome(const struct verdicts *v,
				const struct cmp_opts *o)
{
	enum ana_outcome out;

	if (v->regressions || v->global_regressed) {
		printf("compare: regression — ");
		if (v->global_regressed)
			printf("every cell moved %.3fx at once%s",
			       v->global_point, v->regressions ? "; " : "");
		if (v->regressions)
			printf("%u checked cell%s regressed beyond %.1f%% against the rest",
			       v->regressions, v->regressions == 1 ? "" : "s",
			       o->threshold * 100);
		printf(".\n");
		out = ANA_REGRESSION;
	} else if (!v->unknown && !v->global_untestable && !v->global_none) {
		printf("compare: pass — every checked cell's upper bound is below %.3f.\n",
		       1 + o->threshold);
		out = ANA_PASS;
	} else {
		printf("compare: inconclusive — %u of %u checked cells could not tell",
		       v->unknown, v->checked);
		if (v->global_untestable)
			printf("; the global shift is untestable with these runs");
		if (v->emptied)
			printf("; %u with no rounds left on a side (the host took them: rerun that side)",
			       v->emptied);
		if (v->no_replicates || v->global_untestable)
			printf("; needs: run --repeat 3 at the base, or several runs a side");
		printf(".\n");
		out = ANA_INCONCLUSIVE;
	}
	if (v->ordered)
		printf("(the sides are two sittings: see the warning above; irqlab ab alternates them.)\n");
	if (v->mixed)
		printf("(%u run cells count latency from another point than the base's, the fire or the intended time (folders from before latency_origin count from the intended time): they were left out; compare folders of one kind.)\n",
		       v->mixed);
	return out;
}

static int write_json(const char *path, json_t *j)
{
	if (json_dump_file(j, path, JSON_INDENT(1) | JSON_SORT_KEYS)) {
		fprintf(stderr, "irqlab compare: --json: cannot write %s\n",
			path);
		return -EIO;
	}
	return 0;
}

/* Return: the outcome, or -errno. */
static int compare(struct side *sides, size_t nsides, const struct cmp_opts *o)
{
	const struct side *base = &sides[0];
	const struct run *b0 = &base->r[0];
	struct verdicts v = { 0 };
	struct cell *cells = NULL;
	unsigned int family = 0;
	size_t nc = 0, maxruns = 0;
	json_t *j = json_object(), *jsides = json_array();
	int ret = -ENOMEM;

	if (j && jsides && json_object_set_new(j, "sides", jsides))
		jsides = NULL;

	for (size_t s = 0; s < b0->nsc; s++)
		nc += b0->sc[s].nd;
	for (size_t i = 0; i < nsides; i++)
		maxruns = sides[i].n > maxruns ? sides[i].n : maxruns;
	cells = calloc(nc ? nc : 1, sizeof(*cells));
	if (!cells || !j || !jsides)
		goto out;
	nc = 0;
	for (size_t s = 0; s < b0->nsc; s++)
		for (size_t k = 0; k < b0->sc[s].nd; k++) {
			struct cell *c = &cells[nc++];

			c->scenario = b0->sc[s].name;
			c->design = b0->sc[s].d[k].design;
			c->origin = origin(&b0->sc[s].d[k]);
			c->sb = calloc(maxruns, sizeof(*c->sb));
			c->sn = calloc(maxruns, sizeof(*c->sn));
			c->eb = calloc(maxruns, sizeof(*c->eb));
			c->en = calloc(maxruns, sizeof(*c->en));
			if (!c->sb || !c->sn || !c->eb || !c->en)
				goto out;
		}
	/* Bonferroni over the checked latency cells of one side. */
	for (int m = 0; m < M_NR; m++)
		if (o->check[m] && metrics[m].permille)
			family += (unsigned int)nc;

	printf("# irqlab compare\n\n");
	for (size_t i = 0; i < nsides; i++)
		for (size_t jr = 0; jr < sides[i].n; jr++) {
			char role[64];

			snprintf(role, sizeof(role),
				 i ? "side %zu, run %zu" : "base, run %zu",
				 i ? i : jr + 1, jr + 1);
			run_line(&sides[i].r[jr], role);
		}
	host_rounds(stdout, sides, nsides);
	printf("\nA run is the unit: each run's summary of a cell is the median of its blocks' log quantiles (one stalled block moves it by one rank). "
	       "Every cell moves with the global shift (the median over cells of each run's change, tested over runs); each cell is tested against it, with the run-to-run spread taken from replicates within each side, never from the changes being tested (docs/statistics.md). "
	       "Of the 5%% a comparison may err by, half goes to the global shift and half is shared by the %u checked cells (Bonferroni). "
	       "pass: every checked cell's upper bound (global and local together) is below %.3f; regression: a cell's interval against the global is above 1 and its ratio beyond %.1f%%, or the global shift's interval is above 1 and its point beyond it; inconclusive otherwise. "
	       "Counters have no interval: a checked one regresses when worse than %.1f%%.\n",
	       family, 1 + o->threshold, o->threshold * 100,
	       o->threshold * 100);
	for (size_t i = 1; i < nsides; i++) {
		json_t *js = json_object();

		if (!js || json_array_append_new(jsides, js))
			goto out;
		json_object_set_new(js, "runs",
				    json_integer((json_int_t)sides[i].n));
		json_object_set_new(js, "base_runs",
				    json_integer((json_int_t)base->n));
		caveats(base, &sides[i], &v, js);
		if (compare_side(base, &sides[i], i, o, cells, nc, family, &v,
				 js))
			goto out;
	}
	ret = (int)outcome(&v, o);
	json_object_set_new(
		j, "outcome",
		json_string(ana_outcome_name((enum ana_outcome)ret)));
	json_object_set_new(
		j, "exit",
		json_integer(ana_outcome_exit((enum ana_outcome)ret)));
	json_object_set_new(j, "threshold", json_real(o->threshold));
	json_object_set_new(
		j, "counts",
		json_pack("{s:i, s:i, s:i, s:i, s:b, s:b}", "checked",
			  (int)v.checked, "regressions", (int)v.regressions,
			  "within", (int)v.within, "inconclusive",
			  (int)v.unknown, "global_regressed",
			  v.global_regressed > 0, "global_untestable",
			  v.global_untestable > 0));
	if (o->json && write_json(o->json, j))
		ret = -EIO;
out:
	for (size_t i = 0; i < nc; i++) {
		free(cells[i].sb);
		free(cells[i].sn);
		free(cells[i].eb);
		free(cells[i].en);
	}
	free(cells);
	json_decref(j);
	return ret;
}

static void usage(FILE *f)
{
	fputs("usage: irqlab compare BASE RUN... [--metric M]... [--threshold PCT]\n"
	      "       irqlab compare --base BASE [--base BASE]... RUN... [OPTIONS]\n"
	      "  Compares run folders scenario by scenario. In the first form each\n"
	      "  RUN is a side of its own against BASE; with --base, the --base runs\n"
	      "  are one side and every RUN the other (several runs of one build).\n"
	      "  A folder of run folders (irqlab run --repeat) is a side of its runs.\n"
	      "  --metric M       check M for regressions: p50 p99 p999 throughput\n"
	      "                   accesses stranded (repeatable; default p50)\n"
	      "  --threshold PCT  how much worse is a regression (default 10)\n"
	      "  --json FILE      write the outcome and every cell's figures to FILE\n"
	      "  A side needs replicates (several runs, or a folder of irqlab run\n"
	      "  --repeat) for any cell to be tested: with one run a side the\n"
	      "  outcome is inconclusive.\n",
	      f);
}

/* --metric M: check M; 0, or -EINVAL for an unknown one. */
static int metric_opt(const char *arg, struct cmp_opts *o)
{
	int m = 0;

	while (m < M_NR && strcmp(metrics[m].name, arg))
		m++;
	if (m == M_NR) {
		fprintf(stderr,
			"irqlab compare: --metric: '%s' is not one of p50 p99 p999 throughput accesses stranded\n",
			arg);
		return -EINVAL;
	}
	o->check[m] = true;
	return 0;
}

/*
 * The options into @o and @bases (--base, in order); -1 to go on, or
 * the exit status: 0 after --help, ANA_EXIT_BAD_INPUT for bad usage.
 */
static int compare_opts(int argc, char **argv, struct cmp_opts *o,
			const char **bases, size_t *nbases)
{
	static const struct option opts[] = {
		{ "metric", required_argument, NULL, 'm' },
		{ "threshold", required_argument, NULL, 't' },
		{ "base", required_argument, NULL, 'b' },
		{ "json", required_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	bool named = false;
	char *end;
	int c;

	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":", opts, NULL)) != -1) {
		switch (c) {
		case 'm':
			if (metric_opt(optarg, o))
				return ANA_EXIT_BAD_INPUT;
			named = true;
			break;
		case 't':
			errno = 0;
			o->threshold = strtod(optarg, &end) / 100;
			if (errno || end == optarg || *end ||
			    !(o->threshold >= 0 && o->threshold < 100)) {
				fprintf(stderr,
					"irqlab compare: --threshold: '%s' is not a percentage in 0..10000\n",
					optarg);
				return ANA_EXIT_BAD_INPUT;
			}
			break;
		case 'b':
			bases[(*nbases)++] = optarg;
			break;
		case 'j':
			o->json = optarg;
			break;
		case 'h':
			usage(stdout);
			ana_exit_help(stdout, ANA_CMD_COMPARE);
			return 0;
		default:
			cli_bad_option("compare", c, argv);
			return ANA_EXIT_BAD_INPUT;
		}
	}
	if (!named)
		o->check[M_P50] = true;
	return -1;
}

int compare_main(int argc, char **argv)
{
	struct cmp_opts o = { .threshold = 0.10 };
	const char **bases;
	size_t nbases = 0, npos, nsides;
	struct side *sides;
	char err[1024];
	int ret = 0;

	bases = calloc((size_t)argc + 1, sizeof(*bases));
	if (!bases)
		return 1;
	ret = compare_opts(argc, argv, &o, bases, &nbases);
	if (ret >= 0) {
		free(bases);
		return ret;
	}
	ret = 0;
	npos = (size_t)(argc - optind);
	if (nbases ? npos < 1 : npos < 2) {
		fprintf(stderr,
			"irqlab compare: needs a base and at least one run to compare with it; see irqlab compare --help\n");
		free(bases);
		return ANA_EXIT_BAD_INPUT;
	}
	nsides = nbases ? 2 : npos;
	sides = calloc(nsides, sizeof(*sides));
	if (!sides) {
		free(bases);
		return 1;
	}
	for (size_t i = 0; i < nbases && !ret; i++)
		ret = side_add(&sides[0], bases[i], err, sizeof(err));
	for (size_t i = 0; i < npos && !ret; i++)
		ret = side_add(&sides[nbases ? 1 : i], argv[optind + (int)i],
			       err, sizeof(err));
	free(bases);
	if (ret) {
		if (ret == -ENOMEM)
			snprintf(err, sizeof(err), "out of memory");
		fprintf(stderr, "irqlab compare: %s\n", err);
		sides_free(sides, nsides);
		return ret == -ENOMEM ? ANA_EXIT_ERROR : ANA_EXIT_BAD_INPUT;
	}
	ret = compare(sides, nsides, &o);
	sides_free(sides, nsides);
	if (ret == -ENOMEM)
		fprintf(stderr, "irqlab compare: out of memory\n");
	if (ret < 0)
		return ANA_EXIT_ERROR;
	return ana_outcome_exit((enum ana_outcome)ret);
}
