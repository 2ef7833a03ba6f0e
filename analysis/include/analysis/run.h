/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A run folder as irqlab reads and writes it, through its documented
 * formats only (docs/results.md): summary.json (summary.c), environment.json
 * (environment.c) and samples.bin (samples.c), each with one writer and one
 * reader. struct run is summary.json typed, what the harness fills to
 * write it and what run_load() reads back, with what samples.bin adds.
 */
#ifndef ANALYSIS_RUN_H
#define ANALYSIS_RUN_H

#include <irqlab/chip_ops.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <jansson.h>
#include "analysis/environment.h"
#include "analysis/stats.h"

/* One serviced event of samples.bin, as the figures need it. */
struct run_event {
	uint64_t intended_ns; /* since the run began */
	uint64_t entry_ns; /* latency to handler entry, from the design's origin */
	uint16_t cpu; /* 0xffff: not recorded (samples.bin version 1) */
	uint16_t block;
	uint32_t noise_ns; /* host noise inside fire -> entry (version 3) */
};

/* The gaps of one kind of spinning thread (summary.json noise.cpu, ...). */
struct run_noise {
	uint64_t gaps, total_ns, max_ns, lost;
};

/*
 * Where a design's latencies start (summary.json latency_origin,
 * analysis/formats/latency.c): the event's intended time, where the design held
 * the stimulus back (and in every folder from before the key), or the
 * line's assertion by the device thread (intended + late_ns).
 */
enum run_origin { RUN_FROM_INTENDED, RUN_FROM_FIRE, RUN_NORIGIN };

/* The quantiles compared block by block (run_design.bq). */
enum run_q { RUN_Q50, RUN_Q99, RUN_Q999, RUN_NQ };
/*
 * The host probe's figures (bench/probe.h), as summary.json names them:
 * RUN_NHOST of them, which every folder since the probe has; then, to
 * RUN_NHOST_ALL, figures that folders before them lack (d->host[] NULL:
 * unknown): the hypervisor's steal time on the round's PUs over the
 * round (/proc/stat), and the round's threads' run delay (schedstat).
 */
enum run_host {
	RUN_HOST_COMPUTE,
	RUN_HOST_CLOCK,
	RUN_HOST_HANDOFF,
	RUN_NHOST,
	RUN_HOST_STEAL = RUN_NHOST,
	RUN_HOST_RUN_DELAY,
	RUN_NHOST_ALL,
};
extern const char *const run_host_key[RUN_NHOST_ALL];
extern const unsigned int run_q_permille[RUN_NQ];

/* Who made a register access: the chip operations, then "demux". */
#define RUN_NR_ACC (IRQLAB_OP_NR + 1)
const char *run_acc_name(unsigned int acc);

/* A uio design's kernel side (summary.json "uio"). */
struct run_uio {
	const char *device; /* as the scenario named it; NULL: null */
	const char *driver, *backend, *mask;
	int64_t kernel_irq, routed_cpu; /* -1: none, the kernel's choice */
	uint64_t wakeups, kernel_irqs;
};

/*
 * An affinity race's books (summary.json "race", docs/results.md): the
 * scenario's key race, the moves its handler made, the handler runs off
 * the line's target (the old CPU's reruns) and the most in a row, the
 * register accesses of mask/mask_ack and of retrigger, and the modern
 * core's migration waits and the time spun in them.
 */
struct run_race {
	const char *race;
	uint64_t moves, old_cpu_runs, longest_loop;
	uint64_t mask_accesses, resend_accesses, waits, wait_ns;
};

