// SPDX-License-Identifier: GPL-2.0
/*
 * Fuzz target config: the scenario file reader (bench/config/config_*.c). The
 * input is a scenario file, written as f.ini in the scratch folder and read
 * with bench_config_load(); a file it accepts is written back with
 * bench_config_write() and read again, which must succeed (the config as run
 * is a config irqlab reads: bench.h).
 *
 * Files a config names (cost = PROFILE) are read by the loader: an input
 * naming anything under /dev, /proc or /sys is skipped, so that no input
 * blocks on a FIFO or a terminal, reads a device or depends on the
 * machine (a run is deterministic per input).
 */
#define _GNU_SOURCE /* memmem(), open_memstream() */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bench/bench.h"
#include "fuzz.h"

static const char *const skipped[] = { "/dev",	"dev/", "/proc",
				       "proc/", "/sys", "sys/" };

static bool names_system_files(const uint8_t *data, size_t size)
{
	for (size_t i = 0; i < sizeof(skipped) / sizeof(*skipped); i++)
		if (memmem(data, size, skipped[i], strlen(skipped[i])))
			return true;
	return false;
}

/* What bench_config_write() made of @cfg must load again. */
static void round_trip(const struct bench_config *cfg)
{
	struct bench_config again = { 0 };
	char err[1024];
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	int ret;

	if (!f)
		abort();
	ret = bench_config_write(cfg, NULL, f);
	if (fclose(f))
		abort();
	if (ret) { /* a cost path that is no INI value: refused, fine */
		free(text);
		return;
	}
	fuzz_write("again.ini", text, len);
	free(text);
	ret = bench_config_load(&again, fuzz_path("again.ini"), NULL, err,
				sizeof(err));
	if (ret) {
		fprintf(stderr,
			"fuzz config: the config as written does not load: %s\n",
			err);
		abort();
	}
	if (again.nr != cfg->nr) {
		fprintf(stderr,
			"fuzz config: %u scenarios written, %u read back\n",
			cfg->nr, again.nr);
		abort();
	}
	bench_config_free(&again);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct bench_config cfg = { 0 };
	char err[1024];

	if (names_system_files(data, size))
		return 0;
	fuzz_write("f.ini", data, size);
	if (bench_config_load(&cfg, fuzz_path("f.ini"), NULL, err,
			      sizeof(err))) {
		fuzz_note("config: %s", err);
	} else {
		fuzz_note("config: %u scenarios", cfg.nr);
		round_trip(&cfg);
	}
	bench_config_free(&cfg);
	return 0;
}
