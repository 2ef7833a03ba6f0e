// SPDX-License-Identifier: GPL-2.0
/*
 * Design v6-forced: the driver of design v6-flow (request_irq(), the
 * whole driver in one handler) under forced threading, the kernel's
 * threadirqs and what PREEMPT_RT (mainline since 6.12) always does: the
 * core runs the handler as a oneshot thread behind
 * irq_default_primary_handler().
 */
#include "v6.h"

static bool v6_forced_refuses(const struct bench_scenario *sc, char *msg,
			      size_t len)
{
	return bench_v6_refuses(sc, "v6-forced", msg, len);
}

/* clang-format off */
const struct bench_design_ops bench_design_v6_forced = {
	.what		= "modern genirq, forced threading (threadirqs, PREEMPT_RT)",
	.install	= bench_v6_install,
	.driver		= BENCH_DESIGN_FLOW,
	.refuses	= v6_forced_refuses,
	.v6		= true,
	.forced		= true,
};
/* clang-format on */
