// SPDX-License-Identifier: GPL-2.0
/*
 * stages_graph_run() (stages.h): the graph src.ctf.fs (one per trace
 * directory) -> flt.utils.muxer -> sink.irqlab.stages built in-process,
 * the sink's class made here so that no plugin file is needed, and a
 * failure turned into one sentence naming the trace.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "sink.h"

/* Collapse a library message to one line, without its trailing period. */
static void one_line(char *dst, size_t len, const char *src)
{
	size_t j = 0;

	for (size_t i = 0; src[i] && j + 1 < len; i++)
		dst[j++] = src[i] == '\n' || src[i] == '\t' ? ' ' : src[i];
	while (j && (dst[j - 1] == ' ' || dst[j - 1] == '.'))
		j--;
	dst[j] = '\0';
	/* Drop the "key=value, ..." tail of addresses the library adds. */
	for (char *p = strstr(dst, ": "); p; p = strstr(p + 1, ": ")) {
		size_t w = strspn(p + 2, "abcdefghijklmnopqrstuvwxyz-");

		if (w && p[2 + w] == '=') {
			*p = '\0';
			break;
		}
	}
}

/*
 * Babeltrace2's causes run from the root (index 0: src.ctf.fs's own
 * reading of the file, which names it) to the most recent (the graph's
 * "component's consume method failed"). The root is the cause worth a
 * sentence; the trace is the directory of a source component named
 * among them, else @at, the one being added when it failed.
 */
static void graph_error(char *const *dirs, size_t ndirs, const char *at,
			const char *what, char *err, size_t errlen)
{
	const bt_error *e = bt_current_thread_take_error();
	const char *root = NULL, *dir = NULL;
	char msg[1024];
	uint64_t n = e ? bt_error_get_cause_count(e) : 0;

	for (uint64_t i = 0; i < n; i++) {
		const bt_error_cause *c = bt_error_borrow_cause_by_index(e, i);
		const char *m = bt_error_cause_get_message(c);
		size_t idx;

		if (m && *m && !root)
			root = m;
		if (bt_error_cause_get_actor_type(c) ==
			    BT_ERROR_CAUSE_ACTOR_TYPE_COMPONENT &&
		    sscanf(bt_error_cause_component_actor_get_component_name(c),
			   "src-%zu", &idx) == 1 &&
		    idx < ndirs)
			dir = dirs[idx];
		if (bt_error_cause_get_actor_type(c) ==
			    BT_ERROR_CAUSE_ACTOR_TYPE_MESSAGE_ITERATOR &&
		    sscanf(bt_error_cause_message_iterator_actor_get_component_name(
				   c),
			   "src-%zu", &idx) == 1 &&
		    idx < ndirs)
			dir = dirs[idx];
	}
	one_line(msg, sizeof(msg), root ? root : what);
	/* A clause after the directory: "DIR: failed to index ...". */
	if (msg[0] >= 'A' && msg[0] <= 'Z' && msg[1] >= 'a' && msg[1] <= 'z')
		msg[0] = (char)(msg[0] - 'A' + 'a');
	if (!dir)
		dir = at ? at : ndirs == 1 ? dirs[0] : NULL;
	if (dir)
		snprintf(err, errlen, "%s: %s", dir, msg);
	else
		snprintf(err, errlen, "%s", msg);
	if (e)
		bt_error_release(e);
}

static int connect_source(bt_graph *g, const bt_component_source *src,
			  const bt_component_filter *mux)
{
	uint64_t n = bt_component_source_get_output_port_count(src);

	for (uint64_t i = 0; i < n; i++) {
		const bt_port_output *out =
			bt_component_source_borrow_output_port_by_index_const(
				src, i);
		const bt_port_input *in = NULL;
		uint64_t m = bt_component_filter_get_input_port_count(mux);

		/* The muxer always keeps one free input port. */
		for (uint64_t j = 0; j < m && !in; j++) {
			const bt_port_input *p =
				bt_component_filter_borrow_input_port_by_index_const(
					mux, j);

			if (!bt_port_is_connected(
				    bt_port_input_as_port_const(p)))
				in = p;
		}
		if (!in || bt_graph_connect_ports(g, out, in, NULL))
			return -EIO;
	}
	return 0;
}

