// SPDX-License-Identifier: GPL-2.0
/*
 * `irqlab calibrate --gate`: what the A/B gate is worth on this machine.
 * N A/A gates of one config on this build (any regression among them is
 * a false verdict: the rate, with its Clopper-Pearson 95% upper bound),
 * then two known changes: a local one ([cost.gic] cpu_read_ns = 1150,
 * the GIC scenarios' CPU-interface reads) and a global one ([cost.cpu]
 * entry_ns, every vector entry, every cell a few percent slower, judged
 * at --threshold 3). Each gate is bench_ab_run() in this process with a
 * small budget; DIR has a folder per gate, calibration.json and
 * calibration.md.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <jansson.h>
#include "bench/bench.h"
#include "runfolder/runfolder.h"
#include "ab.h"
#include "analysis/cli.h"
#include "analysis/infer.h"

/* The two known changes, each a section appended to a copy of the config. */
static const struct {
	const char *name, *section, *threshold;
	bool gic_only; /* only scenarios on chip gic should move */
} shifts[] = {
	{ "local", "[cost.gic]\ncpu_read_ns = 1150\n", "10", true },
	{ "global", NULL, "3", false }, /* [cost.cpu] entry_ns = --entry-ns */
};

static const char usage[] =
	"usage: irqlab calibrate --gate [--gates N] [--gate-budget MINUTES]\n"
	"                        [--config CONFIG] [--entry-ns N] [-o DIR]\n"
	"\n"
	"Measure the A/B gate (irqlab ab) on this machine: N A/A gates of\n"
	"CONFIG on this build (a regression among them is a false verdict),\n"
	"then a local shift ([cost.gic] cpu_read_ns = 1150 on side B) and a\n"
	"global one ([cost.cpu] entry_ns = N on side B, at --threshold 3),\n"
	"each gate with the same small budget. Writes DIR/calibration.json and\n"
	"DIR/calibration.md (docs/analysis.md).\n"
	"\n"
	"      --gates N           A/A gates (default 20)\n"
	"      --gate-budget MIN   each gate's budget (default 1.5 minutes:\n"
	"                          22 gates in about 35 minutes)\n"
	"      --config CONFIG     the suite (default configs/ab.ini)\n"
	"      --entry-ns N        the global shift's entry cost (default 60)\n"
	"  -o, --output DIR        the folder (must not exist); default\n"
	"                          results/calibrate-gate/<UTC time>\n"
	"\n"
	"Exit status: 0 done, 1 a gate's run failed, 4 bad input, 130 a signal.\n";

struct cal {
	const char *self, *config, *dir;
	unsigned int gates, entry_ns;
	char budget[32];
	json_t *aa, *inj;
	/* per metric: the cells' and the global cell's detect, every gate */
	double *det[RUN_NQ], *gdet[RUN_NQ];
	unsigned int ndet[RUN_NQ], ngdet[RUN_NQ];
	unsigned int outcomes[3];
};

static int bad(const char *what, const char *v)
{
	fprintf(stderr, "irqlab calibrate: %s %s: %s\n", what, v,
		strcmp(what, "-o") ? "not a usable value; see --help" :
				     "already exists or cannot be made");
	return BENCH_EXIT_USAGE;
}

/* Copy @from to @to with @tail appended. */
static int derive(const char *from, const char *to, const char *tail)
{
	FILE *in = fopen(from, "re"), *out = in ? fopen(to, "wxe") : NULL;
	char buf[4096];
	size_t n;
	int ret = 0;

	if (!in || !out) {
		ret = -errno;
		goto out;
	}
	while ((n = fread(buf, 1, sizeof(buf), in)))
		if (fwrite(buf, 1, n, out) != n)
			ret = -EIO;
	if (fprintf(out, "\n; irqlab calibrate --gate: the injected change\n%s",
		    tail) < 0)
		ret = -EIO;
out:
	if (in)
		fclose(in);
	if (out && fclose(out))
		ret = -EIO;
	return ret;
}

/* One gate: irqlab ab with @extra arguments, into DIR/@name. */
static int gate(struct cal *c, const char *name, const char *b_config,
		const char *threshold, unsigned int seed,
		struct bench_ab_result *res)
{
	char out[4200], sd[24];
	char *argv[20];
	int a = 0;

	snprintf(out, sizeof(out), "%s/%s", c->dir, name);
	snprintf(sd, sizeof(sd), "%u", seed);
	argv[a++] = "ab";
	argv[a++] = "--a";
	argv[a++] = (char *)c->config;
	if (b_config) {
		argv[a++] = "--b";
		argv[a++] = (char *)b_config;
	}
	argv[a++] = "--threshold";
	argv[a++] = (char *)threshold;
	argv[a++] = "--budget";
	argv[a++] = c->budget;
	argv[a++] = "--seed";
	argv[a++] = sd;
	argv[a++] = "-q";
	argv[a++] = "-o";
	argv[a++] = out;
	argv[a] = NULL;
	return bench_ab_run(a, argv, c->self, res);
}

