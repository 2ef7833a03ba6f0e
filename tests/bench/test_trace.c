// SPDX-License-Identifier: GPL-2.0
/*
 * `irqlab run --trace` with the real LTTng tools: for each flow handler
 * and __do_IRQ, every interrupt's events, read back with the babeltrace2
 * CLI (a real Babeltrace2 graph: src.ctf.fs -> muxer -> pretty), come in
 * exactly the order docs/trace.md gives, and every raised event's seq is
 * serviced exactly once; the default buffers discard nothing; a tiny
 * buffer makes the run fail naming the discarded count; and no lttng
 * process started by the run outlives it.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <sched.h>
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <jansson.h>
#include <netinet/in.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "e2e.h"
#include "traced.h"
#include "scratch.h"

static const char *irqlab;
static char tmp[] = "/tmp/irqlab-trace-XXXXXX";

/* What each flow emits per interrupt (docs/trace.md). */
static const struct {
	const char *scenario, *chip, *trigger, *design, *order;
} flows[] = {
	{ "simple", "soft", "simple", "flow",
	  "entry flow:simple action_entry service action_exit exit" },
	{ "level", "i8259", "level", "flow",
	  "entry flow:level mask_ack action_entry service action_exit unmask exit" },
	{ "edge", "ioapic", "edge", "flow",
	  "entry flow:edge ack action_entry service action_exit exit" },
	{ "fasteoi", "ioapic", "level", "flow",
	  "entry flow:fasteoi action_entry service action_exit eoi exit" },
	{ "percpu", "gic", "percpu", "flow",
	  "entry flow:percpu action_entry service action_exit eoi exit" },
	{ "do_irq", "ioapic", "level", "do_irq",
	  "entry flow:do_irq ack action_entry service action_exit end exit" },
};

#define NR_FLOWS (sizeof(flows) / sizeof(flows[0]))
#define EVENTS 20 /* per scenario: 1 kHz for 20 ms */

/*
 * Whether process @pid descends from this test, and is not a zombie.
 * main() makes the test a child subreaper, so a daemon that outlives the
 * irqlab run that started it is reparented here, not to init.
 */
static bool live_descendant(const char *pid)
{
	char path[300], buf[512], *p, state;
	long ppid = strtol(pid, NULL, 10);
	bool first = true;

	for (int depth = 0; depth < 64 && ppid > 1; depth++) {
		FILE *f;
		size_t n;

		if (ppid == (long)getpid())
			return true;
		snprintf(path, sizeof(path), "/proc/%ld/stat", ppid);
		f = fopen(path, "r");
		if (!f)
			return false;
		n = fread(buf, 1, sizeof(buf) - 1, f);
		fclose(f);
		buf[n] = '\0';
		/* pid (comm) state ppid ...: comm may hold anything. */
		p = strrchr(buf, ')');
		if (!p || sscanf(p + 1, " %c %ld", &state, &ppid) != 2)
			return false;
		if (first && state == 'Z')
			return false;
		first = false;
	}
	return false;
}

/*
 * lttng-sessiond and lttng-consumerd processes now running that this
 * test started: others on the machine (another suite's traced runs, a
 * user's session daemon) are not ours to count.
 */
static unsigned int lttng_daemons(void)
{
	DIR *d = opendir("/proc");
	struct dirent *e;
	unsigned int n = 0;

	while (d && (e = readdir(d))) {
		char path[300], comm[64] = "";
		FILE *f;

		if (!isdigit((unsigned char)e->d_name[0]))
			continue;
		snprintf(path, sizeof(path), "/proc/%s/comm", e->d_name);
		f = fopen(path, "r");
		if (!f)
			continue;
		if (fgets(comm, sizeof(comm), f) &&
		    (!strncmp(comm, "lttng-sessiond", 14) ||
		     !strncmp(comm, "lttng-consumerd", 15)) &&
		    live_descendant(e->d_name))
			n++;
		fclose(f);
	}
	if (d)
		closedir(d);
	return n;
}

