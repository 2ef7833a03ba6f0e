// SPDX-License-Identifier: GPL-2.0
/*
 * irqlab import's formats (docs/import.md): one table, a row per format
 * with its name, its tool and its reader; telling them apart by content;
 * reading a file whole and walking it line by line, so that every
 * refusal is "FILE:LINE: what is wrong"; and the cells the readers fill.
 * The quantiles and the folder's files are import_run.c's.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "import_internal.h"

#define IMP_MAX_FILE (256u << 20) /* larger is not a result file */

/**
 * struct imp_fmt - a row of the format table
 * @name: as FORMAT names it on the command line and in import.json
 * @tool: import.json "tool"
 * @read: its reader; NULL: read elsewhere (the harness's irq traces)
 */
static const struct imp_fmt {
	const char *name, *tool;
	int (*read)(struct imp_run *r, struct imp_text *t);
} formats[IMP_NFORMATS] = {
	[IMP_CYCLICTEST_JSON] = { "cyclictest-json", "cyclictest",
				  imp_read_cyclictest_json },
	[IMP_CYCLICTEST_HIST] = { "cyclictest-hist", "cyclictest",
				  imp_read_cyclictest_hist },
	[IMP_TIMERLAT] = { "timerlat", "rtla timerlat", imp_read_rtla },
	[IMP_OSNOISE] = { "osnoise", "rtla osnoise", imp_read_rtla },
	[IMP_HARDIRQS] = { "hardirqs", "bcc hardirqs", imp_read_hardirqs },
	[IMP_IRQ_TRACE] = { "irq-trace", "ftrace", NULL },
};

/**
 * imp_format_name - a format's name
 * @f: the format
 *
 * Return: its name, or NULL past the table.
 */
const char *imp_format_name(enum imp_format f)
{
	return (unsigned int)f < IMP_NFORMATS ? formats[f].name : NULL;
}

/**
 * imp_format_find - the format called @name
 * @name: as the command line gives it
 *
 * Return: the format, or -1.
 */
int imp_format_find(const char *name)
{
	for (int f = 0; f < IMP_NFORMATS; f++)
		if (!strcmp(formats[f].name, name))
			return f;
	return -1;
}

/* Whether some line of @text starts (after blanks) with @prefix. */
static bool has_line(const char *text, const char *prefix)
{
	for (const char *p = text; p; p = strchr(p, '\n')) {
		p += *p == '\n';
		if (imp_starts(imp_skip_blank(p), prefix))
			return true;
	}
	return false;
}

int imp_detect(const char *text)
{
	const char *s = imp_skip_blank(text);

	while (*s == '\n' || *s == '\r')
		s = imp_skip_blank(s + 1);
	if (*s == '{')
		return IMP_CYCLICTEST_JSON;
	if (strstr(text, "irq_handler_entry"))
		return IMP_IRQ_TRACE;
	if (strstr(text, "# RTLA timerlat") ||
	    (has_line(text, "Index") && strstr(text, "IRQ-")) ||
	    (has_line(text, "Index") && strstr(text, "Thr-")))
		return IMP_TIMERLAT;
	if (strstr(text, "# RTLA osnoise") ||
	    (has_line(text, "Index") && strstr(text, "CPU-")))
		return IMP_OSNOISE;
	if (has_line(text, "hardirq = ") ||
	    (strstr(text, "distribution") &&
	     (strstr(text, "usecs") || strstr(text, "nsecs"))))
		return IMP_HARDIRQS;
	if (has_line(text, "# Histogram") || has_line(text, "# Min Latencies"))
		return IMP_CYCLICTEST_HIST;
	return -1;
}

