# SPDX-License-Identifier: GPL-2.0
# sink.irqlab.stages: the state machine on synthetic events
# (analysis/test_stages), and end to end on a traced run, through the
# babeltrace2 command line with the plugin and in-process
# (analysis/test_stages_trace: the same program given irqlab and the
# source tree).
pkg_check_modules(JANSSON REQUIRED IMPORTED_TARGET jansson)

# A sanitised plugin runs inside the uninstrumented babeltrace2 only
# with the sanitiser's runtime preloaded.
set(stages_preload "")
if(IRQLAB_SANITIZE MATCHES "address")
	execute_process(COMMAND ${CMAKE_C_COMPILER} -print-file-name=libasan.so
		OUTPUT_VARIABLE stages_asan OUTPUT_STRIP_TRAILING_WHITESPACE)
	set(stages_preload "${stages_asan}")
endif()
if(IRQLAB_SANITIZE MATCHES "undefined")
	execute_process(COMMAND ${CMAKE_C_COMPILER} -print-file-name=libubsan.so
		OUTPUT_VARIABLE stages_ubsan OUTPUT_STRIP_TRAILING_WHITESPACE)
	if(stages_preload)
		set(stages_preload "${stages_preload}:${stages_ubsan}")
	else()
		set(stages_preload "${stages_ubsan}")
	endif()
endif()
if(IRQLAB_SANITIZE MATCHES "thread")
	execute_process(COMMAND ${CMAKE_C_COMPILER} -print-file-name=libtsan.so
		OUTPUT_VARIABLE stages_preload OUTPUT_STRIP_TRAILING_WHITESPACE)
endif()

add_executable(analysis_test_stages test_stages.c)
target_link_libraries(analysis_test_stages PRIVATE irqlab_stages
	irqlab_analysis_internal irqlab_testlib PkgConfig::CMOCKA PkgConfig::JANSSON
	irqlab_trace irqlab_warnings)
target_compile_definitions(analysis_test_stages PRIVATE
	STAGES_PLUGIN_DIR="${PROJECT_BINARY_DIR}/analysis"
	STAGES_PRELOAD="${stages_preload}")
add_dependencies(analysis_test_stages irqlab irqlab_bt_plugin)
add_test(NAME analysis/test_stages COMMAND analysis_test_stages)
add_test(NAME analysis/test_stages_trace COMMAND analysis_test_stages
	$<TARGET_FILE:irqlab> ${PROJECT_SOURCE_DIR})
set_tests_properties(analysis/test_stages analysis/test_stages_trace
	PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 300 LABELS analysis)
