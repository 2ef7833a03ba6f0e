// SPDX-License-Identifier: GPL-2.0
/*
 * The sorted series of the stage state machine (stages_finish()): every
 * value with its tracepoint cost subtracted, x = v - k * cost, as the
 * figures take it, sorted with its interval count k by a least-
 * significant-digit radix sort over the bits the keys do not all share
 * (two 12-bit passes for most series), in buffers reused from one series
 * to the next; a run's CPUs then merged for its all-CPU group. As
 * qsort() of doubles, once per CPU and again for all CPUs, this was a
 * third of the sink's time.
 *
 * Where the cost is whole or half ns (a median of whole ns is) and no
 * value is huge (a corrupt trace's), x is exact in half ns: the key is
 * the integer 2x + off, the count riding below it in the same word
 * (keys_packed()), and the settled values, floor(x) clamped at 0, come
 * out of the keys in order (stages_settle()). Otherwise the double is
 * made an unsigned key of the same order, sorted with a count array of
 * its own (keys_double()), and the settled values are sorted apart.
 *
 * Both are stable: values that tie keep the order they were recorded in
 * (the all-CPU group: CPU by CPU, in the groups' order), as glibc's merge
 * sort behind qsort() kept them, so the interval count found at a
 * quantile's rank, and the band it gives, are what they were.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "stages_internal.h"

#define SIGN (1ULL << 63)

/* Below this many values a stable insertion sort is cheaper. */
#define INSERTION_MAX 32

/* From this many values on, digits of RADIX_WIDE bits, else of 8. */
#define RADIX_WIDE_MIN 16384

/* Packed keys are below this: 47 bits, and the words' top 48 hold them. */
#define PACKED_MAX (1LL << 47)

/*
 * 2^63 plus the magnitude's bits for x >= 0, 2^63 minus them below 0: an
 * order-preserving key that gives -0 the key of +0, the tie qsort() saw.
 * A difference of finite doubles is never NaN.
 */
static uint64_t double_key(double x)
{
	uint64_t b;

	memcpy(&b, &x, sizeof(b));
	return b & SIGN ? SIGN - (b & ~SIGN) : SIGN + b;
}

/**
 * stages_key_x - the double a key of keys_double() stands for
 * @key: the key
 *
 * Return: the double (-0 comes back as +0).
 */
double stages_key_x(uint64_t key)
{
	uint64_t b = key >= SIGN ? key - SIGN : (SIGN - key) | SIGN;
	double x;

	memcpy(&x, &b, sizeof(x));
	return x;
}

static void insertion_sort(uint64_t *w, uint32_t *k, size_t n, int shift)
{
	for (size_t i = 1; i < n; i++) {
		uint64_t v = w[i];
		uint32_t c = k ? k[i] : 0;
		size_t j = i;

		for (; j && w[j - 1] >> shift > v >> shift; j--) {
			w[j] = w[j - 1];
			if (k)
				k[j] = k[j - 1];
		}
		w[j] = v;
		if (k)
			k[j] = c;
	}
}

/*
 * One stable pass on the @bits-bit digit at bit @shift, from @sw/@sk into
 * @dw/@dk, counting in @count (1 << @bits of them).
 */
static void radix_pass(const uint64_t *sw, const uint32_t *sk, uint64_t *dw,
		       uint32_t *dk, size_t n, int shift, int bits,
		       size_t *count)
{
	size_t nb = (size_t)1 << bits, mask = nb - 1, at = 0;

	memset(count, 0, nb * sizeof(*count));
	for (size_t i = 0; i < n; i++)
		count[(sw[i] >> shift) & mask]++;
	for (size_t i = 0; i < nb; i++) {
		size_t c = count[i];

		count[i] = at;
		at += c;
	}
	for (size_t i = 0; i < n; i++) {
		size_t d = count[(sw[i] >> shift) & mask]++;

		dw[d] = sw[i];
		if (sk)
			dk[d] = sk[i];
	}
}

