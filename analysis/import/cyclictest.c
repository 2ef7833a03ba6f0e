// SPDX-License-Identifier: GPL-2.0
/*
 * cyclictest's results (rt-tests 2.x, docs/import.md): the --json file
 * (file_version 1) and the -h/-H histogram text. Facts of the format
 * that are easy to get wrong, and why the reader does what it does:
 *
 * - two keys carry a colon in their name, "cmdline:" and
 *   "rt_test_version:", as rt-tests writes them;
 * - "resolution_in_ns" is a flag (0: the figures are microseconds, 1:
 *   nanoseconds, -N), not a bucket width: a bucket is one unit;
 * - a thread's "histogram" is present and non-empty only with -h, and
 *   lists its non-empty buckets; the events past it are "cycles" less
 *   their sum;
 * - the text's "# Total:" counts the buckets only, its "# Histogram
 *   Overflows:" the events past them; -H adds a total column to the
 *   bucket lines, "# Total:", "# Max Latencies:" and "# Histogram
 *   Overflows:", never to "# Min Latencies:" or "# Avg Latencies:", so
 *   those two count the threads;
 * - without -q cyclictest's stdout also holds its status ("policy: fifo:
 *   loadavg: ...", "T: 0 (...)" lines), each refresh after the first
 *   behind a VT100 cursor-up ("\033[3A"); rt-tests 2.x leaves out the
 *   bucket lines that are zero in every thread.
 */
#define _GNU_SOURCE /* strptime, timegm */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "import_internal.h"

#define MAX_THREADS 4096 /* more columns is not cyclictest's */

/* The line of the first "key" of @path in @text, each after the last. */
static unsigned int line_of(const char *text, const char *const *path, size_t n)
{
	const char *at = text;
	char key[160];

	for (size_t i = 0; i < n; i++) {
		const char *f;

		snprintf(key, sizeof(key), "\"%s\"", path[i]);
		f = strstr(at, key);
		if (!f)
			break;
		at = f;
	}
	unsigned int line = 1;

	for (const char *p = text; p < at; p++)
		line += *p == '\n';
	return line;
}

/* "PATH:LINE: KEY: what", the line found by the keys of @path. */
static int bad(struct imp_text *t, const char *const *path, size_t n,
	       const char *what)
{
	char where[256] = "";

	for (size_t i = 0; i < n; i++)
		snprintf(where + strlen(where), sizeof(where) - strlen(where),
			 "%s%s", i ? "." : "", path[i]);
	t->line = line_of(t->p, path, n);
	return imp_fail(t, "%s: %s", where, what);
}

/* A count of @o's @key into @out: an integer of 0 or more. */
static bool count_of(const json_t *o, const char *key, uint64_t *out)
{
	json_t *v = json_object_get(o, key);

	if (!json_is_integer(v) || json_integer_value(v) < 0)
		return false;
	*out = (uint64_t)json_integer_value(v);
	return true;
}

/* "Mon, 07 Dec 2026 10:51:32 +0000" into seconds since the epoch. */
static bool stamp(const char *s, int64_t *out)
{
	struct tm tm = { 0 };
	const char *end = s ? strptime(s, "%a, %d %b %Y %H:%M:%S %z", &tm) :
			      NULL;

	if (!end || *end)
		return false;
	*out = (int64_t)timegm(&tm) - tm.tm_gmtoff;
	return true;
}

/* The strings the file states about itself. */
static int header(struct imp_run *r, struct imp_text *t, json_t *doc)
{
	static const char *const keys[] = { "cmdline:", "rt_test_version:" };
	char **out[] = { &r->command_line, &r->tool_version };
	json_t *v = json_object_get(doc, "file_version");
	int64_t s, e;

	if (!json_is_integer(v) || json_integer_value(v) != 1)
		return bad(t, (const char *[]){ "file_version" }, 1,
			   "not 1, the only cyclictest JSON irqlab reads");
	for (int i = 0; i < 2; i++) {
		v = json_object_get(doc, keys[i]);
		if (v && !json_is_string(v))
			return bad(t, &keys[i], 1, "not a string");
		if (v && !(*out[i] = strdup(json_string_value(v))))
			return -ENOMEM;
	}
	v = json_object_get(doc, "sysinfo");
	if (json_is_object(v)) {
		r->machine = json_incref(v);
		v = json_object_get(v, "nodename");
		if (json_is_string(v) &&
		    !(r->host = strdup(json_string_value(v))))
			return -ENOMEM;
	}
	if (stamp(json_string_value(json_object_get(doc, "start_time")), &s)) {
		imp_utc(s, r->started, sizeof(r->started));
		r->started_from_file = true;
		if (stamp(json_string_value(json_object_get(doc, "end_time")),
			  &e) &&
		    e >= s) {
			imp_utc(e, r->finished, sizeof(r->finished));
			r->seconds = (double)(e - s);
		} else {
			memcpy(r->finished, r->started, sizeof(r->finished));
		}
	}
	v = json_object_get(doc, "resolution_in_ns");
	if (!json_is_integer(v) || json_integer_value(v) < 0 ||
	    json_integer_value(v) > 1)
		return bad(t, (const char *[]){ "resolution_in_ns" }, 1,
			   "not 0 (microseconds) or 1 (nanoseconds)");
	r->unit_ns = json_integer_value(v) ? 1 : 1000;
	return 0;
}

