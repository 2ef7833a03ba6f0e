// SPDX-License-Identifier: GPL-2.0
/*
 * Fuzz target summary: summary.json as irqlab compare and irqlab report
 * read it (analysis/formats/run.c run_load(), analysis/compare/compare.c). The
 * input is the summary.json of a run folder in the scratch folder, which has no
 * samples.bin; `irqlab compare DIR DIR` reads it twice and sets it beside
 * itself. Its table goes to stdout (libFuzzer's -close_fd_mask=3 drops it).
 */
#include <stdio.h>
#include <stdlib.h>
#include "analysis/report.h"
#include "analysis/run.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char dir[256], a0[] = "compare";
	char *argv[] = { a0, dir, dir, NULL };
	struct run r;
	char err[1024];

	snprintf(dir, sizeof(dir), "%s", fuzz_dir());
	fuzz_write("summary.json", data, size);
	if (run_load(dir, false, &r, err, sizeof(err))) {
		fuzz_note("summary: %s", err);
	} else {
		fuzz_note("summary: %zu scenarios", r.nsc);
		run_free(&r);
	}
	compare_main(3, argv);
	fflush(stdout);
	return 0;
}