int imp_slurp(const char *path, char **text, size_t *len, int64_t *mtime,
	      char *err, size_t errlen)
{
	struct stat st;
	char *buf = NULL;
	size_t n = 0;
	ssize_t got;
	int fd, ret = 0;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0 || fstat(fd, &st)) {
		ret = -errno;
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		goto out;
	}
	if (!S_ISREG(st.st_mode) || st.st_size > (off_t)IMP_MAX_FILE) {
		snprintf(err, errlen, "%s: %s", path,
			 S_ISREG(st.st_mode) ? "larger than 256 MiB" :
					       "not a regular file");
		ret = -EINVAL;
		goto out;
	}
	buf = malloc((size_t)st.st_size + 1);
	if (!buf) {
		ret = -ENOMEM;
		snprintf(err, errlen, "%s: out of memory", path);
		goto out;
	}
	while (n < (size_t)st.st_size &&
	       (got = read(fd, buf + n, (size_t)st.st_size - n)) > 0)
		n += (size_t)got;
	buf[n] = '\0';
	if (memchr(buf, '\0', n)) {
		unsigned int line = 1;

		for (const char *p = buf; *p; p++)
			line += *p == '\n';
		snprintf(err, errlen, "%s:%u: a NUL byte: not a text file",
			 path, line);
		ret = -EINVAL;
	}
	*mtime = (int64_t)st.st_mtime;
out:
	if (fd >= 0)
		close(fd);
	if (ret) {
		free(buf);
		buf = NULL;
	}
	*text = buf;
	*len = n;
	return ret;
}

void imp_text_init(struct imp_text *t, const char *path, const char *text,
		   size_t len, char *err, size_t errlen)
{
	*t = (struct imp_text){ .path = path,
				.p = text,
				.end = text + len,
				.err = err,
				.errlen = errlen };
}

int imp_text_next(struct imp_text *t)
{
	const char *nl;
	size_t n;

	if (t->p >= t->end)
		return 0;
	nl = memchr(t->p, '\n', (size_t)(t->end - t->p));
	n = (size_t)((nl ? nl : t->end) - t->p);
	if (n + 1 > t->cap) {
		char *b = realloc(t->buf, n + 1);

		if (!b)
			return -ENOMEM;
		t->buf = b;
		t->cap = n + 1;
	}
	memcpy(t->buf, t->p, n);
	while (n && (t->buf[n - 1] == '\r' || t->buf[n - 1] == ' ' ||
		     t->buf[n - 1] == '\t'))
		n--;
	t->buf[n] = '\0';
	t->cur = t->buf;
	t->p = nl ? nl + 1 : t->end;
	t->line++;
	return 1;
}

void imp_text_free(struct imp_text *t)
{
	free(t->buf);
	t->buf = NULL;
}

int imp_fail(struct imp_text *t, const char *fmt, ...)
{
	va_list ap;
	size_t n;

	snprintf(t->err, t->errlen, "%s:%u: ", t->path, t->line);
	n = strlen(t->err);
	va_start(ap, fmt);
	vsnprintf(t->err + n, t->errlen - n, fmt, ap);
	va_end(ap);
	return -EINVAL;
}

bool imp_starts(const char *s, const char *prefix)
{
	return !strncmp(s, prefix, strlen(prefix));
}

const char *imp_skip_blank(const char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	return s;
}

bool imp_u64(const char **s, uint64_t *out)
{
	const char *p = imp_skip_blank(*s);
	uint64_t v = 0;

	if (*p < '0' || *p > '9')
		return false;
	for (; *p >= '0' && *p <= '9'; p++) {
		if (v > (INT64_MAX - 9) / 10)
			return false;
		v = v * 10 + (uint64_t)(*p - '0');
	}
	*s = p;
	*out = v;
	return true;
}

bool imp_num(const char **s, double *out)
{
	const char *p = imp_skip_blank(*s);
	uint64_t whole, frac = 0;
	double scale = 1;

	if (!imp_u64(&p, &whole))
		return false;
	if (*p == '.') {
		p++;
		if (*p < '0' || *p > '9')
			return false;
		for (; *p >= '0' && *p <= '9'; p++)
			if (scale < 1e15) {
				frac = frac * 10 + (uint64_t)(*p - '0');
				scale *= 10;
			}
	}
	*out = (double)whole + (double)frac / scale;
	*s = p;
	return true;
}

bool imp_mul(uint64_t a, uint64_t b, uint64_t *out)
{
	if (b && a > (uint64_t)INT64_MAX / b)
		return false;
	*out = a * b;
	return true;
}

