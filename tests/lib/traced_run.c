// SPDX-License-Identifier: GPL-2.0
/*
 * The traced run that tests/export reads: see traced_run.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include "traced_run.h"

static const char export_config[] =
	"[run]\n"
	"cost = realistic\nwait = spin\ndevice = any\nduration_ms = 60\n"
	"blocks = 2\ndrain_ms = 200\nrate = 10000\nseed = 1\n"
	"[scenario soft-simple]\nchip = soft\ntrigger = simple\n"
	"designs = flow do_irq\n"
	"[scenario ioapic-level]\nchip = ioapic\ntrigger = level\n"
	"designs = flow threaded\n";

int export_traced_run(const char *irqlab, const char *tmp)
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
