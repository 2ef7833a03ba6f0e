// SPDX-License-Identifier: GPL-2.0
/*
 * irqlab compare: the same scenario x design of run folders (two builds,
 * two machines, several runs of each) side by side against a base, with
 * intervals over blocks and runs (docs/statistics.md), and exit status 2
 * when a metric named with --metric regresses beyond --threshold with the
 * data behind it (docs/analysis.md).
 */
#include <dirent.h>
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "analysis/host.h"
#include "analysis/report.h"
#include "analysis/run.h"
#include "analysis/cli.h"

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
};

/* One side of a comparison: one run, or several runs of the same build. */
struct side {
	struct run *r;
	size_t n;
};

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

/*
 * The side's runs of one cell, as irqstat_runsum; with @quiet, over the
 * events no host-noise gap touched (0 runs if a run did not record it).
 * Returns how many.
 */
static size_t side_runs(const struct side *sd, const char *scenario,
			const char *design, enum metric m, bool quiet,
			struct irqstat_runsum *out)
{
	size_t k = 0;

	for (size_t i = 0; i < sd->n; i++) {
		const struct run_scenario *sc =
			run_find_scenario(&sd->r[i], scenario);
		const struct run_design *d = sc ? run_find_design(sc, design) :
						  NULL;

		double *const *bq = !d ? NULL : quiet ? d->bq_quiet : d->bq;

		if (quiet && d && !bq[metric_q(m)])
			return 0;
		if (d && bq[metric_q(m)])
			irqstat_runsum(bq[metric_q(m)], d->nblocks, &out[k++]);
	}
	return k;
}

/* Every cell of the base's first run: scenario x design. */
struct cell {
	const char *scenario, *design;
	struct irqstat_runsum *base, *now;
	size_t nbase, nnow;
	struct irqstat_effect e;
	struct irqstat_effect quiet; /* host-noise events set apart */
};

/*
 * The latency cells of one metric between the base and side @now: each
 * cell's interval, with the run-to-run variance pooled over all cells.
 * @level is the coverage of each interval.
 */
static int latency_cells(const struct side *base, const struct side *now,
			 enum metric m, bool quiet, double level,
			 struct cell *c, size_t nc, double *between,
			 double *between_df)
{
	struct irqstat_cell *ic = calloc(nc ? nc : 1, sizeof(*ic));
	size_t k = 0;

	if (!ic)
		return -ENOMEM;
	for (size_t i = 0; i < nc; i++) {
		c[i].nbase = side_runs(base, c[i].scenario, c[i].design, m,
				       quiet, c[i].base);
		c[i].nnow = side_runs(now, c[i].scenario, c[i].design, m, quiet,
				      c[i].now);
		if (c[i].nbase && c[i].nnow)
			ic[k++] = (struct irqstat_cell){ c[i].base, c[i].now,
							 c[i].nbase,
							 c[i].nnow };
	}
	*between = irqstat_between_var(ic, k, between_df);
	free(ic);
	for (size_t i = 0; i < nc; i++)
		irqstat_runs_ci(c[i].base, c[i].nbase, c[i].now, c[i].nnow,
				*between, *between_df, level,
				quiet ? &c[i].quiet : &c[i].e);
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
	printf(")\n");
}

/* One side against the base: the table's rows, and the count of
 * regressions of checked metrics. */
struct verdicts {
	unsigned int regressions, checked, unknown;
};

