# SPDX-License-Identifier: GPL-2.0
# irqlab report and irqlab compare: read run folders (run.c), write
# Markdown and HTML from one set of calls (doc.c): the report is a table
# of sections (report.c) written by the files of their subjects
# (report_*.c, benchmarks.c), the figures by gnuplot (report_figures.c)
# in the design colours of palette.c.
add_library(irqlab_analysis STATIC formats/run.c tail/tail_run.c
	report/doc.c report/report.c report/report_fmt.c report/report_figures.c report/gnuplot.c
	report/report_latency.c report/report_controls.c report/report_uio.c
	report/report_races.c
	report/report_threaded.c report/report_noise.c report/report_tail.c
	report/report_trace.c report/report_env.c report/report_answer.c
	report/report_finding.c report/report_sentence.c
	report/report_generations.c report/palette.c report/benchmarks.c
	report/benchmarks_targets.c report/host.c
	compare/compare.c compare/compare_caveats.c compare/compare_cli.c
	compare/compare_runs.c compare/compare_shift.c compare/compare_stability.c
	compare/compare_import.c compare/compare_aa.c)
target_include_directories(irqlab_analysis PUBLIC ${CMAKE_CURRENT_SOURCE_DIR}/include
	PRIVATE ${CMAKE_CURRENT_SOURCE_DIR})
target_compile_definitions(irqlab_analysis PRIVATE
	IRQLAB_GP_DIR="${CMAKE_CURRENT_SOURCE_DIR}/report/gp")
target_link_libraries(irqlab_analysis PUBLIC irqlab_runfolder irqlab_stages
	irqlab_tail irqlab_import
	PkgConfig::JANSSON PRIVATE irqlab_warnings)
