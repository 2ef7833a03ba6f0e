// SPDX-License-Identifier: GPL-2.0
/*
 * Design v6-threaded: the modern flow with request_threaded_irq(), the
 * hard half clearing the device and a thread doing the work, as design
 * threaded on libgenirq.
 */
#include "v6.h"

static bool v6_threaded_refuses(const struct bench_scenario *sc, char *msg,
				size_t len)
{
	return bench_v6_refuses(sc, "v6-threaded", msg, len);
}

/* clang-format off */
const struct bench_design_ops bench_design_v6_threaded = {
	.what		= "modern genirq: request_threaded_irq(), hard half and thread",
	.install	= bench_v6_install,
	.driver		= BENCH_DESIGN_THREADED,
	.refuses	= v6_threaded_refuses,
	.v6		= true,
};
/* clang-format on */
