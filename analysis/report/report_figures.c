// SPDX-License-Identifier: GPL-2.0
/*
 * The report's figures (docs/analysis.md): each a data file with `# `
 * header lines that gnuplot reads directly, and a gnuplot script of
 * analysis/gp/ run on it in the figures folder. Per scenario, the latency
 * CDF, histogram and time line from samples.bin; for the run, register
 * accesses and throughput against offered load from summary.json; and
 * the stacked stages from the trace; every design is drawn in its
 * palette.c colour. gnuplot itself is run by gnuplot.c.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "palette.h"
#include "report_internal.h"

#define HIST_SUB_BITS 3 /* 8 buckets per power of two: <= 12.5% wide */
#define HIST_MAX_EXP 40 /* 2^40 ns, 18 minutes: the overflow bound */
#define TIME_BINS 400

/* The designs in report order: the registry's (analysis/designs.def). */
#define NR_DESIGNS ANA_DESIGNS_MAX

/* The designs of @sc in report order, as gnuplot words. */
static size_t design_list(const struct run_scenario *sc,
			  const struct run_design **out, char *names,
			  size_t len)
{
	size_t n = 0, at = 0;

	names[0] = '\0';
	for (size_t k = 0; k < ana_nr_designs; k++) {
		const struct run_design *d =
			run_find_design(sc, ana_designs[k].name);

		if (d && d->n) {
			out[n++] = d;
			at += (size_t)snprintf(names + at, len - at, "%s%s",
					       at ? " " : "", d->design);
		}
	}
	return n;
}

/* Each writes one block per design of @ds; 0 or -ENOMEM. */
static int cdf_data(FILE *f, const struct run_scenario *sc,
		    const struct run_design *const *ds, size_t nd)
{
	fprintf(f, "# latency CDF of scenario %s: fire -> handler entry\n",
		sc->name);
	for (size_t k = 0; k < nd; k++) {
		const struct run_design *d = ds[k];
		size_t last = SIZE_MAX;

		fprintf(f,
			"%s# design %s (%zu events)\n# latency_ns fraction\n",
			k ? "\n\n" : "", d->design, d->n);
		/* Fine in the tail: steps of 0.1%, 0.01%, then every value. */
		for (double q = 0; q <= 1.0; q += q < 0.99  ? 0.002 :
						  q < 0.999 ? 0.0001 :
							      0.00001) {
			size_t r = (size_t)(q * (double)d->n);

			if (r >= d->n)
				r = d->n - 1;
			if (r == last)
				continue;
			last = r;
			fprintf(f, "%llu %.6f\n",
				(unsigned long long)d->sorted[r],
				(double)(r + 1) / (double)d->n);
		}
		if (last != d->n - 1)
			fprintf(f, "%llu 1\n",
				(unsigned long long)d->sorted[d->n - 1]);
	}
	return 0;
}

static int hist_data(FILE *f, const struct run_scenario *sc,
		     const struct run_design *const *ds, size_t nd)
{
	fprintf(f,
		"# latency histogram of scenario %s: fire -> handler entry\n"
		"# loghist sub_bits=%u max_exp=%u: values < 2^%u one bucket each, then\n"
		"# 2^%u buckets per power of two; values >= 2^%u ns are overflow\n",
		sc->name, HIST_SUB_BITS, HIST_MAX_EXP, HIST_SUB_BITS,
		HIST_SUB_BITS, HIST_MAX_EXP);
	for (size_t k = 0; k < nd; k++) {
		struct loghist h;

		if (loghist_init(&h, HIST_SUB_BITS, HIST_MAX_EXP))
			return -ENOMEM;
		for (size_t e = 0; e < ds[k]->n; e++)
			loghist_add(&h, ds[k]->sorted[e]);
		fprintf(f,
			"%s# design %s total=%llu overflow=%llu\n# low_ns width_ns count\n",
			k ? "\n\n" : "", ds[k]->design,
			(unsigned long long)h.total,
			(unsigned long long)h.overflow);
		for (size_t b = 0; b < h.nbuckets; b++)
			if (h.counts[b])
				fprintf(f, "%llu %llu %llu\n",
					(unsigned long long)loghist_low(&h, b),
					(unsigned long long)loghist_width(&h,
									  b),
					(unsigned long long)h.counts[b]);
		loghist_free(&h);
	}
	return 0;
}

