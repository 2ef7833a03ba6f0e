// SPDX-License-Identifier: GPL-2.0
/*
 * A toy design, the file a new design is (docs/map.md): the chip's 2.6.18
 * driver with the toy flow (toy_flow.c) on the line in place of the
 * chip's own, on simple lines only. Its row is toy_design.row; only
 * irqlab-toy (tests/bench/CMakeLists.txt) is built with either.
 */
#include <stdio.h>
#include <genirq/irq.h>
#include "device/chipset.h"
#include "designs/designs.h"

void handle_toy_irq(unsigned int irq, struct irq_desc *desc);

static void install_toy(struct bench_chip_inst *ci)
{
	bench_chip_set_design(ci, CHIP_DESIGN_FLOW);
	set_irq_handler(ci->irq, handle_toy_irq);
}

static bool toy_refuses(const struct bench_scenario *sc, char *msg, size_t len)
{
	if (sc->trigger == BENCH_TRIG_SIMPLE)
		return false;
	snprintf(msg, len, "key designs: toy needs trigger simple, not %s",
		 bench_trigger_name(sc->trigger));
	return true;
}

/* clang-format off */
const struct bench_design_ops bench_design_toy = {
	.what		= "a test's toy: the toy flow on a simple line",
	.install	= install_toy,
	.driver		= BENCH_DESIGN_FLOW,
	.refuses	= toy_refuses,
};
/* clang-format on */
