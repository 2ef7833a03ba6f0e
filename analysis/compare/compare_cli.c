// SPDX-License-Identifier: GPL-2.0
/*
 * irqlab compare's command line: its options, the sides they name, and
 * the exit status of outcome.h.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "analysis/cli.h"
#include "compare_internal.h"
#include "analysis/outcome.h"
#include "analysis/report.h"

static void usage(FILE *f)
{
	fputs("usage: irqlab compare BASE RUN... [--metric M]... [--threshold PCT]\n"
	      "       irqlab compare --base BASE [--base BASE]... RUN... [OPTIONS]\n"
	      "       irqlab compare [OPTIONS] --base A1 A2... -- B1 B2...\n"
	      "       irqlab compare --aa RUN RUN RUN RUN... [OPTIONS]\n"
	      "  Compares run folders scenario by scenario. In the first form each\n"
	      "  RUN is a side of its own against BASE; with --base, the --base runs\n"
	      "  are one side and every RUN the other (several runs of one build).\n"
	      "  A folder of run folders (irqlab run --repeat) is a side of its runs.\n"
	      "  With --, every BASE before it is the base and every RUN after it\n"
	      "  the other side; a file of another tool (cyclictest --json, rtla,\n"
	      "  bcc hardirqs) is imported as a run (docs/import.md).\n"
	      "  --metric M       check M for regressions: p50 p99 p999 throughput\n"
	      "                   accesses stranded (repeatable; default p50)\n"
	      "  --threshold PCT  how much worse is a regression (default 10)\n"
	      "  --json FILE      write the outcome and every cell's figures to FILE\n"
	      "  --aa             the RUNs are one baseline (4 or more, any tool's):\n"
	      "                   split them in halves 20 times, compare each split,\n"
	      "                   and give the false-regression rate (exit 2: any)\n"
	      "  A side needs replicates (several runs, or a folder of irqlab run\n"
	      "  --repeat) for any cell to be tested: with one run a side the\n"
	      "  outcome is inconclusive.\n",
	      f);
}

/* --metric M: check M; 0, or -EINVAL for an unknown one. */
static int metric_opt(const char *arg, struct cmp_opts *o)
{
	int m = 0;

	while (m < M_NR && strcmp(cmp_metrics[m].name, arg))
		m++;
	if (m == M_NR) {
		fprintf(stderr,
			"irqlab compare: --metric: '%s' is not one of p50 p99 p999 throughput accesses stranded\n",
			arg);
		return -EINVAL;
	}
	o->check[m] = true;
	return 0;
}

/*
 * The options into @o and @bases (--base, in order); -1 to go on, or
 * the exit status: 0 after --help, ANA_EXIT_BAD_INPUT for bad usage.
 */
static int compare_opts(int argc, char **argv, struct cmp_opts *o,
			const char **bases, size_t *nbases, bool *aa)
{
	static const struct option opts[] = {
		{ "metric", required_argument, NULL, 'm' },
		{ "threshold", required_argument, NULL, 't' },
		{ "base", required_argument, NULL, 'b' },
		{ "json", required_argument, NULL, 'j' },
		{ "aa", no_argument, NULL, 'a' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	bool named = false;
	char *end;
	int c;

	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":", opts, NULL)) != -1) {
		switch (c) {
		case 'm':
			if (metric_opt(optarg, o))
				return ANA_EXIT_BAD_INPUT;
			named = true;
			break;
		case 't':
			errno = 0;
			o->threshold = strtod(optarg, &end) / 100;
			if (errno || end == optarg || *end ||
			    !(o->threshold >= 0 && o->threshold < 100)) {
				fprintf(stderr,
					"irqlab compare: --threshold: '%s' is not a percentage in 0..10000\n",
					optarg);
				return ANA_EXIT_BAD_INPUT;
			}
			break;
		case 'b':
			bases[(*nbases)++] = optarg;
			break;
		case 'j':
			o->json = optarg;
			break;
		case 'a':
			*aa = true;
			break;
		case 'h':
			usage(stdout);
			ana_exit_help(stdout, ANA_CMD_COMPARE);
			return 0;
		default:
			cli_bad_option("compare", c, argv);
			return ANA_EXIT_BAD_INPUT;
		}
	}
	if (!named)
		o->check[M_P50] = true;
	return -1;
}

/* Where "--" splits the base from the other side, or @argc. */
static int split_at(int argc, char **argv)
{
	for (int i = 1; i < argc; i++)
		if (!strcmp(argv[i], "--"))
			return i;
	return argc;
}

int compare_main(int argc, char **argv)
{
	struct cmp_opts o = { .threshold = 0.10 };
	const char **bases;
	size_t nbases = 0, npos, nsides;
	struct side *sides;
	char err[1024];
	int ret = 0, split = split_at(argc, argv);
	bool aa = false;

	bases = calloc((size_t)argc + 1, sizeof(*bases));
	if (!bases)
		return 1;
	ret = compare_opts(split, argv, &o, bases, &nbases, &aa);
	if (ret >= 0) {
		free(bases);
		return ret;
	}
	ret = 0;
	/* BASE... -- RUN...: what stands before "--" is the base too. */
	while (split < argc && optind < split)
		bases[nbases++] = argv[optind++];
	if (split < argc)
		optind = split + 1;
	npos = (size_t)(argc - optind);
	if (!aa && (nbases ? npos < 1 : npos < 2)) {
		fprintf(stderr,
			"irqlab compare: needs a base and at least one run to compare with it; see irqlab compare --help\n");
		free(bases);
		return ANA_EXIT_BAD_INPUT;
	}
	nsides = aa ? 1 : nbases ? 2 : npos;
	sides = calloc(nsides, sizeof(*sides));
	if (!sides) {
		free(bases);
		return 1;
	}
	for (size_t i = 0; i < nbases && !ret; i++)
		ret = cmp_side_add(&sides[0], bases[i], err, sizeof(err));
	for (size_t i = 0; i < npos && !ret; i++)
		ret = cmp_side_add(&sides[aa	 ? 0 :
					  nbases ? 1 :
						   i],
				   argv[optind + (int)i], err, sizeof(err));
	free(bases);
	if (ret) {
		if (ret == -ENOMEM)
			snprintf(err, sizeof(err), "out of memory");
		fprintf(stderr, "irqlab compare: %s\n", err);
		cmp_sides_free(sides, nsides);
		return ret == -ENOMEM ? ANA_EXIT_ERROR : ANA_EXIT_BAD_INPUT;
	}
	ret = aa ? cmp_aa(&sides[0], &o) : cmp_compare(sides, nsides, &o);
	cmp_sides_free(sides, nsides);
	if (ret == -ENOMEM)
		fprintf(stderr, "irqlab compare: out of memory\n");
	if (ret == -EINVAL)
		return ANA_EXIT_BAD_INPUT;
	if (ret < 0)
		return ANA_EXIT_ERROR;
	return ana_outcome_exit((enum ana_outcome)ret);
}
