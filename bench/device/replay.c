// SPDX-License-Identifier: GPL-2.0
/*
 * The recordings pattern replay plays back: one reader for the three
 * formats, told apart by content. An event line of ftrace or perf script
 * is "TASK... [CPU] [FLAGS] SECONDS.FRACTION: EVENT: PAYLOAD": ftrace
 * (the kernel's trace and trace_pipe files, trace-cmd report) names the
 * event irq_handler_entry, perf script irq:irq_handler_entry, and both
 * print its payload as the kernel's TP_printk does, "irq=28
 * name=virtio1-req.0". A plain recording is "NS IRQ" per line, for
 * anything else. Whatever the tracer printed about itself (the ftrace
 * header, trace-cmd's "cpus=2") is skipped; that it lost events is
 * refused, since a replay with holes is not the workload it claims.
 *
 * Times are kept in integer ns: ftrace prints microseconds (trace) or
 * nanoseconds (trace-cmd report -t, perf script --ns), and a double of
 * the seconds would round the latter.
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "replay.h"

#define MAX_LINE 4096 /* longer is not a recording's line */
#define MAX_TOKENS 16 /* looked at before the event's payload */

static const char *const format_names[] = {
	[BENCH_REPLAY_FTRACE] = "ftrace",
	[BENCH_REPLAY_PERF] = "perf script",
	[BENCH_REPLAY_PLAIN] = "plain",
};

/**
 * bench_replay_format_name - a format as messages and summary.json name it
 * @f: the format
 *
 * Return: "ftrace", "perf script" or "plain".
 */
const char *bench_replay_format_name(enum bench_replay_format f)
{
	return f <= BENCH_REPLAY_PLAIN ? format_names[f] : "unknown";
}

/* The state of one bench_replay_read(). */
struct reader {
	const char *path;
	unsigned int line;
	int format; /* -1: not known yet */
	struct bench_replay *r;
	size_t cap_all;
	char *err;
	size_t errlen;
	bool pair; /* bench_replay_read_pairs(): exits too */
	unsigned int cpu; /* the event line's CPU */
};

static int __attribute__((format(printf, 2, 3)))
fail(struct reader *rd, const char *fmt, ...)
{
	size_t n;
	va_list ap;

	snprintf(rd->err, rd->errlen, "%s:%u: ", rd->path, rd->line);
	n = strlen(rd->err);
	va_start(ap, fmt);
	vsnprintf(rd->err + n, rd->errlen - n, fmt, ap);
	va_end(ap);
	return -EINVAL;
}

/* Whitespace-separated tokens of @s, at most @max; their count. */
static unsigned int tokens(char *s, char **tok, unsigned int max)
{
	unsigned int n = 0;

	while (n < max) {
		while (isspace((unsigned char)*s))
			s++;
		if (!*s)
			break;
		tok[n++] = s;
		while (*s && !isspace((unsigned char)*s))
			s++;
		if (*s)
			*s++ = '\0';
	}
	return n;
}

static bool all_digits(const char *s, size_t n)
{
	if (!n)
		return false;
	for (size_t i = 0; i < n; i++)
		if (!isdigit((unsigned char)s[i]))
			return false;
	return true;
}

/* Decimal digits @s[0..n) into @out, false on overflow. */
static bool digits_u64(const char *s, size_t n, uint64_t *out)
{
	uint64_t v = 0;

	for (size_t i = 0; i < n; i++) {
		unsigned int d = (unsigned int)(s[i] - '0');

		if (v > (UINT64_MAX - d) / 10)
			return false;
		v = v * 10 + d;
	}
	*out = v;
	return true;
}

/* "[003]": a CPU column. */
static bool is_cpu(const char *t)
{
	size_t n = strlen(t);

	return n >= 3 && t[0] == '[' && t[n - 1] == ']' &&
	       all_digits(t + 1, n - 2);
}

/*
 * "3d.h1.": trace-cmd report -l's CPU ("%3d") with the latency flags
 * glued to it, 3 to 8 of them ("d.h1", "d.h1.", "dNh2."), the first no
 * digit.
 */