static int compare_side(const struct side *base, const struct side *now,
			size_t k, const struct cmp_opts *o, struct cell *cells,
			size_t nc, unsigned int family, struct verdicts *v)
{
	double level = 1 - (1 - REPORT_LEVEL) / (family ? family : 1);

	printf("\n## Side %zu: %zu run%s against the base's %zu\n\n", k, now->n,
	       now->n == 1 ? "" : "s", base->n);
	for (int m = 0; m < M_NR; m++) {
		double between = 0, bdf = 0, qb, qdf;
		double lv = o->check[m] ? level : REPORT_LEVEL;

		/* With the host-noise events set apart, then as measured. */
		if (metrics[m].permille &&
		    (latency_cells(base, now, (enum metric)m, true, lv, cells,
				   nc, &qb, &qdf) ||
		     latency_cells(base, now, (enum metric)m, false, lv, cells,
				   nc, &between, &bdf)))
			return -ENOMEM;
		printf("### %s%s\n\n", metrics[m].what,
		       o->check[m] ? " (checked)" : "");
		if (metrics[m].permille)
			printf("Run-to-run spread of ln %s beyond the blocks': sd %.3f (%.0f df); intervals at %.2f%%.\n\n",
			       metrics[m].name, sqrt(between), bdf, lv * 100);
		printf("| scenario | design | base | run | ratio | verdict |\n|:---|:---|---:|---:|---:|:---|\n");
		for (size_t i = 0; i < nc; i++) {
			double b = side_value(base, cells[i].scenario,
					      cells[i].design, (enum metric)m);
			double x = side_value(now, cells[i].scenario,
					      cells[i].design, (enum metric)m);
			const struct irqstat_effect *e = &cells[i].e;
			const char *verdict = "";
			char ratio[96];

			if (!isfinite(x)) {
				printf("| %s | %s | %.6g | - | not in this side | |\n",
				       cells[i].scenario, cells[i].design, b);
				continue;
			}
			if (!metrics[m].permille) {
				snprintf(ratio, sizeof(ratio), "%.3f",
					 b > 0 ? x / b : NAN);
				if (o->check[m] &&
				    counter_regressed((enum metric)m, b, x,
						      o->threshold)) {
					verdict = "REGRESSION";
					v->regressions++;
				}
			} else if (!e->valid) {
				snprintf(ratio, sizeof(ratio), "-");
				verdict = "no per-block quantiles";
			} else if (!e->enough) {
				snprintf(ratio, sizeof(ratio), "%.3f",
					 e->point);
				verdict = "not enough blocks/runs to tell";
				v->unknown += o->check[m];
			} else {
				enum irqstat_verdict w = irqstat_verdict(e);
				/* The host's if it fails without its noise. */
				bool host = irqstat_verdict_quiet(
						    e, &cells[i].quiet) != w;

				snprintf(ratio, sizeof(ratio),
					 "%.3f [%.3f, %.3f]", e->point, e->lo,
					 e->hi);

				if (w == IRQSTAT_HIGHER && o->check[m] &&
				    e->point > 1 + o->threshold && host) {
					verdict =
						"no verdict: host noise (higher as measured, not with its events set apart)";
					v->unknown++;
				} else if (w == IRQSTAT_HIGHER && o->check[m] &&
					   e->point > 1 + o->threshold) {
					verdict = "REGRESSION";
					v->regressions++;
				} else if (w == IRQSTAT_HIGHER) {
					verdict = "higher";
				} else if (w == IRQSTAT_LOWER) {
					verdict = "lower";
				}
			}
			v->checked += o->check[m];
			printf("| %s | %s | %.6g | %.6g | %s | %s |\n",
			       cells[i].scenario, cells[i].design, b, x, ratio,
			       verdict);
		}
		printf("\n");
	}
	return 0;
}

/* One run's line of host_speed(). */
static void host_line(FILE *f, const struct ana_host *h, const char *role)
{
	fprintf(f, "- %s: ", role);
	if (!h->rounds) {
		fprintf(f, "not probed\n");
		return;
	}
	fprintf(f,
		"%u of %u rounds set apart (%u slower, the slowest %.2fx; %u in the other hand-off regime)",
		h->slow + h->regime, h->rounds, h->slow, h->worst, h->regime);
	if (isfinite(h->handoff_lo))
		fprintf(f, "; one-way hand-off %.0f-%.0f ns", h->handoff_lo,
			h->handoff_hi);
	fprintf(f, "\n");
}

/*
 * The rounds not comparable across these runs (host.c: a slower host, the
 * other hand-off regime), set apart from every side, and said.
 */
