// SPDX-License-Identifier: GPL-2.0
/*
 * irqlab export perfetto on a known traced run: the file decoded back
 * with a reader of the protobuf wire format written here against
 * Perfetto's field numbers (Trace, TracePacket, TrackDescriptor,
 * TrackEvent, DebugAnnotation), refusing any field or wire type the
 * exporter should not write, every slice nested and every flow ending
 * where one began; then its tracks, slices and flows counted against
 * what babeltrace2's own text output and summary.json say of the run.
 * Perfetto's trace processor is not packaged for Debian: this is the
 * schema check in its place.
 */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <jansson.h>
#include <unistd.h>
#include "traced.h"
#include "traced_run.h"

static const char *irqlab;
static char tmp[] = "/tmp/irqlab-perfetto-XXXXXX";

struct rd {
	const uint8_t *p, *end;
};

static uint64_t varint(struct rd *r)
{
	uint64_t v = 0;

	for (int s = 0; s < 64; s += 7) {
		assert_true(r->p < r->end);
		v |= (uint64_t)(*r->p & 0x7f) << s;
		if (!(*r->p++ & 0x80))
			return v;
	}
	fail_msg("varint longer than 10 bytes");
	return 0;
}

/* The next field: its number, wire type, value or bytes. */
static bool field(struct rd *r, unsigned int *num, unsigned int *wire,
		  uint64_t *v, struct rd *sub)
{
	uint64_t tag, len;

	if (r->p == r->end)
		return false;
	tag = varint(r);
	*num = (unsigned int)(tag >> 3);
	*wire = (unsigned int)(tag & 7);
	switch (*wire) {
	case 0:
		*v = varint(r);
		break;
	case 1:
		assert_true(r->end - r->p >= 8);
		*v = 0;
		for (int i = 0; i < 8; i++)
			*v |= (uint64_t)r->p[i] << (8 * i);
		r->p += 8;
		break;
	case 2:
		len = varint(r);
		assert_true((uint64_t)(r->end - r->p) >= len);
		sub->p = r->p;
		sub->end = r->p + len;
		r->p += len;
		break;
	default:
		fail_msg("wire type %u (field %u) is not one the trace uses",
			 *wire, *num);
	}
	return true;
}

#define MAX_TRACKS 64
#define MAX_FLOWS 65536 /* on one event: a service's drained events */
#define MAX_DEPTH 8

struct track {
	uint64_t uuid, last_ts;
	char name[64];
	unsigned int depth;
};

struct seen {
	struct track t[MAX_TRACKS];
	size_t nt;
	uint64_t packets, slices, instants, flows_begun, flows_ended;
	uint64_t wakes_begun, wakes_ended; /* of those, thread wakes' */
	uint64_t irq_slices, thread_slices, service_instants, blocks;
	uint64_t dispatch_blocks, op_slices;
	uint64_t *open_flows; /* begun, not yet ended */
	size_t nopen, capopen;
	bool first;
};

static struct track *track_of(struct seen *s, uint64_t uuid)
{
	for (size_t i = 0; i < s->nt; i++)
		if (s->t[i].uuid == uuid)
			return &s->t[i];
	return NULL;
}

static void descriptor(struct seen *s, struct rd r)
{
	unsigned int n, w;
	uint64_t v, parent = 0;
	struct rd sub;
	struct track *t;

	assert_true(s->nt < MAX_TRACKS);
	t = &s->t[s->nt];
	memset(t, 0, sizeof(*t));
	while (field(&r, &n, &w, &v, &sub)) {
		if (n == 1 && w == 0)
			t->uuid = v;
		else if (n == 2 && w == 2)
			snprintf(t->name, sizeof(t->name), "%.*s",
				 (int)(sub.end - sub.p), (const char *)sub.p);
		else if (n == 5 && w == 0)
			parent = v;
		else
			fail_msg("TrackDescriptor field %u wire %u", n, w);
	}
	assert_non_null(t->name[0] ? t : NULL);
	assert_null(track_of(s, t->uuid));
	if (parent)
		assert_non_null(track_of(s, parent));
	s->nt++;
}