/*
 * The sorted words ended in @t's second buffer: where @w is @t's keys
 * buffer the two swap places, else they are copied back.
 */
static uint64_t *sorted_back(uint64_t *w, uint32_t *k, size_t n,
			     struct stages_scratch *t)
{
	uint64_t *sw = t->sort_w;
	size_t cap = t->sort_wcap;

	if (w == t->keys_w && !k) {
		t->sort_w = t->keys_w;
		t->sort_wcap = t->keys_wcap;
		t->keys_w = sw;
		t->keys_wcap = cap;
		return sw;
	}
	memcpy(w, t->sort_w, n * sizeof(*w));
	if (k)
		memcpy(k, t->sort_k, n * sizeof(*k));
	return w;
}

/**
 * stages_sort - sort words by their bits from @shift up, stably
 * @w: the words; the bits below @shift ride along
 * @k: a count moved with each word, or NULL
 * @n: how many
 * @shift: 0 or a multiple of 8
 * @t: scratch, grown to @n as needed and kept for the next sort
 *
 * Return: the sorted words, @w, or where @w is @t's keys buffer and no
 * @k, maybe that buffer's new place (no copy); NULL: no memory, @w
 * unchanged.
 */
uint64_t *stages_sort(uint64_t *w, uint32_t *k, size_t n, int shift,
		      struct stages_scratch *t)
{
	uint64_t all = ~0ULL, any = 0, diff, *bw[2] = { w, NULL };
	uint32_t *bk[2] = { k, NULL };
	int cur = 0, lo, span, bits, passes;

	if (n <= INSERTION_MAX) {
		insertion_sort(w, k, n, shift);
		return w;
	}
	for (size_t i = 0; i < n; i++) {
		all &= w[i];
		any |= w[i];
	}
	diff = (all ^ any) >> shift << shift; /* the key bits that vary */
	if (!diff)
		return w;
	if (stages_grow(&t->sort_w, &t->sort_wcap, n, sizeof(*t->sort_w)) ||
	    (k && stages_grow(&t->sort_k, &t->sort_kcap, n, sizeof(*k))))
		return NULL;
	bw[1] = t->sort_w;
	bk[1] = k ? t->sort_k : NULL;
	lo = __builtin_ctzll(diff);
	span = 64 - __builtin_clzll(diff) - lo;
	/* Few, wide digits for many values: a pass costs a trip to memory. */
	bits = n >= RADIX_WIDE_MIN ? RADIX_WIDE : 8;
	passes = (span + bits - 1) / bits;
	bits = (span + passes - 1) / passes;
	for (int p = 0; p < passes; p++, cur = !cur)
		radix_pass(bw[cur], bk[cur], bw[!cur], bk[!cur], n,
			   lo + p * bits, bits, t->count);
	return cur ? sorted_back(w, k, n, t) : w;
}

/*
 * Can series @i of the @m groups @a be keyed exactly, packed? Then *@off
 * is what makes every key of the run >= 0.
 */
static bool run_packs(const struct igroup *a, size_t m, int i, double median,
		      int64_t *off)
{
	uint64_t vmax = 0, kmax = 0;

	if (!(median >= 0 && median < 1e9) || 2 * median != floor(2 * median))
		return false;
	for (size_t x = 0; x < m; x++) {
		vmax = a[x].s[i].vmax > vmax ? a[x].s[i].vmax : vmax;
		kmax = a[x].s[i].kmax > kmax ? a[x].s[i].kmax : kmax;
	}
	*off = (int64_t)kmax * (int64_t)(2 * median);
	return kmax < 0xffff && *off < PACKED_MAX / 2 &&
	       (int64_t)vmax < PACKED_MAX / 4;
}

/*
 * Series @r keyed into @kd->w: 2x + @off (2x = 2v - k * 2 * @median,
 * exact) above KEYED_SHIFT, k below. The sums are taken as the figures
 * always took them: long double, in the recorded order, CPU after CPU
 * for @all.
 */
