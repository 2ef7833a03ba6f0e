// SPDX-License-Identifier: GPL-2.0
/*
 * Statistics over latency samples: order statistics from a sort (a radix
 * sort: a few hundred thousand values take a millisecond, off the hot
 * path), log-linear histograms, and intervals of a ratio of quantiles
 * over blocks and runs (stats.h, docs/statistics.md).
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "analysis/stats.h"

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

/*
 * LSD radix sort, a byte per pass, skipping the bytes every value shares
 * (latencies in ns rarely use more than three): a trace's millions of
 * values sort several times faster than by qsort, which was the largest
 * single cost of the trace sink.
 */
static int radix_sort(uint64_t *v, size_t n)
{
	size_t(*count)[256] = calloc(8, sizeof(*count));
	uint64_t *tmp = malloc(n * sizeof(*tmp)), *src = v, *dst = tmp;

	if (!count || !tmp) {
		free(count);
		free(tmp);
		return -ENOMEM;
	}
	for (size_t i = 0; i < n; i++)
		for (int b = 0; b < 8; b++)
			count[b][(v[i] >> (8 * b)) & 0xff]++;
	for (int b = 0; b < 8; b++) {
		uint64_t *t = src;
		size_t at = 0;

		if (count[b][(v[0] >> (8 * b)) & 0xff] == n)
			continue; /* every value has this byte */
		for (int k = 0; k < 256; k++) {
			size_t c = count[b][k];

			count[b][k] = at;
			at += c;
		}
		for (size_t i = 0; i < n; i++)
			dst[count[b][(src[i] >> (8 * b)) & 0xff]++] = src[i];
		src = dst;
		dst = t;
	}
	if (src != v)
		memcpy(v, src, n * sizeof(*v));
	free(count);
	free(tmp);
	return 0;
}

void irqstat_sort(uint64_t *v, size_t n)
{
	/* Below a few hundred values, or without memory, qsort. */
	if (n > 1 && (n < 512 || radix_sort(v, n)))
		qsort(v, n, sizeof(*v), cmp_u64);
}

/* ceil(n * permille / 1000) - 1, in integers: no rounding at 999/1000. */
size_t irqstat_rank(size_t n, unsigned int permille)
{
	size_t r = (size_t)(((unsigned __int128)n * permille + 999) / 1000);

	return r ? r - 1 : 0;
}

void irqstat_compute_sorted(const uint64_t *v, size_t n, struct irqstat *out)
{
	unsigned __int128 sum = 0; /* exact: no drift over millions */
	long double mean, ss = 0;

	memset(out, 0, sizeof(*out));
	if (!n)
		return;
	for (size_t i = 0; i < n; i++)
		sum += v[i];
	mean = (long double)sum / n;
	/* Two passes: the textbook one-pass formula cancels catastrophically. */
	for (size_t i = 0; i < n; i++) {
		long double d = (long double)v[i] - mean;

		ss += d * d;
	}
	out->count = n;
	out->min = v[0];
	out->max = v[n - 1];
	out->p50 = v[irqstat_rank(n, 500)];
	out->p90 = v[irqstat_rank(n, 900)];
	out->p99 = v[irqstat_rank(n, 990)];
	out->p999 = v[irqstat_rank(n, 999)];
	out->mean = (double)mean;
	out->stddev = n > 1 ? (double)sqrtl(ss / (n - 1)) : 0;
}

void irqstat_compute(uint64_t *v, size_t n, struct irqstat *out)
{
	irqstat_sort(v, n);
	irqstat_compute_sorted(v, n, out);
}

int loghist_init(struct loghist *h, unsigned int sub_bits, unsigned int max_exp)
{
	memset(h, 0, sizeof(*h));
	if (sub_bits < 1 || sub_bits > 10 || max_exp <= sub_bits ||
	    max_exp > 63)
		return -EINVAL;
	h->sub_bits = sub_bits;
	h->max_exp = max_exp;
	/* 2^s unit buckets, then 2^s per power of two from 2^s up. */
	h->nbuckets = ((size_t)1 << sub_bits) * (max_exp - sub_bits + 1);
	h->counts = calloc(h->nbuckets, sizeof(*h->counts));
	return h->counts ? 0 : -ENOMEM;
}

void loghist_free(struct loghist *h)
{
	free(h->counts);
	memset(h, 0, sizeof(*h));
}

size_t loghist_index(const struct loghist *h, uint64_t v)
{
	uint64_t s = (uint64_t)1 << h->sub_bits;
	unsigned int m, shift;

	if (v >> h->max_exp)
		return h->nbuckets;
	if (v < s)
		return (size_t)v;
	m = 63 - (unsigned int)__builtin_clzll(v); /* 2^m <= v < 2^(m+1) */
	shift = m - h->sub_bits;
	return (size_t)(s * (m - h->sub_bits + 1) + ((v >> shift) - s));
}

