// SPDX-License-Identifier: GPL-2.0
/*
 * The Babeltrace2 side of sink.irqlab.stages: the sink component class
 * methods, which decode each irqlab:* event message into a struct
 * stages_ev and feed it to stages.c. sink_graph.c builds the graph
 * src.ctf.fs -> flt.utils.muxer -> this sink in-process, over the traces
 * sink_traces.c finds. Laid out as Babeltrace2's own sink.utils.counter:
 * status enums, one error exit per method, parameters checked against
 * the one key there is.
 */
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include "sink.h"

#define T(type) (1u << STAGES_EV_##type)

/*
 * The payload members the state machine reads: where each goes in a
 * struct stages_ev, whether it is a string (the others integers), and
 * the types of event it is read for (struct stages_ev's fields): a
 * member of another type's event is not read at all.
 */
static const struct {
	const char *name;
	size_t off;
	bool str;
	unsigned int types;
} slot_names[] = {
	{ "irq", offsetof(struct stages_ev, irq), false,
	  T(RAISE) | T(SERVICE) | T(ENTRY) | T(EXIT) },
	{ "dev", offsetof(struct stages_ev, dev), false,
	  T(RAISE) | T(SERVICE) },
	{ "seq", offsetof(struct stages_ev, seq), false,
	  T(RAISE) | T(SERVICE) | T(CALIBRATE) },
	{ "first", offsetof(struct stages_ev, seq), false,
	  T(RAISE) | T(SERVICE) | T(CALIBRATE) },
	{ "i", offsetof(struct stages_ev, seq), false,
	  T(RAISE) | T(SERVICE) | T(CALIBRATE) },
	{ "count", offsetof(struct stages_ev, count), false, T(SERVICE) },
	{ "cpu", offsetof(struct stages_ev, cpu), false, T(ENTRY) | T(EXIT) },
	{ "op", offsetof(struct stages_ev, op), false, T(CHIP_OP) },
	{ "flow", offsetof(struct stages_ev, flow), true, T(FLOW) },
	{ "scenario", offsetof(struct stages_ev, scenario), true,
	  T(BLOCK_BEGIN) },
	{ "design", offsetof(struct stages_ev, design), true, T(BLOCK_BEGIN) },
	{ "chip", offsetof(struct stages_ev, chip), true, T(BLOCK_BEGIN) },
	{ "late", offsetof(struct stages_ev, late), false, T(RAISE) },
	{ "block", offsetof(struct stages_ev, block), false, T(BLOCK_BEGIN) },
};

#define MAX_SLOTS 8

/*
 * How a slot's field is read, known from its field class; K_OTHER: not
 * at all (a string where a number belongs, or another type).
 */
enum slot_kind { K_UNSIGNED, K_SIGNED, K_STRING, K_OTHER };

/*
 * An event class, resolved once: its type, whether its stream class has a
 * default clock, and where its fields are, how each is read and where it
 * goes, so that an event costs no name or type lookups.
 */
struct ev_class {
	const bt_event_class *ec;
	enum stages_ev_type type;
	bool clock;
	unsigned int nslots;
	struct {
		uint64_t index;
		size_t off;
		enum slot_kind kind;
	} slot[MAX_SLOTS];
};

/* A stream's key for stages_ev.stream, from its trace and cpu_id. */
struct stream_key {
	const bt_stream *stream;
	const bt_packet *packet;
	bool packets; /* its class supports packets */
	uint64_t key;
};

/*
 * Event classes and streams are looked up on every event: a direct-mapped
 * cache of their pointers' hashes, holding an index + 1 into the arrays,
 * in front of the scan that fills it.
 */
#define CACHE_BITS 8

