# SPDX-License-Identifier: GPL-2.0
# irqlab report and irqlab compare: read run folders (run.c), write
# Markdown and HTML from one set of calls (doc.c): the report is a table
# of sections (report.c) written by the files of their subjects
# (report_*.c, benchmarks.c), the figures by gnuplot (report_figures.c)
# in the design colours of palette.c.
add_library(irqlab_analysis STATIC run.c doc.c report.c report_fmt.c
	report_figures.c report_latency.c report_controls.c report_uio.c
	report_threaded.c report_noise.c report_tail.c tail_run.c
	report_trace.c report_env.c report_answer.c report_finding.c
	palette.c
	benchmarks.c benchmarks_targets.c compare.c compare_caveats.c
	compare_cli.c compare_runs.c compare_shift.c
	compare_stability.c host.c)
target_include_directories(irqlab_analysis PUBLIC ${PROJECT_SOURCE_DIR})
target_compile_definitions(irqlab_analysis PRIVATE
	IRQLAB_GP_DIR="${CMAKE_CURRENT_SOURCE_DIR}/gp")
target_link_libraries(irqlab_analysis PUBLIC irqlab_runfolder irqlab_stages
	irqlab_tail
	PkgConfig::JANSSON PRIVATE irqlab_warnings)
