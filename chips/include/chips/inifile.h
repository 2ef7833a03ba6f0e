/* SPDX-License-Identifier: GPL-2.0 */
/*
 * INI files read with inih, line by line, so that every error can name its
 * line: the reader under the cost profiles (chips/cost.c) and the scenario
 * files (bench/config/config_parse.c). Debian's libinih is built without
 * INI_HANDLER_LINENO and INI_CALL_HANDLER_ON_NEW_SECTION (its ini.h
 * defaults both to 0, and the handler's type is fixed when the library is
 * built), so the lines are counted here, in the reader inih calls for each
 * line, which also sees the section headers.
 */
#ifndef CHIPS_INIFILE_H
#define CHIPS_INIFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <ini.h>

/**
 * struct chip_ini - one INI file being read
 * @f:		the file
 * @on_section:	called with each section header's name (as written between
 *		the brackets), before the section's keys; nonzero stops
 * @user:	for @on_section
 * @line:	the number of the line being read
 * @stop:	set by a handler that found an error: the reading ends
 * @too_long:	@line does not fit inih's line buffer
 * @binary:	@line holds a NUL byte, which inih would take for its end
 * @io_err:	errno of a read error, or 0
 * @key_seen:	a key since the last section header (inih's prev_name)
 * @buf:	getline()'s buffer: the whole line, however long
 * @cap:	its size
 *
 * Zero it, then set @f, @on_section and @user.
 */
struct chip_ini {
	FILE *f;
	int (*on_section)(void *user, const char *name);
	void *user;
	unsigned int line;
	bool stop;
	bool too_long;
	bool binary;
	int io_err;
	bool key_seen;
	char *buf;
	size_t cap;
};

/* The longest line inih reads, without its newline and its NUL. */
#define CHIP_INI_MAX_LINE (INI_MAX_LINE - 2)

/**
 * chip_ini_parse - read @r->f with inih, calling @key for each key
 * @r: the reader
 * @key: inih's key handler, nonzero to go on; @r->line is the key's
 *	 line while it runs
 * @user: for @key
 *
 * Return: what ini_parse_stream() returns: 0, the first line inih found
 * wrong (a handler's error, or a line that is no section, key or comment),
 * or a negative number when it ran out of memory. A line too long, a NUL
 * byte or a read error ends the reading early; chip_ini_error() says so.
 */
int chip_ini_parse(struct chip_ini *r, ini_handler key, void *user);

/**
 * chip_ini_continued - whether the key being handled continues the last
 * @r: the reader
 *
 * inih reads an indented line after a key as more of that key's value
 * (Python's multi-line values) and hands it over under the same name.
 * Values fit on one line, so a key handler calls this first and refuses
 * the line when it returns true, with chip_ini_continued_msg().
 */
bool chip_ini_continued(struct chip_ini *r);

/**
 * chip_ini_continued_msg - the sentence for a continuation line of @name
 * @name: the key it continues
 * @msg: where to write it
 * @len: its size
 */
void chip_ini_continued_msg(const char *name, char *msg, size_t len);

/**
 * chip_ini_error - what was wrong with the file itself, after the reading
 * @r: the reader
 * @ret: chip_ini_parse()'s return
 * @line: set to the line at fault (a read error: the line reached)
 * @msg: where to write one sentence, without the file and line
 * @len: its size
 *
 * In this order: a line too long, a NUL byte, a read error, a line that
 * is no section, key or comment, no memory. A handler's own error is the
 * caller's to weigh against these.
 *
 * Return: 0 when nothing was wrong; -EIO for a read error; -EINVAL for
 * the file's text; -ENOMEM.
 */
int chip_ini_error(const struct chip_ini *r, int ret, unsigned int *line,
		   char *msg, size_t len);

/**
 * chip_ini_release - free what the reader allocated (not @r->f)
 * @r: the reader
 */
void chip_ini_release(struct chip_ini *r);

#endif /* CHIPS_INIFILE_H */
