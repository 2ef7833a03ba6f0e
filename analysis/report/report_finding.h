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
/* The baseline every design is compared with, as summary.json names it. */
#define REPORT_BASE "do_irq"

bool report_compared(const char *design);

double report_holm(const struct run *r, unsigned int *family);

enum report_call report_call(const struct irqstat_effect *e, double cutoff);

int report_finding(const struct run *r, int (*put)(void *arg, const char *para),
		   void *arg);

void report_finding_print(FILE *f, const struct run *r);

#endif /* ANALYSIS_REPORT_FINDING_H */
