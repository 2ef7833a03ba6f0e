/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Statistics over latency samples (ns, unsigned 64-bit): exact order
 * statistics, log-linear histograms, and bootstrap confidence intervals of
 * a ratio of quantiles. Shared by the harness (summary.json), the trace
 * sink and the report; no dependency beyond libc and libm.
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
 * A ratio of the nearest-rank quantile @permille/1000 of two sample sets,
 * a / b, with a percentile-bootstrap confidence interval.
 */
struct irqstat_ratio {
	bool valid; /* both sets non-empty and b's quantile non-zero */
	double point; /* q(a) / q(b) */
	double lo, hi; /* the interval */
	double level; /* its coverage, e.g. 0.95 */
	unsigned int iters; /* bootstrap replicates */
};

/* What an interval says: only one that excludes 1 is a verdict. */
enum irqstat_verdict {
	IRQSTAT_SAME, /* the interval contains 1: no difference shown */
	IRQSTAT_LOWER, /* a is lower than b: the interval is below 1 */
	IRQSTAT_HIGHER, /* a is higher than b: the interval is above 1 */
};

/**
 * irqstat_ratio_ci - bootstrap interval of q(a) / q(b)
 * @a: sorted ascending, @na values; @b likewise
 * @permille: the quantile (500: the median, 990: p99)
 * @iters: replicates (e.g. 2000)
 * @level: coverage, in (0, 1)
 * @seed: the generator's seed: the same seed gives the same interval
 *
 * Each replicate resamples both sets with replacement, independently. The
 * k-th smallest of n values resampled from sorted @v is v[floor(U * n)]
 * with U the k-th smallest of n uniforms, which is Beta(k, n - k + 1)
 * distributed; so a replicate costs one Beta draw per set rather than n
 * draws and a selection, and is exactly the ordinary bootstrap.
 *
 * Return: 0, or -ENOMEM. out->valid says whether there was a ratio.
 */
int irqstat_ratio_ci(const uint64_t *a, size_t na, const uint64_t *b, size_t nb,
		     unsigned int permille, unsigned int iters, double level,
		     uint64_t seed, struct irqstat_ratio *out);

enum irqstat_verdict irqstat_verdict(const struct irqstat_ratio *r);

/* A seeded generator (splitmix64), for the bootstrap and the tests. */
struct irqstat_rng {
	uint64_t s;
};

uint64_t irqstat_rng_next(struct irqstat_rng *r);
double irqstat_rng_uniform(struct irqstat_rng *r); /* in [0, 1) */
/* Beta(@a, @b), a, b > 0 (Marsaglia-Tsang gammas). */
double irqstat_rng_beta(struct irqstat_rng *r, double a, double b);

#endif /* ANALYSIS_STATS_H */