static bool is_lat_cpu(const char *t)
{
	size_t d = strspn(t, "0123456789"), f = strlen(t + d);

	return d && f >= 3 && f <= 8 && !isdigit((unsigned char)t[d]);
}

/*
 * "6604.988123:" into ns. Seconds with 1 to 9 decimals; anything else
 * that ends in ':' after digits is refused with the reason.
 */
static int timestamp(struct reader *rd, const char *t, uint64_t *ns)
{
	size_t n = strlen(t);
	const char *dot = memchr(t, '.', n);
	uint64_t s, frac;
	size_t fn;

	if (n < 2 || t[n - 1] != ':')
		return -ENOENT;
	if (!dot && all_digits(t, n - 1))
		return fail(rd,
			    "timestamp %.*s is a counter, not seconds: record "
			    "with trace_clock local, global or mono",
			    (int)(n - 1), t);
	if (!dot || !all_digits(t, (size_t)(dot - t)))
		return -ENOENT;
	fn = (size_t)(t + n - 1 - (dot + 1));
	if (!all_digits(dot + 1, fn))
		return -ENOENT;
	if (fn > 9)
		return fail(rd, "timestamp %.*s has more than 9 decimals",
			    (int)(n - 1), t);
	if (!digits_u64(t, (size_t)(dot - t), &s) || s > 9000000000ULL ||
	    !digits_u64(dot + 1, fn, &frac))
		return fail(rd, "timestamp %.*s is out of range", (int)(n - 1),
			    t);
	for (size_t i = fn; i < 9; i++)
		frac *= 10;
	*ns = s * 1000000000ULL + frac;
	return 0;
}

/* The source @num/@name, added at its first arrival. */
static int source(struct reader *rd, long num, const char *name, size_t len)
{
	struct bench_replay *r = rd->r;
	struct bench_replay_irq *q;

	if (len >= BENCH_REPLAY_NAME_MAX)
		return fail(rd, "irq name %.*s... is longer than %d characters",
			    16, name, BENCH_REPLAY_NAME_MAX - 1);
	for (size_t i = 0; i < r->nr_irqs; i++)
		if (r->irqs[i].num == num && strlen(r->irqs[i].name) == len &&
		    !memcmp(r->irqs[i].name, name, len))
			return (int)i;
	if (r->nr_irqs == BENCH_REPLAY_MAX_IRQS)
		return fail(rd, "more than %d irqs in one recording",
			    BENCH_REPLAY_MAX_IRQS);
	q = realloc(r->irqs, (r->nr_irqs + 1) * sizeof(*q));
	if (!q)
		return -ENOMEM;
	r->irqs = q;
	q += r->nr_irqs;
	*q = (struct bench_replay_irq){ .num = num, .line = rd->line };
	memcpy(q->name, name, len);
	q->name[len] = '\0';
	return (int)r->nr_irqs++;
}

static int arrival(struct reader *rd, uint64_t ns, long num, const char *name,
		   size_t len)
{
	struct bench_replay *r = rd->r;
	int i = source(rd, num, name, len);

	if (i < 0)
		return i;
	if (r->nr_all == rd->cap_all) {
		size_t cap = rd->cap_all ? 2 * rd->cap_all : 1024;
		void *p = realloc(r->all, cap * sizeof(*r->all));

		if (!p)
			return -ENOMEM;
		r->all = p;
		rd->cap_all = cap;
	}
	r->all[r->nr_all++] = (struct bench_replay_arrival){ ns, (uint32_t)i };
	r->irqs[i].count++;
	return 0;
}

/* An entry of bench_replay_read_pairs(): an arrival that opens its irq. */
static int pair_entry(struct reader *rd, long num, const char *name, size_t len,
		      uint64_t ns)
{
	unsigned int open_line = 0;
	int ret = arrival(rd, ns, num, name, len);

	if (!ret)
		ret = bench_replay_pair_entry(rd->r, rd->cpu, num, name, len,
					      ns, rd->line, &open_line);
	if (ret == -EEXIST)
		return fail(rd,
			    "a second irq_handler_entry of irq %ld on CPU %u "
			    "before the exit of line %u's",
			    num, rd->cpu, open_line);
	return ret;
}

