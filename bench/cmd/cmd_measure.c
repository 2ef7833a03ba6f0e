// SPDX-License-Identifier: GPL-2.0
/*
 * What `irqlab run --trace` and `irqlab bench` measure outside the
 * scenarios: the cost of the tracepoints per dispatch (idle, recording,
 * compiled out) and of one event, around the tracing session's life; and
 * irqlab bench's own figures (dispatch, hand-off, scaling, costs), with
 * the tools it looks for on $PATH.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <irqlab/trace.h>
#include "cmd.h"
#include "perf/dispatch.h"
#include "perf/perf.h"

/*
 * Interrupts per round. Each traced dispatch records 5-7 events: 6 flows
 * x 5 rounds of 4,000 put about 0.8 M events (12 MB) in every traced
 * run, for a 3 ms round whose fastest of 5 is stable to a few ns.
 */
#define DISPATCH_N 4000

/*
 * What the tracepoints cost a dispatch: each flow's traced copy with the
 * session idle (@tracing false) or recording, in this process, and with
 * them compiled out, from irqlab-dispatch-notrace (what an untraced run
 * executes). Measured before the first scenario.
 */
static void measure_dispatch(struct bench_run_dispatch *d, bool tracing)
{
	unsigned int i = 0;

	for (const struct bench_dispatch_flow *f = bench_dispatch_flows;
	     f->name && i < DISPATCH_FLOWS; f++, i++) {
		double ns = -1;

		d[i].flow = f->name;
		if (tracing)
			irqlab_trace_block_begin("dispatch-cost", f->name,
						 "zero-cost", 0);
		if (bench_dispatch_measure(f, DISPATCH_N, &ns))
			ns = -1;
		if (tracing) {
			irqlab_trace_block_end("dispatch-cost", f->name,
					       "zero-cost", 0);
			d[i].tracing_ns = ns;
		} else {
			d[i].idle_ns = ns;
		}
	}
}

static unsigned int measure_dispatch_notrace(struct bench_run_dispatch *d)
{
	double ns[DISPATCH_FLOWS];
	unsigned int nr = 0;

	for (; bench_dispatch_flows[nr].name && nr < DISPATCH_FLOWS; nr++)
		;
	bench_dispatch_notrace(IRQLAB_DISPATCH_NOTRACE, DISPATCH_N, ns, nr);
	for (unsigned int i = 0; i < nr; i++)
		d[i].compiled_out_ns = ns[i];
	return nr;
}

int bench_cmd_trace_begin(const struct run_args *a, struct traced *t,
			  struct bench_run *run, char *err, size_t errlen)
{
	char dir[4096];
	uint64_t c0;
	int ret;

	/* Only a traced run runs the dispatch path with tracepoints. */
	ret = genirq_set_tracing(true);
	if (ret) {
		snprintf(err, errlen,
			 "this irqlab has its tracepoints compiled out");
		return ret;
	}
	measure_dispatch(t->dispatch, false);
	t->nr_dispatch = measure_dispatch_notrace(t->dispatch);
	if (bench_run_path(run, dir, sizeof(dir)) ||
	    bench_trace_start(&t->trace, dir, &a->topts, err, errlen))
		return -EIO;
	/* Back to back: their spacing is what one event costs. */
	c0 = bench_now_ns();
	for (unsigned int i = 0; i < 1000; i++)
		irqlab_trace_calibrate(i);
	t->event_ns = (double)(bench_now_ns() - c0) / 1000;
	measure_dispatch(t->dispatch, true);
	return 0;
}

int bench_cmd_trace_end(const struct run_args *a, struct traced *t,
			struct bench_run *run, int rc)
{
	struct bench_run_trace info;
	char err[1024];

	if (a->topts.snapshot && (a->brk.hit || !rc) &&
	    bench_trace_snapshot(&t->trace, err, sizeof(err))) {
		fprintf(stderr, "irqlab run: --trace-snapshot: %s\n", err);
		rc = -EIO;
	}
	if (bench_trace_stop(&t->trace, err, sizeof(err))) {
		fprintf(stderr, "irqlab run: --trace: %s\n", err);
		rc = rc ? rc : -EIO;
	}
	genirq_set_tracing(false);
	info = (struct bench_run_trace){
		.mode = a->topts.snapshot ? "snapshot" : "session",
		.path = a->topts.relayd ? a->topts.relayd : "trace",
		.discarded = t->trace.discarded,
		.event_ns = t->event_ns,
		.snapshots = t->trace.snapshots,
		.dispatch = t->dispatch,
		.nr_dispatch = t->nr_dispatch,
	};
	bench_run_trace(run, &info);
	if (t->trace.discarded && !rc && !a->allow_loss) {
		fprintf(stderr,
			"irqlab run: the tracer discarded %llu events; raise --trace-buffer (now %s) or pass --allow-trace-loss\n",
			t->trace.discarded, a->topts.subbuf_size);
		rc = -ENOBUFS;
	} else if (t->trace.discarded) {
		fprintf(stderr,
			"irqlab run: the tracer discarded %llu events (allowed by --allow-trace-loss)\n",
			t->trace.discarded);
	}
	return rc;
}

/* The first @name on $PATH that is executable, into @buf; NULL: none. */
static const char *find_tool(const char *name, char *buf, size_t len)
{
	const char *path = getenv("PATH");
	char dirs[4096], *dir, *save = NULL;

	snprintf(dirs, sizeof(dirs), "%s",
		 path ? path : "/usr/local/bin:/usr/bin:/bin");
	for (dir = strtok_r(dirs, ":", &save); dir;
	     dir = strtok_r(NULL, ":", &save)) {
		snprintf(buf, len, "%s/%s", dir, name);
		if (!access(buf, X_OK))
			return buf;
	}
	return NULL;
}

int bench_cmd_measure_perf(struct bench_run *run, const struct bench_topo *topo,
			   const struct bench_params *p, char *err,
			   size_t errlen)
{
	char self[4096], valgrind[4096], bt[4096], tool[4096];
	ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	struct bench_perf_opts o = {
		.self = self,
		.notrace = IRQLAB_DISPATCH_NOTRACE,
		.valgrind = find_tool("valgrind", valgrind, sizeof(valgrind)),
		.profile = IRQLAB_CONFIG_DIR "/cost/realistic.ini",
		.quick = p->quick,
		.babeltrace2 = find_tool("babeltrace2", bt, sizeof(bt)),
		.plugin_dir = IRQLAB_BT_PLUGIN_DIR,
		.tracing = *IRQLAB_TRACE_PROVIDER &&
			   find_tool("lttng-sessiond", tool, sizeof(tool)) &&
			   find_tool("lttng", tool, sizeof(tool)),
		.quick_config = IRQLAB_CONFIG_DIR "/quick.ini",
	};
	json_t *perf;

	self[n > 0 ? n : 0] = '\0';
	if (!p->quiet)
		fprintf(stderr,
			"irqlab bench: dispatch, hand-off, scaling and cost figures%s\n",
			o.valgrind ? ", instructions under callgrind" :
				     " (no valgrind: no instruction counts)");
	perf = bench_perf_measure(&o, topo);
	if (!perf) {
		snprintf(err, errlen, "out of memory");
		return -ENOMEM;
	}
	bench_run_perf(run, perf);
	return 0;
}
