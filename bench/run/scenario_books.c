// SPDX-License-Identifier: GPL-2.0
/*
 * The books of a scenario's blocks: after each block, every slot below
 * fired was stamped once or not at all, the stamps agree with the
 * handler's tally, and fired = serviced + stranded; the design's latencies
 * gather here, and the block's samples go to samples.bin.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <analysis/latency.h>
#include "device/chipset.h"
#include "race.h"
#include "scenario_books.h"

int bench_lat_push(struct lat_vec *l, uint64_t x)
{
	if (l->n == l->cap) {
		size_t cap = l->cap ? l->cap * 2 : 4096;
		uint64_t *v = realloc(l->v, cap * sizeof(*v));

		if (!v)
			return -ENOMEM;
		l->v = v;
		l->cap = cap;
	}
	l->v[l->n++] = x;
	return 0;
}

int bench_write_samples(struct bench_scenario_run *r,
			const struct bench_result *res, unsigned int block,
			const struct bench_dev *dev, struct bench_sample *buf)
{
	size_t n = 0;
	int ret = 0;

	for (uint64_t s = 0; s < dev->fired && !ret; s++) {
		const struct bench_event *e = &dev->ev[s];

		buf[n++] = (struct bench_sample){
			.intended_ns = e->intended,
			.entry_ns = e->entry ? e->entry - e->intended :
					       BENCH_SAMPLE_NEVER,
			.exit_ns = e->entry ? e->exit - e->intended :
					      BENCH_SAMPLE_NEVER,
			.seq = (uint32_t)s,
			.scenario = (uint16_t)r->index,
			.design = (uint8_t)res->design,
			.slot = (uint8_t)res->slot,
			.chip_accesses = e->entry ? e->accesses : 0,
			.block = (uint16_t)block,
			.cpu = e->entry ? e->cpu : BENCH_SAMPLE_NO_CPU,
			.noise_ns = e->entry ? e->noise_ns : 0,
			.late_ns = e->late,
			.access_ns = e->entry ? e->access_ns : 0,
			.close_ns = e->entry ? e->close_ns : 0,
			.flags =
				(uint8_t)(e->flags | dev->line->sample_flags |
					  (e->entry ? BENCH_SAMPLE_SERVICED :
						      0) |
					  (e->drained_with > 1 ?
						   BENCH_SAMPLE_COALESCED :
						   0) |
					  dev->index
						  << BENCH_SAMPLE_DEVICE_SHIFT),
		};
		if (n == SAMPLE_CHUNK || s + 1 == dev->fired) {
			ret = bench_run_samples(r->run, buf, n);
			n = 0;
		}
	}
	return ret;
}

/*
 * Host noise inside @e's latency window, from where its latency starts
 * to its entry: a device-thread gap that made a fire late lies before
 * the window of a line whose latencies count from the fire, and is in
 * late_ns instead (the stimulus's lateness, the harness's).
 */
uint32_t bench_window_noise(const struct bench_line *l,
			    const struct noise_set *ns,
			    const struct bench_event *e)
{
	struct bench_event w = *e;

	w.intended = e->entry - bench_event_latency(l, e, e->entry);
	return bench_event_noise(ns, &w);
}

/*
 * The slots of @dev below fired into @acc: how late each fired, and each
 * stamped one's latencies and noise; *@stamped and *@stranded count them.
 * Return: 0, or -ENOMEM.
 */
static int reconcile_dev(const struct bench_line *l, struct bench_dev *dev,
			 const struct noise_set *ns, struct design_acc *acc,
			 struct bench_result *res, uint64_t *stamped,
			 uint64_t *stranded)
{
	for (uint64_t s = 0; s < dev->fired; s++) {
		struct bench_event *e = &dev->ev[s];

		if (bench_lat_push(&acc->late, e->late))
			return -ENOMEM;
		if (!e->entry) {
			(*stranded)++;
			continue;
		}
		(*stamped)++;
		e->noise_ns = bench_window_noise(l, ns, e);
		res->noise_events += e->noise_ns > 0;
		if ((!e->noise_ns &&
		     bench_lat_push(&acc->quiet,
				    bench_event_latency(l, e, e->entry))) ||
		    bench_lat_push(&acc->entry,
				   bench_event_latency(l, e, e->entry)) ||
		    bench_lat_push(&acc->exit,
				   bench_event_latency(l, e, e->exit)) ||
		    (e->hard &&
		     bench_lat_push(&acc->hard,
				    bench_event_latency(l, e, e->hard))))
			return -ENOMEM;
	}
	return 0;
}

