// SPDX-License-Identifier: GPL-2.0
/* Markdown and self-contained HTML from the same calls (doc.h). */
#define _GNU_SOURCE /* vasprintf */
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "doc.h"

static void note_err(struct doc *d, FILE *f)
{
	if (!d->err && ferror(f))
		d->err = -EIO;
}

static void html_escaped(struct doc *d, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '<':
			fputs("&lt;", d->html);
			break;
		case '>':
			fputs("&gt;", d->html);
			break;
		case '&':
			fputs("&amp;", d->html);
			break;
		case '"':
			fputs("&quot;", d->html);
			break;
		default:
			fputc(*s, d->html);
		}
	}
	note_err(d, d->html);
}

/* Markdown table cells cannot hold a bare |. */
static void md_cell(struct doc *d, const char *s)
{
	for (; *s; s++) {
		if (*s == '|')
			fputc('\\', d->md);
		fputc(*s == '\n' ? ' ' : *s, d->md);
	}
	note_err(d, d->md);
}

/* The formatted text, or NULL with d->err set. */
static char *vfmt(struct doc *d, const char *fmt, va_list ap)
{
	char *s = NULL;

	if (vasprintf(&s, fmt, ap) < 0) {
		d->err = -ENOMEM;
		return NULL;
	}
	return s;
}

void doc_begin(struct doc *d, const char *title)
{
	fprintf(d->md, "# %s\n\n", title);
	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
	      "<meta charset=\"utf-8\">\n<title>",
	      d->html);
	html_escaped(d, title);
	fputs("</title>\n<style>\n"
	      "body{font-family:sans-serif;max-width:80em;margin:1em auto;"
	      "padding:0 1em;color:#222}\n"
	      "table{border-collapse:collapse;margin:0.5em 0 1em}\n"
	      "th,td{border:1px solid #bbb;padding:0.2em 0.5em;"
	      "text-align:right;font-variant-numeric:tabular-nums}\n"
	      "th{background:#eee}td.l{text-align:left}\n"
	      "figure{margin:1em 0}img{max-width:100%}\n"
	      "figcaption{font-size:90%;color:#555}\n"
	      ".sw{display:inline-block;width:0.9em;height:0.9em;"
	      "margin:0 0.3em 0 0.8em;vertical-align:-0.1em}\n"
	      "</style>\n</head>\n<body>\n<h1>",
	      d->html);
	html_escaped(d, title);
	fputs("</h1>\n", d->html);
	note_err(d, d->md);
}

int doc_end(struct doc *d)
{
	fputs("</body>\n</html>\n", d->html);
	note_err(d, d->html);
	if (fflush(d->md) || fflush(d->html))
		d->err = d->err ? d->err : -errno;
	return d->err;
}

void doc_heading(struct doc *d, int level, const char *text)
{
	fprintf(d->md, "%.*s %s\n\n", level, "######", text);
	fprintf(d->html, "<h%d>", level);
	html_escaped(d, text);
	fprintf(d->html, "</h%d>\n", level);
}

void doc_para(struct doc *d, const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	s = vfmt(d, fmt, ap);
	va_end(ap);
	if (!s)
		return;
	fprintf(d->md, "%s\n\n", s);
	fputs("<p>", d->html);
	html_escaped(d, s);
	fputs("</p>\n", d->html);
	free(s);
}

void doc_list_item(struct doc *d, const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	s = vfmt(d, fmt, ap);
	va_end(ap);
	if (!s)
		return;
	if (!d->in_list)
		fputs("<ul>\n", d->html);
	d->in_list = true;
	fprintf(d->md, "- %s\n", s);
	fputs("<li>", d->html);
	html_escaped(d, s);
	fputs("</li>\n", d->html);
	free(s);
}

void doc_list_end(struct doc *d)
{
	if (d->in_list)
		fputs("</ul>\n", d->html);
	d->in_list = false;
	fputc('\n', d->md);
}

