// SPDX-License-Identifier: GPL-2.0
/*
 * Design v6-oneshot: the modern flow with IRQF_ONESHOT and the default
 * primary handler: the line stays masked until the thread is done
 * (unless the chip is IRQCHIP_ONESHOT_SAFE), where the modern core
 * elides the mask and unmask writes IRQD_IRQ_MASKED says are redundant.
 */
#include "v6.h"

static bool v6_oneshot_refuses(const struct bench_scenario *sc, char *msg,
			       size_t len)
{
	return bench_v6_refuses(sc, "v6-oneshot", msg, len);
}

/* clang-format off */
const struct bench_design_ops bench_design_v6_oneshot = {
	.what		= "modern genirq: IRQF_ONESHOT, masked until the thread is done",
	.install	= bench_v6_install,
	.driver		= BENCH_DESIGN_THREADED_ONESHOT,
	.refuses	= v6_oneshot_refuses,
	.v6		= true,
};
/* clang-format on */
