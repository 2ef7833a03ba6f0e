// SPDX-License-Identifier: GPL-2.0
/*
 * `irqlab bench`: the measurements that are not scenarios, taken side by
 * side in one process before the benchmark suite's scenarios run
 * (configs/bench.ini). The report judges them against the targets
 * (analysis/report/benchmarks.c, docs/bench.md).
 *
 *   dispatch   ns per do_IRQ() through each flow on a chip whose
 *              operations do nothing, through the dispatch path without
 *              tracepoints (what an untraced run executes) and a core
 *              built without any (irqlab-dispatch-notrace); instructions
 *              per dispatch under callgrind (callgrind.c), the
 *              deterministic figure, of those two and of the traced copy
 *              with no session, and each function's share; then the
 *              modern family's flows (dispatch6.c) the same way, through
 *              genirq6's vector entry, which has no tracepoints
 *   handoff    one-way cache-line hand-off between two pinned threads
 *              spinning on one atomic word: the floor under any
 *              cross-thread latency the harness measures
 *   scaling    a line's dispatch with 0 .. NR_IRQS-2 other lines
 *              requested, with 1 .. 8 shared actions, and on 1, 2, 4 ..
 *              simulated CPUs at once, each on its own PU and line
 *   costs      the busy-wait that stands for each realistic register
 *              access, measured against its configured figure
 *   analysis   the trace sink against sink.utils.dummy on a traced
 *              run's trace (perf_analysis.c)
 */
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <ini.h>
#include <jansson.h>
#include <genirq/cpu.h>
#include <genirq/clock.h>
#include "analysis/stats.h"
#include "bench/bench.h"
#include "callgrind.h"
#include "dispatch.h"
#include "dispatch6.h"
#include "perf.h"
#include "run/tracing.h"

/* Loop lengths; bench_perf_measure() sets @quick to 10 for --quick. */
static unsigned int quick = 1;
#define DISPATCH_N (200000 / quick)
#define HANDOFF_N (200000UL / quick)
#define HANDOFF_ABORT (~0UL) /* a side could not be pinned */
#define COST_N (20000 / quick)
#define COST_BATCH 100 /* waits timed together; COST_N / COST_BATCH batches */
#define CG_N 2000 /* interrupts per round under callgrind */

static json_t *jnum(double v)
{
	return isfinite(v) && v >= 0 ? json_real(v) : json_null();
}

/* ------------------------------------------------------------ dispatch */

