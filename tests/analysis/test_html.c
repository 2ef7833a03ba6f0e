// SPDX-License-Identifier: GPL-2.0
/*
 * The HTML report in a real browser: a short run writes its report, and
 * headless Chromium (Debian's chromium) opens report.html inside a check
 * page that counts the report's images and the ones that failed to load.
 * Every figure must load, the page must log no console message, the
 * report must open on its finding and the forest plot (the first figure,
 * drawn at its full width) before the headline's table, with the design
 * colours' legend, and a full-page screenshot of the window's size is
 * kept beside the test (report-screenshot.png in the test's working
 * directory). Skipped (77) without /usr/bin/chromium.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "e2e.h"

#define CHROMIUM "/usr/bin/chromium"
/* The screenshot's window, which its PNG must measure. */
#define SHOT_W 1280
#define SHOT_H 8000

static char tmp[] = "/tmp/irqlab-html-XXXXXX";

static int fail(const char *what, const char *detail)
{
	fprintf(stderr, "FAIL: %s%s%s\n", what, detail ? ": " : "",
		detail ? detail : "");
	return 1;
}

/* chromium --headless with the flags this closed network needs. */
static int chromium(const char *extra1, const char *extra2, const char *url,
		    const char *name)
{
	char udd[600], so[600], se[600];
	char *argv[] = { CHROMIUM,
			 "--headless",
			 "--no-sandbox",
			 "--disable-gpu",
			 "--disable-quic",
			 "--no-first-run",
			 "--disable-background-networking",
			 "--disable-component-update",
			 "--disable-sync",
			 "--allow-file-access-from-files",
			 "--enable-logging=stderr",
			 "--v=0",
			 udd,
			 (char *)extra1,
			 (char *)extra2,
			 (char *)url,
			 NULL };

	snprintf(udd, sizeof(udd), "--user-data-dir=%s/profile-%s", tmp, name);
	snprintf(so, sizeof(so), "%s/%s.out", tmp, name);
	snprintf(se, sizeof(se), "%s/%s.err", tmp, name);
	return spawn_irqlab(argv, so, se, 0, NULL);
}

static unsigned int count(const char *s, const char *what)
{
	unsigned int n = 0;

	for (; (s = strstr(s, what)); s++)
		n++;
	return n;
}

/* A PNG's width and height from its IHDR chunk; 0 if it is none. */
static void png_size(const char *path, unsigned int *w, unsigned int *h)
{
	unsigned char b[24];
	FILE *f = fopen(path, "rb");

	*w = *h = 0;
	if (!f)
		return;
	if (fread(b, 1, sizeof(b), f) == sizeof(b) &&
	    !memcmp(b, "\x89PNG\r\n\x1a\n", 8) && !memcmp(b + 12, "IHDR", 4)) {
		*w = (unsigned int)b[16] << 24 | b[17] << 16 | b[18] << 8 |
		     b[19];
		*h = (unsigned int)b[20] << 24 | b[21] << 16 | b[22] << 8 |
		     b[23];
	}
	fclose(f);
}

/*
 * The report opens on its answer: the Finding section, its forest plot
 * the first figure, the legend of the design colours, then the headline.
 */
static int answer_first(const char *html)
{
	const char *finding = strstr(html, "<h2>Finding</h2>");
	const char *headline = strstr(html, "<h2>Headline");
	const char *img = strstr(html, "<img ");
	const char *legend = strstr(html, "<p class=\"legend\">");
	static const char forest[] = "<img alt=\"Each design's p50";

	if (!finding || !headline || finding > headline)
		return fail("report.html does not open on its finding", NULL);
	if (!img || img > headline || strncmp(img, forest, sizeof(forest) - 1))
		return fail("the forest plot is not the first figure", NULL);
	if (!legend || legend > headline ||
	    count(legend, "<span class=\"sw\" style=\"background:#") < 3)
		return fail("no legend of the design colours", NULL);
	return 0;
}

