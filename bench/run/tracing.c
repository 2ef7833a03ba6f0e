// SPDX-License-Identifier: GPL-2.0
/*
 * `irqlab run --trace`: an LTTng session around the run, with the real
 * tools. If a session daemon already serves this user it is used;
 * otherwise a private one is started as our child and stopped when the
 * run ends, or killed by the kernel if irqlab dies first - as root in a
 * private mount namespace with its own /run/lttng (LTTNG_HOME does not
 * isolate root), as a normal user under a private LTTNG_HOME. The session has per-uid buffers in discard mode and writes
 * into the run folder's trace/; once stopped, its discarded-event count
 * is read back for summary.json. The probes (lttng-ust-provider-irqlab.so)
 * are loaded only now, with LTTNG_UST_REGISTER_TIMEOUT=-1 so that no early
 * event is lost.
 *
 * Every lttng command is run with posix_spawnp and an argument vector:
 * nothing reaches a shell.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <sched.h>
#include <signal.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "tracing.h"

extern char **environ;

int bench_run_tool(char *const argv[], char *out, size_t outlen)
{
	posix_spawn_file_actions_t fa;
	int pipefd[2], status, ret;
	size_t used = 0;
	pid_t pid;

	if (pipe2(pipefd, O_CLOEXEC))
		return -errno;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, pipefd[1], 1);
	posix_spawn_file_actions_adddup2(&fa, pipefd[1], 2);
	ret = posix_spawnp(&pid, argv[0], &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	close(pipefd[1]);
	if (ret) {
		close(pipefd[0]);
		return -ret;
	}
	for (;;) {
		char sink[512];
		ssize_t n =
			used + 1 < outlen ?
				read(pipefd[0], out + used, outlen - used - 1) :
				read(pipefd[0], sink, sizeof(sink));

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		if (used + 1 < outlen)
			used += (size_t)n;
	}
	if (outlen)
		out[used] = '\0';
	close(pipefd[0]);
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return -errno;
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

/* The last line of a tool's output, for a one-sentence message. */
static const char *last_line(char *out)
{
	char *end = out + strlen(out);

	while (end > out && (end[-1] == '\n' || end[-1] == ' '))
		*--end = '\0';
	while (end > out && end[-1] != '\n')
		end--;
	return end;
}

static int lttng(struct bench_trace *t, char *err, size_t errlen,
		 const char *what, ...)
{
	char *argv[16] = { "lttng", "--no-sessiond" };
	char out[4096];
	va_list ap;
	int n = 2, ret;

	va_start(ap, what);
	while (n < 15 && (argv[n] = va_arg(ap, char *)))
		n++;
	va_end(ap);
	argv[n] = NULL;
	ret = bench_run_tool(argv, out, sizeof(out));
	if (ret == 0)
		return 0;
	if (ret < 0)
		snprintf(err, errlen, "cannot run lttng (%s): %s", what,
			 strerror(-ret));
	else
		snprintf(err, errlen, "lttng %s failed: %s", what,
			 last_line(out));
	(void)t;
	return ret < 0 ? ret : -EIO;
}

static pid_t read_pid(const char *path)
{
	FILE *f = fopen(path, "r");
	long pid = 0;

	if (!f)
		return 0;
	if (fscanf(f, "%ld", &pid) != 1)
		pid = 0;
	fclose(f);
	return pid > 0 && !kill((pid_t)pid, 0) ? (pid_t)pid : 0;
}

static void pidfile(const struct bench_trace *t, char *buf, size_t len)
{
	if (t->root)
		snprintf(buf, len, "/run/lttng/lttng-sessiond.pid");
	else
		snprintf(buf, len, "%s/.lttng/lttng-sessiond.pid",
			 getenv("LTTNG_HOME") ? getenv("LTTNG_HOME") :
			 getenv("HOME")	      ? getenv("HOME") :
						"/");
}

/*
 * As root: a mount namespace of our own, with an empty /run/lttng that
 * only root may enter (0700), as a private LTTNG_HOME from mkdtemp is.
 */
static int private_rundir(char *err, size_t errlen)
{
	if (unshare(CLONE_NEWNS) ||
	    mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL)) {
		snprintf(
			err, errlen,
			"cannot make a private mount namespace for the session daemon: %s",
			strerror(errno));
		return -errno;
	}
	if (mkdir("/run/lttng", 0700) && errno != EEXIST) {
		snprintf(err, errlen, "cannot create /run/lttng: %s",
			 strerror(errno));
		return -errno;
	}
	if (mount("tmpfs", "/run/lttng", "tmpfs", MS_NOSUID | MS_NODEV,
		  "mode=0700")) {
		snprintf(err, errlen, "cannot mount a private /run/lttng: %s",
			 strerror(errno));
		return -errno;
	}
	return 0;
}