/*
 * Where -h US (-H, --histogram=US, --histofall=US) ends the histogram,
 * from the command line the file states; 0 when it does not say.
 */
static uint64_t hist_end(const char *cmdline)
{
	static const char *const opt[] = { "-h", "-H", "--histogram",
					   "--histofall" };
	const char *p = cmdline;
	uint64_t v = 0;

	while (p && *p) {
		const char *w = imp_skip_blank(p);
		size_t n = strcspn(w, " \t");

		for (size_t i = 0; i < 4 && !v; i++) {
			size_t k = strlen(opt[i]);
			const char *a = w + k;

			if (strncmp(w, opt[i], k) || n < k)
				continue;
			if (*a == '=' || (k == 2 && *a >= '0' && *a <= '9'))
				a += *a == '=';
			else if (*a == ' ' || *a == '\t')
				a = imp_skip_blank(a);
			else
				continue;
			if (!imp_u64(&a, &v))
				v = 0;
		}
		p = w[n] ? w + n : NULL;
	}
	return v;
}

/* One thread's histogram into @c. */
static int histogram(struct imp_run *r, struct imp_text *t, const char *num,
		     const json_t *h, struct imp_cell *c)
{
	const char *key;
	uint64_t end, next = 0;
	json_t *v;

	json_object_foreach((json_t *)h, key, v)
	{
		const char *path[] = { "thread", num, "histogram", key };
		const char *p = key;
		uint64_t at, lo, n;
		int ret;

		if (!imp_u64(&p, &at) || *p || !imp_mul(at, r->unit_ns, &lo) ||
		    lo > INT64_MAX - r->unit_ns)
			return bad(t, path, 3,
				   "a bucket that is not a latency");
		/* cyclictest writes its buckets in ascending order */
		if (at < next)
			return bad(
				t, path, 3,
				"a bucket below the one before it (cyclictest writes them in ascending order)");
		next = at + 1;
		if (!json_is_integer(v) || json_integer_value(v) < 0)
			return bad(t, path, 4, "not a count");
		n = (uint64_t)json_integer_value(v);
		ret = imp_cell_bucket(c, lo, lo + r->unit_ns, n);
		if (ret)
			return ret;
	}
	c->kind = json_object_size(h) ? IMP_HIST : IMP_SUMMARY;
	c->bucket_ns = c->kind == IMP_HIST ? r->unit_ns : 0;
	end = r->command_line ? hist_end(r->command_line) : 0;
	if (c->kind == IMP_HIST && end && imp_mul(end, r->unit_ns, &end) &&
	    c->nb && end >= c->b[c->nb - 1].hi_ns) {
		c->has_range = true;
		c->range_ns = end;
	}
	return 0;
}

