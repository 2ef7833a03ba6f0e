// SPDX-License-Identifier: GPL-2.0
/*
 * Design v6-nofix: v6-flow without the modern kernel's fixes for the
 * affinity races, for the race scenarios (key race) to show what they
 * buy. An edge line runs handle_edge_irq_nofix() (core6/flow_edge.c
 * compiled without the 2025 migration wait: the edge flow of the
 * kernels before it); a fasteoi line does not get
 * IRQD_RESEND_WHEN_IN_PROGRESS in a race (bench/run/race.c), as no line
 * had it before v6.6. Anywhere else it runs as v6-flow does.
 */
#include "device/chipset.h"
#include "run/race6.h"
#include "v6.h"

static void install_v6_nofix(struct bench_chip_inst *ci)
{
	bench_v6_install(ci);
	if (ci->irq6 >= 0)
		bench_race6_nofix((unsigned int)ci->irq6);
}

static bool v6_nofix_refuses(const struct bench_scenario *sc, char *msg,
			     size_t len)
{
	return bench_v6_refuses(sc, "v6-nofix", msg, len);
}

/* clang-format off */
const struct bench_design_ops bench_design_v6_nofix = {
	.what		= "v6-flow without its affinity-race fixes (edge wait, resend)",
	.install	= install_v6_nofix,
	.driver		= BENCH_DESIGN_FLOW,
	.refuses	= v6_nofix_refuses,
	.v6		= true,
};
/* clang-format on */