/* A plugin by name, from the usual places; NULL if not there. */
static const bt_plugin *plugin_get(const char *name)
{
	const bt_plugin *p = NULL;

	if (bt_plugin_find(name, BT_TRUE, BT_TRUE, BT_TRUE, BT_TRUE, BT_FALSE,
			   &p) != BT_PLUGIN_FIND_STATUS_OK)
		return NULL;
	return p;
}

static bt_component_class_sink *sink_class(void)
{
	bt_component_class_sink *c =
		bt_component_class_sink_create("stages", stages_sink_consume);

	if (!c)
		return NULL;
	if (bt_component_class_sink_set_initialize_method(
		    c, stages_sink_initialize) ||
	    bt_component_class_sink_set_finalize_method(c,
							stages_sink_finalize) ||
	    bt_component_class_sink_set_graph_is_configured_method(
		    c, stages_sink_graph_is_configured)) {
		bt_component_class_sink_put_ref(c);
		return NULL;
	}
	return c;
}

static bt_value *source_params(const char *dir)
{
	bt_value *p = bt_value_map_create(), *inputs = NULL;

	if (!p || bt_value_map_insert_empty_array_entry(p, "inputs", &inputs) ||
	    bt_value_array_append_string_element(inputs, dir)) {
		bt_value_put_ref(p);
		return NULL;
	}
	return p;
}

static int run_graph(bt_graph *g)
{
	for (;;) {
		switch (bt_graph_run(g)) {
		case BT_GRAPH_RUN_STATUS_OK:
			return 0;
		case BT_GRAPH_RUN_STATUS_AGAIN:
			usleep(100);
			continue;
		case BT_GRAPH_RUN_STATUS_MEMORY_ERROR:
			return -ENOMEM;
		default:
			return -EIO;
		}
	}
}

/* The component classes of the graph, and the plugins that hold two. */
struct graph_classes {
	const bt_plugin *ctf, *utils;
	const bt_component_class_source *fs;
	const bt_component_class_filter *muxer;
	bt_component_class_sink *sink;
};

static void classes_put(struct graph_classes *c)
{
	bt_component_class_sink_put_ref(c->sink);
	bt_plugin_put_ref(c->ctf);
	bt_plugin_put_ref(c->utils);
}

/* 0, -ENOENT (Babeltrace2's plugins are not there) or -ENOMEM. */
static int classes_get(struct graph_classes *c, char *err, size_t errlen)
{
	c->ctf = plugin_get("ctf");
	c->utils = plugin_get("utils");
	if (c->ctf)
		c->fs = bt_plugin_borrow_source_component_class_by_name_const(
			c->ctf, "fs");
	if (c->utils)
		c->muxer =
			bt_plugin_borrow_filter_component_class_by_name_const(
				c->utils, "muxer");
	if (!c->fs || !c->muxer) {
		snprintf(
			err, errlen,
			"cannot load Babeltrace2's %s plugin (src.ctf.fs, flt.utils.muxer): is babeltrace2 installed?",
			c->fs ? "utils" : "ctf");
		bt_current_thread_clear_error();
		return -ENOENT;
	}
	c->sink = sink_class();
	if (!c->sink) {
		snprintf(err, errlen, "out of memory building the trace graph");
		return -ENOMEM;
	}
	return 0;
}

/*
 * The muxer, the sink (its result into @r), and a source per directory
 * of @dirs, connected. On failure, *@what says what was being done and
 * *@at the trace being added, for graph_error(). 0, -ENOMEM or -EIO.
 */
static int graph_build(bt_graph *g, const struct graph_classes *c,
		       char *const *dirs, size_t n, struct stages_result *r,
		       const char **what, const char **at)
{
	const bt_component_filter *mux = NULL;
	const bt_component_sink *sink = NULL;

	*what = "cannot build the trace graph";
	if (bt_graph_add_filter_component(g, c->muxer, "muxer", NULL,
					  BT_LOGGING_LEVEL_NONE, &mux) ||
	    bt_graph_add_sink_component_with_initialize_method_data(
		    g, c->sink, "stages", NULL, r, BT_LOGGING_LEVEL_NONE,
		    &sink))
		return -EIO;
	for (size_t i = 0; i < n; i++) {
		const bt_component_source *src = NULL;
		bt_value *params = source_params(dirs[i]);
		char name[32];
		int st;

		if (!params)
			return -ENOMEM;
		snprintf(name, sizeof(name), "src-%zu", i);
		*what = "cannot open the trace";
		st = bt_graph_add_source_component(g, c->fs, name, params,
						   BT_LOGGING_LEVEL_NONE, &src);
		bt_value_put_ref(params);
		if (st || connect_source(g, src, mux)) {
			*at = dirs[i];
			return -EIO;
		}
	}
	*what = "cannot connect the trace graph";
	if (bt_graph_connect_ports(
		    g,
		    bt_component_filter_borrow_output_port_by_name_const(mux,
									 "out"),
		    bt_component_sink_borrow_input_port_by_name_const(sink,
								      "in"),
		    NULL))
		return -EIO;
	return 0;
}

