/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A fake interrupt chip that records every call, for core tests (as the
 * kernel's own irq_test.c does). One chip, many lines; state per line.
 */
#ifndef TESTS_FAKE_CHIP_H
#define TESTS_FAKE_CHIP_H

#include <stdbool.h>
#include <genirq/irq.h>
#include <irqlab/chip_ops.h>

/*
 * The operations the fake records: one per row of IRQLAB_CHIP_OPS
 * (irqlab/chip_ops.h), FAKE_STARTUP ... FAKE_SET_AFFINITY, in its order.
 */
#define FAKE_OP_ENUM(op, OP) FAKE_##OP,
enum fake_op {
	IRQLAB_CHIP_OPS(FAKE_OP_ENUM) FAKE_NR_OPS,
};
#undef FAKE_OP_ENUM

#define FAKE_LOG_SIZE 4096

struct fake_call {
	enum fake_op op;
	unsigned int irq;
	unsigned long arg; /* type, wake on/off, affinity word 0 */
};

/* What the fake chip does; set fields before use, after fake_chip_init(). */
struct fake_chip_config {
	int retrigger_ret; /* ->retrigger result */
	int set_type_ret; /* ->set_type result */
	int set_wake_ret; /* ->set_wake result */
	unsigned int startup_ret; /* ->startup result */
	bool move_in_ack; /* ->ack calls move_native_irq(), as IO-APIC */
};

extern struct fake_chip_config fake_cfg;
/* Counts per op and per line; written with relaxed atomics (SMP tests). */
extern unsigned long fake_count[FAKE_NR_OPS][NR_IRQS];
/* Per-line hardware mask bit as the chip sees it. */
extern bool fake_masked[NR_IRQS];
/* Lines whose device is asserting: ->startup/->unmask/->enable raise them
 * on CPU 0 (for autoprobe and for "level still asserted" behaviour). */
extern bool fake_asserted[NR_IRQS];

/*
 * Build a chip. Ops named in @omit (a bitmask of 1 << FAKE_*) are left
 * NULL so the core's defaults or NULL-handling can be tested.
 */
struct irq_chip *fake_chip_make(unsigned int omit);
/* genirq_reset(), clear the log, counters and config, attach as CPU 0. */
void fake_chip_init(void);

/* The call log, in order; fake_log_len() entries. */
const struct fake_call *fake_log(void);
unsigned int fake_log_len(void);
void fake_log_clear(void);
/* Compare the log with @n ops (on any irq); true when equal. */
bool fake_log_is(const enum fake_op *ops, unsigned int n);
#define FAKE_LOG_IS(...)                                      \
	fake_log_is((const enum fake_op[]){ __VA_ARGS__ },    \
		    sizeof((enum fake_op[]){ __VA_ARGS__ }) / \
			    sizeof(enum fake_op))
/* Printable log, for failure messages. */
const char *fake_log_str(void);
const char *fake_op_name(enum fake_op op);

/*
 * Lock-freedom probe: deliver @irq on simulated CPU 1 (a new thread)
 * while this thread holds the descriptor lock, waiting up to @wait_ms for
 * it to finish. True when it finished while the lock was held, i.e. the
 * flow never took the lock. fake_remote_handler counts its runs in
 * fake_remote_handled (reset by each probe).
 */
bool fake_delivered_while_locked(unsigned int irq, unsigned int wait_ms);
irqreturn_t fake_remote_handler(int irq, void *dev_id);
extern int fake_remote_handled;

/* Captured genirq messages since the last fake_chip_init(). */
const char *fake_messages(void);
bool fake_messages_contain(const char *needle);

#endif /* TESTS_FAKE_CHIP_H */