static void host_speed(FILE *f, struct side *sides, size_t nsides)
{
	struct run *all = NULL;
	struct ana_host c;
	double best = NAN;
	size_t n = 0;

	for (size_t i = 0; i < nsides; i++) {
		double b = ana_host_best(sides[i].r, sides[i].n);

		if (b < best || !isfinite(best))
			best = b;
	}
	if (!isfinite(best)) {
		fprintf(f,
			"\nHost speed: not probed in these runs (folders from before the probe); every round counts.\n");
		return;
	}
	/* The regime is chosen over every run of every side at once. */
	for (size_t i = 0; i < nsides; i++)
		n += sides[i].n;
	all = calloc(n, sizeof(*all));
	n = 0;
	for (size_t i = 0; all && i < nsides; i++)
		for (size_t j = 0; j < sides[i].n; j++)
			all[n++] = sides[i].r[j];
	ana_host_choose(all ? all : sides[0].r, all ? n : sides[0].n, best, &c);
	free(all);
	fprintf(f,
		"\nHost speed: each round starts with a probe of the host (docs/statistics.md, \"Host speed\"). "
		"Rounds whose compute probe took more than %.2fx the fastest of all these runs (%.0f ns) ran on a slower host; ",
		ANA_HOST_SLOW, best);
	if (isfinite(c.best_handoff_ns))
		fprintf(f,
			"and the one-way hand-off between the round's PUs has two regimes, near (up to %.2fx the fastest, %.0f ns) and far: "
			"rounds are compared in the %s regime, the one every run has the most rounds of. ",
			ANA_HOST_NEAR, c.best_handoff_ns,
			c.near ? "near" : "far");
	fprintf(f, "The others are set apart:\n\n");
	for (size_t i = 0; i < nsides; i++)
		for (size_t j = 0; j < sides[i].n; j++) {
			struct ana_host h;
			char role[64];

			ana_host_set_apart(&sides[i].r[j], 1, &c, &h);
			if (i)
				snprintf(role, sizeof(role),
					 "side %zu, run %zu", i, j + 1);
			else
				snprintf(role, sizeof(role), "%s %zu",
					 nsides > 1 ? "base, run" : "run",
					 j + 1);
			host_line(f, &h, role);
		}
}

static int compare(struct side *sides, size_t nsides, const struct cmp_opts *o)
{
	const struct side *base = &sides[0];
	const struct run *b0 = &base->r[0];
	struct verdicts v = { 0 };
	struct cell *cells = NULL;
	unsigned int family = 0;
	size_t nc = 0, maxruns = 0;
	int ret = -ENOMEM;

	for (size_t s = 0; s < b0->nsc; s++)
		nc += b0->sc[s].nd;
	for (size_t i = 0; i < nsides; i++)
		maxruns = sides[i].n > maxruns ? sides[i].n : maxruns;
	cells = calloc(nc ? nc : 1, sizeof(*cells));
	if (!cells)
		return -ENOMEM;
	nc = 0;
	for (size_t s = 0; s < b0->nsc; s++)
		for (size_t k = 0; k < b0->sc[s].nd; k++) {
			struct cell *c = &cells[nc++];

			c->scenario = b0->sc[s].name;
			c->design = b0->sc[s].d[k].design;
			c->base = calloc(maxruns, sizeof(*c->base));
			c->now = calloc(maxruns, sizeof(*c->now));
			if (!c->base || !c->now)
				goto out;
		}
	/* Bonferroni: every checked latency ratio of every side. */
	for (int m = 0; m < M_NR; m++)
		if (o->check[m] && metrics[m].permille)
			family += (unsigned int)(nc * (nsides - 1));

	printf("# irqlab compare\n\n");
	for (size_t i = 0; i < nsides; i++)
		for (size_t j = 0; j < sides[i].n; j++) {
			char role[64];

			snprintf(role, sizeof(role),
				 i ? "side %zu, run %zu" : "base, run %zu",
				 i ? i : j + 1, j + 1);
			run_line(&sides[i].r[j], role);
		}
	host_speed(stdout, sides, nsides);
	printf("\nLatency ratios are side / base of the mean over runs of each run's mean log per-block quantile, with intervals over blocks and runs (docs/statistics.md): "
	       "a run's blocks give its own spread, and the spread between whole runs, which one run cannot show, is estimated from replicate runs or, with one run a side, from how far all cells moved. "
	       "A checked latency metric regresses when its interval, simultaneous over the %u checked ratios (Bonferroni, %.0f%% together), lies above 1 and its ratio is worse than %.1f%%; "
	       "a checked counter when its ratio is worse than %.1f%%.\n",
	       family, REPORT_LEVEL * 100, o->threshold * 100,
	       o->threshold * 100);
	for (size_t i = 1; i < nsides; i++)
		if (compare_side(base, &sides[i], i, o, cells, nc, family, &v))
			goto out;
	if (v.unknown)
		printf("%u checked ratio%s had too few blocks or runs to tell: no verdict there.\n",
		       v.unknown, v.unknown == 1 ? "" : "s");
	if (v.regressions)
		printf("%u regression%s beyond %.1f%%.\n", v.regressions,
		       v.regressions == 1 ? "" : "s", o->threshold * 100);
	else
		printf("No checked metric regressed beyond %.1f%%.\n",
		       o->threshold * 100);
	ret = v.regressions ? 1 : 0;
out:
	for (size_t i = 0; i < nc; i++) {
		free(cells[i].base);
		free(cells[i].now);
	}
	free(cells);
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
	      "  exit status: 0 no regression the data supports, 1 a folder\n"
	      "  cannot be read, 2 a checked metric regressed (or bad usage)\n",
	      f);
}

