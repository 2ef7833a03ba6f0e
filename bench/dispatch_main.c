// SPDX-License-Identifier: GPL-2.0
/*
 * irqlab-dispatch-notrace: the dispatch cost of every flow with the
 * tracepoints compiled out (dispatch.c against a core built with
 * IRQLAB_TRACE=OFF), one "FLOW NS" line each, for `irqlab run --trace`.
 */
#include <stdio.h>
#include <stdlib.h>
#include "dispatch.h"

int main(int argc, char **argv)
{
	unsigned int n = argc > 1 ? (unsigned int)strtoul(argv[1], NULL, 10) :
				    200000;

	for (const struct bench_dispatch_flow *f = bench_dispatch_flows;
	     f->name; f++) {
		double ns;

		if (bench_dispatch_measure(f, n ? n : 1, &ns)) {
			fprintf(stderr, "irqlab-dispatch-notrace: %s failed\n",
				f->name);
			return 1;
		}
		printf("%s %.3f\n", f->name, ns);
	}
	return 0;
}