static void flow_begin(struct seen *s, uint64_t id)
{
	if (s->nopen == s->capopen) {
		s->capopen = s->capopen ? 2 * s->capopen : 1024;
		s->open_flows = realloc(s->open_flows,
					s->capopen * sizeof(*s->open_flows));
		assert_non_null(s->open_flows);
	}
	s->open_flows[s->nopen++] = id;
	s->flows_begun++;
	s->wakes_begun += id >> 63;
}

/* A flow ends where one began and is still open (most recent first). */
static void flow_end(struct seen *s, uint64_t id)
{
	for (size_t i = s->nopen; i-- > 0;)
		if (s->open_flows[i] == id) {
			s->open_flows[i] = s->open_flows[--s->nopen];
			s->flows_ended++;
			s->wakes_ended += id >> 63;
			return;
		}
	fail_msg("flow %016llx ends where none began", (unsigned long long)id);
}

static void annotation(struct rd r)
{
	unsigned int n, w;
	uint64_t v;
	struct rd sub;

	while (field(&r, &n, &w, &v, &sub))
		assert_true((n == 10 && w == 2) || (n == 3 && w == 0) ||
			    (n == 6 && w == 2));
}

/* What the name of a slice says: counted by kind. */
static void slice_name(struct seen *s, const struct track *t, const char *name)
{
	if (!strncmp(t->name, "CPU ", 4) && !strncmp(name, "irq ", 4))
		s->irq_slices++;
	else if (!strncmp(name, "op.", 3))
		s->op_slices++;
	else if (!strcmp(name, "thread_fn"))
		s->thread_slices++;
	else if (!strcmp(t->name, "blocks")) {
		s->blocks++;
		s->dispatch_blocks += !strncmp(name, "dispatch-cost/", 14);
	}
}

static void event(struct seen *s, struct rd r, uint64_t ts)
{
	unsigned int n, w, type = 0;
	static uint64_t flows[MAX_FLOWS], ends[MAX_FLOWS];
	uint64_t v, tu = 0;
	size_t nf = 0, ne = 0;
	char name[96] = "";
	struct rd sub;
	struct track *t;

	while (field(&r, &n, &w, &v, &sub)) {
		if (n == 9 && w == 0)
			type = (unsigned int)v;
		else if (n == 11 && w == 0)
			tu = v;
		else if (n == 23 && w == 2)
			snprintf(name, sizeof(name), "%.*s",
				 (int)(sub.end - sub.p), (const char *)sub.p);
		else if (n == 4 && w == 2)
			annotation(sub);
		else if (n == 47 && w == 1 && nf < MAX_FLOWS)
			flows[nf++] = v;
		else if (n == 48 && w == 1 && ne < MAX_FLOWS)
			ends[ne++] = v;
		else
			fail_msg("TrackEvent field %u wire %u", n, w);
	}
	t = track_of(s, tu);
	assert_non_null(t); /* described before it is used */
	assert_true(ts >= t->last_ts);
	t->last_ts = ts;
	assert_true(type >= 1 && type <= 3);
	if (type == 1) {
		assert_true(name[0] && t->depth < MAX_DEPTH);
		t->depth++;
		s->slices++;
		slice_name(s, t, name);
	} else if (type == 2) {
		assert_true(t->depth > 0); /* an end closes an open slice */
		t->depth--;
	} else {
		s->instants++;
		s->service_instants += !strcmp(name, "service");
	}
	for (size_t i = 0; i < ne; i++)
		flow_end(s, ends[i]);
	for (size_t i = 0; i < nf; i++)
		flow_begin(s, flows[i]);
}

