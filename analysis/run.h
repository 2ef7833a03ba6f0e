/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A run folder as the report and compare commands read it, through its
 * documented format only (docs/results.md): summary.json, environment.json,
 * and samples.bin where it is present.
 */
#ifndef ANALYSIS_RUN_H
#define ANALYSIS_RUN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <jansson.h>
#include "analysis/stats.h"

/* One serviced event of samples.bin, as the figures need it. */
struct run_event {
	uint64_t intended_ns; /* since the run began */
	uint64_t entry_ns; /* fire -> handler entry */
	uint16_t cpu; /* 0xffff: not recorded (samples.bin version 1) */
	uint16_t block;
	uint32_t noise_ns; /* host noise inside fire -> entry (version 3) */
};

/* The gaps of one kind of spinning thread (summary.json noise.cpu, ...). */
struct run_noise {
	uint64_t gaps, total_ns, max_ns, lost;
};

/* The quantiles compared block by block (run_design.bq). */
enum run_q { RUN_Q50, RUN_Q99, RUN_Q999, RUN_NQ };
/* The host probe's figures (bench/probe.h), as summary.json names them. */
enum run_host { RUN_HOST_COMPUTE, RUN_HOST_CLOCK, RUN_HOST_HANDOFF, RUN_NHOST };
extern const char *const run_host_key[RUN_NHOST];
extern const unsigned int run_q_permille[RUN_NQ];

struct run_design {
	const char *design; /* flow, do_irq, edge-masking; flow#2: a control */
	int slot; /* its place in the scenario's designs list */
	const char *flow; /* the flow handler that ran ("" if none) */
	json_t *j; /* its summary.json object */
	uint64_t fired, serviced, stranded, coalesced, overruns, spurious;
	uint64_t dropped_edges;
	bool irq_disabled;
	double seconds, throughput, accesses_per_irq; /* NAN: null */
	struct irqstat entry; /* from samples.bin, else summary.json */
	/* Threaded designs (summary.json "thread", latency_ns.hard): */
	bool threaded;
	const char *thread_policy, *thread_fifo;
	uint64_t thread_runs, masked_ns;
	struct irqstat hard;
	/* From samples.bin (NULL, 0 without it): */
	uint64_t *sorted; /* entry latencies of serviced events, ascending */
	struct run_event *ev; /* the serviced events in time order */
	size_t n;
	unsigned int ncpus; /* 1 + the highest CPU that serviced one */
	/*
	 * Per block (0 .. nblocks - 1, the block field of samples.bin: the
	 * round of the interleaving), the quantile of its entry latencies;
	 * NAN for a block with no serviced event. NULL without samples.
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
	double *host[RUN_NHOST];
};

struct run_scenario {
	const char *name, *chip, *trigger, *pattern, *wait;
	double rate_hz;
	unsigned int devices;
	bool thread_shared; /* placement.thread_shared: irq threads on CPU 0 */
	uint64_t control_shift_ns; /* the A/A control's injected shift */
	struct run_design *d;
	size_t nd;
};

struct run {
	char *dir;
	json_t *summary, *env; /* env may be NULL (a folder without it) */
	bool complete, interrupted, has_samples;
	struct run_scenario *sc;
	size_t nsc;
};

/**
 * run_load - read the run folder @dir
 * @samples: also read samples.bin (the report and compare with intervals
 *           need it; a missing file is not an error, a corrupt one is)
 *
 * Return: 0, or -errno with one sentence in @err naming the file and what
 * is wrong with it.
 */
int run_load(const char *dir, bool samples, struct run *r, char *err,
	     size_t errlen);
void run_free(struct run *r);

/* The design @name of @sc, or NULL. */
const struct run_design *run_find_design(const struct run_scenario *sc,
					 const char *name);
/* The scenario @name, or NULL. */
const struct run_scenario *run_find_scenario(const struct run *r,
					     const char *name);

#endif /* ANALYSIS_RUN_H */
