// SPDX-License-Identifier: GPL-2.0
/*
 * `irqlab history DIR... [-o DB] [--cell SCENARIO/DESIGN] [--plot FILE]`:
 * the command line of analysis/history/ (docs/export.md).
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include "analysis/cli.h"
#include "cmd.h"
#if IRQLAB_ANALYSIS
#include "analysis/history.h"

static const char history_usage[] =
	"usage: irqlab history DIR... [-o DB] [--cell SCENARIO/DESIGN] [--plot FILE]\n"
	"\n"
	"Indexes every run folder at or below each DIR into the SQLite file DB\n"
	"(default history.db), rebuilt whole from the folders: a row per run and\n"
	"cell with host, build, config hash and time. Per host and config, each\n"
	"build is set against the one before it by irqlab compare (p50, p99);\n"
	"the steps, their outcomes and the cell's verdicts are printed, then\n"
	"the steps that regressed. --plot draws the cell's p50 and p99 over\n"
	"the builds (PNG, gnuplot; default cell: the first indexed).\n"
	"Exit status: 0, 1 (error), 2 (a step regressed), 4 (bad input).\n";

int bench_cmd_history(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "cell", required_argument, NULL, 'c' },
		{ "plot", required_argument, NULL, 'p' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct history_opts o = { .db = "history.db" };
	char **runs = NULL, err[1024];
	size_t nruns = 0;
	int c, ret;

	opterr = 0;
	while ((c = getopt_long(argc, argv, ":o:h", opts, NULL)) != -1) {
		if (c == 'o') {
			o.db = optarg;
		} else if (c == 'c') {
			o.cell = optarg;
		} else if (c == 'p') {
			o.plot = optarg;
		} else if (c == 'h') {
			fputs(history_usage, stdout);
			return BENCH_EXIT_OK;
		} else {
			cli_bad_option("history", c, argv);
			return BENCH_EXIT_USAGE;
		}
	}
	if (optind >= argc) {
		bench_cmd_usage_error("history", "needs a folder of runs", "");
		return BENCH_EXIT_USAGE;
	}
	ret = history_find_runs((const char *const *)argv + optind,
				(size_t)(argc - optind), &runs, &nruns, err,
				sizeof(err));
	if (!ret)
		ret = history_build(runs, nruns, &o, stdout, err, sizeof(err));
	history_runs_free(runs, nruns);
	if (ret < 0) {
		fprintf(stderr, "irqlab history: %s\n", err);
		return ret == -ENOMEM || ret == -EIO ? BENCH_EXIT_FAIL :
						       BENCH_EXIT_USAGE;
	}
	return ret ? ANA_EXIT_REGRESSION : BENCH_EXIT_OK;
}
#endif /* IRQLAB_ANALYSIS */
