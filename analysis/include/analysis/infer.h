/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Inference over independent units that are few and precious: pairs of
 * runs taken one after the other (the A/B gate), and runs. The Wilcoxon
 * signed-rank test with its Hodges-Lehmann interval, Holm's step-down
 * over a family of cells, and the Clopper-Pearson interval of a rate.
 * No dependency beyond libc and libm; part of irqlab_stats.
 */
#ifndef ANALYSIS_INFER_H
#define ANALYSIS_INFER_H

#include <stdbool.h>
#include <stddef.h>

/*
 * A shift of one cell, from the log ratios of its units (one per pair:
 * ln B - ln A). Ratios are exp() of the log scale.
 */
struct irqstat_shift {
	bool valid; /* at least one non-zero unit: a point */
	bool enough; /* an interval at the level asked could be given */
	unsigned int n; /* units used (zeros and non-numbers left out) */
	double point; /* exp(Hodges-Lehmann estimate): median Walsh average */
	double lo, hi; /* the interval, as ratios; 0 and +inf if !enough */
	double level; /* the coverage it has (exact: at least the asked) */
	double p_up; /* one-sided p of "no increase": P(W+ >= observed) */
	double p_down; /* one-sided p of "no decrease": P(W+ <= observed) */
	double detect; /* hi / lo: the smallest ratio the cell could show */
};

/**
 * irqstat_signrank - Wilcoxon signed-rank test and interval
 * @d: log ratios, one per independent unit; non-finite values are left
 *     out, and so are exact zeros (Wilcoxon's convention)
 * @n: how many
 * @level: two-sided coverage wanted, in (0, 1)
 * @out: the result
 *
 * Valid when the units' log ratios are symmetric about their median
 * under no change, which the A/B gate makes true by design: each pair's
 * order (AB or BA) is drawn at random, so drift enters d with either
 * sign alike. The null distribution of W+ is exact (a count over rank
 * sums) up to 300 units and normal beyond; ties in |d| are ranked in
 * the order met. The interval is the Hodges-Lehmann one: the order
 * statistics of the n(n+1)/2 Walsh averages whose ranks the exact
 * quantiles of W+ give. Fewer units than @level allows: a point and
 * p-values, out->enough false. @detect is the interval's width: a
 * shift of that size moves the lower bound past no-change about as
 * often as the interval covers.
 */
void irqstat_signrank(const double *d, size_t n, double level,
		      struct irqstat_shift *out);

/* The fewest non-zero units with which a one-sided p can reach @alpha:
 * ceil(log2(1 / alpha)); the gate runs at least this many pairs. */
unsigned int irqstat_signrank_min_units(double alpha);

/**
 * irqstat_holm - Holm's step-down over a family
 * @p: one p-value per hypothesis (NAN: never rejected, still counted)
 * @n: the family's size
 * @alpha: family-wise error rate
 * @reject: set per hypothesis
 *
 * Sorted ascending, p_(i) is rejected while p_(j) <= alpha / (n - j) for
 * every j <= i: the family-wise error is at most @alpha under any
 * dependence, and every hypothesis Bonferroni rejects, Holm does too.
 * Return: how many were rejected; -ENOMEM.
 */
int irqstat_holm(const double *p, size_t n, double alpha, bool *reject);

/**
 * irqstat_clopper_pearson - exact interval of a binomial rate
 * @k: successes; @n: trials (n >= 1, k <= n)
 * @level: two-sided coverage
 * @lo, @hi: the interval; [0, 1] when n is 0
 *
 * Each bound solves P(X >= k | lo) = (1 - level) / 2, P(X <= k | hi) =
 * (1 - level) / 2, by bisection: at least @level coverage for every rate.
 */
void irqstat_clopper_pearson(unsigned int k, unsigned int n, double level,
			     double *lo, double *hi);

/**
 * irqstat_ranksum - Hodges-Lehmann shift of two samples, Mann-Whitney interval
 * @x: the base's units (one summary per run), @nx of them
 * @y: the other side's, @ny of them; non-finite values are left out
 * @level: two-sided coverage wanted
 * @out: the shift of y over x; n is nx + ny
 *
 * For runs as units where each side has several: no pairing, no
 * symmetry, no normality; only that under no change the runs of both
 * sides are exchangeable. The point is the median of the nx * ny
 * differences y_j - x_i; the interval their order statistics at the
 * exact quantiles of the Mann-Whitney U (normal beyond 60 units in
 * all). The smallest p a split can reach is 1 / C(nx + ny, nx) a side:
 * 3 runs a side cannot give a 95% interval (1/20 > 2.5%), 4 a side can.
 * p_up, p_down: one-sided p of "no increase" and "no decrease".
 */
void irqstat_ranksum(const double *x, size_t nx, const double *y, size_t ny,
		     double level, struct irqstat_shift *out);

/* Whether irqstat_ranksum() can give a two-sided interval at @level with
 * @nx and @ny units: 2 / C(nx + ny, nx) <= 1 - level. */
bool irqstat_ranksum_can(size_t nx, size_t ny, double level);

/**
 * irqstat_runs_shift - shift of run summaries, spread from replicates
 * @x, @nx: the base's run summaries (log scale); @y, @ny the other side's
 * @var: the variance of one run's summary, estimated from replicates
 *	(runs of one build), never from the difference being tested
 * @df: its degrees of freedom; 0 or less: unknown, no interval
 * @level: two-sided coverage
 * @out: the shift of the means, y over x, with Student's t interval
 *
 * For sides too small for irqstat_ranksum() (one run against replicates
 * of the base): the difference of the side means has variance
 * var (1/nx + 1/ny). p_up and p_down are the t test's one-sided p.
 */
void irqstat_runs_shift(const double *x, size_t nx, const double *y, size_t ny,
			double var, double df, double level,
			struct irqstat_shift *out);

/**
 * irqstat_pooled_var - one run-to-run variance from many cells' replicates
 * @v: per cell, the sample variance of its runs about their side means
 * @n: cells
 * @k: the degrees of freedom each @v has (runs less sides)
 * @df: set to the degrees of freedom the estimate is given
 *
 * The median of the cells' variances over the median of chi^2_k / k, so
 * that a few cells a host stall blew up in one run do not set the spread
 * of all; a median is about 2/pi as efficient as a mean, which @df says.
 * Return: the variance; 0 with *df 0 when no cell has a replicate.
 */
double irqstat_pooled_var(const double *v, size_t n, double k, double *df);

/**
 * irqstat_sign_p - two-sided p of the sign test over @n differences
 * @d: differences (log ratios of paired rounds); zeros and non-finite
 *	values are left out
 *
 * 2 P(Bin(m, 1/2) <= min(pos, neg)), at most 1: the test the paired
 * rounds' interval (irqstat_paired_ci()) inverts. Return: 1 for no unit.
 */
double irqstat_sign_p(const double *d, size_t n);

#endif /* ANALYSIS_INFER_H */
