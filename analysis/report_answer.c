// SPDX-License-Identifier: GPL-2.0
/*
 * The report's first section, the answer before the tables: the finding
 * per chip (report_finding.c), in the headline's numbers: report_versus()
 * and report_call() over the same per-block quantiles.
 */
#include <stdio.h>
#include "analysis/report_finding.h"
#include "analysis/report_internal.h"

static int doc_put(void *arg, const char *para)
{
	doc_para(arg, "%s", para);
	return 0;
}

/**
 * report_answer - the finding per chip
 * @rp: the report
 * @d: its document
 *
 * Return: 0, or -ENOMEM with rp->err set.
 */
int report_answer(struct report *rp, struct doc *d)
{
	int ret;

	doc_para(
		d,
		"Per chip, each design against __do_IRQ in the scenarios that ran both. "
		"A design is called faster or slower only where the headline below gives that verdict: "
		"the %.0f%% interval of its ratio over rounds excludes 1, as measured and with the events host noise touched set apart. "
		"Elsewhere \"no verdict\" says why: the interval spans 1; host noise (the interval excludes 1 only with those events counted); too few rounds; or no interval at all. "
		"In brackets, the design's quantile over __do_IRQ's (the median over rounds of the blocks' ratio) and its interval; "
		"register accesses per interrupt are the run's counts (summary.json).",
		REPORT_LEVEL * 100);
	ret = report_finding(&rp->run, doc_put, d);
	if (ret < 0) {
		snprintf(rp->err, rp->errlen, "out of memory");
		return ret;
	}
	return 0;
}
