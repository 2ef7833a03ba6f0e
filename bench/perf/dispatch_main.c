// SPDX-License-Identifier: GPL-2.0
/*
 * irqlab-dispatch-notrace: the dispatch cost of every flow with the
 * tracepoints compiled out (dispatch.c against a core built with
 * IRQLAB_TRACE=OFF), one "FLOW NS" line each, for `irqlab run --trace`.
 */
#include "dispatch.h"

int main(int argc, char **argv)
{
	return bench_dispatch_main(argc - 1, argv + 1,
				   "irqlab-dispatch-notrace");
}
