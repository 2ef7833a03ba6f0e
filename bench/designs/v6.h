/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the modern designs (v6_*.c) share: their install, the chip's
 * modern driver form on genirq6, and their rule, a chip with such a
 * form and a line one driver can request.
 */
#ifndef BENCH_DESIGNS_V6_H
#define BENCH_DESIGNS_V6_H

#include "designs.h"

/* Put the line on the chip's modern form (bench_chip_attach_v6()). */
void bench_v6_install(struct bench_chip_inst *ci);

/*
 * Whether design @name refuses @sc: a chip without a modern form (its
 * row's sentence), or a percpu line, which the modern form would run as
 * percpu_devid and the driver would have to request_percpu_irq().
 */
bool bench_v6_refuses(const struct bench_scenario *sc, const char *name,
		      char *msg, size_t len);

#endif /* BENCH_DESIGNS_V6_H */
