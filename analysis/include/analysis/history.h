/* SPDX-License-Identifier: GPL-2.0 */
/*
 * irqlab history (docs/export.md): many run folders, from many machines
 * and builds, indexed into one SQLite file, one row per run and cell;
 * each build against the one before it on the same host and config,
 * judged by irqlab compare (compare_main(), never statistics of its
 * own); a cell's p50 and p99 over the builds as a figure (gnuplot). The
 * index is derived: it is rebuilt from the folders whole every time, and
 * the same folders give the same content.
 */
#ifndef ANALYSIS_HISTORY_H
#define ANALYSIS_HISTORY_H

#include <stddef.h>
#include <stdio.h>

/**
 * history_find_runs - every run folder at or below @dirs
 * @dirs: folders; each is a run folder (it holds summary.json) or is
 *	searched recursively for them (symbolic links are not followed)
 * @n: how many
 * @runs: set to the run folders found, sorted, without repeats
 * @nruns: how many
 *
 * Return: 0, or -errno with one sentence in @err (a folder that cannot
 * be read; none found at all: -ENOENT).
 */
int history_find_runs(const char *const *dirs, size_t n, char ***runs,
		      size_t *nruns, char *err, size_t errlen);
void history_runs_free(char **runs, size_t n);

/**
 * struct history_opts - what irqlab history is asked
 * @db: the SQLite file, written as @db.tmp and renamed over it
 * @cell: "SCENARIO/DESIGN" whose verdicts are told and which is plotted;
 *	NULL: the first cell of the index
 * @plot: the PNG of @cell's p50 and p99 over builds; NULL: none
 */
struct history_opts {
	const char *db, *cell, *plot;
};

/**
 * history_build - index @runs into @o->db, judge the steps, plot
 * @runs, @nruns: run folders (history_find_runs())
 * @out: what was found, the steps and their verdicts, the regressions
 *
 * Return: 0 with no step regressed, 1 with one or more, or -errno with
 * one sentence in @err.
 */
int history_build(char *const *runs, size_t nruns, const struct history_opts *o,
		  FILE *out, char *err, size_t errlen);

#endif /* ANALYSIS_HISTORY_H */
