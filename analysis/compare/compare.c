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
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "compare_internal.h"
#include "analysis/report.h"
#include "analysis/infer.h"
#include "analysis/outcome.h"

const struct cmp_metric cmp_metrics[M_NR] = {
	[M_P50] = { "p50", "p50 latency (ns)", 500, false },
	[M_P99] = { "p99", "p99 latency (ns)", 990, false },
	[M_P999] = { "p999", "p99.9 latency (ns)", 999, false },
	[M_THROUGHPUT] = { "throughput", "serviced/s", 0, true },
	[M_ACCESSES] = { "accesses", "chip accesses/irq", 0, false },
	[M_STRANDED] = { "stranded", "stranded events", 0, false },
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

/* The mean of @get(@m) over the side's runs that have it; NAN: none. */
static double side_mean(const struct side *sd, const char *scenario,
			const char *design, enum metric m,
			double (*get)(const struct run_design *d,
				      enum metric m))
{
	double sum = 0;
	size_t k = 0;

	for (size_t i = 0; i < sd->n; i++) {
		const struct run_scenario *sc =
			run_find_scenario(&sd->r[i], scenario);
		const struct run_design *d = sc ? run_find_design(sc, design) :
						  NULL;

		if (d && isfinite(get(d, m))) {
			sum += get(d, m);
			k++;
		}
	}
	return k ? sum / (double)k : NAN;
}

/* The mean of @m over the side's runs that have the design; NAN: none. */
static double side_value(const struct side *sd, const char *scenario,
			 const char *design, enum metric m)
{
	return side_mean(sd, scenario, design, m, value);
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
	return side_mean(sd, scenario, design, m, quiet_value);
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
	if (cmp_metrics[m].higher_is_better)
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
	if (c->hi < 1 + o->threshold && checked && !c->censored) {
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
	json_object_set_new(
		jm, "global",
		json_pack("{s:o, s:o, s:o, s:o, s:b, s:s}", "point",
			  cmp_jnum(g->valid ? g->point : NAN), "lo",
			  cmp_jnum(g->enough ? g->lo : NAN), "hi",
			  cmp_jnum(g->enough ? g->hi : NAN), "detect",
			  cmp_jnum(g->enough ? g->detect : NAN), "testable",
			  g->enough, "method", sh->method));
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

/* A counter cell's row: no interval; a checked one regresses past the threshold. */
static void counter_row(const struct cmp_opts *o, bool chk, enum metric m,
			const struct cell *c, double b, double x,
			struct verdicts *v, json_t *jc)
{
	const char *verdict = "";
	char tot[32];

	snprintf(tot, sizeof(tot), "%.3f", b > 0 ? x / b : NAN);
	if (chk && counter_regressed(m, b, x, o->threshold)) {
		v->regressions++;
		verdict = "REGRESSION";
	}
	printf("| %s | %s | %.6g | %.6g | %s | %s |\n", c->scenario, c->design,
	       b, x, tot, verdict);
	json_array_append_new(jc,
			      json_pack("{s:s, s:s, s:o, s:o, s:s}", "scenario",
					c->scenario, "design", c->design,
					"base", cmp_jnum(b), "run", cmp_jnum(x),
					"verdict", verdict));
}

/* The quiet events' ratio of a cell, "-" where a side has none. */
static void quiet_ratio(const struct side *base, const struct side *now,
			const struct cell *c, enum metric m, char *qr,
			size_t len)
{
	double qb = side_quiet(base, c->scenario, c->design, m);
	double qx = side_quiet(now, c->scenario, c->design, m);

	if (qb > 0 && isfinite(qx))
		snprintf(qr, len, "%.3f", qx / qb);
	else
		snprintf(qr, len, "-");
}

/* A latency cell's row: what was compared (the runs' summaries, geometric),
 * its ratio with the global shift, against it, and its verdict. */
static void latency_row(const struct side *base, const struct side *now,
			const struct cmp_opts *o, bool chk, enum metric m,
			double lv, const struct shift *sh, struct cell *c,
			struct verdicts *v, json_t *jc)
{
	double b = exp_mean(c->sb, base->n,
			    side_value(base, c->scenario, c->design, m));
	double x = exp_mean(c->sn, now->n,
			    side_value(now, c->scenario, c->design, m));
	double point = sh->global.valid && c->local.valid ?
			       sh->global.point * c->local.point :
			       NAN;
	double local = c->local.valid ? c->local.point : NAN;
	double detect = isfinite(c->hi) ? c->hi / c->lo : NAN;
	char tot[96], loc[96], det[32], qr[32];
	const char *verdict;

	fmt_interval(tot, sizeof(tot), point, c->lo, c->hi);
	fmt_interval(loc, sizeof(loc), local,
		     c->local.enough ? c->local.lo : NAN,
		     c->local.enough ? c->local.hi : NAN);
	if (isfinite(detect))
		snprintf(det, sizeof(det), "%.3f", detect);
	else
		snprintf(det, sizeof(det), "unknown");
	quiet_ratio(base, now, c, m, qr, sizeof(qr));
	verdict = latency_verdict(o, chk, sh, c, v);
	if (v->finding)
		cmp_finding_cell(v->finding, v->side, m, c, b, x, now->n);
	printf("| %s | %s | %.6g | %.6g | %s | %s | %s | %s | %s |\n",
	       c->scenario, c->design, b, x, tot, loc, det, verdict, qr);
	json_array_append_new(
		jc,
		json_pack(
			"{s:s, s:s, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:s}",
			"scenario", c->scenario, "design", c->design, "base",
			cmp_jnum(b), "run", cmp_jnum(x), "ratio",
			cmp_jnum(point), "lo", cmp_jnum(c->lo), "hi",
			cmp_jnum(c->hi), "local", cmp_jnum(local), "detect",
			cmp_jnum(detect), "quiet_ratio",
			cmp_jnum(strcmp(qr, "-") ? atof(qr) : NAN), "level",
			cmp_jnum(lv), "verdict", verdict));
}

/*
 * Before a latency metric's table: every cell's runs, the global shift,
 * each cell against it, and the replicates' spread. 0, or -ENOMEM.
 */
static int latency_head(const struct side *base, const struct side *now,
			const struct cmp_opts *o, bool chk, enum metric m,
			double lv, struct cell *cells, size_t nc,
			struct shift *sh, struct verdicts *v, json_t *jm)
{
	for (size_t i = 0; i < nc; i++) {
		side_runs(base, cells[i].scenario, cells[i].design, m,
			  cells[i].origin, &v->mixed, cells[i].sb);
		side_runs(now, cells[i].scenario, cells[i].design, m,
			  cells[i].origin, &v->mixed, cells[i].sn);
		if (v->finding)
			cmp_censor_runs(now, &cells[i], m);
	}
	cmp_run_levels(base, now, cells, nc, sh);
	cmp_global_shift(base, now, chk ? 1 - CMP_ALPHA / 2 : REPORT_LEVEL, sh);
	if (v->finding)
		cmp_finding_global(v->finding, v->side, m, &sh->global);
	if (cmp_local_shifts(base, now, cells, nc, lv, sh))
		return -ENOMEM;
	global_line(o, chk, sh, base->n, now->n, v, jm);
	if (sh->df > 0)
		printf("Run-to-run spread of a cell's ln %s, from replicates within each side pooled over %u cells: sd %.3f (%.0f df); cell intervals at %.2f%%.\n\n",
		       cmp_metrics[m].name, sh->replicates, sqrt(sh->var),
		       sh->df, lv * 100);
	else
		printf("No replicates (one run a side): the run-to-run spread is unknown, and no cell can be tested; run --repeat 3 at the base.\n\n");
	if (v->finding)
		cmp_runs_needed(o, m, sh, lv, jm);
	json_object_set_new(jm, "spread_sd",
			    cmp_jnum(sh->df > 0 ? sqrt(sh->var) : NAN));
	json_object_set_new(jm, "spread_df", json_real(sh->df));
	printf("| scenario | design | base | run | ratio | against the global | detectable | verdict | noise events set apart (caveat) |\n"
	       "|:---|:---|---:|---:|---:|---:|---:|:---|---:|\n");
	return 0;
}

/* One metric of a side: its head, then a row per cell. 0, or -ENOMEM. */
static int compare_metric(const struct side *base, const struct side *now,
			  const struct cmp_opts *o, enum metric m, double level,
			  struct cell *cells, size_t nc, struct shift *sh,
			  struct verdicts *v, json_t *jmetrics)
{
	bool lat = cmp_metrics[m].permille, chk = o->check[m];
	double lv = chk ? level : REPORT_LEVEL;
	json_t *jm = json_object(), *jc = json_array();

	if (!jm || !jc || json_array_append_new(jmetrics, jm)) {
		json_decref(jc);
		return -ENOMEM;
	}
	json_object_set_new(jm, "metric", json_string(cmp_metrics[m].name));
	json_object_set_new(jm, "checked", json_boolean(chk));
	json_object_set_new(jm, "cells", jc);
	printf("### %s%s\n\n", cmp_metrics[m].what, chk ? " (checked)" : "");
	if (!lat)
		printf("| scenario | design | base | run | ratio | verdict |\n|:---|:---|---:|---:|---:|:---|\n");
	else if (latency_head(base, now, o, chk, m, lv, cells, nc, sh, v, jm))
		return -ENOMEM;
	for (size_t i = 0; i < nc; i++) {
		struct cell *c = &cells[i];
		double b = side_value(base, c->scenario, c->design, m);
		double x = side_value(now, c->scenario, c->design, m);

		if (!isfinite(x)) {
			printf("| %s | %s | %.6g | - | not in this side |%s\n",
			       c->scenario, c->design, b,
			       lat ? " | | | |" : " |");
			continue;
		}
		v->checked += chk;
		if (lat)
			latency_row(base, now, o, chk, m, lv, sh, c, v, jc);
		else
			counter_row(o, chk, m, c, b, x, v, jc);
	}
	printf("\n");
	return 0;
}

static int compare_side(const struct side *base, const struct side *now,
			size_t k, const struct cmp_opts *o, struct cell *cells,
			size_t nc, unsigned int family, struct verdicts *v,
			json_t *jside)
{
	double level = 1 - CMP_ALPHA / 2 / (family ? family : 1);
	struct shift sh = { 0 };
	json_t *jmetrics = json_array();
	int ret = -ENOMEM;

	sh.gb = calloc(base->n, sizeof(*sh.gb));
	sh.gn = calloc(now->n, sizeof(*sh.gn));
	if (!sh.gb || !sh.gn || !jmetrics)
		goto out;
	json_object_set_new(jside, "metrics", jmetrics);
	printf("\n## Side %zu: %zu run%s against the base's %zu\n\n", k, now->n,
	       now->n == 1 ? "" : "s", base->n);
	for (int m = 0; m < M_NR; m++)
		if ((!v->finding || cmp_metrics[m].permille) &&
		    compare_metric(base, now, o, (enum metric)m, level, cells,
				   nc, &sh, v, jmetrics))
			goto out;
	ret = 0;
out:
	free(sh.gb);
	free(sh.gn);
	return ret;
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

static void cells_free(struct cell *cells, size_t nc)
{
	for (size_t i = 0; cells && i < nc; i++) {
		free(cells[i].sb);
		free(cells[i].sn);
		free(cells[i].eb);
		free(cells[i].en);
	}
	free(cells);
}

/* The base's cells, each with room for @maxruns runs a side; NULL: -ENOMEM. */
static struct cell *cells_make(const struct run *b0, size_t maxruns,
			       size_t *ncp)
{
	size_t nc = 0;
	struct cell *cells;

	for (size_t s = 0; s < b0->nsc; s++)
		nc += b0->sc[s].nd;
	cells = calloc(nc ? nc : 1, sizeof(*cells));
	if (!cells)
		return NULL;
	*ncp = nc;
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
			if (!c->sb || !c->sn || !c->eb || !c->en) {
				cells_free(cells, nc);
				return NULL;
			}
		}
	return cells;
}

/* The runs compared, the host's rounds, and how the verdicts are had. */
static void intro(struct side *sides, size_t nsides, const struct cmp_opts *o,
		  unsigned int family)
{
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
}

/* The outcome and the counts into @j. */
static void outcome_json(json_t *j, enum ana_outcome out,
			 const struct verdicts *v, const struct cmp_opts *o)
{
	json_object_set_new(j, "outcome", json_string(ana_outcome_name(out)));
	json_object_set_new(j, "exit", json_integer(ana_outcome_exit(out)));
	json_object_set_new(j, "threshold", json_real(o->threshold));
	json_object_set_new(
		j, "counts",
		json_pack("{s:i, s:i, s:i, s:i, s:b, s:b}", "checked",
			  (int)v->checked, "regressions", (int)v->regressions,
			  "within", (int)v->within, "inconclusive",
			  (int)v->unknown, "global_regressed",
			  v->global_regressed > 0, "global_untestable",
			  v->global_untestable > 0));
}

int cmp_compare(struct side *sides, size_t nsides, const struct cmp_opts *o)
{
	const struct side *base = &sides[0];
	struct verdicts v = { 0 };
	struct cell *cells = NULL;
	unsigned int family = 0;
	size_t nc = 0, maxruns = 0, blen = 0;
	json_t *j = json_object(), *jsides = json_array();
	FILE *saved = stdout, *body;
	char *buf = NULL;
	int ret = -ENOMEM;

	if (j && jsides && json_object_set_new(j, "sides", jsides))
		jsides = NULL;
	for (size_t i = 0; i < nsides; i++)
		maxruns = sides[i].n > maxruns ? sides[i].n : maxruns;
	cells = cells_make(&base->r[0], maxruns, &nc);
	if (!cells || !j || !jsides)
		goto out;
	body = cmp_imported_begin(sides, nsides, &v, &buf, &blen);
	if (body)
		stdout = body;
	/* Bonferroni over the checked latency cells of one side. */
	for (int m = 0; m < M_NR; m++)
		if (o->check[m] && cmp_metrics[m].permille)
			family += (unsigned int)nc;
	intro(sides, nsides, o, family);
	for (size_t i = 1; i < nsides; i++) {
		json_t *js = json_object();

		if (!js || json_array_append_new(jsides, js))
			goto out;
		json_object_set_new(js, "runs",
				    json_integer((json_int_t)sides[i].n));
		json_object_set_new(js, "base_runs",
				    json_integer((json_int_t)base->n));
		v.side = i;
		if (v.finding)
			cmp_pair_runs(&sides[0], &sides[i], js);
		cmp_caveats(base, &sides[i], &v, js);
		if (compare_side(base, &sides[i], i, o, cells, nc, family, &v,
				 js))
			goto out;
	}
	ret = (int)outcome(&v, o);
	if (body) {
		cmp_imported_end(saved, body, &buf, &blen, &v, nsides, j);
		body = NULL;
	}
	outcome_json(j, (enum ana_outcome)ret, &v, o);
	if (o->json && write_json(o->json, j))
		ret = -EIO;
out:
	if (stdout != saved) {
		fclose(stdout);
		stdout = saved;
	}
	free(buf);
	cmp_finding_free(v.finding);
	cells_free(cells, nc);
	json_decref(j);
	return ret;
}
