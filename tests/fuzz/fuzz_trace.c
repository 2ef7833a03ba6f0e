// SPDX-License-Identifier: GPL-2.0
/*
 * Fuzz target trace: the trace sink (analysis/stages/sink.c,
 * analysis/stages/stages.c) fed a corrupted CTF stream. The input is one stream
 * file, written as trace/stream in the scratch folder next to a fixed, valid
 * `metadata` (tests/fuzz/trace.metadata: an irqlab LTTng-UST trace's, as text),
 * and the folder is read by stages_graph_run() as `irqlab report` reads a run
 * folder's trace/. A result is written as JSON and as the text table.
 *
 * Babeltrace2 itself is not instrumented for coverage: what guides the
 * fuzzer is the sink's code, what the library decodes reaching it.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "stages/stages.h"
#include "fuzz.h"

static void write_metadata(void)
{
	static bool done;
	static char buf[64 << 10];
	FILE *f;
	size_t n;

	if (done)
		return;
	f = fopen(FUZZ_TRACE_METADATA, "rb");
	if (!f) {
		perror(FUZZ_TRACE_METADATA);
		abort();
	}
	n = fread(buf, 1, sizeof(buf), f);
	if (ferror(f) || !feof(f))
		abort();
	fclose(f);
	if (mkdir(fuzz_path("trace"), 0700)) {
		perror(fuzz_path("trace"));
		abort();
	}
	fuzz_write("trace/metadata", buf, n);
	done = true;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct stages_result r;
	char dir[256], err[1024];
	char *text = NULL;
	size_t len = 0;
	FILE *f;

	write_metadata();
	fuzz_write("trace/stream", data, size);
	snprintf(dir, sizeof(dir), "%s", fuzz_path("trace"));
	if (stages_graph_run(dir, &r, err, sizeof(err))) {
		fuzz_note("trace: %s", err);
		return 0;
	}
	fuzz_note("trace: %" PRIu64 " events, %zu groups, %zu blocks", r.events,
		  r.ngroups, r.nblocks);
	f = open_memstream(&text, &len);
	if (!f)
		abort();
	stages_result_write_json(&r, f);
	stages_result_print(&r, f);
	fclose(f);
	free(text);
	stages_result_free(&r);
	return 0;
}