static void keep(double **v, unsigned int *n, double x)
{
	double *nv;

	if (!isfinite(x) || !(nv = realloc(*v, (*n + 1) * sizeof(**v))))
		return;
	*v = nv;
	(*v)[(*n)++] = x;
}

static int cmp_dbl(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static double median(double *v, unsigned int n)
{
	if (!n)
		return NAN;
	qsort(v, n, sizeof(*v), cmp_dbl);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static json_t *num(double v)
{
	return isfinite(v) ? json_real(v) : json_null();
}

/* An A/A gate's record, and its cells' detect into the floors. */
static json_t *aa_record(struct cal *c, const struct bench_ab_result *res)
{
	const struct ab_gate *g = &res->g;

	for (size_t i = 0; i < g->ncells; i++) {
		const struct ab_cell *cl = &g->cells[i];
		double d = cl->s.enough ? cl->s.detect : NAN;

		if (cl->global)
			keep(&c->gdet[cl->q], &c->ngdet[cl->q], d);
		else
			keep(&c->det[cl->q], &c->ndet[cl->q], d);
	}
	if (res->exit >= 0 && res->exit <= ANA_EXIT_INCONCLUSIVE)
		c->outcomes[g->outcome]++;
	return json_pack("{s:s, s:i, s:i, s:f}", "outcome",
			 ana_outcome_name(g->outcome), "exit", res->exit,
			 "pairs", (int)g->pairs, "minutes", res->minutes);
}

/* An injected shift's record: which cells it flagged, global cells. */
static json_t *inj_record(const struct bench_ab_result *res, bool gic_only,
			  const char *what)
{
	const struct ab_gate *g = &res->g;
	json_t *cells = json_array(), *glob = json_object(), *j;
	unsigned int on = 0, off = 0;

	for (size_t i = 0; i < g->ncells; i++) {
		const struct ab_cell *cl = &g->cells[i];
		char name[160];

		if (cl->global)
			json_object_set_new(
				glob, ab_metric_name(cl->q),
				json_pack("{s:o, s:o, s:o, s:s}", "point",
					  num(cl->s.valid ? cl->s.point : NAN),
					  "lo",
					  num(cl->s.enough ? cl->s.lo : NAN),
					  "hi",
					  num(cl->s.enough ? cl->s.hi : NAN),
					  "verdict",
					  ab_verdict_name(cl->verdict)));
		if (cl->verdict != AB_REGRESSION || cl->global)
			continue;
		snprintf(name, sizeof(name), "%s/%s %s", cl->scenario,
			 cl->design, ab_metric_name(cl->q));
		json_array_append_new(cells, json_string(name));
		if (!strncmp(cl->scenario, "gic-", 4))
			on++;
		else
			off++;
	}
	j = json_pack("{s:s, s:s, s:i, s:i, s:f, s:f, s:o, s:o}", "change",
		      what, "outcome", ana_outcome_name(g->outcome), "exit",
		      res->exit, "pairs", (int)g->pairs, "minutes",
		      res->minutes, "threshold", g->p.threshold,
		      "cells_regressed", cells, "global", glob);
	if (j && gic_only) {
		json_object_set_new(j, "gic_cells_regressed", json_integer(on));
		json_object_set_new(j, "other_cells_regressed",
				    json_integer(off));
	}
	return j;
}

static int write_out(struct cal *c)
{
	unsigned int n = c->outcomes[0] + c->outcomes[1] + c->outcomes[2];
	double lo, hi;
	json_t *floor = json_object(), *j;
	char path[4200];
	FILE *f;

	irqstat_clopper_pearson(c->outcomes[ANA_REGRESSION], n, 0.95, &lo, &hi);
	for (int q = 0; q < RUN_NQ; q++)
		if (c->ndet[q] || c->ngdet[q])
			json_object_set_new(
				floor, ab_metric_name((enum run_q)q),
				json_pack("{s:o, s:o}", "cell_detect_median",
					  num(median(c->det[q], c->ndet[q])),
					  "global_detect_median",
					  num(median(c->gdet[q], c->ngdet[q]))));
	j = json_pack(
		"{s:{s:i, s:f, s:s, s:i, s:i, s:i, s:i, s:o, s:o, s:o, s:O}, s:O}",
		"gate", "gates", (int)n, "budget_minutes",
		strtod(c->budget, NULL), "config", c->config, "pass",
		(int)c->outcomes[ANA_PASS], "regression",
		(int)c->outcomes[ANA_REGRESSION], "inconclusive",
		(int)c->outcomes[ANA_INCONCLUSIVE], "false_verdicts",
		(int)c->outcomes[ANA_REGRESSION], "false_verdict_rate",
		num(n ? (double)c->outcomes[ANA_REGRESSION] / n : NAN),
		"false_verdict_cp95_upper", num(n ? hi : NAN),
		"detection_floor", floor, "aa", c->aa, "injected", c->inj);
	if (!j)
		return -ENOMEM;
	snprintf(path, sizeof(path), "%s/calibration.json", c->dir);
	if (json_dump_file(j, path, JSON_INDENT(1) | JSON_REAL_PRECISION(6)))
		return -EIO;
	json_decref(j);

	snprintf(path, sizeof(path), "%s/calibration.md", c->dir);
	f = fopen(path, "we");
	if (!f)
		return -errno;
	fprintf(f,
		"# irqlab calibrate --gate\n\n## A/B gate\n\n"
		"%u A/A gates of `%s`, %s minutes each: %u pass, %u inconclusive, "
		"%u regression (false verdicts: rate %.3f, Clopper-Pearson 95%% "
		"upper bound %.3f).\n\n"
		"| metric | median detect of a cell | median detect of the global cell |\n"
		"|---|---:|---:|\n",
		n, c->config, c->budget, c->outcomes[ANA_PASS],
		c->outcomes[ANA_INCONCLUSIVE], c->outcomes[ANA_REGRESSION],
		n ? (double)c->outcomes[ANA_REGRESSION] / n : NAN,
		n ? hi : NAN);
	for (int q = 0; q < RUN_NQ; q++)
		if (c->ndet[q] || c->ngdet[q])
			fprintf(f, "| %s | %.3f | %.3f |\n",
				ab_metric_name((enum run_q)q),
				median(c->det[q], c->ndet[q]),
				median(c->gdet[q], c->ngdet[q]));
	fprintf(f, "\n| injected change | outcome | pairs | minutes | cells "
		   "regressed |\n|---|---|---:|---:|---|\n");
	for (size_t i = 0; i < json_array_size(c->inj); i++) {
		json_t *r = json_array_get(c->inj, i), *cl;
		size_t k;

		fprintf(f, "| `%s` (threshold %.0f%%) | %s | %d | %.1f | ",
			json_string_value(json_object_get(r, "change")),
			100 * json_real_value(json_object_get(r, "threshold")),
			json_string_value(json_object_get(r, "outcome")),
			(int)json_integer_value(json_object_get(r, "pairs")),
			json_real_value(json_object_get(r, "minutes")));
		json_array_foreach(json_object_get(r, "cells_regressed"), k, cl)
			fprintf(f, "%s%s", k ? ", " : "",
				json_string_value(cl));
		fprintf(f, " |\n");
	}
	return fclose(f) ? -EIO : 0;
}

static int parse(struct cal *c, int argc, char **argv)
{
	static const struct option opts[] = {
		{ "gate", no_argument, NULL, 'g' },
		{ "gates", required_argument, NULL, 'n' },
		{ "gate-budget", required_argument, NULL, 'b' },
		{ "config", required_argument, NULL, 'c' },
		{ "entry-ns", required_argument, NULL, 'e' },
		{ "output", required_argument, NULL, 'o' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	bool gate = false;
	char *end;
	double x;
	int ch;

	optind = 0;
	opterr = 0;
	while ((ch = getopt_long(argc, argv, ":o:h", opts, NULL)) != -1) {
		switch (ch) {
		case 'g':
			gate = true;
			break;
		case 'n':
			c->gates = (unsigned int)strtoul(optarg, &end, 10);
			if (*end || !*optarg || c->gates < 1 || c->gates > 1000)
				return bad("--gates", optarg);
			break;
		case 'b':
			x = strtod(optarg, &end);
			if (*end || !(x >= 0.05 && x <= 600))
				return bad("--gate-budget", optarg);
			snprintf(c->budget, sizeof(c->budget), "%s", optarg);
			break;
		case 'c':
			if (access(optarg, R_OK))
				return bad("--config", optarg);
			c->config = optarg;
			break;
		case 'e':
			c->entry_ns = (unsigned int)strtoul(optarg, &end, 10);
			if (*end || !*optarg || c->entry_ns > 100000)
				return bad("--entry-ns", optarg);
			break;
		case 'o':
			c->dir = optarg;
			break;
		case 'h':
			fputs(usage, stdout);
			return BENCH_EXIT_OK;
		default:
			cli_bad_option("calibrate", ch, argv);
			return BENCH_EXIT_USAGE;
		}
	}
	if (!gate || optind < argc) {
		fprintf(stderr,
			"irqlab calibrate: the binary calibrates the gate (--gate); ./irqlab calibrate without it runs configs/calibrate.ini\n");
		return BENCH_EXIT_USAGE;
	}
	return -1;
}

/* The shifts' configs, then each shift's gate. Return: the exit status. */
static int injected(struct cal *c)
{
	for (size_t i = 0; i < sizeof(shifts) / sizeof(shifts[0]); i++) {
		char cfg[4200], tail[128], name[32];
		struct bench_ab_result res;
		int rc;

		snprintf(cfg, sizeof(cfg), "%s/b-%s.ini", c->dir,
			 shifts[i].name);
		if (shifts[i].section)
			snprintf(tail, sizeof(tail), "%s", shifts[i].section);
		else
			snprintf(tail, sizeof(tail),
				 "[cost.cpu]\nentry_ns = %u\n", c->entry_ns);
		if (derive(c->config, cfg, tail)) {
			fprintf(stderr, "irqlab calibrate: %s: cannot write\n",
				cfg);
			return BENCH_EXIT_FAIL;
		}
		snprintf(name, sizeof(name), "shift-%s", shifts[i].name);
		rc = gate(c, name, cfg, shifts[i].threshold, 1000 + i, &res);
		tail[strcspn(tail, "\n")] = ' ';
		tail[strcspn(tail, "\n")] = '\0';
		if (res.g.pairs)
			json_array_append_new(
				c->inj,
				inj_record(&res, shifts[i].gic_only, tail));
		fprintf(stderr,
			"irqlab calibrate: shift %s: %s after %u pairs, %.1f min\n",
			shifts[i].name,
			rc <= ANA_EXIT_INCONCLUSIVE ?
				ana_outcome_name(res.g.outcome) :
				"stopped",
			res.g.pairs, res.minutes);
		ab_gate_free(&res.g);
		if (rc != ANA_EXIT_PASS && rc != ANA_EXIT_REGRESSION &&
		    rc != ANA_EXIT_INCONCLUSIVE)
			return rc;
	}
	return 0;
}

/**
 * bench_ab_calibrate_main - irqlab calibrate --gate [OPTIONS]
 * @argc: the arguments from "calibrate" on
 * @argv: them
 * @self: this program: every gate's runs
 *
 * Return: the exit status.
 */
int bench_ab_calibrate_main(int argc, char **argv, const char *self)
{
	struct cal c = { .self = self,
			 .gates = 20,
			 .entry_ns = 60,
			 .config = IRQLAB_CONFIG_DIR "/ab.ini" };
	char dflt[4096], stamp[32];
	int rc = parse(&c, argc, argv);

	if (rc >= 0)
		return rc;
	if (!*c.budget)
		snprintf(c.budget, sizeof(c.budget), "1.5");
	if (!c.dir) {
		bench_utc_now(true, stamp, sizeof(stamp));
		snprintf(dflt, sizeof(dflt), "%s/calibrate-gate/%s",
			 IRQLAB_RESULTS_DIR, stamp);
		c.dir = dflt;
		mkdir(IRQLAB_RESULTS_DIR "/calibrate-gate", 0755);
	}
	if (mkdir(c.dir, 0755))
		return bad("-o", c.dir);
	c.aa = json_array();
	c.inj = json_array();
	rc = 0;
	for (unsigned int i = 1; i <= c.gates && !rc; i++) {
		struct bench_ab_result res;
		char name[32];
		int ret;

		snprintf(name, sizeof(name), "aa-%02u", i);
		ret = gate(&c, name, NULL, "10", i, &res);
		if (res.g.pairs)
			json_array_append_new(c.aa, aa_record(&c, &res));
		fprintf(stderr,
			"irqlab calibrate: A/A gate %u of %u: %s after %u pairs, %.1f min\n",
			i, c.gates,
			ret <= ANA_EXIT_INCONCLUSIVE ?
				ana_outcome_name(res.g.outcome) :
				"stopped",
			res.g.pairs, res.minutes);
		ab_gate_free(&res.g);
		if (ret != ANA_EXIT_PASS && ret != ANA_EXIT_REGRESSION &&
		    ret != ANA_EXIT_INCONCLUSIVE)
			rc = ret;
	}
	if (!rc)
		rc = injected(&c);
	if (write_out(&c)) {
		fprintf(stderr,
			"irqlab calibrate: %s/calibration.json: cannot write\n",
			c.dir);
		rc = rc ? rc : BENCH_EXIT_FAIL;
	}
	printf("irqlab calibrate: %s/calibration.json, %s/calibration.md\n",
	       c.dir, c.dir);
	json_decref(c.aa);
	json_decref(c.inj);
	for (int q = 0; q < RUN_NQ; q++) {
		free(c.det[q]);
		free(c.gdet[q]);
	}
	return rc;
}
