/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Inside sink.irqlab.stages: the sink component class methods that
 * decode Babeltrace2 messages into the stage machine (stages_machine.h),
 * which plugin.c registers and stages_graph_run() uses in-process.
 * Nothing outside analysis/ and its tests includes this header.
 */
#ifndef ANALYSIS_SINK_H
#define ANALYSIS_SINK_H

#include <stddef.h>
#include <babeltrace2/babeltrace.h>
#include "stages_machine.h"

/*
 * The sink component class sink.irqlab.stages. The initialize method's
 * data, when not NULL (stages_graph_run()), is a struct stages_result *
 * that receives the result at the end instead of it being written out.
 */
bt_component_class_initialize_method_status
stages_sink_initialize(bt_self_component_sink *self,
		       bt_self_component_sink_configuration *config,
		       const bt_value *params, void *init_data);
void stages_sink_finalize(bt_self_component_sink *self);
bt_component_class_sink_graph_is_configured_method_status
stages_sink_graph_is_configured(bt_self_component_sink *self);
bt_component_class_sink_consume_method_status
stages_sink_consume(bt_self_component_sink *self);

#define STAGES_SINK_DESCRIPTION \
	"Per-stage timing of irqlab interrupts (docs/analysis.md)"
#define STAGES_SINK_HELP                                                     \
	"Reads irqlab:* events (src.ctf.fs -> flt.utils.muxer -> here) and " \
	"prints per-stage statistics per scenario, design, chip, flow and "  \
	"CPU.\nParameter: output (string): write JSON to this file instead.\n"

/**
 * struct stages_tap - a reader of the decoded events (stages_graph_run_tap())
 * @event: called for each irqlab:* event with its decoding, its name
 *	and the event itself (for members the machine does not read);
 *	returns 0 to feed it to the stage machine, > 0 to leave it out,
 *	< 0 (-errno) to stop the graph with that error
 * @data: passed back to @event
 */
struct stages_tap {
	int (*event)(void *data, const struct stages_ev *ev, const char *name,
		     const bt_event *event);
	void *data;
};

/*
 * 0, or -EINVAL with @err naming the stream file and packet of the trace
 * directory @dir whose sizes would abort Babeltrace2 (sink_traces.c).
 */
int stages_trace_sizes_ok(const char *dir, char *err, size_t errlen);

#endif /* ANALYSIS_SINK_H */
