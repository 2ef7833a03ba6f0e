// SPDX-License-Identifier: GPL-2.0
/*
 * The report's A/A controls (docs/statistics.md). A design listed twice
 * ("flow" and "flow#2") is an A/A control: the same code on the same
 * stimuli, so every verdict between the two is a false one, and how
 * often they come is the method's error rate on this host; a
 * control_shift_ns makes the second copy a known amount slower, and how
 * often that is found is the method's power. Both go to the report and
 * to calibration.json.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "analysis/latency.h"
#include "report_internal.h"

/*
 * One control pair's verdicts, for the calibration table; a quantile
 * without enough rounds (a p99 its blocks do not resolve) is
 * IRQSTAT_UNKNOWN and counts in neither of that quantile's columns.
 */
struct control {
	uint64_t shift_ns;
	enum irqstat_verdict q[2]; /* p50, p99 */
	double p99_width; /* the p99 interval's hi / lo; NAN: none */
	double p99_ns; /* the first copy's median block p99; NAN: none */
};

/*
 * Why no p99 shift tried was found in 95% of its pairs, measured: how
 * wide the unshifted pairs' p99 intervals are, against the p99 itself.
 * A shift smaller than the interval's half-width is found less often
 * than the interval covers, whatever the method.
 */
static int p99_floor(struct doc *d, json_t *j, const struct control *c,
		     size_t n)
{
	double *w = calloc(n ? n : 1, sizeof(*w)),
	       *q = calloc(n ? n : 1, sizeof(*q));
	double width, p99, need;
	size_t m = 0;
	int ret = 0;

	if (!w || !q) {
		free(w);
		free(q);
		return -ENOMEM;
	}
	for (size_t i = 0; i < n; i++)
		if (!c[i].shift_ns) {
			w[m] = c[i].p99_width;
			q[m++] = c[i].p99_ns;
		}
	width = irqstat_median_finite(w, m);
	p99 = irqstat_median_finite(q, m);
	free(w);
	free(q);
	if (!isfinite(width) || !isfinite(p99)) {
		doc_para(
			d,
			"No unshifted pair resolved a p99 (a block needs 1,000 events for one): nothing here can say what shift a p99 could show.");
		return 0;
	}
	/* The lower bound clears 1 once the shift passes the lower half. */
	need = p99 * (sqrt(width) - 1);
	doc_para(
		d,
		"What keeps p99 from smaller shifts, measured on the unshifted pairs: their p99 intervals are %.2fx wide (median, hi / lo) around a block p99 of %.1f us (median of the first copies), so a shift must reach about %.1f us before the interval's lower bound clears 1; a 1 us shift is %.2f%% of that p99. The Host noise section says how much of that tail the host took.",
		width, p99 / 1e3, need / 1e3, 100.0 * 1e3 / p99);
	ret |= json_object_set_new(j, "p99_aa_width", json_real(width));
	ret |= json_object_set_new(j, "p99_block_ns", json_real(p99));
	ret |= json_object_set_new(j, "p99_shift_needed_ns", json_real(need));
	return ret ? -ENOMEM : 0;
}

/* The first copy of @ds, a control "flow#2"; NULL if it is none. */
static const struct run_design *control_of(const struct run_scenario *sc,
					   const struct run_design *ds)
{
	const char *hash = strchr(ds->design, '#');
	char base[64];

	if (!hash || (size_t)(hash - ds->design) >= sizeof(base))
		return NULL;
	snprintf(base, sizeof(base), "%.*s", (int)(hash - ds->design),
		 ds->design);
	return run_find_design(sc, base);
}

static int cmp_control(const void *a, const void *b)
{
	const struct control *x = a, *y = b;

	return (x->shift_ns > y->shift_ns) - (x->shift_ns < y->shift_ns);
}

/*
 * The row of the pairs [@c, @c + @n) of one shift; into @hit, per
 * quantile, how many got a verdict (unshifted: any, false; shifted:
 * higher, the shift found), and into @had how many could have.
 */
