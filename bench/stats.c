// SPDX-License-Identifier: GPL-2.0
/*
 * Latency statistics over one design's serviced events: exact
 * nearest-rank percentiles, min, max and mean, from a sort (qsort: a few
 * hundred thousand values per design take milliseconds, off the hot path).
 */
#include <stdlib.h>
#include <string.h>
#include "bench.h"

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
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
