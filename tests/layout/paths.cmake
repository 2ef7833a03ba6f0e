# SPDX-License-Identifier: GPL-2.0
# cmake -DSRC=<source tree> -P paths.cmake
#
# Fails if a comment or a document names a source file of the tree by a
# path that does not exist: every mention of FOLDER/.../NAME.c, .h or .def
# (FOLDER one of the tree's source folders; a pattern such as
# bench/cmd/cmd_*.c must match a file) in the C files, the build
# files, the rows, the cost profiles, README.md and docs/*.md must be a
# file from the top of the tree (from the mentioning file's folder if it
# begins with ../), or, for a header, the name it is included by
# (<chips/kind.h> is chips/include/chips/kind.h). Files move; this keeps
# their mentions moving with them.
#
# Not checked: results/ (run folders record what was), and bare names
# ("scenario.c"), which name a file of the folder they are in.

# Mentions of files that are not meant to exist, each "FILE|PATH" with
# why. Keep it short.
set(allowed
	# docs/map.md's worked examples: the files a newcomer would add.
	"docs/map.md|core/foo.c"
	"docs/map.md|bench/designs/foo.c"
	"docs/map.md|chips/hw/plic.c"
)

set(top "bench|analysis|chips|core|trace|tests")
set(files "")
foreach(d bench analysis chips core trace tests configs docs scripts)
	file(GLOB_RECURSE found RELATIVE ${SRC} ${SRC}/${d}/*.c ${SRC}/${d}/*.h
		${SRC}/${d}/*.def ${SRC}/${d}/*.row ${SRC}/${d}/*.cmake
		${SRC}/${d}/CMakeLists.txt ${SRC}/${d}/*.md ${SRC}/${d}/*.ini)
	list(APPEND files ${found})
endforeach()
list(APPEND files CMakeLists.txt README.md)
list(REMOVE_ITEM files tests/layout/paths.cmake) # its allowed list

set(bad 0)
set(nr 0)
foreach(f ${files})
	if(NOT EXISTS ${SRC}/${f})
		continue()
	endif()
	file(READ ${SRC}/${f} text)
	get_filename_component(here ${SRC}/${f} DIRECTORY)
	# Not inside a longer path or a variable: ${SRC}/bench/*.h is code.
	string(REGEX MATCHALL "(^|[^A-Za-z0-9_/.$}])(\\.\\./)*(${top})/[A-Za-z0-9_.*/-]+"
		mentions "${text}")
	foreach(m ${mentions})
		string(REGEX REPLACE "^[^.a-z]" "" m "${m}")
		string(REGEX REPLACE "\\.+$" "" m "${m}")
		if(NOT m MATCHES "\\.(c|h|def)$")
			continue()
		endif()
		math(EXPR nr "${nr} + 1")
		string(REGEX MATCH "^[a-z]+" folder "${m}")
		if(m MATCHES "[*]")
			file(GLOB any ${SRC}/${m})
			if(any)
				continue()
			endif()
		elseif(m MATCHES "^\\.\\./")
			if(EXISTS ${here}/${m})
				continue()
			endif()
		elseif(EXISTS ${SRC}/${m} OR (m MATCHES "\\.(h|def)$" AND
				EXISTS ${SRC}/${folder}/include/${m}))
			continue()
		endif()
		list(FIND allowed "${f}|${m}" at)
		if(at GREATER -1)
			continue()
		endif()
		message(SEND_ERROR "${f}: ${m}: no such file")
		set(bad 1)
	endforeach()
endforeach()
if(nr EQUAL 0)
	message(FATAL_ERROR "no mention of a source file found under ${SRC}")
endif()
if(bad)
	message(FATAL_ERROR "mentions of files that are not there (above)")
endif()
message(STATUS "${nr} mentions of source files, each one there")
