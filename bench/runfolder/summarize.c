// SPDX-License-Identifier: GPL-2.0
/*
 * What a run recorded, as summary.json's model (struct run of
 * analysis/run.h), which analysis/formats/summary.c writes: the results grouped
 * by scenario in the order of their first result, each design with the
 * scenario's placement as it was placed, and the trace and break the
 * run reported.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "analysis/latency.h"
#include "analysis/summary.h"
#include "device/replay.h"
#include "results.h"

_Static_assert(BENCH_NQ == RUN_NQ, "blocks_ns has RUN_NQ quantiles");

const unsigned int bench_block_permille[BENCH_NQ] = { 500, 990, 999 };

/**
 * bench_run_trace_free - forget the trace bench_run_trace() recorded
 * @run: the open run
 */
void bench_run_trace_free(struct bench_run *run)
{
	free(run->trace.dispatch);
	free(run->flows);
	run->trace.dispatch = NULL;
	run->trace.ndispatch = 0;
	run->flows = NULL;
	run->traced = false;
}

/**
 * bench_run_trace - record the run's trace in summary.json
 * @run: the open run
 * @t: what the trace was: mode, where, discarded events, cost, snapshots,
 *	and the dispatch cost per flow (all copied; the dispatch cost is
 *	left out when there is no memory for it)
 */
void bench_run_trace(struct bench_run *run, const struct bench_run_trace *t)
{
	unsigned int n = t->nr_dispatch;

	bench_run_trace_free(run);
	run->traced = true;
	snprintf(run->trace_mode, sizeof(run->trace_mode), "%s", t->mode);
	snprintf(run->trace_path, sizeof(run->trace_path), "%s", t->path);
	run->trace = (struct run_trace){
		.path = run->trace_path,
		.mode = run->trace_mode,
		.discarded_events = t->discarded,
		.event_cost_ns = t->event_ns,
		.snapshots = t->snapshots,
	};
	if (!n)
		return;
	run->trace.dispatch = calloc(n, sizeof(*run->trace.dispatch));
	run->flows = calloc(n, sizeof(*run->flows));
	if (!run->trace.dispatch || !run->flows) {
		bench_run_trace_free(run);
		run->traced = true;
		return;
	}
	for (unsigned int i = 0; i < n; i++) {
		const struct bench_run_dispatch *d = &t->dispatch[i];

		snprintf(run->flows[i], sizeof(run->flows[i]), "%s",
			 d->flow ? d->flow : "");
		run->trace.dispatch[i] = (struct run_dispatch){
			.flow = run->flows[i],
			.compiled_out = d->compiled_out_ns < 0 ?
						NAN :
						d->compiled_out_ns,
			.idle = d->idle_ns,
			.tracing = d->tracing_ns,
		};
	}
	run->trace.ndispatch = n;
}

static void fill_noise(struct run_noise *n, const struct bench_noise *b)
{
	n->gaps = b->count;
	n->total_ns = b->total_ns;
	n->max_ns = b->max_ns;
	n->lost = b->lost;
}

/* Per block and quantile; 0 (no serviced event) becomes NAN, null. */
static int fill_blocks(struct run_design *d, const struct bench_result *r)
{
	d->nblocks = r->nblock_ns;
	for (int q = 0; q < RUN_NQ; q++) {
		d->bq[q] = calloc(r->nblock_ns + 1, sizeof(double));
		if (!d->bq[q])
			return -ENOMEM;
		for (unsigned int b = 0; b < r->nblock_ns; b++)
			d->bq[q][b] =
				r->block_ns[b][q] > 0 ? r->block_ns[b][q] : NAN;
	}
	return 0;
}

/* The host probe and accounting of each block's round (probe.c); NAN:
 * not probed, or not accounted. */
static int fill_host(struct run_design *d, const struct bench_result *r)
{
	static const size_t off[RUN_NHOST_ALL] = {
		[RUN_HOST_COMPUTE] = offsetof(struct bench_probe, compute_ns),
		[RUN_HOST_CLOCK] = offsetof(struct bench_probe, clock_ns),
		[RUN_HOST_HANDOFF] = offsetof(struct bench_probe, handoff_ns),
		[RUN_HOST_STEAL] = offsetof(struct bench_probe, steal_ns),
		[RUN_HOST_RUN_DELAY] =
			offsetof(struct bench_probe, run_delay_ns),
	};

	d->nhost = r->nblock_ns;
	for (int h = 0; h < RUN_NHOST_ALL; h++) {
		d->host[h] = calloc(r->nblock_ns + 1, sizeof(double));
		if (!d->host[h])
			return -ENOMEM;
		for (unsigned int b = 0; b < r->nblock_ns; b++) {
			const struct bench_probe *p = &r->probe[b];
			double v;

			memcpy(&v, (const char *)p + off[h], sizeof(v));
			d->host[h][b] = (h >= RUN_HOST_STEAL ?
						 p->accounted :
						 p->compute_ns > 0) ?
						v :
						NAN;
		}
	}
	return 0;
}

