// SPDX-License-Identifier: GPL-2.0
/*
 * bcc's `hardirqs -d` (docs/import.md), the Python tool (tools/hardirqs.py,
 * table.py's print_log2_hist) and libbpf-tools' C one (hardirqs.c,
 * trace_helpers.c): a section per interrupt handler, "hardirq = NAME"
 * (quoted by some versions: section_name()), its unit line ("usecs :
 * count distribution", or nsecs with -N; past 2^32 units the columns are
 * wider) and a log2 histogram of "LO -> HI : COUNT |***|" lines, LO and
 * HI both included. hardirqs sums every CPU, so the scenario is "all" and
 * the design the handler; libbpf-tools' -C prints "cpu = N hardirq =
 * NAME", a histogram per CPU and handler: scenario cpuN. A section
 * without lines (print_log2_hist prints nothing for an empty one) is a
 * cell of no event. Its other lines (the "Tracing..."
 * banner, ^C, -T's times) are skipped; a handler's second histogram (an
 * interval output) is refused: import one interval a file.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "import_internal.h"

/*
 * The NAME of "hardirq = NAME" at @s (past "hardirq"), as the versions
 * print it: 'NAME' (bcc on Python 2, its %r), b'NAME' (bcc 0.8 to 0.24 on
 * Python 3: %r of bytes), "NAME" (%r of a name with a quote), NAME (bcc
 * 0.25 on, which decodes it; libbpf-tools). Its start and length.
 */
static bool section_name(const char *s, const char **name, size_t *len)
{
	size_t n;

	s = imp_skip_blank(s);
	if (*s != '=')
		return false;
	s = imp_skip_blank(s + 1);
	n = strlen(s);
	if (*s == 'b' && (s[1] == '\'' || s[1] == '"'))
		s++, n--;
	if (n >= 2 && (*s == '\'' || *s == '"') && s[n - 1] == *s)
		s++, n -= 2;
	*name = s;
	*len = n;
	return n > 0;
}

/*
 * "hardirq = NAME", or "cpu = N hardirq = NAME" (libbpf-tools' -C, a
 * histogram per CPU): a new cell.
 */
static int section(struct imp_run *r, struct imp_text *t, const char *s,
		   struct imp_cell **cur)
{
	char design[96], src[128], scen[32] = "all";
	const char *name;
	uint64_t cpu;
	size_t n;

	if (imp_starts(s, "cpu")) {
		s = imp_skip_blank(s + 3);
		if (*s != '=' || (s++, !imp_u64(&s, &cpu)) || cpu > 65535)
			return imp_fail(t, "cpu = without a CPU number");
		snprintf(scen, sizeof(scen), "cpu%llu",
			 (unsigned long long)cpu);
		s = imp_skip_blank(s);
		if (!imp_starts(s, "hardirq"))
			return imp_fail(t, "cpu = N without hardirq = NAME");
	}
	if (!section_name(s + strlen("hardirq"), &name, &n))
		return imp_fail(t, "hardirq = without a NAME");
	if (n > 80)
		return imp_fail(t, "a hardirq name over 80 characters");
	snprintf(design, sizeof(design), "irq:%.*s", (int)n, name);
	for (size_t i = 0; i < r->nc; i++)
		if (!strcmp(r->c[i].design, design) &&
		    !strcmp(r->c[i].scenario, scen))
			return imp_fail(
				t,
				"a second histogram of %s (line %u): import one interval a file",
				design, r->c[i].line);
	snprintf(src, sizeof(src), "hardirq '%.*s'%s%s", (int)n, name,
		 strcmp(scen, "all") ? " on " : "",
		 strcmp(scen, "all") ? scen : "");
	*cur = imp_cell_add(r, scen, design, src, t->line);
	if (!*cur)
		return -ENOMEM;
	(*cur)->kind = IMP_LOG2;
	return 0;
}

/* "LO -> HI : COUNT |**|" of the current section. */
static int bucket(struct imp_run *r, struct imp_text *t, const char *s,
		  struct imp_cell *c, bool *unit_seen)
{
	uint64_t lo, hi, n, lo_ns, hi_ns;

	if (!c)
		return imp_fail(t,
				"a histogram line before any hardirq = NAME");
	if (!*unit_seen)
		return imp_fail(t,
				"a histogram line before its usecs/nsecs line");
	if (!imp_u64(&s, &lo) || strncmp(imp_skip_blank(s), "->", 2))
		return imp_fail(t, "\"%.30s\" is not LO -> HI : COUNT", t->cur);
	s = imp_skip_blank(s) + 2;
	if (!imp_u64(&s, &hi) || *(s = imp_skip_blank(s)) != ':' ||
	    (s++, !imp_u64(&s, &n)) || hi < lo)
		return imp_fail(t, "\"%.30s\" is not LO -> HI : COUNT", t->cur);
	s = imp_skip_blank(s);
	if (*s && *s != '|')
		return imp_fail(t, "\"%.30s\" after the count", s);
	if (!imp_mul(lo, r->unit_ns, &lo_ns) ||
	    !imp_mul(hi + 1, r->unit_ns, &hi_ns))
		return imp_fail(t, "a bucket out of range");
	if (c->nb && lo_ns < c->range_ns)
		return imp_fail(t,
				"bucket %llu -> %llu overlaps the one before",
				(unsigned long long)lo, (unsigned long long)hi);
	c->range_ns = hi_ns;
	c->has_range = true;
	return imp_cell_bucket(c, lo_ns, hi_ns, n);
}

int imp_read_hardirqs(struct imp_run *r, struct imp_text *t)
{
	struct imp_cell *c = NULL;
	bool unit_seen = false;
	int ret;

	while ((ret = imp_text_next(t)) > 0) {
		const char *s = imp_skip_blank(t->cur);
		uint64_t unit = 0;

		bool head = imp_starts(s, "hardirq") ||
			    (imp_starts(s, "cpu") && strstr(s, "hardirq"));

		ret = 0;
		if (head)
			ret = section(r, t, s, &c);
		if (head)
			unit_seen = false;
		else if (imp_starts(s, "usecs"))
			unit = 1000;
		else if (imp_starts(s, "nsecs"))
			unit = 1;
		else if (*s >= '0' && *s <= '9' && strstr(s, "->"))
			ret = bucket(r, t, s, c, &unit_seen);
		if (unit && unit_seen)
			ret = imp_fail(t, "a second unit line in one section");
		if (unit && r->nc > 1 && unit != r->unit_ns)
			ret = imp_fail(t, "usecs and nsecs in one file");
		if (unit) {
			r->unit_ns = unit;
			unit_seen = true;
		}
		if (ret)
			return ret;
	}
	if (!ret && !r->nc)
		ret = imp_fail(
			t, "no hardirq = NAME section: not bcc's hardirqs -d");
	return ret;
}
