/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What a comparison concluded, and the exit status of every irqlab
 * command: one table (outcome.c), printed by each command's --help and
 * copied into docs/analysis.md, so that a CI script reads the same
 * number from irqlab run, irqlab compare and irqlab ab.
 */
#ifndef ANALYSIS_OUTCOME_H
#define ANALYSIS_OUTCOME_H

#include <stdio.h>

enum ana_exit {
	ANA_EXIT_PASS = 0, /* done; a comparison: no regression, all clear */
	ANA_EXIT_ERROR = 1, /* a run failed, or I/O */
	ANA_EXIT_REGRESSION = 2, /* a checked cell regressed beyond T */
	ANA_EXIT_INCONCLUSIVE = 3, /* the data could not tell */
	ANA_EXIT_BAD_INPUT = 4, /* command line, config or folder at fault */
	ANA_EXIT_STOPPED = 5, /* irqlab run: stopped by --break-us */
	ANA_EXIT_SIGNAL = 130, /* interrupted: SIGINT (Ctrl-C), 128 + 2 */
	ANA_EXIT_SIGTERM = 143, /* irqlab run, report: SIGTERM, 128 + 15 */
};

/* The three answers of a comparison (compare, ab). */
enum ana_outcome {
	ANA_PASS,
	ANA_REGRESSION,
	ANA_INCONCLUSIVE,
};

/* The commands whose exit status the table describes, as a mask. */
#define ANA_CMD_RUN 1u
#define ANA_CMD_COMPARE 2u
#define ANA_CMD_AB 4u
#define ANA_CMD_REPORT 8u

/* "pass", "regression", "inconclusive". */
const char *ana_outcome_name(enum ana_outcome o);

/* ANA_EXIT_PASS, ANA_EXIT_REGRESSION or ANA_EXIT_INCONCLUSIVE. */
int ana_outcome_exit(enum ana_outcome o);

/* The "Exit status:" lines of the commands in @cmds, for --help. */
void ana_exit_help(FILE *f, unsigned int cmds);

/**
 * ana_stop_catch - catch SIGINT and SIGTERM as a request to stop
 *
 * The first of either sets the flag returned, to the signal's number,
 * and puts the signal's default action back, so that a second one kills
 * as usual. The work in progress polls the flag (the harness's blocks,
 * the report's sections and figures) and ends where it stands, leaving
 * its files whole.
 *
 * Return: the flag: 0 until a signal came, then SIGINT or SIGTERM;
 * read it with __atomic_load_n(). The harness also sets it to 1 to stop
 * at --break-us, which ana_stop_signal() does not count as a signal.
 */
int *ana_stop_catch(void);

/* The signal that asked to stop (ana_stop_catch()), or 0. */
int ana_stop_signal(void);

/* The exit status of a command stopped by @sig: 130 for SIGINT, 143 for
 * SIGTERM (a shell's 128 + the signal). */
int ana_signal_exit(int sig);

/**
 * ana_stage_pause - a test's hook: wait at a named stage
 * @stage: "measuring", "samples", "gnuplot" (a figure being drawn),
 *         "report"
 *
 * Where the environment's IRQLAB_PAUSE_AT names @stage, says so on
 * stderr ("irqlab: paused at STAGE (IRQLAB_PAUSE_AT)") and waits up to
 * IRQLAB_PAUSE_S seconds (default 30) or until a signal asked to stop,
 * so that a test can send a signal at that stage, and at that stage
 * only, every time. Elsewhere it returns at once.
 */
void ana_stage_pause(const char *stage);

#endif /* ANALYSIS_OUTCOME_H */
