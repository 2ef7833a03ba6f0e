// SPDX-License-Identifier: GPL-2.0
/*
 * irqlab history's index: one SQLite file (Debian's libsqlite3), written
 * whole from the runs and steps each time into FILE.tmp and renamed over
 * FILE, so that a reader never sees half of one and the same folders
 * give the same rows. docs/export.md lists the tables and their columns.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sqlite3.h>
#include "history_internal.h"

#define H_DB_FORMAT "1"

static const char schema[] =
	"CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT);"
	"CREATE TABLE runs(run INTEGER PRIMARY KEY, dir TEXT UNIQUE,"
	" run_id TEXT, host TEXT, cpu_model TEXT, kernel TEXT, irqlab TEXT,"
	" git_revision TEXT, build_type TEXT, sanitizer TEXT, build TEXT,"
	" config_hash TEXT, started TEXT, complete INTEGER, traced INTEGER);"
	"CREATE TABLE cells(run INTEGER REFERENCES runs, scenario TEXT,"
	" design TEXT, chip TEXT, trigger TEXT, flow TEXT, latency_from TEXT,"
	" blocks INTEGER, fired INTEGER, serviced INTEGER, coalesced INTEGER,"
	" stranded INTEGER, p50_ns INTEGER, p99_ns INTEGER, p999_ns INTEGER,"
	" max_ns INTEGER, p50_blocks_ns REAL, p50_lo_ns REAL, p50_hi_ns REAL,"
	" p99_blocks_ns REAL, p99_lo_ns REAL, p99_hi_ns REAL,"
	" serviced_per_s REAL, accesses_per_irq REAL,"
	" PRIMARY KEY(run, scenario, design));"
	"CREATE TABLE steps(step INTEGER PRIMARY KEY, host TEXT,"
	" config_hash TEXT, build_from TEXT, build_to TEXT,"
	" runs_from INTEGER, runs_to INTEGER, outcome TEXT, exit INTEGER);"
	"CREATE TABLE step_cells(step INTEGER REFERENCES steps,"
	" scenario TEXT, design TEXT, metric TEXT, base_ns REAL, run_ns REAL,"
	" ratio REAL, lo REAL, hi REAL, verdict TEXT);"
	"CREATE VIEW cell_history AS SELECT r.host, r.config_hash, r.build,"
	" r.started, r.dir, c.* FROM cells c JOIN runs r USING (run)"
	" ORDER BY r.host, r.config_hash, r.started;";

/* Binds in order from 1: the statement and where the next one goes. */
struct ins {
	sqlite3_stmt *st;
	int at, rc;
};

static void b_text(struct ins *i, const char *s)
{
	int rc = s ? sqlite3_bind_text(i->st, ++i->at, s, -1, SQLITE_STATIC) :
		     sqlite3_bind_null(i->st, ++i->at);

	if (rc != SQLITE_OK)
		i->rc = rc;
}

static void b_int(struct ins *i, int64_t v)
{
	int rc = sqlite3_bind_int64(i->st, ++i->at, v);

	if (rc != SQLITE_OK)
		i->rc = rc;
}

static void b_real(struct ins *i, double v)
{
	int rc = isfinite(v) ? sqlite3_bind_double(i->st, ++i->at, v) :
			       sqlite3_bind_null(i->st, ++i->at);

	if (rc != SQLITE_OK)
		i->rc = rc;
}

/* Step the statement with what was bound, and reset it. */
static int b_done(struct ins *i)
{
	int rc = i->rc ? i->rc : sqlite3_step(i->st);

	sqlite3_reset(i->st);
	sqlite3_clear_bindings(i->st);
	i->at = 0;
	i->rc = 0;
	return rc == SQLITE_DONE ? 0 : rc;
}

static int run_rows(sqlite3 *db, const struct h_run *r, int64_t id)
{
	struct ins i = { 0 };
	int rc = sqlite3_prepare_v2(
		db, "INSERT INTO runs VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
		-1, &i.st, NULL);

	if (rc)
		return rc;
	b_int(&i, id);
	b_text(&i, r->dir);
	b_text(&i, r->id);
	b_text(&i, r->host);
	b_text(&i, r->cpu_model);
	b_text(&i, r->kernel);
	b_text(&i, r->irqlab);
	b_text(&i, r->revision);
	b_text(&i, r->build_type);
	b_text(&i, r->sanitizer);
	b_text(&i, r->build);
	b_text(&i, r->config[0] ? r->config : NULL);
	b_text(&i, r->started);
	b_int(&i, r->complete);
	b_int(&i, r->traced);
	rc = b_done(&i);
	sqlite3_finalize(i.st);
	return rc;
}

