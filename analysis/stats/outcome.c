// SPDX-License-Identifier: GPL-2.0
/*
 * The exit status of every irqlab command that measures or judges, in
 * one table (outcome.h), which each command's --help prints; and how a
 * command is asked to stop (SIGINT, SIGTERM), whose exit status the
 * table gives, with the hook by which tests stop it at a chosen stage.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
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
	{ ANA_EXIT_SIGNAL, ANA_CMD_RUN | ANA_CMD_AB | ANA_CMD_REPORT,
	  "interrupted by SIGINT (Ctrl-C; ab: or SIGTERM): a run keeps what its finished blocks measured, marked INCOMPLETE; one stopped while writing its report keeps its complete measurement and no half-written report" },
	{ ANA_EXIT_SIGTERM, ANA_CMD_RUN | ANA_CMD_REPORT,
	  "terminated by SIGTERM, as for SIGINT" },
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

static int stop_sig;

static void on_stop(int sig)
{
	__atomic_store_n(&stop_sig, sig, __ATOMIC_RELAXED);
}

int *ana_stop_catch(void)
{
	static const struct sigaction act = {
		.sa_handler = on_stop,
		.sa_flags = SA_RESETHAND,
	};

	sigaction(SIGINT, &act, NULL);
	sigaction(SIGTERM, &act, NULL);
	return &stop_sig;
}

/*
 * The harness stores 1 in the same flag to stop at --break-us
 * (bench/device/driver.c): that is no signal.
 */
int ana_stop_signal(void)
{
	int sig = __atomic_load_n(&stop_sig, __ATOMIC_RELAXED);

	return sig == SIGINT || sig == SIGTERM ? sig : 0;
}

int ana_signal_exit(int sig)
{
	return sig == SIGTERM ? ANA_EXIT_SIGTERM : ANA_EXIT_SIGNAL;
}

void ana_stage_pause(const char *stage)
{
	static int paused;
	const char *at = getenv("IRQLAB_PAUSE_AT");
	const char *secs = getenv("IRQLAB_PAUSE_S");
	long ticks = (secs ? atol(secs) : 30) * 100;
	struct timespec tick = { 0, 10 * 1000 * 1000 };

	/* Once a process: the first time the stage is reached. */
	if (!at || strcmp(at, stage) ||
	    __atomic_exchange_n(&paused, 1, __ATOMIC_RELAXED))
		return;
	fprintf(stderr, "irqlab: paused at %s (IRQLAB_PAUSE_AT)\n", stage);
	while (ticks-- > 0 && !ana_stop_signal())
		nanosleep(&tick, NULL);
}
