/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The irq_chip operations irqlab names: one row each, in one table. The
 * trace format's enum (trace.h, and the LTTng enum of irqlab_tp.h), the
 * access counters of the chip models (chips/model.h's enum chip_acc) and
 * the per-operation stages of the trace analysis (analysis/stages/stages.c) are
 * all derived from IRQLAB_CHIP_OPS, so they cannot drift apart.
 *
 * The order is part of the trace format and of the reports' output: a new
 * operation goes at the end.
 */
#ifndef IRQLAB_CHIP_OPS_H
#define IRQLAB_CHIP_OPS_H

/*
 * IRQLAB_CHIP_OPS(X) - X(name, NAME) for every operation: its irq_chip
 * field name (the name traces and reports print) and the same in capitals
 * (for the enumerators of other folders, CHIP_ACC_NAME).
 */
#define IRQLAB_CHIP_OPS(X)      \
	X(startup, STARTUP)     \
	X(shutdown, SHUTDOWN)   \
	X(enable, ENABLE)       \
	X(disable, DISABLE)     \
	X(ack, ACK)             \
	X(mask, MASK)           \
	X(mask_ack, MASK_ACK)   \
	X(unmask, UNMASK)       \
	X(eoi, EOI)             \
	X(end, END)             \
	X(retrigger, RETRIGGER) \
	X(set_type, SET_TYPE)   \
	X(set_wake, SET_WAKE)   \
	X(set_affinity, SET_AFFINITY)

/* A row's name as a string, for tables of names. */
#define IRQLAB_CHIP_OP_NAME(op, OP) #op,

#define IRQLAB_CHIP_OP_ENUM(op, OP) IRQLAB_OP_##op,

/**
 * enum irqlab_trace_chip_op - the chip operation a chip_op event names
 *
 * Order is part of the trace format (an LTTng enum maps these values).
 */
enum irqlab_trace_chip_op {
	IRQLAB_CHIP_OPS(IRQLAB_CHIP_OP_ENUM) IRQLAB_OP_NR,
};

#endif /* IRQLAB_CHIP_OPS_H */
