// SPDX-License-Identifier: GPL-2.0
/*
 * irqlab report: one run folder -> report.md, report.html and figures/
 * (docs/analysis.md). The numbers come from samples.bin (exact order
 * statistics, bootstrap intervals), the counters from summary.json, the
 * per-stage times from the trace through the in-process Babeltrace2 graph,
 * the figures from gnuplot scripts in analysis/gp/.
 */
#define _GNU_SOURCE /* posix_spawn_file_actions_addchdir_np */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <math.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include "analysis/benchmarks.h"
#include "analysis/doc.h"
#include "analysis/report.h"
#include "analysis/run.h"
#include "analysis/stages.h"
#include "analysis/cli.h"

#ifndef IRQLAB_GP_DIR
#error "IRQLAB_GP_DIR: the folder of the gnuplot scripts"
#endif

extern char **environ;

#define HIST_SUB_BITS 3 /* 8 buckets per power of two: <= 12.5% wide */
#define HIST_MAX_EXP 40 /* 2^40 ns, 18 minutes: the overflow bound */
#define TIME_BINS 400

struct report {
	const struct report_opts *o;
	struct run run;
	struct stages_result st;
	bool traced;
	char figdir[4096];
	char *err;
	size_t errlen;
};

/* A design's intervals against do_irq in the same scenario. */
struct vs_base {
	const struct run_design *base; /* NULL: no do_irq in the scenario */
	struct irqstat_effect p50, p99;
	/* The same with the events host noise overlapped set apart
	 * (valid only where samples.bin recorded it). */
	struct irqstat_effect quiet50, quiet99;
};

static const char *const design_order[] = { "flow", "do_irq", "edge-masking",
					    "threaded", "threaded-oneshot" };

/* A name safe inside a gnuplot string and a file name: [A-Za-z0-9._-]. */
static void safe_name(char *out, size_t len, const char *in)
{
	size_t i = 0;

	for (; *in && i + 1 < len; in++)
		out[i++] = (strchr("._-+", *in) || (*in >= '0' && *in <= '9') ||
			    (*in >= 'a' && *in <= 'z') ||
			    (*in >= 'A' && *in <= 'Z')) ?
				   *in :
				   '_';
	out[i] = '\0';
}

static FILE *fig_open(struct report *rp, const char *name)
{
	char path[4200];
	FILE *f;
	int fd;

	snprintf(path, sizeof(path), "%s/%s", rp->figdir, name);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC,
		  0644);
	f = fd < 0 ? NULL : fdopen(fd, "w");
	if (!f) {
		snprintf(rp->err, rp->errlen, "%s: %s", path, strerror(errno));
		if (fd >= 0)
			close(fd);
	}
	return f;
}

static int fig_close(struct report *rp, FILE *f, const char *name)
{
	if (ferror(f) | fclose(f)) {
		snprintf(rp->err, rp->errlen, "%s/%s: write error", rp->figdir,
			 name);
		return -EIO;
	}
	return 0;
}

/* The last line gnuplot wrote on stderr, for the error message. */
static void last_log_line(const char *path, char *buf, size_t len)
{
	char line[512];
	FILE *f = fopen(path, "re");

	snprintf(buf, len, "(no message)");
	if (!f)
		return;
	while (fgets(line, sizeof(line), f))
		if (line[strspn(line, " \t\n")]) {
			line[strcspn(line, "\n")] = '\0';
			snprintf(buf, len, "%s", line);
		}
	fclose(f);
}

/*
 * gnuplot SCRIPT with in, out, title and names set, in the figures folder.
 * Every string is a safe_name() or a fixed literal: nothing from a config
 * reaches gnuplot's parser unfiltered.
 */
static int gnuplot(struct report *rp, const char *script, const char *in,
		   const char *out, const char *title, const char *names)
{
	char vars[2048], log[4200], msg[512];
	char *argv[] = { "gnuplot", "-e", vars, NULL, NULL };
	char script_path[1024];
	posix_spawn_file_actions_t fa;
	int status, ret;
	pid_t pid;

	snprintf(script_path, sizeof(script_path), "%s/%s", IRQLAB_GP_DIR,
		 script);
	argv[3] = script_path;
	snprintf(vars, sizeof(vars),
		 "gpdir='%s'; in='%s'; out='%s'; title='%s'; names='%s'",
		 IRQLAB_GP_DIR, in, out, title, names);
	snprintf(log, sizeof(log), "%s/gnuplot.log", rp->figdir);
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addchdir_np(&fa, rp->figdir);
	posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
	posix_spawn_file_actions_addopen(&fa, 2, "gnuplot.log",
					 O_WRONLY | O_CREAT | O_TRUNC, 0644);
	ret = posix_spawnp(&pid, "gnuplot", &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	if (ret) {
		snprintf(
			rp->err, rp->errlen,
			"cannot run gnuplot (%s): the report needs it (Debian package gnuplot-nox)",
			strerror(ret));
		return -ret;
	}
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
	    WEXITSTATUS(status)) {
		last_log_line(log, msg, sizeof(msg));
		snprintf(rp->err, rp->errlen, "gnuplot %s failed for %s/%s: %s",
			 script, rp->figdir, out, msg);
		return -EIO;
	}
	unlink(log);
	return 0;
}

