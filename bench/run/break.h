/* SPDX-License-Identifier: GPL-2.0 */
/*
 * --break-us's last word (break.c): why the event that stopped the run
 * was slow, from its block's records as the handlers left them.
 */
#ifndef BENCH_BREAK_H
#define BENCH_BREAK_H

#include "bench/bench.h"
#include "device/device.h"
#include "noise_set.h"

void bench_break_explain(struct bench_line *l, struct noise_set *ns,
			 struct bench_break *brk);

#endif /* BENCH_BREAK_H */
