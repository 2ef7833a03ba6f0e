/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The run folder's on-disk formats (results.c, docs/results.md): the
 * samples.bin header and record layout and the summary.json format
 * number. Readers of a run folder use docs/results.md, not this header;
 * it exists so that the writer and the tests agree on the numbers.
 */
#ifndef BENCH_RESULTS_H
#define BENCH_RESULTS_H

#define BENCH_SAMPLES_MAGIC "IRQLABS1" /* 8 bytes, no terminator */
#define BENCH_SAMPLES_VERSION 3
#define BENCH_SAMPLES_HEADER 32 /* bytes before the first record */
#define BENCH_SAMPLES_RECORD 48 /* bytes per struct bench_sample */

/* Byte offsets in the header; every integer is little-endian. */
#define BENCH_SAMPLES_OFF_MAGIC 0
#define BENCH_SAMPLES_OFF_VERSION 8 /* u32 */
#define BENCH_SAMPLES_OFF_RECORD 12 /* u32 */
#define BENCH_SAMPLES_OFF_T0 16 /* u64 CLOCK_MONOTONIC ns at open */
#define BENCH_SAMPLES_OFF_RESERVED 24 /* 8 zero bytes */

/* Byte offsets in a record. */
#define BENCH_SAMPLE_OFF_INTENDED 0 /* u64 */
#define BENCH_SAMPLE_OFF_ENTRY 8 /* u64 */
#define BENCH_SAMPLE_OFF_EXIT 16 /* u64 */
#define BENCH_SAMPLE_OFF_SEQ 24 /* u32 */
#define BENCH_SAMPLE_OFF_SCENARIO 28 /* u16 */
#define BENCH_SAMPLE_OFF_DESIGN 30 /* u8 */
#define BENCH_SAMPLE_OFF_FLAGS 31 /* u8 */
#define BENCH_SAMPLE_OFF_ACCESSES 32 /* u32 */
#define BENCH_SAMPLE_OFF_BLOCK 36 /* u16 */
#define BENCH_SAMPLE_OFF_CPU 38 /* u16 */
#define BENCH_SAMPLE_OFF_NOISE 40 /* u32, version 3 */
#define BENCH_SAMPLE_OFF_SLOT 44 /* u8, version 3; 45-47 zero */

#define BENCH_SUMMARY_FORMAT 1 /* summary.json "format" */
#define BENCH_ENVIRONMENT_FORMAT 1 /* environment.json "format" */

#endif /* BENCH_RESULTS_H */
