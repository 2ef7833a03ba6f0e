// SPDX-License-Identifier: GPL-2.0
/*
 * The bookkeeping of an irq trace read with its exits (replay.h,
 * bench_replay_read_pairs()): replay.c's reader reads every line and
 * hands each irq_handler_entry and irq_handler_exit here, where an entry
 * opens its irq's handler on its CPU and the next exit of that irq on
 * that CPU closes it. A handler does not nest in itself on one CPU (the
 * line is in progress, or interrupts are off, until its exit), so two
 * entries of one irq open on one CPU are a broken trace, not a nesting.
 * A shared line's handlers run one after another, each entry followed
 * by its exit, so one open slot per irq and CPU pairs them all.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "replay.h"

/* The handler @num/@name on @cpu; NULL with *@i the place for a new one. */
static struct bench_replay_handler *find(struct bench_replay *r,
					 unsigned int cpu, long num,
					 const char *name, size_t len)
{
	for (size_t i = 0; i < r->nr_handlers; i++) {
		struct bench_replay_handler *h = &r->handlers[i];

		if (h->cpu == cpu && h->num == num &&
		    (!name ||
		     (strlen(h->name) == len && !memcmp(h->name, name, len))))
			return h;
	}
	return NULL;
}

/* The handler of @num open on @cpu, or NULL. */
static struct bench_replay_handler *open_one(struct bench_replay *r,
					     unsigned int cpu, long num)
{
	for (size_t i = 0; i < r->nr_handlers; i++) {
		struct bench_replay_handler *h = &r->handlers[i];

		if (h->open && h->cpu == cpu && h->num == num)
			return h;
	}
	return NULL;
}

/* A new handler @num/@name on @cpu, first seen at @line; NULL: -ENOMEM. */
static struct bench_replay_handler *add(struct bench_replay *r,
					unsigned int cpu, long num,
					const char *name, size_t len,
					unsigned int line)
{
	struct bench_replay_handler *h;

	h = realloc(r->handlers, (r->nr_handlers + 1) * sizeof(*h));
	if (!h)
		return NULL;
	r->handlers = h;
	h += r->nr_handlers++;
	memset(h, 0, sizeof(*h));
	h->num = num;
	h->cpu = cpu;
	h->line = line;
	memcpy(h->name, name,
	       len < BENCH_REPLAY_NAME_MAX ? len : BENCH_REPLAY_NAME_MAX - 1);
	return h;
}

int bench_replay_pair_entry(struct bench_replay *r, unsigned int cpu, long num,
			    const char *name, size_t len, uint64_t ns,
			    unsigned int line, unsigned int *open_line)
{
	struct bench_replay_handler *h = open_one(r, cpu, num);

	if (h) {
		*open_line = h->entry_line;
		return -EEXIST;
	}
	h = find(r, cpu, num, name, len);
	if (!h)
		h = add(r, cpu, num, name, len, line);
	if (!h)
		return -ENOMEM;
	h->open = true;
	h->entry_ns = ns;
	h->entry_line = line;
	return 0;
}

int bench_replay_pair_exit(struct bench_replay *r, unsigned int cpu, long num,
			   uint64_t ns)
{
	struct bench_replay_handler *h = open_one(r, cpu, num);

	if (!h) {
		/* No name yet: kept nameless until close() finds its own. */
		h = find(r, cpu, num, NULL, 0);
		if (!h)
			h = add(r, cpu, num, "", 0, 0);
		if (!h)
			return -ENOMEM;
		h->skipped++;
		return 0;
	}
	if (ns < h->entry_ns)
		return -ERANGE;
	if (h->n == h->cap) {
		size_t cap = h->cap ? 2 * h->cap : 256;
		uint64_t *v = realloc(h->ns, cap * sizeof(*v));

		if (!v)
			return -ENOMEM;
		h->ns = v;
		h->cap = cap;
	}
	h->ns[h->n++] = ns - h->entry_ns;
	h->open = false;
	return 0;
}

/*
 * The entries still open count as skipped; a nameless handler (exits
 * only, before any entry of its irq on its CPU) gives its count to the
 * named one of its irq and CPU, or to @r->exits_alone, and goes.
 */
void bench_replay_pair_close(struct bench_replay *r)
{
	size_t k = 0;

	for (size_t i = 0; i < r->nr_handlers; i++)
		if (r->handlers[i].open) {
			r->handlers[i].open = false;
			r->handlers[i].skipped++;
		}
	for (size_t i = 0; i < r->nr_handlers; i++) {
		struct bench_replay_handler *h = &r->handlers[i], *g = NULL;

		if (h->name[0] || h->n) {
			r->handlers[k++] = *h;
			continue;
		}
		for (size_t j = 0; j < r->nr_handlers && !g; j++)
			if (j != i && r->handlers[j].name[0] &&
			    r->handlers[j].cpu == h->cpu &&
			    r->handlers[j].num == h->num)
				g = &r->handlers[j];
		if (g)
			g->skipped += h->skipped;
		else
			r->exits_alone += h->skipped;
		free(h->ns);
	}
	r->nr_handlers = k;
}
