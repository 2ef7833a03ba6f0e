// SPDX-License-Identifier: GPL-2.0
/*
 * Statistics over latency samples: order statistics from a sort (a radix
 * sort: a few hundred thousand values take a millisecond, off the hot path), log-linear
 * histograms, and the bootstrap of a ratio of quantiles (stats.h).
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

/* One replicate of the nearest-rank quantile of a resample of @v. */
static uint64_t boot_quantile(struct irqstat_rng *r, const uint64_t *v,
			      size_t n, size_t k)
{
	double u = irqstat_rng_beta(r, (double)k, (double)(n - k + 1));
	size_t i = (size_t)(u * (double)n);

	return v[i < n ? i : n - 1];
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

int irqstat_ratio_ci(const uint64_t *a, size_t na, const uint64_t *b, size_t nb,
		     unsigned int permille, unsigned int iters, double level,
		     uint64_t seed, struct irqstat_ratio *out)
{
	struct irqstat_rng rng = { seed };
	size_t ka, kb, m = 0;
	uint64_t qb;
	double *rep;

	memset(out, 0, sizeof(*out));
	out->level = level;
	out->iters = iters;
	if (!na || !nb || !iters)
		return 0;
	ka = irqstat_rank(na, permille) + 1; /* 1-based order statistic */
	kb = irqstat_rank(nb, permille) + 1;
	qb = b[kb - 1];
	if (!qb)
		return 0;
	out->valid = true;
	out->point = (double)a[ka - 1] / (double)qb;
	rep = malloc(iters * sizeof(*rep));
	if (!rep)
		return -ENOMEM;
	for (unsigned int i = 0; i < iters; i++) {
		uint64_t x = boot_quantile(&rng, a, na, ka);
		uint64_t y = boot_quantile(&rng, b, nb, kb);

		/* A zero denominator is an infinitely large ratio. */
		rep[m++] = y ? (double)x / (double)y : INFINITY;
	}
	qsort(rep, m, sizeof(*rep), cmp_double);
	{
		double tail = (1 - level) / 2;
		size_t lo = (size_t)floor(tail * (double)m);
		size_t hi = (size_t)ceil((1 - tail) * (double)m);

		out->lo = rep[lo < m ? lo : m - 1];
		out->hi = rep[hi ? (hi <= m ? hi - 1 : m - 1) : 0];
	}
	free(rep);
	return 0;
}

enum irqstat_verdict irqstat_verdict(const struct irqstat_ratio *r)
{
	if (!r->valid)
		return IRQSTAT_SAME;
	if (r->hi < 1)
		return IRQSTAT_LOWER;
	if (r->lo > 1)
		return IRQSTAT_HIGHER;
	return IRQSTAT_SAME;
}