struct irq_run {
	char order[512];
	bool open;
};

/* Check one babeltrace2 line of the trace of scenario @sc. */
static void line_event(char *line, int *sc, struct irq_run *r,
		       unsigned char *served, unsigned int *raised,
		       unsigned int *checked)
{
	char *ev = strstr(line, "irqlab:"), *f, *end;
	char name[32];

	if (!ev)
		return;
	ev += 7;
	end = strchr(ev, ':');
	if (!end || end - ev >= (long)sizeof(name))
		return;
	memcpy(name, ev, (size_t)(end - ev));
	name[end - ev] = '\0';
	f = end + 1;
	if (!strcmp(name, "block_begin")) {
		*sc = -1;
		if (strstr(f, "scenario = \"dispatch-cost\","))
			return; /* the tracepoint-cost measurement */
		for (unsigned int i = 0; i < NR_FLOWS; i++) {
			char want[64];

			snprintf(want, sizeof(want), "scenario = \"%s\",",
				 flows[i].scenario);
			if (strstr(f, want))
				*sc = (int)i;
		}
		assert_true(*sc >= 0);
		r->open = false;
		memset(served, 0, EVENTS);
		*raised = 0;
		return;
	}
	if (*sc < 0)
		return;
	if (!strcmp(name, "block_end")) {
		/* Every raised seq was serviced exactly once. */
		assert_int_equal(*raised, EVENTS);
		for (unsigned int s = 0; s < EVENTS; s++)
			if (served[s] != 1)
				fail_msg("%s: seq %u serviced %u times",
					 flows[*sc].scenario, s, served[s]);
		*sc = -1;
		return;
	}
	if (!strcmp(name, "raise")) {
		unsigned long seq = strtoul(strstr(f, "seq = ") + 6, NULL, 10);

		assert_int_equal(seq, *raised);
		(*raised)++;
		return;
	}
	if (!strcmp(name, "entry")) {
		snprintf(r->order, sizeof(r->order), "entry");
		r->open = true;
		return;
	}
	if (!r->open)
		return;
	if (!strcmp(name, "flow")) {
		char *q = strstr(f, "flow = \"") + 8;

		*strchr(q, '"') = '\0';
		strcat(r->order, " flow:");
		strcat(r->order, q);
	} else if (!strcmp(name, "chip_op")) {
		char *q = strstr(f, "op = ( \"") + 8;

		*strchr(q, '"') = '\0';
		strcat(r->order, " ");
		strcat(r->order, q);
	} else {
		strcat(r->order, " ");
		strcat(r->order, name);
		if (!strcmp(name, "service")) {
			unsigned long first =
				strtoul(strstr(f, "first = ") + 8, NULL, 10);
			unsigned long count =
				strtoul(strstr(f, "count = ") + 8, NULL, 10);

			for (unsigned long s = first; s < first + count; s++)
				if (s < EVENTS)
					served[s]++;
		}
	}
	if (!strcmp(name, "exit")) {
		if (strcmp(r->order, flows[*sc].order))
			fail_msg(
				"%s: an interrupt traced \"%s\", documented \"%s\"",
				flows[*sc].scenario, r->order,
				flows[*sc].order);
		(*checked)++;
		r->open = false;
	}
}

