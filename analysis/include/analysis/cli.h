/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What every irqlab command says of an option getopt_long() refused: one
 * line naming the command and the option, and where the options are
 * described. The commands pass optstrings that start with ':' and set
 * opterr to 0, so that getopt prints nothing itself and a missing
 * argument (':') is told apart from an unknown option ('?'). It lives in
 * analysis/ because report and compare use it too, and analysis/
 * includes nothing of bench/ (bench -> analysis, never back).
 */
#ifndef ANALYSIS_CLI_H
#define ANALYSIS_CLI_H

#include <getopt.h>
#include <stdio.h>
#include <string.h>

static inline void cli_bad_option(const char *cmd, int c, char *const argv[])
{
	const char *arg = argv[optind - 1];
	char shortopt[3] = { '-', (char)optopt, '\0' };

	/* An unknown letter, maybe inside a cluster such as -qx. */
	if (c == '?' && optopt && strncmp(arg, "--", 2))
		arg = shortopt;
	fprintf(stderr, "irqlab %s: %s %s; see irqlab %s --help\n", cmd,
		c == ':' ? "option needs an argument:" : "unknown option", arg,
		cmd);
}

#endif
