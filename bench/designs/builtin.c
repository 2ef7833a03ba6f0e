// SPDX-License-Identifier: GPL-2.0
/*
 * The five designs irqlab ships, each its struct bench_design_ops
 * (designs.h), named in analysis/designs.def by its id. A design added
 * later is a file of its own like this one and a row in designs.def
 * (docs/map.md: adding a design).
 */
#include <stdio.h>
#include <genirq/irq.h>
#include "device/chipset.h"
#include "designs.h"

#define TRIG(t) (1u << BENCH_TRIG_##t)

/* The chip's genirq flow handler: the one its set_type left on the line. */
static void install_flow(struct bench_chip_inst *ci)
{
	bench_chip_set_design(ci, CHIP_DESIGN_FLOW);
}

/* The chip's 2.6.17 driver: a hw_interrupt_type and __do_IRQ(). */
static void install_do_irq(struct bench_chip_inst *ci)
{
	bench_chip_set_design(ci, CHIP_DESIGN_DO_IRQ);
}

/* The chip's 2.6.18 driver, with the naive flow in place of its own. */
static void install_edge_masking(struct bench_chip_inst *ci)
{
	bench_chip_set_design(ci, CHIP_DESIGN_FLOW);
	set_irq_handler(ci->irq, handle_edge_masking_irq);
}

/* Masking for the whole handler loses a level line's state: edges only. */
static bool edge_masking_refuses(const struct bench_scenario *sc, char *msg,
				 size_t len)
{
	const unsigned int edges = TRIG(EDGE) | TRIG(EDGE_FALLING) |
				   TRIG(EDGE_BOTH) | TRIG(SIMPLE);

	if (edges & (1u << sc->trigger))
		return false;
	snprintf(msg, len,
		 "key designs: edge-masking needs an edge trigger (edge, "
		 "edge-falling, edge-both or simple), not %s",
		 bench_trigger_name(sc->trigger));
	return true;
}

static bool threaded_refuses(const struct bench_scenario *sc, const char *name,
			     char *msg, size_t len)
{
	if (sc->trigger != BENCH_TRIG_PERCPU)
		return false;
	snprintf(msg, len,
		 "key designs: %s cannot run on a percpu line, which every "
		 "CPU handles at once: request_threaded_irq() refuses it",
		 name);
	return true;
}

static bool threaded_only_refuses(const struct bench_scenario *sc, char *msg,
				  size_t len)
{
	return threaded_refuses(sc, "threaded", msg, len);
}

static bool threaded_oneshot_refuses(const struct bench_scenario *sc, char *msg,
				     size_t len)
{
	return threaded_refuses(sc, "threaded-oneshot", msg, len);
}

/* clang-format off */
const struct bench_design_ops bench_design_flow = {
	.what		= "the chip's genirq flow handler (set_type picks it)",
	.install	= install_flow,
	.driver		= BENCH_DESIGN_FLOW,
};

const struct bench_design_ops bench_design_do_irq = {
	.what		= "the __do_IRQ() baseline with the chip's legacy ack/end",
	.install	= install_do_irq,
	.driver		= BENCH_DESIGN_FLOW,
};

const struct bench_design_ops bench_design_edge_masking = {
	.what		= "naive: mask + ack for the whole handler, unmask, no replay",
	.install	= install_edge_masking,
	.driver		= BENCH_DESIGN_FLOW,
	.refuses	= edge_masking_refuses,
};

const struct bench_design_ops bench_design_threaded = {
	.what		= "the flow; the hard handler clears the device, a thread works",
	.install	= install_flow,
	.driver		= BENCH_DESIGN_THREADED,
	.refuses	= threaded_only_refuses,
};

const struct bench_design_ops bench_design_threaded_oneshot = {
	.what		= "the flow with IRQF_ONESHOT: masked until the thread is done",
	.install	= install_flow,
	.driver		= BENCH_DESIGN_THREADED_ONESHOT,
	.refuses	= threaded_oneshot_refuses,
};
/* clang-format on */
