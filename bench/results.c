// SPDX-License-Identifier: GPL-2.0
/*
 * The run folder (docs/results.md): made as ".<name>.tmp" beside its final
 * name, filled with config.ini, environment.json, topology.* and
 * samples.bin when the run opens, finished with summary.json (and
 * INCOMPLETE for a run that did not finish) and renamed into place when it
 * closes; results/latest then points at a complete run in the default
 * location. Nothing is written through a symbolic link: directories the
 * tool creates, the folder's parent and the folder itself are opened with
 * O_NOFOLLOW, files are created with O_EXCL | O_NOFOLLOW. Existing
 * directories above the parent (the results root and what leads to it,
 * what leads to the -o parent) are the user's layout and may be links.
 * The parent must not be writable by every user unless it is ours or
 * sticky (check_parent()).
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>
#include <jansson.h>
#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif
#include "bench.h"
#include "results.h"

#ifdef __clang__
#define COMPILER __VERSION__ /* "Clang 14.0.6 ..." */
#else
#define COMPILER "gcc " __VERSION__
#endif

#define SAMPLES_BUF (1u << 20) /* 32768 records between writes */
#define NAME_TRIES 1000 /* -2 ... -1000 after the first name */

struct run_entry {
	struct bench_result r;
	struct bench_placement pl;
	bool has_pl;
};

struct bench_run {
	int rootfd; /* results root (default location), else -1 */
	int parentfd; /* the directory the folder is made in */
	int dirfd; /* the folder, while it is ".<name>.tmp" */
	int samplesfd;
	bool default_location;
	char root[PATH_MAX]; /* as given, for messages */
	char parent[PATH_MAX];
	char name[NAME_MAX + 1];
	char tmp[NAME_MAX + 1];

	unsigned char *buf; /* samples.bin, not yet written */
	size_t used;
	int samples_err; /* the first write error, sticky */

	uint64_t t0_ns; /* CLOCK_MONOTONIC at open */
	char started[32]; /* UTC, ISO 8601 */
	char host[HOST_NAME_MAX + 1];

	struct run_entry *res;
	size_t nr, cap;

	struct bench_break brk; /* copied; brk.hit: a "break" object */
	bool traced; /* summary.json gets a "trace" object */
	unsigned long long discarded;
	char trace_mode[16];
	char trace_path[PATH_MAX];
	double event_ns;
	unsigned int snapshots;
	json_t *dispatch; /* trace.dispatch_ns, or NULL */
	json_t *perf; /* "bench" (irqlab bench), or NULL */
};

/* Which existing components of a walked path may be symbolic links. */
enum follow {
	FOLLOW_NONE,
	FOLLOW_ABOVE, /* all but the last */
	FOLLOW_ALL,
};

__attribute__((format(printf, 4, 5))) static int
fail(char *err, size_t errlen, int ret, const char *fmt, ...)
{
	va_list ap;

	if (err && errlen) {
		va_start(ap, fmt);
		vsnprintf(err, errlen, fmt, ap);
		va_end(ap);
	}
	return ret;
}

static int neg_errno(void)
{
	return errno ? -errno : -EIO;
}

static void close_fd(int *fd)
{
	if (*fd >= 0)
		close(*fd);
	*fd = -1;
}

static void append(char *buf, size_t size, size_t *len, const char *s)
{
	int n = snprintf(buf + *len, size - *len, "%s", s);

	*len = n < 0 || (size_t)n >= size - *len ? size - 1 : *len + (size_t)n;
}

/*
 * Open directory @path (relative to @at unless absolute), creating every
 * missing component. A component that is a symbolic link is refused
 * unless it already existed and @follow allows it there.
 */