static void test_flow_order(void **state)
{
	char cfg[200], out[200], so[200], se[200], trace[300], txt[300];
	unsigned char served[EVENTS];
	unsigned int raised = 0, checked = 0, before = lttng_daemons();
	struct irq_run r = { 0 };
	int sc = -1;
	char line[1024];
	json_t *j;
	FILE *f;

	(void)state;
	snprintf(cfg, sizeof(cfg), "%s/flows.ini", tmp);
	f = fopen(cfg, "w");
	assert_non_null(f);
	fputs("[run]\nrate = 1000\nduration_ms = 20\nblocks = 1\n"
	      "wait = inline\n",
	      f);
	for (unsigned int i = 0; i < NR_FLOWS; i++)
		fprintf(f,
			"[scenario %s]\nchip = %s\ntrigger = %s\ndesigns = %s\n",
			flows[i].scenario, flows[i].chip, flows[i].trigger,
			flows[i].design);
	fclose(f);
	TEST_PATHS(tmp, "run", out, so, se);
	char *argv[] = {
		(char *)irqlab, "run", cfg, "--trace", "-o", out, NULL
	};
	int rc = spawn_irqlab(argv, so, se, 0, NULL);

	if (rc) {
		char *e = slurp(se);

		fail_msg("irqlab run --trace exited %d: %s", rc, e ? e : "");
	}
	assert_int_equal(lttng_daemons(), before);

	snprintf(txt, sizeof(txt), "%s/summary.json", out);
	j = json_load_file(txt, 0, NULL);
	assert_non_null(j);
	assert_int_equal(
		json_integer_value(json_object_get(json_object_get(j, "trace"),
						   "discarded_events")),
		0);
	/* The cost of the tracepoints, per flow, three ways. */
	{
		json_t *disp = json_object_get(json_object_get(j, "trace"),
					       "dispatch_ns"),
		       *d;
		size_t i;

		assert_int_equal(json_array_size(disp), 6);
		json_array_foreach(disp, i, d)
		{
			double off = json_number_value(
				json_object_get(d, "compiled_out"));
			double idle =
				json_number_value(json_object_get(d, "idle"));
			double rec = json_number_value(
				json_object_get(d, "tracing"));

			assert_true(off > 0 && idle > 0 && rec > idle);
		}
	}
	json_decref(j);

	snprintf(trace, sizeof(trace), "%s/trace", out);
	snprintf(txt, sizeof(txt), "%s/trace.txt", tmp);
	char *bt[] = { "/usr/bin/babeltrace2", trace, NULL };

	assert_int_equal(spawn_irqlab(bt, txt, se, 0, NULL), 0);
	f = fopen(txt, "r");
	assert_non_null(f);
	while (fgets(line, sizeof(line), f))
		line_event(line, &sc, &r, served, &raised, &checked);
	fclose(f);
	assert_int_equal(checked, NR_FLOWS * EVENTS);
}

static void test_tiny_buffer_fails(void **state)
{
	char cfg[300], out[200], so[200], se[200];
	unsigned int before = lttng_daemons();
	char *err;

	(void)state;
	test_config(cfg, sizeof(cfg), tmp, "flood",
		    "[scenario flood]\nchip = soft\nwait = inline\n"
		    "rate = 500000\nduration_ms = 400\nblocks = 1\n");
	TEST_PATHS(tmp, "flood", out, so, se);
	char *argv[] = {
		(char *)irqlab, "run", cfg,  "--trace", "--trace-buffer",
		"4k",		"-q",  "-o", out,	NULL
	};

	assert_int_equal(spawn_irqlab(argv, so, se, 0, NULL), 1);
	err = slurp(se);
	assert_non_null(err);
	if (!strstr(err, "the tracer discarded ") ||
	    !strstr(err, "--allow-trace-loss"))
		fail_msg("unexpected message: %s", err);
	free(err);
	snprintf(cfg, sizeof(cfg), "%s/INCOMPLETE", out);
	assert_int_equal(access(cfg, F_OK), 0);
	assert_int_equal(lttng_daemons(), before);
}

/* A traced run stopped by SIGINT stops its daemon too. */
static void test_sigint_traced(void **state)
{
	char cfg[300], out[200], so[200], se[200];
	unsigned int before = lttng_daemons();

	(void)state;
	test_config(
		cfg, sizeof(cfg), tmp, "long",
		"[scenario long]\nchip = soft\nrate = 1000\nduration_ms = 60000\n"
		"blocks = 600\n");
	TEST_PATHS(tmp, "long", out, so, se);
	char *argv[] = {
		(char *)irqlab, "run", cfg, "--trace", "-o", out, NULL
	};

	assert_int_equal(spawn_irqlab(argv, so, se, SIGINT, "scenarios on"),
			 130);
	assert_int_equal(lttng_daemons(), before);
	snprintf(cfg, sizeof(cfg), "%s/INCOMPLETE", out);
	assert_int_equal(access(cfg, F_OK), 0);
}