static void packet(struct seen *s, struct rd r)
{
	unsigned int n, w;
	uint64_t v, ts = 0, seq = 0, flags = 0;
	struct rd sub, te = { 0 }, td = { 0 };

	while (field(&r, &n, &w, &v, &sub)) {
		if (n == 8 && w == 0)
			ts = v;
		else if (n == 10 && w == 0)
			seq = v;
		else if (n == 13 && w == 0)
			flags = v;
		else if (n == 11 && w == 2)
			te = sub;
		else if (n == 60 && w == 2)
			td = sub;
		else
			fail_msg("TracePacket field %u wire %u", n, w);
	}
	assert_true(seq != 0); /* trusted_packet_sequence_id */
	/* The first packet clears the sequence's incremental state. */
	assert_int_equal(flags, s->first ? 1 : 0);
	s->first = false;
	s->packets++;
	assert_true(!te.p != !td.p);
	if (td.p)
		descriptor(s, td);
	else
		event(s, te, ts);
}

static void decode(const char *path, struct seen *s)
{
	FILE *f = fopen(path, "rb");
	uint8_t *buf;
	long len;
	struct rd r, sub;
	unsigned int n, w;
	uint64_t v;

	assert_non_null(f);
	fseek(f, 0, SEEK_END);
	len = ftell(f);
	rewind(f);
	buf = malloc((size_t)len + 1);
	assert_non_null(buf);
	assert_int_equal(fread(buf, 1, (size_t)len, f), (size_t)len);
	fclose(f);
	memset(s, 0, sizeof(*s));
	s->first = true;
	r.p = buf;
	r.end = buf + len;
	while (field(&r, &n, &w, &v, &sub)) {
		assert_int_equal(n, 1); /* Trace.packet */
		assert_int_equal(w, 2);
		packet(s, sub);
	}
	for (size_t i = 0; i < s->nt; i++)
		assert_int_equal(s->t[i].depth, 0); /* every slice ended */
	free(buf);
}

/* babeltrace2's own count of each event of the run's trace, read once. */
static struct {
	char name[32];
	uint64_t n;
} counts[64];

static void bt_counts(void)
{
	char cmd[600], line[160];
	unsigned long long n;
	size_t k = 0;
	FILE *p;

	snprintf(
		cmd, sizeof(cmd),
		"babeltrace2 %s/run/trace | awk '{ c[$4]++ } END { for (e in c) print c[e], e }'",
		tmp);
	p = popen(cmd, "r");
	assert_non_null(p);
	while (fgets(line, sizeof(line), p) && k < 64)
		if (sscanf(line, "%llu irqlab:%31[a-z_]:", &n,
			   counts[k].name) == 2)
			counts[k++].n = n;
	assert_int_equal(pclose(p), 0);
	assert_true(k > 5);
}

static uint64_t bt_count(const char *name)
{
	for (size_t k = 0; k < 64 && counts[k].name[0]; k++)
		if (!strcmp(counts[k].name, name))
			return counts[k].n;
	return 0;
}

/* The sum of @key over every design of summary.json. */
static uint64_t summary_sum(const char *key)
{
	char path[400];
	json_t *j, *sc, *d;
	size_t i, k;
	uint64_t sum = 0;

	snprintf(path, sizeof(path), "%s/run/summary.json", tmp);
	j = json_load_file(path, 0, NULL);
	assert_non_null(j);
	json_array_foreach(json_object_get(j, "scenarios"), i, sc)
		json_array_foreach(json_object_get(sc, "designs"), k, d) sum +=
		(uint64_t)json_integer_value(json_object_get(d, key));
	json_decref(j);
	return sum;
}

static size_t tracks_named(const struct seen *s, const char *prefix)
{
	size_t n = 0;

	for (size_t i = 0; i < s->nt; i++)
		n += !strncmp(s->t[i].name, prefix, strlen(prefix));
	return n;
}

static void export(const char *extra, const char *out)
{
	char cmd[800];

	snprintf(cmd, sizeof(cmd),
		 "%s export perfetto %s/run -o %s %s 2>%s.log", irqlab, tmp,
		 out, extra, out);
	assert_int_equal(system(cmd), 0);
}