struct run_design {
	const char *design; /* flow, do_irq, edge-masking; flow#2: a control */
	int slot; /* its place in the scenario's designs list */
	const char *flow; /* the flow handler that ran; written null if NULL,
			   * read back as "" */
	json_t *j; /* its summary.json object (NULL when writing) */
	uint64_t fired, serviced, stranded, coalesced, overruns, spurious;
	uint64_t dropped_edges, chip_spurious, storm_fires, handler_runs;
	uint64_t chip_accesses;
	/*
	 * The same by who made them (summary.json chip_accesses_by_op):
	 * each irq_chip operation of <irqlab/chip_ops.h>, then a chained
	 * demultiplexer's reads; set-up is in neither. @has_by_op false in
	 * folders from before it.
	 */
	bool has_by_op;
	uint64_t by_op[RUN_NR_ACC];
	uint64_t disables; /* 0 in folders from before it */
	bool irq_disabled;
	uint64_t blocks; /* blocks run to the end (0 in folders before it) */
	double seconds, throughput, accesses_per_irq; /* NAN: null */
	/*
	 * Where @entry, @exit, @hard, @quiet, @bq and @sorted count from:
	 * summary.json latency_origin; @has_origin false in folders from
	 * before it, whose latencies all count from the intended time
	 * (@origin RUN_FROM_INTENDED). Two designs of different origins
	 * measured different quantities: compare must not set one against
	 * the other as if they were the same.
	 */
	bool has_origin;
	enum run_origin origin;
	/*
	 * The stimulus's own lateness, fire - intended, over the design's
	 * fired events (summary.json stimulus_late_ns): the harness's, not
	 * the design's; @has_late false in folders from before it.
	 */
	bool has_late;
	struct irqstat late;
	struct irqstat entry; /* from samples.bin, else summary.json */
	struct irqstat exit;
	/* Threaded designs (summary.json "thread", latency_ns.hard): */
	bool threaded;
	const char *thread_policy, *thread_fifo;
	uint64_t thread_runs, masked_ns;
	struct irqstat hard;
	/* Chip uio only (summary.json "uio"): */
	bool has_uio;
	struct run_uio uio;
	/* Key race only (summary.json "race"; absent: none): */
	bool has_race;
	struct run_race race;
	/* From samples.bin (NULL, 0 without it): */
	uint64_t *sorted; /* entry latencies of serviced events, ascending */
	struct run_event *ev; /* the serviced events in time order */
	size_t n;
	unsigned int ncpus; /* 1 + the highest CPU that serviced one */
	/*
	 * Per block (0 .. nblocks - 1, the block field of samples.bin: the
	 * round of the interleaving), the quantile of its entry latencies;
	 * NAN for a block with no serviced event. From summary.json's
	 * blocks_ns, then samples.bin's where it is read; NULL in folders
	 * with neither.
	 */
	unsigned int nblocks;
	double *bq[RUN_NQ];
	/*
	 * Host noise (summary.json noise; has_noise false in folders from
	 * before it): the gaps of the simulated CPUs' and the device
	 * thread's loops, the serviced events a gap overlapped, and the
	 * latency of the others; from samples.bin, their per-block
	 * quantiles too (NULL without samples.bin version 3).
	 */
	bool has_noise;
	uint64_t noise_threshold_ns, noise_span_ns, noise_events;
	struct run_noise noise_cpu, noise_dev;
	struct irqstat quiet;
	double *bq_quiet[RUN_NQ];
	/*
	 * The host at the start of each block's round (summary.json host;
	 * NULL in folders from before it): per figure, per block, NAN where
	 * the round was not probed; nhost blocks.
	 */
	unsigned int nhost;
	double *host[RUN_NHOST_ALL];
};

/* Where a scenario's threads ran (summary.json "placement"). */
struct run_placement {
	const unsigned int *cpu_pu; /* PU of each simulated CPU */
	size_t ncpus;
	uint64_t device_pu;
	bool has_thread_pu; /* false in folders from before threads */
	uint64_t thread_pu;
	bool thread_shared; /* irq threads on simulated CPU 0's PU */
	const char *note; /* what was done instead of what was asked */
};

/*
 * Where a pattern replay scenario's arrivals came from (summary.json
 * "replay", docs/replay.md): the recording as the config named it and
 * the file it resolved to, its format, the irq played (-1: a name only)
 * and its handler's name (NULL: none), the time scale, the arrivals in
 * one pass, their span and one pass's length when looped.
 */
struct run_replay {
	const char *file, *path, *format, *irq_name;
	int64_t irq;
	double speed;
	uint64_t arrivals, span_ns, loop_ns;
};

struct run_scenario {
	const char *name, *chip, *trigger, *pattern, *wait;
	const char *arch; /* genirq_arch_name(); NULL: absent (older runs) */
	unsigned int index; /* samples.bin's number for it: its config's order */
	const char *file; /* the config it came from; NULL: null */
	unsigned int pin;
	double rate_hz;
	unsigned int devices;
	bool has_placement; /* placement is null when none was recorded */
	struct run_placement placement;
	bool thread_shared; /* placement.thread_shared: irq threads on CPU 0 */
	uint64_t control_shift_ns; /* the A/A control's injected shift */
	bool has_replay; /* pattern replay: replay says from where */
	struct run_replay replay;
	struct run_design *d;
	size_t nd;
};