/* The designs of @sc in report order, as gnuplot words. */
static size_t design_list(const struct run_scenario *sc,
			  const struct run_design **out, char *names,
			  size_t len)
{
	size_t n = 0, at = 0;

	names[0] = '\0';
	for (size_t k = 0; k < 3; k++) {
		const struct run_design *d =
			run_find_design(sc, design_order[k]);

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

/* Figure @fig of scenario @i: its data file, then gnuplot. */
static int figure_scenario(struct report *rp, size_t i,
			   const struct scenario_figure *fig)
{
	const struct run_scenario *sc = &rp->run.sc[i];
	const struct run_design *ds[3];
	char names[64], dat[64], png[64], title[160], safe[96];
	size_t nd = design_list(sc, ds, names, sizeof(names));
	FILE *f;
	int ret;

	snprintf(dat, sizeof(dat), "%s-%02zu.dat", fig->kind, i);
	snprintf(png, sizeof(png), "%s-%02zu.png", fig->kind, i);
	f = fig_open(rp, dat);
	if (!f)
		return -errno;
	ret = fig->data(f, sc, ds, nd);
	if (ret) {
		fclose(f);
		snprintf(rp->err, rp->errlen, "%s/%s: out of memory",
			 rp->figdir, dat);
		return ret;
	}
	if (fig_close(rp, f, dat))
		return -EIO;
	safe_name(safe, sizeof(safe), sc->name);
	snprintf(title, sizeof(title), "%s: %s", safe, fig->title);
	return gnuplot(rp, fig->script, dat, png, title, names);
}

/* The designs that appear anywhere in the run, in report order. */
static size_t run_designs(const struct run *r, const char **out, char *names,
			  size_t len)
{
	size_t n = 0, at = 0;

	names[0] = '\0';
	for (size_t k = 0; k < 3; k++) {
		bool seen = false;

		for (size_t i = 0; i < r->nsc && !seen; i++)
			seen = run_find_design(&r->sc[i], design_order[k]);
		if (seen) {
			out[n++] = design_order[k];
			at += (size_t)snprintf(names + at, len - at, "%s%s",
					       at ? " " : "", design_order[k]);
		}
	}
	return n;
}

static int figure_accesses(struct report *rp)
{
	const struct run *r = &rp->run;
	const char *dn[3];
	char names[64], safe[96];
	size_t nd = run_designs(r, dn, names, sizeof(names));
	FILE *f = fig_open(rp, "accesses.dat");

	if (!f)
		return -errno;
	fprintf(f, "# chip register accesses per interrupt (summary.json)\n"
		   "# scenario");
	for (size_t k = 0; k < nd; k++)
		fprintf(f, " %s", dn[k]);
	fputc('\n', f);
	for (size_t i = 0; i < r->nsc; i++) {
		safe_name(safe, sizeof(safe), r->sc[i].name);
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
	if (fig_close(rp, f, "accesses.dat"))
		return -EIO;
	return gnuplot(rp, "accesses.gp", "accesses.dat", "accesses.png",
		       "chip register accesses per interrupt", names);
}

static int figure_load(struct report *rp)
{
	const struct run *r = &rp->run;
	const char *dn[3];
	char names[64];
	size_t nd = run_designs(r, dn, names, sizeof(names));
	FILE *f = fig_open(rp, "load.dat");

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
	if (fig_close(rp, f, "load.dat"))
		return -EIO;
	return gnuplot(rp, "load.gp", "load.dat", "load.png",
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

static int figure_stages(struct report *rp)
{
	const struct stages_result *st = &rp->st;
	char names[512], safe[200];
	int col[STAGES_NR_OPS + 2];
	size_t nc = stage_columns(st, col, names, sizeof(names));
	FILE *f = fig_open(rp, "stages.dat");

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
		safe_name(safe, sizeof(safe), label);
		fprintf(f, "%s", safe);
		for (size_t c = 0; c < nc; c++) {
			fprintf(f, " %.2f", stage_mean(gr, col[c], false));
			if (col[c] == STAGES_NR_OPS)
				fprintf(f, " %.2f",
					stage_mean(gr, col[c], true));
		}
		fputc('\n', f);
	}
	if (fig_close(rp, f, "stages.dat"))
		return -EIO;
	return gnuplot(rp, "stages.gp", "stages.dat", "stages.png",
		       "time per stage of one interrupt (trace)", names);
}

static void fmt_ns(char *buf, size_t len, uint64_t v)
{
	snprintf(buf, len, "%llu", (unsigned long long)v);
}

static void fmt_num(char *buf, size_t len, double v, int decimals)
{
	if (isfinite(v))
		snprintf(buf, len, "%.*f", decimals, v);
	else
		snprintf(buf, len, "-");
}

/* A stage figure as "value ± u" or the resolution phrase; "-": none. */
static void fmt_fig(char *buf, size_t len, const struct stages_series *s,
		    int fig, int decimals)
{
	if (!s->st.count)
		snprintf(buf, len, "-");
	else
		stages_figure_format(&s->fig[fig], decimals, false, buf, len);
}

static void fmt_ratio(char *buf, size_t len, const struct irqstat_effect *e)
{
	if (!e->valid)
		snprintf(buf, len, "-");
	else if (e->enough)
		snprintf(buf, len, "%.3f [%.3f, %.3f]", e->point, e->lo, e->hi);
	else
		snprintf(buf, len, "%.3f", e->point);
}

/* "p50 12% lower", "p99 2.5x higher": a ratio as a reader says it. */
size_t report_fmt_change(char *buf, size_t len, const char *what, double x)
{
	const char *dir = x < 1 ? "lower" : "higher";
	const char *sep = *what ? " " : "";

	/* 2.5x reads better than 150%; 0.4 is 2.5x lower. */
	if (x >= 2 || (x > 0 && x <= 0.5))
		return (size_t)snprintf(buf, len, "%s%s%.1fx %s", what, sep,
					x >= 2 ? x : 1 / x, dir);
	return (size_t)snprintf(buf, len, "%s%s%.*f%% %s", what, sep,
				fabs(x - 1) < 0.1 ? 1 : 0, fabs(x - 1) * 100,
				dir);
}

static void fmt_verdict(char *buf, size_t len, const struct vs_base *v)
{
	const struct irqstat_effect *r[2] = { &v->p50, &v->p99 };
	const struct irqstat_effect *quiet[2] = { &v->quiet50, &v->quiet99 };
	const char *q[2] = { "p50", "p99" };
	size_t at = 0;

	buf[0] = '\0';
	for (int i = 0; i < 2; i++) {
		enum irqstat_verdict w = irqstat_verdict(r[i]);
		enum irqstat_verdict wq = irqstat_verdict(quiet[i]);
		bool wv = w == IRQSTAT_LOWER || w == IRQSTAT_HIGHER;
		bool qv = wq == IRQSTAT_LOWER || wq == IRQSTAT_HIGHER;

		if (!wv && !(quiet[i]->enough && qv))
			continue;
		if (at)
			at += (size_t)snprintf(buf + at, len - at, ", ");
		if (irqstat_verdict_quiet(r[i], quiet[i]) == w && wv) {
			at += report_fmt_change(buf + at, len - at, q[i],
						r[i]->point);
			if (quiet[i]->enough)
				at += (size_t)snprintf(
					buf + at, len - at,
					" (holds with host-noise events set apart)");
		} else if (wv) {
			/* The host's verdict, not the design's. */
			at += (size_t)snprintf(buf + at, len - at,
					       "%s: no verdict, host noise (",
					       q[i]);
			at += report_fmt_change(buf + at, len - at, "",
						r[i]->point);
			at += (size_t)snprintf(
				buf + at, len - at,
				" as measured, not with its events set apart)");
		} else {
			at += report_fmt_change(buf + at, len - at, q[i],
						quiet[i]->point);
			at += (size_t)snprintf(
				buf + at, len - at,
				" only with host-noise events set apart (no verdict)");
		}
		if (at >= len)
			at = len - 1;
	}
	if (at)
		return;
	if (!v->p50.valid || (!v->p50.enough && !v->p50.n))
		snprintf(buf, len, "no samples: no interval");
	else if (!v->p50.enough)
		snprintf(buf, len,
			 "not enough blocks to tell (%u rounds, %d needed)",
			 v->p50.n, IRQSTAT_MIN_ROUNDS);
	else
		snprintf(buf, len, "no difference shown");
}

/* @d against @b of the same scenario: paired rounds of blocks. */
static void versus_design(const struct run_design *d,
			  const struct run_design *b, struct vs_base *v)
{
	memset(v, 0, sizeof(*v));
	v->base = b;
	if (!b || b == d)
		return;
	if (d->bq[RUN_Q50] && b->bq[RUN_Q50]) {
		unsigned int n = d->nblocks < b->nblocks ? d->nblocks :
							   b->nblocks;

		irqstat_paired_ci(d->bq[RUN_Q50], b->bq[RUN_Q50], n,
				  REPORT_LEVEL, &v->p50);
		irqstat_paired_ci(d->bq[RUN_Q99], b->bq[RUN_Q99], n,
				  REPORT_LEVEL, &v->p99);
		if (d->bq_quiet[RUN_Q50] && b->bq_quiet[RUN_Q50]) {
			irqstat_paired_ci(d->bq_quiet[RUN_Q50],
					  b->bq_quiet[RUN_Q50], n, REPORT_LEVEL,
					  &v->quiet50);
			irqstat_paired_ci(d->bq_quiet[RUN_Q99],
					  b->bq_quiet[RUN_Q99], n, REPORT_LEVEL,
					  &v->quiet99);
		}
		return;
	}
	v->p50.valid = d->entry.count && b->entry.p50;
	v->p50.point = v->p50.valid ? (double)d->entry.p50 / b->entry.p50 : 0;
	v->p99.valid = d->entry.count && b->entry.p99;
	v->p99.point = v->p99.valid ? (double)d->entry.p99 / b->entry.p99 : 0;
}

/* @d against do_irq of its scenario. */
static void versus(struct report *rp, size_t i, const struct run_design *d,
		   struct vs_base *v)
{
	versus_design(d, run_find_design(&rp->run.sc[i], "do_irq"), v);
}

/* One control pair's verdicts, for the calibration table. */
struct control {
	uint64_t shift_ns;
	enum irqstat_verdict p50, p99;
};

/* The first copy of @ds, a control "flow#2"; NULL if it is none. */
static const struct run_design *control_of(const struct run_scenario *sc,
					   const struct run_design *ds)
{
	const char *hash = strchr(ds->design, '#');
	char base[64];

	if (!hash || (size_t)(hash - ds->design) >= sizeof(base))
		return NULL;
	snprintf(base, sizeof(base), "%.*s", (int)(hash - ds->design),
		 ds->design);
	return run_find_design(sc, base);
}

static int cmp_control(const void *a, const void *b)
{
	const struct control *x = a, *y = b;

	return (x->shift_ns > y->shift_ns) - (x->shift_ns < y->shift_ns);
}

/*
 * The method's own error rates on this host, from the run's controls:
 * unshifted pairs give the false-verdict rate, shifted ones how often a
 * shift of a known size is found. Also written to calibration.json.
 */
static int calibration(struct report *rp, struct doc *d, struct control *c,
		       size_t n)
{
	static const char *const head[] = { "shift (ns)", "pairs",
					    "p50 verdicts", "p99 verdicts" };
	uint64_t smallest[2] = { 0, 0 };
	json_t *j = json_object(), *rows = json_array();
	char path[4200];
	int ret = 0;

	if (!j || !rows) {
		json_decref(j);
		json_decref(rows);
		return -ENOMEM;
	}
	qsort(c, n, sizeof(*c), cmp_control);
	doc_para(
		d,
		"What the verdicts are worth on this host, from these pairs: with no shift, how often a pair got a verdict anyway (the false-verdict rate; at most 5%% is the method's promise); with a known shift (control_shift_ns: the second copy stamps its entry that much later), how often the shift was found. Few pairs give a rough rate: read the counts.");
	doc_table(d, 4, 0, head);
	for (size_t i = 0; i < n;) {
		size_t k = i, hit[2] = { 0, 0 };
		char cells[4][64];
		const char *row[4];

		for (; k < n && c[k].shift_ns == c[i].shift_ns; k++) {
			/* Unshifted: any verdict is false; shifted: higher. */
			hit[0] += c[i].shift_ns ?
					  c[k].p50 == IRQSTAT_HIGHER :
					  c[k].p50 == IRQSTAT_HIGHER ||
						  c[k].p50 == IRQSTAT_LOWER;
			hit[1] += c[i].shift_ns ?
					  c[k].p99 == IRQSTAT_HIGHER :
					  c[k].p99 == IRQSTAT_HIGHER ||
						  c[k].p99 == IRQSTAT_LOWER;
		}
		for (int q = 0; q < 2; q++)
			if (c[i].shift_ns && !smallest[q] &&
			    hit[q] * 100 >= 95 * (k - i))
				smallest[q] = c[i].shift_ns;
		snprintf(cells[0], 64, "%llu%s",
			 (unsigned long long)c[i].shift_ns,
			 c[i].shift_ns ? "" : " (A/A)");
		snprintf(cells[1], 64, "%zu", k - i);
		snprintf(cells[2], 64, "%zu (%.0f%%)", hit[0],
			 100.0 * hit[0] / (k - i));
		snprintf(cells[3], 64, "%zu (%.0f%%)", hit[1],
			 100.0 * hit[1] / (k - i));
		for (int x = 0; x < 4; x++)
			row[x] = cells[x];
		doc_row(d, row);
		ret |= json_array_append_new(
			rows, json_pack("{s:I, s:I, s:I, s:I}", "shift_ns",
					(json_int_t)c[i].shift_ns, "pairs",
					(json_int_t)(k - i), "p50_verdicts",
					(json_int_t)hit[0], "p99_verdicts",
					(json_int_t)hit[1]));
		i = k;
	}
	doc_table_end(d);
	{
		char w[2][48];

		for (int q = 0; q < 2; q++)
			snprintf(w[q], sizeof(w[q]),
				 smallest[q] ? "%llu ns" :
					       "none of those tried",
				 (unsigned long long)smallest[q]);
		doc_para(
			d,
			"Smallest shift found in at least 95%% of its pairs: p50 %s, p99 %s.",
			w[0], w[1]);
	}
	ret |= json_object_set_new(j, "level", json_real(REPORT_LEVEL));
	ret |= json_object_set_new(j, "pairs", rows);
	ret |= json_object_set_new(
		j, "smallest_p50_shift_ns",
		smallest[0] ? json_integer((json_int_t)smallest[0]) :
			      json_null());
	ret |= json_object_set_new(
		j, "smallest_p99_shift_ns",
		smallest[1] ? json_integer((json_int_t)smallest[1]) :
			      json_null());
	snprintf(path, sizeof(path), "%s/calibration.json", rp->run.dir);
	if (!ret && json_dump_file(j, path, JSON_INDENT(2) | JSON_SORT_KEYS)) {
		snprintf(rp->err, rp->errlen, "%s: cannot write it", path);
		ret = -EIO;
	}
	json_decref(j);
	return ret ? (ret == -EIO ? -EIO : -ENOMEM) : 0;
}

/*
 * A design listed twice ("flow" and "flow#2") is an A/A control: the same
 * code on the same stimuli, so every verdict between the two is a false
 * one, and how often they come is the method's error rate on this host;
 * a control_shift_ns makes the second copy a known amount slower.
 */
static int section_controls(struct report *rp, struct doc *d)
{
	static const char *const head[] = { "scenario",	  "pair",
					    "shift (ns)", "p50 ratio",
					    "p99 ratio",  "verdict" };
	const struct run *r = &rp->run;
	struct control *c = NULL;
	bool any = false;
	size_t n = 0;
	int ret = 0;

	for (size_t i = 0; i < r->nsc; i++) {
		const struct run_scenario *sc = &r->sc[i];

		for (size_t k = 0; k < sc->nd; k++) {
			const struct run_design *ds = &sc->d[k];
			const struct run_design *a = control_of(sc, ds);
			char pair[160], shift[32], cr[2][64], verdict[256];
			const char *cells[6];
			struct control *more;
			struct vs_base v;

			if (!a)
				continue;
			if (!any) {
				doc_heading(d, 2, "A/A controls");
				doc_para(
					d,
					"A design listed twice in a scenario runs twice per round on the same stimuli: without a shift, any verdict between the two copies is a false one, and at 95%% about one pair in twenty may get one by chance.");
				doc_table(d, 6, 2, head);
			}
			any = true;
			more = realloc(c, (n + 1) * sizeof(*c));
			if (!more) {
				free(c);
				snprintf(rp->err, rp->errlen, "out of memory");
				return -ENOMEM;
			}
			c = more;
			versus_design(ds, a, &v);
			/* A pair without enough rounds tells nothing. */
			if (v.p50.enough && v.p99.enough)
				c[n++] = (struct control){
					sc->control_shift_ns,
					irqstat_verdict_quiet(&v.p50,
							      &v.quiet50),
					irqstat_verdict_quiet(&v.p99,
							      &v.quiet99)
				};
			fmt_ratio(cr[0], 64, &v.p50);
			fmt_ratio(cr[1], 64, &v.p99);
			fmt_verdict(verdict, sizeof(verdict), &v);
			snprintf(pair, sizeof(pair), "%s / %s", ds->design,
				 a->design);
			snprintf(shift, sizeof(shift), "%llu",
				 (unsigned long long)sc->control_shift_ns);
			cells[0] = sc->name;
			cells[1] = pair;
			cells[2] = shift;
			cells[3] = cr[0];
			cells[4] = cr[1];
			cells[5] = verdict;
			doc_row(d, cells);
		}
	}
	if (!any)
		return 0;
	doc_table_end(d);
	if (n)
		ret = calibration(rp, d, c, n);
	else
		doc_para(
			d,
			"No pair had enough rounds for an interval: no calibration of the verdicts.");
	free(c);
	if (ret == -ENOMEM)
		snprintf(rp->err, rp->errlen, "out of memory");
	return ret;
}

static const char *env_str(const json_t *env, const char *obj, const char *key)
{
	json_t *v = json_object_get(obj ? json_object_get(env, obj) : env, key);

	return json_is_string(v) ? json_string_value(v) : "unknown";
}

static int section_headline(struct report *rp, struct doc *d)
{
	static const char *const head[] = {
		"scenario",	"chip",		"trigger",  "design",
		"flow handler", "p50 (ns)",	"p99 (ns)", "p99.9 (ns)",
		"serviced/s",	"accesses/irq", "stranded", "p50 / do_irq",
		"p99 / do_irq", "verdict",
	};
	const struct run *r = &rp->run;

	doc_heading(d, 2, "Headline: fire -> handler entry latency by design");
	doc_para(
		d,
		"Per scenario (chip x trigger), each design's latency from the event's intended fire time to its device handler's entry. "
		"Ratios are the design's quantile over __do_IRQ's in the same scenario, measured in interleaved blocks; "
		"%s",
		r->has_samples ?
			"each is the geometric mean over rounds of the ratio of the two designs' per-block quantiles, the brackets are its 95% interval with the round as the unit (a t interval over the rounds' log ratios: docs/statistics.md), and a verdict is given only where the interval excludes 1." :
			"this folder has no samples.bin, so there are no intervals and no verdicts.");
	doc_table(d, 14, 5, head);
	for (size_t i = 0; i < r->nsc; i++) {
		const struct run_scenario *sc = &r->sc[i];

		for (size_t k = 0; k < sc->nd; k++) {
			const struct run_design *ds = &sc->d[k];
			char c[9][64], verdict[128];
			const char *cells[14];
			struct vs_base v;

			versus(rp, i, ds, &v);
			fmt_ns(c[0], 64, ds->entry.p50);
			fmt_ns(c[1], 64, ds->entry.p99);
			fmt_ns(c[2], 64, ds->entry.p999);
			fmt_num(c[3], 64, ds->throughput, 0);
			fmt_num(c[4], 64, ds->accesses_per_irq, 2);
			snprintf(c[5], 64, "%llu%s",
				 (unsigned long long)ds->stranded,
				 ds->irq_disabled ? " (line disabled)" : "");
			if (!v.base || v.base == ds) {
				snprintf(c[6], 64, v.base ? "baseline" : "-");
				snprintf(c[7], 64, "%s", c[6]);
				snprintf(verdict, sizeof(verdict), "-");
			} else {
				fmt_ratio(c[6], 64, &v.p50);
				fmt_ratio(c[7], 64, &v.p99);
				fmt_verdict(verdict, sizeof(verdict), &v);
			}
			cells[0] = sc->name;
			cells[1] = sc->chip;
			cells[2] = sc->trigger;
			cells[3] = ds->design;
			cells[4] = ds->flow;
			for (int x = 0; x < 8; x++)
				cells[5 + x] = c[x];
			cells[13] = verdict;
			doc_row(d, cells);
		}
	}
	doc_table_end(d);
	return 0;
}

/*
 * Scenarios on chip uio took real interrupts from a kernel: what the
 * kernel delivered, how the chip masked the line, and where to.
 */
static void section_uio(struct report *rp, struct doc *d)
{
	static const char *const head[] = {
		"scenario",    "design",   "device",	 "driver",
		"backend",     "mask",	   "kernel irq", "routed to CPU",
		"kernel irqs", "wake-ups", "serviced",	 "stranded",
		"p50 (ns)",    "p99 (ns)",
	};
	const struct run *r = &rp->run;
	bool any = false;

	for (size_t i = 0; i < r->nsc; i++) {
		const struct run_scenario *sc = &r->sc[i];

		for (size_t k = 0; k < sc->nd; k++) {
			const struct run_design *ds = &sc->d[k];
			json_t *u = json_object_get(ds->j, "uio");
			char c[8][32];
			const char *cells[14];
			long long routed = json_integer_value(
				json_object_get(u, "routed_cpu"));

			if (!json_is_object(u))
				continue;
			if (!any) {
				doc_heading(d, 2, "Real interrupts (UIO)");
				doc_para(
					d,
					"These scenarios ran the same flow handlers on interrupts a real kernel delivered through /dev/uioN: latency counts from the write that raised the device (or, for a passive device, from the wake-up) to the device handler's entry, through the kernel's interrupt path, the UIO driver's mask and the entry thread's wake-up. "
					"Every mask and unmask is a real write: irqcontrol to /dev/uioN, or the PCI command register's INTx-disable bit through sysfs (samples.bin flags bit 3). "
					"Kernel irqs are what the UIO driver counted; a wake-up that found more than one means the kernel took several before the thread ran.");
				doc_table(d, 14, 6, head);
				any = true;
			}
			snprintf(c[0], 32, "%lld",
				 json_integer_value(
					 json_object_get(u, "kernel_irq")));
			if (routed >= 0)
				snprintf(c[1], 32, "%lld", routed);
			else
				snprintf(c[1], 32, "kernel's choice");
			snprintf(c[2], 32, "%lld",
				 json_integer_value(
					 json_object_get(u, "kernel_irqs")));
			snprintf(c[3], 32, "%lld",
				 json_integer_value(
					 json_object_get(u, "wakeups")));
			snprintf(c[4], 32, "%llu",
				 (unsigned long long)ds->serviced);
			snprintf(c[5], 32, "%llu",
				 (unsigned long long)ds->stranded);
			fmt_ns(c[6], 32, ds->entry.p50);
			fmt_ns(c[7], 32, ds->entry.p99);
			cells[0] = sc->name;
			cells[1] = ds->design;
			cells[2] = env_str(u, NULL, "device");
			cells[3] = env_str(u, NULL, "driver");
			cells[4] = env_str(u, NULL, "backend");
			cells[5] = env_str(u, NULL, "mask");
			for (int x = 0; x < 8; x++)
				cells[6 + x] = c[x];
			doc_row(d, cells);
		}
	}
	if (any)
		doc_table_end(d);
}

/*
 * Hard-IRQ, threaded and __do_IRQ handling side by side, for every
 * scenario that ran a threaded design: when the hard handler ran, when
 * the thread did, and what the line paid (masked time, accesses).
 */
static void section_threaded(struct report *rp, struct doc *d)
{
	static const char *const head[] = {
		"scenario",	    "design",	     "policy",
		"hard p50 (ns)",    "hard p99 (ns)", "handler p50 (ns)",
		"handler p99 (ns)", "thread runs",   "coalesced",
		"stranded",	    "masked",	     "acc/irq",
	};
	const struct run *r = &rp->run;
	bool any = false;

	for (size_t i = 0; i < r->nsc; i++) {
		const struct run_scenario *sc = &r->sc[i];
		bool threaded = false;

		for (size_t k = 0; k < sc->nd; k++)
			threaded |= sc->d[k].threaded;
		if (!threaded)
			continue;
		if (!any) {
			doc_heading(d, 2, "Threaded handlers");
			doc_para(
				d,
				"Hard-IRQ handling (flow, do_irq) against the later kernels' threaded handlers on the same stimuli. "
				"Threaded: the hard handler reads and clears the device and wakes the action's thread, which does the work. "
				"Threaded-oneshot: request_threaded_irq() with IRQF_ONESHOT, the hard handler only wakes the thread (and stamps), the driver runs in the thread, and the line stays masked until it is done. "
				"Hard: fire to the hard handler's entry (for the hard-IRQ designs, their handler); handler: fire to the driver's handler, in the thread for the threaded designs. "
				"Masked: the share of the stimulus time a oneshot line was held masked for its thread (level and fasteoi flows; the edge and simple flows never mask for it). "
				"Policy: the thread's scheduling (SCHED_FIFO at priority 50 on a PU of its own, when permitted; SCHED_OTHER on simulated CPU 0's); placement.thread_pu in summary.json says where it ran.");
			doc_table(d, 12, 3, head);
			any = true;
		}
		for (size_t k = 0; k < sc->nd; k++) {
			const struct run_design *ds = &sc->d[k];
			bool thr = ds->threaded;
			/* A hard-IRQ design's handler is its hard handler. */
			const struct irqstat *hard = thr ? &ds->hard :
							   &ds->entry;
			char c[9][32];
			const char *cells[12];

			fmt_ns(c[0], 32, hard->p50);
			fmt_ns(c[1], 32, hard->p99);
			fmt_ns(c[2], 32, ds->entry.p50);
			fmt_ns(c[3], 32, ds->entry.p99);
			if (thr)
				snprintf(c[4], 32, "%llu",
					 (unsigned long long)ds->thread_runs);
			else
				snprintf(c[4], 32, "-");
			snprintf(c[5], 32, "%llu",
				 (unsigned long long)ds->coalesced);
			snprintf(c[6], 32, "%llu",
				 (unsigned long long)ds->stranded);
			if (thr && !strcmp(ds->design, "threaded-oneshot") &&
			    ds->seconds > 0 && isfinite(ds->seconds))
				snprintf(c[7], 32, "%.2f%%",
					 100.0 * (double)ds->masked_ns /
						 (ds->seconds * 1e9));
			else
				snprintf(c[7], 32, "-");
			fmt_num(c[8], 32, ds->accesses_per_irq, 2);
			cells[0] = sc->name;
			cells[1] = ds->design;
			cells[2] = thr ? ds->thread_policy : "hard IRQ";
			for (int x = 0; x < 9; x++)
				cells[3 + x] = c[x];
			doc_row(d, cells);
		}
	}
	if (any)
		doc_table_end(d);
}

/* "12.3 ms (4.1%)": stolen time and its share of @span_ns. */
static void fmt_stolen(char *buf, size_t len, uint64_t ns, uint64_t span_ns)
{
	snprintf(buf, len, "%.2f ms (%.2f%%)", (double)ns / 1e6,
		 span_ns ? 100.0 * (double)ns / (double)span_ns : 0.0);
}

/* One kind of thread's gaps as three cells: count, longest, stolen. */
static void fmt_noise(char (*c)[64], const struct run_noise *n,
		      uint64_t span_ns)
{
	snprintf(c[0], 64, "%llu", (unsigned long long)n->gaps);
	snprintf(c[1], 64, "%.1f", (double)n->max_ns / 1e3);
	fmt_stolen(c[2], 64, n->total_ns, span_ns);
}

/*
 * What the host took from the spinning threads while each design ran,
 * as osnoise would say it, and the tail with the events it touched set
 * apart.
 */
static void section_noise(struct report *rp, struct doc *d)
{
	static const char *const head[] = {
		"scenario",	      "design",
		"CPU gaps",	      "CPU max (us)",
		"CPU stolen",	      "device gaps",
		"device max (us)",    "device stolen",
		"events hit",	      "p99 (ns)",
		"p99 set apart (ns)",
	};
	const struct run *r = &rp->run;
	uint64_t threshold = 0;
	bool any = false;

	for (size_t i = 0; i < r->nsc; i++)
		for (size_t k = 0; k < r->sc[i].nd; k++)
			if (r->sc[i].d[k].has_noise) {
				any = true;
				threshold = r->sc[i].d[k].noise_threshold_ns;
			}
	if (!any)
		return;
	doc_heading(d, 2, "Host noise");
	doc_para(
		d,
		"Every spinning thread reads a clock on each idle turn of its loop, as osnoise and hwlatdetect do; a turn longer than %llu ns is a gap, time the host took from it (another process, the hypervisor, the host's own interrupts). "
		"CPU: the simulated CPUs' idle loops (spin mode only; a blocking CPU sleeps), summed; device: the device thread's loop. Stolen time is given with its share of the blocks' time. "
		"An event is hit when a gap of the CPU that serviced it or of the device thread falls inside its fire -> entry window (samples.bin noise_ns). "
		"The last column is the p99 of the events no gap touched: setting events apart removes exactly those the host delayed but also whatever else happened to them, so it is the design on a quieter host at best, not an estimate of it; the headline's verdicts say whether they hold without those events.",
		(unsigned long long)threshold);
	doc_table(d, 11, 2, head);
	for (size_t i = 0; i < r->nsc; i++) {
		const struct run_scenario *sc = &r->sc[i];

		for (size_t k = 0; k < sc->nd; k++) {
			const struct run_design *ds = &sc->d[k];
			const char *cells[11];
			char c[9][64];

			if (!ds->has_noise)
				continue;
			fmt_noise(c, &ds->noise_cpu, ds->noise_span_ns);
			fmt_noise(c + 3, &ds->noise_dev, ds->noise_span_ns);
			snprintf(c[6], 64, "%llu (%.2f%%)",
				 (unsigned long long)ds->noise_events,
				 ds->serviced ? 100.0 * ds->noise_events /
							ds->serviced :
						0.0);
			fmt_ns(c[7], 64, ds->entry.p99);
			fmt_ns(c[8], 64, ds->quiet.p99);
			cells[0] = sc->name;
			cells[1] = ds->design;
			for (int x = 0; x < 9; x++)
				cells[2 + x] = c[x];
			doc_row(d, cells);
		}
	}
	doc_table_end(d);
}

static void section_statistics(struct report *rp, struct doc *d)
{
	static const char *const head[] = { "scenario", "design", "count",
					    "min",	"p50",	  "p90",
					    "p99",	"p99.9",  "max",
					    "mean",	"stddev", "coalesced",
					    "overruns" };
	static const char *const cpu_head[] = { "scenario", "design", "cpu",
						"count",    "p50",    "p99",
						"p99.9",    "max" };
	const struct run *r = &rp->run;
	bool per_cpu = false;

	doc_heading(d, 2, "Latency statistics");
	doc_para(
		d,
		"Fire -> handler entry, ns, over every serviced event (nearest-rank percentiles; stddev is the sample standard deviation). "
		"Overruns are events the stimulus itself issued late; their latency still counts from the intended time.");
	doc_table(d, 13, 2, head);
	for (size_t i = 0; i < r->nsc; i++) {
		for (size_t k = 0; k < r->sc[i].nd; k++) {
			const struct run_design *ds = &r->sc[i].d[k];
			const struct irqstat *s = &ds->entry;
			char c[11][32];
			const char *cells[13] = { r->sc[i].name, ds->design };

			fmt_ns(c[0], 32, s->count);
			fmt_ns(c[1], 32, s->min);
			fmt_ns(c[2], 32, s->p50);
			fmt_ns(c[3], 32, s->p90);
			fmt_ns(c[4], 32, s->p99);
			fmt_ns(c[5], 32, s->p999);
			fmt_ns(c[6], 32, s->max);
			fmt_num(c[7], 32, s->mean, 1);
			fmt_num(c[8], 32, s->stddev, 1);
			fmt_ns(c[9], 32, ds->coalesced);
			fmt_ns(c[10], 32, ds->overruns);
			for (int x = 0; x < 11; x++)
				cells[2 + x] = c[x];
			doc_row(d, cells);
			per_cpu |= ds->ncpus > 1;
		}
	}
	doc_table_end(d);
	if (!per_cpu)
		return;
	doc_heading(d, 3, "Per simulated CPU");
	doc_table(d, 8, 2, cpu_head);
	for (size_t i = 0; i < r->nsc; i++) {
		for (size_t k = 0; k < r->sc[i].nd; k++) {
			const struct run_design *ds = &r->sc[i].d[k];

			for (unsigned int cpu = 0;
			     ds->ncpus > 1 && cpu < ds->ncpus; cpu++) {
				uint64_t *v = malloc((ds->n ? ds->n : 1) *
						     sizeof(*v));
				struct irqstat s;
				size_t m = 0;
				char c[6][32];
				const char *cells[8] = { r->sc[i].name,
							 ds->design };

				if (!v)
					return;
				for (size_t e = 0; e < ds->n; e++)
					if (ds->ev[e].cpu == cpu)
						v[m++] = ds->ev[e].entry_ns;
				irqstat_compute(v, m, &s);
				free(v);
				snprintf(c[0], 32, "%u", cpu);
				fmt_ns(c[1], 32, s.count);
				fmt_ns(c[2], 32, s.p50);
				fmt_ns(c[3], 32, s.p99);
				fmt_ns(c[4], 32, s.p999);
				fmt_ns(c[5], 32, s.max);
				for (int x = 0; x < 6; x++)
					cells[2 + x] = c[x];
				doc_row(d, cells);
			}
		}
	}
	doc_table_end(d);
}

static int section_figures(struct report *rp, struct doc *d)
{
	const struct run *r = &rp->run;
	int ret;

	doc_heading(d, 2, "Figures");
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
	ret = figure_accesses(rp);
	if (ret)
		return ret;
	doc_figure(
		d, "figures/accesses.png",
		"Controller register accesses per interrupt taken, per scenario and design (summary.json).");
	ret = figure_load(rp);
	if (ret)
		return ret;
	doc_figure(
		d, "figures/load.png",
		"Serviced events per second against the offered load (events fired per second of stimulus), one point per scenario and design; the dashed line is serviced = offered.");
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

static int section_stages(struct report *rp, struct doc *d)
{
	static const char *const head[] = {
		"scenario",    "design",    "cpu",	 "flow",
		"interrupts",  "entry",	    "chip ops",	 "action",
		"exit",	       "total p50", "total p99", "dispatch p50",
		"latency p50",
	};
	const struct stages_result *st = &rp->st;
	const struct stages_calibration *cal = &st->calib;
	uint64_t all = 0;
	int ret;

	doc_heading(d, 2, "Per-stage timing (trace)");
	if (!rp->traced) {
		doc_para(
			d,
			"This run was not traced. Run with --trace for the time of every stage of every interrupt (flow handler entry, each chip operation, the actions, exit) and the raise -> entry dispatch latency.");
		return 0;
	}
	doc_para(
		d,
		"From the LTTng trace, through the irqlab Babeltrace2 sink (sink.irqlab.stages): %llu events, %llu discarded. "
		"Each interval between two events of an interrupt is charged to the stage its first event opens, and the tracepoint cost measured by this run's %llu calibrate events is subtracted from every interval: "
		"the figures estimate the untraced code, but tracing still perturbs caches and timing. Means in ns; total is entry -> exit; dispatch is raise -> vector entry; latency is intended fire time -> device handler (as the headline).",
		(unsigned long long)st->events,
		(unsigned long long)st->discarded_events,
		(unsigned long long)st->calibrate_events);
	if (cal->pairs)
		doc_para(
			d,
			"One event costs %.1f ns (median of %llu back-to-back calibrate spacings; 95%% of them %.0f-%.0f ns, IQR %.0f-%.0f ns; standard error of the median %.1f ns), and that spread is the tracer's resolution. "
			"A figure made of k intervals is value ± the half-width of its own 95%% interval widened by k times the distance from the median to those 95%% limits; where that band reaches 0, or the value is under k x %.0f ns, it is given as \"" STAGES_UNRESOLVED
			"\" instead of a number. Stages shorter than about %.0f ns per event they span (a chip operation spans one) are below this tracer's resolution.",
			st->event_cost_ns, (unsigned long long)cal->pairs,
			cal->p025, cal->p975, cal->p25, cal->p75,
			cal->median_se, cal->p975 - cal->p025,
			cal->p975 - cal->p025);
	else
		doc_para(
			d,
			"The trace has no calibrate events: no tracepoint cost was subtracted, and the figures include it.");
	doc_table(d, 13, 4, head);
	for (size_t g = 0; g < st->ngroups; g++) {
		const struct stages_group *gr = &st->groups[g];
		char c[11][80];
		const char *cells[13] = { gr->scenario, gr->design };
		struct stages_figure ops = { 0 };
		bool any = false;

		/* All CPUs come first; one CPU alone would repeat them. */
		if (gr->cpu < 0)
			all = gr->interrupts;
		if (!gr->interrupts || (gr->cpu >= 0 && gr->interrupts == all))
			continue;
		for (int o = 0; o < STAGES_NR_OPS; o++)
			if (gr->op[o].st.count) {
				stages_figure_add(
					&ops, &gr->op[o].fig[STAGES_FIG_MEAN]);
				any = true;
			}
		if (gr->cpu < 0)
			snprintf(c[0], 80, "all");
		else
			snprintf(c[0], 80, "%d", gr->cpu);
		snprintf(c[1], 80, "%s", gr->flow);
		fmt_ns(c[2], 80, gr->interrupts);
		fmt_fig(c[3], 80, &gr->entry, STAGES_FIG_MEAN, 1);
		if (any)
			stages_figure_format(&ops, 1, false, c[4], 80);
		else
			snprintf(c[4], 80, "-");
		fmt_fig(c[5], 80, &gr->action, STAGES_FIG_MEAN, 1);
		fmt_fig(c[6], 80, &gr->exit, STAGES_FIG_MEAN, 1);
		fmt_fig(c[7], 80, &gr->total, STAGES_FIG_P50, 0);
		fmt_fig(c[8], 80, &gr->total, STAGES_FIG_P99, 0);
		fmt_fig(c[9], 80, &gr->dispatch, STAGES_FIG_P50, 0);
		fmt_fig(c[10], 80, &gr->latency, STAGES_FIG_P50, 0);
		for (int x = 0; x < 11; x++)
			cells[2 + x] = c[x];
		doc_row(d, cells);
	}
	doc_table_end(d);
	ret = figure_stages(rp);
	if (ret)
		return ret;
	doc_figure(
		d, "figures/stages.png",
		"Mean time per stage of one interrupt, stacked, per scenario and design (all CPUs, tracepoint cost subtracted).");
	return 0;
}

static void section_trace_cost(struct report *rp, struct doc *d)
{
	static const char *const head[] = { "flow", "compiled out (ns)",
					    "idle (ns)", "tracing (ns)" };
	json_t *t = json_object_get(rp->run.summary, "trace");
	json_t *disp = json_object_get(t, "dispatch_ns");
	size_t i;
	json_t *v;

	if (!json_is_object(t))
		return;
	doc_heading(d, 2, "Tracing");
	doc_para(
		d,
		"Mode %s, %lld events discarded by LTTng, one event costs %.1f ns in this run (mean spacing of back-to-back calibrate events).",
		env_str(t, NULL, "mode"),
		(long long)json_integer_value(
			json_object_get(t, "discarded_events")),
		json_number_value(json_object_get(t, "event_cost_ns")));
	if (!json_is_array(disp) || !json_array_size(disp))
		return;
	doc_para(
		d,
		"Cost of one dispatch (do_IRQ, zero-cost chip, an action that returns at once), measured before the first scenario: tracepoints compiled out, compiled in but idle, and recording.");
	doc_table(d, 4, 1, head);
	json_array_foreach(disp, i, v)
	{
		char c[3][32];
		const char *cells[4] = { env_str(v, NULL, "flow"), c[0], c[1],
					 c[2] };
		json_t *x = json_object_get(v, "compiled_out");

		fmt_num(c[0], 32,
			json_is_number(x) ? json_number_value(x) : NAN, 1);
		fmt_num(c[1], 32, json_number_value(json_object_get(v, "idle")),
			1);
		fmt_num(c[2], 32,
			json_number_value(json_object_get(v, "tracing")), 1);
		doc_row(d, cells);
	}
	doc_table_end(d);
}

static void topology_line(const char *dir, char *buf, size_t len)
{
	char path[4200];
	FILE *f;

	snprintf(path, sizeof(path), "%s/topology.txt", dir);
	snprintf(buf, len, "unknown");
	f = fopen(path, "re");
	if (!f)
		return;
	if (fgets(buf, (int)len, f)) {
		size_t skip = strspn(buf, "# "); /* its summary is a comment */

		buf[strcspn(buf, "\n")] = '\0';
		memmove(buf, buf + skip, strlen(buf + skip) + 1);
	}
	fclose(f);
}

static bool section_environment(struct report *rp, struct doc *d)
{
	const json_t *env = rp->run.env;
	json_t *cal = json_object_get(env, "calibration");
	char topo[512];
	bool guest = json_is_true(
		json_object_get(json_object_get(env, "host"), "hypervisor"));
	const char *kind = env_str(env, "host", "guest");
	char vm[128];

	doc_heading(d, 2, "Environment");
	if (!env) {
		doc_para(d, "This folder has no environment.json.");
		return false;
	}
	topology_line(rp->run.dir, topo, sizeof(topo));
	if (!guest)
		vm[0] = '\0';
	else if (strcmp(kind, "unknown"))
		snprintf(vm, sizeof(vm), " (a virtual machine: %s)", kind);
	else
		snprintf(
			vm, sizeof(vm),
			" (a virtual machine: the CPU flags name a hypervisor)");
	doc_list_item(d, "Machine: %s, %lld CPUs online%s",
		      env_str(env, "host", "cpu_model"),
		      (long long)json_integer_value(json_object_get(
			      json_object_get(env, "host"), "online_cpus")),
		      vm);
	doc_list_item(d, "Topology: %s", topo);
	doc_list_item(d, "Kernel: %s %s (%s), clock source %s",
		      env_str(env, "host", "sysname"),
		      env_str(env, "host", "release"),
		      env_str(env, "host", "machine"),
		      env_str(env, "host", "clocksource"));
	doc_list_item(d, "Build: irqlab %s (%s), %s, %s, flags %s%s%s",
		      env_str(env, "irqlab", "version"),
		      env_str(env, "irqlab", "git_revision"),
		      env_str(env, "irqlab", "build_type"),
		      env_str(env, "irqlab", "compiler"),
		      env_str(env, "irqlab", "cflags"),
		      *env_str(env, "irqlab", "sanitizer") ? ", sanitizer " :
							     "",
		      env_str(env, "irqlab", "sanitizer"));
	if (json_is_object(cal))
		doc_list_item(
			d,
			"Busy-wait calibration (chip access costs): a 100 ns wait overshoots by %.0f ns on average, %.0f ns at most",
			json_number_value(json_object_get(cal, "err_ns_mean")),
			json_number_value(json_object_get(cal, "err_ns_max")));
	doc_list_item(d, "Run started %s, host %s",
		      env_str(env, NULL, "started"),
		      env_str(env, "host", "name"));
	doc_list_end(d);
	return guest;
}

static void section_caveats(struct report *rp, struct doc *d, bool guest)
{
	const struct run *r = &rp->run;
	uint64_t late = 0, fired = 0;
	const char *san = env_str(r->env, "irqlab", "sanitizer");
	bool uio = false, other = false, shared = false;

	for (size_t i = 0; i < r->nsc; i++)
		for (size_t k = 0; k < r->sc[i].nd; k++) {
			const struct run_design *ds = &r->sc[i].d[k];

			late += ds->overruns;
			uio |= !strcmp(r->sc[i].chip, "uio");
			fired += ds->fired;
			other |= ds->threaded &&
				 !strcmp(ds->thread_fifo, "not permitted");
			shared |= ds->threaded && r->sc[i].thread_shared;
		}
	doc_heading(d, 2, "Caveats");
	if (!r->complete)
		doc_list_item(
			d,
			"This run is INCOMPLETE (%s): it does not cover every scenario or block its config asked for.",
			r->interrupted ? "interrupted" : "stopped early");
	doc_list_item(
		d,
		"Simulated CPUs and devices are pinned threads of one process: latency includes the cross-thread hand-off (cache-line transfer) and whatever the host scheduler does, never a real interrupt's vector delivery%s.",
		uio ? " (except on chip uio, whose interrupts are real: a kernel delivered them through UIO)" :
		      "");
	if (guest)
		doc_list_item(
			d,
			"A virtual machine: the hypervisor preempts vCPUs, so the tails (p99 and up, the maximum points over time) are dominated by host stalls of microseconds to milliseconds, not by the designs.");
	if (!strcmp(env_str(r->env, "host", "guest"), "QEMU TCG guest"))
		doc_list_item(
			d,
			"A QEMU TCG guest: every guest instruction is emulated, and a device register access or a syscall costs microseconds. These figures compare designs on one emulated machine; they are not bare-metal figures.");
	if (fired)
		doc_list_item(
			d,
			"%llu of %llu events (%.2f%%) were issued late by the stimulus (overruns); latency counts from the intended time, so no late event is hidden.",
			(unsigned long long)late, (unsigned long long)fired,
			100.0 * (double)late / (double)fired);
	if (strcmp(san, "") && strcmp(san, "unknown"))
		doc_list_item(
			d,
			"Built with the %s sanitizer: latency from such a build is not a measurement.",
			san);
	if (other)
		doc_list_item(
			d,
			"The irq threads ran SCHED_OTHER, not SCHED_FIFO (the process was not allowed real-time scheduling): latency to the thread includes the scheduler's time-sharing.");
	if (shared)
		doc_list_item(
			d,
			"The irq threads shared simulated CPU 0's PU (no PU was free of the CPUs and the device thread), as SCHED_OTHER threads by choice: a SCHED_FIFO one there would hold off the CPU's hard handlers while it ran. Even so, a running thread delays the hard handler of the next interrupt, which on a kernel would preempt it.");
	if (rp->traced)
		doc_list_item(
			d,
			"Traced: every event costs about %.0f ns, which lengthens every latency in this run; the per-stage times subtract it, the headline numbers do not.",
			rp->st.event_cost_ns);
	doc_list_end(d);
}

static int open_figdir(struct report *rp)
{
	struct stat st;

	snprintf(rp->figdir, sizeof(rp->figdir), "%s/figures", rp->run.dir);
	if (mkdir(rp->figdir, 0755) && errno != EEXIST) {
		snprintf(rp->err, rp->errlen, "%s: %s", rp->figdir,
			 strerror(errno));
		return -errno;
	}
	if (lstat(rp->figdir, &st) || !S_ISDIR(st.st_mode)) {
		snprintf(
			rp->err, rp->errlen,
			"%s: not a directory (a symbolic link?), refusing to write through it",
			rp->figdir);
		return -ENOTDIR;
	}
	return 0;
}

/* The report's two files, as .tmp until everything is written. */
static int write_docs(struct report *rp)
{
	char md[4200], html[4200], md_tmp[4300], html_tmp[4300], title[512];
	const char *base = strrchr(rp->run.dir, '/');
	struct doc d = { .dir = rp->run.dir };
	bool guest;
	int ret = 0, fd1, fd2;

	snprintf(md, sizeof(md), "%s/report.md", rp->run.dir);
	snprintf(html, sizeof(html), "%s/report.html", rp->run.dir);
	snprintf(md_tmp, sizeof(md_tmp), "%s.tmp", md);
	snprintf(html_tmp, sizeof(html_tmp), "%s.tmp", html);
	unlink(md_tmp);
	unlink(html_tmp);
	fd1 = open(md_tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
		   0644);
	fd2 = open(html_tmp,
		   O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
	d.md = fd1 < 0 ? NULL : fdopen(fd1, "w");
	d.html = fd2 < 0 ? NULL : fdopen(fd2, "w");
	if (!d.md || !d.html) {
		snprintf(rp->err, rp->errlen, "%s: %s",
			 d.md ? html_tmp : md_tmp, strerror(errno));
		ret = -errno;
		goto out;
	}
	snprintf(title, sizeof(title), "irqlab report: %s",
		 base ? base + 1 : rp->run.dir);
	doc_begin(&d, title);
	doc_para(
		&d,
		"Run folder %s: %zu scenarios, %s. Host %s, started %s. Statistics from %s.",
		rp->run.dir, rp->run.nsc,
		rp->run.complete ? "complete" : "INCOMPLETE",
		env_str(rp->run.summary, NULL, "host"),
		env_str(rp->run.summary, NULL, "started"),
		rp->run.has_samples ? "samples.bin (every event)" :
				      "summary.json (no samples.bin)");
	ret = section_headline(rp, &d);
	if (!ret) {
		section_uio(rp, &d);
		section_threaded(rp, &d);
		ret = section_controls(rp, &d);
	}
	if (!ret) {
		section_noise(rp, &d);
		section_statistics(rp, &d);
	}
	if (!ret)
		ret = section_figures(rp, &d);
	if (!ret)
		ret = section_stages(rp, &d);
	if (ret)
		goto out;
	section_trace_cost(rp, &d);
	report_benchmarks(&rp->run, &d);
	guest = section_environment(rp, &d);
	section_caveats(rp, &d, guest);
	ret = doc_end(&d);
	if (ret)
		snprintf(rp->err, rp->errlen, "%s: write error (%s)", md_tmp,
			 strerror(-ret));
out:
	if (d.md && fclose(d.md) && !ret)
		ret = -EIO;
	else if (!d.md && fd1 >= 0)
		close(fd1);
	if (d.html && fclose(d.html) && !ret)
		ret = -EIO;
	else if (!d.html && fd2 >= 0)
		close(fd2);
	if (!ret && (rename(md_tmp, md) || rename(html_tmp, html))) {
		ret = -errno;
		snprintf(rp->err, rp->errlen, "%s: %s", md, strerror(errno));
	}
	if (ret) {
		unlink(md_tmp);
		unlink(html_tmp);
	}
	return ret;
}

int report_write(const char *dir, const struct report_opts *o, char *err,
		 size_t errlen)
{
	struct report rp = { .o = o, .err = err, .errlen = errlen };
	int ret;

	ret = run_load(dir, true, &rp.run, err, errlen);
	if (ret)
		return ret;
	if (o->trace) {
		ret = stages_graph_run(dir, &rp.st, err, errlen);
		rp.traced = !ret;
		if (ret == -ENOENT)
			ret = 0;
	}
	if (!ret)
		ret = open_figdir(&rp);
	if (!ret)
		ret = write_docs(&rp);
	if (rp.traced)
		stages_result_free(&rp.st);
	run_free(&rp.run);
	return ret;
}

static void report_usage(FILE *f)
{
	fputs("usage: irqlab report [RUN_DIR] [--no-trace] [--quiet]\n"
	      "  Writes report.md, report.html and figures/ into RUN_DIR\n"
	      "  (default: results/latest).\n"
	      "  --no-trace   do not analyse the folder's trace\n",
	      f);
}

int report_main(int argc, char **argv, const char *results_dir)
{
	static const struct option opts[] = {
		{ "no-trace", no_argument, NULL, 'T' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct report_opts o = { true, false };
	char latest[4096], err[1024] = "";
	const char *dir;
	int c;

	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":", opts, NULL)) != -1) {
		switch (c) {
		case 'T':
			o.trace = false;
			break;
		case 'q':
			o.quiet = true;
			break;
		case 'h':
			report_usage(stdout);
			return 0;
		default:
			cli_bad_option("report", c, argv);
			return 2;
		}
	}
	if (argc - optind > 1) {
		fprintf(stderr, "irqlab report: one run folder at a time\n");
		return 2;
	}
	if (optind < argc) {
		dir = argv[optind];
	} else {
		snprintf(latest, sizeof(latest), "%s/latest", results_dir);
		dir = latest;
	}
	if (access(dir, F_OK)) {
		fprintf(stderr, "irqlab report: %s: %s%s\n", dir,
			strerror(errno),
			optind < argc ? "" : " (no run yet: ./irqlab run)");
		return 2;
	}
	/* A folder of runs (irqlab run --repeat): its stability table. */
	{
		char sum[4200];

		snprintf(sum, sizeof(sum), "%s/summary.json", dir);
		if (access(sum, F_OK)) {
			snprintf(sum, sizeof(sum), "%s/run-1/summary.json",
				 dir);
			if (!access(sum, F_OK)) {
				if (compare_stability(dir, o.quiet, err,
						      sizeof(err))) {
					fprintf(stderr, "irqlab report: %s\n",
						err);
					return 1;
				}
				return 0;
			}
		}
	}
	if (report_write(dir, &o, err, sizeof(err))) {
		fprintf(stderr, "irqlab report: %s\n", err);
		return 1;
	}
	if (!o.quiet)
		printf("report: %s/report.html\n", dir);
	return 0;
}