/* The graph of @dirs, built and run: its result into @out. */
static int graph_run_dirs(char *const *dirs, size_t n,
			  struct stages_result *out, char *err, size_t errlen)
{
	struct graph_classes c = { 0 };
	struct stages_result r = { .watch = out->watch,
				   .nwatch = out->nwatch,
				   .tap = out->tap };
	const char *what = NULL, *at = NULL;
	bt_graph *g = NULL;
	int ret;

	ret = classes_get(&c, err, errlen);
	if (ret)
		goto end;
	g = bt_graph_create(0);
	if (!g) {
		snprintf(err, errlen, "out of memory building the trace graph");
		ret = -ENOMEM;
		goto end;
	}
	ret = graph_build(g, &c, dirs, n, &r, &what, &at);
	if (!ret) {
		what = "cannot read the trace";
		ret = run_graph(g);
	}
	if (ret) {
		graph_error(dirs, n, at, what, err, errlen);
		if (ret != -ENOMEM)
			ret = -EIO;
		stages_result_free(&r);
		goto end;
	}
	/*
	 * src.ctf.fs ends a stream whose last packet does not decode as a
	 * short stream, and the graph succeeds, yet the decoding error is
	 * left as the thread's current error; the next Babeltrace2 call of
	 * this thread (the next stages_graph_run()) would abort on it
	 * (found by tests/fuzz/fuzz_trace.c). Nothing reports it: drop it.
	 */
	bt_current_thread_clear_error();
	*out = r;
end:
	bt_graph_put_ref(g);
	classes_put(&c);
	return ret;
}

/* The traces under @root, checked and run as @out's watch and tap say. */
static int graph_run_root(const char *root, struct stages_result *out,
			  char *err, size_t errlen)
{
	char **dirs = NULL;
	size_t n = 0;
	int ret;

	ret = stages_find_traces(root, &dirs, &n, err, errlen);
	if (ret)
		return ret;
	if (!n) {
		snprintf(
			err, errlen,
			"%s: no CTF trace there (no directory below it holds a metadata file)",
			root);
		return -ENOENT;
	}
	for (size_t i = 0; i < n && !ret; i++)
		ret = stages_trace_sizes_ok(dirs[i], err, errlen);
	if (!ret)
		ret = graph_run_dirs(dirs, n, out, err, errlen);
	for (size_t i = 0; i < n; i++)
		free(dirs[i]);
	free(dirs);
	return ret;
}

/*
 * stages_graph_run: src.ctf.fs per trace directory -> flt.utils.muxer
 * -> the sink, whose class is made here (no plugin file needed).
 */
int stages_graph_run(const char *root, struct stages_result *out, char *err,
		     size_t errlen)
{
	return stages_graph_run_watch(root, NULL, 0, out, err, errlen);
}

/*
 * stages_graph_run_watch: the same, and the own stages of each event of
 * @watch filled in as the graph sees it (stages.h, struct stages_watch).
 */
int stages_graph_run_watch(const char *root, struct stages_watch *watch,
			   size_t nwatch, struct stages_result *out, char *err,
			   size_t errlen)
{
	memset(out, 0, sizeof(*out));
	out->watch = watch;
	out->nwatch = nwatch;
	return graph_run_root(root, out, err, errlen);
}

/* stages_graph_run_tap: the same, each event shown to @tap first. */
int stages_graph_run_tap(const char *root, const struct stages_tap *tap,
			 struct stages_result *out, char *err, size_t errlen)
{
	memset(out, 0, sizeof(*out));
	out->tap = tap;
	return graph_run_root(root, out, err, errlen);
}