void bench_dispatch_notrace(const char *notrace, unsigned int n, double *ns,
			    unsigned int nr)
{
	char num[16], out[1024], *line, *save = NULL;
	char *argv[] = { (char *)notrace, num, NULL };

	for (unsigned int i = 0; i < nr; i++)
		ns[i] = -1;
	snprintf(num, sizeof(num), "%u", n);
	if (!*notrace || bench_run_tool(argv, out, sizeof(out)))
		return;
	for (line = strtok_r(out, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		char flow[16];
		double v;

		if (sscanf(line, "%15s %lf", flow, &v) != 2)
			continue;
		for (unsigned int i = 0; i < nr; i++)
			if (!strcmp(bench_dispatch_flows[i].name, flow))
				ns[i] = v;
	}
}

/* The function a dispatch of @flow enters: each core's vector entry. */
static const char *entry_of(const char *flow, bool traced)
{
	if (bench_dispatch6_known(flow))
		return BENCH_DISPATCH6_ENTRY;
	return traced ? "irq_vector_entry_traced" : "irq_vector_entry";
}

/*
 * Instructions per dispatch of @flow in build @bin (@sub: its subcommand,
 * or NULL), through the copy of the dispatch path without tracepoints or,
 * @traced, with them; -1 where not counted. @steps, where not NULL, gets
 * each function's share.
 */
static double instructions(const struct bench_perf_opts *o, const char *bin,
			   const char *sub, bool traced, const char *flow,
			   json_t **steps)
{
	char num[16], *argv[6];
	unsigned int a = 0;
	struct bench_cg cg;

	if (!o->valgrind || !*bin)
		return -1;
	snprintf(num, sizeof(num), "%u", CG_N);
	argv[a++] = (char *)bin;
	if (sub)
		argv[a++] = (char *)sub;
	if (traced)
		argv[a++] = "--traced";
	argv[a++] = (char *)flow;
	argv[a++] = num;
	argv[a] = NULL;
	if (bench_callgrind_dispatch(o->valgrind, argv, entry_of(flow, traced),
				     bench_dispatch6_known(flow) ?
					     BENCH_DISPATCH6_ACTION :
					     "handled",
				     (double)BENCH_DISPATCH_ROUNDS * CG_N, &cg))
		return -1;
	for (unsigned int i = 0; steps && *steps && i < cg.nsteps; i++)
		json_array_append_new(
			*steps, json_pack("{s:s, s:f}", "fn", cg.steps[i].fn,
					  "instructions", cg.steps[i].ir));
	return cg.ir;
}

/* One flow's figures: ns three ways, instructions three ways and steps. */
static json_t *dispatch_flow(const struct bench_perf_opts *o,
			     const struct bench_dispatch_flow *f, double ns_out)
{
	json_t *steps = o->valgrind ? json_array() : NULL;
	double ns = -1, ir;

	if (bench_dispatch_measure(f, DISPATCH_N, &ns))
		ns = -1;
	ir = instructions(o, o->self, "dispatch", false, f->name, &steps);
	if (steps && !json_array_size(steps)) {
		json_decref(steps);
		steps = NULL;
	}
	return json_pack(
		"{s:s, s:o, s:o, s:o, s:o, s:o, s:o, s:o*}", "flow", f->name,
		"ns", jnum(ns), "ns_compiled_out", jnum(ns_out), "per_s",
		jnum(ns > 0 ? 1e9 / ns : -1), "instructions", jnum(ir),
		"instructions_compiled_out",
		jnum(instructions(o, o->notrace, NULL, false, f->name, NULL)),
		"instructions_traced",
		jnum(instructions(o, o->self, "dispatch", true, f->name, NULL)),
		"steps", steps);
}

/*
 * One modern flow's figures, measured as dispatch_flow()'s: ns and
 * instructions through genirq6's vector entry, with its steps. genirq6
 * has no tracepoints: no compiled-out or traced copy to count.
 */
static json_t *dispatch6_flow(const struct bench_perf_opts *o, const char *flow)
{
	json_t *steps = o->valgrind ? json_array() : NULL;
	double ns = -1, ir;

	if (bench_dispatch6_measure(flow, DISPATCH_N, &ns))
		ns = -1;
	ir = instructions(o, o->self, "dispatch", false, flow, &steps);
	if (steps && !json_array_size(steps)) {
		json_decref(steps);
		steps = NULL;
	}
	return json_pack("{s:s, s:o, s:o, s:o, s:o, s:o, s:o, s:o*}", "flow",
			 flow, "ns", jnum(ns), "ns_compiled_out", json_null(),
			 "per_s", jnum(ns > 0 ? 1e9 / ns : -1), "instructions",
			 jnum(ir), "instructions_compiled_out", json_null(),
			 "instructions_traced", json_null(), "steps", steps);
}

static json_t *dispatch(const struct bench_perf_opts *o)
{
	json_t *list = json_array();
	double notrace[16];
	unsigned int nr = 0;

	for (; bench_dispatch_flows[nr].name; nr++)
		notrace[nr] = -1;
	bench_dispatch_notrace(o->notrace, DISPATCH_N, notrace, nr);
	for (unsigned int i = 0; list && i < nr; i++) {
		json_t *j =
			dispatch_flow(o, &bench_dispatch_flows[i], notrace[i]);

		if (!j || json_array_append_new(list, j)) {
			json_decref(list);
			return NULL;
		}
	}
	for (unsigned int i = 0; list && bench_dispatch6_flows[i]; i++) {
		json_t *j = dispatch6_flow(o, bench_dispatch6_flows[i]);

		if (!j || json_array_append_new(list, j)) {
			json_decref(list);
			return NULL;
		}
	}
	return list;
}

int bench_dispatch6_main(int argc, char **argv, const char *prog)
{
	bool traced = argc && !strcmp(argv[0], "--traced");
	const char *only = argc - traced == 2 ? argv[traced] : NULL;
	unsigned int n;
	int ret = 0;

	if (argc - traced > 2 ||
	    (traced && only && bench_dispatch6_known(only)))
		return bench_dispatch_main(argc, argv, prog);
	if (!only || !bench_dispatch6_known(only)) {
		ret = bench_dispatch_main(argc, argv, prog);
		if (ret || only || traced)
			return ret;
	}
	n = argc - traced ? (unsigned int)strtoul(argv[argc - 1], NULL, 10) :
			    200000;
	for (unsigned int i = 0; bench_dispatch6_flows[i]; i++) {
		const char *f = bench_dispatch6_flows[i];
		double ns;

		if (only && strcmp(only, f))
			continue;
		if (bench_dispatch6_measure(f, n ? n : 1, &ns)) {
			fprintf(stderr, "%s: %s failed\n", prog, f);
			return 1;
		}
		printf("%s %.3f\n", f, ns);
	}
	return 0;
}

/* ------------------------------------------------------------- handoff */

struct pinger {
	const struct bench_topo *topo;
	unsigned int pu;
	unsigned long *word;
	bool ping; /* sends the odd values and times the round trips */
	double ns; /* ping: the one-way figure */
	int ret;
};

/*
 * Ping stores each odd value and waits for pong's next even one; pong
 * waits for each odd value and answers. A round trip is two hand-offs.
 */
static void *pinger_main(void *arg)
{
	struct pinger *p = arg;
	uint64_t t0;

	p->ret = bench_topo_bind(p->topo, p->pu);
	if (p->ret) {
		/* The other side sees this instead of its value: it stops. */
		__atomic_store_n(p->word, HANDOFF_ABORT, __ATOMIC_RELEASE);
		return NULL;
	}
	t0 = irq_clock_ns();
	for (unsigned long v = 0; v < 2 * HANDOFF_N; v += 2) {
		unsigned long want = p->ping ? v + 2 : v + 1, w;

		if (p->ping)
			__atomic_store_n(p->word, v + 1, __ATOMIC_RELEASE);
		while ((w = __atomic_load_n(p->word, __ATOMIC_ACQUIRE)) != want)
			if (w == HANDOFF_ABORT)
				return NULL;
		if (!p->ping)
			__atomic_store_n(p->word, v + 2, __ATOMIC_RELEASE);
	}
	p->ns = (double)(irq_clock_ns() - t0) / (2.0 * (double)HANDOFF_N);
	return NULL;
}

/* One-way ns between PU 0 and PU 1, on two threads of their own. */
static double handoff(const struct bench_topo *t)
{
	static unsigned long word __attribute__((aligned(64)));
	struct pinger p[2] = { { t, 0, &word, true, 0, 0 },
			       { t, 1, &word, false, 0, 0 } };
	pthread_t th[2];

	if (bench_topo_nr_pus(t) < 2)
		return -1;
	word = 0;
	if (pthread_create(&th[1], NULL, pinger_main, &p[1]))
		return -1;
	if (pthread_create(&th[0], NULL, pinger_main, &p[0])) {
		__atomic_store_n(&word, HANDOFF_ABORT, __ATOMIC_RELEASE);
		pthread_join(th[1], NULL);
		return -1;
	}
	pthread_join(th[0], NULL);
	pthread_join(th[1], NULL);
	return p[0].ret || p[1].ret ? -1 : p[0].ns;
}

/* ------------------------------------------------------------- scaling */

/*
 * One scaling series: the simple flow's dispatch at each of @n counts of
 * @key, other lines beside it (@shared false) or actions sharing it. The
 * counts take turns, one round each, BENCH_DISPATCH_ROUNDS times, the
 * fastest round of each counting: a drift in the machine's speed then
 * falls on all of them, not on whichever was measured during it.
 */
static json_t *series(const unsigned int *counts, size_t n, bool shared,
		      const char *key)
{
	const struct bench_dispatch_flow *f = &bench_dispatch_flows[0];
	json_t *list = json_array();
	double best[8];

	for (size_t i = 0; i < n && i < 8; i++)
		best[i] = INFINITY;
	for (int r = 0; r < BENCH_DISPATCH_ROUNDS; r++)
		for (size_t i = 0; i < n && i < 8; i++) {
			if (isnan(best[i])) /* it failed before */
				continue;
			if (bench_dispatch_prepare(f,
						   shared ? 1 : 1 + counts[i],
						   shared ? counts[i] : 1)) {
				best[i] = NAN;
				continue;
			}
			irq_cpu_attach(0);
			best[i] = fmin(best[i], bench_dispatch_rounds(
							0, DISPATCH_N / 4, 1));
			genirq_reset();
		}
	for (size_t i = 0; list && i < n && i < 8; i++)
		json_array_append_new(list,
				      json_pack("{s:i, s:o}", key, counts[i],
						"ns", jnum(best[i])));
	return list;
}

/* One simulated CPU of the CPU series: its own PU, its own line. */
struct cpu_runner {
	const struct bench_topo *topo;
	unsigned int cpu;
	int *go; /* 0: wait, 1: run, 2: stop */
	double ns, per_s;
	int ret;
};

static void *cpu_runner_main(void *arg)
{
	struct cpu_runner *c = arg;
	uint64_t t0;

	c->ret = bench_topo_bind(c->topo, c->cpu);
	if (!c->ret)
		c->ret = irq_cpu_attach(c->cpu);
	while (!__atomic_load_n(c->go, __ATOMIC_ACQUIRE))
		sched_yield();
	if (c->ret || __atomic_load_n(c->go, __ATOMIC_RELAXED) != 1)
		return NULL;
	t0 = irq_clock_ns();
	c->ns = bench_dispatch_rounds(c->cpu, DISPATCH_N / 4, 1);
	c->per_s =
		(double)(DISPATCH_N / 4) * 1e9 / (double)(irq_clock_ns() - t0);
	return NULL;
}

/*
 * One round of @cpus simulated CPUs dispatching at once, each pinned to
 * a PU of its own and interrupted on a line of its own: the mean ns per
 * dispatch and the sum of their rates. Return 0 or -errno.
 */
static int cpus_at_once(const struct bench_topo *t, unsigned int cpus,
			double *ns, double *per_s)
{
	struct cpu_runner *c = calloc(cpus, sizeof(*c));
	pthread_t *th = calloc(cpus, sizeof(*th));
	unsigned int started = 0;
	int go = 0;
	int ret = !c || !th ? -ENOMEM :
			      bench_dispatch_prepare(&bench_dispatch_flows[0],
						     cpus, 1);

	for (; !ret && started < cpus; started++) {
		c[started] = (struct cpu_runner){ t, started, &go, 0, 0, 0 };
		if (pthread_create(&th[started], NULL, cpu_runner_main,
				   &c[started])) {
			ret = -EAGAIN;
			break;
		}
	}
	__atomic_store_n(&go, ret ? 2 : 1, __ATOMIC_RELEASE);
	*ns = *per_s = 0;
	for (unsigned int i = 0; i < started; i++) {
		pthread_join(th[i], NULL);
		ret = ret ? ret : c[i].ret;
		*ns += c[i].ns / cpus;
		*per_s += c[i].per_s;
	}
	genirq_reset();
	free(c);
	free(th);
	return ret;
}

/*
 * 1, 2, 4, ... simulated CPUs, as far as there are PUs to pin them to,
 * taking turns as series() does: the fastest round of each counts.
 */
static json_t *cpu_series(const struct bench_topo *t)
{
	unsigned int pus = bench_topo_nr_pus(t), counts[16], nr = 0;
	double ns[16], per_s[16];
	json_t *list = json_array();

	for (unsigned int n = 1; nr < 16 && n <= pus && n <= NR_CPUS;
	     n = n < pus && 2 * n > pus ? pus : 2 * n) {
		ns[nr] = INFINITY;
		per_s[nr] = 0;
		counts[nr++] = n;
	}
	for (int r = 0; r < BENCH_DISPATCH_ROUNDS; r++)
		for (unsigned int i = 0; i < nr; i++) {
			double a, b;

			if (isnan(ns[i]))
				continue;
			if (cpus_at_once(t, counts[i], &a, &b)) {
				ns[i] = per_s[i] = NAN;
				continue;
			}
			ns[i] = fmin(ns[i], a);
			per_s[i] = fmax(per_s[i], b);
		}
	for (unsigned int i = 0; list && i < nr; i++)
		json_array_append_new(list,
				      json_pack("{s:i, s:o, s:o}", "cpus",
						counts[i], "ns", jnum(ns[i]),
						"per_s", jnum(per_s[i])));
	return list;
}

static json_t *scaling(const struct bench_topo *t)
{
	static const unsigned int others[] = { 0, 15, 63, NR_IRQS - 2 };
	static const unsigned int shared[] = { 1, 2, 4, 8 };

	return json_pack("{s:s, s:o*, s:o*, s:o*}", "flow",
			 bench_dispatch_flows[0].name, "lines",
			 series(others, sizeof(others) / sizeof(others[0]),
				false, "other_lines"),
			 "shared",
			 series(shared, sizeof(shared) / sizeof(shared[0]),
				true, "actions"),
			 "cpus", cpu_series(t));
}

/* --------------------------------------------------------------- costs */

/* Each distinct figure of the realistic profile, timed as it is waited. */
static int cost_key(void *ctx, const char *section, const char *key,
		    const char *value)
{
	json_t *list = ctx;
	unsigned long ns = strtoul(value, NULL, 10);
	uint64_t batch[20000 / COST_BATCH];
	unsigned int nb = COST_N / COST_BATCH;
	double got;

	if (!ns)
		return 1;
	/*
	 * The median batch: a host stall or a VM exit inside a wait is the
	 * host's, not the wait's, and it lengthens a few batches only (a
	 * mean over all of them put 4-5% of host time on every figure).
	 */
	for (unsigned int b = 0; b < nb; b++) {
		uint64_t t0 = irq_clock_ns();

		for (unsigned int i = 0; i < COST_BATCH; i++)
			chip_delay_ns((unsigned int)ns);
		batch[b] = irq_clock_ns() - t0;
	}
	got = irqstat_quantile(batch, nb, 500) / COST_BATCH;
	json_array_append_new(
		list, json_pack("{s:s, s:s, s:i, s:o, s:o}", "model", section,
				"key", key, "ns", (int)ns, "measured_ns",
				jnum(got), "ratio", jnum(got / (double)ns)));
	return 1;
}

static json_t *costs(const char *profile)
{
	json_t *list = json_array();

	if (list && ini_parse(profile, cost_key, list) < 0) {
		json_decref(list);
		return NULL;
	}
	return list;
}

json_t *bench_perf_measure(const struct bench_perf_opts *o,
			   const struct bench_topo *t)
{
	quick = o->quick ? 10 : 1;
	return json_pack("{s:o*, s:o, s:o*, s:o*, s:b, s:o*}", "dispatch",
			 dispatch(o), "handoff_ns", jnum(handoff(t)), "scaling",
			 scaling(t), "costs", costs(o->profile), "callgrind",
			 o->valgrind != NULL, "analysis",
			 bench_perf_analysis(o));
}