/*
 * Our daemon is our child, not a --daemonize'd orphan: it gets SIGTERM
 * if irqlab dies for any reason (PR_SET_PDEATHSIG), and --sig-parent
 * tells us when it is ready.
 */
static int spawn_sessiond(struct bench_trace *t, char *err, size_t errlen)
{
	const struct timespec timeout = { .tv_sec = 10 };
	sigset_t usr1, old;
	pid_t parent = getpid(), pid;
	siginfo_t si;
	int status;

	sigemptyset(&usr1);
	sigaddset(&usr1, SIGUSR1);
	sigprocmask(SIG_BLOCK, &usr1, &old);
	pid = fork();
	if (pid == 0) {
		sigprocmask(SIG_SETMASK, &old, NULL);
		if (prctl(PR_SET_PDEATHSIG, SIGTERM) || getppid() != parent)
			_exit(127);
		execlp("lttng-sessiond", "lttng-sessiond", "--no-kernel",
		       "--sig-parent", "--quiet", (char *)NULL);
		_exit(127);
	}
	if (pid < 0) {
		sigprocmask(SIG_SETMASK, &old, NULL);
		snprintf(err, errlen, "cannot start lttng-sessiond: %s",
			 strerror(errno));
		return -errno;
	}
	t->sessiond = pid;
	t->own_sessiond = true;
	while (sigtimedwait(&usr1, &si, &timeout) < 0 && errno == EINTR)
		;
	sigprocmask(SIG_SETMASK, &old, NULL);
	if (waitpid(pid, &status, WNOHANG) == pid) {
		t->sessiond = 0;
		snprintf(
			err, errlen,
			"lttng-sessiond exited at once (status %d): is lttng-tools installed?",
			WIFEXITED(status) ? WEXITSTATUS(status) : -1);
		return -EIO;
	}
	return 0;
}

static int start_sessiond(struct bench_trace *t, char *err, size_t errlen)
{
	char pf[PATH_MAX];
	int ret;

	pidfile(t, pf, sizeof(pf));
	t->sessiond = read_pid(pf);
	if (t->sessiond) {
		t->own_sessiond = false; /* this user's daemon: use it */
		return 0;
	}
	if (t->root) {
		ret = private_rundir(err, errlen);
		if (ret)
			return ret;
	} else {
		/* A private LTTNG_HOME, inherited by lttng and the daemon. */
		const char *tmpdir = getenv("TMPDIR") ? getenv("TMPDIR") :
							"/tmp";

		snprintf(t->home, sizeof(t->home), "%s/irqlab-lttng-XXXXXX",
			 tmpdir);
		if (!mkdtemp(t->home) || setenv("LTTNG_HOME", t->home, 1)) {
			snprintf(err, errlen, "cannot make %s: %s", t->home,
				 strerror(errno));
			t->home[0] = '\0';
			return -errno;
		}
	}
	return spawn_sessiond(t, err, errlen);
}

static int remove_one(const char *path, const struct stat *st, int flag,
		      struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	return remove(path) && errno != ENOENT ? -1 : 0;
}

int bench_remove_tree(const char *path)
{
	return nftw(path, remove_one, 8, FTW_DEPTH | FTW_PHYS) ? -EIO : 0;
}

/* SIGTERM our daemon and reap it; it stops its consumer daemons. */
static void stop_sessiond(struct bench_trace *t)
{
	int status;

	if (!t->own_sessiond || !t->sessiond)
		return;
	kill(t->sessiond, SIGTERM);
	for (int i = 0; i < 1000; i++) {
		struct timespec ts = { 0, 10000000 };

		if (waitpid(t->sessiond, &status, WNOHANG) == t->sessiond) {
			t->sessiond = 0;
			return;
		}
		nanosleep(&ts, NULL);
	}
	kill(t->sessiond, SIGKILL);
	waitpid(t->sessiond, &status, 0);
	t->sessiond = 0;
}

/* The private LTTNG_HOME (sockets, shm paths) goes with the daemon. */
static void remove_home(struct bench_trace *t)
{
	if (t->home[0])
		bench_remove_tree(t->home);
	t->home[0] = '\0';
}