int main(int argc, char **argv)
{
	char cfg[600], run[600], so[600], se[600], path[700], url[800];
	char size[64];
	char *html, *dom, *log, *line;
	unsigned int imgs, shown = 0;
	struct stat st;
	FILE *f;

	if (argc < 2)
		return fail("usage", "test_html IRQLAB");
	if (access(CHROMIUM, X_OK)) {
		fprintf(stderr, "skipped: needs %s (Debian package chromium)\n",
			CHROMIUM);
		return 77;
	}
	if (!mkdtemp(tmp))
		return fail("mkdtemp", tmp);
	test_config(cfg, sizeof(cfg), tmp, "html",
		    "[run]\nduration_ms = 100\nblocks = 2\nrate = 5000\n"
		    "[scenario gic-level]\nchip = gic\ntrigger = level\n"
		    "designs = flow do_irq\n"
		    "[scenario gpio-edge]\nchip = gpio\ntrigger = edge\n"
		    "designs = flow do_irq edge-masking\n");
	TEST_PATHS(tmp, "run", run, so, se);
	{
		char *rargv[] = { argv[1], "run",     cfg, "-o",
				  run,	   "--quiet", NULL };

		if (spawn_irqlab(rargv, so, se, 0, NULL))
			return fail("irqlab run", slurp(se));
	}
	snprintf(path, sizeof(path), "%s/report.html", run);
	html = slurp(path);
	if (!html)
		return fail("no report.html", path);
	imgs = count(html, "<img ");
	/* the forest plot, 2 summary figures, 3 per scenario */
	if (imgs != 1 + 2 + 3 * 2)
		return fail("report.html does not have 9 figures", NULL);
	if (answer_first(html))
		return 1;
	free(html);

	/* The check page: the report in a frame, its images counted. */
	snprintf(path, sizeof(path), "%s/check.html", tmp);
	f = fopen(path, "w");
	if (!f)
		return fail("cannot write", path);
	fprintf(f,
		"<!DOCTYPE html><html><body><pre id=\"out\">PENDING</pre>\n"
		"<iframe id=\"f\" src=\"file://%s/report.html\" width=\"1280\" height=\"900\"></iframe>\n"
		"<script>\n"
		"document.getElementById('f').addEventListener('load', function () {\n"
		"  var im = this.contentDocument.images, bad = [];\n"
		"  for (var i = 0; i < im.length; i++)\n"
		"    if (!im[i].complete || im[i].naturalWidth === 0) bad.push(i);\n"
		"  document.getElementById('out').textContent =\n"
		"    'RESULT images=' + im.length + ' broken=' + bad.length +\n"
		"    ' forest=' + (im.length ? im[0].naturalWidth : 0) + ' END';\n"
		"});\n</script></body></html>\n",
		run);
	if (fclose(f))
		return fail("cannot write", path);
	snprintf(url, sizeof(url), "file://%s", path);
	if (chromium("--virtual-time-budget=10000", "--dump-dom", url, "check"))
		return fail("chromium --dump-dom failed", NULL);
	snprintf(path, sizeof(path), "%s/check.out", tmp);
	dom = slurp(path);
	snprintf(path, sizeof(path), "%s/check.err", tmp);
	log = slurp(path);
	if (!dom || !log)
		return fail("no chromium output", NULL);
	{
		char want[64];

		/* The forest plot loads at gnuplot's width (forest.gp). */
		snprintf(want, sizeof(want),
			 "RESULT images=%u broken=0 forest=1200 END", imgs);
		if (!strstr(dom, want))
			return fail("not every figure loaded", dom);
	}
	/* Any console message of the report (errors, warnings) fails. */
	for (line = strtok(log, "\n"); line; line = strtok(NULL, "\n"))
		if (strstr(line, ":CONSOLE") && strstr(line, "report.html"))
			return fail("console message", line);
	free(dom);
	free(log);

	/* A full-length screenshot, kept for a person to look at. */
	snprintf(url, sizeof(url), "file://%s/report.html", run);
	snprintf(path, sizeof(path), "--screenshot=%s/report-screenshot.png",
		 getcwd(cfg, sizeof(cfg)) ? cfg : ".");
	snprintf(size, sizeof(size), "--window-size=%d,%d", SHOT_W, SHOT_H);
	if (chromium(path, size, url, "shot"))
		return fail("chromium --screenshot failed", NULL);
	snprintf(path, sizeof(path), "%s/report-screenshot.png", cfg);
	if (stat(path, &st) || st.st_size < 10000)
		return fail("no screenshot", path);
	{
		unsigned int w, h;

		png_size(path, &w, &h);
		if (w != SHOT_W || h != SHOT_H) {
			snprintf(size, sizeof(size), "%ux%u, not %dx%d", w, h,
				 SHOT_W, SHOT_H);
			return fail("screenshot size", size);
		}
	}
	shown = imgs;
	printf("report.html: %u figures loaded, no console message; screenshot %s\n",
	       shown, path);
	snprintf(cfg, sizeof(cfg), "rm -rf %s", tmp);
	return system(cfg) ? 1 : 0;
}