static int has_summary(const char *dir)
{
	char path[4200];

	if ((size_t)snprintf(path, sizeof(path), "%s/summary.json", dir) >=
	    sizeof(path))
		return 0;
	return !access(path, F_OK);
}

static int subdir_filter(const struct dirent *e)
{
	return e->d_name[0] != '.';
}

/*
 * Add the run folder @dir to @sd, or each run folder directly inside it
 * when it is a folder of runs (irqlab run --repeat).
 */
static int side_add(struct side *sd, const char *dir, char *err, size_t errlen)
{
	struct dirent **names = NULL;
	char path[4096];
	int n, ret = 0;

	if (has_summary(dir) || access(dir, F_OK)) {
		n = -1;
	} else {
		n = scandir(dir, &names, subdir_filter, alphasort);
		if (n < 0) {
			snprintf(err, errlen, "%s: %s", dir, strerror(errno));
			return -errno;
		}
	}
	for (int i = n < 0 ? -1 : 0; i < (n < 0 ? 0 : n) && !ret; i++) {
		struct run *r;

		if (i >= 0) {
			snprintf(path, sizeof(path), "%s/%s", dir,
				 names[i]->d_name);
			if (!has_summary(path))
				continue;
		}
		r = realloc(sd->r, (sd->n + 1) * sizeof(*r));
		if (!r) {
			ret = -ENOMEM;
			break;
		}
		sd->r = r;
		ret = run_load(i < 0 ? dir : path, true, &sd->r[sd->n], err,
			       errlen);
		if (!ret)
			sd->n++;
	}
	if (!ret && !sd->n) {
		snprintf(
			err, errlen,
			"%s: neither a run folder (no summary.json) nor a folder of runs",
			dir);
		ret = -ENOENT;
	}
	for (int i = 0; i < n; i++)
		free(names[i]);
	free(names);
	return ret;
}

