/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The books of a scenario's blocks (scenario_books.c): what each design's
 * blocks gathered, the check that every event fired was serviced once or
 * stranded, and the samples written; private to scenario.c, and to
 * break.c for the latency window's noise.
 */
#ifndef BENCH_SCENARIO_BOOKS_H
#define BENCH_SCENARIO_BOOKS_H

#include "bench/bench.h"
#include "device/device.h"
#include "noise_set.h"
#include "scenario.h"

#define SAMPLE_CHUNK 4096 /* samples written at a time */

/* Latency values of one design, gathered over its blocks. */
struct lat_vec {
	uint64_t *v;
	size_t n, cap;
};

struct design_acc {
	struct lat_vec entry, exit, hard;
	struct lat_vec quiet; /* entry of the events no gap overlapped */
	struct lat_vec late; /* every fired event's fire - intended */
	uint64_t runs; /* action chains run: interrupts taken */
};

int bench_lat_push(struct lat_vec *l, uint64_t x);
/*
 * Host noise inside serviced @e's latency window, from where its latency
 * starts (bench_event_latency()) to its entry; --break-us's too.
 */
uint32_t bench_window_noise(const struct bench_line *l,
			    const struct noise_set *ns,
			    const struct bench_event *e);
/* Block @block's samples of @dev into the run's samples.bin. */
int bench_write_samples(struct bench_scenario_run *r,
			const struct bench_result *res, unsigned int block,
			const struct bench_dev *dev, struct bench_sample *buf);
/* The books of one block, into @acc and @res; -EPROTO with @err if off. */
int bench_reconcile(struct bench_scenario_run *r, enum bench_design d,
		    struct bench_line *l, const struct noise_set *ns,
		    struct design_acc *acc, struct bench_result *res, char *err,
		    size_t errlen);
/*
 * A block that ran whole, into @res's books: the chip's counts between
 * @s0 and @s1, its stimulus time, its host noise, its slots reconciled,
 * and the samples of every device but a storm's. 0, or -errno with @err.
 */
int bench_block_books(struct bench_scenario_run *r, struct bench_line *l,
		      struct noise_set *ns, unsigned int block,
		      struct bench_result *res, const struct chip_stats *s0,
		      const struct chip_stats *s1, uint64_t stim_ns,
		      struct design_acc *acc, struct bench_sample *buf,
		      char *err, size_t errlen);

#endif /* BENCH_SCENARIO_BOOKS_H */
