# SPDX-License-Identifier: GPL-2.0
# irqlab report and compare end to end, and the HTML report in Chromium.
pkg_check_modules(JANSSON REQUIRED IMPORTED_TARGET jansson)
add_executable(analysis_test_report test_report.c)
target_link_libraries(analysis_test_report PRIVATE irqlab_testlib
	PkgConfig::CMOCKA PkgConfig::JANSSON irqlab_warnings)
add_dependencies(analysis_test_report irqlab)
add_test(NAME analysis/test_report COMMAND analysis_test_report
	$<TARGET_FILE:irqlab>)

add_executable(analysis_test_html test_html.c)
target_link_libraries(analysis_test_html PRIVATE irqlab_testlib
	irqlab_warnings)
add_dependencies(analysis_test_html irqlab)
add_test(NAME analysis/test_html COMMAND analysis_test_html
	$<TARGET_FILE:irqlab>)
set_tests_properties(analysis/test_report analysis/test_html PROPERTIES
	SKIP_RETURN_CODE 77 TIMEOUT 300 LABELS analysis)
# Label slow (docs/testing.md): over 8 s in the normal build.
set_tests_properties(analysis/test_report PROPERTIES LABELS "analysis;slow"
	COST 25) # started early: tests/bench/CMakeLists.txt
set_tests_properties(analysis/test_html PROPERTIES COST 10)

# The finding on synthetic runs (report_finding.c), where the report is built.
if(TARGET irqlab_analysis)
	add_executable(analysis_test_finding test_finding.c)
	target_link_libraries(analysis_test_finding PRIVATE irqlab_analysis
		irqlab_analysis_internal PkgConfig::CMOCKA irqlab_warnings)
	add_test(NAME analysis/test_finding COMMAND analysis_test_finding)
	set_tests_properties(analysis/test_finding PROPERTIES LABELS analysis)
endif()