struct sink {
	bt_self_component_sink *self;
	bt_message_iterator *iter;
	struct stages *st;
	struct stages_result *deliver; /* in-process: the result goes here */
	const struct stages_tap *tap; /* deliver's tap, or NULL */
	char *output; /* the `output` parameter, or NULL: print */
	struct ev_class *classes;
	size_t nclasses, classcap;
	struct stream_key *keys;
	size_t nkeys, keycap;
	const bt_trace **traces;
	size_t ntraces, tracecap;
	uint32_t class_cache[1 << CACHE_BITS];
	uint32_t key_cache[1 << CACHE_BITS];
};

static size_t cache_slot(const void *p)
{
	return (size_t)(((uint64_t)(uintptr_t)p * 0x9e3779b97f4a7c15ULL) >>
			(64 - CACHE_BITS));
}

static bt_self_component *self_comp(struct sink *k)
{
	return bt_self_component_sink_as_self_component(k->self);
}

static void sink_free(struct sink *k)
{
	if (!k)
		return;
	bt_message_iterator_put_ref(k->iter);
	stages_destroy(k->st);
	free(k->output);
	free(k->classes);
	free(k->keys);
	free(k->traces);
	free(k);
}

static bt_value_map_foreach_entry_const_func_status
param_entry(const char *key, const bt_value *v, void *data)
{
	struct sink *k = data;

	if (strcmp(key, "output")) {
		BT_CURRENT_THREAD_ERROR_APPEND_CAUSE_FROM_COMPONENT(
			self_comp(k),
			"unknown parameter `%s`: sink.irqlab.stages takes only `output` (a file for the JSON result)",
			key);
		return BT_VALUE_MAP_FOREACH_ENTRY_CONST_FUNC_STATUS_ERROR;
	}
	if (!bt_value_is_string(v)) {
		BT_CURRENT_THREAD_ERROR_APPEND_CAUSE_FROM_COMPONENT(
			self_comp(k),
			"parameter `output` must be a string (a file name), e.g. -p 'output=\"stages.json\"'");
		return BT_VALUE_MAP_FOREACH_ENTRY_CONST_FUNC_STATUS_ERROR;
	}
	free(k->output);
	k->output = strdup(bt_value_string_get(v));
	return k->output ? BT_VALUE_MAP_FOREACH_ENTRY_CONST_FUNC_STATUS_OK :
			   BT_VALUE_MAP_FOREACH_ENTRY_CONST_FUNC_STATUS_ERROR;
}

bt_component_class_initialize_method_status
stages_sink_initialize(bt_self_component_sink *self,
		       bt_self_component_sink_configuration *config,
		       const bt_value *params, void *init_data)
{
	bt_component_class_initialize_method_status status =
		BT_COMPONENT_CLASS_INITIALIZE_METHOD_STATUS_ERROR;
	struct sink *k = calloc(1, sizeof(*k));

	(void)config;
	if (!k)
		return BT_COMPONENT_CLASS_INITIALIZE_METHOD_STATUS_MEMORY_ERROR;
	k->self = self;
	k->deliver = init_data;
	k->tap = k->deliver ? k->deliver->tap : NULL;
	if (stages_create(&k->st) ||
	    (k->deliver &&
	     stages_watch_set(k->st, k->deliver->watch, k->deliver->nwatch))) {
		status =
			BT_COMPONENT_CLASS_INITIALIZE_METHOD_STATUS_MEMORY_ERROR;
		goto error;
	}
	stages_keep_values(k->st, false); /* the statistics are the output */
	if (params && bt_value_is_map(params) &&
	    bt_value_map_foreach_entry_const(params, param_entry, k))
		goto error;
	if (bt_self_component_sink_add_input_port(self, "in", NULL, NULL)) {
		status =
			BT_COMPONENT_CLASS_INITIALIZE_METHOD_STATUS_MEMORY_ERROR;
		goto error;
	}
	bt_self_component_set_data(self_comp(k), k);
	return BT_COMPONENT_CLASS_INITIALIZE_METHOD_STATUS_OK;
error:
	sink_free(k);
	return status;
}

