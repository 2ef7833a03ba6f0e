// SPDX-License-Identifier: GPL-2.0
/*
 * irqlab run --repeat N: the same run N times, each a process of its own,
 * into DIR/run-1 .. DIR/run-N. Across processes the run is the unit of
 * variation (placement, the heap's layout, the machine's state differ
 * between them, and no block of one run can show it), so a comparison
 * that is to hold across runs needs several (docs/statistics.md);
 * `irqlab compare` takes DIR as a side of N runs.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "bench/bench.h"
#include "repeat.h"
#include "run/tracing.h"

/* Is @a an option of irqlab run that takes the next word as its value? */
static bool takes_value(const char *a, const char *shrt, const char *lng)
{
	return (shrt && !strcmp(a, shrt)) || !strcmp(a, lng);
}

int bench_repeat(int argc, char **argv, const char *self, unsigned int n,
		 const char *dir, bool quiet)
{
	char **args = calloc((size_t)argc + 8, sizeof(*args));
	char out[8192], path[4200];
	int a0, rc = 0;

	if (!args)
		return -ENOMEM;
	/* Our own options out: --repeat and -o; the rest goes to each run. */
	a0 = 0;
	args[a0++] = (char *)self;
	args[a0++] = "run";
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (takes_value(a, NULL, "--repeat") ||
		    takes_value(a, "-o", "--output")) {
			i++;
			continue;
		}
		if (!strncmp(a, "--repeat=", 9) ||
		    !strncmp(a, "--output=", 9) ||
		    (!strncmp(a, "-o", 2) && a[2]))
			continue;
		args[a0++] = argv[i];
	}
	args[a0++] = "--no-report";
	args[a0++] = "-q";
	args[a0++] = "-o";
	args[a0++] = path;
	args[a0] = NULL;
	for (unsigned int k = 1; k <= n && !rc; k++) {
		snprintf(path, sizeof(path), "%s/run-%u", dir, k);
		if (!quiet)
			fprintf(stderr, "irqlab run: repeat %u of %u: %s\n", k,
				n, path);
		rc = bench_run_tool(args, out, sizeof(out));
		if (rc) {
			fprintf(stderr,
				"irqlab run: repeat %u of %u exited %d: %s", k,
				n, rc, out);
			rc = rc == BENCH_EXIT_INTERRUPTED ||
					     rc == ANA_EXIT_SIGTERM ?
				     rc :
				     BENCH_EXIT_FAIL;
		}
	}
	free(args);
	return rc;
}