/*
 * The block's quantiles: its slice of the design's latencies, from
 * @first on, 0 (null) where the block has too few events for one to be a
 * unit.
 */
static void block_quantiles(const struct bench_line *l,
			    const struct design_acc *acc, size_t first,
			    struct bench_result *res)
{
	if (l->block >= BENCH_MAX_BLOCKS)
		return;
	for (int q = 0; q < BENCH_NQ; q++) {
		double v = latency_block_quantile(acc->entry.v + first,
						  acc->entry.n - first,
						  bench_block_permille[q]);

		res->block_ns[l->block][q] = isnan(v) ? 0 : v;
	}
	if (l->block + 1 > res->nblock_ns)
		res->nblock_ns = l->block + 1;
}

/*
 * The books of one block: every slot below fired was stamped once or not
 * at all, the stamps agree with the handler's tally, and fired =
 * serviced + stranded.
 */
int bench_reconcile(struct bench_scenario_run *r, enum bench_design d,
		    struct bench_line *l, const struct noise_set *ns,
		    struct design_acc *acc, struct bench_result *res, char *err,
		    size_t errlen)
{
	const struct bench_scenario *sc = r->sc;

	size_t first = acc->entry.n;

	for (unsigned int i = 0; i < l->nr_dev; i++) {
		struct bench_dev *dev = &l->dev[i];
		uint64_t stamped = 0, stranded = 0;

		if (dev->full) {
			snprintf(
				err, errlen,
				"scenario %s: device %u fired more events than its %llu slots",
				sc->name, i, (unsigned long long)dev->cap);
			return -EOVERFLOW;
		}
		if (reconcile_dev(l, dev, ns, acc, res, &stamped, &stranded))
			return -ENOMEM;
		if (stamped != dev->serviced || dev->drained != dev->serviced ||
		    stamped + stranded != dev->fired) {
			snprintf(
				err, errlen,
				"scenario %s, design %s: the books do not balance on device %u: fired %llu, drained %llu, handler serviced %llu, stamped %llu, stranded %llu",
				sc->name, bench_design_name(d), i,
				(unsigned long long)dev->fired,
				(unsigned long long)dev->drained,
				(unsigned long long)dev->serviced,
				(unsigned long long)stamped,
				(unsigned long long)stranded);
			return -EPROTO;
		}
		res->fired += dev->fired;
		res->serviced += stamped;
		res->stranded += stranded;
		res->coalesced += dev->coalesced;
		res->handler_runs += dev->runs;
		res->overruns += dev->overruns;
		res->storm_fires += dev->storm_fires;
		res->thread_runs += dev->thread_runs;
	}
	res->holds_stimulus = l->holds_stimulus;
	block_quantiles(l, acc, first, res);
	res->masked_ns += l->masked_ns;
	res->disables += l->disables;
	if (l->concurrent) {
		snprintf(
			err, errlen,
			"scenario %s, design %s: a device's handler ran on two CPUs at once (%lu times); genirq never does that",
			sc->name, bench_design_name(d), l->concurrent);
		return -EPROTO;
	}
	res->spurious += l->spurious;
	acc->runs += l->runs;
	return 0;
}

int bench_block_books(struct bench_scenario_run *r, struct bench_line *l,
		      struct noise_set *ns, unsigned int block,
		      struct bench_result *res, const struct chip_stats *s0,
		      const struct chip_stats *s1, uint64_t stim_ns,
		      struct design_acc *acc, struct bench_sample *buf,
		      char *err, size_t errlen)
{
	int ret;

	res->dropped_edges += s1->dropped_masked - s0->dropped_masked;
	if (l->race)
		bench_race_block_end(l, s0, s1, res);
	res->chip_spurious += s1->spurious - s0->spurious;
	res->chip_accesses += bench_chip_accesses(s1) - bench_chip_accesses(s0);
	for (unsigned int a = 0; a < RUN_NR_ACC; a++) /* ops, then DEMUX */
		res->acc_by_op[a] += s1->reads[a] + s1->writes[a] -
				     s0->reads[a] - s0->writes[a];
	res->seconds += (double)stim_ns / 1e9;
	res->blocks++;

	bench_noise_block_end(ns, res);
	ret = bench_reconcile(r, res->design, l, ns, acc, res, err, errlen);
	for (unsigned int i = 0; i < l->nr_dev && !ret && r->run; i++)
		if (!l->dev[i].storm)
			ret = bench_write_samples(r, res, block, &l->dev[i],
						  buf);
	if (ret && !*err)
		snprintf(err, errlen, "cannot write samples: %s",
			 strerror(-ret));
	return ret;
}