/* "irq=28 name=virtio1-req.0", the payload of irq_handler_entry. */
static int entry_payload(struct reader *rd, const char *p, uint64_t ns)
{
	uint64_t num;
	size_t n, len;
	const char *name;

	while (isspace((unsigned char)*p))
		p++;
	if (strncmp(p, "irq=", 4))
		return fail(rd, "irq_handler_entry without irq=N name=NAME");
	n = strspn(p + 4, "0123456789");
	if (!digits_u64(p + 4, n, &num) || num > 0x7fffffff ||
	    !isspace((unsigned char)p[4 + n]))
		return fail(rd, "irq_handler_entry without irq=N name=NAME");
	name = p + 4 + n;
	while (isspace((unsigned char)*name))
		name++;
	if (strncmp(name, "name=", 5) || !name[5] ||
	    isspace((unsigned char)name[5]))
		return fail(rd, "irq_handler_entry without irq=N name=NAME");
	name += 5;
	len = strlen(name);
	while (len && isspace((unsigned char)name[len - 1]))
		len--;
	return rd->pair ? pair_entry(rd, (long)num, name, len, ns) :
			  arrival(rd, ns, (long)num, name, len);
}

/* "irq=28 ret=handled", the payload of irq_handler_exit. */
static int exit_payload(struct reader *rd, const char *p, uint64_t ns)
{
	uint64_t num;
	size_t n;
	int ret;

	p += strspn(p, " \t");
	n = strncmp(p, "irq=", 4) ? 0 : strspn(p + 4, "0123456789");
	if (!n || !digits_u64(p + 4, n, &num) || num > 0x7fffffff ||
	    strncmp(p + 4 + n + strspn(p + 4 + n, " \t"), "ret=", 4))
		return fail(rd, "irq_handler_exit without irq=N ret=...");
	ret = bench_replay_pair_exit(rd->r, rd->cpu, (long)num, ns);
	if (ret == -ERANGE)
		return fail(rd, "irq_handler_exit of irq %llu before its entry",
			    (unsigned long long)num);
	return ret;
}

/*
 * An ftrace or perf script event line: 1 when it was one (an arrival, or
 * another event, skipped), 0 when it is no event line, or an error.
 */
static int event_line(struct reader *rd, char *s)
{
	char copy[MAX_LINE + 1], *tok[MAX_TOKENS], *ev;
	unsigned int n, c, i;
	uint64_t ns = 0;
	int ret = -ENOENT, kind;

	snprintf(copy, sizeof(copy), "%s", s);
	n = tokens(copy, tok, MAX_TOKENS);
	for (c = 0; c < n && !is_cpu(tok[c]); c++)
		;
	rd->cpu = c < n ? (unsigned int)strtoul(tok[c] + 1, NULL, 10) : 0;
	/* No "[CPU]": trace-cmd report -l's "0d.h1.", before the time. */
	for (i = 1; c == n && i + 1 < n; i++)
		if (is_lat_cpu(tok[i]) && !timestamp(rd, tok[i + 1], &ns)) {
			c = i;
			rd->cpu = (unsigned int)strtoul(tok[i], NULL, 10);
		}
	/* The timestamp: right after the CPU, or after the flags. */
	for (i = c + 1; i < n && i <= c + 2; i++) {
		ret = timestamp(rd, tok[i], &ns);
		if (ret != -ENOENT)
			break;
	}
	if (ret == -ENOENT || i + 1 >= n)
		return ret == -ENOENT || !ret ? 0 : ret;
	if (ret)
		return ret;
	ev = tok[i + 1];
	if (ev[strlen(ev) - 1] != ':' || strlen(ev) < 2)
		return 0;
	/* perf names the system too: irq:irq_handler_entry: */
	kind = strchr(ev, ':') < ev + strlen(ev) - 1 ? BENCH_REPLAY_PERF :
						       BENCH_REPLAY_FTRACE;
	if (rd->format < 0)
		rd->format = kind;
	if (kind != rd->format)
		return fail(rd, "an event line of %s in a recording of %s",
			    format_names[kind], format_names[rd->format]);
	if (rd->pair &&
	    !strcmp(ev, kind == BENCH_REPLAY_PERF ? "irq:irq_handler_exit:" :
						    "irq_handler_exit:")) {
		ret = exit_payload(rd, s + (tok[i + 1] - copy) + strlen(ev),
				   ns);
		return ret ? ret : 1;
	}
	if (strcmp(ev, kind == BENCH_REPLAY_PERF ? "irq:irq_handler_entry:" :
						   "irq_handler_entry:")) {
		rd->r->skipped++;
		return 1;
	}
	/* The payload, in the original line: after the event's name. */
	ret = entry_payload(rd, s + (tok[i + 1] - copy) + strlen(ev), ns);
	return ret ? ret : 1;
}

