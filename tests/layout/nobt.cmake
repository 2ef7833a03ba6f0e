# SPDX-License-Identifier: GPL-2.0
# cmake -DCC=<compiler> -DDIRS=<dir>|... -DFILES=<file.c>|... -P nobt.cmake
#
# Fails if any of FILES, preprocessed with the include folders DIRS,
# includes a Babeltrace2 header, or if it cannot be preprocessed.
string(REPLACE "|" ";" dirs "${DIRS}")
string(REPLACE "|" ";" files "${FILES}")
if(NOT files)
	message(FATAL_ERROR "no files given")
endif()
set(flags "")
foreach(d ${dirs})
	list(APPEND flags -I${d})
endforeach()
set(bad 0)
foreach(f ${files})
	execute_process(COMMAND ${CC} -M ${flags} ${f}
		OUTPUT_VARIABLE deps ERROR_VARIABLE err RESULT_VARIABLE rc)
	if(NOT rc EQUAL 0)
		message(FATAL_ERROR "${CC} -M ${f}: ${err}")
	endif()
	if(deps MATCHES "babeltrace2/")
		message(SEND_ERROR "${f} includes a Babeltrace2 header")
		set(bad 1)
	endif()
endforeach()
if(bad)
	message(FATAL_ERROR "the stage machine must not need Babeltrace2")
endif()
list(LENGTH files n)
message(STATUS "${n} files of the stage machine, none includes Babeltrace2")
