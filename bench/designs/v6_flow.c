// SPDX-License-Identifier: GPL-2.0
/*
 * Design v6-flow: the chip's modern driver (chips/form6.h) and the flow
 * handler it sets, on genirq6 (Linux v6.17's genirq, core6/), with the
 * whole driver in the hard handler: the descendant of design flow, which
 * the report sets it against per chip. Also what the other modern
 * designs share (v6.h).
 */
#include <stdio.h>
#include "device/chipset.h"
#include "v6.h"

void bench_v6_install(struct bench_chip_inst *ci)
{
	bench_chip_attach_v6(ci);
}

bool bench_v6_refuses(const struct bench_scenario *sc, const char *name,
		      char *msg, size_t len)
{
	if (!sc->chip->v6) {
		snprintf(
			msg, len,
			"key designs: %s needs a modern driver form, and chip %s has none: %s",
			name, sc->chip->name, sc->chip->v6_none);
		return true;
	}
	if (sc->trigger != BENCH_TRIG_PERCPU)
		return false;
	snprintf(msg, len,
		 "key designs: %s cannot run on a percpu line: the modern "
		 "form makes it percpu_devid, which only request_percpu_irq() "
		 "takes, and the bench's driver requests a shared line",
		 name);
	return true;
}

static bool v6_flow_refuses(const struct bench_scenario *sc, char *msg,
			    size_t len)
{
	return bench_v6_refuses(sc, "v6-flow", msg, len);
}

/* clang-format off */
const struct bench_design_ops bench_design_v6_flow = {
	.what		= "modern genirq (v6.17): the chip's modern driver and its flow",
	.install	= bench_v6_install,
	.driver		= BENCH_DESIGN_FLOW,
	.refuses	= v6_flow_refuses,
	.v6		= true,
};
/* clang-format on */
