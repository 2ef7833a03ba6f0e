/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The simulated devices' driver on the modern family (driver6.c): the
 * same handlers as driver.c's, requested from genirq6 on the line's
 * modern descriptor (chips/form6.h's attach). Needs neither core's
 * headers: driver.c, which includes libgenirq's, calls it, and
 * driver6.c includes genirq6's. Handlers return irqreturn values, the
 * same numbers in both cores.
 */
#ifndef BENCH_DRIVER6_H
#define BENCH_DRIVER6_H

#include <stdbool.h>

/**
 * enum bench6_form - how the driver requests a modern line
 * @BENCH6_HARD: request_irq(), the whole driver in the hard handler
 * @BENCH6_THREADED: request_threaded_irq(), hard half and thread
 * @BENCH6_ONESHOT: the same with IRQF_ONESHOT, the default primary
 * @BENCH6_FORCED: request_irq() with forced threading on (threadirqs,
 *	PREEMPT_RT): the hard handler runs as a oneshot thread
 */
enum bench6_form {
	BENCH6_HARD,
	BENCH6_THREADED,
	BENCH6_ONESHOT,
	BENCH6_FORCED,
};

/* driver.c's handlers, for @dev a struct bench_dev. */
int bench_dev_irq(void *dev);
int bench_dev_hard(void *dev);
int bench_dev_work(void *dev);
int bench_dev_primary(void *dev);
int bench_dev_oneshot(void *dev);

/*
 * Request genirq6 line @irq for the @nr devices @dev, shared when @nr > 1,
 * in form @f; on failure none is left requested. Return: 0 or -errno.
 */
int bench6_request(unsigned int irq, enum bench6_form f, void *const *dev,
		   unsigned int nr);
/* free_irq() each device (after its last run and thread), forced off. */
void bench6_free(unsigned int irq, void *const *dev, unsigned int nr);
/* The flow handler's name, as summary.json's flow spells it. */
const char *bench6_flow_name(unsigned int irq);
/* Lazy disable (the modern default) or IRQ_DISABLE_UNLAZY. */
void bench6_set_lazy(unsigned int irq, bool lazy);
void bench6_synchronize(unsigned int irq);
/* Whether the line is disabled (note_interrupt(): nobody cared). */
bool bench6_disabled(unsigned int irq);
/* Whether a oneshot line stays masked while its thread runs. */
bool bench6_oneshot_masks(unsigned int irq);
void bench6_disable_nosync(unsigned int irq);
void bench6_enable(unsigned int irq);

#endif /* BENCH_DRIVER6_H */