static int open_dirs(int at, const char *path, enum follow follow, int *out,
		     char *err, size_t errlen)
{
	char buf[PATH_MAX], shown[PATH_MAX], *comp[PATH_MAX / 2], *save;
	size_t nr = 0, shown_len = 0;
	bool created = false;
	int cur, fd, ret;

	if (snprintf(buf, sizeof(buf), "%s", path) >= (int)sizeof(buf))
		return fail(err, errlen, -ENAMETOOLONG, "%s: path too long",
			    path);
	shown[0] = '\0';
	if (*buf == '/') {
		append(shown, sizeof(shown), &shown_len, "/");
		cur = open("/", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	} else {
		cur = openat(at, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	}
	if (cur < 0)
		return fail(err, errlen, neg_errno(), "%s: %s", path,
			    strerror(errno));
	for (char *c = strtok_r(buf, "/", &save); c;
	     c = strtok_r(NULL, "/", &save))
		if (strcmp(c, "."))
			comp[nr++] = c;

	for (size_t i = 0; i < nr; i++) {
		bool last = i == nr - 1;
		struct stat st;

		if (shown_len && shown[shown_len - 1] != '/')
			append(shown, sizeof(shown), &shown_len, "/");
		append(shown, sizeof(shown), &shown_len, comp[i]);

		fd = openat(cur, comp[i],
			    O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		if (fd < 0 && errno == ENOENT) {
			if (mkdirat(cur, comp[i], 0755) && errno != EEXIST) {
				ret = fail(err, errlen, neg_errno(),
					   "%s: cannot create: %s", shown,
					   strerror(errno));
				goto error;
			}
			created = true;
			fd = openat(cur, comp[i],
				    O_RDONLY | O_DIRECTORY | O_NOFOLLOW |
					    O_CLOEXEC);
		}
		if (fd < 0 && (errno == ELOOP || errno == ENOTDIR)) {
			bool may = !created &&
				   (follow == FOLLOW_ALL ||
				    (follow == FOLLOW_ABOVE && !last));

			if (fstatat(cur, comp[i], &st, AT_SYMLINK_NOFOLLOW) ||
			    !S_ISLNK(st.st_mode)) {
				ret = fail(err, errlen, -ENOTDIR,
					   "%s: not a directory", shown);
				goto error;
			}
			if (!may) {
				ret = fail(
					err, errlen, -ELOOP,
					"%s: is a symbolic link, refusing to write through it",
					shown);
				goto error;
			}
			fd = openat(cur, comp[i],
				    O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		}
		if (fd < 0) {
			ret = fail(err, errlen, neg_errno(), "%s: %s", shown,
				   strerror(errno));
			goto error;
		}
		close(cur);
		cur = fd;
	}
	*out = cur;
	return 0;
error:
	close(cur);
	return ret;
}

/*
 * Refuse to make the run folder in a directory that others may write and
 * that is not ours, unless it is sticky (as /tmp is: there nobody else
 * can rename or remove what we made). irqlab often runs as root; such a
 * directory would let another user swap in what we then write into.
 */
static int check_parent(int fd, const char *shown, char *err, size_t errlen)
{
	struct stat st;

	if (fstat(fd, &st))
		return fail(err, errlen, neg_errno(), "%s: %s", shown,
			    strerror(errno));
	if ((st.st_mode & S_IWOTH) && !(st.st_mode & S_ISVTX) &&
	    st.st_uid != geteuid())
		return fail(
			err, errlen, -EPERM,
			"%s: writable by every user and not owned by this one, refusing to write into it",
			shown);
	return 0;
}

static int create_file(int dirfd, const char *name)
{
	int fd = openat(dirfd, name,
			O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
			0644);

	return fd < 0 ? neg_errno() : fd;
}

static int write_all(int fd, const void *p, size_t n)
{
	const unsigned char *c = p;

	while (n) {
		ssize_t w = write(fd, c, n);

		if (w < 0) {
			if (errno == EINTR)
				continue;
			return neg_errno();
		}
		c += w;
		n -= (size_t)w;
	}
	return 0;
}

/* fsync and close @fd; 0 or the first -errno. */
static int finish_fd(int fd)
{
	int ret = 0;

	if (fsync(fd))
		ret = neg_errno();
	if (close(fd) && !ret)
		ret = neg_errno();
	return ret;
}

/*
 * Write @j to @name, or nothing: a file that could not be written in full
 * (a full disk) is removed. The text is made first, so that the write's
 * own errno is the one reported (json_dumpfd() does not keep it).
 */
static int write_json(int dirfd, const char *name, const json_t *j)
{
	char *text = json_dumps(j, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
	int fd, ret;

	if (!text)
		return -ENOMEM;
	fd = create_file(dirfd, name);
	if (fd < 0) {
		free(text);
		return fd;
	}
	ret = write_all(fd, text, strlen(text));
	free(text);
	if (!ret)
		ret = write_all(fd, "\n", 1);
	if (ret)
		close(fd);
	else
		ret = finish_fd(fd);
	if (ret)
		unlinkat(dirfd, name, 0);
	return ret;
}

static int write_config(int dirfd, const struct bench_config *cfg)
{
	int fd = create_file(dirfd, "config.ini"), ret;
	FILE *f;

	if (fd < 0)
		return fd;
	f = fdopen(fd, "w");
	if (!f) {
		ret = neg_errno();
		close(fd);
		return ret;
	}
	ret = bench_config_write(cfg, f);
	if (fflush(f) && !ret)
		ret = neg_errno();
	if (ferror(f) && !ret)
		ret = -EIO;
	if (fsync(fd) && !ret)
		ret = neg_errno();
	if (fclose(f) && !ret)
		ret = neg_errno();
	return ret;
}

/* One line of a small system file, newline stripped; "" if unreadable. */
static void read_line(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "re");

	buf[0] = '\0';
	if (!f)
		return;
	if (!fgets(buf, (int)len, f))
		buf[0] = '\0';
	buf[strcspn(buf, "\n")] = '\0';
	fclose(f);
}

/*
 * The first "model name" of /proc/cpuinfo, and whether its flags name a
 * hypervisor (x86's CPUID bit, set in every guest).
 */
static void cpu_model(char *buf, size_t len, bool *guest)
{
	FILE *f = fopen("/proc/cpuinfo", "re");
	char line[4096];

	buf[0] = '\0';
	*guest = false;
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		char *v = strchr(line, ':');

		if (!v)
			continue;
		if (!strncmp(line, "flags", 5)) {
			*guest = strstr(v, " hypervisor") != NULL;
			if (buf[0])
				break;
		}
		if (strncmp(line, "model name", 10) || buf[0])
			continue;
		v += strspn(v + 1, " \t") + 1;
		v[strcspn(v, "\n")] = '\0';
		snprintf(buf, len, "%s", v);
	}
	fclose(f);
}

/*
 * What kind of virtual machine this is, from the hypervisor's CPUID
 * signature (leaf 0x40000000), "" on bare metal or where it cannot tell.
 * QEMU's TCG says "TCGTCGTCGTCG": its figures are an emulator's.
 */
static void guest_kind(char *buf, size_t len)
{
	static const struct {
		const char *sig, *kind;
	} kinds[] = {
		{ "TCGTCGTCGTCG", "QEMU TCG guest" },
		{ "KVMKVMKVM", "KVM guest" },
		{ "Microsoft Hv", "Hyper-V guest" },
		{ "VMwareVMware", "VMware guest" },
		{ "XenVMMXenVMM", "Xen guest" },
		{ "bhyve bhyve ", "bhyve guest" },
	};
	char sig[13] = "";

	buf[0] = '\0';
#if defined(__x86_64__) || defined(__i386__)
	unsigned int a, b, c, d;

	__cpuid(1, a, b, c, d);
	if (!(c & (1u << 31)))
		return; /* no hypervisor */
	__cpuid(0x40000000, a, b, c, d);
	memcpy(sig, &b, 4);
	memcpy(sig + 4, &c, 4);
	memcpy(sig + 8, &d, 4);
	for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
		if (!strcmp(sig, kinds[i].sig)) {
			snprintf(buf, len, "%s", kinds[i].kind);
			return;
		}
	for (char *p = sig; *p; p++)
		if (!isprint((unsigned char)*p))
			*p = '?';
	snprintf(buf, len, "a guest of hypervisor \"%s\"", sig);
#else
	(void)len;
	(void)sig;
#endif
}

/* UTC: ISO 8601, or @compact for a folder name (yyyymmddThhmmssZ). */
static void utc(const struct timespec *ts, bool compact, char *buf, size_t len)
{
	struct tm tm;

	gmtime_r(&ts->tv_sec, &tm);
	if (!strftime(buf, len,
		      compact ? "%Y%m%dT%H%M%SZ" : "%Y-%m-%dT%H:%M:%SZ", &tm))
		buf[0] = '\0';
}

static void now_iso(char *buf, size_t len)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	utc(&ts, false, buf, len);
}

/* A string as JSON (UTF-8; other bytes become '?'); NULL is null. */
static json_t *jstr(const char *s)
{
	json_t *j;
	char *copy;

	if (!s)
		return json_null();
	j = json_string(s);
	if (j)
		return j;
	copy = strdup(s);
	if (!copy)
		return NULL;
	for (char *c = copy; *c; c++)
		if ((unsigned char)*c >= 0x80)
			*c = '?';
	j = json_string(copy);
	free(copy);
	return j;
}

/* What the system could not tell ("") is null. */
static json_t *jsys(const char *s)
{
	return jstr(*s ? s : NULL);
}

/* JSON has no NaN or infinity: a ratio over nothing is null. */
static json_t *jreal(double d)
{
	return isfinite(d) ? json_real(d) : json_null();
}

/* JSON integers are signed 64-bit; counts never come near the limit. */
static json_t *ju64(uint64_t v)
{
	return json_integer(v > INT64_MAX ? INT64_MAX : (json_int_t)v);
}

/* What the samples' stamps were taken with (genirq/clock.h). */
static json_t *stamp_clock(void)
{
	const struct irq_clock_info *c = irq_clock_info();

	return json_pack("{s:o, s:o, s:o, s:o, s:o}", "source", jstr(c->source),
			 "why_not_tsc", jstr(c->why), "ticks_per_ns",
			 jreal(c->ticks_per_ns), "rate_error_ppm",
			 jreal(c->error_ppm), "read_ns", jreal(c->read_ns));
}

static json_t *environment(const struct bench_run *run,
			   const struct bench_params *p,
			   const struct chip_delay_calibration *cal)
{
	char model[256], clocksource[64], kind[64];
	json_t *j, *argv, *host, *build, *c;
	bool guest;
	struct utsname u;
	int bad = 0;

	if (uname(&u))
		memset(&u, 0, sizeof(u));
	cpu_model(model, sizeof(model), &guest);
	guest_kind(kind, sizeof(kind));
	read_line(
		"/sys/devices/system/clocksource/clocksource0/current_clocksource",
		clocksource, sizeof(clocksource));

	argv = json_array();
	for (int i = 0; argv && p && p->argv && i < p->argc; i++)
		bad |= json_array_append_new(argv, jstr(p->argv[i]));
	build = json_pack("{s:s, s:s, s:s, s:s, s:s, s:s}", "version",
			  IRQLAB_VERSION, "git_revision", IRQLAB_GIT_REV,
			  "build_type", IRQLAB_BUILD_TYPE, "compiler", COMPILER,
			  "cflags", IRQLAB_CFLAGS, "sanitizer",
			  IRQLAB_SANITIZER);
	host = json_pack("{s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:I, s:b, s:o}",
			 "name", jsys(run->host), "sysname", jsys(u.sysname),
			 "release", jsys(u.release), "version", jsys(u.version),
			 "machine", jsys(u.machine), "cpu_model", jsys(model),
			 "clocksource", jsys(clocksource), "online_cpus",
			 (json_int_t)sysconf(_SC_NPROCESSORS_ONLN),
			 "hypervisor", guest, "guest", jsys(kind));
	c = cal ? json_pack("{s:o, s:o, s:o, s:o}", "ticks_per_us",
			    jreal(cal->ticks_per_us), "overhead_ns",
			    jreal(cal->overhead_ns), "err_ns_mean",
			    jreal(cal->err_ns_mean), "err_ns_max",
			    jreal(cal->err_ns_max)) :
		  json_null();
	if (bad || !argv || !build || !host || !c) {
		json_decref(argv);
		json_decref(build);
		json_decref(host);
		json_decref(c);
		return NULL;
	}
	j = json_pack("{s:i, s:o, s:o, s:o, s:s, s:I, s:o, s:o}", "format",
		      BENCH_ENVIRONMENT_FORMAT, "irqlab", build, "command_line",
		      argv, "host", host, "started", run->started,
		      "started_monotonic_ns", (json_int_t)run->t0_ns,
		      "calibration", c, "clock", stamp_clock());
	return j;
}

/* Keep only what is safe in a file name: [A-Za-z0-9.-], the rest '-'. */
static void host_name(char *buf, size_t len)
{
	if (gethostname(buf, len) || !*buf)
		snprintf(buf, len, "unknown");
	buf[len - 1] = '\0';
	for (char *s = buf; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
		      (*s >= '0' && *s <= '9') || *s == '.' || *s == '-'))
			*s = '-';
	if (*buf == '.')
		*buf = '-';
}

static int set_name(struct bench_run *run, const char *name)
{
	if (snprintf(run->name, sizeof(run->name), "%s", name) >=
		    (int)sizeof(run->name) ||
	    snprintf(run->tmp, sizeof(run->tmp), ".%s.tmp", name) >=
		    (int)sizeof(run->tmp))
		return -ENAMETOOLONG;
	return 0;
}

/* Make ".<name>.tmp" for -o DIR: DIR must not exist yet. */
static int make_outdir(struct bench_run *run, const char *outdir, char *err,
		       size_t errlen)
{
	char path[PATH_MAX], *slash, *base;
	size_t n;
	struct stat st;
	int ret;

	n = (size_t)snprintf(path, sizeof(path), "%s", outdir);
	if (!n || n >= sizeof(path))
		return fail(err, errlen, -EINVAL,
			    "%s: not a usable folder name", outdir);
	while (n > 1 && path[n - 1] == '/')
		path[--n] = '\0';
	slash = strrchr(path, '/');
	base = slash ? slash + 1 : path;
	if (!*base || !strcmp(base, ".") || !strcmp(base, ".."))
		return fail(err, errlen, -EINVAL,
			    "%s: not a usable folder name", outdir);
	if (!slash)
		snprintf(run->parent, sizeof(run->parent), ".");
	else if (slash == path)
		snprintf(run->parent, sizeof(run->parent), "/");
	else
		snprintf(run->parent, sizeof(run->parent), "%.*s",
			 (int)(slash - path), path);
	if (set_name(run, base))
		return fail(err, errlen, -ENAMETOOLONG, "%s: name too long",
			    outdir);

	ret = open_dirs(AT_FDCWD, run->parent, FOLLOW_ABOVE, &run->parentfd,
			err, errlen);
	if (!ret)
		ret = check_parent(run->parentfd, run->parent, err, errlen);
	if (ret)
		return ret;
	if (!fstatat(run->parentfd, run->name, &st, AT_SYMLINK_NOFOLLOW))
		return fail(err, errlen, -EEXIST, "%s: already exists", outdir);
	if (errno != ENOENT)
		return fail(err, errlen, neg_errno(), "%s: %s", outdir,
			    strerror(errno));
	if (mkdirat(run->parentfd, run->tmp, 0755)) {
		ret = neg_errno();
		if (ret == -EEXIST)
			return fail(
				err, errlen, ret,
				"%s/%s: already exists (left by a failed run?); remove it",
				run->parent, run->tmp);
		return fail(err, errlen, ret, "%s/%s: cannot create: %s",
			    run->parent, run->tmp, strerror(-ret));
	}
	return 0;
}

/* Make "<root>/runs/.<UTC>-<host>[-k].tmp", the first name not taken. */
static int make_default(struct bench_run *run, const char *root,
			const struct timespec *now, char *err, size_t errlen)
{
	char stamp[32], base[NAME_MAX + 1], name[NAME_MAX + 1];
	struct stat st;
	int ret;

	snprintf(run->root, sizeof(run->root), "%s", root);
	snprintf(run->parent, sizeof(run->parent), "%s/runs", root);
	ret = open_dirs(AT_FDCWD, root, FOLLOW_ALL, &run->rootfd, err, errlen);
	if (ret)
		return ret;
	ret = open_dirs(run->rootfd, "runs", FOLLOW_NONE, &run->parentfd, err,
			errlen);
	if (ret) {
		/* open_dirs() named "runs" alone: say where it is. */
		char inner[512];

		snprintf(inner, sizeof(inner), "%s", err);
		return fail(err, errlen, ret, "%s/%s", root, inner);
	}
	ret = check_parent(run->parentfd, run->parent, err, errlen);
	if (ret)
		return ret;

	utc(now, true, stamp, sizeof(stamp));
	snprintf(base, sizeof(base), "%s-%s", stamp, run->host);
	for (unsigned int k = 1; k <= NAME_TRIES; k++) {
		if (k == 1)
			snprintf(name, sizeof(name), "%s", base);
		else
			snprintf(name, sizeof(name), "%.240s-%u", base, k);
		if (set_name(run, name))
			return fail(err, errlen, -ENAMETOOLONG,
				    "%s/%s: name too long", run->parent, name);
		if (!fstatat(run->parentfd, run->name, &st,
			     AT_SYMLINK_NOFOLLOW))
			continue;
		if (errno != ENOENT)
			return fail(err, errlen, neg_errno(), "%s/%s: %s",
				    run->parent, run->name, strerror(errno));
		if (!mkdirat(run->parentfd, run->tmp, 0755))
			return 0;
		if (errno != EEXIST)
			return fail(err, errlen, neg_errno(),
				    "%s/%s: cannot create: %s", run->parent,
				    run->tmp, strerror(errno));
	}
	return fail(err, errlen, -EEXIST, "%s/%s: %u names taken", run->parent,
		    base, NAME_TRIES);
}

static void put_le16(unsigned char *p, uint16_t v)
{
	p[0] = (unsigned char)v;
	p[1] = (unsigned char)(v >> 8);
}

static void put_le32(unsigned char *p, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		p[i] = (unsigned char)(v >> (8 * i));
}

static void put_le64(unsigned char *p, uint64_t v)
{
	for (int i = 0; i < 8; i++)
		p[i] = (unsigned char)(v >> (8 * i));
}

static int samples_flush(struct bench_run *run)
{
	int ret;

	if (run->samples_err || !run->used)
		return run->samples_err;
	ret = write_all(run->samplesfd, run->buf, run->used);
	if (ret)
		run->samples_err = ret;
	run->used = 0;
	return ret;
}

static void run_free(struct bench_run *run)
{
	close_fd(&run->samplesfd);
	close_fd(&run->dirfd);
	close_fd(&run->parentfd);
	close_fd(&run->rootfd);
	free(run->buf);
	free(run->res);
	json_decref(run->dispatch);
	json_decref(run->perf);
	free(run);
}

/* A failed open leaves nothing: what it made held no measurement. */
static void run_discard(struct bench_run *run)
{
	static const char *const files[] = {
		"config.ini",	"environment.json", "topology.xml",
		"topology.txt", "samples.bin",
	};

	if (run->dirfd >= 0) {
		for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++)
			unlinkat(run->dirfd, files[i], 0);
		unlinkat(run->parentfd, run->tmp, AT_REMOVEDIR);
	}
	run_free(run);
}

