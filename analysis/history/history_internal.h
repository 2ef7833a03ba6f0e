/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Inside irqlab history (analysis/include/analysis/history.h): the runs
 * as read (history_runs.c), the steps between builds and their verdicts
 * (history_steps.c), the SQLite index (history_db.c) and the figure
 * (history_plot.c). Nothing outside analysis/history/ includes this.
 */
#ifndef ANALYSIS_HISTORY_INTERNAL_H
#define ANALYSIS_HISTORY_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* One cell (scenario x design) of a run, as the index keeps it. */
struct h_cell {
	char *scenario, *design, *chip, *trigger, *flow;
	const char *origin; /* "fire" or "intended" */
	uint64_t blocks, fired, serviced, coalesced, stranded;
	uint64_t p50, p99, p999, max;
	/* The median of the blocks' quantiles and its 95% interval. */
	double p50b, p50lo, p50hi, p99b, p99lo, p99hi;
	double per_s, accesses;
};

/* One run folder: where it ran, what built it, from what config. */
struct h_run {
	char *dir, *id, *host, *cpu_model, *kernel, *irqlab;
	char *revision, *build_type, *sanitizer, *build, *started;
	char config[17]; /* export_config_hash(); "" without config.ini */
	bool complete, traced;
	struct h_cell *c;
	size_t nc;
};

/* A cell's verdict at a step, as irqlab compare gave it. */
struct h_verdict {
	char *scenario, *design, *metric, *verdict;
	double base, run, ratio, lo, hi;
};

/* A build against the previous one on the same host and config. */
struct h_step {
	const char *host, *config; /* the first run's */
	const char *from, *to; /* builds */
	size_t nfrom, nto; /* runs a side */
	char *outcome; /* pass, regression, inconclusive; or why not run */
	int exit; /* irqlab compare's exit status */
	struct h_verdict *v;
	size_t nv;
};

/* The run folders read into @runs (sorted by folder). 0 or -errno. */
int h_runs_load(char *const *dirs, size_t n, struct h_run **runs, char *err,
		size_t errlen);
void h_runs_free(struct h_run *runs, size_t n);

/*
 * The steps of @runs: per host and config, its builds in the order of
 * their first run, each against the one before through irqlab compare
 * (--metric p50 --metric p99). 0 or -errno.
 */
int h_steps(const struct h_run *runs, size_t n, struct h_step **steps,
	    size_t *nsteps, char *err, size_t errlen);
void h_steps_free(struct h_step *steps, size_t n);

/* The index at @path (written whole as @path.tmp, renamed). 0 or -errno. */
int h_db_write(const char *path, const struct h_run *runs, size_t nruns,
	       const struct h_step *steps, size_t nsteps, char *err,
	       size_t errlen);

/* @scenario/@design's p50 and p99 over the builds into the PNG @png. */
int h_plot(const char *png, const char *scenario, const char *design,
	   const struct h_run *runs, size_t nruns, const struct h_step *steps,
	   size_t nsteps, char *err, size_t errlen);

/* strdup() of @s, NULL for NULL; sets *@fail when it cannot. */
char *h_dup(const char *s, bool *fail);

#endif /* ANALYSIS_HISTORY_INTERNAL_H */