/* The tracepoints' cost per dispatch of one flow (trace.dispatch_ns). */
struct run_dispatch {
	const char *flow;
	double compiled_out, idle, tracing; /* ns; NAN: not measured */
};

/* summary.json "trace": the run was traced. */
struct run_trace {
	const char *path,
		*mode; /* "trace" or a relayd URL; session, snapshot */
	uint64_t discarded_events;
	double event_cost_ns; /* NAN: null or absent */
	uint64_t snapshots;
	struct run_dispatch *dispatch;
	size_t ndispatch;
};

/*
 * summary.json "bench", in a folder irqlab bench wrote (docs/bench.md),
 * typed by summary_bench.c. Every number is NAN where the file has null
 * (not measured); a series or list the file lacks has no elements.
 */
struct run_bench_step {
	const char *fn; /* a function of the dispatch path */
	double instructions; /* its own, per dispatch */
};

/*
 * @instructions: the dispatch path an untraced run executes (before the
 * copies, the tracepoints idle); @instructions_traced: the copy with
 * tracepoints, no session (NAN in older folders); @steps: the first's
 * functions, largest first (none in older folders).
 */
struct run_bench_dispatch {
	const char *flow;
	double ns, ns_compiled_out, per_s;
	double instructions, instructions_compiled_out, instructions_traced;
	struct run_bench_step *steps;
	size_t nsteps;
};

/* One point of a scaling series: @count other lines, actions or CPUs. */
struct run_bench_point {
	double count, ns, per_s; /* per_s: the cpus series only */
};

struct run_bench_cost {
	const char *model, *key;
	double ns, measured_ns, ratio;
};

struct run_bench_tracing {
	const char *flow;
	double events_per_irq, added_ns, budget_ns, ratio;
};

struct run_bench {
	struct run_bench_dispatch *dispatch;
	size_t ndispatch;
	double handoff_ns;
	const char *scaling_flow; /* NULL: no scaling object */
	struct run_bench_point *lines, *shared, *cpus;
	size_t nlines, nshared, ncpus;
	struct run_bench_cost *costs;
	size_t ncosts;
	bool callgrind;
	/* The trace sink's throughput (analysis; absent: not measured). */
	bool analysis_measured;
	const char *analysis_why; /* NULL: no reason given */
	double events, sink_s, dummy_s, ratio;
	/* NAN where absent (before turns: the least time of 3 each). */
	double turns, ratio_min, ratio_max;
	struct run_bench_tracing *tracing;
	size_t ntracing;
};

/* summary.json "break": --break-us stopped the run. */
struct run_break {
	uint64_t threshold_ns, latency_ns;
	const char *scenario, *design;
	uint64_t block, seq;
};

/*
 * summary.json "failed": the scenario whose block failed. It is not among
 * the scenarios; samples.bin may hold records of its finished blocks.
 */
struct run_failed {
	const char *scenario, *why;
	unsigned int index; /* samples.bin's number for it */
	uint64_t records; /* samples.bin's records of it, left out */
};

struct run {
	char *dir;
	json_t *summary; /* summary.json as read (NULL when writing) */
	json_t *env; /* environment.json as read; NULL without it */
	bool has_environment; /* environment, typed: env read and valid */
	struct environment environment;
	const char *irqlab; /* the version that wrote it */
	const char *started, *finished; /* UTC, ISO 8601 */
	const char *host; /* NULL: null */
	bool complete, interrupted, has_samples;
	struct run_scenario *sc;
	size_t nsc;
	json_t *bench; /* irqlab bench's measurements, or NULL */
	struct run_bench *benchmarks; /* bench, typed; NULL without it */
	bool traced, has_break, has_failed;
	struct run_trace trace;
	struct run_break brk;
	struct run_failed failed;
};

/* Read a run folder (run.c), free it (summary.c); find in it (run.c). */
int run_load(const char *dir, bool samples, struct run *r, char *err,
	     size_t errlen);
void run_free(struct run *r);
const struct run_design *run_find_design(const struct run_scenario *sc,
					 const char *name);
const struct run_scenario *run_find_scenario(const struct run *r,
					     const char *name);

#endif /* ANALYSIS_RUN_H */
