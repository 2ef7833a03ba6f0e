// SPDX-License-Identifier: GPL-2.0
/*
 * The exit status of every irqlab command that measures or judges, in
 * one table (outcome.h), which each command's --help prints.
 */
#include "analysis/outcome.h"

static const struct {
	int code;
	unsigned int cmds;
	const char *meaning;
} exits[] = {
	{ ANA_EXIT_PASS, ANA_CMD_RUN, "the run is complete" },
	{ ANA_EXIT_PASS, ANA_CMD_COMPARE | ANA_CMD_AB,
	  "pass: every checked cell's upper bound is below 1 + threshold" },
	{ ANA_EXIT_ERROR, ANA_CMD_RUN | ANA_CMD_AB,
	  "a run failed (books, I/O, threads, trace loss)" },
	{ ANA_EXIT_ERROR, ANA_CMD_COMPARE, "I/O failed" },
	{ ANA_EXIT_REGRESSION, ANA_CMD_COMPARE | ANA_CMD_AB,
	  "regression: a checked cell is shown above 1 (its test rejects no change, over the family) and its ratio is beyond the threshold" },
	{ ANA_EXIT_INCONCLUSIVE, ANA_CMD_COMPARE | ANA_CMD_AB,
	  "inconclusive: neither, with what each cell could have shown" },
	{ ANA_EXIT_BAD_INPUT, ANA_CMD_RUN | ANA_CMD_COMPARE | ANA_CMD_AB,
	  "bad input: command line, config or run folder (nothing judged)" },
	{ ANA_EXIT_STOPPED, ANA_CMD_RUN, "stopped by --break-us" },
	{ ANA_EXIT_SIGNAL, ANA_CMD_RUN | ANA_CMD_AB,
	  "interrupted by a signal" },
};

static const char *const names[] = {
	[ANA_PASS] = "pass",
	[ANA_REGRESSION] = "regression",
	[ANA_INCONCLUSIVE] = "inconclusive",
};

const char *ana_outcome_name(enum ana_outcome o)
{
	return o <= ANA_INCONCLUSIVE ? names[o] : "?";
}

int ana_outcome_exit(enum ana_outcome o)
{
	return o == ANA_PASS	   ? ANA_EXIT_PASS :
	       o == ANA_REGRESSION ? ANA_EXIT_REGRESSION :
				     ANA_EXIT_INCONCLUSIVE;
}

void ana_exit_help(FILE *f, unsigned int cmds)
{
	fputs("Exit status (shared by irqlab run, compare and ab; docs/analysis.md):\n",
	      f);
	for (size_t i = 0; i < sizeof(exits) / sizeof(exits[0]); i++)
		if (exits[i].cmds & cmds)
			fprintf(f, "  %3d  %s\n", exits[i].code,
				exits[i].meaning);
}
