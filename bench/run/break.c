// SPDX-License-Identifier: GPL-2.0
/*
 * Why the event over --break-us was slow. The block it broke is cut
 * short and dropped (a block cut short is not a measurement), so its
 * records never reach samples.bin; they are still in the line's slots
 * when the block ends, and the noise recorders still hold its gaps.
 * They become samples.bin's records here, in memory, and the report's
 * attribution (analysis/tail/tail.c) explains the event among them, as the
 * report's "Why the tail" would have. rtla's timerlat prints its
 * auto-analysis when its threshold stops it; this is that.
 */
#include <stdio.h>
#include <stdlib.h>
#include <analysis/latency.h>
#include <analysis/tail.h>
#include "break.h"
#include "scenario_books.h"

/*
 * Event @s of @d as samples.bin records it, @ns's noise included: inside
 * its latency's window, from its fire on a line that counts from there.
 */
static void record(const struct noise_set *ns, const struct bench_line *l,
		   const struct bench_dev *d, uint64_t s, struct sample *out)
{
	const struct bench_event *e = &d->ev[s];
	bool done = e->entry != 0;

	*out = (struct sample){
		.intended_ns = e->intended,
		.entry_ns = done ? e->entry - e->intended : SAMPLE_NEVER,
		.exit_ns = done && e->exit ? e->exit - e->intended :
					     SAMPLE_NEVER,
		.seq = (uint32_t)s,
		.flags =
			(uint8_t)(e->flags | (done ? SAMPLE_SERVICED : 0) |
				  (e->drained_with > 1 ? SAMPLE_COALESCED : 0) |
				  d->index << SAMPLE_DEVICE_SHIFT),
		.chip_accesses = done ? e->accesses : 0,
		.cpu = done ? e->cpu : SAMPLE_NO_CPU,
		.noise_ns = done ? bench_window_noise(l, ns, e) : 0,
		.late_ns = e->late,
		.access_ns = done ? e->access_ns : 0,
		.close_ns = done ? e->close_ns : 0,
	};
	if (done && out->exit_ns == SAMPLE_NEVER)
		out->exit_ns = out->entry_ns;
}

/* The block's records, every device's; *@broke: the event's, or @n. */
static struct sample *records(const struct bench_line *l,
			      const struct noise_set *ns,
			      const struct bench_break *brk, size_t *n,
			      size_t *broke)
{
	struct sample *ev;
	size_t at = 0;

	*n = 0;
	for (unsigned int i = 0; i < l->nr_dev; i++)
		*n += l->dev[i].storm ? 0 : l->dev[i].fired;
	ev = malloc((*n ? *n : 1) * sizeof(*ev));
	*broke = *n;
	for (unsigned int i = 0; ev && i < l->nr_dev; i++) {
		const struct bench_dev *d = &l->dev[i];

		for (uint64_t s = 0; !d->storm && s < d->fired; s++) {
			record(ns, l, d, s, &ev[at]);
			if (s == brk->seq &&
			    latency_entry(&ev[at],
					  latency_origin(l->holds_stimulus)) ==
				    brk->latency_ns)
				*broke = at;
			at++;
		}
	}
	return ev;
}

/**
 * bench_break_explain - why the event that broke the run was slow
 * @l: the line of the block --break-us stopped, its devices' slots as
 *	the handlers left them (the block over, its lines freed)
 * @ns: the scenario's noise recorders, the block's gaps not yet read
 *	(bench_noise_block_end() not called for it)
 * @brk: the break; @brk->why gets the causes, a line each, or a
 *	sentence saying why there are none
 */
void bench_break_explain(struct bench_line *l, struct noise_set *ns,
			 struct bench_break *brk)
{
	/* The block is dropped: its noise counts go nowhere. */
	struct bench_result *scratch = calloc(1, sizeof(*scratch));
	struct tail_block b = { 0 };
	struct sample *ev = NULL;
	struct tail_why w;
	size_t n = 0, broke = 0;
	FILE *f;

	if (scratch) {
		bench_noise_block_end(ns, scratch);
		ev = records(l, ns, brk, &n, &broke);
	}
	f = fmemopen(brk->why, sizeof(brk->why), "w");
	if (!f)
		goto out;
	if (!ev ||
	    tail_block_init(&b, ev, n, true, latency_origin(l->holds_stimulus)))
		fputs("  (out of memory: no causes)\n", f);
	else if (broke == n || tail_explain(&b, broke, &w))
		fputs("  (the event is not among its block's records)\n", f);
	else
		tail_print(f, "  ", &w);
	fclose(f);
out:
	tail_block_free(&b);
	free(ev);
	free(scratch);
}
