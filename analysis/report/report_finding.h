/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The report's answer, first (report_finding.c): per chip, one paragraph saying
 * which design is faster or slower than __do_IRQ where, by how much, at
 * what register cost and with what certainty, in no stronger words than
 * the report's own verdicts. report.md, report.html and the end of
 * `irqlab run` and `irqlab report` on the terminal all print it from
 * report_finding().
 */
#ifndef ANALYSIS_REPORT_FINDING_H
#define ANALYSIS_REPORT_FINDING_H

#include <stdbool.h>
#include <stdio.h>
#include "analysis/run.h"
#include "analysis/stats.h"

/*
 * What the report says of a design against __do_IRQ at one quantile:
 * a verdict (faster, slower), or no verdict and why.
 */
enum report_call {
	REPORT_FASTER, /* the interval below 1, and Holm rejects over the run */
	REPORT_SLOWER, /* above 1, the same */
	REPORT_SPANS, /* the interval contains 1 */
	REPORT_FAMILY, /* excludes 1 at 95%, not beyond the run's family */
	REPORT_FEW, /* too few rounds for an interval */
	REPORT_NONE, /* no interval: no samples.bin, or no events */
	REPORT_NCALLS,
};
/* A design's intervals against another of its scenario (do_irq). */
struct vs_base {
	const struct run_design *base; /* NULL: no do_irq in the scenario */
	struct irqstat_effect p50, p99;
	/* The same with the events host noise overlapped set apart
	 * (valid only where samples.bin recorded it). */
	struct irqstat_effect quiet50, quiet99;
};

/* @d against @b of the same scenario: paired rounds of blocks. */
void report_versus(const struct run_design *d, const struct run_design *b,
		   struct vs_base *v);

/* The baseline every design is compared with, as summary.json names it. */
#define REPORT_BASE "do_irq"

bool report_compared(const char *design);

/* One compared design against __do_IRQ in one scenario, both quantiles. */
struct report_vs {
	const struct run_scenario *sc;
	const struct run_design *d, *base;
	struct vs_base v;
	enum report_call call[2]; /* p50, p99 */
};

/**
 * struct report_verdicts - every compared design of a run against
 * __do_IRQ of its scenario, in report order, computed once
 * @r:		the run
 * @c:		the cells, @n of them
 * @cutoff:	Holm's step-down at 5% over the sign tests' p of every
 *		cell with an interval, p50 and p99: the largest p it rejects,
 *		-1 where none (the chance of any false finding in the whole
 *		run is at most 5%, however the cells depend on each other)
 * @family:	the family's size (cells with too few rounds give no
 *		finding and are not counted)
 */
struct report_verdicts {
	const struct run *r;
	struct report_vs *c;
	size_t n;
	double cutoff;
	unsigned int family;
};

/* @r's verdicts into @vs, calls included. 0, or -ENOMEM. */
int report_verdicts_make(const struct run *r, struct report_verdicts *vs);
void report_verdicts_free(struct report_verdicts *vs);

enum report_call report_call(const struct irqstat_effect *e, double cutoff);

int report_finding(const struct report_verdicts *vs,
		   int (*put)(void *arg, const char *para), void *arg);

void report_finding_print(FILE *f, const struct report_verdicts *vs);

/*
 * The chip's sentence on the two generations (report_generations.c),
 * " " and it, into @m; nothing where the chip ran no v6-flow beside flow.
 */
void report_generations_finding(FILE *m, const struct run *r, const char *chip);
/* The same sentence into @buf (size @len); "" where there is none. */
void report_generations_sentence(const struct run *r, const char *chip,
				 char *buf, size_t len);

#endif /* ANALYSIS_REPORT_FINDING_H */
