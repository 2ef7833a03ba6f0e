/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The open run (results.c, summarize.c, environment.c), private to them
 * and their tests. The run folder's formats are analysis/'s: samples.h,
 * summary.h, environment.h.
 */
#ifndef BENCH_RESULTS_H
#define BENCH_RESULTS_H

#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <jansson.h>
#include "analysis/run.h"
#include "bench/bench.h"
#include "runfolder.h"

/* One scenario x design result, as bench_run_result() recorded it. */
struct bench_run_entry {
	struct bench_result r;
	struct bench_placement pl;
	bool has_pl;
};

/**
 * struct bench_run - a run being recorded
 * @f: its folder
 * @samplesfd: samples.bin, or -1
 * @buf: samples.bin, not yet written
 * @used: bytes in @buf
 * @samples_err: the first write error, sticky
 * @t0_ns: CLOCK_MONOTONIC at open
 * @started: UTC, ISO 8601, at open
 * @host: this host's name
 * @res: the results, in the order recorded
 * @nr: how many
 * @cap: room for
 * @brk: brk.hit: summary.json gets a "break" object
 * @traced: summary.json gets a "trace" object, @trace
 * @trace: with its strings in @trace_mode, @trace_path and @flows
 * @trace_mode: a copy of the mode
 * @trace_path: a copy of the path
 * @flows: copies of @trace's dispatch flows
 * @perf: "bench" (irqlab bench), or NULL
 */
struct bench_run {
	struct bench_folder f;
	int samplesfd;
	unsigned char *buf;
	size_t used;
	int samples_err;
	uint64_t t0_ns;
	char started[32];
	char host[HOST_NAME_MAX + 1];
	struct bench_run_entry *res;
	size_t nr, cap;
	struct bench_break brk;
	struct run_failed failed; /* scenario NULL: none failed */
	char failed_why[512];
	bool traced;
	struct run_trace trace;
	char trace_mode[16];
	char trace_path[PATH_MAX];
	char (*flows)[32];
	json_t *perf;
	struct bench_inputs inputs; /* config.ini's input-* copies */
};

json_t *bench_summary(const struct bench_run *run, bool complete,
		      bool interrupted, const char *finished);
void bench_run_trace_free(struct bench_run *run);
json_t *bench_environment(const struct bench_params *p, const char *host,
			  const char *started, uint64_t t0_ns,
			  const struct chip_delay_calibration *cal);

#endif /* BENCH_RESULTS_H */