static int time_data(FILE *f, const struct run_scenario *sc,
		     const struct run_design *const *ds, size_t nd)
{
	uint64_t t0 = UINT64_MAX, t1 = 0, *bin;

	for (size_t k = 0; k < nd; k++) {
		if (ds[k]->ev[0].intended_ns < t0)
			t0 = ds[k]->ev[0].intended_ns;
		if (ds[k]->ev[ds[k]->n - 1].intended_ns > t1)
			t1 = ds[k]->ev[ds[k]->n - 1].intended_ns;
	}
	fprintf(f,
		"# latency over time of scenario %s, in %u bins of the run's time\n",
		sc->name, TIME_BINS);
	for (size_t k = 0; k < nd; k++) {
		const struct run_design *d = ds[k];
		double width = (double)(t1 - t0 + 1) / TIME_BINS;
		bool gap = false;
		size_t e = 0;

		fprintf(f, "%s# design %s\n# t_s p50_ns max_ns\n",
			k ? "\n\n" : "", d->design);
		bin = malloc(d->n * sizeof(*bin));
		if (!bin)
			return -ENOMEM;
		/* Events are in time order: each bin is a run of them. */
		for (unsigned int b = 0; b < TIME_BINS && e < d->n; b++) {
			uint64_t end = t0 + (uint64_t)(width * (b + 1));
			size_t m = 0;
			uint64_t mx = 0;

			while (e < d->n && (d->ev[e].intended_ns < end ||
					    b == TIME_BINS - 1)) {
				bin[m++] = d->ev[e].entry_ns;
				if (d->ev[e].entry_ns > mx)
					mx = d->ev[e].entry_ns;
				e++;
			}
			/* A blank line: gnuplot's line breaks over the gap. */
			if (!m) {
				if (!gap)
					fputc('\n', f);
				gap = true;
				continue;
			}
			gap = false;
			irqstat_sort(bin, m);
			fprintf(f, "%.6f %llu %llu\n",
				(t0 + width * (b + 0.5)) / 1e9,
				(unsigned long long)bin[irqstat_rank(m, 500)],
				(unsigned long long)mx);
		}
		free(bin);
	}
	return 0;
}

#define STR(x) #x
#define XSTR(x) STR(x)

/* The figures of each scenario, in report order. */
static const struct scenario_figure {
	const char *kind; /* the file names' prefix: KIND-NN.dat, .png */
	const char *script; /* in analysis/gp/ */
	const char *title; /* after the scenario's name */
	int (*data)(FILE *f, const struct run_scenario *sc,
		    const struct run_design *const *ds, size_t nd);
	const char *caption;
} per_scenario[] = {
	{ "cdf", "cdf.gp", "latency CDF", cdf_data,
	  "cumulative distribution of fire -> handler entry latency, log x." },
	{ "hist", "hist.gp", "latency histogram", hist_data,
	  "histogram on log-linear buckets (8 per power of two), log x and y." },
	{ "time", "timeline.gp", "latency over time", time_data,
	  "latency over the run (" XSTR(
		  TIME_BINS) " bins): median line, maximum points; designs alternate in blocks." },
};

/* What figure_data() writes: one scenario figure's data. */
struct scenario_data {
	const struct scenario_figure *fig;
	const struct run_scenario *sc;
	const struct run_design *const *ds;
	size_t nd;
};

static int figure_data(FILE *f, const void *arg)
{
	const struct scenario_data *a = arg;

	return a->fig->data(f, a->sc, a->ds, a->nd);
}

/* Figure @fig of scenario @i: its data file, then gnuplot. */
static int figure_scenario(struct report *rp, size_t i,
			   const struct scenario_figure *fig)
{
	const struct run_scenario *sc = &rp->run.sc[i];
	const struct run_design *ds[NR_DESIGNS];
	char names[96], stem[64], title[160], safe[96];
	size_t nd = design_list(sc, ds, names, sizeof(names));
	struct scenario_data a = { fig, sc, ds, nd };

	snprintf(stem, sizeof(stem), "%s-%02zu", fig->kind, i);
	report_safe_name(safe, sizeof(safe), sc->name);
	snprintf(title, sizeof(title), "%s: %s", safe, fig->title);
	return report_figure_draw(rp, stem, fig->script, title, names,
				  figure_data, &a);
}

/* The designs that appear anywhere in the run, in report order. */
static size_t run_designs(const struct run *r, const char **out, char *names,
			  size_t len)
{
	size_t n = 0, at = 0;

	names[0] = '\0';
	for (size_t k = 0; k < ana_nr_designs; k++) {
		const char *name = ana_designs[k].name;
		bool seen = false;

		for (size_t i = 0; i < r->nsc && !seen; i++)
			seen = run_find_design(&r->sc[i], name);
		if (seen) {
			out[n++] = name;
			at += (size_t)snprintf(names + at, len - at, "%s%s",
					       at ? " " : "", name);
		}
	}
	return n;
}