static void fill_uio(struct run_design *d, const struct bench_result *r)
{
	const struct bench_scenario *sc = r->sc;

	if (!r->uio_mask)
		return;
	d->has_uio = true;
	d->uio = (struct run_uio){
		.device = sc->uio,
		.driver = r->uio_driver,
		.backend = uio_backend_name(sc->uio_backend),
		.mask = r->uio_mask,
		.kernel_irq = r->uio_kirq,
		.routed_cpu = r->uio_routed_cpu,
		.wakeups = r->uio_wakeups,
		.kernel_irqs = r->uio_kernel_irqs,
	};
}

/* Key race: its books (bench/run/race.c). */
static void fill_race(struct run_design *d, const struct bench_result *r)
{
	const struct bench_race_books *b = &r->race;

	if (r->sc->race == BENCH_RACE_NONE)
		return;
	d->has_race = true;
	d->race = (struct run_race){
		.race = bench_race_name(r->sc->race),
		.moves = b->moves,
		.old_cpu_runs = b->old_cpu_runs,
		.longest_loop = b->longest_loop,
		.mask_accesses = b->mask_accesses,
		.resend_accesses = b->resend_accesses,
		.waits = b->waits,
		.wait_ns = b->wait_ns,
	};
}

/* @label: room for the design's name; the second of an A/A pair, flow#2. */
static int fill_design(struct run_design *d, const struct bench_result *r,
		       char *label, size_t len)
{
	snprintf(label, len, r->instance > 1 ? "%s#%u" : "%s",
		 bench_design_name(r->design), r->instance);
	*d = (struct run_design){
		.design = label,
		.slot = (int)r->slot,
		.flow = r->flow,
		.fired = r->fired,
		.serviced = r->serviced,
		.stranded = r->stranded,
		.coalesced = r->coalesced,
		.overruns = r->overruns,
		.spurious = r->spurious,
		.dropped_edges = r->dropped_edges,
		.chip_spurious = r->chip_spurious,
		.storm_fires = r->storm_fires,
		.handler_runs = r->handler_runs,
		.chip_accesses = r->chip_accesses,
		.has_by_op = true,
		.disables = r->disables,
		.irq_disabled = r->irq_disabled,
		.blocks = r->blocks,
		.seconds = r->seconds,
		.throughput = r->throughput_per_s,
		.accesses_per_irq = r->chip_accesses_per_irq,
		.has_origin = true,
		.origin = latency_origin(r->holds_stimulus),
		.has_late = true,
		.late = r->late,
		.entry = r->entry,
		.exit = r->exit,
		.threaded = r->thread_policy != NULL,
		.thread_policy = r->thread_policy,
		.thread_fifo = r->thread_fifo,
		.thread_runs = r->thread_runs,
		.masked_ns = r->masked_ns,
		.hard = r->hard,
		.has_noise = true,
		.noise_threshold_ns = r->noise_threshold_ns,
		.noise_span_ns = r->noise_span_ns,
		.noise_events = r->noise_events,
		.quiet = r->entry_quiet,
	};
	memcpy(d->by_op, r->acc_by_op, sizeof(d->by_op));
	fill_noise(&d->noise_cpu, &r->noise_cpu);
	fill_noise(&d->noise_dev, &r->noise_dev);
	fill_uio(d, r);
	fill_race(d, r);
	return fill_blocks(d, r) ? -ENOMEM : fill_host(d, r);
}

/* Pattern replay: the recording and the source played. */
static void fill_replay(struct run_scenario *s, const struct bench_scenario *sc,
			const struct bench_inputs *in)
{
	const struct bench_replay *r = sc->replay_rec;
	const struct bench_replay_irq *q;

	if (!r || r->sel < 0)
		return;
	q = &r->irqs[r->sel];
	s->has_replay = true;
	s->replay = (struct run_replay){
		.file = sc->replay_name,
		.path = bench_inputs_name(in, sc->replay),
		.format = bench_replay_format_name(r->format),
		.irq_name = q->name[0] ? q->name : NULL,
		.irq = q->num,
		.speed = sc->replay_speed,
		.arrivals = r->n,
		.span_ns = r->t[r->n - 1],
		.loop_ns = r->loop_ns,
	};
}