/*
 * A flight recorder and a threshold: the first latency over 1 us stops
 * the run (exit 5), the snapshot is written, and it holds the stopped
 * block's events.
 */
static void test_snapshot_at_break(void **state)
{
	char cfg[300], out[200], so[200], se[200], txt[300], dir[600];
	unsigned int before = lttng_daemons();
	struct dirent *e;
	char *text;
	json_t *j, *brk;
	DIR *d;

	(void)state;
	snprintf(cfg, sizeof(cfg), "%s/flows.ini", tmp);
	TEST_PATHS(tmp, "snap", out, so, se);
	char *argv[] = { (char *)irqlab,
			 "run",
			 cfg,
			 "--trace-snapshot",
			 "--break-us",
			 "1",
			 "-o",
			 out,
			 NULL };

	assert_int_equal(spawn_irqlab(argv, so, se, 0, NULL), 5);
	assert_int_equal(lttng_daemons(), before);
	snprintf(txt, sizeof(txt), "%s/summary.json", out);
	j = json_load_file(txt, 0, NULL);
	assert_non_null(j);
	brk = json_object_get(j, "break");
	assert_non_null(brk);
	assert_true(json_integer_value(json_object_get(brk, "latency_ns")) >
		    1000);
	assert_string_equal(json_string_value(json_object_get(
				    json_object_get(j, "trace"), "mode")),
			    "snapshot");
	assert_int_equal(json_integer_value(json_object_get(
				 json_object_get(j, "trace"), "snapshots")),
			 1);
	json_decref(j);

	snprintf(txt, sizeof(txt), "%s/trace", out);
	d = opendir(txt);
	assert_non_null(d);
	while ((e = readdir(d)) && strncmp(e->d_name, "snapshot-", 9))
		;
	assert_non_null(e);
	snprintf(dir, sizeof(dir), "%s/%s", txt, e->d_name);
	closedir(d);
	snprintf(txt, sizeof(txt), "%s/snap.txt", tmp);
	char *bt[] = { "/usr/bin/babeltrace2", dir, NULL };

	assert_int_equal(spawn_irqlab(bt, txt, se, 0, NULL), 0);
	text = slurp(txt);
	assert_non_null(text);
	assert_non_null(strstr(text, "irqlab:block_begin"));
	assert_non_null(strstr(text, "irqlab:service"));
	free(text);
}

/*
 * Whether something listens on 127.0.0.1:@port within 60 s (a bound for
 * a daemon that never comes up, not how long one takes): a relay daemon
 * on a loaded machine is not listening after a fixed half second.
 */
static bool listening(unsigned int port, pid_t pid)
{
	struct sockaddr_in a = {
		.sin_family = AF_INET,
		.sin_port = htons((uint16_t)port),
		.sin_addr.s_addr = htonl(INADDR_LOOPBACK),
	};
	int status;

	for (int i = 0; i < 6000; i++) {
		int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
		bool ok;

		if (fd < 0)
			return false;
		ok = !connect(fd, (struct sockaddr *)&a, sizeof(a));
		close(fd);
		if (ok)
			return true;
		if (waitpid(pid, &status, WNOHANG))
			return false;
		usleep(10000);
	}
	return false;
}

