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
	ANA_EXIT_SIGNAL = 130, /* interrupted by a signal */
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

/* "pass", "regression", "inconclusive". */
const char *ana_outcome_name(enum ana_outcome o);

/* ANA_EXIT_PASS, ANA_EXIT_REGRESSION or ANA_EXIT_INCONCLUSIVE. */
int ana_outcome_exit(enum ana_outcome o);

/* The "Exit status:" lines of the commands in @cmds, for --help. */
void ana_exit_help(FILE *f, unsigned int cmds);

#endif /* ANALYSIS_OUTCOME_H */
