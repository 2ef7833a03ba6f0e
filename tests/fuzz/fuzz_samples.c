// SPDX-License-Identifier: GPL-2.0
/*
 * Fuzz target samples: samples.bin as irqlab report and irqlab compare
 * read it (analysis/formats/run.c load_samples(), docs/results.md), against the
 * summary.json it must agree with. The input is both files: summary.json
 * up to the first NUL byte (JSON text has none), samples.bin after it;
 * without a NUL, the folder has no samples.bin. A folder that loads is
 * also compared with itself with block intervals
 * (`irqlab compare DIR DIR`), which reads the samples.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "analysis/report.h"
#include "analysis/run.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char dir[256], a0[] = "compare";
	char *argv[] = { a0, dir, dir, NULL };
	const uint8_t *nul = memchr(data, 0, size);
	struct run r;
	char err[1024];

	snprintf(dir, sizeof(dir), "%s", fuzz_dir());
	if (nul) {
		fuzz_write("summary.json", data, (size_t)(nul - data));
		fuzz_write("samples.bin", nul + 1,
			   size - (size_t)(nul - data) - 1);
	} else {
		fuzz_write("summary.json", data, size);
		fuzz_remove("samples.bin");
	}
	if (run_load(dir, true, &r, err, sizeof(err))) {
		fuzz_note("samples: %s", err);
	} else {
		fuzz_note("samples: %zu scenarios, samples %s", r.nsc,
			  r.has_samples ? "read" : "absent");
		run_free(&r);
		compare_main(3, argv);
		fflush(stdout);
	}
	return 0;
}
