/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The few protobuf wire forms Perfetto's trace needs (varint, fixed64,
 * length-delimited), written by hand into a growing buffer: the trace
 * has five message types and a dozen fields, which do not justify
 * protobuf-c and generated code as a dependency. Private to
 * analysis/export/.
 */
#ifndef ANALYSIS_EXPORT_PB_H
#define ANALYSIS_EXPORT_PB_H

#include <stddef.h>
#include <stdint.h>

/* A message being built; @err: an allocation failed, all else ignored. */
struct pb {
	uint8_t *b;
	size_t n, cap;
	int err;
};

enum pb_wire { PB_VARINT = 0, PB_I64 = 1, PB_LEN = 2 };

void pb_reset(struct pb *m);
void pb_free(struct pb *m);
void pb_varint(struct pb *m, uint64_t v);
void pb_uint(struct pb *m, unsigned int field, uint64_t v);
void pb_fixed64(struct pb *m, unsigned int field, uint64_t v);
void pb_str(struct pb *m, unsigned int field, const char *s);
/* @inner as a length-delimited field of @m (an embedded message). */
void pb_msg(struct pb *m, unsigned int field, const struct pb *inner);

#endif /* ANALYSIS_EXPORT_PB_H */