/* Thread @num, its object @o. */
static int thread(struct imp_run *r, struct imp_text *t, const char *num,
		  const json_t *o)
{
	const char *path[] = { "thread", num, "" };
	char scen[32], src[64];
	struct imp_cell *c;
	uint64_t n, mn, mx;
	const char *p = num;
	json_t *avg = json_object_get(o, "avg"), *h;

	if (!imp_u64(&p, &n) || *p || n >= MAX_THREADS || !json_is_object(o))
		return bad(t, path, 2, "not a thread number's object");
	snprintf(scen, sizeof(scen), "thread%s", num);
	if (count_of(o, "cpu", &mn))
		snprintf(src, sizeof(src), "thread %s on CPU %llu", num,
			 (unsigned long long)mn);
	else
		snprintf(src, sizeof(src), "thread %s", num);
	c = imp_cell_add(r, scen, "latency", src, line_of(t->p, path, 2));
	if (!c)
		return -ENOMEM;
	path[2] = "cycles";
	if (!count_of(o, "cycles", &c->count))
		return bad(t, path, 3, "missing, or not a count");
	path[2] = "min";
	if (!count_of(o, "min", &mn))
		return bad(t, path, 3, "missing, or not a latency");
	path[2] = "max";
	if (!count_of(o, "max", &mx) || mx < mn)
		return bad(t, path, 3, "missing, not a latency, or below min");
	path[2] = "avg";
	if (!json_is_number(avg) || json_number_value(avg) < 0)
		return bad(t, path, 3, "missing, or not a latency");
	if (!imp_mul(mn, r->unit_ns, &c->min_ns) ||
	    !imp_mul(mx, r->unit_ns, &c->max_ns))
		return bad(t, path, 3, "out of range");
	c->avg_ns = json_number_value(avg) * (double)r->unit_ns;
	c->has_summary = c->count > 0;
	h = json_object_get(o, "histogram");
	path[2] = "histogram";
	if (h && !json_is_object(h))
		return bad(t, path, 3, "not an object");
	c->kind = IMP_SUMMARY;
	return h ? histogram(r, t, num, h, c) : 0;
}

int imp_read_cyclictest_json(struct imp_run *r, struct imp_text *t)
{
	json_error_t je;
	json_t *doc, *th, *o;
	const char *num;
	int ret;

	doc = json_loadb(t->p, (size_t)(t->end - t->p), JSON_REJECT_DUPLICATES,
			 &je);
	if (!doc) {
		t->line = je.line > 0 ? (unsigned int)je.line : 1;
		return imp_fail(t, "not cyclictest's JSON: %s", je.text);
	}
	ret = json_is_object(doc) ? header(r, t, doc) :
				    imp_fail(t, "not a JSON object");
	th = json_object_get(doc, "thread");
	if (!ret && !json_is_object(th))
		ret = bad(t, (const char *[]){ "thread" }, 1,
			  "missing, or not an object of threads");
	json_object_foreach(th, num, o)
	{
		if (ret)
			break;
		ret = thread(r, t, num, o);
	}
	json_decref(doc);
	return ret;
}

/* "# Name: 00012 00014 ...": the figures of a summary line, per thread. */
static int summary_line(struct imp_text *t, const char *s, uint64_t *v,
			size_t *n)
{
	*n = 0;
	while (*(s = imp_skip_blank(s))) {
		if (*n == MAX_THREADS)
			return imp_fail(t, "more than %d threads", MAX_THREADS);
		if (!imp_u64(&s, &v[(*n)++]))
			return imp_fail(t, "\"%.20s\" is not a count", s);
	}
	return 0;
}

/* The text's figures, as read. */
struct hist_text {
	uint64_t *cnt; /* per bucket line, per column */
	size_t lines, cols, cap;
	uint64_t *lo; /* each line's value */
	uint64_t sums[5][MAX_THREADS]; /* Total, Min, Avg, Max, Overflows */
	size_t nsum[5];
	unsigned int sum_line[5];
};

static const char *const sum_key[5] = {
	"# Total:",	    "# Min Latencies:",	      "# Avg Latencies:",
	"# Max Latencies:", "# Histogram Overflows:",
};

/* A bucket line "VALUE COUNT COUNT ...". */
static int bucket_line(struct imp_text *t, struct hist_text *h)
{
	const char *s = t->cur;
	uint64_t v[MAX_THREADS + 1];
	size_t n = 0;

	while (*(s = imp_skip_blank(s)) && n <= MAX_THREADS)
		if (!imp_u64(&s, &v[n++]) || (*s && *s != ' ' && *s != '\t'))
			return imp_fail(
				t,
				"\"%.30s\" is not a bucket line (VALUE COUNT...)",
				t->cur);
	if (n < 2 || n > MAX_THREADS)
		return imp_fail(
			t,
			"a bucket line needs a value and a count per thread");
	if (h->lines && n - 1 != h->cols)
		return imp_fail(t, "%zu counts where the lines before had %zu",
				n - 1, h->cols);
	if (h->lines && v[0] <= h->lo[h->lines - 1])
		return imp_fail(t, "bucket %llu after bucket %llu",
				(unsigned long long)v[0],
				(unsigned long long)h->lo[h->lines - 1]);
	h->cols = n - 1;
	if (h->lines == h->cap) {
		size_t cap = h->cap ? 2 * h->cap : 256;
		uint64_t *c = realloc(h->cnt, cap * h->cols * sizeof(*c));
		uint64_t *l = c ? realloc(h->lo, cap * sizeof(*l)) : NULL;

		if (c)
			h->cnt = c;
		if (!l)
			return -ENOMEM;
		h->lo = l;
		h->cap = cap;
	}
	h->lo[h->lines] = v[0];
	memcpy(h->cnt + h->lines * h->cols, v + 1, h->cols * sizeof(*v));
	h->lines++;
	return 0;
}