void stages_sink_finalize(bt_self_component_sink *self)
{
	sink_free(bt_self_component_get_data(
		bt_self_component_sink_as_self_component(self)));
}

bt_component_class_sink_graph_is_configured_method_status
stages_sink_graph_is_configured(bt_self_component_sink *self)
{
	struct sink *k = bt_self_component_get_data(
		bt_self_component_sink_as_self_component(self));
	bt_self_component_port_input *in =
		bt_self_component_sink_borrow_input_port_by_name(self, "in");

	if (!bt_port_is_connected(bt_port_input_as_port_const(
		    bt_self_component_port_input_as_port_input(in)))) {
		BT_CURRENT_THREAD_ERROR_APPEND_CAUSE_FROM_COMPONENT(
			self_comp(k),
			"the input port `in` is not connected (give the sink a trace: babeltrace2 TRACE -c sink.irqlab.stages)");
		return BT_COMPONENT_CLASS_SINK_GRAPH_IS_CONFIGURED_METHOD_STATUS_ERROR;
	}
	if (bt_message_iterator_create_from_sink_component(self, in, &k->iter))
		return BT_COMPONENT_CLASS_SINK_GRAPH_IS_CONFIGURED_METHOD_STATUS_ERROR;
	return BT_COMPONENT_CLASS_SINK_GRAPH_IS_CONFIGURED_METHOD_STATUS_OK;
}

static enum slot_kind slot_kind(const bt_field_class *fc)
{
	bt_field_class_type t = bt_field_class_get_type(fc);

	if (bt_field_class_type_is(t, BT_FIELD_CLASS_TYPE_UNSIGNED_INTEGER))
		return K_UNSIGNED; /* enumerations included */
	if (bt_field_class_type_is(t, BT_FIELD_CLASS_TYPE_SIGNED_INTEGER))
		return K_SIGNED;
	return t == BT_FIELD_CLASS_TYPE_STRING ? K_STRING : K_OTHER;
}

/* Where the members of @c's payload class @fc that are read are. */
static void class_slots(struct ev_class *c, const bt_field_class *fc)
{
	uint64_t n = bt_field_class_structure_get_member_count(fc);
	unsigned int used = 0;

	for (uint64_t i = 0; i < n && c->nslots < MAX_SLOTS; i++) {
		const bt_field_class_structure_member *m =
			bt_field_class_structure_borrow_member_by_index_const(
				fc, i);
		const char *name = bt_field_class_structure_member_get_name(m);

		for (size_t j = 0; j < sizeof(slot_names) / sizeof(*slot_names);
		     j++)
			if (!strcmp(name, slot_names[j].name)) {
				enum slot_kind kind = slot_kind(
					bt_field_class_structure_member_borrow_field_class_const(
						m));

				if ((kind == K_STRING) != slot_names[j].str ||
				    !(slot_names[j].types & 1u << c->type))
					kind = K_OTHER;
				c->slot[c->nslots].index = i;
				c->slot[c->nslots].off = slot_names[j].off;
				c->slot[c->nslots++].kind = kind;
				break;
			}
	}
	/* The members not read still count towards MAX_SLOTS, as ever. */
	for (unsigned int i = 0; i < c->nslots; i++)
		if (c->slot[i].kind != K_OTHER)
			c->slot[used++] = c->slot[i];
	c->nslots = used;
}

static struct ev_class *class_new(struct sink *k, const bt_event_class *ec)
{
	const bt_field_class *fc;
	struct ev_class *c;

	if (stages_grow(&k->classes, &k->classcap, k->nclasses + 1,
			sizeof(*k->classes)))
		return NULL;
	c = &k->classes[k->nclasses++];
	memset(c, 0, sizeof(*c));
	c->ec = ec;
	c->type = stages_ev_type(bt_event_class_get_name(ec));
	c->clock = bt_stream_class_borrow_default_clock_class_const(
			   bt_event_class_borrow_stream_class_const(ec)) !=
		   NULL;
	fc = bt_event_class_borrow_payload_field_class_const(ec);
	if (c->type != STAGES_EV_NONE && fc &&
	    bt_field_class_get_type(fc) == BT_FIELD_CLASS_TYPE_STRUCTURE)
		class_slots(c, fc);
	return c;
}

