// SPDX-License-Identifier: GPL-2.0
/*
 * INI files read with inih through a reader that counts lines and sees the
 * section headers (chips/inifile.h says why inih's own line-number and
 * new-section callbacks cannot be used). The reader hands inih one whole
 * line per call, as its fgets() would, and refuses what inih would read
 * wrongly: a line longer than its buffer (inih would split it), a NUL byte
 * (inih would take it for the line's end).
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <chips/inifile.h>

/* Mirror of inih's find_chars_or_comment(): @c or an inline comment. */
static char *find_char_or_comment(char *s, char c)
{
	bool was_space = false;

	while (*s && *s != c && !(was_space && *s == ';')) {
		was_space = isspace((unsigned char)*s);
		s++;
	}
	return s;
}

/*
 * ini_reader: one whole line per call. A line inih will take for a section
 * header (one that starts with '[', after a BOM and blanks, unless it
 * continues a value) is reported to @r->on_section first.
 */
static char *read_line(char *str, int num, void *stream)
{
	struct chip_ini *r = stream;
	char *start, *end;
	ssize_t n;

	if (r->stop)
		return NULL;
	n = getline(&r->buf, &r->cap, r->f);
	if (n < 0) {
		if (ferror(r->f)) {
			r->io_err = errno ? errno : EIO;
			r->stop = true;
		}
		return NULL;
	}
	r->line++;
	if (num < 2 || n >= num) {
		r->too_long = true;
		r->stop = true;
		return NULL;
	}
	if (memchr(r->buf, '\0', (size_t)n)) {
		r->binary = true;
		r->stop = true;
		return NULL;
	}
	memcpy(str, r->buf, (size_t)n + 1);

	start = r->buf;
	if (r->line == 1 && !strncmp(start, "\xEF\xBB\xBF", 3))
		start += 3;
	while (isspace((unsigned char)*start))
		start++;
	if (*start != '[' || (r->key_seen && start > r->buf))
		return str;
	end = find_char_or_comment(start + 1, ']');
	if (*end != ']')
		return str; /* inih reports the line as an error */
	*end = '\0';
	r->key_seen = false;
	return r->on_section(r->user, start + 1) ? NULL : str;
}

int chip_ini_parse(struct chip_ini *r, ini_handler key, void *user)
{
	return ini_parse_stream(read_line, r, key, user);
}

bool chip_ini_continued(struct chip_ini *r)
{
	bool cont = r->key_seen && isspace((unsigned char)r->buf[0]);

	r->key_seen = true;
	return cont;
}

void chip_ini_continued_msg(const char *name, char *msg, size_t len)
{
	snprintf(msg, len,
		 "an indented line continues key %s: values must fit on one "
		 "line",
		 name);
}

int chip_ini_error(const struct chip_ini *r, int ret, unsigned int *line,
		   char *msg, size_t len)
{
	*line = r->line;
	if (r->too_long) {
		snprintf(msg, len, "line too long (at most %d characters)",
			 CHIP_INI_MAX_LINE);
	} else if (r->binary) {
		snprintf(msg, len,
			 "a NUL byte: this is binary data, not an INI file");
	} else if (r->io_err) {
		snprintf(msg, len, "cannot read: %s", strerror(r->io_err));
		return -EIO;
	} else if (ret > 0) {
		*line = (unsigned int)ret;
		snprintf(msg, len, "not a [section], key = value or ; comment");
	} else if (ret < 0) {
		*line = 0;
		snprintf(msg, len, "out of memory");
		return -ENOMEM;
	} else {
		return 0;
	}
	return -EINVAL;
}

void chip_ini_release(struct chip_ini *r)
{
	free(r->buf);
	r->buf = NULL;
	r->cap = 0;
}