/* Whether any of irqlab's designs in @r has a value @has says it has. */
static bool any_design(const struct run *r,
		       bool (*has)(const struct run_design *d))
{
	const char *dn[NR_DESIGNS];
	char names[96];
	size_t nd = run_designs(r, dn, names, sizeof(names));

	for (size_t i = 0; i < r->nsc; i++)
		for (size_t k = 0; k < nd; k++) {
			const struct run_design *d =
				run_find_design(&r->sc[i], dn[k]);

			if (d && has(d))
				return true;
		}
	return false;
}

static bool has_accesses(const struct run_design *d)
{
	return isfinite(d->accesses_per_irq);
}

static bool has_load(const struct run_design *d)
{
	return d->seconds > 0 && d->fired > 0 && isfinite(d->throughput) &&
	       d->throughput > 0;
}

static int figure_accesses(struct report *rp)
{
	const struct run *r = &rp->run;
	const char *dn[NR_DESIGNS];
	char names[96], safe[96];
	size_t nd = run_designs(r, dn, names, sizeof(names));
	FILE *f = report_fig_open(rp, "accesses.dat");

	if (!f)
		return -errno;
	fprintf(f, "# chip register accesses per interrupt (summary.json)\n"
		   "# scenario");
	for (size_t k = 0; k < nd; k++)
		fprintf(f, " %s", dn[k]);
	fputc('\n', f);
	for (size_t i = 0; i < r->nsc; i++) {
		report_safe_name(safe, sizeof(safe), r->sc[i].name);
		fprintf(f, "%s", safe);
		for (size_t k = 0; k < nd; k++) {
			const struct run_design *d =
				run_find_design(&r->sc[i], dn[k]);

			if (d && isfinite(d->accesses_per_irq))
				fprintf(f, " %.3f", d->accesses_per_irq);
			else
				fputs(" NaN", f);
		}
		fputc('\n', f);
	}
	if (report_fig_close(rp, f, "accesses.dat"))
		return -EIO;
	return report_gnuplot(rp, "accesses.gp", "accesses.dat", "accesses.png",
			      "chip register accesses per interrupt", names);
}

static int figure_load(struct report *rp)
{
	const struct run *r = &rp->run;
	const char *dn[NR_DESIGNS];
	char names[96];
	size_t nd = run_designs(r, dn, names, sizeof(names));
	FILE *f = report_fig_open(rp, "load.dat");

	if (!f)
		return -errno;
	fputs("# throughput against offered load (summary.json): offered is\n"
	      "# fired / seconds, throughput serviced / seconds\n",
	      f);
	for (size_t k = 0; k < nd; k++) {
		fprintf(f,
			"%s# design %s\n# offered_per_s throughput_per_s scenario\n",
			k ? "\n\n" : "", dn[k]);
		for (size_t i = 0; i < r->nsc; i++) {
			const struct run_design *d =
				run_find_design(&r->sc[i], dn[k]);
			/* What the stimulus issued, bursts and all. */
			double offered = d && d->seconds > 0 ?
						 (double)d->fired / d->seconds :
						 NAN;

			if (d && isfinite(d->throughput) && d->throughput > 0 &&
			    isfinite(offered) && offered > 0)
				fprintf(f, "%.3f %.3f %s\n", offered,
					d->throughput, r->sc[i].name);
		}
	}
	if (report_fig_close(rp, f, "load.dat"))
		return -EIO;
	return report_gnuplot(rp, "load.gp", "load.dat", "load.png",
			      "throughput against offered load", names);
}

/* The stages with any time in them, as gnuplot words and indexes. */
static size_t stage_columns(const struct stages_result *st, int *col,
			    char *names, size_t len)
{
	size_t n = 0, at = 0;

	for (int c = -1; c <= STAGES_NR_OPS; c++) {
		bool used = c < 0 || c == STAGES_NR_OPS;

		for (size_t g = 0; g < st->ngroups && !used; g++)
			used = st->groups[g].cpu < 0 &&
			       st->groups[g].op[c].st.mean > 0;
		if (!used)
			continue;
		col[n++] = c;
		at += (size_t)snprintf(names + at, len - at, "%s%s%s",
				       at ? " " : "", c < 0 ? "entry" : "",
				       c == STAGES_NR_OPS ? "action exit" :
				       c < 0		  ? "" :
							    stages_op_names[c]);
	}
	return n;
}

