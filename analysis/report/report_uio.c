// SPDX-License-Identifier: GPL-2.0
/*
 * The report's "Real interrupts (UIO)" section: scenarios on chip uio
 * took real interrupts from a kernel; what the kernel delivered, how the
 * chip masked the line, and where to (summary.json designs[].uio).
 */
#include <stdio.h>
#include "report_internal.h"

/**
 * report_uio_applies - whether any design took real interrupts
 * @r: the run
 */
bool report_uio_applies(const struct run *r)
{
	for (size_t i = 0; i < r->nsc; i++)
		for (size_t k = 0; k < r->sc[i].nd; k++)
			if (r->sc[i].d[k].has_uio)
				return true;
	return false;
}

static void uio_row(struct doc *d, const struct run_scenario *sc,
		    const struct run_design *ds)
{
	const struct run_uio *u = &ds->uio;
	const char *cells[14];
	char c[8][32];

	snprintf(c[0], 32, "%lld", (long long)u->kernel_irq);
	if (u->routed_cpu >= 0)
		snprintf(c[1], 32, "%lld", (long long)u->routed_cpu);
	else
		snprintf(c[1], 32, "kernel's choice");
	snprintf(c[2], 32, "%llu", (unsigned long long)u->kernel_irqs);
	snprintf(c[3], 32, "%llu", (unsigned long long)u->wakeups);
	snprintf(c[4], 32, "%llu", (unsigned long long)ds->serviced);
	snprintf(c[5], 32, "%llu", (unsigned long long)ds->stranded);
	report_fmt_ns(c[6], 32, ds->entry.p50);
	report_fmt_ns(c[7], 32, ds->entry.p99);
	cells[0] = sc->name;
	cells[1] = ds->design;
	cells[2] = report_str(u->device);
	cells[3] = report_str(u->driver);
	cells[4] = report_str(u->backend);
	cells[5] = report_str(u->mask);
	for (int x = 0; x < 8; x++)
		cells[6 + x] = c[x];
	doc_row(d, cells);
}

/**
 * report_uio - what the kernel delivered to each design on chip uio
 * @rp: the report
 * @d: its document
 *
 * Return: 0.
 */
int report_uio(struct report *rp, struct doc *d)
{
	static const char *const head[] = {
		"scenario",    "design",   "device",	 "driver",
		"backend",     "mask",	   "kernel irq", "routed to CPU",
		"kernel irqs", "wake-ups", "serviced",	 "stranded",
		"p50 (ns)",    "p99 (ns)",
	};
	const struct run *r = &rp->run;

	doc_para(
		d,
		"These scenarios ran the same flow handlers on interrupts a real kernel delivered through /dev/uioN: latency counts from the write that raised the device (or, for a passive device, from the wake-up) to the device handler's entry, through the kernel's interrupt path, the UIO driver's mask and the entry thread's wake-up. "
		"Every mask and unmask is a real write: irqcontrol to /dev/uioN, or the PCI command register's INTx-disable bit through sysfs (samples.bin flags bit 3). "
		"Kernel irqs are what the UIO driver counted; a wake-up that found more than one means the kernel took several before the thread ran.");
	doc_table(d, 14, 6, head);
	for (size_t i = 0; i < r->nsc; i++)
		for (size_t k = 0; k < r->sc[i].nd; k++)
			if (r->sc[i].d[k].has_uio)
				uio_row(d, &r->sc[i], &r->sc[i].d[k]);
	doc_table_end(d);
	return 0;
}
