/* SPDX-License-Identifier: GPL-2.0 */
/*
 * irqlab's results in other tools' formats (docs/export.md): a run's
 * trace for Perfetto (perfetto.c), the per-stage analysis as LAMI for
 * Trace Compass (lami.c), and every run's cells for CI dashboards,
 * Bencher's metric format and a flat CSV (dash.c). The irqlab command's
 * `export` and `lami` (bench/cmd/cmd_export.c) call these.
 */
#ifndef ANALYSIS_EXPORT_H
#define ANALYSIS_EXPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "analysis/run.h"

/**
 * struct export_perfetto_opts - what goes into the Perfetto trace
 * @dispatch_cost: the blocks of scenario `dispatch-cost` too (hundreds
 *	of thousands of back-to-back dispatches; left out by default)
 */
struct export_perfetto_opts {
	bool dispatch_cost;
};

/* What was written, for the command's last line and the tests. */
struct export_perfetto_counts {
	uint64_t events; /* irqlab events read */
	uint64_t tracks, slices, instants, flows;
};

/**
 * export_perfetto - a run's LTTng trace as a Perfetto TrackEvent trace
 * @root: a run folder or its trace/ (stages_graph_run()'s @root)
 * @out: the protobuf `Trace` is written here
 * @o: options; NULL: the defaults
 * @c: filled with what was written; may be NULL
 * @err: one sentence on failure
 *
 * One track per simulated CPU, device and irq thread (and one of the
 * blocks), under one parent track; a slice per interrupt and, inside
 * it, per stage as the stage machine cuts them (stages.h: entry,
 * op.NAME, action, exit); a flow from each raise to the service that
 * claimed its event, and from each thread_wake to the thread's run.
 *
 * Return: 0, or -errno (-ENOENT: no trace there) with @err set.
 */
int export_perfetto(const char *root, FILE *out,
		    const struct export_perfetto_opts *o,
		    struct export_perfetto_counts *c, char *err, size_t errlen);

/* LAMI's analysis phase options; @limit 0: unlimited. */
struct export_lami_opts {
	bool has_begin, has_end;
	uint64_t begin, end; /* ns from the trace clock's origin */
	uint64_t limit; /* rows per table */
};

/* LAMI v0.1's metadata object (the --metadata phase) on @out. 0 or -EIO. */
int export_lami_metadata(FILE *out);

/**
 * export_lami - LAMI v0.1's results object of the per-stage analysis
 * @trace: a run folder, its trace/, or any folder of CTF traces
 * @o: the time range and the row limit
 * @out: the JSON object is written here
 * @err: one sentence on failure (the caller writes LAMI's error object)
 *
 * Return: 0, or -errno with @err set.
 */
int export_lami(const char *trace, const struct export_lami_opts *o, FILE *out,
		char *err, size_t errlen);

/**
 * export_bencher - the run's cells in Bencher Metric Format (JSON)
 * @r: a run read with its samples (run_load(dir, true, ...))
 *
 * Benchmark "SCENARIO/DESIGN", measures latency-p50/p99/p999 (ns: the
 * median of the blocks' quantiles, bounds its 95% interval over the
 * blocks where there are enough), throughput (serviced/s) and
 * chip-accesses (per interrupt). Return: 0, -ENOMEM or -EIO.
 */
int export_bencher(const struct run *r, FILE *out);

/* The CSV's header line (export_csv_run()'s columns). 0 or -EIO. */
int export_csv_header(FILE *out);

/* One RFC 4180 row per cell of @r (read with samples). 0 or -EIO. */
int export_csv_run(const struct run *r, FILE *out);

/*
 * The run's config hash: 16 hex digits of FNV-1a 64 over config.ini's
 * lines that are neither blank nor comments (where a key came from is a
 * comment), so that one config run from two places hashes alike.
 * 0, or -errno when the folder has no config.ini.
 */
int export_config_hash(const char *dir, char hex[17]);

/*
 * A quantile's point and 95% interval from @r's design @d: the median of
 * its blocks' quantile @q and the sign test's interval over the blocks
 * (irqstat_paired_ci() against 1); @lo, @hi NAN where there are too few
 * blocks, @point NAN where none has a value.
 */
void export_block_interval(const struct run_design *d, enum run_q q,
			   double *point, double *lo, double *hi);

#endif /* ANALYSIS_EXPORT_H */