/* "NS IRQ": 1 when it was one, 0 when it is not. */
static int plain_line(struct reader *rd, char *s)
{
	char copy[MAX_LINE + 1], *tok[3], *end;
	uint64_t ns;
	long num = -1;
	unsigned long v;
	size_t len;
	int ret;

	snprintf(copy, sizeof(copy), "%s", s);
	if (tokens(copy, tok, 3) != 2 || !all_digits(tok[0], strlen(tok[0])))
		return 0;
	if (!digits_u64(tok[0], strlen(tok[0]), &ns))
		return fail(rd, "time %s ns is out of range", tok[0]);
	len = strlen(tok[1]);
	if (all_digits(tok[1], len)) {
		errno = 0;
		v = strtoul(tok[1], &end, 10);
		if (errno || v > 0x7fffffff)
			return fail(rd, "irq %s is out of range", tok[1]);
		num = (long)v;
		len = 0;
	}
	ret = arrival(rd, ns, num, tok[1], len);
	return ret ? ret : 1;
}

/* What the tracers print about themselves: skipped, or refused. */
static int tracer_note(struct reader *rd, const char *s)
{
	unsigned int a;
	char c;

	if (!strncmp(s, "CPU:", 4) &&
	    (strstr(s, "LOST") || strstr(s, "DROPPED")))
		return fail(rd,
			    "the tracer lost events here (%s): record again "
			    "with a larger buffer (buffer_size_kb)",
			    s);
	/* trace-cmd report: "cpus=2", "version = 6", "CPU 1 is empty". */
	if (sscanf(s, "cpus=%u%c", &a, &c) == 1 ||
	    sscanf(s, "version = %u%c", &a, &c) == 1 ||
	    (sscanf(s, "CPU %u is empty%c", &a, &c) == 1 &&
	     strstr(s, " is empty")))
		return 1;
	return 0;
}

static int line_of(struct reader *rd, char *s)
{
	int ret;

	while (isspace((unsigned char)*s))
		s++;
	if (!*s || *s == '#')
		return 0;
	ret = tracer_note(rd, s);
	if (ret)
		return ret < 0 ? ret : 0;
	if (rd->format != BENCH_REPLAY_PLAIN) {
		ret = event_line(rd, s);
		if (ret)
			return ret < 0 ? ret : 0;
	}
	if (!rd->pair && (rd->format < 0 || rd->format == BENCH_REPLAY_PLAIN)) {
		ret = plain_line(rd, s);
		if (ret > 0)
			rd->format = BENCH_REPLAY_PLAIN;
		if (ret)
			return ret < 0 ? ret : 0;
	}
	if (rd->format == BENCH_REPLAY_PLAIN)
		return fail(rd,
			    "\"%.40s\" is not \"NS IRQ\" (a time in ns, an "
			    "irq number or name), as the lines before",
			    s);
	if (rd->format >= 0)
		return fail(rd,
			    "\"%.40s\" is not an event line of %s (TASK "
			    "[CPU] SECONDS: EVENT: ...)",
			    s, format_names[rd->format]);
	return fail(rd,
		    "\"%.40s\" is not a recording of interrupts: expected "
		    "irq_handler_entry lines of ftrace (trace, trace_pipe, "
		    "trace-cmd report) or perf script, or \"NS IRQ\" lines",
		    s);
}

