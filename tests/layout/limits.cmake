# SPDX-License-Identifier: GPL-2.0
# cmake -DSRC=<source tree> -P limits.cmake
#
# Fails if a C file outside tests/ is over 700 lines, or has a function
# over 80 lines, counted from the line of its name to its closing brace
# (the kernel's layout, which clang-format keeps: the body's braces alone
# on their lines at column 0). Files that may hold longer functions are
# named below, each with its reason; the file limit has no exception.

cmake_policy(SET CMP0007 NEW) # a list keeps its empty elements: blank lines

set(max_file_lines 700)
set(max_function_lines 80)

# Files whose functions may be longer, "FILE" each with why. Only kernel
# ports that keep the shape of the kernel's own function belong here, so
# that they can be read beside it; a new one (core6/, a driver form of
# chips/drv/*_2618.c or *_legacy.c) is added the same way.
set(long_functions_allowed
	# setup_irq(): 2.6.18's kernel/irq/manage.c, with 2.6.32's thread
	# and oneshot set-up inside it where that kernel put them.
	core/manage.c
	# probe_irq_on(): 2.6.18's kernel/irq/autoprobe.c, its three passes.
	core/autoprobe.c
	# __do_IRQ(): 2.6.18's kernel/irq/handle.c, the legacy flow whole.
	core/handle.c
)

set(files "")
foreach(d analysis bench chips core trace)
	file(GLOB_RECURSE found RELATIVE ${SRC} ${SRC}/${d}/*.c ${SRC}/${d}/*.h)
	list(APPEND files ${found})
endforeach()
list(SORT files)

set(bad 0)
set(nr_functions 0)
foreach(f ${files})
	file(READ ${SRC}/${f} text)
	# One list element a line: take out what a CMake list cannot hold.
	string(REPLACE "\\" "/" text "${text}")
	string(REPLACE ";" "," text "${text}")
	string(REPLACE "[" "(" text "${text}")
	string(REPLACE "]" ")" text "${text}")
	string(REPLACE "\n" ";" lines "${text}")
	list(LENGTH lines n)
	if(text MATCHES "\n$")
		math(EXPR n "${n} - 1")
	endif()
	if(n GREATER max_file_lines)
		message(SEND_ERROR "${f}: ${n} lines, over ${max_file_lines}")
		set(bad 1)
	endif()

	list(FIND long_functions_allowed ${f} allowed)
	set(i 0)
	set(name_line 0)
	set(name "")
	set(start 0)
	foreach(l IN LISTS lines)
		math(EXPR i "${i} + 1")
		if(l MATCHES "^[A-Za-z_].*[(]")
			if(NOT start)
				set(name_line ${i})
				set(name "${l}")
			endif()
		elseif(l STREQUAL "{" AND name_line)
			set(start ${name_line})
		elseif(l STREQUAL "}" AND start)
			math(EXPR len "${i} - ${start} + 1")
			math(EXPR nr_functions "${nr_functions} + 1")
			if(len GREATER max_function_lines AND allowed EQUAL -1)
				string(REGEX MATCH "[A-Za-z_0-9]+ *[(]" fn "${name}")
				string(REGEX REPLACE " *[(]$" "" fn "${fn}")
				message(SEND_ERROR "${f}:${start}: ${fn}(): ${len} lines, over ${max_function_lines}")
				set(bad 1)
			endif()
			set(start 0)
			set(name_line 0)
		endif()
	endforeach()
endforeach()
if(nr_functions LESS 100)
	message(FATAL_ERROR "found only ${nr_functions} functions under ${SRC}")
endif()
if(bad)
	message(FATAL_ERROR "over the limits (above)")
endif()
list(LENGTH files nr_files)
message(STATUS "${nr_files} files, ${nr_functions} functions, within the limits")
