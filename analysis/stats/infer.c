// SPDX-License-Identifier: GPL-2.0
/*
 * Inference over few independent units (infer.h): the Wilcoxon
 * signed-rank test with its Hodges-Lehmann interval, Holm's step-down
 * and the Clopper-Pearson interval. The A/B gate and compare use them,
 * and calibrate's false-verdict rate uses the last.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/infer.h"
#include "analysis/stats.h"

/* Beyond this many units the null of W+ is taken as normal. */
#define SIGNRANK_EXACT_MAX 300

static int cmp_dbl(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static int cmp_abs(const void *a, const void *b)
{
	double x = fabs(*(const double *)a), y = fabs(*(const double *)b);

	return (x > y) - (x < y);
}

/*
 * The null distribution of W+ for @n units: cdf[s] = P(W+ <= s), for s
 * in 0..n(n+1)/2. Each rank joins the positive sum with probability 1/2,
 * so the counts are a subset-sum convolution, kept as probabilities.
 */
static double *signrank_cdf(unsigned int n)
{
	size_t max = (size_t)n * (n + 1) / 2, s;
	double *p = calloc(max + 1, sizeof(*p));

	if (!p)
		return NULL;
	p[0] = 1;
	for (unsigned int r = 1; r <= n; r++) {
		for (s = max; s >= r; s--)
			p[s] = (p[s] + p[s - r]) / 2;
		for (s = r; s-- > 0;)
			p[s] /= 2;
	}
	for (s = 1; s <= max; s++)
		p[s] += p[s - 1];
	return p;
}

/* P(W+ <= s) for @n units, exact or normal (with continuity). */
static double signrank_le(const double *cdf, unsigned int n, double s)
{
	double mu = n * (n + 1.0) / 4,
	       sd = sqrt(n * (n + 1.0) * (2.0 * n + 1) / 24);

	if (s < 0)
		return 0;
	if (cdf)
		return s >= n * (n + 1.0) / 2 ? 1 : cdf[(size_t)s];
	return 0.5 * erfc(-((s + 0.5) - mu) / (sd * M_SQRT2));
}

unsigned int irqstat_signrank_min_units(double alpha)
{
	return alpha > 0 && alpha < 1 ? (unsigned int)ceil(-log2(alpha)) : 1;
}

/* The n(n+1)/2 Walsh averages of @d, (d_i + d_j) / 2 for i <= j, sorted. */
static void walsh_sorted(const double *d, unsigned int n, double *w)
{
	size_t m = 0;

	for (unsigned int i = 0; i < n; i++)
		for (unsigned int j = i; j < n; j++)
			w[m++] = (d[i] + d[j]) / 2;
	qsort(w, m, sizeof(*w), cmp_dbl);
}

void irqstat_signrank(const double *d, size_t n, double level,
		      struct irqstat_shift *out)
{
	double *u = malloc((n ? n : 1) * sizeof(*u)), *cdf = NULL, *w = NULL;
	double wplus = 0, half = (1 - level) / 2;
	unsigned int m = 0;
	size_t nw, c;

	memset(out, 0, sizeof(*out));
	out->level = level;
	out->hi = INFINITY;
	out->p_up = out->p_down = 1;
	out->detect = INFINITY;
	if (!u)
		return;
	for (size_t i = 0; i < n; i++)
		if (isfinite(d[i]) && d[i] != 0)
			u[m++] = d[i];
	out->n = m;
	if (!m)
		goto out;
	nw = (size_t)m * (m + 1) / 2;
	w = malloc(nw * sizeof(*w));
	if (m <= SIGNRANK_EXACT_MAX)
		cdf = signrank_cdf(m);
	if (!w || (m <= SIGNRANK_EXACT_MAX && !cdf))
		goto out;
	qsort(u, m, sizeof(*u), cmp_abs);
	for (unsigned int i = 0; i < m; i++)
		if (u[i] > 0)
			wplus += i + 1;
	out->p_up = 1 - signrank_le(cdf, m, wplus - 1);
	out->p_down = signrank_le(cdf, m, wplus);
	walsh_sorted(u, m, w);
	out->valid = true;
	out->point = exp(nw % 2 ? w[nw / 2] : (w[nw / 2 - 1] + w[nw / 2]) / 2);
	/*
	 * The largest c with P(W+ <= c - 1) <= half: the interval from the
	 * c-th smallest to the c-th largest Walsh average covers the shift
	 * with probability 1 - 2 P(W+ <= c - 1) >= @level.
	 */
	for (c = 0; c < nw && signrank_le(cdf, m, (double)c) <= half; c++)
		;
	if (!c)
		goto out;
	out->lo = exp(w[c - 1]);
	out->hi = exp(w[nw - c]);
	out->level = 1 - 2 * signrank_le(cdf, m, (double)c - 1);
	out->detect = out->hi / out->lo;
	out->enough = true;
out:
	free(w);
	free(cdf);
	free(u);
}

struct holm_item {
	double p;
	size_t i;
};

static int cmp_holm(const void *a, const void *b)
{
	double x = ((const struct holm_item *)a)->p,
	       y = ((const struct holm_item *)b)->p;

	/* Non-numbers last: they are never rejected. */
	if (isnan(x) || isnan(y))
		return isnan(x) - isnan(y);
	return (x > y) - (x < y);
}

int irqstat_holm(const double *p, size_t n, double alpha, bool *reject)
{
	struct holm_item *it = malloc((n ? n : 1) * sizeof(*it));
	int rejected = 0;

	if (!it)
		return -ENOMEM;
	for (size_t i = 0; i < n; i++) {
		it[i] = (struct holm_item){ .p = p[i], .i = i };
		reject[i] = false;
	}
	qsort(it, n, sizeof(*it), cmp_holm);
	for (size_t j = 0; j < n; j++) {
		if (isnan(it[j].p) || it[j].p > alpha / (double)(n - j))
			break;
		reject[it[j].i] = true;
		rejected++;
	}
	free(it);
	return rejected;
}

/* P(X <= k) for X ~ Binomial(n, p). */
static double binom_cdf(unsigned int k, unsigned int n, double p)
{
	double sum = 0;

	if (p <= 0)
		return 1;
	if (p >= 1)
		return k >= n ? 1 : 0;
	for (unsigned int i = 0; i <= k && i <= n; i++)
		sum += exp(lgamma(n + 1.0) - lgamma(i + 1.0) -
			   lgamma(n - i + 1.0) + i * log(p) +
			   (n - i) * log1p(-p));
	return sum;
}

void irqstat_clopper_pearson(unsigned int k, unsigned int n, double level,
			     double *lo, double *hi)
{
	double half = (1 - level) / 2, a, b;

	*lo = 0;
	*hi = 1;
	if (!n || k > n)
		return;
	/* hi: P(X <= k | hi) = half; the cdf falls as the rate grows. */
	if (k < n) {
		for (a = 0, b = 1; b - a > 1e-12;)
			if (binom_cdf(k, n, (a + b) / 2) > half)
				a = (a + b) / 2;
			else
				b = (a + b) / 2;
		*hi = b;
	}
	/* lo: P(X >= k | lo) = half, i.e. P(X <= k - 1 | lo) = 1 - half. */
	if (k > 0) {
		for (a = 0, b = 1; b - a > 1e-12;)
			if (binom_cdf(k - 1, n, (a + b) / 2) > 1 - half)
				a = (a + b) / 2;
			else
				b = (a + b) / 2;
		*lo = a;
	}
}

/* Beyond this many units in all, U's null is taken as normal. */
#define RANKSUM_EXACT_MAX 60

/*
 * The null distribution of Mann-Whitney's U (pairs with y above x) for
 * @m and @n units: cdf[u] = P(U <= u), u in 0..mn. The largest of the
 * m + n units is a y with probability n / (m + n), and then it is above
 * all m x's: P(m, n, u) = n/(m+n) P(m, n-1, u-m) + m/(m+n) P(m-1, n, u).
 */
static double *ranksum_cdf(size_t m, size_t n)
{
	size_t top = m * n, w = top + 1;
	double *p = calloc((m + 1) * (n + 1) * w, sizeof(*p)), *cdf;

	if (!p)
		return NULL;
#define P(i, j, u) p[((i) * (n + 1) + (j)) * w + (u)]
	for (size_t i = 0; i <= m; i++)
		for (size_t j = 0; j <= n; j++) {
			if (!i || !j) {
				P(i, j, 0) = 1;
				continue;
			}
			for (size_t u = 0; u <= i * j; u++)
				P(i, j, u) =
					(double)j / (double)(i + j) *
						(u >= i ? P(i, j - 1, u - i) :
							  0) +
					(double)i / (double)(i + j) *
						P(i - 1, j, u);
		}
	cdf = malloc(w * sizeof(*cdf));
	if (cdf)
		for (size_t u = 0; u <= top; u++)
			cdf[u] = P(m, n, u) + (u ? cdf[u - 1] : 0);
#undef P
	free(p);
	return cdf;
}

/* P(U <= u) for @m and @n units, exact or normal (with continuity). */
static double ranksum_le(const double *cdf, size_t m, size_t n, double u)
{
	double mn = (double)m * (double)n;
	double sd = sqrt(mn * (double)(m + n + 1) / 12);

	if (u < 0)
		return 0;
	if (u >= mn)
		return 1;
	if (cdf)
		return cdf[(size_t)u];
	return 0.5 * erfc(-((u + 0.5) - mn / 2) / (sd * M_SQRT2));
}

bool irqstat_ranksum_can(size_t nx, size_t ny, double level)
{
	double c = lgamma((double)(nx + ny) + 1) - lgamma((double)nx + 1) -
		   lgamma((double)ny + 1);

	return nx && ny && c >= log(2 / (1 - level)) - 1e-9;
}

void irqstat_ranksum(const double *x, size_t nx, const double *y, size_t ny,
		     double level, struct irqstat_shift *out)
{
	double *a = malloc((nx ? nx : 1) * sizeof(*a));
	double *b = malloc((ny ? ny : 1) * sizeof(*b));
	double *dif = NULL, *cdf = NULL, u = 0, half = (1 - level) / 2;
	size_t m = 0, n = 0, nd, c;

	memset(out, 0, sizeof(*out));
	out->level = level;
	out->hi = INFINITY;
	out->p_up = out->p_down = 1;
	out->detect = INFINITY;
	if (!a || !b)
		goto out;
	for (size_t i = 0; i < nx; i++)
		if (isfinite(x[i]))
			a[m++] = x[i];
	for (size_t j = 0; j < ny; j++)
		if (isfinite(y[j]))
			b[n++] = y[j];
	out->n = (unsigned int)(m + n);
	if (!m || !n)
		goto out;
	nd = m * n;
	dif = malloc(nd * sizeof(*dif));
	if (m + n <= RANKSUM_EXACT_MAX)
		cdf = ranksum_cdf(m, n);
	if (!dif || (m + n <= RANKSUM_EXACT_MAX && !cdf))
		goto out;
	for (size_t i = 0; i < m; i++)
		for (size_t j = 0; j < n; j++) {
			dif[i * n + j] = b[j] - a[i];
			u += dif[i * n + j] > 0	 ? 1 :
			     dif[i * n + j] == 0 ? 0.5 :
						   0;
		}
	qsort(dif, nd, sizeof(*dif), cmp_dbl);
	out->valid = true;
	out->point =
		exp(nd % 2 ? dif[nd / 2] : (dif[nd / 2 - 1] + dif[nd / 2]) / 2);
	out->p_up = 1 - ranksum_le(cdf, m, n, ceil(u) - 1);
	out->p_down = ranksum_le(cdf, m, n, floor(u));
	/* As for the signed-rank interval, over the nx * ny differences. */
	for (c = 0; c < nd && ranksum_le(cdf, m, n, (double)c) <= half; c++)
		;
	if (!c)
		goto out;
	out->lo = exp(dif[c - 1]);
	out->hi = exp(dif[nd - c]);
	out->level = 1 - 2 * ranksum_le(cdf, m, n, (double)c - 1);
	out->detect = out->hi / out->lo;
	out->enough = true;
out:
	free(cdf);
	free(dif);
	free(b);
	free(a);
}

/* The mean of the finite values of @v; how many in *@k. */
static double finite_mean(const double *v, size_t n, size_t *k)
{
	double sum = 0;

	*k = 0;
	for (size_t i = 0; i < n; i++)
		if (isfinite(v[i])) {
			sum += v[i];
			++*k;
		}
	return *k ? sum / (double)*k : NAN;
}

void irqstat_runs_shift(const double *x, size_t nx, const double *y, size_t ny,
			double var, double df, double level,
			struct irqstat_shift *out)
{
	size_t m, n;
	double mx = finite_mean(x, nx, &m), my = finite_mean(y, ny, &n);
	double se, t, d;

	memset(out, 0, sizeof(*out));
	out->level = level;
	out->hi = INFINITY;
	out->p_up = out->p_down = 1;
	out->detect = INFINITY;
	out->n = (unsigned int)(m + n);
	if (!m || !n)
		return;
	d = my - mx;
	out->valid = true;
	out->point = exp(d);
	if (!(df > 0) || !(var >= 0) || !isfinite(var))
		return;
	se = sqrt(var * (1.0 / (double)m + 1.0 / (double)n));
	t = irqstat_t_quantile(0.5 + level / 2, df);
	out->lo = exp(d - t * se);
	out->hi = exp(d + t * se);
	out->detect = out->hi / out->lo;
	if (se > 0) {
		out->p_up = 1 - irqstat_t_cdf(d / se, df);
		out->p_down = irqstat_t_cdf(d / se, df);
	} else {
		out->p_up = d > 0 ? 0 : 1;
		out->p_down = d < 0 ? 0 : 1;
	}
	out->enough = true;
}

/* median(chi^2_k) / k, Wilson and Hilferty's approximation. */
static double chi2_median_ratio(double k)
{
	double c = 1 - 2 / (9 * k);

	return c * c * c;
}

double irqstat_pooled_var(const double *v, size_t n, double k, double *df)
{
	double *s = malloc((n ? n : 1) * sizeof(*s)), med;
	size_t m = 0;

	*df = 0;
	if (!s || !(k > 0)) {
		free(s);
		return 0;
	}
	for (size_t i = 0; i < n; i++)
		if (isfinite(v[i]) && v[i] >= 0)
			s[m++] = v[i];
	if (!m) {
		free(s);
		return 0;
	}
	qsort(s, m, sizeof(*s), cmp_dbl);
	med = m % 2 ? s[m / 2] : (s[m / 2 - 1] + s[m / 2]) / 2;
	free(s);
	*df = (double)m * k * 2 / M_PI;
	return med / chi2_median_ratio(k);
}

double irqstat_sign_p(const double *d, size_t n)
{
	unsigned int pos = 0, neg = 0, m, k;

	for (size_t i = 0; i < n; i++) {
		if (!isfinite(d[i]) || d[i] == 0)
			continue;
		pos += d[i] > 0;
		neg += d[i] < 0;
	}
	m = pos + neg;
	if (!m)
		return 1;
	k = pos < neg ? pos : neg;
	return fmin(1, 2 * binom_cdf(k, m, 0.5));
}
