# SPDX-License-Identifier: GPL-2.0
# The trace sink sink.irqlab.stages (docs/analysis.md): irqlab_stages is
# the state machine (stages.c) and the component class (sink.c), for the
# in-process graph of `irqlab report`; irqlab_bt_plugin is the same as a
# Babeltrace2 plugin, build*/analysis/irqlab.so, for
# `babeltrace2 --plugin-path=build/analysis -c sink.irqlab.stages`.
add_library(irqlab_stages STATIC stages/stages.c stages/stages_tables.c
	stages/stages_figures.c stages/stages_series.c stages/stages_sort.c
	stages/stages_finish.c stages/stages_output.c stages/stages_watch.c
	stages/sink.c stages/sink_traces.c stages/sink_graph.c)
target_include_directories(irqlab_stages PUBLIC ${CMAKE_CURRENT_SOURCE_DIR}/include
	PRIVATE ${CMAKE_CURRENT_SOURCE_DIR})
target_link_libraries(irqlab_stages PUBLIC irqlab_stats irqlab_trace
	PkgConfig::BABELTRACE2
	PRIVATE PkgConfig::JANSSON irqlab_warnings)
set_target_properties(irqlab_stages PROPERTIES POSITION_INDEPENDENT_CODE ON)

add_library(irqlab_bt_plugin MODULE stages/plugin.c)
target_link_libraries(irqlab_bt_plugin PRIVATE irqlab_stages irqlab_warnings)
set_target_properties(irqlab_bt_plugin PROPERTIES
	OUTPUT_NAME irqlab PREFIX ""
	LIBRARY_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR}/analysis)
