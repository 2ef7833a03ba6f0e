// SPDX-License-Identifier: GPL-2.0
/*
 * Protobuf's wire format, the writing half (pb.h): base-128 varints,
 * little-endian fixed64, and length-delimited bytes, each behind a tag
 * of (field << 3 | wire type).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "pb.h"

static void put(struct pb *m, const void *p, size_t len)
{
	if (m->err)
		return;
	if (m->n + len > m->cap) {
		size_t cap = m->cap ? m->cap : 256;
		uint8_t *b;

		while (cap < m->n + len)
			cap *= 2;
		b = realloc(m->b, cap);
		if (!b) {
			m->err = -ENOMEM;
			return;
		}
		m->b = b;
		m->cap = cap;
	}
	memcpy(m->b + m->n, p, len);
	m->n += len;
}

void pb_reset(struct pb *m)
{
	m->n = 0;
}

void pb_free(struct pb *m)
{
	free(m->b);
	memset(m, 0, sizeof(*m));
}

void pb_varint(struct pb *m, uint64_t v)
{
	uint8_t b[10];
	size_t n = 0;

	do {
		b[n] = (uint8_t)(v & 0x7f);
		v >>= 7;
		if (v)
			b[n] |= 0x80;
		n++;
	} while (v);
	put(m, b, n);
}

static void tag(struct pb *m, unsigned int field, enum pb_wire w)
{
	pb_varint(m, (uint64_t)field << 3 | w);
}

void pb_uint(struct pb *m, unsigned int field, uint64_t v)
{
	tag(m, field, PB_VARINT);
	pb_varint(m, v);
}

void pb_fixed64(struct pb *m, unsigned int field, uint64_t v)
{
	uint8_t b[8];

	for (int i = 0; i < 8; i++)
		b[i] = (uint8_t)(v >> (8 * i));
	tag(m, field, PB_I64);
	put(m, b, sizeof(b));
}

void pb_str(struct pb *m, unsigned int field, const char *s)
{
	size_t len = strlen(s);

	tag(m, field, PB_LEN);
	pb_varint(m, len);
	put(m, s, len);
}

void pb_msg(struct pb *m, unsigned int field, const struct pb *inner)
{
	if (inner->err && !m->err)
		m->err = inner->err;
	tag(m, field, PB_LEN);
	pb_varint(m, inner->n);
	put(m, inner->b, inner->n);
}
