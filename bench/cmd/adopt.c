// SPDX-License-Identifier: GPL-2.0
/*
 * `irqlab adopt FOLDER`: a run folder written elsewhere (the one that
 * ./irqlab vm run's guest brings back) installed as a run folder here,
 * named, made as ".<name>.tmp", renamed into place and pointed at by
 * results/latest by the same code as irqlab run's own (runfolder.c), so
 * that the protocol is written once. FOLDER's files are copied, so it may
 * be on another file system, and it is left as it is. It must read as a
 * run folder (its summary.json, through analysis/formats/summary.c) and hold
 * regular files only; it is complete when its summary.json says so and it
 * has no INCOMPLETE.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "adopt.h"
#include "analysis/cli.h"
#include "analysis/summary.h"
#include "bench/bench.h"
#include "runfolder/runfolder.h"

static const char usage[] =
	"usage: irqlab adopt FOLDER [-o DIR] [--tag WORD]\n"
	"\n"
	"Install FOLDER, a run folder written elsewhere (./irqlab vm run brings\n"
	"one back from its guest), as a run folder here: its files are copied\n"
	"into .<name>.tmp beside the final name, which is renamed into place as\n"
	"irqlab run's own folders are, and results/latest points at it when it\n"
	"is complete and in the default place. FOLDER must hold a summary.json\n"
	"this irqlab reads, and files only; it is left as it is.\n"
	"\n"
	"  -o, --output DIR  the run folder (must not exist); default\n"
	"                    results/runs/<UTC time>-<host>[-WORD][-k]\n"
	"      --tag WORD    added to the default name (A-Z a-z 0-9 . -)\n"
	"\n"
	"Prints the run folder's path once it is in place. Exit status: 0\n"
	"adopted, 1 not adopted (one line says why; nothing is left behind) or\n"
	"in place but results/latest not moved, 2 bad command line.\n";

struct adopt {
	const char *from; /* FOLDER */
	const char *outdir; /* -o DIR, or NULL */
	const char *tag; /* --tag WORD, or NULL */
	char **names; /* FOLDER's files, INCOMPLETE left out */
	size_t nr;
	bool complete;
};

static void free_names(struct adopt *a)
{
	for (size_t i = 0; i < a->nr; i++)
		free(a->names[i]);
	free(a->names);
	a->names = NULL;
	a->nr = 0;
}

static int add_name(struct adopt *a, const char *name)
{
	char **n = realloc(a->names, (a->nr + 1) * sizeof(*n));

	if (!n)
		return -ENOMEM;
	a->names = n;
	a->names[a->nr] = strdup(name);
	return a->names[a->nr++] ? 0 : -ENOMEM;
}

/*
 * FOLDER's files into @a->names, and whether it is complete. INCOMPLETE
 * is not copied: bench_folder_commit() makes it again.
 */
