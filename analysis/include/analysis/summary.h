/* SPDX-License-Identifier: GPL-2.0 */
/*
 * summary.json (docs/results.md): counters and latency statistics per
 * scenario and design. summary.c owns the format: the harness fills a
 * struct run (run.h) and writes it with summary_json(); the report,
 * compare and soak read it with summary_load(). Field names are written
 * once, in summary.c's tables and calls.
 */
#ifndef ANALYSIS_SUMMARY_H
#define ANALYSIS_SUMMARY_H

#include <stddef.h>
#include <jansson.h>
#include "analysis/run.h"

#define SUMMARY_FORMAT 1 /* summary.json "format" */

json_t *summary_json(const struct run *r);
int summary_read(json_t *doc, struct run *r, const char *file, char *err,
		 size_t errlen);
int summary_load(const char *dir, struct run *r, char *err, size_t errlen);

/* summary.json's bench object, typed (summary_bench.c). */
struct jf_reader;
int summary_bench_read(struct jf_reader *rd, const json_t *b,
		       struct run_bench **out);
void summary_bench_free(struct run_bench *b);

#endif /* ANALYSIS_SUMMARY_H */
