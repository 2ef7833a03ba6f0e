/* SPDX-License-Identifier: GPL-2.0 */
/* Pure dispatch cost per flow handler (dispatch.c). */
#ifndef BENCH_DISPATCH_H
#define BENCH_DISPATCH_H

#include <genirq/irq.h>

struct bench_dispatch_flow {
	const char *name; /* as the trace's flow event names it */
	irq_flow_handler_t handle; /* NULL: __do_IRQ */
};

/* Every flow handler and __do_IRQ, NULL-name terminated. */
extern const struct bench_dispatch_flow bench_dispatch_flows[];

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

#endif /* BENCH_DISPATCH_H */