static struct ev_class *class_get(struct sink *k, const bt_event_class *ec)
{
	uint32_t *hit = &k->class_cache[cache_slot(ec)];
	struct ev_class *c = NULL;

	if (*hit && k->classes[*hit - 1].ec == ec)
		return &k->classes[*hit - 1];
	for (size_t i = 0; i < k->nclasses && !c; i++)
		if (k->classes[i].ec == ec)
			c = &k->classes[i];
	if (!c)
		c = class_new(k, ec);
	if (c)
		*hit = (uint32_t)(c - k->classes) + 1;
	return c;
}

/* An integer field of either signedness (enums included), as u64. */
static bool field_int(const bt_field *f, uint64_t *v)
{
	switch (slot_kind(bt_field_borrow_class_const(f))) {
	case K_UNSIGNED:
		*v = bt_field_integer_unsigned_get_value(f);
		return true;
	case K_SIGNED:
		*v = (uint64_t)bt_field_integer_signed_get_value(f);
		return true;
	default:
		return false;
	}
}

static void decode(const struct ev_class *c, const bt_event *event,
		   struct stages_ev *ev)
{
	const bt_field *payload;
	char *base = (char *)ev;

	if (!c->nslots)
		return;
	payload = bt_event_borrow_payload_field_const(event);
	for (unsigned int i = 0; payload && i < c->nslots; i++) {
		const bt_field *f;
		const char *str;
		uint64_t v;

		f = bt_field_structure_borrow_member_field_by_index_const(
			payload, c->slot[i].index);
		switch (c->slot[i].kind) {
		case K_UNSIGNED:
			v = bt_field_integer_unsigned_get_value(f);
			memcpy(base + c->slot[i].off, &v, sizeof(v));
			break;
		case K_SIGNED:
			v = (uint64_t)bt_field_integer_signed_get_value(f);
			memcpy(base + c->slot[i].off, &v, sizeof(v));
			break;
		default:
			str = bt_field_string_get_value(f);
			memcpy(base + c->slot[i].off, &str, sizeof(str));
			break;
		}
	}
}

static uint64_t trace_index(struct sink *k, const bt_trace *t)
{
	for (size_t i = 0; i < k->ntraces; i++)
		if (k->traces[i] == t)
			return i;
	if (stages_grow(&k->traces, &k->tracecap, k->ntraces + 1,
			sizeof(*k->traces)))
		return UINT32_MAX; /* all such traces share one key space */
	k->traces[k->ntraces] = t;
	return k->ntraces++;
}

/*
 * The OS CPU the event was recorded on: LTTng's per-CPU stream says so in
 * its packet context (cpu_id), per trace. A stream without one is its
 * own key.
 */
static uint64_t compute_key(struct sink *k, const bt_stream *s,
			    const bt_packet *p)
{
	uint64_t t = trace_index(k, bt_stream_borrow_trace_const(s)) << 32;
	const bt_field *ctx = p ? bt_packet_borrow_context_field_const(p) :
				  NULL;
	const bt_field *cpu =
		ctx && bt_field_get_class_type(ctx) ==
					BT_FIELD_CLASS_TYPE_STRUCTURE ?
			bt_field_structure_borrow_member_field_by_name_const(
				ctx, "cpu_id") :
			NULL;
	uint64_t v;

	if (cpu && field_int(cpu, &v))
		return t | (v & 0x7fffffff);
	return t | 0x80000000u | (bt_stream_get_id(s) & 0x7fffffff);
}

static struct stream_key *key_new(struct sink *k, const bt_stream *s)
{
	struct stream_key *sk;

