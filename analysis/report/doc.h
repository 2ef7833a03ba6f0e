/* SPDX-License-Identifier: GPL-2.0 */
/*
 * One document, two renderings: every call writes the same content to a
 * Markdown file and to a self-contained HTML file (figures embedded as
 * data: URIs), so report.md and report.html cannot drift apart.
 */
#ifndef ANALYSIS_DOC_H
#define ANALYSIS_DOC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

struct doc {
	FILE *md, *html;
	const char *dir; /* figures are read from here to be embedded */
	int err; /* the first write error (-errno), sticky */
	unsigned int cols, left; /* of the table being written */
	bool in_list; /* an HTML <ul> is open */
};

/* Starts both files with @title. */
void doc_begin(struct doc *d, const char *title);
/* Ends both; returns d->err. */
int doc_end(struct doc *d);

void doc_heading(struct doc *d, int level, const char *text);
/* A paragraph of plain text (escaped as each format needs). */
void doc_para(struct doc *d, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void doc_list_item(struct doc *d, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void doc_list_end(struct doc *d);

/*
 * A table: a header row of @n cells, rows of @n cells, then the end. The
 * first @left columns are text, aligned left; the others numbers.
 */
void doc_table(struct doc *d, unsigned int n, unsigned int left,
	       const char *const *head);
void doc_row(struct doc *d, const char *const *cells);
void doc_table_end(struct doc *d);

/*
 * A figure: @file (a PNG, relative to d->dir) is linked from Markdown and
 * embedded in HTML, with @caption under it.
 */
void doc_figure(struct doc *d, const char *file, const char *caption);

/*
 * A legend of colours: @lead, then each of the @n @names with its colour
 * ("#rrggbb"): a swatch in HTML, the colour's code in Markdown.
 */
void doc_swatches(struct doc *d, const char *lead, const char *const *names,
		  const char *const *colours, size_t n);

#endif /* ANALYSIS_DOC_H */
