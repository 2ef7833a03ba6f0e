// SPDX-License-Identifier: GPL-2.0
/*
 * Interruptions that leave a clean folder (docs/results.md): SIGINT,
 * SIGTERM and SIGKILL sent to `irqlab run` at each stage, which
 * IRQLAB_PAUSE_AT holds it at (analysis/stats/outcome.c
 * ana_stage_pause()), so that each signal lands where the test means,
 * every time:
 *
 *   measuring   after the first block: SIGINT/SIGTERM keep what was
 *               measured, marked INCOMPLETE (130/143); SIGKILL leaves
 *               the staged .NAME.tmp, which `irqlab report` names in one
 *               sentence and the next run into the name removes
 *   samples     samples.bin half-written as the folder closes: the run
 *               was measured whole, so SIGINT/SIGTERM leave it complete
 *               without a report, saying how to write it; SIGKILL as
 *               above
 *   gnuplot     a figure being drawn, gnuplot started: SIGINT to the
 *               whole process group, as Ctrl-C on a terminal, and
 *               SIGTERM to irqlab are an interruption, not "gnuplot
 *               failed", and leave the folder as for report
 *   report      the report's .tmp files half-written: SIGINT (to the
 *               whole process group, as Ctrl-C on a terminal) and
 *               SIGTERM remove them and say the measurement is
 *               complete; SIGKILL leaves them for the next report
 *
 * Every folder left is then read by `irqlab report` and `irqlab
 * compare`. Last, the table and the finding in one pipe: the table,
 * then the finding, never one inside the other.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/stat.h>
#include <cmocka.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>
#include "e2e.h"

extern char **environ;

static const char *irqlab;
static char tmp[] = "/tmp/irqlab-interrupt-XXXXXX";

#define CONFIG                                                              \
	"[run]\nduration_ms = 60\nblocks = 2\ndrain_ms = 20\nrate = 5000\n" \
	"[scenario s]\nchip = ioapic\ntrigger = edge\n"                     \
	"designs = flow do_irq edge-masking\npattern = burst\nburst = 3\n"  \
	"burst_gap_ns = 3000\n"

static char cfg[4300];

static bool exists(const char *dir, const char *name)
{
	char p[8800];
	struct stat st;

	snprintf(p, sizeof(p), "%s%s%s", dir, *name ? "/" : "", name);
	return !lstat(p, &st);
}

/* `irqlab ARGS...`: its exit status, its stderr into @err (free it). */
static int tool(char **err, const char *a0, const char *a1, const char *a2)
{
	char so[4300], se[4300];
	char *argv[] = { (char *)irqlab, (char *)a0, (char *)a1, (char *)a2,
			 NULL };
	int rc;

	snprintf(so, sizeof(so), "%s/tool.out", tmp);
	snprintf(se, sizeof(se), "%s/tool.err", tmp);
	rc = spawn_irqlab(argv, so, se, 0, NULL);
	*err = slurp(se);
	assert_non_null(*err);
	return rc;
}

/* The folder holds up: report writes its report, compare reads it. */
static void readable(const char *out)
{
	char *err;
	int rc;

	rc = tool(&err, "report", out, "--no-trace");
	if (rc)
		fail_msg("irqlab report %s: exit %d: %s", out, rc, err);
	free(err);
	assert_true(exists(out, "report.md"));
	assert_false(exists(out, "report.md.tmp"));
	assert_false(exists(out, "report.html.tmp"));
	rc = tool(&err, "compare", out, out);
	if (rc != 0 && rc != 2 && rc != 3)
		fail_msg("irqlab compare %s %s: exit %d: %s", out, out, rc,
			 err);
	free(err);
}

/*
 * `irqlab run` into @name, held at @stage and sent @sig there (to its
 * process group where @group). Its exit status; stderr in @err.
 */
