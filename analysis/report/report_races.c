// SPDX-License-Identifier: GPL-2.0
/*
 * The report's "Affinity races" section: scenarios with key race moved
 * their line to the next simulated CPU from inside its handler, so that
 * the next interrupt came on the new CPU while the old one was still in
 * the handler. Per design, what its flow then did (summary.json
 * designs[].race, docs/results.md): the books, and one sentence per
 * design in plain words.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include "report_internal.h"

/**
 * report_races_applies - whether any scenario staged a race
 * @r: the run
 */
bool report_races_applies(const struct run *r)
{
	for (size_t i = 0; i < r->nsc; i++)
		for (size_t k = 0; k < r->sc[i].nd; k++)
			if (r->sc[i].d[k].has_race)
				return true;
	return false;
}

#define NCOLS 16

static void race_row(struct doc *d, const struct run_scenario *sc,
		     const struct run_design *ds)
{
	const struct run_race *b = &ds->race;
	const uint64_t n[] = { b->moves,	  b->old_cpu_runs,
			       b->longest_loop,	  b->mask_accesses,
			       ds->dropped_edges, b->resend_accesses,
			       b->waits,	  ds->serviced,
			       ds->coalesced,	  ds->stranded };
	const char *cells[NCOLS];
	char c[NCOLS][32];
	size_t x = 0;

	cells[x++] = sc->name;
	cells[x++] = ds->design;
	cells[x++] = report_str(ds->flow);
	for (size_t i = 0; i < sizeof(n) / sizeof(n[0]); i++, x++) {
		snprintf(c[x], 32, "%" PRIu64, n[i]);
		cells[x] = c[x];
		if (i == 6) { /* after the waits, the time spun in them */
			x++;
			snprintf(c[x], 32, "%.1f", (double)b->wait_ns / 1e3);
			cells[x] = c[x];
		}
	}
	report_fmt_ns(c[x], 32, ds->entry.p99);
	cells[x] = c[x];
	doc_row(d, cells);
}

/* What @ds's flow did with the interrupts that came on the new CPU. */
static void race_sentence(struct doc *d, const struct run_design *ds)
{
	const struct run_race *b = &ds->race;
	char what[512];
	size_t n = 0;

	what[0] = '\0';
	if (b->waits)
		n += (size_t)snprintf(what + n, sizeof(what) - n,
				      "; waited %" PRIu64
				      " times for the old CPU's handler, "
				      "%.1f us spun in all",
				      b->waits, (double)b->wait_ns / 1e3);
	if (b->mask_accesses)
		n += (size_t)snprintf(
			what + n, sizeof(what) - n,
			"; masked the line on the new CPU (%" PRIu64
			" register accesses)",
			b->mask_accesses);
	if (b->old_cpu_runs)
		n += (size_t)snprintf(
			what + n, sizeof(what) - n,
			"; the old CPU ran the handler again %" PRIu64
			" times, at most %" PRIu64 " in a row",
			b->old_cpu_runs, b->longest_loop);
	if (ds->dropped_edges)
		n += (size_t)snprintf(what + n, sizeof(what) - n,
				      "; %" PRIu64
				      " edges lost at the masked input",
				      ds->dropped_edges);
	if (b->resend_accesses)
		n += (size_t)snprintf(what + n, sizeof(what) - n,
				      "; resent (%" PRIu64
				      " retrigger accesses)",
				      b->resend_accesses);
	if (n < sizeof(what))
		snprintf(what + n, sizeof(what) - n,
			 "; %" PRIu64 " of %" PRIu64
			 " events left unserviced at the block's end",
			 ds->stranded, ds->fired);
	doc_list_item(d, "%s, %s (%" PRIu64 " moves)%s.", ds->design,
		      report_str(ds->flow), b->moves, what);
}

/**
 * report_races - what each design's flow did in the affinity races
 * @rp: the report
 * @d: its document
 *
 * Return: 0.
 */
int report_races(struct report *rp, struct doc *d)
{
	static const char *const head[NCOLS] = {
		"scenario",
		"design",
		"flow",
		"moves",
		"old CPU runs",
		"most in a row",
		"mask accesses",
		"edges lost",
		"resend accesses",
		"waits",
		"spun (us)",
		"serviced",
		"coalesced",
		"stranded",
		"p99 (ns)",
		NULL,
	};
	const struct run *r = &rp->run;

	doc_para(
		d,
		"In these scenarios (key race) the line's own handler moved its affinity to the next simulated CPU, and held until the next interrupt was taken there: it came on the new CPU while the old one was still in the handler. "
		"2.6.18's flows and the modern ones without their fixes (v6-nofix) mask an edge line on the new CPU and make the old one run the handler again, for as long as the device keeps firing (the live-lock the 2025 fix ends), or EOI a fasteoi interrupt there and lose it; the modern edge flow waits on the new CPU for the old one, and a fasteoi line with IRQD_RESEND_WHEN_IN_PROGRESS is resent when the old CPU is done. "
		"Mask and resend are counted in register accesses of those operations; spun is the time the waits took, on this host's scheduling of the simulated CPUs.");
	doc_table(d, NCOLS - 1, 3, head);
	for (size_t i = 0; i < r->nsc; i++)
		for (size_t k = 0; k < r->sc[i].nd; k++)
			if (r->sc[i].d[k].has_race)
				race_row(d, &r->sc[i], &r->sc[i].d[k]);
	doc_table_end(d);
	for (size_t i = 0; i < r->nsc; i++) {
		const struct run_scenario *sc = &r->sc[i];

		if (!sc->nd || !sc->d[0].has_race)
			continue;
		doc_para(d, "%s (race %s):", sc->name, sc->d[0].race.race);
		for (size_t k = 0; k < sc->nd; k++)
			race_sentence(d, &sc->d[k]);
		doc_list_end(d);
	}
	return 0;
}
