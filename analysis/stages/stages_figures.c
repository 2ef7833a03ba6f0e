// SPDX-License-Identifier: GPL-2.0
/*
 * The figures of the stage state machine (stages.h): the tracepoint
 * cost from the calibrate spacings' histogram (exact median, quartiles
 * and central 95%), and each series' mean and quantiles with their band,
 * widened by the cost's spread for every interval a value spans, and
 * judged resolved or not by one rule (docs/analysis.md, "Figures and the
 * tracer's resolution").
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "stages_internal.h"

const char *const stages_fig_names[STAGES_NR_FIGS] = {
	"mean", "p50", "p90", "p99", "p999",
};

/* The quantiles of stages_fig_names[1..], in permille. */
static const unsigned int fig_permille[STAGES_NR_FIGS] = { 0, 500, 900, 990,
							   999 };

/* Standard normal quantile of a two-sided 95% interval. */
#define Z95 1.959964

/*
 * The 95% distribution-free interval of the nearest-rank quantile
 * @permille/1000 of @n values: 0-based ranks [*lo, *hi] from the normal
 * approximation of the binomial count of values below the quantile. Only
 * exchangeable values are assumed, as the sink does everywhere.
 */
static void os_ranks(size_t n, unsigned int permille, size_t *lo, size_t *hi)
{
	double p = permille / 1000.0, np = (double)n * p;
	double h = Z95 * sqrt(np * (1 - p));
	size_t r = irqstat_rank(n, permille);
	double l = floor(np - h) - 1, u = ceil(np + h);

	*lo = l < 0 ? 0 : (size_t)l;
	*hi = u > (double)(n - 1) ? n - 1 : (size_t)u;
	if (*lo > r)
		*lo = r;
	if (*hi < r)
		*hi = r;
}

/* The 0-based nearest rank of the quantile @q (0 < q < 1) of @n. */
static uint64_t rank_frac(uint64_t n, double q)
{
	double r = ceil(q * (double)n);

	return r > 1 ? (uint64_t)r - 1 : 0;
}

/* The 0-based @r-th smallest calibrate spacing; overflows rank last. */
static double calib_at(const struct stages *s, uint64_t r)
{
	uint64_t seen = 0;

	for (size_t i = 0; i < STAGES_CALIB_MAX; i++) {
		seen += s->calib_hist[i];
		if (seen > r)
			return (double)i;
	}
	return STAGES_CALIB_MAX; /* a lower bound */
}

void stages_calibration(const struct stages *s, struct stages_calibration *c)
{
	uint64_t n = s->calib_pairs;
	size_t lo, hi;

	memset(c, 0, sizeof(*c));
	if (!n)
		return;
	c->pairs = n;
	c->overflow = s->calib_over;
	c->mean = (double)s->calib_sum / (double)n;
	c->median = n % 2 ? calib_at(s, n / 2) :
			    (calib_at(s, n / 2 - 1) + calib_at(s, n / 2)) / 2;
	c->p25 = calib_at(s, irqstat_rank(n, 250));
	c->p75 = calib_at(s, irqstat_rank(n, 750));
	c->p025 = calib_at(s, rank_frac(n, 0.025));
	c->p975 = calib_at(s, rank_frac(n, 0.975));
	/* The interval's half-width, in standard errors: 1.96. */
	os_ranks(n, 500, &lo, &hi);
	c->median_se = (calib_at(s, hi) - calib_at(s, lo)) / (2 * Z95);
}

void stages_figure_judge(struct stages_figure *f)
{
	f->pm = fmax(f->value - f->lo, f->hi - f->value);
	f->resolved = f->lo > 0 && f->value >= f->resolution;
}

void stages_figure_add(struct stages_figure *sum, const struct stages_figure *f)
{
	sum->value += f->value;
	sum->lo += f->lo;
	sum->hi += f->hi;
	sum->k += f->k;
	sum->resolution += f->resolution;
	stages_figure_judge(sum);
}

void stages_figure_format(const struct stages_figure *f, int decimals,
			  bool terse, char *buf, size_t len)
{
	if (f->resolved)
		snprintf(buf, len, terse ? "%.*f±%.*f" : "%.*f ± %.*f",
			 decimals, f->value, decimals, f->pm);
	else if (terse)
		snprintf(buf, len, "unresolved(±%.0f)", f->pm);
	else
		snprintf(buf, len, STAGES_UNRESOLVED " (± %.0f ns)", f->pm);
}

/**
 * stages_keyed_figures - the figures of a sorted series
 * @kd: the series' keys (stages_run_keys())
 * @c: the calibration, whose median was subtracted k times from a value
 *	of k intervals
 * @fig: receives STAGES_NR_FIGS figures, all 0 for no values
 *
 * A higher cost lowers every value: the band's low end takes k times
 * p975 - median off, its high end adds k times median - p025. The
 * central 95% rather than the quartiles: a stage's quantile carries the
 * cost of its events as they fell, and for p90 of a stage of fixed
 * length that is the cost's own p90.
 */
void stages_keyed_figures(const struct keyed *kd,
			  const struct stages_calibration *c,
			  struct stages_figure *fig)
{
	double down = c->p975 - c->median, up = c->median - c->p025;
	long double sum = kd->sum, ss = 0;
	size_t n = kd->n;

	memset(fig, 0, STAGES_NR_FIGS * sizeof(*fig));
	if (!n)
		return;
	fig[0].value = (double)(sum / n);
	for (size_t j = 0; j < n; j++) {
		double x = keyed_x(kd, j);

		ss += (x - sum / n) * (x - sum / n);
	}
	fig[0].k = (double)(kd->ksum / n);
	fig[0].lo = fig[0].hi = fig[0].value;
	if (n > 1) {
		double se = sqrt((double)(ss / (n - 1)) / (double)n);

		fig[0].lo -= Z95 * se;
		fig[0].hi += Z95 * se;
	}
	for (int f = 1; f < STAGES_NR_FIGS; f++) {
		size_t r = irqstat_rank(n, fig_permille[f]), lo, hi;
		uint32_t k = 0;

		os_ranks(n, fig_permille[f], &lo, &hi);
		for (size_t j = lo; j <= hi; j++)
			k = keyed_k(kd, j) > k ? keyed_k(kd, j) : k;
		fig[f].value = keyed_x(kd, r);
		fig[f].lo = keyed_x(kd, lo);
		fig[f].hi = keyed_x(kd, hi);
		fig[f].k = k;
	}
	for (int f = 0; f < STAGES_NR_FIGS; f++) {
		fig[f].lo -= fig[f].k * down;
		fig[f].hi += fig[f].k * up;
		fig[f].resolution = fig[f].k * (c->p975 - c->p025);
		stages_figure_judge(&fig[f]);
	}
}
