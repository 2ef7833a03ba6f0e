// SPDX-License-Identifier: GPL-2.0
/*
 * The report's "Host noise" section: what the host took from the
 * spinning threads while each design ran, as osnoise would say it
 * (summary.json designs[].noise), and the tail with the events it
 * touched set apart.
 */
#include <stdio.h>
#include "report_internal.h"

/* "12.3 ms (4.1%)": stolen time and its share of @span_ns. */
static void fmt_stolen(char *buf, size_t len, uint64_t ns, uint64_t span_ns)
{
	snprintf(buf, len, "%.2f ms (%.2f%%)", (double)ns / 1e6,
		 span_ns ? 100.0 * (double)ns / (double)span_ns : 0.0);
}

/* One kind of thread's gaps as three cells: count, longest, stolen. */
static void fmt_noise(char (*c)[64], const struct run_noise *n,
		      uint64_t span_ns)
{
	snprintf(c[0], 64, "%llu", (unsigned long long)n->gaps);
	snprintf(c[1], 64, "%.1f", (double)n->max_ns / 1e3);
	fmt_stolen(c[2], 64, n->total_ns, span_ns);
}

/**
 * report_noise_applies - whether any design recorded host noise
 * @r: the run (folders from before the noise recorders have none)
 */
bool report_noise_applies(const struct run *r)
{
	for (size_t i = 0; i < r->nsc; i++)
		for (size_t k = 0; k < r->sc[i].nd; k++)
			if (r->sc[i].d[k].has_noise)
				return true;
	return false;
}

/**
 * report_noise - each design's gaps, events hit, and p99 without them
 * @rp: the report
 * @d: its document
 *
 * Return: 0.
 */
int report_noise(struct report *rp, struct doc *d)
{
	static const char *const head[] = {
		"scenario",	      "design",
		"CPU gaps",	      "CPU max (us)",
		"CPU stolen",	      "device gaps",
		"device max (us)",    "device stolen",
		"events hit",	      "p99 (ns)",
		"p99 set apart (ns)",
	};
	const struct run *r = &rp->run;
	uint64_t threshold = 0;

	/* The threshold the paragraph names: the last design's. */
	for (size_t i = 0; i < r->nsc; i++)
		for (size_t k = 0; k < r->sc[i].nd; k++)
			if (r->sc[i].d[k].has_noise)
				threshold = r->sc[i].d[k].noise_threshold_ns;
	doc_para(
		d,
		"Every spinning thread reads a clock on each idle turn of its loop, as osnoise and hwlatdetect do; a turn longer than %llu ns is a gap, time the host took from it (another process, the hypervisor, the host's own interrupts). "
		"CPU: the simulated CPUs' idle loops (spin mode only; a blocking CPU sleeps), summed; device: the device thread's loop. Stolen time is given with its share of the blocks' time. "
		"An event is hit when a gap of the CPU that serviced it or of the device thread falls inside its fire -> entry window (samples.bin noise_ns). "
		"The last column is the p99 of the events no gap touched: setting events apart removes exactly those the host delayed but also whatever else happened to them, so it is the design on a quieter host at best, not an estimate of it; the headline's verdicts say whether they hold without those events.",
		(unsigned long long)threshold);
	doc_table(d, 11, 2, head);
	for (size_t i = 0; i < r->nsc; i++) {
		const struct run_scenario *sc = &r->sc[i];

		for (size_t k = 0; k < sc->nd; k++) {
			const struct run_design *ds = &sc->d[k];
			const char *cells[11];
			char c[9][64];

			if (!ds->has_noise)
				continue;
			fmt_noise(c, &ds->noise_cpu, ds->noise_span_ns);
			fmt_noise(c + 3, &ds->noise_dev, ds->noise_span_ns);
			snprintf(c[6], 64, "%llu (%.2f%%)",
				 (unsigned long long)ds->noise_events,
				 ds->serviced ? 100.0 * ds->noise_events /
							ds->serviced :
						0.0);
			report_fmt_ns(c[7], 64, ds->entry.p99);
			report_fmt_ns(c[8], 64, ds->quiet.p99);
			cells[0] = sc->name;
			cells[1] = ds->design;
			for (int x = 0; x < 9; x++)
				cells[2 + x] = c[x];
			doc_row(d, cells);
		}
	}
	doc_table_end(d);
	return 0;
}