void doc_table(struct doc *d, unsigned int n, unsigned int left,
	       const char *const *head)
{
	d->cols = n;
	d->left = left;
	fputs("<table>\n<tr>", d->html);
	for (unsigned int i = 0; i < n; i++) {
		fputs("| ", d->md);
		md_cell(d, head[i]);
		fputc(' ', d->md);
		fputs("<th>", d->html);
		html_escaped(d, head[i]);
		fputs("</th>", d->html);
	}
	fputs("|\n", d->md);
	for (unsigned int i = 0; i < n; i++)
		fputs(i < left ? "|:---" : "|---:", d->md);
	fputs("|\n", d->md);
	fputs("</tr>\n", d->html);
}

void doc_row(struct doc *d, const char *const *cells)
{
	fputs("<tr>", d->html);
	for (unsigned int i = 0; i < d->cols; i++) {
		fputs("| ", d->md);
		md_cell(d, cells[i]);
		fputc(' ', d->md);
		fputs(i < d->left ? "<td class=\"l\">" : "<td>", d->html);
		html_escaped(d, cells[i]);
		fputs("</td>", d->html);
	}
	fputs("|\n", d->md);
	fputs("</tr>\n", d->html);
}

void doc_table_end(struct doc *d)
{
	fputc('\n', d->md);
	fputs("</table>\n", d->html);
	d->cols = 0;
}

static void base64(struct doc *d, const unsigned char *p, size_t n)
{
	static const char tab[] =
		"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

	for (size_t i = 0; i < n; i += 3) {
		uint32_t v = (uint32_t)p[i] << 16;
		char q[4];

		if (i + 1 < n)
			v |= (uint32_t)p[i + 1] << 8;
		if (i + 2 < n)
			v |= p[i + 2];
		q[0] = tab[v >> 18 & 63];
		q[1] = tab[v >> 12 & 63];
		q[2] = i + 1 < n ? tab[v >> 6 & 63] : '=';
		q[3] = i + 2 < n ? tab[v & 63] : '=';
		fwrite(q, 1, 4, d->html);
	}
}

void doc_figure(struct doc *d, const char *file, const char *caption)
{
	char path[4096];
	unsigned char *buf = NULL;
	size_t n = 0, cap = 0;
	FILE *f;

	fprintf(d->md, "![%s](%s)\n\n*%s*\n\n", caption, file, caption);
	snprintf(path, sizeof(path), "%s/%s", d->dir, file);
	f = fopen(path, "rb");
	if (!f) {
		d->err = d->err ? d->err : -errno;
		return;
	}
	for (;;) {
		if (n == cap) {
			unsigned char *nb =
				realloc(buf, cap = cap ? cap * 2 : 65536);

			if (!nb) {
				d->err = -ENOMEM;
				break;
			}
			buf = nb;
		}
		size_t k = fread(buf + n, 1, cap - n, f);

		if (!k)
			break;
		n += k;
	}
	if (ferror(f))
		d->err = d->err ? d->err : -EIO;
	fclose(f);
	fputs("<figure><img alt=\"", d->html);
	html_escaped(d, caption);
	fputs("\" src=\"data:image/png;base64,", d->html);
	base64(d, buf, n);
	fputs("\"><figcaption>", d->html);
	html_escaped(d, caption);
	fputs("</figcaption></figure>\n", d->html);
	free(buf);
}

void doc_swatches(struct doc *d, const char *lead, const char *const *names,
		  const char *const *colours, size_t n)
{
	fputs(lead, d->md);
	fputs("<p class=\"legend\">", d->html);
	html_escaped(d, lead);
	for (size_t i = 0; i < n; i++) {
		fprintf(d->md, "%s %s (%s)", i ? "," : "", names[i],
			colours[i]);
		fputs("<span class=\"sw\" style=\"background:", d->html);
		html_escaped(d, colours[i]);
		fputs("\"></span>", d->html);
		html_escaped(d, names[i]);
	}
	fputs("\n\n", d->md);
	fputs("</p>\n", d->html);
	note_err(d, d->md);
}
