/* SPDX-License-Identifier: GPL-2.0 */
/*
 * `irqlab bench`'s measurements that are not scenarios (perf.c), written
 * into summary.json as "bench" (docs/bench.md); the report judges them,
 * and the suite's scenarios, against the targets
 * (analysis/report/benchmarks.c).
 */
#ifndef BENCH_PERF_H
#define BENCH_PERF_H

#include <jansson.h>
#include "bench/bench.h"

/**
 * struct bench_perf_opts - the tools the measurements run
 * @self: this irqlab, for `irqlab dispatch` under callgrind
 * @notrace: irqlab-dispatch-notrace (tracepoints compiled out), or ""
 * @valgrind: valgrind, or NULL: no instruction counts
 * @profile: the realistic cost profile whose figures are timed
 * @quick: loops a tenth as long (irqlab bench --quick)
 * @babeltrace2: the babeltrace2 CLI, or NULL
 * @plugin_dir: where the irqlab Babeltrace2 plugin is, or NULL/""
 * @tracing: a traced run can work here (provider, lttng-tools)
 * @quick_config: what the traced run runs (configs/quick.ini)
 */
struct bench_perf_opts {
	const char *self;
	const char *notrace;
	const char *valgrind;
	const char *profile;
	bool quick;
	const char *babeltrace2;
	const char *plugin_dir;
	bool tracing;
	const char *quick_config;
};

/* Everything perf.c measures, as summary.json's "bench"; NULL: no memory. */
json_t *bench_perf_measure(const struct bench_perf_opts *o,
			   const struct bench_topo *t);

/*
 * The trace sink's throughput against sink.utils.dummy (perf_analysis.c):
 * a traced run of @o->quick_config in a scratch folder, then both sinks
 * on its trace through the babeltrace2 CLI, one graph, taking turns; the
 * median ratio of their CPU times and its spread, with the traced run's
 * own dispatch figures (idle, recording, compiled out) and event cost.
 * {"measured": false, "why": ...} where it cannot be done.
 */
json_t *bench_perf_analysis(const struct bench_perf_opts *o);

/*
 * ns per dispatch of each of the @nr flows of bench_dispatch_flows with
 * the tracepoints compiled out, from @notrace ("": none); -1 where not
 * measured.
 */
void bench_dispatch_notrace(const char *notrace, unsigned int n, double *ns,
			    unsigned int nr);

#endif /* BENCH_PERF_H */