static void keys_packed(const struct raw_series *r, double median, int64_t off,
			struct keyed *kd, struct keyed *all)
{
	int64_t m2 = (int64_t)(2 * median);
	long double sum = 0, asum = all->sum;
	uint64_t ksum = 0, *w = kd->w;

	for (size_t c = 0, j = 0; j < r->n; c++) {
		size_t len = series_chunk_used(r, c, j);

		for (size_t q = 0; q < len; q++, j++) {
			uint32_t k;
			uint64_t v = stages_series_v(r, r->chunk[c][q], &k);
			double x = (double)v - k * median;
			int64_t key = 2 * (int64_t)v - (int64_t)k * m2 + off;

			w[j] = (uint64_t)key << KEYED_SHIFT | k;
			sum += x;
			asum += x;
			ksum += k;
		}
	}
	kd->n = r->n;
	kd->off = off;
	kd->sum = sum;
	kd->ksum = ksum;
	all->sum = asum;
	all->ksum += ksum;
}

/* Series @r keyed as doubles into @kd->w and @kd->k, not packable. */
static void keys_double(const struct raw_series *r, double median,
			struct keyed *kd, struct keyed *all)
{
	for (size_t c = 0, j = 0; j < r->n; c++) {
		size_t len = series_chunk_used(r, c, j);

		for (size_t q = 0; q < len; q++, j++) {
			uint32_t k;
			double x =
				(double)stages_series_v(r, r->chunk[c][q], &k) -
				k * median;

			kd->w[j] = double_key(x);
			kd->k[j] = k;
			kd->sum += x;
			kd->ksum += k;
			all->sum += x;
			all->ksum += k;
		}
	}
	kd->n = r->n;
}

/*
 * The sorted keys of @nin CPUs as one, stably, into @out: a few merged
 * head by head, the first of equal heads first; more put one after the
 * other and sorted again, which is as stable.
 */
static int merge(const struct keyed *in, size_t nin, struct keyed *out,
		 int shift, struct stages_scratch *t)
{
	size_t n = 0, at[STAGES_MERGE_MAX] = { 0 };
	bool k = in[0].k != NULL;

	for (size_t i = 0; i < nin; i++)
		n += in[i].n;
	out->n = n;
	out->w = malloc((n ? n : 1) * sizeof(*out->w));
	out->k = k ? malloc((n ? n : 1) * sizeof(*out->k)) : NULL;
	if (!out->w || (k && !out->k))
		return -ENOMEM;
	if (nin > STAGES_MERGE_MAX) {
		n = 0;
		for (size_t i = 0; i < nin; n += in[i++].n) {
			memcpy(out->w + n, in[i].w, in[i].n * sizeof(*out->w));
			if (k)
				memcpy(out->k + n, in[i].k,
				       in[i].n * sizeof(*out->k));
		}
		return stages_sort(out->w, out->k, n, shift, t) ? 0 : -ENOMEM;
	}
	for (size_t o = 0; o < n; o++) {
		size_t b = nin;

		for (size_t r = 0; r < nin; r++)
			if (at[r] < in[r].n &&
			    (b == nin ||
			     in[r].w[at[r]] >> shift < in[b].w[at[b]] >> shift))
				b = r;
		out->w[o] = in[b].w[at[b]];
		if (k)
			out->k[o] = in[b].k[at[b]];
		at[b]++;
	}
	return 0;
}

/*
 * Room for @kd's keys (and counts, not @packed): @t's for a CPU alone,
 * whose keys are done with before the next series, else its own.
 */
