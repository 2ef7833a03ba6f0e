// SPDX-License-Identifier: GPL-2.0
/*
 * Latency statistics over one design's serviced events: exact
 * nearest-rank percentiles, min, max and mean. A design can collect
 * millions of samples, so the values are sorted with an LSD radix sort
 * (8-bit digits, one counting pass for all eight digits, digits that
 * every value shares skipped: latencies in ns rarely use more than four
 * bytes, so four passes is typical); small inputs, or a failed scratch
 * allocation, fall back to qsort().
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "bench.h"

#define RADIX_MIN 256 /* below this qsort() is as fast */
#define DIGITS 8

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

/* Sort @v ascending; 0, or -ENOMEM if no scratch could be had. */
static int radix_sort(uint64_t *v, size_t n)
{
	size_t(*count)[256];
	uint64_t *tmp, *src = v, *dst;

	tmp = malloc(n * sizeof(*tmp));
	count = calloc(DIGITS, sizeof(*count));
	if (!tmp || !count) {
		free(tmp);
		free(count);
		return -ENOMEM;
	}
	for (size_t i = 0; i < n; i++)
		for (unsigned int d = 0; d < DIGITS; d++)
			count[d][(v[i] >> (8 * d)) & 0xff]++;

	dst = tmp;
	for (unsigned int d = 0; d < DIGITS; d++) {
		size_t sum = 0, *c = count[d];
		unsigned int shift = 8 * d;
		uint64_t *t;

		/* Every value has the same digit here: the pass is a copy. */
		if (c[(src[0] >> shift) & 0xff] == n)
			continue;
		for (unsigned int b = 0; b < 256; b++) {
			size_t k = c[b];

			c[b] = sum;
			sum += k;
		}
		for (size_t i = 0; i < n; i++)
			dst[c[(src[i] >> shift) & 0xff]++] = src[i];
		t = src;
		src = dst;
		dst = t;
	}
	if (src != v)
		memcpy(v, src, n * sizeof(*v));
	free(count);
	free(tmp);
	return 0;
}

/* v[ceil(num / 1000 * n) - 1], in integers: no rounding at 999/1000. */
static uint64_t rank(const uint64_t *v, size_t n, unsigned int num)
{
	size_t r = (size_t)(((unsigned __int128)n * num + 999) / 1000);

	return v[r ? r - 1 : 0];
}

/**
 * bench_latency_compute - exact order statistics of @n values
 * @v: the values; sorted in place
 * @n: how many
 * @out: count, min, p50, p90, p99, p999, max and mean
 *
 * Percentiles are nearest-rank: p(q) = v[ceil(q * n) - 1]. All zero if @n
 * is 0.
 */
void bench_latency_compute(uint64_t *v, size_t n, struct bench_latency *out)
{
	unsigned __int128 sum = 0; /* exact: no drift over millions */

	memset(out, 0, sizeof(*out));
	if (!n)
		return;
	if (n < RADIX_MIN || radix_sort(v, n))
		qsort(v, n, sizeof(*v), cmp_u64);

	for (size_t i = 0; i < n; i++)
		sum += v[i];
	out->count = n;
	out->min = v[0];
	out->max = v[n - 1];
	out->p50 = rank(v, n, 500);
	out->p90 = rank(v, n, 900);
	out->p99 = rank(v, n, 990);
	out->p999 = rank(v, n, 999);
	out->mean = (double)((long double)sum / n);
}