/* Stolen time's share of the blocks, CPUs and device thread together. */
static double noise_share(const struct run_design *d)
{
	return d->has_noise && d->noise_span_ns ?
		       (double)(d->noise_cpu.total_ns + d->noise_dev.total_ns) /
			       (double)d->noise_span_ns :
		       NAN;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/*
 * Do the blocks' p50s of @d's runs fall in two groups, far apart (the
 * largest step between sorted values over 1.5x, at least two blocks
 * each side)? Then say where, in @buf.
 */
static bool two_modes(const struct run_design *const *d, size_t n, char *buf,
		      size_t len)
{
	double v[1024], best = 0;
	size_t m = 0, at = 0;

	for (size_t i = 0; i < n; i++)
		for (unsigned int b = 0; d[i]->bq[RUN_Q50] && b < d[i]->nblocks;
		     b++)
			if (d[i]->bq[RUN_Q50][b] > 0 && m < 1024)
				v[m++] = d[i]->bq[RUN_Q50][b];
	qsort(v, m, sizeof(v[0]), cmp_double);
	for (size_t i = 2; i + 2 <= m; i++)
		if (v[i] / v[i - 1] > best) {
			best = v[i] / v[i - 1];
			at = i;
		}
	if (best <= 1.5)
		return false;
	snprintf(
		buf, len,
		"two modes: %zu blocks' p50 at %.0f-%.0f ns, %zu at %.0f-%.0f ns",
		at, v[0], v[at - 1], m - at, v[at], v[m - 1]);
	return true;
}

/*
 * What the runs of one cell recorded that explains their moving apart:
 * the host's noise (much of the time stolen, or different stolen time),
 * the share of coalesced events (a burst scenario's mode), or blocks
 * whose p50s fall in two groups (a median between two modes of the
 * latency, which a small change of timing moves from one to the other).
 */
static void why_moved(const struct run_design *const *d, size_t n, char *buf,
		      size_t len)
{
	double nlo = INFINITY, nhi = 0, clo = INFINITY, chi = 0;

	for (size_t i = 0; i < n; i++) {
		double ns = noise_share(d[i]);
		double co = d[i]->serviced ? (double)d[i]->coalesced /
						     (double)d[i]->serviced :
					     0;

		if (isfinite(ns)) {
			nlo = fmin(nlo, ns);
			nhi = fmax(nhi, ns);
		}
		clo = fmin(clo, co);
		chi = fmax(chi, co);
	}
	/* A quiet host here steals 5-7% (its ticks): more, or unequal. */
	if (nhi >= 0.20 || (nhi >= 0.02 && nhi >= 2 * nlo))
		snprintf(
			buf, len,
			"host noise: %.0f%% to %.0f%% of the blocks' time stolen",
			100 * nlo, 100 * nhi);
	else if (chi - clo > 0.10)
		snprintf(buf, len,
			 "coalescing: %.0f%% to %.0f%% of events coalesced",
			 100 * clo, 100 * chi);
	else if (two_modes(d, n, buf, len))
		;
	else
		snprintf(buf, len,
			 "not recorded: placement, layout or the host's state");
}

static void stability_table(FILE *f, const struct side *sd)
{
	const struct run *r0 = &sd->r[0];
	unsigned int cells = 0, agree = 0;

	fprintf(f,
		"# irqlab run --repeat: how far %zu runs moved\n\n"
		"Per scenario x design, each run's p50 of fire -> handler entry (the geometric mean of its blocks' p50, over the rounds the host ran at speed: what irqlab compare compares), the largest over the smallest, and two spreads of ln p50: between the runs' means of their per-block values, and within a run (the standard error of one run's mean from its blocks, pooled). "
		"Where the first is much larger than the second, the runs differ by more than any one of them can show: compare such cells with several runs a side (docs/statistics.md). "
		"A cell that does not agree within 10%% says what the runs recorded that differed.\n\n"
		"| scenario | design | p50 per run (ns) | max / min | between runs (sd ln) | within a run (se ln) | within 10%% |\n"
		"|:---|:---|:---|---:|---:|---:|:---|\n",
		sd->n);
	for (size_t s = 0; s < r0->nsc; s++)
		for (size_t k = 0; k < r0->sc[s].nd; k++) {
			const char *scn = r0->sc[s].name;
			const char *dn = r0->sc[s].d[k].design;
			const struct run_design *d[100];
			double lo = INFINITY, hi = 0, sum = 0, ss = 0, w = 0;
			size_t n = 0, nm = 0;
			char list[1024], why[128];
			size_t at = 0;

			for (size_t i = 0; i < sd->n && n < 100; i++) {
				const struct run_scenario *sc =
					run_find_scenario(&sd->r[i], scn);
				const struct run_design *x =
					sc ? run_find_design(sc, dn) : NULL;

				if (x)
					d[n++] = x;
			}
			list[0] = '\0';
			for (size_t i = 0; i < n; i++) {
				struct irqstat_runsum rs = { 0 };
				double v;

				if (d[i]->bq[RUN_Q50])
					irqstat_runsum(d[i]->bq[RUN_Q50],
						       d[i]->nblocks, &rs);
				/* What compare compares: at-speed blocks. */
				v = rs.blocks ? exp(rs.mean) :
						(double)d[i]->entry.p50;
				lo = fmin(lo, v);
				hi = fmax(hi, v);
				at += (size_t)snprintf(list + at,
						       sizeof(list) - at,
						       "%s%.0f", i ? ", " : "",
						       v);
				if (at >= sizeof(list))
					at = sizeof(list) - 1;
				if (rs.blocks > 1) {
					sum += rs.mean;
					ss += rs.mean * rs.mean;
					w += rs.within;
					nm++;
				}
			}
			if (n < 2 || !(lo > 0))
				continue;
			cells++;
			agree += hi / lo <= 1.10;
			fprintf(f, "| %s | %s | %s | %.2f | ", scn, dn, list,
				hi / lo);
			if (nm > 1)
				fprintf(f, "%.3f | %.3f | ",
					sqrt(fmax(0, (ss - sum * sum / nm) /
							     (nm - 1))),
					sqrt(w / nm));
			else
				fprintf(f, "- | - | ");
			if (hi / lo <= 1.10)
				snprintf(why, sizeof(why), "yes");
			else
				why_moved(d, n, why, sizeof(why));
			fprintf(f, "%s |\n", why);
		}
	fprintf(f,
		"\n%u of %u cells agree within 10%% on p50 across the runs.\n",
		agree, cells);
}

int compare_stability(const char *dir, bool quiet, char *err, size_t errlen)
{
	struct side sd = { 0 };
	char path[4200], tmp[4300];
	FILE *f;
	int ret;

	ret = side_add(&sd, dir, err, errlen);
	if (ret)
		goto out;
	snprintf(path, sizeof(path), "%s/stability.md", dir);
	snprintf(tmp, sizeof(tmp), "%s/.stability.md.tmp", dir);
	f = fopen(tmp, "wx");
	if (!f) {
		ret = -errno;
		snprintf(err, errlen, "%s: %s", tmp, strerror(errno));
		goto out;
	}
	/* Setting the slow rounds apart again changes nothing. */
	host_speed(f, &sd, 1);
	stability_table(f, &sd);
	if (!quiet) {
		host_speed(stdout, &sd, 1);
		stability_table(stdout, &sd);
	}
	if (fclose(f) || rename(tmp, path)) {
		ret = -errno;
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		unlink(tmp);
	}
out:
	for (size_t j = 0; j < sd.n; j++)
		run_free(&sd.r[j]);
	free(sd.r);
	return ret;
}

static void sides_free(struct side *sides, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		for (size_t j = 0; j < sides[i].n; j++)
			run_free(&sides[i].r[j]);
		free(sides[i].r);
	}
	free(sides);
}