static int read_lines(struct reader *rd, FILE *f)
{
	char *buf = NULL;
	size_t cap = 0;
	ssize_t n;
	int ret = 0;

	while (!ret && (n = getline(&buf, &cap, f)) >= 0) {
		rd->line++;
		while (n && (buf[n - 1] == '\n' || buf[n - 1] == '\r'))
			buf[--n] = '\0';
		if ((size_t)n != strlen(buf))
			ret = fail(rd, "a NUL byte: not a text file");
		else if (n > MAX_LINE)
			ret = fail(rd,
				   "a line over %d characters: not a "
				   "recording",
				   MAX_LINE);
		else
			ret = line_of(rd, buf);
	}
	free(buf);
	if (!ret && ferror(f)) {
		snprintf(rd->err, rd->errlen, "%s: read error", rd->path);
		ret = -EIO;
	}
	return ret;
}

static int read_recording(FILE *f, const char *path, bool pair,
			  struct bench_replay **out, char *err, size_t errlen)
{
	struct reader rd = { .path = path,
			     .format = -1,
			     .err = err,
			     .errlen = errlen,
			     .pair = pair };
	int ret;

	*out = NULL;
	rd.r = calloc(1, sizeof(*rd.r));
	if (!rd.r)
		goto nomem;
	rd.r->sel = -1;
	ret = read_lines(&rd, f);
	if (ret == -ENOMEM)
		goto nomem;
	if (!ret && !rd.r->nr_all) {
		snprintf(err, errlen,
			 "%s: no interrupt in it: no irq_handler_entry line "
			 "of ftrace or perf script, no \"NS IRQ\" line",
			 path);
		ret = -EINVAL;
	}
	if (ret) {
		bench_replay_free(rd.r);
		return ret;
	}
	rd.r->format = (enum bench_replay_format)rd.format;
	rd.r->lines = rd.line;
	if (pair)
		bench_replay_pair_close(rd.r);
	*out = rd.r;
	return 0;
nomem:
	bench_replay_free(rd.r);
	snprintf(err, errlen, "%s: out of memory", path);
	return -ENOMEM;
}

int bench_replay_read(FILE *f, const char *path, struct bench_replay **out,
		      char *err, size_t errlen)
{
	return read_recording(f, path, false, out, err, errlen);
}

int bench_replay_read_pairs(FILE *f, const char *path,
			    struct bench_replay **out, char *err, size_t errlen)
{
	return read_recording(f, path, true, out, err, errlen);
}

int bench_replay_load(const char *path, struct bench_replay **out, char *err,
		      size_t errlen)
{
	struct stat st;
	FILE *f;
	int fd, ret;

	*out = NULL;
	/* Non-blocking: a FIFO is refused, not waited on. */
	fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0 || fstat(fd, &st)) {
		ret = -errno;
		if (fd >= 0)
			close(fd);
		snprintf(err, errlen, "%s: cannot read: %s", path,
			 strerror(-ret));
		return ret;
	}
	if (!S_ISREG(st.st_mode)) {
		close(fd);
		snprintf(err, errlen, "%s: cannot read: not a regular file",
			 path);
		return -EINVAL;
	}
	f = fdopen(fd, "r");
	if (!f) {
		close(fd);
		snprintf(err, errlen, "%s: out of memory", path);
		return -ENOMEM;
	}
	ret = bench_replay_read(f, path, out, err, errlen);
	fclose(f);
	return ret;
}

void bench_replay_free(struct bench_replay *r)
{
	if (!r)
		return;
	for (size_t i = 0; i < r->nr_handlers; i++)
		free(r->handlers[i].ns);
	free(r->handlers);
	free(r->irqs);
	free(r->all);
	free(r->t);
	free(r);
}

