/* SPDX-License-Identifier: GPL-2.0 */
/*
 * irqlab report and irqlab compare (docs/analysis.md): what the irqlab
 * command calls, and what `irqlab run` calls on its finished folder.
 */
#ifndef ANALYSIS_REPORT_H
#define ANALYSIS_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct report_opts {
	bool trace; /* analyse trace/ when the folder has one */
	bool quiet; /* no progress lines on stderr */
	FILE *finding; /* the report's finding printed here too; NULL: not */
	/*
	 * Polled between sections and figures: non-zero (a signal's
	 * number, ana_stop_catch()) stops the report with -EINTR; NULL:
	 * never.
	 */
	const int *stop;
};

/* The coverage of every interval the report and compare give. */
#define REPORT_LEVEL 0.95

/* "p50 12% lower", "p99 2.5x higher": @what and the ratio @x in words. */
size_t report_fmt_change(char *buf, size_t len, const char *what, double x);

/**
 * report_write - write report.md, report.html and figures/ into @dir
 *
 * Return: 0, or -errno with one sentence in @err: a file of the folder that
 * cannot be read (naming it and what is wrong), a corrupt trace, gnuplot
 * failing; -EINTR where @o->stop was set (a signal), or gnuplot was
 * killed by one. Nothing half-written is left under the report's names:
 * both files are written as .tmp and renamed, and removed when the
 * report stops; a .tmp left by a report that was killed (SIGKILL) is
 * removed by the next. Once they are renamed, the report's finding goes
 * to @o->finding too, where that is not NULL.
 */
int report_write(const char *dir, const struct report_opts *o, char *err,
		 size_t errlen);

/* `irqlab report [RUN_DIR] [OPTIONS]`; returns the exit status. */
int report_main(int argc, char **argv, const char *results_dir);

/**
 * compare_stability - how far the runs of a folder of runs moved
 * @dir: a folder of run folders (irqlab run --repeat)
 * @quiet: write @dir/stability.md only; else print it too
 *
 * Per scenario x design: each run's p50, the largest over the smallest,
 * the spread between runs beside the spread between one run's blocks,
 * and for each cell the runs do not agree on within 10%, what the runs
 * recorded that differs (host noise, coalescing).
 *
 * Return: 0, or -errno with one sentence in @err.
 */
int compare_stability(const char *dir, bool quiet, char *err, size_t errlen);

/* `irqlab compare RUN_DIR... [OPTIONS]`; returns the exit status. */
int compare_main(int argc, char **argv);

#endif /* ANALYSIS_REPORT_H */
