// SPDX-License-Identifier: GPL-2.0
/*
 * irqlab compare BASE RUN...: the same scenario x design of several run
 * folders (two builds, two machines) side by side, each against the first,
 * with bootstrap intervals where both folders have samples, and exit
 * status 2 when a metric named with --metric regresses beyond --threshold
 * (docs/analysis.md).
 */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "analysis/report.h"
#include "analysis/run.h"
#include "bench/cli.h"

enum metric {
	M_P50,
	M_P99,
	M_P999,
	M_THROUGHPUT,
	M_ACCESSES,
	M_STRANDED,
	M_NR,
};

static const struct {
	const char *name, *what;
	unsigned int permille; /* a latency quantile; 0: a counter */
	bool higher_is_better;
} metrics[M_NR] = {
	[M_P50] = { "p50", "p50 latency (ns)", 500, false },
	[M_P99] = { "p99", "p99 latency (ns)", 990, false },
	[M_P999] = { "p999", "p99.9 latency (ns)", 999, false },
	[M_THROUGHPUT] = { "throughput", "serviced/s", 0, true },
	[M_ACCESSES] = { "accesses", "chip accesses/irq", 0, false },
	[M_STRANDED] = { "stranded", "stranded events", 0, false },
};

struct cmp_opts {
	double threshold; /* a fraction: 0.10 is 10% */
	bool check[M_NR];
	uint64_t seed;
	unsigned int iters;
};

static double value(const struct run_design *d, enum metric m)
{
	switch (m) {
	case M_P50:
		return (double)d->entry.p50;
	case M_P99:
		return (double)d->entry.p99;
	case M_P999:
		return (double)d->entry.p999;
	case M_THROUGHPUT:
		return d->throughput;
	case M_ACCESSES:
		return d->accesses_per_irq;
	case M_STRANDED:
		return (double)d->stranded;
	default:
		return NAN;
	}
}

/*
 * Is @r (run / base) of metric @m a regression beyond @t? A latency ratio
 * must also have its whole interval above 1 where there is one, so noise
 * between two runs of the same build never fails CI.
 */
static bool regressed(enum metric m, double base, double now,
		      const struct irqstat_ratio *r, double t)
{
	if (!isfinite(base) || !isfinite(now))
		return false;
	if (m == M_STRANDED)
		return now > base && (base == 0 || now / base > 1 + t);
	if (metrics[m].higher_is_better)
		return base > 0 && now / base < 1 - t;
	if (r && r->valid)
		return r->point > 1 + t && (!r->iters || r->lo > 1);
	return base > 0 && now / base > 1 + t;
}

static void run_line(const struct run *r, size_t i)
{
	json_t *host = json_object_get(r->env, "host");
	json_t *build = json_object_get(r->env, "irqlab");
	json_t *v;

	printf("- run %zu%s: %s (%s", i, i ? "" : " (base)", r->dir,
	       r->complete ? "complete" : "INCOMPLETE");
	v = json_object_get(host, "name");
	if (json_is_string(v))
		printf(", host %s", json_string_value(v));
	v = json_object_get(host, "cpu_model");
	if (json_is_string(v))
		printf(", %s", json_string_value(v));
	v = json_object_get(build, "git_revision");
	if (json_is_string(v))
		printf(", irqlab %s", json_string_value(v));
	v = json_object_get(build, "build_type");
	if (json_is_string(v))
		printf(" %s", json_string_value(v));
	printf(")%s\n", r->has_samples ? "" : ", no samples.bin: no intervals");
}

static int compare(struct run *runs, size_t n, const struct cmp_opts *o)
{
	unsigned int regressions = 0, missing = 0;
	const struct run *base = &runs[0];

	printf("# irqlab compare\n\n");
	for (size_t i = 0; i < n; i++)
		run_line(&runs[i], i);
	printf("\nRatios are run / base with %.0f%% bootstrap intervals (seed %llu, %u replicates) where both runs have samples; "
	       "a checked metric regresses when its ratio is worse than %.1f%% and, for latency, its whole interval is above 1.\n\n",
	       REPORT_LEVEL * 100, (unsigned long long)o->seed, o->iters,
	       o->threshold * 100);
	printf("| scenario | design | metric | base");
	for (size_t i = 1; i < n; i++)
		printf(" | run %zu | ratio %zu", i, i);
	printf(" |\n|:---|:---|:---|---:");
	for (size_t i = 1; i < n; i++)
		printf("|---:|---:");
	printf("|\n");
	for (size_t s = 0; s < base->nsc; s++) {
		const struct run_scenario *bs = &base->sc[s];

		for (size_t k = 0; k < bs->nd; k++) {
			const struct run_design *bd = &bs->d[k];

			for (int m = 0; m < M_NR; m++) {
				printf("| %s | %s | %s%s | %.6g", bs->name,
				       bd->design, metrics[m].what,
				       o->check[m] ? " (checked)" : "",
				       value(bd, m));
				for (size_t i = 1; i < n; i++) {
					const struct run_scenario *os =
						run_find_scenario(&runs[i],
								  bs->name);
					const struct run_design *od =
						os ? run_find_design(
							     os, bd->design) :
						     NULL;
					struct irqstat_ratio r = { 0 };
					double b = value(bd, m), v;
					bool bad;

					if (!od) {
						printf(" | - | not in run %zu",
						       i);
						missing += !m;
						continue;
					}
					v = value(od, m);
					if (metrics[m].permille &&
					    runs[i].has_samples &&
					    base->has_samples &&
					    irqstat_ratio_ci(
						    od->sorted, od->n,
						    bd->sorted, bd->n,
						    metrics[m].permille,
						    o->iters, REPORT_LEVEL,
						    o->seed + s * 131 + k * 7 +
							    m,
						    &r))
						return -ENOMEM;
					if (!r.valid && b > 0 && isfinite(v)) {
						r.valid = true;
						r.point = v / b;
					}
					bad = o->check[m] &&
					      regressed(m, b, v, &r,
							o->threshold);
					regressions += bad;
					printf(" | %.6g | ", v);
					if (!r.valid)
						printf("-");
					else if (r.iters)
						printf("%.3f [%.3f, %.3f]",
						       r.point, r.lo, r.hi);
					else
						printf("%.3f", r.point);
					if (bad)
						printf(" REGRESSION");
				}
				printf(" |\n");
			}
		}
	}
	printf("\n");
	if (missing)
		printf("%u scenario x design pairs of the base are missing from a run.\n",
		       missing);
	if (regressions) {
		printf("%u regression%s beyond %.1f%%.\n", regressions,
		       regressions == 1 ? "" : "s", o->threshold * 100);
		return 1;
	}
	printf("No checked metric regressed beyond %.1f%%.\n",
	       o->threshold * 100);
	return 0;
}

