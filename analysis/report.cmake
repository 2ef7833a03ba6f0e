# SPDX-License-Identifier: GPL-2.0
# irqlab report and irqlab compare: read run folders (run.c), write
# Markdown and HTML from one set of calls (doc.c), draw with gnuplot.
add_library(irqlab_analysis STATIC run.c doc.c report.c compare.c host.c
	benchmarks.c)
target_include_directories(irqlab_analysis PUBLIC ${PROJECT_SOURCE_DIR})
target_compile_definitions(irqlab_analysis PRIVATE
	IRQLAB_GP_DIR="${CMAKE_CURRENT_SOURCE_DIR}/gp")
target_link_libraries(irqlab_analysis PUBLIC irqlab_runfolder irqlab_stages
	PkgConfig::JANSSON PRIVATE irqlab_warnings)
