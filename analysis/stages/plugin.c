// SPDX-License-Identifier: GPL-2.0
/*
 * The irqlab Babeltrace2 plugin (build/analysis/irqlab.so), one sink
 * component class, sink.irqlab.stages (sink.c), for the babeltrace2
 * command line:
 *
 *   babeltrace2 --plugin-path=build/analysis results/latest/trace \
 *	-c sink.irqlab.stages [-p 'output="stages.json"']
 */
#include <babeltrace2/babeltrace.h>
#include "sink.h"

BT_PLUGIN_MODULE();

BT_PLUGIN(irqlab);
BT_PLUGIN_DESCRIPTION("irqlab: per-stage timing of genirq interrupts");
BT_PLUGIN_AUTHOR("The irqlab authors");
BT_PLUGIN_LICENSE("GPL-2.0");

BT_PLUGIN_SINK_COMPONENT_CLASS(stages, stages_sink_consume);
BT_PLUGIN_SINK_COMPONENT_CLASS_DESCRIPTION(stages, STAGES_SINK_DESCRIPTION);
BT_PLUGIN_SINK_COMPONENT_CLASS_HELP(stages, STAGES_SINK_HELP);
BT_PLUGIN_SINK_COMPONENT_CLASS_INITIALIZE_METHOD(stages,
						 stages_sink_initialize);
BT_PLUGIN_SINK_COMPONENT_CLASS_FINALIZE_METHOD(stages, stages_sink_finalize);
BT_PLUGIN_SINK_COMPONENT_CLASS_GRAPH_IS_CONFIGURED_METHOD(
	stages, stages_sink_graph_is_configured);
