/* SPDX-License-Identifier: GPL-2.0 */
/* The report's Benchmarks section (benchmarks.c), for irqlab bench folders. */
#ifndef ANALYSIS_BENCHMARKS_H
#define ANALYSIS_BENCHMARKS_H

#include "analysis/doc.h"
#include "analysis/run.h"

/* Nothing unless @r's summary.json has a "bench" object. */
void report_benchmarks(const struct run *r, struct doc *d);

#endif /* ANALYSIS_BENCHMARKS_H */