static int run_stopped(const char *name, const char *stage, int sig, bool group,
		       char *out, size_t outlen, char **err)
{
	char so[4300], se[4300], after[128];
	char *argv[] = { (char *)irqlab, "run", cfg, "-o", out, NULL };
	posix_spawn_file_actions_t fa;
	posix_spawnattr_t at;
	int status, rc;
	pid_t pid;

	snprintf(out, outlen, "%s/%s", tmp, name);
	snprintf(so, sizeof(so), "%s/%s.out", tmp, name);
	snprintf(se, sizeof(se), "%s/%s.err", tmp, name);
	snprintf(after, sizeof(after), "paused at %s", stage);
	setenv("IRQLAB_PAUSE_AT", stage, 1);
	if (!group) {
		rc = spawn_irqlab(argv, so, se, sig, after);
	} else {
		/* As a terminal's Ctrl-C: the whole foreground group. */
		posix_spawn_file_actions_init(&fa);
		posix_spawn_file_actions_addopen(
			&fa, 1, so, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		posix_spawn_file_actions_addopen(
			&fa, 2, se, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		posix_spawnattr_init(&at);
		posix_spawnattr_setflags(&at, POSIX_SPAWN_SETPGROUP);
		posix_spawnattr_setpgroup(&at, 0);
		rc = posix_spawn(&pid, irqlab, &fa, &at, argv, environ);
		posix_spawnattr_destroy(&at);
		posix_spawn_file_actions_destroy(&fa);
		assert_int_equal(rc, 0);
		for (int i = 0; i < SPAWN_AFTER_WAIT_S * 100; i++) {
			char *e = slurp(se);
			bool there = e && strstr(e, after);

			free(e);
			if (there)
				break;
			usleep(10000);
		}
		kill(-pid, sig);
		assert_int_equal(waitpid(pid, &status, 0), pid);
		rc = WIFEXITED(status) ? WEXITSTATUS(status) :
					 128 + WTERMSIG(status);
	}
	unsetenv("IRQLAB_PAUSE_AT");
	*err = slurp(se);
	assert_non_null(*err);
	if (!strstr(*err, after))
		fail_msg("%s: never %s: %s", name, after, *err);
	return rc;
}

/* @out's staged .NAME.tmp, into @staged. */
static void staged_of(const char *name, char *staged, size_t len)
{
	snprintf(staged, len, "%s/.%s.tmp", tmp, name);
}

/*
 * A SIGKILL at @stage: nothing under the final name, the staged folder
 * left, named by `irqlab report` in one sentence, and removed by the
 * next run into the same name, whose folder then holds up.
 */
static void killed_while_measuring(const char *name, const char *stage)
{
	char out[4400], staged[4400], *err, *nl;
	int rc;

	rc = run_stopped(name, stage, SIGKILL, false, out, sizeof(out), &err);
	free(err);
	assert_int_equal(rc, 128 + SIGKILL);
	assert_false(exists(out, ""));
	staged_of(name, staged, sizeof(staged));
	assert_true(exists(staged, ""));
	rc = tool(&err, "report", staged, NULL);
	assert_int_equal(rc, 4);
	nl = strchr(err, '\n');
	assert_non_null(nl);
	assert_string_equal(nl + 1, ""); /* one sentence, one line */
	if (!strstr(err, "killed before it finished") ||
	    !strstr(err, "next `irqlab run -o`"))
		fail_msg("irqlab report on %s: %s", staged, err);
	free(err);
	rc = tool(&err, "report", out, NULL);
	assert_int_equal(rc, 4);
	assert_non_null(strstr(err, "its run has not finished"));
	free(err);
	/* The next run into the same name: the staged folder goes. */
	{
		char so[4500], se[4500];
		char *argv[] = { (char *)irqlab, "run", cfg, "-o", out,
				 "--no-report",	 NULL };

		snprintf(so, sizeof(so), "%s/%s.again.out", tmp, name);
		snprintf(se, sizeof(se), "%s/%s.again.err", tmp, name);
		rc = spawn_irqlab(argv, so, se, 0, NULL);
		err = slurp(se);
	}
	if (rc)
		fail_msg("the run after the kill: exit %d: %s", rc, err);
	assert_non_null(strstr(err, "removed its staged .NAME.tmp"));
	free(err);
	assert_false(exists(staged, ""));
	assert_false(exists(out, "INCOMPLETE"));
	readable(out);
}

/* SIGINT or SIGTERM while measuring: kept, INCOMPLETE, 130 or 143. */
static void stopped_measuring(const char *name, int sig)
{
	char out[4400], staged[4400], *err;
	int rc = run_stopped(name, "measuring", sig, false, out, sizeof(out),
			     &err);

	if (rc != (sig == SIGINT ? 130 : 143))
		fail_msg("%s: exit %d: %s", name, rc, err);
	free(err);
	staged_of(name, staged, sizeof(staged));
	assert_false(exists(staged, ""));
	assert_true(exists(out, "INCOMPLETE"));
	assert_false(exists(out, "report.md"));
	readable(out);
}

/*
 * SIGINT or SIGTERM once the measurement is whole (samples.bin being
 * written as the folder closes, or the report): the folder complete, no
 * report file half-written, and the way to write the report said.
 */
static void stopped_complete(const char *name, const char *stage, int sig,
			     bool group)
{
	char out[4400], *err;
	int rc = run_stopped(name, stage, sig, group, out, sizeof(out), &err);

	if (rc != (sig == SIGINT ? 130 : 143))
		fail_msg("%s: exit %d: %s", name, rc, err);
	if (!strstr(err, "the measurement is complete in") ||
	    !strstr(err, "`irqlab report ") || strstr(err, "failed"))
		fail_msg("%s: %s", name, err);
	free(err);
	assert_true(exists(out, "summary.json"));
	assert_false(exists(out, "INCOMPLETE"));
	assert_false(exists(out, "report.md"));
	assert_false(exists(out, "report.md.tmp"));
	assert_false(exists(out, "report.html.tmp"));
	readable(out);
}

static void test_measuring(void **state)
{
	(void)state;
	stopped_measuring("m-int", SIGINT);
	stopped_measuring("m-term", SIGTERM);
	killed_while_measuring("m-kill", "measuring");
}

static void test_samples(void **state)
{
	(void)state;
	stopped_complete("s-int", "samples", SIGINT, false);
	stopped_complete("s-term", "samples", SIGTERM, false);
	killed_while_measuring("s-kill", "samples");
}

static void test_report(void **state)
{
	char out[4400], *err;
	int rc;

	(void)state;
	stopped_complete("g-int", "gnuplot", SIGINT, true);
	stopped_complete("g-term", "gnuplot", SIGTERM, false);
	stopped_complete("r-int", "report", SIGINT, true);
	stopped_complete("r-term", "report", SIGTERM, false);
	/* SIGKILL: the .tmp files stay, and the next report removes them. */
	rc = run_stopped("r-kill", "report", SIGKILL, false, out, sizeof(out),
			 &err);
	free(err);
	assert_int_equal(rc, 128 + SIGKILL);
	assert_true(exists(out, "summary.json"));
	assert_true(exists(out, "report.md.tmp"));
	readable(out);
}

/*
 * stdout and stderr in one pipe: the table's rows, then the finding's
 * sentences, then irqlab's closing lines, in that order.
 */
static void test_pipe_order(void **state)
{
	char cmd[13000], path[4400], *text, *table, *finding, *row, *end;

	(void)state;
	snprintf(path, sizeof(path), "%s/pipe.txt", tmp);
	snprintf(cmd, sizeof(cmd),
		 "'%s' run '%s' -o '%s/pipe' 2>&1 | cat > '%s'", irqlab, cfg,
		 tmp, path);
	assert_int_equal(system(cmd), 0);
	text = slurp(path);
	assert_non_null(text);
	table = strstr(text, "\nscenario ");
	finding = strstr(text, "\n- On chip ioapic");
	end = strstr(text, "irqlab run: results in");
	if (!table || !finding || !end || !(table < finding) ||
	    !(finding < end))
		fail_msg("not table, finding, end: %s", text);
	/* Between the header and the finding: rows of the table only. */
	row = strchr(table + 1, '\n') + 1;
	while (row < finding) {
		if (strncmp(row, "s ", 2) && *row != '\n')
			fail_msg("inside the table: %.*s",
				 (int)strcspn(row, "\n"), row);
		row = strchr(row, '\n') + 1;
	}
	free(text);
}

static int setup(void **state)
{
	(void)state;
	test_config(cfg, sizeof(cfg), tmp, "interrupt", CONFIG);
	return 0;
}

static const struct CMUnitTest tests[] = {
	cmocka_unit_test_setup(test_measuring, setup),
	cmocka_unit_test_setup(test_samples, setup),
	cmocka_unit_test_setup(test_report, setup),
	cmocka_unit_test_setup(test_pipe_order, setup),
};

E2E_MAIN(tmp, irqlab, tests)
