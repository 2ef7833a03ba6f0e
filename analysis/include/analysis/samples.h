/* SPDX-License-Identifier: GPL-2.0 */
/*
 * samples.bin, one record per fired event (docs/results.md): the format's
 * one owner. The harness encodes with samples_put_header() and
 * samples_put(); the report, compare and soak read with samples_open()
 * and samples_get(). The byte offsets are samples.c's alone.
 */
#ifndef ANALYSIS_SAMPLES_H
#define ANALYSIS_SAMPLES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define SAMPLES_VERSION 4 /* what samples_put_header() writes */
#define SAMPLES_HEADER 32 /* bytes before the first record */
#define SAMPLES_RECORD 64 /* bytes per record of version 4 */

/* Flags of a record. */
enum {
	SAMPLE_SERVICED = 1 << 0, /* a handler run drained it */
	SAMPLE_COALESCED = 1 << 1, /* drained with another event */
	SAMPLE_OVERRUN = 1 << 2, /* fired late */
	SAMPLE_INTX = 1 << 3, /* uio: masked with PCI INTx disable */
};
#define SAMPLE_DEVICE_SHIFT 4 /* flags bits 4-7: device on the line */
#define SAMPLE_NO_CPU 0xffff /* cpu of an event never serviced */
#define SAMPLE_NEVER UINT64_MAX /* entry/exit of an event never serviced */

/**
 * struct sample - one record, decoded
 * @intended_ns: intended fire time, ns since the header's time
 * @entry_ns: fire -> handler entry; SAMPLE_NEVER: never serviced
 * @exit_ns: fire -> handler exit; SAMPLE_NEVER: never serviced
 * @seq: the device's sequence number within its block
 * @scenario: index into summary.json's scenarios
 * @design: the design's number (samples_design_name())
 * @flags: SAMPLE_*, and the device in bits 4-7
 * @chip_accesses: register accesses of the handler run that serviced it
 * @block: the block it was fired in
 * @cpu: the simulated CPU that serviced it; SAMPLE_NO_CPU: none, or a
 *	version 1 file
 * @noise_ns: host noise inside fire -> entry (version 3; else 0)
 * @slot: the design's place in its scenario's designs (version 3; else 0)
 * @late_ns: how late the stimulus fired it on @intended_ns (version 4;
 *	else 0)
 * @access_ns: the costed time of the @chip_accesses (version 4; else 0)
 * @close_ns: the part of @access_ns that ended the line's previous
 *	interrupt: unmask, eoi, end (version 4; else 0)
 */
struct sample {
	uint64_t intended_ns;
	uint64_t entry_ns;
	uint64_t exit_ns;
	uint32_t seq;
	uint16_t scenario;
	uint8_t design;
	uint8_t flags;
	uint32_t chip_accesses;
	uint16_t block;
	uint16_t cpu;
	uint32_t noise_ns;
	uint8_t slot;
	uint32_t late_ns;
	uint32_t access_ns;
	uint32_t close_ns;
};

/**
 * struct samples_file - a samples.bin opened for reading
 * @map: the file, mapped
 * @size: its size
 * @version: the header's version (1 to 4)
 * @recsz: bytes per record (a reader skips what it does not know)
 * @nr: records
 * @t0_ns: the header's time: CLOCK_MONOTONIC ns when the run began
 */
struct samples_file {
	const unsigned char *map;
	size_t size;
	uint32_t version;
	size_t recsz;
	size_t nr;
	uint64_t t0_ns;
};

void samples_put_header(unsigned char buf[SAMPLES_HEADER], uint64_t t0_ns);
void samples_put(unsigned char buf[SAMPLES_RECORD], const struct sample *s);
int samples_open(struct samples_file *f, const char *path, char *err,
		 size_t errlen);
void samples_get(const struct samples_file *f, size_t i, struct sample *s);
void samples_close(struct samples_file *f);

/* Whether records name their design's slot (version 3). */
static inline bool samples_have_slots(const struct samples_file *f)
{
	return f->version >= 3;
}

/* Whether records say how late each fire was, and the accesses' time. */
static inline bool samples_have_times(const struct samples_file *f)
{
	return f->version >= 4;
}

const char *samples_design_name(unsigned int design);
int samples_design_number(const char *name);

#endif /* ANALYSIS_SAMPLES_H */
