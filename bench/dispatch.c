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
 * with the tracepoints compiled out.
 */
#include <errno.h>
#include <stdint.h>
#include <time.h>
#include <genirq/cpu.h>
#include <genirq/interrupt.h>
#include <genirq/irq.h>
#include "dispatch.h"

#define DISPATCH_IRQ 1
#define ROUNDS 5 /* the fastest round counts: noise only adds */

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

const struct bench_dispatch_flow bench_dispatch_flows[] = {
	{ "simple", handle_simple_irq },
	{ "level", handle_level_irq },
	{ "edge", handle_edge_irq },
	{ "fasteoi", handle_fasteoi_irq },
	{ "percpu", handle_percpu_irq },
	{ "do_irq", NULL },
	{ NULL, NULL },
};

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

int bench_dispatch_measure(const struct bench_dispatch_flow *f, unsigned int n,
			   double *ns)
{
	uint64_t best = UINT64_MAX;
	int ret;

	genirq_reset();
	irq_cpu_attach(0);
	local_irq_enable();
	set_irq_chip_and_handler(DISPATCH_IRQ, &null_chip, f->handle);
	ret = request_irq(DISPATCH_IRQ, handled, SA_INTERRUPT, "dispatch",
			  NULL);
	if (ret)
		return ret;
	for (int r = 0; r < ROUNDS; r++) {
		uint64_t t0 = now_ns(), t;

		for (unsigned int i = 0; i < n; i++)
			do_IRQ(DISPATCH_IRQ);
		t = now_ns() - t0;
		if (t < best)
			best = t;
	}
	free_irq(DISPATCH_IRQ, NULL);
	local_irq_disable();
	genirq_reset();
	*ns = (double)best / n;
	return 0;
}