static double stage_mean(const struct stages_group *g, int c, bool exit)
{
	if (c < 0)
		return g->entry.st.mean;
	if (c == STAGES_NR_OPS)
		return exit ? g->exit.st.mean : g->action.st.mean;
	return g->op[c].st.mean;
}

/**
 * report_figure_stages - figures/stages.png: mean ns per stage, stacked
 * @rp: a report whose trace was analysed (rp->st)
 *
 * Return: 0, or -errno with one sentence in rp->err.
 */
int report_figure_stages(struct report *rp)
{
	const struct stages_result *st = &rp->st;
	char names[512], safe[200];
	int col[STAGES_NR_OPS + 2];
	size_t nc = stage_columns(st, col, names, sizeof(names));
	FILE *f = report_fig_open(rp, "stages.dat");

	if (!f)
		return -errno;
	fprintf(f,
		"# mean ns per interrupt and stage, all CPUs, from the trace;\n"
		"# %.1f ns of tracepoint cost subtracted from every interval\n"
		"# scenario/design %s\n",
		st->event_cost_ns, names);
	for (size_t g = 0; g < st->ngroups; g++) {
		const struct stages_group *gr = &st->groups[g];
		char label[200];

		if (gr->cpu >= 0 || !gr->interrupts)
			continue;
		snprintf(label, sizeof(label), "%s/%s", gr->scenario,
			 gr->design);
		report_safe_name(safe, sizeof(safe), label);
		fprintf(f, "%s", safe);
		for (size_t c = 0; c < nc; c++) {
			fprintf(f, " %.2f", stage_mean(gr, col[c], false));
			if (col[c] == STAGES_NR_OPS)
				fprintf(f, " %.2f",
					stage_mean(gr, col[c], true));
		}
		fputc('\n', f);
	}
	if (report_fig_close(rp, f, "stages.dat"))
		return -EIO;
	return report_gnuplot(rp, "stages.gp", "stages.dat", "stages.png",
			      "time per stage of one interrupt (trace)", names);
}

/**
 * report_figures - the run's figures, then each scenario's
 * @rp: the report
 * @d: its document
 *
 * The per-scenario ones only where samples.bin has events.
 *
 * Return: 0, or -errno with rp->err set (a data file, gnuplot).
 */
int report_figures(struct report *rp, struct doc *d)
{
	const struct run *r = &rp->run;
	int ret;

	if (!r->nsc) {
		doc_para(d,
			 "This run has no scenario results: nothing to draw.");
		return 0;
	}
	if (!r->has_samples) {
		doc_para(
			d,
			"This folder has no samples.bin: no latency distributions to draw.");
	}
	/* An imported run (docs/import.md) has neither figure's counts. */
	if (any_design(r, has_accesses)) {
		ret = figure_accesses(rp);
		if (ret)
			return ret;
		doc_figure(
			d, "figures/accesses.png",
			"Controller register accesses per interrupt taken, per scenario and design (summary.json).");
	} else {
		doc_para(
			d,
			"No design of this run counted register accesses: no accesses figure.");
	}
	if (any_design(r, has_load)) {
		ret = figure_load(rp);
		if (ret)
			return ret;
		doc_figure(
			d, "figures/load.png",
			"Serviced events per second against the offered load (events fired per second of stimulus), one point per scenario and design; the dashed line is serviced = offered.");
	} else {
		doc_para(
			d,
			"No design of this run has a stimulus time: no throughput figure.");
	}
	for (size_t i = 0; r->has_samples && i < r->nsc; i++) {
		char file[64], cap[256], h[160];
		bool any = false;

		for (size_t k = 0; k < r->sc[i].nd; k++)
			any |= r->sc[i].d[k].n > 0;
		if (!any)
			continue;
		snprintf(h, sizeof(h), "Scenario %s (%s, %s)", r->sc[i].name,
			 r->sc[i].chip, r->sc[i].trigger);
		doc_heading(d, 3, h);
		for (size_t k = 0;
		     k < sizeof(per_scenario) / sizeof(*per_scenario); k++) {
			ret = figure_scenario(rp, i, &per_scenario[k]);
			if (ret)
				return ret;
			snprintf(file, sizeof(file), "figures/%s-%02zu.png",
				 per_scenario[k].kind, i);
			snprintf(cap, sizeof(cap), "%s: %s", r->sc[i].name,
				 per_scenario[k].caption);
			doc_figure(d, file, cap);
		}
	}
	return 0;
}