	if (stages_grow(&k->keys, &k->keycap, k->nkeys + 1, sizeof(*k->keys)))
		return NULL;
	sk = &k->keys[k->nkeys++];
	sk->stream = s;
	sk->packets = bt_stream_class_supports_packets(
		bt_stream_borrow_class_const(s));
	sk->packet = NULL;
	sk->key = compute_key(k, s, NULL);
	return sk;
}

static int stream_key(struct sink *k, const bt_event *event, uint64_t *key)
{
	const bt_stream *s = bt_event_borrow_stream_const(event);
	uint32_t *hit = &k->key_cache[cache_slot(s)];
	struct stream_key *sk = NULL;
	const bt_packet *p;

	if (*hit && k->keys[*hit - 1].stream == s)
		sk = &k->keys[*hit - 1];
	for (size_t i = 0; i < k->nkeys && !sk; i++)
		if (k->keys[i].stream == s)
			sk = &k->keys[i];
	if (!sk)
		sk = key_new(k, s);
	if (!sk)
		return -ENOMEM;
	*hit = (uint32_t)(sk - k->keys) + 1;
	p = sk->packets ? bt_event_borrow_packet_const(event) : NULL;
	if (sk->packet != p) {
		sk->packet = p;
		sk->key = compute_key(k, s, p);
	}
	*key = sk->key;
	return 0;
}

static int event_msg(struct sink *k, const bt_message *msg)
{
	const bt_event *event = bt_message_event_borrow_event_const(msg);
	const struct ev_class *c =
		class_get(k, bt_event_borrow_class_const(event));
	struct stages_ev ev;
	int64_t ns;
	int ret;

	if (!c)
		return -ENOMEM;
	if (c->type == STAGES_EV_NONE)
		return 0;
	if (!c->clock) {
		BT_CURRENT_THREAD_ERROR_APPEND_CAUSE_FROM_COMPONENT(
			self_comp(k),
			"event `%s` has no time stamp (its stream class has no default clock)",
			bt_event_class_get_name(c->ec));
		return -EINVAL;
	}
	if (bt_clock_snapshot_get_ns_from_origin(
		    bt_message_event_borrow_default_clock_snapshot_const(msg),
		    &ns)) {
		BT_CURRENT_THREAD_ERROR_APPEND_CAUSE_FROM_COMPONENT(
			self_comp(k),
			"event `%s`: its time stamp overflows ns from the clock's origin",
			bt_event_class_get_name(c->ec));
		return -ERANGE;
	}
	/* Field by field: = { 0 } of the whole is a slow rep stos here. */
	ev.type = c->type;
	ev.ts = (uint64_t)ns;
	ev.irq = ev.dev = ev.seq = ev.count = ev.cpu = ev.late = 0;
	ev.op = 0;
	ev.flow = ev.scenario = ev.design = ev.chip = NULL;
	ret = stream_key(k, event, &ev.stream);
	if (ret)
		return ret;
	decode(c, event, &ev);
	if (k->tap) {
		ret = k->tap->event(k->tap->data, &ev,
				    bt_event_class_get_name(c->ec), event);
		if (ret)
			return ret < 0 ? ret : 0;
	}
	return stages_event(k->st, &ev);
}

static int message(struct sink *k, const bt_message *msg)
{
	uint64_t n;

	switch (bt_message_get_type(msg)) {
	case BT_MESSAGE_TYPE_EVENT:
		return event_msg(k, msg);
	case BT_MESSAGE_TYPE_DISCARDED_EVENTS:
		/* Unknown count: at least one was lost. */
		if (bt_message_discarded_events_get_count(msg, &n) !=
		    BT_PROPERTY_AVAILABILITY_AVAILABLE)
			n = 1;
		stages_discarded(k->st, n, 0);
		return 0;
	case BT_MESSAGE_TYPE_DISCARDED_PACKETS:
		if (bt_message_discarded_packets_get_count(msg, &n) !=
		    BT_PROPERTY_AVAILABILITY_AVAILABLE)
			n = 1;
		stages_discarded(k->st, 0, n);
		return 0;
	default:
		return 0;
	}
}

