// SPDX-License-Identifier: GPL-2.0
/*
 * The replay driver: a fuzz target's LLVMFuzzerTestOneInput() run once on
 * each file named, and on each file below each folder named, in sorted
 * order, without libFuzzer. ctest runs it on every committed corpus file
 * and regression input (tests/fuzz/<target>/), in every build, so a crash
 * that was fixed stays fixed under gcc, ASan/UBSan and TSan alike.
 *
 * A file whose name ends in ".unfixed" is a crash kept for a bug not yet
 * fixed (docs/fuzz.md): it is listed as skipped, not run. Exit status: 0
 * when every input ran, 1 when none was found or one could not be read;
 * a crash ends the process where it happens.
 */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "fuzz.h"

#define REPLAY_MAX (16u << 20) /* larger than any corpus file */

static unsigned int ran, skipped;

static bool ends_with(const char *s, const char *tail)
{
	size_t n = strlen(s), m = strlen(tail);

	return n >= m && !strcmp(s + n - m, tail);
}

static int replay_file(const char *path)
{
	unsigned char *buf;
	size_t n;
	FILE *f;

	if (ends_with(path, ".unfixed")) {
		fprintf(stderr, "replay: %s: skipped (an open bug)\n", path);
		skipped++;
		return 0;
	}
	f = fopen(path, "rb");
	if (!f) {
		fprintf(stderr, "replay: %s: %s\n", path, strerror(errno));
		return -1;
	}
	buf = malloc(REPLAY_MAX);
	if (!buf) {
		fclose(f);
		return -1;
	}
	n = fread(buf, 1, REPLAY_MAX, f);
	if (ferror(f) || !feof(f)) {
		fprintf(stderr, "replay: %s: cannot read it whole\n", path);
		fclose(f);
		free(buf);
		return -1;
	}
	fclose(f);
	fprintf(stderr, "replay: %s (%zu bytes)\n", path, n);
	LLVMFuzzerTestOneInput(buf, n);
	free(buf);
	ran++;
	return 0;
}

static int replay(const char *path)
{
	struct dirent **ents;
	struct stat sb;
	int n, ret = 0;

	if (stat(path, &sb)) {
		fprintf(stderr, "replay: %s: %s\n", path, strerror(errno));
		return -1;
	}
	if (!S_ISDIR(sb.st_mode))
		return replay_file(path);
	n = scandir(path, &ents, NULL, alphasort);
	if (n < 0) {
		fprintf(stderr, "replay: %s: %s\n", path, strerror(errno));
		return -1;
	}
	for (int i = 0; i < n; i++) {
		char sub[PATH_MAX];

		if (ents[i]->d_name[0] != '.' &&
		    (size_t)snprintf(sub, sizeof(sub), "%s/%s", path,
				     ents[i]->d_name) < sizeof(sub) &&
		    replay(sub))
			ret = -1;
		free(ents[i]);
	}
	free(ents);
	return ret;
}

int main(int argc, char **argv)
{
	int ret = 0;

	for (int i = 1; i < argc; i++)
		if (replay(argv[i]))
			ret = 1;
	fprintf(stderr, "replay: %u inputs ran, %u skipped\n", ran, skipped);
	if (!ran) {
		fprintf(stderr, "replay: no input found\n");
		return 1;
	}
	return ret;
}