/* A scenario as @e, its first result, found it placed. */
static void fill_scenario(struct run_scenario *s,
			  const struct bench_run_entry *e,
			  const struct bench_inputs *in)
{
	const struct bench_scenario *sc = e->r.sc;

	*s = (struct run_scenario){
		.name = sc->name,
		.index = e->r.index,
		.file = sc->file,
		.chip = sc->chip ? sc->chip->name : NULL,
		.arch = genirq_arch_name(sc->arch),
		.trigger = bench_trigger_name(sc->trigger),
		.pin = sc->pin,
		.pattern = bench_pattern_name(sc->pattern),
		.rate_hz = sc->rate_hz,
		.devices = sc->devices,
		.wait = bench_wait_name(e->has_pl ? e->pl.wait : sc->wait),
		.has_placement = e->has_pl,
		.control_shift_ns = sc->control_shift_ns,
	};
	fill_replay(s, sc, in);
	if (!e->has_pl)
		return;
	s->placement = (struct run_placement){
		.cpu_pu = e->pl.cpu_pu,
		.ncpus = sc->cpus < BENCH_MAX_CPUS ? sc->cpus : BENCH_MAX_CPUS,
		.device_pu = e->pl.device_pu,
		.has_thread_pu = true,
		.thread_pu = e->pl.thread_pu,
		.thread_shared = e->pl.thread_shared,
		.note = e->pl.note,
	};
}

/*
 * The results into @m's scenarios @sc and designs @d (room for one per
 * result each), @label: the designs' names.
 */
static int group(const struct bench_run *run, struct run *m,
		 struct run_scenario *sc, struct run_design *d,
		 char (*label)[64])
{
	size_t nd = 0;

	m->sc = sc;
	for (size_t i = 0; i < run->nr; i++) {
		const struct bench_scenario *s = run->res[i].r.sc;
		struct run_scenario *out;
		size_t k;

		for (k = 0; k < i && run->res[k].r.sc != s; k++)
			;
		if (k < i)
			continue; /* grouped with its first result */
		out = &sc[m->nsc++];
		fill_scenario(out, &run->res[i], &run->inputs);
		out->d = &d[nd];
		for (k = i; k < run->nr; k++) {
			if (run->res[k].r.sc != s)
				continue;
			if (fill_design(&d[nd], &run->res[k].r, label[nd],
					sizeof(label[nd])))
				return -ENOMEM;
			nd++;
			out->nd++;
		}
	}
	return 0;
}

/**
 * bench_summary - summary.json's document for the run
 * @run: the run, closing
 * @complete: every scenario finished
 * @interrupted: stopped by a signal
 * @finished: UTC, ISO 8601
 *
 * Return: a new reference, or NULL out of memory.
 */
json_t *bench_summary(const struct bench_run *run, bool complete,
		      bool interrupted, const char *finished)
{
	size_t n = run->nr ? run->nr : 1;
	struct run_scenario *sc = calloc(n, sizeof(*sc));
	struct run_design *d = calloc(n, sizeof(*d));
	char(*label)[64] = calloc(n, sizeof(*label));
	struct run m = {
		.irqlab = IRQLAB_VERSION,
		.started = run->started,
		.finished = finished,
		.host = run->host,
		.complete = complete,
		.interrupted = interrupted,
		.bench = run->perf,
		.traced = run->traced,
		.trace = run->trace,
		.has_failed = run->failed.scenario != NULL,
		.failed = run->failed,
		.has_break = run->brk.hit,
		.brk = {
			.threshold_ns = run->brk.threshold_ns,
			.latency_ns = run->brk.latency_ns,
			.scenario = run->brk.scenario,
			.design = run->brk.design,
			.block = run->brk.block,
			.seq = run->brk.seq,
		},
	};
	json_t *j = NULL;

	if (sc && d && label && !group(run, &m, sc, d, label))
		j = summary_json(&m);
	for (size_t i = 0; d && i < n; i++) {
		for (int q = 0; q < RUN_NQ; q++)
			free(d[i].bq[q]);
		for (int h = 0; h < RUN_NHOST_ALL; h++)
			free(d[i].host[h]);
	}
	free(label);
	free(d);
	free(sc);
	return j;
}
