/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Inside irqlab report: the report being written, the table of its
 * sections (report.c) and what the files by subject share: the cells'
 * formats and the verdict against __do_IRQ (report_fmt.c), the figures
 * (report_figures.c). Nothing outside the files of analysis/report/ and
 * their tests includes this header.
 */
#ifndef ANALYSIS_REPORT_INTERNAL_H
#define ANALYSIS_REPORT_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "doc.h"
#include "analysis/report.h"
#include "report_finding.h"
#include "analysis/run.h"
#include "stages/stages.h"
#include "tail/tail_run.h"

struct report {
	const struct report_opts *o;
	struct run run;
	struct stages_result st;
	bool traced; /* st holds the analysis of the folder's trace */
	struct tail_run tail; /* the tail events, watched in the trace */
	struct report_verdicts vs; /* every design against __do_IRQ, once */
	char figdir[4096];
	char *err;
	size_t errlen;
};

/**
 * struct report_section - one section of report.md and report.html
 * @title:	its heading (level 2), written before @write is called
 * @applies:	whether the run has anything for it; NULL: every run
 * @write:	the section's body; 0, or -errno with one sentence in
 *		rp->err (a figure gnuplot could not draw, no memory)
 */
struct report_section {
	const char *title;
	bool (*applies)(const struct run *r);
	int (*write)(struct report *rp, struct doc *d);
};

/*
 * Whether a signal asked the report to stop (report_opts.stop): then
 * rp->err says so, for -EINTR.
 */
bool report_stopped(struct report *rp);

/* The sections, by subject (report.c lists them in report order). */
int report_answer(struct report *rp, struct doc *d);
int report_headline(struct report *rp, struct doc *d);
bool report_races_applies(const struct run *r);
int report_races(struct report *rp, struct doc *d);
bool report_uio_applies(const struct run *r);
int report_uio(struct report *rp, struct doc *d);
bool report_generations_applies(const struct run *r);
int report_generations(struct report *rp, struct doc *d);
bool report_threaded_applies(const struct run *r);
int report_threaded(struct report *rp, struct doc *d);
bool report_controls_applies(const struct run *r);
int report_controls(struct report *rp, struct doc *d);
bool report_noise_applies(const struct run *r);
int report_noise(struct report *rp, struct doc *d);
bool report_tail_applies(const struct run *r);
int report_tail(struct report *rp, struct doc *d);
int report_statistics(struct report *rp, struct doc *d);
int report_figures(struct report *rp, struct doc *d);
int report_stages(struct report *rp, struct doc *d);
bool report_trace_applies(const struct run *r);
int report_trace(struct report *rp, struct doc *d);
bool report_benchmarks_applies(const struct run *r);
int report_benchmarks(struct report *rp, struct doc *d);
int report_environment(struct report *rp, struct doc *d);
int report_caveats(struct report *rp, struct doc *d);

/* The Benchmarks section's targets table (benchmarks_targets.c). */
void report_bench_targets(const struct run *r, struct doc *d);
/*
 * Whether irqlab bench measured the dispatch path's two copies; older
 * folders measured the path with its tracepoints idle as "instructions".
 */
bool report_bench_copies(const struct run_bench *b);
/* The dispatch rows before the modern family's ("v6-"): 2.6.18's. */
size_t report_bench_ndispatch_2618(const struct run_bench *b);

/* The stacked per-stage figure (report_figures.c), for report_stages. */
int report_figure_stages(struct report *rp);
/* A file of figures/, written whole or not at all (gnuplot.c). */
FILE *report_fig_open(struct report *rp, const char *name);
int report_fig_close(struct report *rp, FILE *f, const char *name);
/*
 * gnuplot @script (analysis/report/gp/) on figures/@in into figures/@out,
 * with @title and @names (report_safe_name()s or literals) (gnuplot.c).
 * 0, or -errno with one sentence in rp->err.
 */
int report_gnuplot(struct report *rp, const char *script, const char *in,
		   const char *out, const char *title, const char *names);
/* A figure of the run drawn from @data's file (gnuplot.c). */
int report_figure_draw(struct report *rp, const char *stem, const char *script,
		       const char *title, const char *names,
		       int (*data)(FILE *f, const void *arg), const void *arg);
void report_safe_name(char *out, size_t len, const char *in);

/* The verdict of @v in words: "p50 12% lower (holds with ...)". */
void report_fmt_verdict(char *buf, size_t len, const struct vs_base *v);
/* "0.812 [0.790, 0.834]", the point alone without enough rounds, "-". */
void report_fmt_ratio(char *buf, size_t len, const struct irqstat_effect *e);
/* An integer count or ns. */
void report_fmt_ns(char *buf, size_t len, uint64_t v);
/* @v with @decimals, or "-" where it is not finite. */
void report_fmt_num(char *buf, size_t len, double v, int decimals);
/* A string of a run folder's file that may be null: "unknown" then. */
const char *report_str(const char *s);

#endif /* ANALYSIS_REPORT_INTERNAL_H */
