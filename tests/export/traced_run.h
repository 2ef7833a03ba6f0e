/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The traced run tests/export reads: two scenarios, one of them with an
 * irq thread, made with `irqlab run --trace` into a temporary folder.
 * Include after _GNU_SOURCE and tests/bench/traced.h.
 */
#ifndef TESTS_EXPORT_TRACED_RUN_H
#define TESTS_EXPORT_TRACED_RUN_H

#include <stdio.h>
#include <stdlib.h>

static const char export_config[] =
	"[run]\n"
	"cost = realistic\nwait = spin\ndevice = any\nduration_ms = 60\n"
	"blocks = 2\ndrain_ms = 200\nrate = 10000\nseed = 1\n"
	"[scenario soft-simple]\nchip = soft\ntrigger = simple\n"
	"designs = flow do_irq\n"
	"[scenario ioapic-level]\nchip = ioapic\ntrigger = level\n"
	"designs = flow threaded\n";

/* @tmp/run from @irqlab: 0, or the shell's status. */
static inline int export_traced_run(const char *irqlab, const char *tmp)
{
	char cmd[1200], cfg[400];
	FILE *f;

	snprintf(cfg, sizeof(cfg), "%s/export.ini", tmp);
	f = fopen(cfg, "w");
	if (!f || fputs(export_config, f) == EOF || fclose(f))
		return -1;
	snprintf(
		cmd, sizeof(cmd),
		"%s run %s --trace --quiet --no-report -o %s/run >%s/run.log 2>&1",
		irqlab, cfg, tmp, tmp);
	return system(cmd);
}

#endif /* TESTS_EXPORT_TRACED_RUN_H */