static void test_all_blocks(void **state)
{
	struct seen s;
	char out[400];

	(void)state;
	snprintf(out, sizeof(out), "%s/all.pftrace", tmp);
	export("--dispatch-cost", out);
	decode(out, &s);
	/* The tracks: the run, its blocks, one simulated CPU, one device,
	 * the threaded design's irq thread. */
	assert_int_equal(tracks_named(&s, "irqlab run"), 1);
	assert_int_equal(tracks_named(&s, "blocks"), 1);
	assert_int_equal(tracks_named(&s, "CPU "), 1);
	assert_int_equal(tracks_named(&s, "device "), 1);
	assert_int_equal(tracks_named(&s, "irq/"), 1);
	/* A slice per interrupt, per irq thread run, per block. */
	assert_int_equal(s.irq_slices, bt_count("entry"));
	assert_int_equal(s.thread_slices, bt_count("thread_entry"));
	assert_int_equal(s.blocks, bt_count("block_begin"));
	assert_true(s.dispatch_blocks > 0);
	/* Chip operations inside interrupts; request_irq()'s are not. */
	assert_true(s.op_slices > 0 && s.op_slices <= bt_count("chip_op"));
	assert_int_equal(s.service_instants, bt_count("service"));
	/* A flow from every raise, ending at each serviced event's handler;
	 * one from every thread wake, ending at the thread's next run
	 * (where the wake was recorded before the run began: the woken
	 * thread can start on the other CPU before the waker's event). */
	assert_int_equal(s.flows_begun - s.wakes_begun, summary_sum("fired"));
	assert_int_equal(s.flows_ended - s.wakes_ended,
			 summary_sum("serviced"));
	assert_int_equal(s.wakes_begun, bt_count("thread_wake"));
	assert_true(s.wakes_ended > 0 &&
		    s.wakes_ended <= bt_count("thread_entry"));
	free(s.open_flows);
}

static void test_default_leaves_dispatch_cost(void **state)
{
	struct seen s;
	char out[400];

	(void)state;
	snprintf(out, sizeof(out), "%s/run.pftrace", tmp);
	export("", out);
	decode(out, &s);
	assert_int_equal(s.dispatch_blocks, 0);
	assert_true(s.blocks > 0 && s.blocks < bt_count("block_begin"));
	assert_true(s.irq_slices > 0 && s.irq_slices < bt_count("entry"));
	assert_int_equal(s.flows_ended - s.wakes_ended,
			 summary_sum("serviced"));
	free(s.open_flows);
}

static void test_no_trace_refused(void **state)
{
	char cmd[800];
	int rc;

	(void)state;
	snprintf(
		cmd, sizeof(cmd),
		"mkdir %s/empty && %s export perfetto %s/empty -o %s/x.pftrace 2>/dev/null",
		tmp, irqlab, tmp, tmp);
	rc = system(cmd);
	assert_true(WIFEXITED(rc) && WEXITSTATUS(rc) == 4);
	snprintf(cmd, sizeof(cmd), "%s/x.pftrace", tmp);
	assert_int_not_equal(access(cmd, F_OK), 0);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_all_blocks),
		cmocka_unit_test(test_default_leaves_dispatch_cost),
		cmocka_unit_test(test_no_trace_refused),
	};
	int ret;

	if (argc < 3)
		return 77;
	ret = traced_run_skip(false);
	if (ret)
		return ret;
	irqlab = argv[1];
	if (!mkdtemp(tmp))
		return 1;
	if (export_traced_run(irqlab, tmp)) {
		fprintf(stderr, "irqlab run --trace failed: see %s/run.log\n",
			tmp);
		return 1;
	}
	bt_counts();
	ret = cmocka_run_group_tests(tests, NULL, NULL);
	if (!ret) {
		char cmd[100];

		snprintf(cmd, sizeof(cmd), "rm -rf %s", tmp);
		if (system(cmd))
			return 1;
	}
	return ret;
}
