// SPDX-License-Identifier: GPL-2.0
/*
 * irqlab history (history.h): the runs read, the steps judged, the index
 * written, the figure drawn, and on @out what was found: each step with
 * irqlab compare's outcome (and, for the cell asked, its p50 and p99
 * verdicts), then the steps that regressed.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "analysis/history.h"
#include "history_internal.h"

/* "SCENARIO/DESIGN" into its halves; NULL: the first cell of the runs. */
static int cell_pick(const char *cell, const struct h_run *runs, size_t n,
		     char *sc, char *d, size_t len, char *err, size_t errlen)
{
	const char *slash = cell ? strchr(cell, '/') : NULL;

	if (cell && (!slash || slash == cell || !slash[1])) {
		snprintf(err, errlen, "--cell %s: not SCENARIO/DESIGN", cell);
		return -EINVAL;
	}
	if (cell) {
		snprintf(sc, len, "%.*s", (int)(slash - cell), cell);
		snprintf(d, len, "%s", slash + 1);
		return 0;
	}
	for (size_t i = 0; i < n; i++)
		if (runs[i].nc) {
			snprintf(sc, len, "%s", runs[i].c[0].scenario);
			snprintf(d, len, "%s", runs[i].c[0].design);
			return 0;
		}
	snprintf(err, errlen, "no run has a cell to plot");
	return -ENOENT;
}

static void verdict_of(const struct h_step *s, const char *sc, const char *d,
		       FILE *out)
{
	for (size_t k = 0; k < s->nv; k++) {
		const struct h_verdict *v = &s->v[k];

		if (strcmp(v->scenario, sc) || strcmp(v->design, d))
			continue;
		fprintf(out, "      %s/%s %s: %.0f -> %.0f ns", sc, d,
			v->metric, v->base, v->run);
		if (isfinite(v->lo) && isfinite(v->hi))
			fprintf(out, ", ratio %.3f [%.3f, %.3f]", v->ratio,
				v->lo, v->hi);
		fprintf(out, ": %s\n", *v->verdict ? v->verdict : "-");
	}
}

/* Each step with its outcome; then those that regressed. How many. */
static size_t tell(const struct h_step *steps, size_t n, const char *sc,
		   const char *d, FILE *out)
{
	size_t bad = 0;

	fprintf(out,
		"\nSteps (each build against the one before it on the same host and config, by irqlab compare --metric p50 --metric p99):\n");
	if (!n)
		fprintf(out, "  none: no host and config has two builds\n");
	for (size_t i = 0; i < n; i++) {
		const struct h_step *s = &steps[i];

		fprintf(out,
			"  %zu. host %s, config %.8s: %s (%zu run%s) -> %s (%zu run%s): %s\n",
			i + 1, s->host, *s->config ? s->config : "none",
			s->from, s->nfrom, s->nfrom == 1 ? "" : "s", s->to,
			s->nto, s->nto == 1 ? "" : "s", s->outcome);
		verdict_of(s, sc, d, out);
		bad += !strcmp(s->outcome, "regression");
	}
	fprintf(out, "\nRegressed steps: %s\n", bad ? "" : "none");
	for (size_t i = 0; i < n; i++)
		if (!strcmp(steps[i].outcome, "regression"))
			fprintf(out, "  %zu. host %s: %s -> %s\n", i + 1,
				steps[i].host, steps[i].from, steps[i].to);
	return bad;
}

int history_build(char *const *runs, size_t nruns, const struct history_opts *o,
		  FILE *out, char *err, size_t errlen)
{
	struct h_run *h = NULL;
	struct h_step *steps = NULL;
	size_t nsteps = 0, cells = 0, bad;
	char sc[256], d[256];
	int ret;

	ret = h_runs_load(runs, nruns, &h, err, errlen);
	if (ret)
		return ret;
	ret = cell_pick(o->cell, h, nruns, sc, d, sizeof(sc), err, errlen);
	if (!ret)
		ret = h_steps(h, nruns, &steps, &nsteps, err, errlen);
	if (!ret)
		ret = h_db_write(o->db, h, nruns, steps, nsteps, err, errlen);
	if (!ret && o->plot)
		ret = h_plot(o->plot, sc, d, h, nruns, steps, nsteps, err,
			     errlen);
	if (ret)
		goto out;
	for (size_t i = 0; i < nruns; i++)
		cells += h[i].nc;
	fprintf(out, "irqlab history: %zu runs, %zu cells indexed into %s\n",
		nruns, cells, o->db);
	if (o->plot)
		fprintf(out, "figure: %s (%s/%s)\n", o->plot, sc, d);
	bad = tell(steps, nsteps, sc, d, out);
	ret = bad ? 1 : 0;
out:
	h_steps_free(steps, nsteps);
	h_runs_free(h, nruns);
	return ret;
}
