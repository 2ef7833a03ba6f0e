/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Statistics over latency samples (ns, unsigned 64-bit): exact order
 * statistics, log-linear histograms, and confidence intervals of a ratio
 * of quantiles over blocks and runs. Shared by the harness (summary.json),
 * the trace sink, the report and compare; no dependency beyond libc and
 * libm.
 */
#ifndef ANALYSIS_STATS_H
#define ANALYSIS_STATS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * Order statistics of one sample set. Percentiles are nearest-rank:
 * p(q) = v[ceil(q * n) - 1] of the sorted values, no interpolation.
 * stddev is the sample standard deviation (n - 1); 0 when n < 2. Every
 * field is 0 for an empty set.
 */
struct irqstat {
	uint64_t count;
	uint64_t min, p50, p90, p99, p999, max;
	double mean, stddev;
};

/* The 0-based index of the nearest-rank quantile @permille/1000 of @n. */
size_t irqstat_rank(size_t n, unsigned int permille);

/* Sorts @v (n values) in place and fills @out. */
void irqstat_compute(uint64_t *v, size_t n, struct irqstat *out);

/* The same over values already sorted ascending. */
void irqstat_compute_sorted(const uint64_t *v, size_t n, struct irqstat *out);

void irqstat_sort(uint64_t *v, size_t n);

/*
 * A log-linear histogram (HdrHistogram's layout): values below 2^sub_bits
 * get a bucket each; above, every power of two [2^m, 2^(m+1)) is split into
 * 2^sub_bits equal buckets, so a bucket is never wider than 1/2^sub_bits
 * of its lower bound. Values >= 2^max_exp are counted in @overflow only.
 */
struct loghist {
	unsigned int sub_bits; /* 1..10 */
	unsigned int max_exp; /* sub_bits < max_exp <= 63 */
	size_t nbuckets;
	uint64_t *counts;
	uint64_t overflow;
	uint64_t total; /* every value added, overflow included */
};

/* 0, or -EINVAL for bad parameters, -ENOMEM. */
int loghist_init(struct loghist *h, unsigned int sub_bits,
		 unsigned int max_exp);
void loghist_free(struct loghist *h);
void loghist_add(struct loghist *h, uint64_t v);
/* The bucket a value falls in; nbuckets for an overflow. */
size_t loghist_index(const struct loghist *h, uint64_t v);
/* Bucket @i holds [loghist_low(i), loghist_low(i) + loghist_width(i)). */
uint64_t loghist_low(const struct loghist *h, size_t i);
uint64_t loghist_width(const struct loghist *h, size_t i);

/*
 * A ratio of a quantile between two designs or two builds, x / y, with a
 * confidence interval computed over the units the variation lives in:
 * rounds of interleaved blocks within one run, or runs (docs/statistics.md).
 * Events are never the unit: a host stall delays a run of consecutive
 * events, and a block keeps one coalescing mode for its whole length.
 */
struct irqstat_effect {
	bool valid; /* a point ratio: at least one unit with both sides */
	bool enough; /* an interval: at least the units it needs */
	unsigned int n; /* units used: rounds, or runs */
	double point; /* exp of the mean (runs) or median (rounds) log ratio */
	double lo, hi; /* the interval, when enough */
	double level; /* its coverage, e.g. 0.95 (rounds: at least) */
	double df; /* degrees of freedom of the t quantile (runs) */
	double p; /* two-sided p of no difference (rounds: the sign test's) */
};

/* Fewer paired rounds than this give no interval at 95%: 2/2^5 > 5%. */
#define IRQSTAT_MIN_ROUNDS 6

/* What an interval says: only one that excludes 1 is a verdict. */
enum irqstat_verdict {
	IRQSTAT_SAME, /* the interval contains 1: no difference shown */
	IRQSTAT_LOWER, /* x is lower than y: the interval is below 1 */
	IRQSTAT_HIGHER, /* x is higher than y: the interval is above 1 */
	IRQSTAT_UNKNOWN, /* not enough units to tell */
};

enum irqstat_verdict irqstat_verdict(const struct irqstat_effect *e);

/* The median of the finite values among @v's @n (moved to its front and
 * sorted there); NAN if there is none. */
double irqstat_median_finite(double *v, size_t n);

/* The nearest-rank quantile @permille/1000 of @v (sorted in place); NAN if
 * @n is 0. */
double irqstat_quantile(uint64_t *v, size_t n, unsigned int permille);

/* P(T <= @t) for Student's t with @df > 0 degrees of freedom. */
double irqstat_t_cdf(double t, double df);

/* The @p quantile (0 < p < 1) of Student's t with @df > 0 degrees of
 * freedom; the normal's for df = INFINITY. */
double irqstat_t_quantile(double p, double df);

/**
 * irqstat_paired_ci - paired-rounds interval of x / y
 * @x: a quantile of design x in each round (block b of x), @n rounds
 * @y: the same quantile of design y in the same rounds
 * @level: the coverage wanted, in (0, 1)
 *
 * Rounds where either value is not a positive number (an empty block) are
 * left out. The log ratios d_r = ln x_r - ln y_r are the units: drift
 * that hits both blocks of a round cancels, and whatever correlates the
 * events of a block stays inside one unit. The point is exp(median d);
 * the interval is the sign test's, [d_(k), d_(n-k+1)] of the sorted
 * ratios, which covers the median at least at @level for rounds of any
 * distribution, so that a few rounds a host stall blew up move it by a
 * rank, not by their size. out->level is the coverage it has; out->p the
 * sign test's two-sided p, for a step-down over a family. Fewer than
 * IRQSTAT_MIN_ROUNDS rounds: a point, and out->enough false.
 */
void irqstat_paired_ci(const double *x, const double *y, size_t n, double level,
		       struct irqstat_effect *out);

/*
 * One run of one scenario x design, summarised for comparisons across
 * runs: the median of its per-block log quantiles, so that one block a
 * host stall blew up moves the run by one rank, not by its size (a mean
 * moved 1.26x for one block 100x slower), and the spread between its
 * blocks, robustly (the median absolute deviation).
 */
struct irqstat_runsum {
	double centre; /* median over blocks of ln q_block */
	double within; /* the median's variance from its blocks' spread:
			* (1.2533 x 1.4826 MAD)^2 / blocks; INFINITY with 1 */
	unsigned int blocks; /* blocks with a value */
};

/* Summarise per-block quantiles @q (@n blocks; non-positive: skipped).
 * out->blocks is 0 when none had a value. */
void irqstat_runsum(const double *q, size_t n, struct irqstat_runsum *out);

/* A seeded generator (splitmix64), for the bootstrap and the tests. */
struct irqstat_rng {
	uint64_t s;
};

uint64_t irqstat_rng_next(struct irqstat_rng *r);
double irqstat_rng_uniform(struct irqstat_rng *r); /* in [0, 1) */
/* Beta(@a, @b), a, b > 0 (Marsaglia-Tsang gammas). */
double irqstat_rng_beta(struct irqstat_rng *r, double a, double b);

#endif /* ANALYSIS_STATS_H */