uint64_t loghist_low(const struct loghist *h, size_t i)
{
	uint64_t s = (uint64_t)1 << h->sub_bits;
	size_t octave = i >> h->sub_bits; /* 0: the unit buckets */

	if (!octave)
		return i;
	return (s + (i & (s - 1))) << (octave - 1);
}

uint64_t loghist_width(const struct loghist *h, size_t i)
{
	size_t octave = i >> h->sub_bits;

	return octave ? (uint64_t)1 << (octave - 1) : 1;
}

void loghist_add(struct loghist *h, uint64_t v)
{
	size_t i = loghist_index(h, v);

	h->total++;
	if (i == h->nbuckets)
		h->overflow++;
	else
		h->counts[i]++;
}

uint64_t irqstat_rng_next(struct irqstat_rng *r)
{
	uint64_t z = (r->s += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

double irqstat_rng_uniform(struct irqstat_rng *r)
{
	return (double)(irqstat_rng_next(r) >> 11) * 0x1.0p-53;
}

/* Standard normal, Marsaglia's polar method. */
static double normal(struct irqstat_rng *r)
{
	double u, v, s;

	do {
		u = 2 * irqstat_rng_uniform(r) - 1;
		v = 2 * irqstat_rng_uniform(r) - 1;
		s = u * u + v * v;
	} while (s >= 1 || s == 0);
	return u * sqrt(-2 * log(s) / s);
}

/* Gamma(a, 1), Marsaglia and Tsang (2000); a < 1 through a + 1. */
static double gamma_draw(struct irqstat_rng *r, double a)
{
	double d, c, x, v, u;

	if (a < 1) {
		u = irqstat_rng_uniform(r);
		return gamma_draw(r, a + 1) * pow(u > 0 ? u : 0x1.0p-53, 1 / a);
	}
	d = a - 1.0 / 3;
	c = 1 / sqrt(9 * d);
	for (;;) {
		do {
			x = normal(r);
			v = 1 + c * x;
		} while (v <= 0);
		v = v * v * v;
		u = irqstat_rng_uniform(r);
		if (u < 1 - 0.0331 * x * x * x * x ||
		    (u > 0 && log(u) < 0.5 * x * x + d * (1 - v + log(v))))
			return d * v;
	}
}

double irqstat_rng_beta(struct irqstat_rng *r, double a, double b)
{
	double x = gamma_draw(r, a), y = gamma_draw(r, b);

	return x / (x + y);
}

double irqstat_quantile(uint64_t *v, size_t n, unsigned int permille)
{
	if (!n)
		return NAN;
	irqstat_sort(v, n);
	return (double)v[irqstat_rank(n, permille)];
}

/*
 * The regularised incomplete beta I_x(a, b) by its continued fraction
 * (modified Lentz), on the side of x where it converges fast.
 */
static double beta_cf(double a, double b, double x)
{
	const double tiny = 1e-300;
	double c = 1, d = 1 - (a + b) * x / (a + 1), h;

	d = 1 / (fabs(d) < tiny ? tiny : d);
	h = d;
	for (int m = 1; m <= 300; m++) {
		double m2 = 2.0 * m, num, del;

		num = m * (b - m) * x / ((a + m2 - 1) * (a + m2));
		d = 1 + num * d;
		c = 1 + num / c;
		d = 1 / (fabs(d) < tiny ? tiny : d);
		c = fabs(c) < tiny ? tiny : c;
		h *= d * c;
		num = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1));
		d = 1 + num * d;
		c = 1 + num / c;
		d = 1 / (fabs(d) < tiny ? tiny : d);
		c = fabs(c) < tiny ? tiny : c;
		del = d * c;
		h *= del;
		if (fabs(del - 1) < 1e-15)
			break;
	}
	return h;
}

static double inc_beta(double a, double b, double x)
{
	double front;

	if (x <= 0)
		return 0;
	if (x >= 1)
		return 1;
	front = exp(lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) +
		    b * log1p(-x));
	if (x < (a + 1) / (a + b + 2))
		return front * beta_cf(a, b, x) / a;
	return 1 - front * beta_cf(b, a, 1 - x) / b;
}

/* P(T <= t) for Student's t with @df degrees of freedom. */
double irqstat_t_cdf(double t, double df)
{
	double tail;

	if (isinf(df))
		return 0.5 * erfc(-t / M_SQRT2);
	tail = 0.5 * inc_beta(df / 2, 0.5, df / (df + t * t));
	return t > 0 ? 1 - tail : tail;
}