static int calibration_row(struct doc *d, json_t *rows, const struct control *c,
			   size_t n, size_t hit[2], size_t had[2])
{
	char cells[4][64];
	const char *row[4];

	for (int q = 0; q < 2; q++) {
		hit[q] = had[q] = 0;
		for (size_t k = 0; k < n; k++) {
			had[q] += c[k].q[q] != IRQSTAT_UNKNOWN;
			hit[q] += c->shift_ns ?
					  c[k].q[q] == IRQSTAT_HIGHER :
					  c[k].q[q] == IRQSTAT_HIGHER ||
						  c[k].q[q] == IRQSTAT_LOWER;
		}
		snprintf(cells[2 + q], 64, "%zu of %zu (%.0f%%)", hit[q],
			 had[q], had[q] ? 100.0 * hit[q] / had[q] : 0);
	}
	snprintf(cells[0], 64, "%llu%s", (unsigned long long)c->shift_ns,
		 c->shift_ns ? "" : " (A/A)");
	snprintf(cells[1], 64, "%zu", n);
	for (int x = 0; x < 4; x++)
		row[x] = cells[x];
	doc_row(d, row);
	return json_array_append_new(
		rows,
		json_pack("{s:I, s:I, s:I, s:I, s:I, s:I}", "shift_ns",
			  (json_int_t)c->shift_ns, "pairs", (json_int_t)n,
			  "p50_pairs", (json_int_t)had[0], "p50_verdicts",
			  (json_int_t)hit[0], "p99_pairs", (json_int_t)had[1],
			  "p99_verdicts", (json_int_t)hit[1]));
}

/* calibration.json: the level, the rows, the smallest shifts found. */
static int calibration_json(struct report *rp, json_t *j, json_t *rows,
			    const uint64_t smallest[2])
{
	char path[4200];
	int ret = 0;

	ret |= json_object_set_new(j, "level", json_real(REPORT_LEVEL));
	ret |= json_object_set_new(j, "pairs", rows);
	ret |= json_object_set_new(
		j, "smallest_p50_shift_ns",
		smallest[0] ? json_integer((json_int_t)smallest[0]) :
			      json_null());
	ret |= json_object_set_new(
		j, "smallest_p99_shift_ns",
		smallest[1] ? json_integer((json_int_t)smallest[1]) :
			      json_null());
	if (ret)
		return -ENOMEM;
	snprintf(path, sizeof(path), "%s/calibration.json", rp->run.dir);
	if (json_dump_file(j, path, JSON_INDENT(2) | JSON_SORT_KEYS)) {
		snprintf(rp->err, rp->errlen, "%s: cannot write it", path);
		return -EIO;
	}
	return 0;
}

/*
 * The method's own error rates on this host, from the run's controls:
 * unshifted pairs give the false-verdict rate, shifted ones how often a
 * shift of a known size is found. Also written to calibration.json.
 */
static int calibration(struct report *rp, struct doc *d, struct control *c,
		       size_t n)
{
	static const char *const head[] = { "shift (ns)", "pairs",
					    "p50 verdicts", "p99 verdicts" };
	uint64_t smallest[2] = { 0, 0 };
	json_t *j = json_object(), *rows = json_array();
	char w[2][48];
	int ret = 0;

	if (!j || !rows) {
		json_decref(j);
		json_decref(rows);
		return -ENOMEM;
	}
	qsort(c, n, sizeof(*c), cmp_control);
	doc_para(
		d,
		"What the verdicts are worth on this host, from these pairs: with no shift, how often a pair got a verdict anyway (the false-verdict rate; at most 5%% is the method's promise); with a known shift (control_shift_ns: the second copy stamps its entry that much later), how often the shift was found. Each quantile counts the pairs with enough rounds of it (a block resolves a p99 only from 1,000 events). Few pairs give a rough rate: read the counts.");
	doc_table(d, 4, 0, head);
	for (size_t i = 0, k; i < n; i = k) {
		size_t hit[2], had[2];

		for (k = i; k < n && c[k].shift_ns == c[i].shift_ns; k++)
			;
		ret |= calibration_row(d, rows, &c[i], k - i, hit, had);
		for (int q = 0; q < 2; q++)
			if (c[i].shift_ns && !smallest[q] && had[q] &&
			    hit[q] * 100 >= 95 * had[q])
				smallest[q] = c[i].shift_ns;
	}
	doc_table_end(d);
	for (int q = 0; q < 2; q++)
		snprintf(w[q], sizeof(w[q]),
			 smallest[q] ? "%llu ns" : "none of those tried",
			 (unsigned long long)smallest[q]);
	doc_para(
		d,
		"Smallest shift found in at least 95%% of its pairs: p50 %s, p99 %s.",
		w[0], w[1]);
	if (!smallest[1] || smallest[1] > 1000)
		ret |= p99_floor(d, j, c, n);
	if (ret) {
		json_decref(j);
		json_decref(rows);
		return -ENOMEM;
	}
	ret = calibration_json(rp, j, rows, smallest);
	json_decref(j);
	return ret;
}