static int keys_room(struct keyed *kd, size_t n, bool packed, bool alone,
		     struct stages_scratch *t)
{
	if (alone) {
		kd->scratch = true;
		if (stages_grow(&t->keys_w, &t->keys_wcap, n, sizeof(*kd->w)) ||
		    (!packed &&
		     stages_grow(&t->keys_k, &t->keys_kcap, n, sizeof(*kd->k))))
			return -ENOMEM;
		kd->w = t->keys_w;
		kd->k = packed ? NULL : t->keys_k;
		return 0;
	}
	kd->w = malloc((n ? n : 1) * sizeof(*kd->w));
	kd->k = packed ? NULL : malloc((n ? n : 1) * sizeof(*kd->k));
	return kd->w && (packed || kd->k) ? 0 : -ENOMEM;
}

/**
 * stages_run_keys - series @i of a run's CPUs, keyed and sorted
 * @a: the run's groups, which share all but the CPU
 * @m: how many
 * @i: the series
 * @median: the tracepoint cost subtracted k times from a value of k
 * @kd: @m + 1 zeroed; receives each CPU's keys, sorted, then in [@m] the
 *	all-CPU group's sums, and its keys too if @m > 1
 * @t: scratch: a CPU alone's keys are kept there, @kd[0].scratch
 *
 * Return: 0 or -ENOMEM.
 */
int stages_run_keys(struct igroup *a, size_t m, int i, double median,
		    struct keyed *kd, struct stages_scratch *t)
{
	int64_t off = 0;
	bool packed = run_packs(a, m, i, median, &off);
	uint64_t *w;
	int ret = 0;

	for (size_t x = 0; x < m && !ret; x++) {
		ret = keys_room(&kd[x], a[x].s[i].n, packed, m == 1, t);
		if (ret)
			break;
		if (packed)
			keys_packed(&a[x].s[i], median, off, &kd[x], &kd[m]);
		else
			keys_double(&a[x].s[i], median, &kd[x], &kd[m]);
		w = stages_sort(kd[x].w, kd[x].k, kd[x].n,
				packed ? KEYED_SHIFT : 0, t);
		if (w)
			kd[x].w = w;
		else
			ret = -ENOMEM;
	}
	kd[m].off = off;
	if (!ret && m > 1)
		ret = merge(kd, m, &kd[m], packed ? KEYED_SHIFT : 0, t);
	return ret;
}

/* v - llround(k * @cost) clamped at 0: a settled value. */
static uint64_t settle(uint64_t v, uint32_t k, double cost)
{
	double sub = cost * k;
	uint64_t c = sub >= 18446744073709551615.0 ? UINT64_MAX :
						     (uint64_t)llround(sub);

	return v > c ? v - c : 0;
}

/**
 * stages_settle - the settled values of a run's series, sorted
 * @kd: the keys of series @i of the @m groups @a (stages_run_keys())
 * @a: the groups
 * @m: how many
 * @i: the series
 * @cost: the tracepoint cost
 * @out: room for @kd->n values
 *
 * v - llround(k * @cost) clamped at 0, as the series' own statistics
 * have always been taken (the figures are not clamped). Packed, that is
 * floor(x) clamped at 0, x = v - k * @cost in whole or half ns, which
 * keeps the keys' order: no sort. Else from the raw values, sorted.
 */
void stages_settle(const struct keyed *kd, const struct igroup *a, size_t m,
		   int i, double cost, uint64_t *out)
{
	size_t n = 0;

	if (!kd->k) {
		for (size_t j = 0; j < kd->n; j++) {
			int64_t x2 =
				(int64_t)(kd->w[j] >> KEYED_SHIFT) - kd->off;

			out[j] = x2 > 0 ? (uint64_t)x2 >> 1 : 0;
		}
		return;
	}
	for (size_t x = 0; x < m; x++) {
		const struct raw_series *r = &a[x].s[i];

		for (size_t c = 0, j = 0; j < r->n; c++) {
			size_t len = series_chunk_used(r, c, j);

			for (size_t q = 0; q < len; q++, j++) {
				uint32_t k;
				uint64_t v =
					stages_series_v(r, r->chunk[c][q], &k);

				out[n++] = settle(v, k, cost);
			}
		}
	}
	irqstat_sort(out, n);
}
