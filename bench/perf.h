/* SPDX-License-Identifier: GPL-2.0 */
/*
 * `irqlab bench`'s measurements that are not scenarios (perf.c), written
 * into summary.json as "bench" (docs/bench.md); the report judges them,
 * and the suite's scenarios, against the targets (analysis/benchmarks.c).
 */
#ifndef BENCH_PERF_H
#define BENCH_PERF_H

#include <jansson.h>
#include "bench.h"

/**
 * struct bench_perf_opts - the tools the measurements run
 * @self: this irqlab, for `irqlab dispatch` under callgrind
 * @notrace: irqlab-dispatch-notrace (tracepoints compiled out), or ""
 * @valgrind: valgrind, or NULL: no instruction counts
 * @profile: the realistic cost profile whose figures are timed
 * @quick: loops a tenth as long (irqlab bench --quick)
 */
struct bench_perf_opts {
	const char *self;
	const char *notrace;
	const char *valgrind;
	const char *profile;
	bool quick;
};

/* Everything perf.c measures, as summary.json's "bench"; NULL: no memory. */
json_t *bench_perf_measure(const struct bench_perf_opts *o,
			   const struct bench_topo *t);

/*
 * ns per dispatch of each of the @nr flows of bench_dispatch_flows with
 * the tracepoints compiled out, from @notrace ("": none); -1 where not
 * measured.
 */
void bench_dispatch_notrace(const char *notrace, unsigned int n, double *ns,
			    unsigned int nr);

#endif /* BENCH_PERF_H */
