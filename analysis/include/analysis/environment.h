/* SPDX-License-Identifier: GPL-2.0 */
/*
 * environment.json (docs/results.md): the build, the command line, the
 * machine and the busy-wait calibration of a run. environment.c owns the
 * format: the harness fills struct environment and writes it with
 * environment_json(), the report reads it back with environment_read().
 */
#ifndef ANALYSIS_ENVIRONMENT_H
#define ANALYSIS_ENVIRONMENT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <jansson.h>

#define ENVIRONMENT_FORMAT 1 /* environment.json "format" */

/**
 * struct environment - environment.json, typed
 * @version: the project version that ran
 * @git_revision: `git describe` at configure time, or "unknown"
 * @build_type: CMake's build type
 * @compiler: the compiler and its version
 * @cflags: the build type's C flags
 * @sanitizer: "" (none), "address,undefined" or "thread"
 * @argv: the command line from "run" on
 * @argc: its length
 * @host: the machine; a string the system could not tell is NULL (null)
 * @started: UTC, ISO 8601, when the folder was opened
 * @started_monotonic_ns: CLOCK_MONOTONIC then (samples.bin's time zero)
 * @has_calibration: false: "calibration" is null
 * @calibration: the busy-wait of chip access costs; NAN: null or absent
 */
struct environment {
	const char *version, *git_revision, *build_type, *compiler, *cflags;
	const char *sanitizer;
	const char *const *argv;
	size_t argc;
	struct {
		const char *name, *sysname, *release, *version, *machine;
		const char *cpu_model, *clocksource;
		int64_t online_cpus;
		bool hypervisor; /* false in folders from before it */
		const char *guest; /* "QEMU TCG guest", ...; NULL: none */
	} host;
	const char *started;
	uint64_t started_monotonic_ns;
	bool has_calibration;
	struct {
		double ticks_per_us, overhead_ns, err_ns_mean, err_ns_max;
	} calibration;
	/*
	 * The samples' stamp clock (genirq/clock.h); has_clock false in
	 * folders from before it: source "tsc" or "clock_gettime",
	 * why_not_tsc "" or why, its rate, the rate's error, a read's cost.
	 */
	/* The run's autogroup nice (-20..19); has_autogroup false: none. */
	bool has_autogroup;
	int autogroup_nice;
	bool has_clock;
	struct {
		const char *source, *why_not_tsc;
		double ticks_per_ns, rate_error_ppm, read_ns;
	} clock;
};

json_t *environment_json(const struct environment *e);
int environment_read(const json_t *doc, struct environment *e, const char *file,
		     char *err, size_t errlen);
void environment_free(struct environment *e);

#endif /* ANALYSIS_ENVIRONMENT_H */