/* The end of the stream: the result, delivered or written. */
static int finish(struct sink *k)
{
	struct stages_result r;
	int ret = stages_finish(k->st, &r);
	FILE *f;

	if (ret) {
		BT_CURRENT_THREAD_ERROR_APPEND_CAUSE_FROM_COMPONENT(
			self_comp(k), "out of memory computing the stages");
		return ret;
	}
	if (k->deliver) {
		*k->deliver = r;
		return 0;
	}
	if (!k->output) {
		stages_result_print(&r, stdout);
		ret = fflush(stdout) ? -EIO : 0;
		goto end;
	}
	f = fopen(k->output, "w");
	if (!f) {
		ret = -errno;
		BT_CURRENT_THREAD_ERROR_APPEND_CAUSE_FROM_COMPONENT(
			self_comp(k), "%s: %s", k->output, strerror(-ret));
		goto end;
	}
	ret = stages_result_write_json(&r, f);
	if (fclose(f) && !ret)
		ret = -EIO;
	if (ret)
		BT_CURRENT_THREAD_ERROR_APPEND_CAUSE_FROM_COMPONENT(
			self_comp(k), "%s: cannot write the result: %s",
			k->output, strerror(-ret));
end:
	stages_result_free(&r);
	return ret;
}

bt_component_class_sink_consume_method_status
stages_sink_consume(bt_self_component_sink *self)
{
	struct sink *k = bt_self_component_get_data(
		bt_self_component_sink_as_self_component(self));
	bt_message_array_const msgs;
	uint64_t count = 0;
	int ret = 0;

	switch (bt_message_iterator_next(k->iter, &msgs, &count)) {
	case BT_MESSAGE_ITERATOR_NEXT_STATUS_OK:
		break;
	case BT_MESSAGE_ITERATOR_NEXT_STATUS_END:
		bt_message_iterator_put_ref(k->iter);
		k->iter = NULL;
		ret = finish(k);
		if (ret == -ENOMEM)
			return BT_COMPONENT_CLASS_SINK_CONSUME_METHOD_STATUS_MEMORY_ERROR;
		return ret ? BT_COMPONENT_CLASS_SINK_CONSUME_METHOD_STATUS_ERROR :
			     BT_COMPONENT_CLASS_SINK_CONSUME_METHOD_STATUS_END;
	case BT_MESSAGE_ITERATOR_NEXT_STATUS_AGAIN:
		return BT_COMPONENT_CLASS_SINK_CONSUME_METHOD_STATUS_AGAIN;
	case BT_MESSAGE_ITERATOR_NEXT_STATUS_MEMORY_ERROR:
		return BT_COMPONENT_CLASS_SINK_CONSUME_METHOD_STATUS_MEMORY_ERROR;
	default:
		BT_CURRENT_THREAD_ERROR_APPEND_CAUSE_FROM_COMPONENT(
			self_comp(k), "cannot read the trace's next messages");
		return BT_COMPONENT_CLASS_SINK_CONSUME_METHOD_STATUS_ERROR;
	}
	for (uint64_t i = 0; i < count; i++) {
		if (!ret)
			ret = message(k, msgs[i]);
		bt_message_put_ref(msgs[i]);
	}
	if (ret == -ENOMEM) {
		BT_CURRENT_THREAD_ERROR_APPEND_CAUSE_FROM_COMPONENT(
			self_comp(k), "out of memory");
		return BT_COMPONENT_CLASS_SINK_CONSUME_METHOD_STATUS_MEMORY_ERROR;
	}
	return ret ? BT_COMPONENT_CLASS_SINK_CONSUME_METHOD_STATUS_ERROR :
		     BT_COMPONENT_CLASS_SINK_CONSUME_METHOD_STATUS_OK;
}
