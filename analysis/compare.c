// SPDX-License-Identifier: GPL-2.0
/*
 * irqlab compare: the same scenario x design of run folders (two builds,
 * two machines, several runs of each) side by side against a base, with
 * intervals over blocks and runs (docs/statistics.md), and exit status 2
 * when a metric named with --metric regresses beyond --threshold with the
 * data behind it (docs/analysis.md).
 */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "analysis/compare_internal.h"
#include "analysis/report.h"
#include "analysis/cli.h"
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

/*
 * The ratio and verdict of cell @c for metric @m, @b and @x its base and
 * side values; counts what it found into @v.
 */
static const char *cell_verdict(enum metric m, const struct cmp_opts *o,
				const struct cell *c, double b, double x,
				char *ratio, size_t len, struct verdicts *v)
{
	const struct irqstat_effect *e = &c->e;
	enum irqstat_verdict w;

	if (!metrics[m].permille) {
		snprintf(ratio, len, "%.3f", b > 0 ? x / b : NAN);
		if (!o->check[m] || !counter_regressed(m, b, x, o->threshold))
			return "";
		v->regressions++;
		return "REGRESSION";
	}
	if (!e->valid) {
		snprintf(ratio, len, "-");
		return "no per-block quantiles";
	}
	if (!e->enough) {
		snprintf(ratio, len, "%.3f", e->point);
		v->unknown += o->check[m];
		return "not enough blocks/runs to tell";
	}
	w = irqstat_verdict(e);
	snprintf(ratio, len, "%.3f [%.3f, %.3f]", e->point, e->lo, e->hi);
	if (w == IRQSTAT_HIGHER && o->check[m] && e->point > 1 + o->threshold) {
		/* The host's if it fails without its noise. */
		if (irqstat_verdict_quiet(e, &c->quiet) != w) {
			v->unknown++;
			return "no verdict: host noise (higher as measured, not with its events set apart)";
		}
		v->regressions++;
		return "REGRESSION";
	}
	if (w == IRQSTAT_HIGHER)
		return "higher";
	return w == IRQSTAT_LOWER ? "lower" : "";
}

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
			const char *verdict;
			char ratio[96];

			if (!isfinite(x)) {
				printf("| %s | %s | %.6g | - | not in this side | |\n",
				       cells[i].scenario, cells[i].design, b);
				continue;
			}
			verdict = cell_verdict((enum metric)m, o, &cells[i], b,
					       x, ratio, sizeof(ratio), v);
			v->checked += o->check[m];
			printf("| %s | %s | %.6g | %.6g | %s | %s |\n",
			       cells[i].scenario, cells[i].design, b, x, ratio,
			       verdict);
		}
		printf("\n");
	}
	return 0;
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
	      "  --threshold PCT  how much worse is a regression (default 10)\n",
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
	if (ret < 0) {
		fprintf(stderr, "irqlab compare: out of memory\n");
		return 1;
	}
	return ret ? 2 : 0;
}