static int list_files(struct adopt *a, char *err, size_t errlen)
{
	int fd = open(a->from, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	bool incomplete = false;
	struct dirent *e;
	struct stat st;
	DIR *d;
	int ret = 0;

	d = fd < 0 ? NULL : fdopendir(fd);
	if (!d) {
		ret = -errno;
		snprintf(err, errlen, "%s: %s", a->from, strerror(errno));
		if (fd >= 0)
			close(fd);
		return ret;
	}
	while (!ret && (e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		if (fstatat(fd, e->d_name, &st, AT_SYMLINK_NOFOLLOW) ||
		    !S_ISREG(st.st_mode)) {
			snprintf(
				err, errlen,
				"%s/%s: not a regular file; a run folder to adopt holds files only",
				a->from, e->d_name);
			ret = -EINVAL;
		} else if (!strcmp(e->d_name, "INCOMPLETE")) {
			incomplete = true;
		} else {
			ret = add_name(a, e->d_name);
		}
	}
	closedir(d);
	a->complete = a->complete && !incomplete;
	if (ret == -ENOMEM)
		snprintf(err, errlen, "%s: out of memory", a->from);
	return ret;
}

/* Copy FOLDER/@name into the folder being made. */
static int copy_file(const struct adopt *a, const struct bench_folder *f,
		     const char *name, char *err, size_t errlen)
{
	char src[PATH_MAX], where[PATH_MAX + NAME_MAX + 2];
	const char *step;
	int in, ret;

	snprintf(src, sizeof(src), "%s/%s", a->from, name);
	bench_folder_path(f, where, sizeof(where));
	in = open(src, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	if (in < 0) {
		ret = -errno;
		snprintf(err, errlen, "%s: %s", src, strerror(errno));
		return ret;
	}
	ret = bench_folder_copy(f, in, name, &step);
	close(in);
	if (ret)
		snprintf(err, errlen, "%s/%s: cannot %s: %s", where, name, step,
			 strerror(-ret));
	return ret;
}

/* Make the folder, copy FOLDER's files, and move it into place. */
static int adopt(struct adopt *a, char *final, size_t finallen, char *err,
		 size_t errlen)
{
	struct bench_folder f;
	struct timespec now;
	int ret;

	clock_gettime(CLOCK_REALTIME, &now);
	ret = bench_folder_make(&f, a->outdir, IRQLAB_RESULTS_DIR, a->tag, &now,
				err, errlen);
	if (ret)
		return ret;
	for (size_t i = 0; !ret && i < a->nr; i++)
		ret = copy_file(a, &f, a->names[i], err, errlen);
	if (!ret)
		ret = bench_folder_commit(&f, a->complete, final, finallen, err,
					  errlen);
	/* A copy that did not go through: FOLDER still has it all. */
	if (ret && f.dirfd >= 0) {
		final[0] = '\0';
		bench_folder_discard(&f, (const char *const *)a->names, a->nr);
	}
	return ret;
}

static bool good_tag(const char *t)
{
	if (!*t || strlen(t) > 64 || *t == '.')
		return false;
	return strspn(t, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
			 "0123456789.-") == strlen(t);
}

/* The options into @a: -1 to go on, else the exit status. */
static int parse_options(struct adopt *a, int argc, char **argv)
{
	static const struct option opts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "tag", required_argument, NULL, 't' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	opterr = 0;
	while ((c = getopt_long(argc, argv, ":o:h", opts, NULL)) != -1) {
		switch (c) {
		case 'o':
			a->outdir = optarg;
			break;
		case 't':
			if (!good_tag(optarg)) {
				fprintf(stderr,
					"irqlab adopt: --tag %s: not a word of A-Z a-z 0-9 . - (at most 64, no leading dot)\n",
					optarg);
				return BENCH_EXIT_USAGE;
			}
			a->tag = optarg;
			break;
		case 'h':
			fputs(usage, stdout);
			return BENCH_EXIT_OK;
		default:
			cli_bad_option("adopt", c, argv);
			return BENCH_EXIT_USAGE;
		}
	}
	if (argc - optind != 1) {
		fprintf(stderr, "irqlab adopt: %s; see irqlab adopt --help\n",
			argc == optind ? "no FOLDER" : "one FOLDER only");
		return BENCH_EXIT_USAGE;
	}
	a->from = argv[optind];
	return -1;
}

/**
 * bench_adopt_main - irqlab adopt FOLDER [-o DIR] [--tag WORD]
 * @argc: the arguments from "adopt" on
 * @argv: them
 *
 * Return: the exit status (usage).
 */
int bench_adopt_main(int argc, char **argv)
{
	struct adopt a = { 0 };
	char err[PATH_MAX + 512], final[PATH_MAX + NAME_MAX + 2] = "";
	struct run r;
	int ret = parse_options(&a, argc, argv);

	if (ret >= 0)
		return ret;
	ret = summary_load(a.from, &r, err, sizeof(err));
	a.complete = r.complete;
	run_free(&r);
	if (!ret)
		ret = list_files(&a, err, sizeof(err));
	if (!ret)
		ret = adopt(&a, final, sizeof(final), err, sizeof(err));
	free_names(&a);
	if (*final)
		printf("%s\n", final);
	if (ret) {
		fprintf(stderr, "irqlab adopt: %s\n", err);
		return BENCH_EXIT_FAIL;
	}
	return BENCH_EXIT_OK;
}
