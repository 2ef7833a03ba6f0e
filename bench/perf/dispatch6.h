/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The pure dispatch cost of the modern family's flows (dispatch6.c), the
 * same measurement as dispatch.c's for 2.6.18's: a genirq6 line on a chip
 * whose operations do nothing, an action that only returns IRQ_HANDLED,
 * entered through genirq6's vector entry. Needs neither core's headers:
 * dispatch6.c is the one file here that includes genirq6's.
 */
#ifndef BENCH_DISPATCH6_H
#define BENCH_DISPATCH6_H

/*
 * The function every modern dispatch enters (genirq6's common_interrupt),
 * counted from under callgrind, and the action body left out.
 */
#define BENCH_DISPATCH6_ENTRY "genirq6_vector_entry"
#define BENCH_DISPATCH6_ACTION "handled6"

/*
 * The modern flows measured, in order, each named "v6-" and its flow
 * ("v6-simple", "v6-level", "v6-edge", "v6-fasteoi", "v6-percpu");
 * NULL-terminated.
 */
extern const char *const bench_dispatch6_flows[];

/* Whether @name is one of bench_dispatch6_flows. */
int bench_dispatch6_known(const char *name);

/**
 * bench_dispatch6_measure - ns per dispatch through modern flow @name
 * @name: one of bench_dispatch6_flows
 * @n: interrupts per round (the fastest of BENCH_DISPATCH_ROUNDS counts)
 * @ns: the result
 *
 * Resets genirq6 before and after: not while a scenario runs on it.
 * Return: 0 or -errno.
 */
int bench_dispatch6_measure(const char *name, unsigned int n, double *ns);

/*
 * `irqlab dispatch [--traced] [FLOW] [N]` (perf.c): bench_dispatch_main() for a
 * 2.6.18 flow or none, then (no FLOW, or FLOW a modern one) the modern
 * flows, "FLOW NS" each. The modern family has no tracepoints: --traced
 * measures only 2.6.18's.
 */
int bench_dispatch6_main(int argc, char **argv, const char *prog);

#endif /* BENCH_DISPATCH6_H */