static int hist_lines(struct imp_text *t, struct hist_text *h)
{
	int ret;

	while ((ret = imp_text_next(t)) > 0) {
		const char *s = imp_skip_blank(t->cur);
		int k;

		if (!*s)
			continue;
		/* a status refresh: "\033[3Apolicy: ..." */
		while (s[0] == '\033' && s[1] == '[') {
			s += 2 + strspn(s + 2, "0123456789;");
			s += *s != '\0';
		}
		if (!*s)
			continue;
		for (k = 0; k < 5 && !imp_starts(s, sum_key[k]); k++)
			;
		if (k < 5) {
			h->sum_line[k] = t->line;
			ret = summary_line(t, s + strlen(sum_key[k]),
					   h->sums[k], &h->nsum[k]);
		} else if (*s == '#' || imp_starts(s, "T:") ||
			   imp_starts(s, "policy:")) {
			continue; /* comments, the overflow cycles, status */
		} else {
			ret = bucket_line(t, h);
		}
		if (ret)
			return ret;
	}
	return ret;
}

/* The columns of @h into cells; a -H total column is the last, left out. */
static int hist_cells(struct imp_run *r, struct imp_text *t,
		      struct hist_text *h)
{
	/* Min and Avg have no -H total: they count the threads */
	size_t threads = h->nsum[1] ? h->nsum[1] :
			 h->nsum[2] ? h->nsum[2] :
				      h->cols;

	if (!h->lines)
		return imp_fail(
			t, "no bucket lines: not cyclictest's -h histogram");
	if (threads != h->cols && threads + 1 != h->cols)
		return imp_fail(t, "%zu columns of buckets for %zu threads",
				h->cols, threads);
	for (int k = 0; k < 5; k++)
		if (h->nsum[k] && h->nsum[k] != threads &&
		    h->nsum[k] != threads + 1) {
			t->line = h->sum_line[k];
			return imp_fail(t, "%zu figures for %zu threads",
					h->nsum[k], threads);
		}
	for (size_t col = 0; col < threads; col++) {
		char scen[32], src[32];
		struct imp_cell *c;

		snprintf(scen, sizeof(scen), "thread%zu", col);
		snprintf(src, sizeof(src), "thread %zu", col);
		c = imp_cell_add(r, scen, "latency", src, h->sum_line[0]);
		if (!c)
			return -ENOMEM;
		c->kind = IMP_HIST;
		c->bucket_ns = r->unit_ns;
		c->has_range = true;
		c->range_ns = (h->lo[h->lines - 1] + 1) * r->unit_ns;
		for (size_t i = 0; i < h->lines; i++)
			if (imp_cell_bucket(c, h->lo[i] * r->unit_ns,
					    (h->lo[i] + 1) * r->unit_ns,
					    h->cnt[i * h->cols + col]))
				return -ENOMEM;
		c->over = h->nsum[4] ? h->sums[4][col] : 0;
		if (h->nsum[1] && h->nsum[2] && h->nsum[3]) {
			c->has_summary = true;
			c->min_ns = h->sums[1][col] * r->unit_ns;
			c->avg_ns = (double)(h->sums[2][col] * r->unit_ns);
			c->max_ns = h->sums[3][col] * r->unit_ns;
		}
	}
	return 0;
}

int imp_read_cyclictest_hist(struct imp_run *r, struct imp_text *t)
{
	struct hist_text *h = calloc(1, sizeof(*h));
	int ret;

	if (!h)
		return -ENOMEM;
	ret = hist_lines(t, h);
	if (!ret && h->lines && h->lo[h->lines - 1] > INT64_MAX / 1000 - 1)
		ret = imp_fail(t, "a bucket out of range");
	if (!ret)
		ret = hist_cells(r, t, h);
	free(h->cnt);
	free(h->lo);
	free(h);
	return ret;
}