int compare_main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "metric", required_argument, NULL, 'm' },
		{ "threshold", required_argument, NULL, 't' },
		{ "base", required_argument, NULL, 'b' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct cmp_opts o = { .threshold = 0.10 };
	const char **bases;
	size_t nbases = 0, npos, nsides;
	bool named = false;
	struct side *sides;
	char err[1024];
	char *end;
	int c, ret = 0;

	bases = calloc((size_t)argc + 1, sizeof(*bases));
	if (!bases)
		return 1;
	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":", opts, NULL)) != -1) {
		switch (c) {
		case 'm': {
			int m = 0;

			while (m < M_NR && strcmp(metrics[m].name, optarg))
				m++;
			if (m == M_NR) {
				fprintf(stderr,
					"irqlab compare: --metric: '%s' is not one of p50 p99 p999 throughput accesses stranded\n",
					optarg);
				free(bases);
				return 2;
			}
			o.check[m] = named = true;
			break;
		}
		case 't':
			errno = 0;
			o.threshold = strtod(optarg, &end) / 100;
			if (errno || end == optarg || *end ||
			    !(o.threshold >= 0 && o.threshold < 100)) {
				fprintf(stderr,
					"irqlab compare: --threshold: '%s' is not a percentage in 0..10000\n",
					optarg);
				free(bases);
				return 2;
			}
			break;
		case 'b':
			bases[nbases++] = optarg;
			break;
		case 'h':
			usage(stdout);
			free(bases);
			return 0;
		default:
			cli_bad_option("compare", c, argv);
			free(bases);
			return 2;
		}
	}
	if (!named)
		o.check[M_P50] = true;
	npos = (size_t)(argc - optind);
	if (nbases ? npos < 1 : npos < 2) {
		fprintf(stderr,
			"irqlab compare: needs a base and at least one run to compare with it; see irqlab compare --help\n");
		free(bases);
		return 2;
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
		return 1;
	}
	ret = compare(sides, nsides, &o);
	sides_free(sides, nsides);
	if (ret < 0) {
		fprintf(stderr, "irqlab compare: out of memory\n");
		return 1;
	}
	return ret ? 2 : 0;
}
