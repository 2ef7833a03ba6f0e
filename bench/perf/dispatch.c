// SPDX-License-Identifier: GPL-2.0
/*
 * The pure dispatch cost of each flow handler and of __do_IRQ: do_IRQ()
 * on a line of a chip whose operations do nothing, with an action that
 * only returns IRQ_HANDLED, timed over many interrupts on this thread.
 * What is left is the core's own path: do_IRQ, irq_enter/exit, the flow,
 * its chip calls, handle_IRQ_event, note_interrupt - and, with tracing
 * compiled in, every tracepoint on that path. A traced run measures it
 * with the session idle and recording, and runs irqlab-dispatch-notrace
 * (this file built against a core with IRQLAB_TRACE=OFF) for the cost
 * with the tracepoints compiled out, which is what an untraced run
 * executes (genirq_set_tracing()).
 */
#include <errno.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <genirq/cpu.h>
#include <genirq/interrupt.h>
#include <genirq/irq.h>
#include <genirq/clock.h>
#include <genirq/flows.h>
#include "dispatch.h"

#define DISPATCH_IRQ 1

static void null_op(unsigned int irq)
{
	(void)irq;
}

static unsigned int null_startup(unsigned int irq)
{
	(void)irq;
	return 0;
}

/* clang-format off */
static struct irq_chip null_chip = {
	.name		= "null",
	.startup	= null_startup,
	.shutdown	= null_op,
	.enable		= null_op,
	.disable	= null_op,
	.ack		= null_op,
	.mask		= null_op,
	.mask_ack	= null_op,
	.unmask		= null_op,
	.eoi		= null_op,
	.end		= null_op,
};
/* clang-format on */

static irqreturn_t handled(int irq, void *dev_id)
{
	(void)irq;
	(void)dev_id;
	return IRQ_HANDLED;
}

#define DISPATCH_MAX_FLOWS 32

static struct bench_dispatch_flow flow_list[DISPATCH_MAX_FLOWS + 2];
static pthread_once_t flow_list_once = PTHREAD_ONCE_INIT;

static void flow_list_fill(void)
{
	unsigned int n = 0;

	for (unsigned int i = 0;
	     i < irq_nr_flow_types && n < DISPATCH_MAX_FLOWS; i++) {
		const struct irq_flow_type *t = &irq_flow_types[i];

		if (t->flags & IRQ_FLOW_MEASURED)
			flow_list[n++] =
				(struct bench_dispatch_flow){ t->name,
							      t->handle };
	}
	flow_list[n] = (struct bench_dispatch_flow){ "do_irq", NULL };
}

const struct bench_dispatch_flow *bench_dispatch_flow_list(void)
{
	pthread_once(&flow_list_once, flow_list_fill);
	return flow_list;
}

int bench_dispatch_measure(const struct bench_dispatch_flow *f, unsigned int n,
			   double *ns)
{
	return bench_dispatch_measure_lines(f, n, 0, 1, ns);
}

/* Request @irq with @shared actions (dev_id 1..shared). */
static int request(unsigned int irq, const struct bench_dispatch_flow *f,
		   unsigned int shared)
{
	set_irq_chip_and_handler(irq, &null_chip, f->handle);
	for (unsigned int a = 1; a <= shared; a++) {
		int ret =
			request_irq(irq, handled,
				    SA_INTERRUPT | (shared > 1 ? SA_SHIRQ : 0),
				    "dispatch", (void *)(uintptr_t)a);

		if (ret)
			return ret;
	}
	return 0;
}

int bench_dispatch_prepare(const struct bench_dispatch_flow *f,
			   unsigned int lines, unsigned int shared)
{
	int ret;

	if (!shared || !lines || DISPATCH_IRQ + lines > NR_IRQS)
		return -EINVAL;
	genirq_reset();
	ret = request(DISPATCH_IRQ, f, shared);
	for (unsigned int i = 1; i < lines && !ret; i++)
		ret = request(DISPATCH_IRQ + i, f, 1);
	if (ret)
		genirq_reset();
	return ret;
}

double bench_dispatch_rounds(unsigned int line, unsigned int n, int rounds)
{
	unsigned int irq = DISPATCH_IRQ + line;
	uint64_t best = UINT64_MAX;

	local_irq_enable();
	for (int r = 0; r < rounds; r++) {
		uint64_t t0 = irq_clock_ns(), t;

		for (unsigned int i = 0; i < n; i++)
			do_IRQ(irq);
		t = irq_clock_ns() - t0;
		if (t < best)
			best = t;
	}
	local_irq_disable();
	return (double)best / n;
}

int bench_dispatch_measure_lines(const struct bench_dispatch_flow *f,
				 unsigned int n, unsigned int others,
				 unsigned int shared, double *ns)
{
	int ret = bench_dispatch_prepare(f, 1 + others, shared);

	if (ret)
		return ret;
	irq_cpu_attach(0);
	*ns = bench_dispatch_rounds(0, n, BENCH_DISPATCH_ROUNDS);
	genirq_reset(); /* frees every action */
	return 0;
}

int bench_dispatch_main(int argc, char **argv, const char *prog)
{
	bool traced = argc && !strcmp(argv[0], "--traced");
	const char *only = argc - traced == 2 ? argv[traced] : NULL;
	unsigned int n;
	bool found = false;

	argc -= traced;
	if (argc > 2) {
		fprintf(stderr, "usage: %s [--traced] [FLOW] [N]\n", prog);
		return 2;
	}
	n = argc ? (unsigned int)strtoul(argv[traced + argc - 1], NULL, 10) :
		   200000;
	if (traced && genirq_set_tracing(true)) {
		fprintf(stderr, "%s: no tracepoints to trace with\n", prog);
		return 2;
	}
	for (const struct bench_dispatch_flow *f = bench_dispatch_flows;
	     f->name; f++) {
		double ns;

		if (only && strcmp(only, f->name))
			continue;
		found = true;
		if (bench_dispatch_measure(f, n ? n : 1, &ns)) {
			fprintf(stderr, "%s: %s failed\n", prog, f->name);
			return 1;
		}
		printf("%s %.3f\n", f->name, ns);
	}
	if (!found) {
		fprintf(stderr, "%s: no flow %s\n", prog, only);
		return 2;
	}
	return 0;
}
