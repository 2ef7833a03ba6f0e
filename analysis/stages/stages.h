/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Per-stage timing of interrupts from an irqlab LTTng trace.
 *
 * The Babeltrace2 sink `sink.irqlab.stages` (plugin.c, sink.c) feeds every
 * `irqlab:*` event to a struct stages; stages_graph_run() builds the same
 * graph in-process (src.ctf.fs -> flt.utils.muxer -> the sink) for
 * `irqlab report`. docs/analysis.md describes the stages and the output.
 *
 * Every interrupt, from `entry` to `exit` on one simulated CPU, is cut at
 * each of its events, and each interval is charged to a stage by the
 * event that opens it:
 *   entry    entry, flow, and anything else before the first chip_op or
 *            action_entry: the flow handler's own work on the way in
 *   op.NAME  a chip_op NAME event, up to the next event: that operation
 *   action   action_entry and service, up to action_exit: the handlers
 *   exit     action_exit (the last one) and anything else not a chip op,
 *            up to exit: the flow handler's work on the way out
 * so entry + every op + action + exit = total (entry -> exit). Each
 * interval contains one tracepoint's cost; the run's `calibrate` events
 * (their mean spacing) measure it, and it is subtracted from every
 * interval (clamped at 0), so the figures estimate the untraced code.
 * Two further series per group:
 *   dispatch raise -> entry of the interrupt that serviced the event
 *            (matched by irq, dev, seq through `service`)
 *   latency  raise -> service: to the device handler, the harness's
 *            samples.bin `entry_ns` measured from the raise
 * Groups: scenario x design x chip x flow (from block_begin / block_end
 * and the `flow` event) x CPU (the entry event's cpu field), and the same
 * over all CPUs (cpu = -1).
 */
#ifndef ANALYSIS_STAGES_H
#define ANALYSIS_STAGES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <irqlab/chip_ops.h>
#include "analysis/stats.h"

/* chip_op's enum, in the trace's order: irqlab/chip_ops.h's rows. */
#define STAGES_NR_OPS IRQLAB_OP_NR
extern const char *const stages_op_names[STAGES_NR_OPS];

/* What an unresolved figure is, in words (report, JSON `why`). */
#define STAGES_UNRESOLVED "below the tracer's resolution"

/**
 * struct stages_figure - a stage statistic with its uncertainty
 * @value:	ns, @k event costs subtracted, not clamped
 * @lo, @hi:	the band: the statistic's own 95% interval (order
 *		statistics for a quantile, 1.96 standard errors for the
 *		mean), widened by @k times the distances of the
 *		calibration's 2.5th and 97.5th percentiles from its median
 *		(a higher cost lowers the value), the two added
 * @pm:		the larger of @value - @lo and @hi - @value: "value ± pm"
 * @k:		event costs subtracted: the most any value in the quantile's
 *		interval spans (the mean number for the mean)
 * @resolution:	@k times the calibration's central 95% (p975 - p025)
 * @resolved:	@lo > 0 and @value >= @resolution (stages_figure_judge());
 *		otherwise the figure is STAGES_UNRESOLVED, not a number
 */
struct stages_figure {
	double value, lo, hi, pm, k, resolution;
	bool resolved;
};

/* The statistics of a series that are given as figures. */
enum {
	STAGES_FIG_MEAN,
	STAGES_FIG_P50,
	STAGES_FIG_P90,
	STAGES_FIG_P99,
	STAGES_FIG_P999,
	STAGES_NR_FIGS,
};
extern const char *const stages_fig_names[STAGES_NR_FIGS];

/* One series of values (ns, tracepoint cost subtracted). */
struct stages_series {
	/* Sorted, clamped at 0; NULL unless kept (stages_keep_values()). */
	uint64_t *v;
	size_t n, cap;
	bool lent; /* @v is its only CPU's: the all-CPU group's, not freed */
	struct irqstat st; /* filled by stages_finish(), of v */
	struct stages_figure fig[STAGES_NR_FIGS]; /* all 0 when n is 0 */
};

struct stages_group {
	char *scenario, *design, *chip, *flow;
	int cpu; /* the simulated CPU, -1: all CPUs */
	uint64_t interrupts; /* entry..exit pairs counted */
	struct stages_series entry, op[STAGES_NR_OPS], action, exit, total;
	struct stages_series dispatch, latency;
};

/* What one scenario/design/chip block of the trace recorded. */
struct stages_block {
	char *scenario, *design, *chip;
	uint64_t events; /* irqlab:* events inside it, markers excluded */
	uint64_t interrupts; /* entry..exit pairs, all flows and CPUs */
};

/*
 * The spacings of back-to-back calibrate events (ns), the tracer's cost
 * per event: exact up to STAGES_CALIB_MAX ns, longer ones (a preempted
 * calibration) counted in @overflow and ranked above every other.
 */
#define STAGES_CALIB_MAX 16384
struct stages_calibration {
	uint64_t pairs, overflow;
	double median, mean; /* median: mean of the middle two if even */
	double p25, p75; /* nearest-rank quartiles; p75 - p25 is the IQR */
	double p025, p975; /* central 95%: the spread the figures carry */
	double median_se; /* from the median's 95% order-statistic interval */
};

/**
 * struct stages_watch - one event whose own stages are wanted
 * @scenario, @design: its block's, as block_begin names them
 * @block:	block_begin's block (samples.bin's block)
 * @dev, @seq:	its raise's (samples.bin's device and seq)
 * @seen:	filled: its raise and the service that claimed it were found
 * @late_ns:	the raise's lateness on the intended time (no tracer cost)
 * @dispatch_ns: raise -> entry of the interrupt that serviced it
 * @entry_ns, @op_ns, @action_ns: that interrupt's stages (stages.h) from
 *		its entry up to the service that claimed this event
 *
 * The times have the tracer's cost subtracted per interval, as the
 * figures do, clamped at 0; @late_ns + @dispatch_ns + the stages is
 * the trace's view of the event's latency.
 */
struct stages_watch {
	const char *scenario, *design;
	uint64_t block, dev, seq;
	bool seen;
	double late_ns, dispatch_ns, entry_ns, op_ns[STAGES_NR_OPS], action_ns;
};

struct stages_result {
	double event_cost_ns; /* the cost subtracted: calib.median; 0: none */
	struct stages_calibration calib;
	uint64_t calibrate_events;
	uint64_t events; /* irqlab:* events consumed */
	uint64_t discarded_events; /* from discarded-events messages */
	uint64_t discarded_packets;
	uint64_t unmatched; /* entries without exit, services without raise */
	struct stages_group *groups; /* sorted: scenario, design, flow, cpu */
	size_t ngroups;
	struct stages_block *blocks; /* in the order they first began */
	size_t nblocks;
	/* The caller's events to watch, filled (stages_graph_run_watch()). */
	struct stages_watch *watch;
	size_t nwatch;
	/* The caller's tap on the decoded events (stages_graph_run_tap()). */
	const struct stages_tap *tap;
};

/**
 * stages_graph_run - analyse the CTF traces under @root in-process
 * @root: a run folder, its trace/ folder, or an lttng-relayd output
 *        directory: every directory below it holding a `metadata` file
 *        becomes one src.ctf.fs input
 * @out: the result; free it with stages_result_free()
 * @err: one sentence on failure, naming the file where Babeltrace2 did
 *
 * Return: 0; -ENOENT if no trace is there; another -errno (corrupt or
 * truncated trace, no memory) with @err set.
 */
int stages_graph_run(const char *root, struct stages_result *out, char *err,
		     size_t errlen);

/**
 * stages_graph_run_watch - stages_graph_run(), watching some events
 * @root, @out, @err, @errlen: as stages_graph_run()'s
 * @watch: events whose own stages are wanted; each is filled in (seen,
 *	and its times) by the end; @out->watch points to it
 * @nwatch: how many
 *
 * Return: as stages_graph_run().
 */
int stages_graph_run_watch(const char *root, struct stages_watch *watch,
			   size_t nwatch, struct stages_result *out, char *err,
			   size_t errlen);

struct stages_tap;

/**
 * stages_graph_run_tap - stages_graph_run(), showing each event to @tap
 * @root, @out, @err, @errlen: as stages_graph_run()'s
 * @tap: its ->event (sink.h) sees every irqlab event as the sink decoded
 *	it, in time stamp order, before the stage machine does, and may
 *	keep it from the machine; what it returns < 0 ends the run
 *
 * The tap reads; the stages are computed as ever from what it lets
 * through. For the exports (analysis/export/), which need the events
 * themselves and the one decoder of the trace there is.
 *
 * Return: as stages_graph_run(); a tap's error as it returned it.
 */
int stages_graph_run_tap(const char *root, const struct stages_tap *tap,
			 struct stages_result *out, char *err, size_t errlen);

/* Every directory under @root that holds a `metadata` file, sorted. */
int stages_find_traces(const char *root, char ***dirs, size_t *n, char *err,
		       size_t errlen);

/* The result as JSON (docs/analysis.md), for `output=` and the report. */
int stages_result_write_json(const struct stages_result *r, FILE *f);

/* The result as a text table, for the command line without `output=`. */
void stages_result_print(const struct stages_result *r, FILE *f);

void stages_result_free(struct stages_result *r);

/* Sets @f->pm and @f->resolved from the other fields: the one rule. */
void stages_figure_judge(struct stages_figure *f);

/*
 * Adds @f into @sum (value, band ends, k and resolution: the band of a
 * sum of stages, its halves added without assuming independence), and
 * judges it again.
 */
void stages_figure_add(struct stages_figure *sum,
		       const struct stages_figure *f);

/*
 * "12.3 ± 4.5" (@decimals after the point), or, unresolved, "below the
 * tracer's resolution (± 67 ns)"; @terse: "12.3±4.5" and
 * "unresolved(±67)", one word, for the text table.
 */
void stages_figure_format(const struct stages_figure *f, int decimals,
			  bool terse, char *buf, size_t len);

#endif /* ANALYSIS_STAGES_H */
