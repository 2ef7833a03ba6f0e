/* SPDX-License-Identifier: GPL-2.0 */
/* Pure dispatch cost per flow handler (dispatch.c). */
#ifndef BENCH_DISPATCH_H
#define BENCH_DISPATCH_H

#include <genirq/irq.h>

#define BENCH_DISPATCH_ROUNDS 5 /* the fastest round counts: noise only adds */

struct bench_dispatch_flow {
	const char *name; /* as the trace's flow event names it */
	irq_flow_handler_t handle; /* NULL: __do_IRQ */
};

/*
 * Every flow of irq_flow_types (genirq/flows.h) marked IRQ_FLOW_MEASURED,
 * in its order, then __do_IRQ as "do_irq"; NULL-name terminated.
 */
const struct bench_dispatch_flow *bench_dispatch_flow_list(void);
#define bench_dispatch_flows (bench_dispatch_flow_list())

/**
 * bench_dispatch_measure - ns per do_IRQ() through flow @f
 * @f: the flow
 * @n: interrupts per round (the fastest of a few rounds counts)
 * @ns: the result
 *
 * Resets the descriptor table before and after: not while a scenario
 * runs. Return: 0 or -errno.
 */
int bench_dispatch_measure(const struct bench_dispatch_flow *f, unsigned int n,
			   double *ns);

/**
 * bench_dispatch_measure_lines - the same, with other lines and sharers
 * @others: lines also requested beside the measured one (0 .. NR_IRQS-2)
 * @shared: actions on the measured line (1: not shared; more: SA_SHIRQ)
 *
 * A line's cost should not depend on @others; each sharer adds one
 * action call. Return: 0 or -errno.
 */
int bench_dispatch_measure_lines(const struct bench_dispatch_flow *f,
				 unsigned int n, unsigned int others,
				 unsigned int shared, double *ns);

/**
 * bench_dispatch_prepare - a fresh descriptor table with @lines lines
 * @f: their flow, on a chip whose operations do nothing
 * @lines: lines requested (line 0 .. @lines-1 of the dispatch range)
 * @shared: actions on line 0 (1: not shared; more: SA_SHIRQ)
 *
 * genirq_reset() afterwards frees them. Return: 0 or -errno.
 */
int bench_dispatch_prepare(const struct bench_dispatch_flow *f,
			   unsigned int lines, unsigned int shared);

/*
 * ns per do_IRQ() of prepared line @line on the calling thread's
 * simulated CPU, interrupts enabled around it: the fastest of @rounds
 * rounds of @n.
 */
double bench_dispatch_rounds(unsigned int line, unsigned int n, int rounds);

/*
 * The command line of irqlab-dispatch-notrace and `irqlab dispatch`:
 * [--traced] [FLOW] [N]: "FLOW NS" for each flow (or only FLOW), N per
 * round; --traced: through the dispatch path's copy with tracepoints
 * (genirq_set_tracing()), no session recording.
 */
int bench_dispatch_main(int argc, char **argv, const char *prog);

#endif /* BENCH_DISPATCH_H */
