// SPDX-License-Identifier: GPL-2.0
/*
 * irqlab compare --aa RUN...: what a comparison is worth on this baseline.
 * Runs of one build, one machine (irqlab's own or imported from another
 * tool: docs/import.md) are split into two halves again and again, and
 * each split compared as if the halves were two builds, with the same
 * machinery and options as any comparison. Every regression it calls is
 * a false one: their share is the false-regression rate this baseline's
 * spread allows. The splits share runs, so they are not independent
 * trials: the interval says how precisely the splits were counted, not a
 * calibrated alpha; a clean result over many runs is what makes a
 * comparison of this baseline believable.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "analysis/infer.h"
#include "analysis/outcome.h"
#include "compare_internal.h"

#define AA_SPLITS 20 /* the alternating split and 19 drawn */

/* A split's half @which (0, 1) of @all into @half, by @in[i]. */
static int half_of(const struct side *all, const bool *in, bool which,
		   struct side *half)
{
	half->n = 0;
	half->r = calloc(all->n, sizeof(*half->r));
	if (!half->r)
		return -ENOMEM;
	for (size_t i = 0; i < all->n; i++)
		if (in[i] == which)
			half->r[half->n++] = all->r[i]; /* shallow: not freed */
	return 0;
}

/* Split @k: the alternating one first, then halves drawn from @seed. */
static void split(bool *in, size_t n, unsigned int k, uint64_t *seed)
{
	size_t left = n / 2;

	for (size_t i = 0; i < n; i++)
		in[i] = k ? false : i % 2;
	for (size_t i = 0; k && i < n; i++) {
		/* xorshift64*: the draw is the same on every machine */
		*seed ^= *seed >> 12;
		*seed ^= *seed << 25;
		*seed ^= *seed >> 27;
		if ((*seed * 2685821657736338717ULL) % (n - i) < left) {
			in[i] = true;
			left--;
		}
	}
}

/* One split compared, its output thrown away. The outcome, or -errno. */
static int one_split(const struct side *all, const bool *in,
		     const struct cmp_opts *o)
{
	struct side sides[2] = { 0 };
	struct cmp_opts quiet = *o;
	FILE *saved = stdout, *null;
	int ret;

	quiet.json = NULL;
	ret = half_of(all, in, false, &sides[0]);
	if (!ret)
		ret = half_of(all, in, true, &sides[1]);
	null = ret ? NULL : fopen("/dev/null", "w");
	if (null) {
		stdout = null;
		ret = cmp_compare(sides, 2, &quiet);
		fflush(stdout);
		stdout = saved;
		fclose(null);
	} else if (!ret) {
		ret = -errno;
	}
	free(sides[0].r);
	free(sides[1].r);
	return ret;
}

int cmp_aa(struct side *all, const struct cmp_opts *o)
{
	unsigned int count[3] = { 0 }, n = 0;
	uint64_t seed = 0x9e3779b97f4a7c15ULL;
	bool *in = calloc(all->n, sizeof(*in));
	double lo, hi;

	if (!in)
		return -ENOMEM;
	if (all->n < 4) {
		free(in);
		fprintf(stderr,
			"irqlab compare --aa: %zu runs: an A/A needs at least 4 (two a half)\n",
			all->n);
		return -EINVAL;
	}
	for (unsigned int k = 0; k < AA_SPLITS; k++, n++) {
		int ret;

		split(in, all->n, k, &seed);
		ret = one_split(all, in, o);
		if (ret < 0) {
			free(in);
			return ret;
		}
		count[ret]++;
	}
	free(in);
	irqstat_clopper_pearson(count[ANA_REGRESSION], n, 0.95, &lo, &hi);
	printf("# irqlab compare --aa\n\n"
	       "%zu runs of one baseline, split into two halves %u times (the alternating split, then %u drawn with a fixed seed), each split compared as two builds would be, threshold %.1f%%: "
	       "%u false regressions, %u inconclusive, %u passed. "
	       "False-regression rate %.3f (95%% interval %.3f to %.3f, Clopper-Pearson; the splits share runs, so read it as what this baseline's spread allows, not as a calibrated alpha).\n",
	       all->n, n, n - 1, o->threshold * 100, count[ANA_REGRESSION],
	       count[ANA_INCONCLUSIVE], count[ANA_PASS],
	       (double)count[ANA_REGRESSION] / n, lo, hi);
	return count[ANA_REGRESSION] ? ANA_REGRESSION : ANA_PASS;
}