void imp_utc(int64_t t, char *buf, size_t len)
{
	time_t tt = (time_t)t;
	struct tm tm;

	if (!gmtime_r(&tt, &tm) ||
	    !strftime(buf, len, "%Y-%m-%dT%H:%M:%SZ", &tm))
		snprintf(buf, len, "1970-01-01T00:00:00Z");
}

int imp_begin(struct imp_run *r, enum imp_format format, const char *path,
	      int64_t mtime)
{
	const char *base = strrchr(path, '/');

	memset(r, 0, sizeof(*r));
	r->format = format;
	r->tool = formats[format].tool;
	r->unit_ns = 1000;
	snprintf(r->file, sizeof(r->file), "%s", base ? base + 1 : path);
	imp_utc(mtime, r->started, sizeof(r->started));
	memcpy(r->finished, r->started, sizeof(r->finished));
	return 0;
}

struct imp_cell *imp_cell_add(struct imp_run *r, const char *scenario,
			      const char *design, const char *source,
			      unsigned int line)
{
	struct imp_cell *c = realloc(r->c, (r->nc + 1) * sizeof(*c));

	if (!c)
		return NULL;
	r->c = c;
	c += r->nc++;
	memset(c, 0, sizeof(*c));
	snprintf(c->scenario, sizeof(c->scenario), "%s", scenario);
	snprintf(c->design, sizeof(c->design), "%s", design);
	snprintf(c->source, sizeof(c->source), "%s", source);
	c->line = line;
	return c;
}

int imp_cell_bucket(struct imp_cell *c, uint64_t lo_ns, uint64_t hi_ns,
		    uint64_t count)
{
	if (!count)
		return 0;
	if (c->nb == c->capb) {
		size_t cap = c->capb ? 2 * c->capb : 64;
		struct imp_bucket *b = realloc(c->b, cap * sizeof(*b));

		if (!b)
			return -ENOMEM;
		c->b = b;
		c->capb = cap;
	}
	c->b[c->nb++] = (struct imp_bucket){ lo_ns, hi_ns, count };
	return 0;
}

int imp_cell_value(struct imp_cell *c, uint64_t ns)
{
	if (c->nv == c->capv) {
		size_t cap = c->capv ? 2 * c->capv : 256;
		uint64_t *v = realloc(c->v, cap * sizeof(*v));

		if (!v)
			return -ENOMEM;
		c->v = v;
		c->capv = cap;
	}
	c->v[c->nv++] = ns;
	return 0;
}

void imp_free(struct imp_run *r)
{
	for (size_t i = 0; i < r->nc; i++) {
		free(r->c[i].b);
		free(r->c[i].v);
	}
	free(r->c);
	free(r->tool_version);
	free(r->command_line);
	free(r->host);
	json_decref(r->machine);
	memset(r, 0, sizeof(*r));
}

int imp_read(const char *path, int format, struct imp_run *out, char *err,
	     size_t errlen)
{
	struct imp_text t;
	int64_t mtime;
	size_t len;
	char *text;
	int ret = imp_slurp(path, &text, &len, &mtime, err, errlen);

	memset(out, 0, sizeof(*out));
	if (ret)
		return ret;
	if (format < 0)
		format = imp_detect(text);
	if (format < 0) {
		snprintf(
			err, errlen,
			"%s:1: not a result of a format irqlab imports (cyclictest --json or -h, rtla timerlat or osnoise hist, bcc hardirqs -d, an irq trace); an rtla file without its header needs its format named",
			path);
		free(text);
		return -EINVAL;
	}
	if (!formats[format].read) {
		snprintf(
			err, errlen,
			"%s: an irq trace: irqlab import reads it (irqlab import irq-trace FILE -o DIR), then compare the folder",
			path);
		free(text);
		return -ENOTSUP;
	}
	imp_begin(out, (enum imp_format)format, path, mtime);
	imp_text_init(&t, path, text, len, err, errlen);
	ret = formats[format].read(out, &t);
	imp_text_free(&t);
	free(text);
	if (ret == -ENOMEM)
		snprintf(err, errlen, "%s: out of memory", path);
	if (!ret)
		ret = imp_finish(out, err, errlen);
	return ret;
}