int bench_trace_start(struct bench_trace *t, const char *dir,
		      const struct bench_trace_opts *o, char *err,
		      size_t errlen)
{
	char output[PATH_MAX + 16], subbuf[32], nsub[16];
	int ret;

	memset(t, 0, sizeof(*t));
	t->root = geteuid() == 0;
	if (!realpath(dir, t->dir)) {
		snprintf(err, errlen, "%s: %s", dir, strerror(errno));
		return -errno;
	}
	if (access(o->provider, R_OK)) {
		snprintf(
			err, errlen,
			"%s: cannot read the tracepoint provider (built with IRQLAB_TRACE=ON?)",
			o->provider);
		return -ENOENT;
	}
	ret = start_sessiond(t, err, errlen);
	if (ret)
		goto fail;
	snprintf(t->session, sizeof(t->session), "irqlab-%ld", (long)getpid());
	if (o->relayd)
		snprintf(output, sizeof(output), "--set-url=%s", o->relayd);
	else
		snprintf(output, sizeof(output), "--output=%s/trace", t->dir);
	ret = lttng(t, err, errlen, "create", "create", t->session, output,
		    o->snapshot ? "--snapshot" : NULL, NULL);
	if (ret)
		goto fail;
	t->created = true;
	snprintf(subbuf, sizeof(subbuf), "--subbuf-size=%s", o->subbuf_size);
	snprintf(nsub, sizeof(nsub), "--num-subbuf=%u", o->num_subbuf);
	t->snapshot = o->snapshot;
	ret = lttng(t, err, errlen, "enable-channel", "enable-channel",
		    "--userspace", "--session", t->session, "--buffers-uid",
		    subbuf, nsub, o->snapshot ? "--overwrite" : "--discard",
		    "irqlab", NULL);
	if (!ret)
		ret = lttng(t, err, errlen, "enable-event", "enable-event",
			    "--userspace", "--session", t->session, "--channel",
			    "irqlab", "irqlab:*", NULL);
	if (!ret)
		ret = lttng(t, err, errlen, "start", "start", t->session, NULL);
	if (ret)
		goto fail;
	t->started = true;

	/* Register with the daemon before the first event, and wait for it. */
	setenv("LTTNG_UST_REGISTER_TIMEOUT", "-1", 1);
	t->provider = dlopen(o->provider, RTLD_NOW | RTLD_GLOBAL);
	if (!t->provider) {
		snprintf(err, errlen, "cannot load %s: %s", o->provider,
			 dlerror());
		ret = -ENOENT;
		goto fail;
	}
	return 0;
fail:
	bench_trace_stop(t, NULL, 0);
	return ret;
}

int bench_trace_snapshot(struct bench_trace *t, char *err, size_t errlen)
{
	int ret = lttng(t, err, errlen, "snapshot record", "snapshot", "record",
			"--session", t->session, NULL);

	if (!ret)
		t->snapshots++;
	return ret;
}

/* "Discarded events: N" of every channel of the session, summed. */
static int read_discarded(struct bench_trace *t, char *err, size_t errlen)
{
	char *argv[] = { "lttng", "--no-sessiond", "list", t->session, NULL };
	char out[16384];
	const char *p;
	int ret = bench_run_tool(argv, out, sizeof(out));

	if (ret) {
		snprintf(err, errlen, "lttng list %s failed: %s", t->session,
			 ret < 0 ? strerror(-ret) : last_line(out));
		return -EIO;
	}
	t->discarded = 0;
	p = strstr(out, "Discarded events:");
	if (!p) {
		snprintf(err, errlen,
			 "lttng list %s shows no discarded-event count",
			 t->session);
		return -EIO;
	}
	for (; p; p = strstr(p + 1, "Discarded events:"))
		t->discarded +=
			strtoull(p + strlen("Discarded events:"), NULL, 10);
	return 0;
}

int bench_trace_stop(struct bench_trace *t, char *err, size_t errlen)
{
	char scratch[512];
	int ret = 0;

	if (!err) {
		err = scratch;
		errlen = sizeof(scratch);
	}
	if (t->started) {
		ret = lttng(t, err, errlen, "stop", "stop", t->session, NULL);
		/* A flight recorder overwrites by design: nothing to count. */
		if (!ret && !t->snapshot)
			ret = read_discarded(t, err, errlen);
		t->started = false;
	}
	if (t->created) {
		int r = lttng(t, ret ? scratch : err,
			      ret ? sizeof(scratch) : errlen, "destroy",
			      "destroy", t->session, NULL);

		if (!ret)
			ret = r;
		t->created = false;
	}
	stop_sessiond(t);
	if (t->own_sessiond)
		remove_home(t);
	return ret;
}