int bench_replay_find(const struct bench_replay *r, const char *want)
{
	bool by_num = want && *want && all_digits(want, strlen(want));
	long num = by_num ? strtol(want, NULL, 10) : -1;
	int found = -ENOENT;

	if (!want || !*want)
		return r->nr_irqs == 1 ? 0 : -EEXIST;
	if (by_num && strlen(want) > 10)
		return -ENOENT;
	for (size_t i = 0; i < r->nr_irqs; i++) {
		const struct bench_replay_irq *q = &r->irqs[i];

		if (by_num ? q->num != num : strcmp(q->name, want))
			continue;
		if (found >= 0)
			return -EEXIST;
		found = (int)i;
	}
	return found;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

int bench_replay_select(struct bench_replay *r, int i)
{
	size_t n = 0;
	uint64_t *t, span;

	if (i < 0 || (size_t)i >= r->nr_irqs || r->irqs[i].count < 2)
		return -EINVAL;
	t = malloc(r->irqs[i].count * sizeof(*t));
	if (!t)
		return -ENOMEM;
	for (size_t k = 0; k < r->nr_all; k++)
		if (r->all[k].irq == (uint32_t)i)
			t[n++] = r->all[k].ns;
	/* Several CPUs' buffers, or a plain file: in time order first. */
	qsort(t, n, sizeof(*t), cmp_u64);
	span = t[n - 1] - t[0];
	/* Nothing to play, or a pass (span and a gap) past 64 bits of ns. */
	if (!span || span > BENCH_REPLAY_SPAN_MAX) {
		free(t);
		return -EINVAL;
	}
	for (size_t k = n; k-- > 0;)
		t[k] -= t[0];
	free(r->t);
	r->t = t;
	r->n = n;
	r->sel = i;
	/* At least 1 ns more: the next pass starts after this one ends. */
	r->loop_ns = span + (span / (n - 1) ? span / (n - 1) : 1);
	return 0;
}

void bench_replay_irq_name(const struct bench_replay *r, int i, char *buf,
			   size_t len)
{
	const struct bench_replay_irq *q = &r->irqs[i];

	if (q->num >= 0 && q->name[0])
		snprintf(buf, len, "%ld %s", q->num, q->name);
	else if (q->num >= 0)
		snprintf(buf, len, "%ld", q->num);
	else
		snprintf(buf, len, "%s", q->name);
}

void bench_replay_irqs(const struct bench_replay *r, char *buf, size_t len)
{
	char name[BENCH_REPLAY_NAME_MAX + 16];
	size_t n;

	buf[0] = '\0';
	for (size_t i = 0; i < r->nr_irqs; i++) {
		n = strlen(buf);
		if (i == 8 && r->nr_irqs > 9) {
			snprintf(buf + n, len - n, ", and %zu more",
				 r->nr_irqs - i);
			return;
		}
		bench_replay_irq_name(r, (int)i, name, sizeof(name));
		snprintf(buf + n, len - n, "%s%s (%zu arrival%s)",
			 i ? ", " : "", name, r->irqs[i].count,
			 r->irqs[i].count == 1 ? "" : "s");
	}
}

/* The most arrivals of the looped recording in a window of @w < loop. */
static uint64_t most_in(const struct bench_replay *r, double w)
{
	size_t n = r->n, j = 0, best = 0;

	for (size_t i = 0; i < n; i++) {
		/* Arrival j of the looped sequence: pass j / n. */
		if (j < i)
			j = i;
		while (j < i + n && (double)(j / n) * (double)r->loop_ns +
						    (double)r->t[j % n] <
					    (double)r->t[i] + w)
			j++;
		if (j - i > best)
			best = j - i;
	}
	return best;
}

uint64_t bench_replay_capacity(const struct bench_replay *r, double window_ns)
{
	double passes = floor(window_ns / (double)r->loop_ns);

	return (uint64_t)passes * r->n +
	       most_in(r, window_ns - passes * (double)r->loop_ns) + 2;
}
