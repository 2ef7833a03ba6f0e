// SPDX-License-Identifier: GPL-2.0
/*
 * The HTML report in a real browser: a short run writes its report, and
 * headless Chromium (Debian's chromium) opens report.html inside a check
 * page that counts the report's images and the ones that failed to load.
 * Every figure must load, the page must log no console message, and a
 * full-page screenshot is kept beside the test (report-screenshot.png in
 * the test's working directory). Skipped (77) without /usr/bin/chromium.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "../bench/spawn.h"

#define CHROMIUM "/usr/bin/chromium"

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

int main(int argc, char **argv)
{
	char cfg[600], run[600], so[600], se[600], path[700], url[800];
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
	free(html);
	/* 2 summary figures, 3 per scenario */
	if (imgs != 2 + 3 * 2)
		return fail("report.html does not have 8 figures", NULL);

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
		"    'RESULT images=' + im.length + ' broken=' + bad.length + ' END';\n"
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

		snprintf(want, sizeof(want), "RESULT images=%u broken=0 END",
			 imgs);
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
	if (chromium(path, "--window-size=1280,8000", url, "shot"))
		return fail("chromium --screenshot failed", NULL);
	snprintf(path, sizeof(path), "%s/report-screenshot.png", cfg);
	if (stat(path, &st) || st.st_size < 10000)
		return fail("no screenshot", path);
	shown = imgs;
	printf("report.html: %u figures loaded, no console message; screenshot %s\n",
	       shown, path);
	snprintf(cfg, sizeof(cfg), "rm -rf %s", tmp);
	return system(cfg) ? 1 : 0;
}