/**
 * report_controls_applies - whether a scenario lists a design twice
 * @r: the run
 */
bool report_controls_applies(const struct run *r)
{
	for (size_t i = 0; i < r->nsc; i++)
		for (size_t k = 0; k < r->sc[i].nd; k++)
			if (control_of(&r->sc[i], &r->sc[i].d[k]))
				return true;
	return false;
}

/* The row of the pair @ds / @a of @sc; its verdicts into @c. */
static void control_row(struct doc *d, const struct run_scenario *sc,
			const struct run_design *ds, const struct run_design *a,
			struct control *c, bool *counted)
{
	char pair[160], shift[32], cr[2][64], verdict[256];
	const char *cells[6];
	struct vs_base v;

	report_versus(ds, a, &v);
	/*
	 * A quantile without enough rounds tells nothing of it, and the
	 * pair still calibrates the other (a p99 its blocks do not resolve
	 * leaves the p50's calibration standing).
	 */
	*counted = v.p50.enough || v.p99.enough;
	/* Per pair at 95%: this calibrates the per-cell level itself. */
	*c = (struct control){
		.shift_ns = sc->control_shift_ns,
		.q = { irqstat_verdict(&v.p50), irqstat_verdict(&v.p99) },
		.p99_width = v.p99.enough ? v.p99.hi / v.p99.lo : NAN,
		.p99_ns = latency_block_median(a, RUN_Q99),
	};
	report_fmt_ratio(cr[0], 64, &v.p50);
	report_fmt_ratio(cr[1], 64, &v.p99);
	report_fmt_verdict(verdict, sizeof(verdict), &v);
	snprintf(pair, sizeof(pair), "%s / %s", ds->design, a->design);
	snprintf(shift, sizeof(shift), "%llu",
		 (unsigned long long)sc->control_shift_ns);
	cells[0] = sc->name;
	cells[1] = pair;
	cells[2] = shift;
	cells[3] = cr[0];
	cells[4] = cr[1];
	cells[5] = verdict;
	doc_row(d, cells);
}

/**
 * report_controls - each A/A pair's ratios and verdict, and calibration
 * @rp: the report
 * @d: its document
 *
 * Return: 0, or -errno with rp->err set (no memory, calibration.json).
 */
int report_controls(struct report *rp, struct doc *d)
{
	static const char *const head[] = { "scenario",	  "pair",
					    "shift (ns)", "p50 ratio",
					    "p99 ratio",  "verdict" };
	const struct run *r = &rp->run;
	struct control *c = NULL, *more;
	size_t n = 0;
	int ret = 0;

	doc_para(
		d,
		"A design listed twice in a scenario runs twice per round on the same stimuli: without a shift, any verdict between the two copies is a false one, and at 95%% about one pair in twenty may get one by chance. "
		"Each pair is judged alone here, at the level of one cell, because that level is what this section calibrates; the finding above counts a run's comparisons together (Holm).");
	doc_table(d, 6, 2, head);
	for (size_t i = 0; i < r->nsc && !ret; i++) {
		const struct run_scenario *sc = &r->sc[i];

		for (size_t k = 0; k < sc->nd && !ret; k++) {
			const struct run_design *a = control_of(sc, &sc->d[k]);
			bool counted;

			if (!a)
				continue;
			more = realloc(c, (n + 1) * sizeof(*c));
			if (!more) {
				ret = -ENOMEM;
				break;
			}
			c = more;
			control_row(d, sc, &sc->d[k], a, &c[n], &counted);
			n += counted;
		}
	}
	if (!ret) {
		doc_table_end(d);
		if (n)
			ret = calibration(rp, d, c, n);
		else
			doc_para(
				d,
				"No pair had enough rounds for an interval: no calibration of the verdicts.");
	}
	free(c);
	if (ret == -ENOMEM)
		snprintf(rp->err, rp->errlen, "out of memory");
	return ret;
}