double irqstat_t_quantile(double p, double df)
{
	double lo = 0, hi = 1;

	if (!(p > 0 && p < 1) || !(df > 0))
		return NAN;
	if (p < 0.5)
		return -irqstat_t_quantile(1 - p, df);
	while (irqstat_t_cdf(hi, df) < p && hi < 1e12)
		hi *= 2;
	for (int i = 0; i < 200 && hi - lo > 1e-12 * hi; i++) {
		double mid = (lo + hi) / 2;

		if (irqstat_t_cdf(mid, df) < p)
			lo = mid;
		else
			hi = mid;
	}
	return (lo + hi) / 2;
}

static bool usable(double v)
{
	return isfinite(v) && v > 0;
}

/* log P(X <= k) for X ~ Binomial(n, 1/2), by summing the terms. */
static double binom_half_cdf(size_t n, size_t k)
{
	double sum = 0;

	for (size_t i = 0; i <= k && i <= n; i++)
		sum += exp(lgamma((double)n + 1) - lgamma((double)i + 1) -
			   lgamma((double)(n - i) + 1) - (double)n * M_LN2);
	return sum;
}

static int cmp_dbl(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

void irqstat_paired_ci(const double *x, const double *y, size_t n, double level,
		       struct irqstat_effect *out)
{
	double *d = malloc((n ? n : 1) * sizeof(*d));
	size_t m = 0, k = 0;

	memset(out, 0, sizeof(*out));
	out->level = level;
	out->p = 1;
	if (!d)
		return;
	for (size_t i = 0; i < n; i++)
		if (usable(x[i]) && usable(y[i]))
			d[m++] = log(x[i]) - log(y[i]);
	out->n = (unsigned int)m;
	if (!m)
		goto out;
	qsort(d, m, sizeof(*d), cmp_dbl);
	{
		/* The sign test this interval inverts, for Holm's step-down. */
		size_t pos = 0, neg = 0;

		for (size_t i = 0; i < m; i++) {
			pos += d[i] > 0;
			neg += d[i] < 0;
		}
		out->p = pos + neg ?
				 fmin(1, 2 * binom_half_cdf(pos + neg,
							    pos < neg ? pos :
									neg)) :
				 1;
	}
	out->valid = true;
	out->point = exp(m % 2 ? d[m / 2] : (d[m / 2 - 1] + d[m / 2]) / 2);
	if (m < IRQSTAT_MIN_ROUNDS)
		goto out;
	/*
	 * The largest k with P(Bin(m, 1/2) <= k - 1) <= (1 - level) / 2:
	 * [d_(k), d_(m-k+1)] then covers the median with at least @level,
	 * whatever the rounds' distribution.
	 */
	while (k + 1 <= m / 2 && binom_half_cdf(m, k) <= (1 - level) / 2)
		k++;
	if (!k)
		goto out; /* cannot happen for m >= 6 at 95% */
	out->lo = exp(d[k - 1]);
	out->hi = exp(d[m - k]);
	out->level = 1 - 2 * binom_half_cdf(m, k - 1);
	out->df = (double)(m - 1);
	out->enough = true;
out:
	free(d);
}

double irqstat_median_finite(double *v, size_t n)
{
	size_t m = 0;

	for (size_t i = 0; i < n; i++)
		if (isfinite(v[i]))
			v[m++] = v[i];
	if (!m)
		return NAN;
	qsort(v, m, sizeof(*v), cmp_dbl);
	return m % 2 ? v[m / 2] : (v[m / 2 - 1] + v[m / 2]) / 2;
}

void irqstat_runsum(const double *q, size_t n, struct irqstat_runsum *out)
{
	double *l = malloc((n ? n : 1) * sizeof(*l)), mad;
	unsigned int m = 0;

	memset(out, 0, sizeof(*out));
	if (!l)
		return;
	for (size_t i = 0; i < n; i++)
		if (usable(q[i]))
			l[m++] = log(q[i]);
	if (m) {
		out->centre = irqstat_median_finite(l, m);
		out->blocks = m;
		for (unsigned int i = 0; i < m; i++)
			l[i] = fabs(l[i] - out->centre);
		mad = irqstat_median_finite(l, m);
		/*
		 * MAD x 1.4826 is a normal sd; a median's standard error is
		 * sqrt(pi / 2) = 1.2533 times a mean's.
		 */
		out->within = m > 1 ? pow(1.2533 * 1.4826 * mad, 2) / m :
				      INFINITY;
	}
	free(l);
}

enum irqstat_verdict irqstat_verdict(const struct irqstat_effect *e)
{
	if (!e->valid || !e->enough)
		return IRQSTAT_UNKNOWN;
	if (e->hi < 1)
		return IRQSTAT_LOWER;
	if (e->lo > 1)
		return IRQSTAT_HIGHER;
	return IRQSTAT_SAME;
}
