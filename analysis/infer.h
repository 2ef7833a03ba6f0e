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

#endif /* ANALYSIS_INFER_H */
