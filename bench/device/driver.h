/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The simulated devices' driver (driver.c): the handlers each design
 * requests on a line, the books they keep, and its critical sections.
 */
#ifndef BENCH_DRIVER_H
#define BENCH_DRIVER_H

#include "bench/bench.h"
#include "device.h"

/**
 * bench_line_request - request the line for every device on it
 * @l: the line, after bench_line_block()
 * @design: whose handlers: request_irq() with the hard designs' handler,
 *	request_threaded_irq() for the threaded ones (IRQF_ONESHOT for
 *	threaded-oneshot)
 *
 * Shared (SA_SHIRQ) when the line has several devices. On failure no
 * device is left requested. Return: 0 or -errno.
 */
int bench_line_request(struct bench_line *l, enum bench_design design);

/**
 * bench_line_set_core - the core the line's next block runs on
 * @l: the line
 * @design: the block's design: a modern one (its ops' @v6) is requested
 *	from genirq6 on the chip's modern form (@l->ci->irq6), in the form
 *	its ops say; the others from libgenirq on @l->ci->irq
 *
 * Before bench_line_request(); the calls below follow it.
 */
void bench_line_set_core(struct bench_line *l, enum bench_design design);

/* The line's flow handler's name, as summary.json's flow spells it. */
const char *bench_line_flow_name(const struct bench_line *l);
/* irq_set_lazy_disable(), or genirq6's IRQ_DISABLE_UNLAZY when not @lazy. */
void bench_line_set_lazy(struct bench_line *l, bool lazy);
/* synchronize_irq() of the line on its core. */
void bench_line_synchronize(struct bench_line *l);
/* Whether its core disabled the line (note_interrupt(): nobody cared). */
bool bench_line_disabled(struct bench_line *l);

/**
 * bench_line_free_irq - free_irq() every device on the line
 * @l: the line
 *
 * Returns after the last handler run, and every thread it woke, is done,
 * with their writes ordered before the caller's reads.
 */
void bench_line_free_irq(struct bench_line *l);

/**
 * bench_driver_critical - the driver's critical sections, at @now
 * @l: the line, in its block, with a disable_hz
 * @now: ns since t0
 * @fire: when the next fire is due (ns since t0)
 *
 * Enters (disable_irq_nosync()) or leaves (enable_irq()) a section when
 * one is due. Return: the next time the device thread has to act for
 * them, UINT64_MAX for none.
 */
uint64_t bench_driver_critical(struct bench_line *l, uint64_t now,
			       uint64_t fire);
/* Leave the driver's critical section, if it is in one. */
void bench_driver_critical_end(struct bench_line *l);

#endif /* BENCH_DRIVER_H */
