// SPDX-License-Identifier: GPL-2.0
/*
 * samples.bin (samples.h, docs/results.md): the header and record layout,
 * encoded and decoded here and nowhere else. Little-endian throughout,
 * whatever the host, so that a folder reads the same on any machine.
 * Readers take versions 1 to 4: version 3's records were 48 bytes without
 * late_ns, access_ns and close_ns, version 2's 40 bytes without noise_ns
 * and slot, version 1's had no cpu either.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include "analysis/designs.h"
#include "analysis/samples.h"

#define MAGIC "IRQLABS1" /* 8 bytes, no terminator */
#define RECORD_V2 40 /* bytes per record of versions 1 and 2 */
#define RECORD_V3 48 /* bytes per record of version 3 */

/* Byte offsets in the header. */
#define OFF_MAGIC 0
#define OFF_VERSION 8 /* u32 */
#define OFF_RECORD 12 /* u32 */
#define OFF_T0 16 /* u64 CLOCK_MONOTONIC ns at open */
/* 24: 8 reserved bytes, zero */

/* Byte offsets in a record. */
#define OFF_INTENDED 0 /* u64 */
#define OFF_ENTRY 8 /* u64 */
#define OFF_EXIT 16 /* u64 */
#define OFF_SEQ 24 /* u32 */
#define OFF_SCENARIO 28 /* u16 */
#define OFF_DESIGN 30 /* u8 */
#define OFF_FLAGS 31 /* u8 */
#define OFF_ACCESSES 32 /* u32 */
#define OFF_BLOCK 36 /* u16 */
#define OFF_CPU 38 /* u16, version 2 */
#define OFF_NOISE 40 /* u32, version 3 */
#define OFF_SLOT 44 /* u8, version 3; 45-47 zero */
#define OFF_LATE 48 /* u32, version 4 */
#define OFF_ACCESS_NS 52 /* u32, version 4 */
#define OFF_CLOSE_NS 56 /* u32, version 4; 60-63 zero */

static void put_le(unsigned char *p, uint64_t v, unsigned int bytes)
{
	for (unsigned int i = 0; i < bytes; i++)
		p[i] = (unsigned char)(v >> (8 * i));
}

static uint64_t le(const unsigned char *p, unsigned int bytes)
{
	uint64_t v = 0;

	for (unsigned int i = bytes; i-- > 0;)
		v = v << 8 | p[i];
	return v;
}

/**
 * samples_put_header - encode the header of a version 4 file
 * @buf: where
 * @t0_ns: CLOCK_MONOTONIC ns when the run began, the records' time zero
 */
void samples_put_header(unsigned char buf[SAMPLES_HEADER], uint64_t t0_ns)
{
	memset(buf, 0, SAMPLES_HEADER);
	memcpy(buf + OFF_MAGIC, MAGIC, 8);
	put_le(buf + OFF_VERSION, SAMPLES_VERSION, 4);
	put_le(buf + OFF_RECORD, SAMPLES_RECORD, 4);
	put_le(buf + OFF_T0, t0_ns, 8);
}

/**
 * samples_put - encode one record of a version 4 file
 * @buf: where
 * @s: the record
 */
void samples_put(unsigned char buf[SAMPLES_RECORD], const struct sample *s)
{
	put_le(buf + OFF_INTENDED, s->intended_ns, 8);
	put_le(buf + OFF_ENTRY, s->entry_ns, 8);
	put_le(buf + OFF_EXIT, s->exit_ns, 8);
	put_le(buf + OFF_SEQ, s->seq, 4);
	put_le(buf + OFF_SCENARIO, s->scenario, 2);
	buf[OFF_DESIGN] = s->design;
	buf[OFF_FLAGS] = s->flags;
	put_le(buf + OFF_ACCESSES, s->chip_accesses, 4);
	put_le(buf + OFF_BLOCK, s->block, 2);
	put_le(buf + OFF_CPU, s->cpu, 2);
	put_le(buf + OFF_NOISE, s->noise_ns, 4);
	buf[OFF_SLOT] = s->slot;
	memset(buf + OFF_SLOT + 1, 0, OFF_LATE - OFF_SLOT - 1);
	put_le(buf + OFF_LATE, s->late_ns, 4);
	put_le(buf + OFF_ACCESS_NS, s->access_ns, 4);
	put_le(buf + OFF_CLOSE_NS, s->close_ns, 4);
	memset(buf + OFF_CLOSE_NS + 4, 0, SAMPLES_RECORD - OFF_CLOSE_NS - 4);
}