static int cell_rows(sqlite3 *db, const struct h_run *r, int64_t id)
{
	struct ins i = { 0 };
	int rc = sqlite3_prepare_v2(
		db,
		"INSERT INTO cells VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
		-1, &i.st, NULL);

	for (size_t k = 0; !rc && k < r->nc; k++) {
		const struct h_cell *c = &r->c[k];

		b_int(&i, id);
		b_text(&i, c->scenario);
		b_text(&i, c->design);
		b_text(&i, c->chip);
		b_text(&i, c->trigger);
		b_text(&i, c->flow);
		b_text(&i, c->origin);
		b_int(&i, (int64_t)c->blocks);
		b_int(&i, (int64_t)c->fired);
		b_int(&i, (int64_t)c->serviced);
		b_int(&i, (int64_t)c->coalesced);
		b_int(&i, (int64_t)c->stranded);
		b_int(&i, (int64_t)c->p50);
		b_int(&i, (int64_t)c->p99);
		b_int(&i, (int64_t)c->p999);
		b_int(&i, (int64_t)c->max);
		b_real(&i, c->p50b);
		b_real(&i, c->p50lo);
		b_real(&i, c->p50hi);
		b_real(&i, c->p99b);
		b_real(&i, c->p99lo);
		b_real(&i, c->p99hi);
		b_real(&i, c->per_s);
		b_real(&i, c->accesses);
		rc = b_done(&i);
	}
	sqlite3_finalize(i.st);
	return rc;
}

static int step_rows(sqlite3 *db, const struct h_step *s, int64_t id)
{
	struct ins i = { 0 };
	int rc = sqlite3_prepare_v2(
		db, "INSERT INTO steps VALUES(?,?,?,?,?,?,?,?,?)", -1, &i.st,
		NULL);

	if (rc)
		return rc;
	b_int(&i, id);
	b_text(&i, s->host);
	b_text(&i, s->config[0] ? s->config : NULL);
	b_text(&i, s->from);
	b_text(&i, s->to);
	b_int(&i, (int64_t)s->nfrom);
	b_int(&i, (int64_t)s->nto);
	b_text(&i, s->outcome);
	b_int(&i, s->exit);
	rc = b_done(&i);
	sqlite3_finalize(i.st);
	if (rc ||
	    sqlite3_prepare_v2(
		    db, "INSERT INTO step_cells VALUES(?,?,?,?,?,?,?,?,?,?)",
		    -1, &i.st, NULL))
		return rc ? rc : SQLITE_ERROR;
	for (size_t k = 0; !rc && k < s->nv; k++) {
		const struct h_verdict *v = &s->v[k];

		b_int(&i, id);
		b_text(&i, v->scenario);
		b_text(&i, v->design);
		b_text(&i, v->metric);
		b_real(&i, v->base);
		b_real(&i, v->run);
		b_real(&i, v->ratio);
		b_real(&i, v->lo);
		b_real(&i, v->hi);
		b_text(&i, v->verdict);
		rc = b_done(&i);
	}
	sqlite3_finalize(i.st);
	return rc;
}

static int fill(sqlite3 *db, const struct h_run *runs, size_t nruns,
		const struct h_step *steps, size_t nsteps)
{
	int rc = sqlite3_exec(db, schema, NULL, NULL, NULL);

	if (!rc)
		rc = sqlite3_exec(
			db,
			"BEGIN;INSERT INTO meta VALUES('format'," H_DB_FORMAT
			");",
			NULL, NULL, NULL);
	for (size_t i = 0; !rc && i < nruns; i++) {
		rc = run_rows(db, &runs[i], (int64_t)i + 1);
		if (!rc)
			rc = cell_rows(db, &runs[i], (int64_t)i + 1);
	}
	for (size_t i = 0; !rc && i < nsteps; i++)
		rc = step_rows(db, &steps[i], (int64_t)i + 1);
	if (!rc)
		rc = sqlite3_exec(db, "COMMIT;", NULL, NULL, NULL);
	return rc;
}

int h_db_write(const char *path, const struct h_run *runs, size_t nruns,
	       const struct h_step *steps, size_t nsteps, char *err,
	       size_t errlen)
{
	char tmp[4200];
	sqlite3 *db = NULL;
	int rc;

	snprintf(tmp, sizeof(tmp), "%s.tmp", path);
	unlink(tmp);
	rc = sqlite3_open_v2(tmp, &db,
			     SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL);
	if (!rc)
		rc = fill(db, runs, nruns, steps, nsteps);
	if (rc)
		snprintf(err, errlen, "%s: %s", tmp,
			 db ? sqlite3_errmsg(db) : sqlite3_errstr(rc));
	if (sqlite3_close(db) && !rc) {
		rc = SQLITE_ERROR;
		snprintf(err, errlen, "%s: cannot close", tmp);
	}
	if (!rc && rename(tmp, path)) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		rc = SQLITE_ERROR;
	}
	if (rc) {
		unlink(tmp);
		return -EIO;
	}
	return 0;
}