static void usage(FILE *f)
{
	fputs("usage: irqlab compare BASE_RUN RUN... [--metric M]... [--threshold PCT]\n"
	      "                      [--seed N] [--iters N]\n"
	      "  Compares run folders scenario by scenario, each against the first.\n"
	      "  --metric M       check M for regressions: p50 p99 p999 throughput\n"
	      "                   accesses stranded (repeatable; default p50)\n"
	      "  --threshold PCT  how much worse is a regression (default 10)\n"
	      "  exit status: 0 no regression, 1 a folder cannot be read,\n"
	      "  2 a checked metric regressed (or bad usage)\n",
	      f);
}

int compare_main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "metric", required_argument, NULL, 'm' },
		{ "threshold", required_argument, NULL, 't' },
		{ "seed", required_argument, NULL, 's' },
		{ "iters", required_argument, NULL, 'i' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct cmp_opts o = { .threshold = 0.10,
			      .seed = REPORT_SEED,
			      .iters = REPORT_ITERS };
	bool named = false;
	struct run *runs;
	char err[1024];
	size_t n;
	char *end;
	int c, ret;

	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":", opts, NULL)) != -1) {
		switch (c) {
		case 'm': {
			int m = 0;

			while (m < M_NR && strcmp(metrics[m].name, optarg))
				m++;
			if (m == M_NR) {
				fprintf(stderr,
					"irqlab compare: --metric: '%s' is not one of p50 p99 p999 throughput accesses stranded\n",
					optarg);
				return 2;
			}
			o.check[m] = named = true;
			break;
		}
		case 't':
			errno = 0;
			o.threshold = strtod(optarg, &end) / 100;
			if (errno || end == optarg || *end ||
			    !(o.threshold >= 0 && o.threshold < 100)) {
				fprintf(stderr,
					"irqlab compare: --threshold: '%s' is not a percentage in 0..10000\n",
					optarg);
				return 2;
			}
			break;
		case 's':
			errno = 0;
			o.seed = strtoull(optarg, &end, 10);
			if (errno || end == optarg || *end || *optarg == '-') {
				fprintf(stderr,
					"irqlab compare: --seed: '%s' is not a whole number >= 0\n",
					optarg);
				return 2;
			}
			break;
		case 'i': {
			long v;

			errno = 0;
			v = strtol(optarg, &end, 10);
			if (errno || end == optarg || *end || v < 100 ||
			    v > 1000000) {
				fprintf(stderr,
					"irqlab compare: --iters: '%s' is not a whole number in 100..1000000\n",
					optarg);
				return 2;
			}
			o.iters = (unsigned int)v;
			break;
		}
		case 'h':
			usage(stdout);
			return 0;
		default:
			cli_bad_option("compare", c, argv);
			return 2;
		}
	}
	if (!named)
		o.check[M_P50] = true;
	n = (size_t)(argc - optind);
	if (n < 2) {
		fprintf(stderr,
			"irqlab compare: needs at least two run folders, the base first; see irqlab compare --help\n");
		return 2;
	}
	runs = calloc(n, sizeof(*runs));
	if (!runs)
		return 1;
	for (size_t i = 0; i < n; i++) {
		if (run_load(argv[optind + (int)i], true, &runs[i], err,
			     sizeof(err))) {
			fprintf(stderr, "irqlab compare: %s\n", err);
			for (size_t j = 0; j < i; j++)
				run_free(&runs[j]);
			free(runs);
			return 1;
		}
	}
	ret = compare(runs, n, &o);
	for (size_t i = 0; i < n; i++)
		run_free(&runs[i]);
	free(runs);
	if (ret < 0) {
		fprintf(stderr, "irqlab compare: out of memory\n");
		return 1;
	}
	return ret ? 2 : 0;
}