/* Streaming to a relay daemon the test starts on 127.0.0.1. */
static void test_relayd(void **state)
{
	char out[200], so[200], se[200], rdir[200], url[100], ctl[64], data[64],
		live[64], cfg[300], txt[300];
	unsigned int port = 20000 + (unsigned int)(getpid() % 10000) * 3;
	unsigned int before = lttng_daemons();
	posix_spawn_file_actions_t fa;
	char *text;
	pid_t relayd;
	int status;

	(void)state;
	snprintf(rdir, sizeof(rdir), "%s/relayd", tmp);
	snprintf(ctl, sizeof(ctl), "tcp://127.0.0.1:%u", port);
	snprintf(data, sizeof(data), "tcp://127.0.0.1:%u", port + 1);
	snprintf(live, sizeof(live), "tcp://127.0.0.1:%u", port + 2);
	char *rargv[] = { "lttng-relayd", "-C", ctl,  "-D", data,
			  "-L",		  live, "-o", rdir, NULL };

	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
	posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
	assert_int_equal(posix_spawnp(&relayd, "lttng-relayd", &fa, NULL, rargv,
				      environ),
			 0);
	posix_spawn_file_actions_destroy(&fa);
	if (!listening(port, relayd) || !listening(port + 1, relayd)) {
		kill(relayd, SIGTERM);
		waitpid(relayd, &status, 0);
		fail_msg("lttng-relayd is not listening on 127.0.0.1:%u and %u",
			 port, port + 1);
	}

	snprintf(cfg, sizeof(cfg), "%s/flows.ini", tmp);
	TEST_PATHS(tmp, "relayed", out, so, se);
	snprintf(url, sizeof(url), "net://127.0.0.1:%u:%u", port, port + 1);
	char *argv[] = { (char *)irqlab, "run", cfg, "--trace", "--relayd", url,
			 "-o",		 out,	NULL };
	int rc = spawn_irqlab(argv, so, se, 0, NULL);

	kill(relayd, SIGTERM);
	waitpid(relayd, &status, 0);
	if (rc) {
		char *e = slurp(se);

		fail_msg("irqlab run --relayd exited %d: %s", rc, e ? e : "");
	}
	assert_int_equal(lttng_daemons(), before);
	/* The relay daemon wrote the trace; babeltrace2 finds it below. */
	snprintf(txt, sizeof(txt), "%s/relayed.txt", tmp);
	char *bt[] = { "/usr/bin/babeltrace2", rdir, NULL };

	assert_int_equal(spawn_irqlab(bt, txt, se, 0, NULL), 0);
	text = slurp(txt);
	assert_non_null(text);
	assert_non_null(strstr(text, "irqlab:action_entry"));
	free(text);
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static uint64_t le(const unsigned char *p, int n)
{
	uint64_t v = 0;

	while (n--)
		v = v << 8 | p[n];
	return v;
}

/*
 * The samples' stamps and the trace's timestamps are one time scale: each
 * event's entry stamp (samples.bin: t0 + intended + entry) is taken just
 * before the trace's `service` event of the handler run that claimed it
 * (bench/device/device.c claim()), so the trace event may not come before the
 * stamp by more than the clock's stated error (environment.json clock:
 * its rate's error times the time since the process started, and a read
 * either side), and comes after it by about one tracepoint.
 */
static void test_stamps_match_trace(void **state)
{
	char cfg[300], out[200], so[200], se[200], path[300], line[1024];
	static uint64_t service_ts[2][4000];
	unsigned char *b;
	double ppm, read_ns, *d;
	size_t n = 0, nd = 0, rec;
	uint64_t t0;
	int block = -1;
	json_t *env;
	FILE *f;

	(void)state;
	test_config(cfg, sizeof(cfg), tmp, "stamps",
		    "[scenario stamps]\nchip = soft\nwait = spin\n"
		    "designs = flow\n"
		    "rate = 5000\nduration_ms = 400\nblocks = 2\n"
		    "drain_ms = 10000\n");
	TEST_PATHS(tmp, "stamps", out, so, se);
	/* The report of a traced run: test_flow_order's. */
	char *argv[] = { (char *)irqlab, "run", cfg,	       "--trace", "-q",
			 "-o",		 out,	"--no-report", NULL };

	assert_int_equal(spawn_irqlab(argv, so, se, 0, NULL), 0);
	snprintf(path, sizeof(path), "%s/environment.json", out);
	env = json_load_file(path, 0, NULL);
	assert_non_null(env);
	ppm = json_number_value(json_object_get(json_object_get(env, "clock"),
						"rate_error_ppm"));
	read_ns = json_number_value(
		json_object_get(json_object_get(env, "clock"), "read_ns"));
	assert_true(ppm >= 0 && read_ns > 0);
	json_decref(env);

	/* The service events' times, per block and first seq. */
	snprintf(path, sizeof(path), "%s/trace", out);
	snprintf(line, sizeof(line), "%s/stamps.txt", tmp);
	char *bt[] = { "/usr/bin/babeltrace2", "--clock-cycles", path, NULL };

	assert_int_equal(spawn_irqlab(bt, line, se, 0, NULL), 0);
	f = fopen(line, "r");
	assert_non_null(f);
	while (fgets(line, sizeof(line), f)) {
		uint64_t ts = strtoull(line + 1, NULL, 10);
		char *p;

		/* Other blocks (the tracepoints' cost) are not ours. */
		if (strstr(line, "irqlab:block_begin"))
			block = strstr(line, "scenario = \"stamps\"") ?
					(int)strtol(strstr(line, "block = ") +
							    8,
						    NULL, 10) :
					-1;
		if (!strstr(line, "irqlab:service") || block < 0 || block > 1)
			continue;
		p = strstr(line, "first = ");
		assert_non_null(p);
		unsigned long first = strtoul(p + 8, NULL, 10);
		unsigned long count =
			strtoul(strstr(p, "count = ") + 8, NULL, 10);

		for (unsigned long k = first; k < first + count && k < 4000;
		     k++)
			service_ts[block][k] = ts;
	}
	fclose(f);

	snprintf(path, sizeof(path), "%s/samples.bin", out);
	b = (unsigned char *)slurp_len(path, &n);
	assert_non_null(b);
	rec = le(b + 12, 4);
	t0 = le(b + 16, 8);
	d = calloc(n / rec + 1, sizeof(*d));
	assert_non_null(d);
	for (size_t off = 32; off + rec <= n; off += rec) {
		const unsigned char *r = b + off;
		unsigned int seq = (unsigned int)le(r + 24, 4);
		unsigned int blk = (unsigned int)le(r + 36, 2);
		uint64_t stamp = t0 + le(r, 8) + le(r + 8, 8), ts;
		double err;

		if (!(r[31] & 1) || blk > 1 || seq >= 4000)
			continue;
		ts = service_ts[blk][seq];
		assert_true(ts > 0); /* every serviced event was traced */
		err = ppm * 1e-6 * (double)(ts - t0) + 2 * read_ns + 10;
		d[nd] = (double)ts - (double)stamp;
		if (d[nd] < -err)
			fail_msg(
				"block %u seq %u: the trace's service event is %.0f ns before the sample's entry stamp; the clock's stated error is %.0f ns",
				blk, seq, -d[nd], err);
		nd++;
	}
	assert_true(nd > 1000);
	qsort(d, nd, sizeof(*d), cmp_double);
	/* About one tracepoint after the stamp, usually. */
	if (d[nd / 2] > 5000)
		fail_msg(
			"the median service event comes %.0f ns after the entry stamp",
			d[nd / 2]);
	free(d);
	free(b);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_flow_order),
		cmocka_unit_test(test_stamps_match_trace),
		cmocka_unit_test(test_tiny_buffer_fails),
		cmocka_unit_test(test_sigint_traced),
		cmocka_unit_test(test_snapshot_at_break),
		cmocka_unit_test(test_relayd),
	};
	int ret;

	if (argc < 3)
		return 77;
	ret = traced_run_skip(true);
	if (ret)
		return ret;
	/* Orphaned daemons come to us, for lttng_daemons() to count. */
	if (prctl(PR_SET_CHILD_SUBREAPER, 1))
		return 1;
	irqlab = argv[1];
	if (!mkdtemp(tmp))
		return 1;
	ret = cmocka_run_group_tests(tests, NULL, NULL);
	return test_scratch_end(tmp, ret);
}
