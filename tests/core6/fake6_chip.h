/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A fake chip for genirq6 that records every call, and the handlers of
 * the tests record theirs in the same log, so that a test pins a flow's
 * exact sequence (FAKE6_LOG_IS), as tests/core's fake chip does for the
 * 2.6.18 core and the kernel's irq_test.c does with its fake chip.
 */
#ifndef TESTS_FAKE6_CHIP_H
#define TESTS_FAKE6_CHIP_H

#include <errno.h>
#include <stdbool.h>
#include <unistd.h>
#include <linux/irq.h>
#include <linux/interrupt.h>
#include <linux/irqdomain.h>
#include <genirq6/arch.h>

enum fake6_op {
	F6_STARTUP,
	F6_SHUTDOWN,
	F6_ENABLE,
	F6_DISABLE,
	F6_ACK,
	F6_MASK,
	F6_MASK_ACK,
	F6_UNMASK,
	F6_EOI,
	F6_SET_AFFINITY,
	F6_RETRIGGER,
	F6_SET_TYPE,
	F6_HANDLER, /* a test's primary handler ran */
	F6_THREAD, /* a test's thread handler ran */
	F6_PARENT_EOI, /* the parent chip of a hierarchy */
	F6_PARENT_MASK,
	F6_PARENT_UNMASK,
	F6_NR_OPS,
};

/* Ops a chip leaves NULL, as 1 << F6_*. */
#define F6_OMIT(op) (1U << (op))

struct fake6_call {
	enum fake6_op op;
	unsigned int irq;
	unsigned int cpu;
};

/* A chip with @flags (IRQCHIP_*) and every op but those in @omit. */
struct irq_chip *fake6_chip_make(unsigned long flags, unsigned int omit);
/* A parent chip for hierarchies: eoi, mask, unmask. */
struct irq_chip *fake6_parent_chip(void);
/* genirq6_reset(), an empty log, attach the caller as CPU 0. */
void fake6_init(void);
/* A line on @chip with @flow: its number. */
unsigned int fake6_line(struct irq_chip *chip, irq_flow_handler_t flow);

/* ->irq_retrigger's result (0: cannot, software resend follows). */
extern int fake6_retrigger_ret;

void fake6_log(enum fake6_op op, unsigned int irq);
const struct fake6_call *fake6_calls(void);
unsigned int fake6_log_len(void);
void fake6_log_clear(void);
unsigned int fake6_count(enum fake6_op op);
bool fake6_log_is(const enum fake6_op *ops, unsigned int n);
const char *fake6_log_str(void);
#define FAKE6_LOG_IS(...)                                       \
	fake6_log_is((const enum fake6_op[]){ __VA_ARGS__ },    \
		     sizeof((enum fake6_op[]){ __VA_ARGS__ }) / \
			     sizeof(enum fake6_op))
#define assert_log(...)                                            \
	do {                                                       \
		if (!FAKE6_LOG_IS(__VA_ARGS__))                    \
			fail_msg("chip log: %s", fake6_log_str()); \
	} while (0)

/* Handlers that log and return what the test says. */
extern irqreturn_t fake6_primary_ret;
irqreturn_t fake6_handler(int irq, void *dev_id);
irqreturn_t fake6_thread(int irq, void *dev_id);

/* Take interrupt @irq as simulated CPU 0 (the caller): the vector entry. */
void fake6_fire(unsigned int irq);

/*
 * Take @irq on simulated CPU @cpu, in a thread of its own; join with
 * fake6_cpu_join(), which returns whether it had finished within @ms.
 */
struct fake6_cpu;
struct fake6_cpu *fake6_fire_on(unsigned int cpu, unsigned int irq);
bool fake6_cpu_done(struct fake6_cpu *c, unsigned int ms);
void fake6_cpu_join(struct fake6_cpu *c);

/* Wait until @cond (an expression) holds, up to 5 s; false on time out. */
#define fake6_wait_for(cond)                                    \
	({                                                      \
		bool __ok = false;                              \
		for (int __i = 0; __i < 5000 && !__ok; __i++) { \
			__ok = (cond);                          \
			if (!__ok)                              \
				usleep(1000);                   \
		}                                               \
		__ok;                                           \
	})

#endif /* TESTS_FAKE6_CHIP_H */