/**
 * bench_run_open - create the run's temporary folder and record the run
 * @runp: the new run, on success
 * @p: the command line (outdir, results root, argv)
 * @cfg: written as config.ini
 * @t: written as topology.xml / topology.txt; NULL: no topology files
 * @cal: the busy-wait calibration, into environment.json (may be NULL)
 * @err: one sentence naming the path at fault, on failure
 * @errlen: its size
 *
 * The folder is @p->outdir, which must not exist, or
 * <results root>/runs/<UTC yyyymmddThhmmssZ>-<host>[-k]; it is built as
 * ".<name>.tmp" beside that name. Missing parents are created. The
 * folder, its parent and every directory created are opened without
 * following symbolic links; existing directories above the parent may be
 * links. On failure nothing is left behind.
 *
 * Return: 0 or -errno with @err filled.
 */
int bench_run_open(struct bench_run **runp, const struct bench_params *p,
		   const struct bench_config *cfg, const struct bench_topo *t,
		   const struct chip_delay_calibration *cal, char *err,
		   size_t errlen)
{
	struct bench_run *run;
	struct timespec now;
	json_t *env;
	int ret, fd;

	*runp = NULL;
	if (!p || !cfg)
		return fail(err, errlen, -EINVAL, "no parameters or config");
	run = calloc(1, sizeof(*run));
	if (!run)
		return fail(err, errlen, -ENOMEM, "out of memory");
	run->rootfd = run->parentfd = run->dirfd = run->samplesfd = -1;
	run->buf = malloc(SAMPLES_BUF);
	if (!run->buf) {
		run_free(run);
		return fail(err, errlen, -ENOMEM, "out of memory");
	}
	clock_gettime(CLOCK_REALTIME, &now);
	run->t0_ns = bench_now_ns();
	utc(&now, false, run->started, sizeof(run->started));
	host_name(run->host, sizeof(run->host));

	if (p->outdir) {
		ret = make_outdir(run, p->outdir, err, errlen);
	} else {
		run->default_location = true;
		ret = make_default(run,
				   p->results_root ? p->results_root :
						     IRQLAB_RESULTS_DIR,
				   &now, err, errlen);
	}
	if (ret) {
		run_free(run);
		return ret;
	}
	run->dirfd = openat(run->parentfd, run->tmp,
			    O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (run->dirfd < 0) {
		ret = fail(err, errlen, neg_errno(), "%s/%s: %s", run->parent,
			   run->tmp, strerror(errno));
		unlinkat(run->parentfd, run->tmp, AT_REMOVEDIR);
		run_free(run);
		return ret;
	}

	ret = write_config(run->dirfd, cfg);
	if (ret) {
		fail(err, errlen, ret, "%s/%s/config.ini: cannot write: %s",
		     run->parent, run->tmp, strerror(-ret));
		goto error;
	}

	env = environment(run, p, cal);
	if (!env) {
		ret = fail(err, errlen, -ENOMEM,
			   "environment.json: out of memory");
		goto error;
	}
	ret = write_json(run->dirfd, "environment.json", env);
	json_decref(env);
	if (ret) {
		fail(err, errlen, ret,
		     "%s/%s/environment.json: cannot write: %s", run->parent,
		     run->tmp, strerror(-ret));
		goto error;
	}

	if (t) {
		ret = bench_topo_write(t, run->dirfd);
		if (ret) {
			fail(err, errlen, ret,
			     "%s/%s/topology.xml: cannot write: %s",
			     run->parent, run->tmp, strerror(-ret));
			goto error;
		}
	}

	fd = create_file(run->dirfd, "samples.bin");
	if (fd < 0) {
		ret = fail(err, errlen, fd,
			   "%s/%s/samples.bin: cannot create: %s", run->parent,
			   run->tmp, strerror(-fd));
		goto error;
	}
	run->samplesfd = fd;
	memset(run->buf, 0, BENCH_SAMPLES_HEADER);
	memcpy(run->buf + BENCH_SAMPLES_OFF_MAGIC, BENCH_SAMPLES_MAGIC, 8);
	put_le32(run->buf + BENCH_SAMPLES_OFF_VERSION, BENCH_SAMPLES_VERSION);
	put_le32(run->buf + BENCH_SAMPLES_OFF_RECORD, BENCH_SAMPLES_RECORD);
	put_le64(run->buf + BENCH_SAMPLES_OFF_T0, run->t0_ns);
	run->used = BENCH_SAMPLES_HEADER;

	*runp = run;
	return 0;
error:
	run_discard(run);
	return ret;
}

/**
 * bench_run_path - where the run folder is being written
 * @run: the open run
 * @buf: room for the path of ".<name>.tmp"
 * @len: its size
 *
 * For writers outside this file that need a path, not a descriptor: the
 * LTTng session daemon writes the trace into @buf/trace.
 * Return: 0, or -ENAMETOOLONG.
 */
int bench_run_path(const struct bench_run *run, char *buf, size_t len)
{
	int n = snprintf(buf, len, "%s/%s", run->parent, run->tmp);

	return n < 0 || (size_t)n >= len ? -ENAMETOOLONG : 0;
}

/**
 * bench_run_trace - record the run's trace in summary.json
 * @run: the open run
 * @t: what the trace was: mode, where, discarded events, cost, snapshots
 */
void bench_run_trace(struct bench_run *run, const struct bench_run_trace *t)
{
	run->traced = true;
	snprintf(run->trace_mode, sizeof(run->trace_mode), "%s", t->mode);
	snprintf(run->trace_path, sizeof(run->trace_path), "%s", t->path);
	run->discarded = t->discarded;
	run->event_ns = t->event_ns;
	run->snapshots = t->snapshots;
	json_decref(run->dispatch);
	run->dispatch = t->nr_dispatch ? json_array() : NULL;
	for (unsigned int i = 0; run->dispatch && i < t->nr_dispatch; i++) {
		const struct bench_run_dispatch *d = &t->dispatch[i];

		json_array_append_new(
			run->dispatch,
			json_pack("{s:s, s:o, s:o, s:o}", "flow", d->flow,
				  "compiled_out",
				  d->compiled_out_ns < 0 ?
					  json_null() :
					  jreal(d->compiled_out_ns),
				  "idle", jreal(d->idle_ns), "tracing",
				  jreal(d->tracing_ns)));
	}
}

/**
 * bench_run_break - record that --break-us stopped the run
 * @run: the open run
 * @brk: the threshold and what crossed it (copied)
 */
void bench_run_perf(struct bench_run *run, json_t *perf)
{
	json_decref(run->perf);
	run->perf = perf;
}

void bench_run_break(struct bench_run *run, const struct bench_break *brk)
{
	run->brk = *brk;
}

/**
 * bench_run_start_ns - the run's time zero
 * @run: the open run
 *
 * Return: CLOCK_MONOTONIC ns at which bench_run_open() ran, the header
 * time of samples.bin, against which sample times are measured.
 */
uint64_t bench_run_start_ns(const struct bench_run *run)
{
	return run->t0_ns;
}

/**
 * bench_run_samples - append samples to samples.bin
 * @run: the open run
 * @s: the samples
 * @n: how many
 *
 * Records are encoded little-endian into a large buffer that is written
 * when full and on bench_run_close(). A write error is kept: every later
 * call, and bench_run_close(), fails with it.
 *
 * Return: 0 or -errno.
 */
int bench_run_samples(struct bench_run *run, const struct bench_sample *s,
		      size_t n)
{
	int ret;

	if (!run || (n && !s))
		return -EINVAL;
	for (size_t i = 0; i < n; i++) {
		unsigned char *b;

		if (run->used + BENCH_SAMPLES_RECORD > SAMPLES_BUF) {
			ret = samples_flush(run);
			if (ret)
				return ret;
		}
		if (run->samples_err)
			return run->samples_err;
		b = run->buf + run->used;
		put_le64(b + BENCH_SAMPLE_OFF_INTENDED, s[i].intended_ns);
		put_le64(b + BENCH_SAMPLE_OFF_ENTRY, s[i].entry_ns);
		put_le64(b + BENCH_SAMPLE_OFF_EXIT, s[i].exit_ns);
		put_le32(b + BENCH_SAMPLE_OFF_SEQ, s[i].seq);
		put_le16(b + BENCH_SAMPLE_OFF_SCENARIO, s[i].scenario);
		b[BENCH_SAMPLE_OFF_DESIGN] = s[i].design;
		b[BENCH_SAMPLE_OFF_FLAGS] = s[i].flags;
		put_le32(b + BENCH_SAMPLE_OFF_ACCESSES, s[i].chip_accesses);
		put_le16(b + BENCH_SAMPLE_OFF_BLOCK, s[i].block);
		put_le16(b + BENCH_SAMPLE_OFF_CPU, s[i].cpu);
		put_le32(b + BENCH_SAMPLE_OFF_NOISE, s[i].noise_ns);
		b[BENCH_SAMPLE_OFF_SLOT] = s[i].slot;
		memset(b + BENCH_SAMPLE_OFF_SLOT + 1, 0,
		       BENCH_SAMPLES_RECORD - BENCH_SAMPLE_OFF_SLOT - 1);
		run->used += BENCH_SAMPLES_RECORD;
	}
	return run->samples_err;
}

/**
 * bench_run_result - record one scenario x design result for summary.json
 * @run: the open run
 * @r: the result, copied; @r->sc must stay valid until bench_run_close()
 * @pl: the scenario's placement, copied (NULL: none recorded)
 *
 * Scenarios appear in summary.json in the order of their first result.
 *
 * Return: 0, -EINVAL or -ENOMEM.
 */
int bench_run_result(struct bench_run *run, const struct bench_result *r,
		     const struct bench_placement *pl)
{
	struct run_entry *e;

	if (!run || !r || !r->sc)
		return -EINVAL;
	if (run->nr == run->cap) {
		size_t cap = run->cap ? run->cap * 2 : 16;

		e = realloc(run->res, cap * sizeof(*e));
		if (!e)
			return -ENOMEM;
		run->res = e;
		run->cap = cap;
	}
	e = &run->res[run->nr++];
	memset(e, 0, sizeof(*e));
	e->r = *r;
	if (pl) {
		e->pl = *pl;
		e->has_pl = true;
	}
	return 0;
}

static json_t *latency(const struct irqstat *l)
{
	return json_pack("{s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o}", "min",
			 ju64(l->min), "p50", ju64(l->p50), "p90", ju64(l->p90),
			 "p99", ju64(l->p99), "p999", ju64(l->p999), "max",
			 ju64(l->max), "mean", jreal(l->mean), "stddev",
			 jreal(l->stddev), "count", ju64(l->count));
}

#define COUNTER(f)                                   \
	{                                            \
#f, offsetof(struct bench_result, f) \
	}

/* The counters of a design, in summary.json order. */
static const struct {
	const char *key;
	size_t off;
} counters[] = {
	COUNTER(fired),		COUNTER(serviced),	COUNTER(coalesced),
	COUNTER(stranded),	COUNTER(spurious),	COUNTER(overruns),
	COUNTER(dropped_edges), COUNTER(chip_spurious), COUNTER(storm_fires),
	COUNTER(handler_runs),	COUNTER(chip_accesses), COUNTER(disables),
};

const unsigned int bench_block_permille[BENCH_NQ] = { 500, 990, 999 };
const char *const bench_block_qname[BENCH_NQ] = { "p50", "p99", "p999" };

static json_t *noise_kind(const struct bench_noise *b)
{
	return json_pack("{s:o, s:o, s:o, s:o}", "gaps", ju64(b->count),
			 "total_ns", ju64(b->total_ns), "max_ns",
			 ju64(b->max_ns), "lost", ju64(b->lost));
}

/* noise: what the host took from the spinning threads (docs/results.md). */
static json_t *noise(const struct bench_result *r)
{
	return json_pack("{s:o, s:o, s:o, s:o, s:o, s:o}", "threshold_ns",
			 ju64(r->noise_threshold_ns), "span_ns",
			 ju64(r->noise_span_ns), "cpu",
			 noise_kind(&r->noise_cpu), "device",
			 noise_kind(&r->noise_dev), "events",
			 ju64(r->noise_events), "latency_ns",
			 json_pack("{s:o}", "quiet", latency(&r->entry_quiet)));
}

/* blocks_ns: per quantile, an array of the blocks' values (null: none). */
static json_t *block_quantiles(const struct bench_result *r)
{
	json_t *o = json_object();

	for (int q = 0; o && q < BENCH_NQ; q++) {
		json_t *a = json_array();

		for (unsigned int b = 0; a && b < r->nblock_ns; b++)
			if (json_array_append_new(
				    a,
				    r->block_ns[b][q] > 0 ?
					    json_integer(
						    (json_int_t)
							    r->block_ns[b][q]) :
					    json_null())) {
				json_decref(a);
				a = NULL;
			}
		if (!a || json_object_set_new(o, bench_block_qname[q], a)) {
			json_decref(o);
			return NULL;
		}
	}
	return o;
}

/*
 * host: per probe figure, an array over the blocks of what the host did
 * at the start of each block's round (null: not probed).
 */
static json_t *block_probes(const struct bench_result *r)
{
	static const struct {
		const char *key;
		size_t off;
	} f[] = {
		{ "compute_ns", offsetof(struct bench_probe, compute_ns) },
		{ "clock_ns", offsetof(struct bench_probe, clock_ns) },
		{ "handoff_ns", offsetof(struct bench_probe, handoff_ns) },
	};
	json_t *o = json_object();

	for (size_t i = 0; o && i < sizeof(f) / sizeof(f[0]); i++) {
		json_t *a = json_array();

		for (unsigned int b = 0; a && b < r->nblock_ns; b++) {
			const struct bench_probe *p = &r->probe[b];
			double v;

			memcpy(&v, (const char *)p + f[i].off, sizeof(v));
			if (json_array_append_new(
				    a, p->compute_ns > 0 ?
					       json_real(round(v * 10) / 10) :
					       json_null())) {
				json_decref(a);
				a = NULL;
			}
		}
		if (!a || json_object_set_new(o, f[i].key, a)) {
			json_decref(o);
			return NULL;
		}
	}
	return o;
}

static json_t *design(const struct bench_result *r)
{
	const struct bench_scenario *sc = r->sc;
	char label[64];
	json_t *o;
	int bad;

	/* The second of an A/A pair is "flow#2" (docs/results.md). */
	snprintf(label, sizeof(label), r->instance > 1 ? "%s#%u" : "%s",
		 bench_design_name(r->design), r->instance);
	o = json_pack("{s:o, s:o, s:o, s:o, s:o, s:o}", "name", jstr(sc->name),
		      "chip", jstr(sc->chip ? sc->chip->name : NULL), "trigger",
		      jstr(bench_trigger_name(sc->trigger)), "design",
		      jstr(label), "slot", json_integer(r->slot), "flow",
		      jstr(r->flow));
	if (!o)
		return NULL;
	bad = 0;
	for (size_t i = 0; i < sizeof(counters) / sizeof(counters[0]); i++) {
		uint64_t v;

		memcpy(&v, (const char *)r + counters[i].off, sizeof(v));
		bad |= json_object_set_new(o, counters[i].key, ju64(v));
	}
	bad |= json_object_set_new(o, "irq_disabled",
				   json_boolean(r->irq_disabled));
	bad |= json_object_set_new(o, "throughput_per_s",
				   jreal(r->throughput_per_s));
	bad |= json_object_set_new(o, "chip_accesses_per_irq",
				   jreal(r->chip_accesses_per_irq));
	bad |= json_object_set_new(o, "blocks", json_integer(r->blocks));
	bad |= json_object_set_new(o, "seconds", jreal(r->seconds));
	bad |= json_object_set_new(o, "blocks_ns", block_quantiles(r));
	bad |= json_object_set_new(o, "host", block_probes(r));
	bad |= json_object_set_new(o, "noise", noise(r));
	bad |= json_object_set_new(o, "latency_ns",
				   json_pack("{s:o, s:o}", "entry",
					     latency(&r->entry), "exit",
					     latency(&r->exit)));
	if (r->thread_policy) {
		bad |= json_object_set_new(json_object_get(o, "latency_ns"),
					   "hard", latency(&r->hard));
		bad |= json_object_set_new(
			o, "thread",
			json_pack("{s:s, s:s, s:o, s:o}", "policy",
				  r->thread_policy, "fifo", r->thread_fifo,
				  "runs", ju64(r->thread_runs), "masked_ns",
				  ju64(r->masked_ns)));
	}
	if (r->uio_mask)
		bad |= json_object_set_new(
			o, "uio",
			json_pack("{s:o, s:o, s:o, s:s, s:i, s:i, s:o, s:o}",
				  "device", jstr(sc->uio), "driver",
				  jstr(r->uio_driver), "backend",
				  jstr(uio_backend_name(sc->uio_backend)),
				  "mask", r->uio_mask, "kernel_irq",
				  r->uio_kirq, "routed_cpu", r->uio_routed_cpu,
				  "wakeups", ju64(r->uio_wakeups),
				  "kernel_irqs", ju64(r->uio_kernel_irqs)));
	if (bad) {
		json_decref(o);
		return NULL;
	}
	return o;
}

static json_t *scenario(const struct run_entry *e)
{
	const struct bench_scenario *sc = e->r.sc;
	json_t *pl = json_null(), *cpus;
	unsigned int n = sc->cpus < BENCH_MAX_CPUS ? sc->cpus : BENCH_MAX_CPUS;

	if (e->has_pl) {
		cpus = json_array();
		for (unsigned int i = 0; cpus && i < n; i++)
			if (json_array_append_new(
				    cpus, json_integer(e->pl.cpu_pu[i]))) {
				json_decref(cpus);
				cpus = NULL;
			}
		pl = json_pack("{s:o, s:I, s:I, s:b, s:o}", "cpu_pu", cpus,
			       "device_pu", (json_int_t)e->pl.device_pu,
			       "thread_pu", (json_int_t)e->pl.thread_pu,
			       "thread_shared", e->pl.thread_shared, "note",
			       jstr(e->pl.note));
		if (!pl)
			return NULL;
	}
	return json_pack(
		"{s:o, s:o, s:o, s:o, s:I, s:o, s:o, s:I, s:o, s:o, s:I, s:[]}",
		"name", jstr(sc->name), "file", jstr(sc->file), "chip",
		jstr(sc->chip ? sc->chip->name : NULL), "trigger",
		jstr(bench_trigger_name(sc->trigger)), "pin",
		(json_int_t)sc->pin, "pattern",
		jstr(bench_pattern_name(sc->pattern)), "rate_hz",
		jreal(sc->rate_hz), "devices", (json_int_t)sc->devices, "wait",
		jstr(bench_wait_name(e->has_pl ? e->pl.wait : sc->wait)),
		"placement", pl, "control_shift_ns",
		(json_int_t)sc->control_shift_ns, "designs");
}

static json_t *summary(const struct bench_run *run, bool complete,
		       bool interrupted, const char *finished)
{
	const struct bench_scenario **seen;
	json_t *j, *list;
	size_t nseen = 0;

	list = json_array();
	seen = calloc(run->nr ? run->nr : 1, sizeof(*seen));
	if (!list || !seen)
		goto error;
	for (size_t i = 0; i < run->nr; i++) {
		const struct run_entry *e = &run->res[i];
		json_t *sc, *d;
		size_t k;

		for (k = 0; k < nseen && seen[k] != e->r.sc; k++)
			;
		if (k == nseen) {
			seen[nseen++] = e->r.sc;
			if (json_array_append_new(list, scenario(e)))
				goto error;
		}
		sc = json_array_get(list, k);
		d = design(&e->r);
		if (json_array_append_new(json_object_get(sc, "designs"), d))
			goto error;
	}
	free(seen);
	j = json_pack("{s:s, s:i, s:b, s:b, s:s, s:s, s:o, s:o}", "irqlab",
		      IRQLAB_VERSION, "format", BENCH_SUMMARY_FORMAT,
		      "complete", complete, "interrupted", interrupted,
		      "started", run->started, "finished", finished, "host",
		      jsys(run->host), "scenarios", list);
	if (j && run->perf && json_object_set(j, "bench", run->perf)) {
		json_decref(j);
		return NULL;
	}
	if (j && run->traced) {
		json_t *t = json_pack("{s:s, s:s, s:I, s:o, s:i}", "path",
				      run->trace_path, "mode", run->trace_mode,
				      "discarded_events",
				      (json_int_t)run->discarded,
				      "event_cost_ns", jreal(run->event_ns),
				      "snapshots", (int)run->snapshots);

		if (!t ||
		    (run->dispatch &&
		     json_object_set(t, "dispatch_ns", run->dispatch)) ||
		    json_object_set_new(j, "trace", t)) {
			json_decref(j);
			return NULL;
		}
	}
	if (j && run->brk.hit &&
	    json_object_set_new(
		    j, "break",
		    json_pack("{s:I, s:I, s:s, s:s, s:i, s:I}", "threshold_ns",
			      (json_int_t)run->brk.threshold_ns, "latency_ns",
			      (json_int_t)run->brk.latency_ns, "scenario",
			      run->brk.scenario, "design", run->brk.design,
			      "block", (int)run->brk.block, "seq",
			      (json_int_t)run->brk.seq))) {
		json_decref(j);
		return NULL;
	}
	return j;
error:
	free(seen);
	json_decref(list);
	return NULL;
}

static int rename_noreplace(int fromfd, const char *from, int tofd,
			    const char *to)
{
	struct stat st;

	if (!renameat2(fromfd, from, tofd, to, RENAME_NOREPLACE))
		return 0;
	if (errno != EINVAL && errno != ENOSYS)
		return neg_errno();
	/* A file system without RENAME_NOREPLACE: check, then rename. */
	if (!fstatat(tofd, to, &st, AT_SYMLINK_NOFOLLOW))
		return -EEXIST;
	return renameat(fromfd, from, tofd, to) ? neg_errno() : 0;
}

/* Point <root>/latest at runs/<name>: a new link renamed over the old. */
static int update_latest(struct bench_run *run, char *err, size_t errlen)
{
	char target[NAME_MAX + 8], tmp[64];
	int ret;

	snprintf(target, sizeof(target), "runs/%s", run->name);
	snprintf(tmp, sizeof(tmp), ".latest.%ld.tmp", (long)getpid());
	/* A stale link of a crashed run with our pid: replace it. */
	if (symlinkat(target, run->rootfd, tmp) &&
	    (errno != EEXIST || unlinkat(run->rootfd, tmp, 0) ||
	     symlinkat(target, run->rootfd, tmp))) {
		ret = neg_errno();
		goto error;
	}
	if (renameat(run->rootfd, tmp, run->rootfd, "latest")) {
		ret = neg_errno();
		unlinkat(run->rootfd, tmp, 0);
		goto error;
	}
	fsync(run->rootfd);
	return 0;
error:
	return fail(
		err, errlen, ret,
		"%s/latest: cannot point it at runs/%s: %s (the run is complete)",
		run->root, run->name, strerror(-ret));
}

/**
 * bench_run_close - write summary.json and move the folder into place
 * @run: the open run; freed, whatever happens
 * @complete: every scenario finished
 * @interrupted: stopped by a signal
 * @final: where the folder ended up (may be NULL): its final path, or the
 *	".<name>.tmp" path it was left at when closing failed
 * @finallen: size of @final
 * @err: one sentence naming the path at fault, on failure
 * @errlen: its size
 *
 * Flushes samples.bin, writes summary.json, and for a run that is not
 * complete (or was interrupted) an empty INCOMPLETE; syncs them, renames
 * ".<name>.tmp" to its name, and for a complete run in the default
 * location replaces <results root>/latest with a link to runs/<name>.
 * When a step fails the folder stays ".<name>.tmp".
 *
 * Return: 0 or -errno with @err filled.
 */
/*
 * Closing failed (a full disk, an I/O error): what was written is kept
 * under its name, marked INCOMPLETE, if an empty file and a rename still
 * go through, which they usually do on a full disk; @err then says so,
 * or where the partial folder is left.
 */
static void salvage(struct bench_run *run, const char *where, char *final,
		    size_t finallen, char *err, size_t errlen)
{
	size_t n = strlen(err);
	int fd = create_file(run->dirfd, "INCOMPLETE");

	if (fd >= 0)
		close(fd);
	if ((fd >= 0 || fd == -EEXIST) &&
	    !rename_noreplace(run->parentfd, run->tmp, run->parentfd,
			      run->name)) {
		snprintf(
			err + n, errlen - n,
			"; what was written is kept in %s/%s, marked INCOMPLETE",
			run->parent, run->name);
		if (final && finallen)
			snprintf(final, finallen, "%s/%s", run->parent,
				 run->name);
		return;
	}
	snprintf(err + n, errlen - n, "; what was written is left in %s",
		 where);
}

int bench_run_close(struct bench_run *run, bool complete, bool interrupted,
		    char *final, size_t finallen, char *err, size_t errlen)
{
	char finished[32], where[PATH_MAX + NAME_MAX + 2];
	json_t *j;
	int ret, fd;

	if (!run)
		return fail(err, errlen, -EINVAL, "no run to close");
	complete = complete && !interrupted;
	snprintf(where, sizeof(where), "%s/%s", run->parent, run->tmp);
	if (final && finallen)
		snprintf(final, finallen, "%s", where);

	ret = samples_flush(run);
	if (!ret) {
		ret = finish_fd(run->samplesfd);
		run->samplesfd = -1;
	}
	if (ret) {
		fail(err, errlen, ret, "%s/samples.bin: cannot write: %s",
		     where, strerror(-ret));
		goto out;
	}

	now_iso(finished, sizeof(finished));
	j = summary(run, complete, interrupted, finished);
	if (!j) {
		ret = fail(err, errlen, -ENOMEM,
			   "%s/summary.json: out of memory", where);
		goto out;
	}
	ret = write_json(run->dirfd, "summary.json", j);
	json_decref(j);
	if (ret) {
		fail(err, errlen, ret, "%s/summary.json: cannot write: %s",
		     where, strerror(-ret));
		goto out;
	}

	if (!complete) {
		fd = create_file(run->dirfd, "INCOMPLETE");
		ret = fd < 0 ? fd : finish_fd(fd);
		if (ret) {
			fail(err, errlen, ret,
			     "%s/INCOMPLETE: cannot create: %s", where,
			     strerror(-ret));
			goto out;
		}
	}
	if (fsync(run->dirfd)) {
		ret = fail(err, errlen, neg_errno(), "%s: cannot sync: %s",
			   where, strerror(errno));
		goto out;
	}

	ret = rename_noreplace(run->parentfd, run->tmp, run->parentfd,
			       run->name);
	if (ret) {
		fail(err, errlen, ret, "%s: cannot rename to %s: %s", where,
		     run->name, strerror(-ret));
		goto out;
	}
	fsync(run->parentfd);
	if (final && finallen)
		snprintf(final, finallen, "%s/%s", run->parent, run->name);

	if (complete && run->default_location)
		ret = update_latest(run, err, errlen);
	run_free(run);
	return ret;
out:
	salvage(run, where, final, finallen, err, errlen);
	run_free(run);
	return ret;
}