/* What is wrong with the header of @f, or NULL. */
static const char *bad_header(const struct samples_file *f)
{
	const unsigned char *b = f->map;

	if (memcmp(b + OFF_MAGIC, MAGIC, 8))
		return "header: not an irqlab samples file (magic)";
	if (f->version < 1 || f->version > SAMPLES_VERSION)
		return "header: unknown version";
	if (f->version >= 4 && f->recsz < SAMPLES_RECORD)
		return "header: record size under 64 bytes";
	if (f->version >= 3 && f->recsz < RECORD_V3)
		return "header: record size under 48 bytes";
	if (f->recsz < RECORD_V2)
		return "header: record size under 40 bytes";
	if ((f->size - SAMPLES_HEADER) % f->recsz)
		return "records: truncated (a partial last record)";
	return NULL;
}

/**
 * samples_open - map a samples.bin and check its header
 * @f: the file, on success
 * @path: where it is
 * @err: on failure, one sentence naming @path and what is wrong
 * @errlen: its size
 *
 * Return: 0; -ENOENT (or another -errno) if it cannot be opened, with
 * strerror's words in @err; -EINVAL if it is not a samples.bin of a
 * version this irqlab reads, or ends in a partial record.
 */
int samples_open(struct samples_file *f, const char *path, char *err,
		 size_t errlen)
{
	const char *what = NULL;
	struct stat st;
	void *map;
	int fd, ret;

	memset(f, 0, sizeof(*f));
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		ret = -errno;
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return ret;
	}
	if (fstat(fd, &st)) {
		ret = -errno;
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		close(fd);
		return ret;
	}
	if ((size_t)st.st_size < SAMPLES_HEADER) {
		close(fd);
		snprintf(err, errlen,
			 "%s: header: truncated (shorter than %d bytes)", path,
			 SAMPLES_HEADER);
		return -EINVAL;
	}
	map = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (map == MAP_FAILED) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -EIO;
	}
	f->map = map;
	f->size = (size_t)st.st_size;
	f->version = (uint32_t)le(f->map + OFF_VERSION, 4);
	f->recsz = (size_t)le(f->map + OFF_RECORD, 4);
	f->t0_ns = le(f->map + OFF_T0, 8);
	what = bad_header(f);
	if (what) {
		snprintf(err, errlen, "%s: %s", path, what);
		samples_close(f);
		return -EINVAL;
	}
	f->nr = (f->size - SAMPLES_HEADER) / f->recsz;
	return 0;
}

/**
 * samples_get - decode record @i of @f
 * @f: an open file
 * @i: below @f->nr
 * @s: the record; what its version lacks is SAMPLE_NO_CPU (cpu) or 0
 */
void samples_get(const struct samples_file *f, size_t i, struct sample *s)
{
	const unsigned char *p = f->map + SAMPLES_HEADER + i * f->recsz;

	s->intended_ns = le(p + OFF_INTENDED, 8);
	s->entry_ns = le(p + OFF_ENTRY, 8);
	s->exit_ns = le(p + OFF_EXIT, 8);
	s->seq = (uint32_t)le(p + OFF_SEQ, 4);
	s->scenario = (uint16_t)le(p + OFF_SCENARIO, 2);
	s->design = p[OFF_DESIGN];
	s->flags = p[OFF_FLAGS];
	s->chip_accesses = (uint32_t)le(p + OFF_ACCESSES, 4);
	s->block = (uint16_t)le(p + OFF_BLOCK, 2);
	s->cpu = f->version >= 2 ? (uint16_t)le(p + OFF_CPU, 2) : SAMPLE_NO_CPU;
	s->noise_ns = f->version >= 3 ? (uint32_t)le(p + OFF_NOISE, 4) : 0;
	s->slot = f->version >= 3 ? p[OFF_SLOT] : 0;
	if (f->version >= 4) {
		s->late_ns = (uint32_t)le(p + OFF_LATE, 4);
		s->access_ns = (uint32_t)le(p + OFF_ACCESS_NS, 4);
		s->close_ns = (uint32_t)le(p + OFF_CLOSE_NS, 4);
	} else {
		s->late_ns = s->access_ns = s->close_ns = 0;
	}
}

/**
 * samples_close - unmap what samples_open() mapped
 * @f: the file (closing one that is not open does nothing)
 */
void samples_close(struct samples_file *f)
{
	if (f->map)
		munmap((void *)f->map, f->size);
	memset(f, 0, sizeof(*f));
}

/**
 * samples_design_name - what a record's design number stands for
 * @design: the number, its design's code in analysis/designs.def
 *
 * Return: its name as summary.json's "design" spells it, or NULL.
 */
const char *samples_design_name(unsigned int design)
{
	const struct ana_design *d = ana_design_by_code(design);

	return d ? d->name : NULL;
}

/**
 * samples_design_number - the design number of a design's name
 * @name: as summary.json's "design" spells it
 *
 * Return: the number, or -1 for a name no record can carry ("flow#2").
 */
int samples_design_number(const char *name)
{
	const struct ana_design *d = ana_design_by_name(name);

	return d ? (int)d->code : -1;
}
