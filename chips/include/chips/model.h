/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What every interrupt controller model shares: register-access accounting
 * and cost, the calibrated busy-wait that stands for bus cycles, the
 * device-side input lines, and the counters the harness reads.
 *
 * A model is a register-level simulation of one controller. Its irq_chip
 * operations touch the model's registers only through chip_reg_read() and
 * chip_reg_write(), which count the access under the irq_chip operation
 * that made it and under the line it was made for, and busy-wait the
 * access's cost. Devices deliver to the model's inputs with chip_send():
 * a wire level, an edge, or a message-signalled write, each model taking
 * the kinds its ops' @accepts says (a wire's pin: struct chip_line); the
 * model decides, as its data sheet says, whether and where
 * to deliver, and raises the interrupt on a simulated CPU with
 * irq_cpu_raise(). A model never calls a flow handler.
 */
#ifndef CHIPS_MODEL_H
#define CHIPS_MODEL_H

#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <genirq/irq.h>
#include <irqlab/chip_ops.h>

/* The irq_chip operations' accessors, from the one table of them. */
#define CHIP_ACC_OP(op, OP) CHIP_ACC_##OP,

/**
 * enum chip_acc - who made a register access
 *
 * First the irq_chip operations, one per row of IRQLAB_CHIP_OPS
 * (irqlab/chip_ops.h) and in its order, so that CHIP_ACC_x ==
 * IRQLAB_OP_x; then the model's other callers.
 */
enum chip_acc {
	IRQLAB_CHIP_OPS(CHIP_ACC_OP)
		CHIP_ACC_DEMUX, /* a chained handler reading its status */
	CHIP_ACC_INIT, /* initialisation, suspend/resume */
	CHIP_ACC_NR,
};

_Static_assert(CHIP_ACC_DEMUX == (int)IRQLAB_OP_NR,
	       "the chip operations come first, as IRQLAB_CHIP_OPS has them");

const char *chip_acc_name(enum chip_acc acc);

/**
 * struct chip_stats - what a model counts
 * @reads:	register reads, per caller
 * @writes:	register writes, per caller
 * @delivered:	interrupts raised on a CPU
 * @latched:	edges latched while they could not be delivered
 * @dropped_masked: edges lost because their input was masked
 * @spurious:	spurious interrupts the model detected or produced
 *
 * Updated with relaxed atomics: device and CPU threads share a model. A
 * model that updates its own under a lock of its own does so without
 * locked instructions (chip_add()); readers load them relaxed either way.
 */
struct chip_stats {
	unsigned long reads[CHIP_ACC_NR];
	unsigned long writes[CHIP_ACC_NR];
	unsigned long delivered;
	unsigned long latched;
	unsigned long dropped_masked;
	unsigned long spurious;
};

struct chip_model;

/**
 * struct chip_line_count - the register accesses made for one line
 * @n:		accesses made for the line's interrupts: its own irq_chip
 *		operations and its acknowledge cycle (relaxed atomic)
 * @ns:		their costed time: the sum of the cost each access was made
 *		with, what it busy-waited (relaxed atomic)
 * @close_ns:	the part of @ns that ended an interrupt: unmask, eoi and
 *		end, made after the handlers ran (relaxed atomic)
 * @parent:	the count of the line whose interrupt dispatches this one (a
 *		chained cascade's demultiplexer), part of every interrupt of
 *		this line; NULL: none. Set when the model is made
 *
 * A model's lines are its irqs: line n is irq @irq_base + n. Two more
 * counts follow its lines: CHIP_LINE_OUTPUT, the accesses a chained model
 * makes for the parent line its output drives (the demultiplexer's status
 * reads), and CHIP_LINE_NONE, those made for no line (set-up). Every
 * access is counted in exactly one of them.
 */
struct chip_line_count {
	unsigned long n;
	unsigned long ns, close_ns;
	const struct chip_line_count *parent;
};

#define CHIP_LINE_OUTPUT (~0u - 1)
#define CHIP_LINE_NONE (~0u)

/**
 * enum chip_design - which handler design a model's lines run
 * @CHIP_DESIGN_FLOW: the genirq flow handler the hardware needs, with the
 *	model's new-style irq_chip
 * @CHIP_DESIGN_DO_IRQ: the __do_IRQ() baseline, with the model's legacy
 *	ack/end chip (what 2.6.17's hw_interrupt_type did for it)
 * @CHIP_DESIGN_V6: the line is on the model's modern driver form
 *	(chips/form6.h), run by genirq6; its 2.6.18 descriptor keeps the
 *	flow form, which no interrupt reaches meanwhile
 */
enum chip_design {
	CHIP_DESIGN_FLOW,
	CHIP_DESIGN_DO_IRQ,
	CHIP_DESIGN_V6,
};

/**
 * enum chip_msg_kind - what a device may send a controller input
 * @CHIP_MSG_LEVEL: a wire driven to a level, which stays until changed
 * @CHIP_MSG_EDGE: a pulse on a wire: asserted, then deasserted at once
 * @CHIP_MSG_WRITE: a message-signalled interrupt: a write of @data to
 *	@addr in the controller's doorbell (as MSI to an ITS or an MSI
 *	controller); no wire
 */
enum chip_msg_kind {
	CHIP_MSG_LEVEL,
	CHIP_MSG_EDGE,
	CHIP_MSG_WRITE,
	CHIP_MSG_NR,
};

/* A mask of enum chip_msg_kind: what a controller accepts. */
#define CHIP_ACCEPTS(kind) (1u << CHIP_MSG_##kind)
#define CHIP_ACCEPTS_WIRE (CHIP_ACCEPTS(LEVEL) | CHIP_ACCEPTS(EDGE))

/**
 * struct chip_msg - one delivery from a device to a controller
 * @kind:	which of the three it is
 * @pin:	LEVEL, EDGE: the input wire
 * @level:	LEVEL: true for asserted
 * @addr:	WRITE: the doorbell address written
 * @data:	WRITE: the value written (the event ID, for an ITS)
 */
struct chip_msg {
	enum chip_msg_kind kind;
	unsigned int pin;
	bool level;
	uint64_t addr;
	uint32_t data;
};

/* "level", "edge", "write" (or "?"), for messages. */
const char *chip_msg_kind_name(enum chip_msg_kind kind);

/**
 * struct chip_model_ops - what the device side and the harness call
 * @accepts:	the deliveries the controller takes, CHIP_ACCEPTS() bits;
 *		chip_send() refuses any other
 * @set_input:	drive input @pin to @level (true: asserted). An edge is a
 *		transition; a level stays until changed. Required when
 *		@accepts has LEVEL or EDGE
 * @write_msg:	take a message-signalled write of @data to @addr; required
 *		when @accepts has WRITE, else NULL
 * @set_design:	put every line of the model on @design; lines keep their
 *		trigger type. Not while interrupts are being dispatched
 * @destroy:	free the model (after its lines were freed)
 * @set_arch:	make the model's irq_chip what @arch's 2.6.18 driver was
 *		(the GIC has no ->retrigger on ARM); NULL: the same on all
 * @arch:	the architecture whose kernel drove this controller, and so
 *		the one a run of it behaves as unless a scenario says
 */
struct chip_model_ops {
	unsigned int accepts;
	void (*set_input)(struct chip_model *m, unsigned int pin, bool level);
	void (*write_msg)(struct chip_model *m, uint64_t addr, uint32_t data);
	void (*set_design)(struct chip_model *m, enum chip_design design);
	void (*destroy)(struct chip_model *m);
	void (*set_arch)(struct chip_model *m, enum genirq_arch arch);
	enum genirq_arch arch;
};

/**
 * struct chip_cost_field - one cost figure a profile file may set
 * @key:	the key in the [model] section, e.g. "port_read_ns"
 * @offset:	offset of its unsigned int in the model's cost struct
 */
struct chip_cost_field {
	const char *key;
	size_t offset;
};

/**
 * struct chip_model - the part every model embeds first
 * @name:	model name ("i8259", "ioapic", ...), the profile section
 * @ops:	device-side operations
 * @stats:	counters
 * @cost:	the model's cost struct (unsigned int fields, ns)
 * @cost_fields: its keys, NULL-terminated
 * @irq_base:	first Linux irq number of the model's inputs
 * @nr_inputs:	number of input pins; the model's lines are its irqs
 *		@irq_base .. @irq_base + @nr_inputs - 1
 * @lines:	register accesses per line (chip_lines_init()), then the
 *		output's and no line's (struct chip_line_count)
 */
struct chip_model {
	const char *name;
	const struct chip_model_ops *ops;
	struct chip_stats stats;
	void *cost;
	const struct chip_cost_field *cost_fields;
	unsigned int irq_base;
	unsigned int nr_inputs;
	struct chip_line_count *lines;
};

static inline void chip_count(unsigned long *counter)
{
	__atomic_fetch_add(counter, 1, __ATOMIC_RELAXED);
}

void chip_delay_ns(unsigned int ns);

/* @line's count: a line below nr_inputs, CHIP_LINE_OUTPUT or _NONE. */
static inline struct chip_line_count *chip_line_slot(struct chip_model *m,
						     unsigned int line)
{
	if (line >= m->nr_inputs)
		line = m->nr_inputs + (line != CHIP_LINE_OUTPUT);
	return &m->lines[line];
}

/*
 * Add @n to a counter: with a locked instruction, or, where @serial, with
 * a plain load and store, for a counter that one writer at a time updates
 * (a model that counts under a lock of its own). Either way readers may
 * load it at any time, relaxed.
 */
static inline void chip_add(unsigned long *counter, unsigned long n,
			    bool serial)
{
	if (serial)
		__atomic_store_n(counter,
				 __atomic_load_n(counter, __ATOMIC_RELAXED) + n,
				 __ATOMIC_RELAXED);
	else
		__atomic_fetch_add(counter, n, __ATOMIC_RELAXED);
}

/*
 * The books of one access of @line by @acc that costs @cost_ns, @count
 * being @m's stats.reads or stats.writes: its number under @acc and
 * @line, and its time where it is paid, as its number is, so that the
 * harness can say how much of an event's latency was bus cycles
 * (analysis/tail/tail.c), and which part of it closed the previous
 * interrupt. @serial: for a model that keeps every access's books under
 * one lock of its own, held here (the GIC's), which then makes them
 * without locked instructions, and busy-waits the cost itself.
 */
static inline void chip_reg_books(struct chip_model *m, unsigned long *count,
				  unsigned int line, enum chip_acc acc,
				  unsigned int cost_ns, bool serial)
{
	struct chip_line_count *c = chip_line_slot(m, line);

	chip_add(&count[acc], 1, serial);
	chip_add(&c->n, 1, serial);
	if (!cost_ns)
		return;
	chip_add(&c->ns, cost_ns, serial);
	if (acc == CHIP_ACC_UNMASK || acc == CHIP_ACC_EOI ||
	    acc == CHIP_ACC_END)
		chip_add(&c->close_ns, cost_ns, serial);
}

/*
 * Register access: count it under @acc and @line (CHIP_LINE_NONE for
 * set-up), then busy-wait @cost_ns.
 */
static inline void chip_reg_read(struct chip_model *m, unsigned int line,
				 enum chip_acc acc, unsigned int cost_ns)
{
	chip_reg_books(m, m->stats.reads, line, acc, cost_ns, false);
	if (cost_ns)
		chip_delay_ns(cost_ns);
}

static inline void chip_reg_write(struct chip_model *m, unsigned int line,
				  enum chip_acc acc, unsigned int cost_ns)
{
	chip_reg_books(m, m->stats.writes, line, acc, cost_ns, false);
	if (cost_ns)
		chip_delay_ns(cost_ns);
}

/**
 * chip_lines_init - give @m its per-line access counts, all zero
 * @m: a model whose @nr_inputs is set
 *
 * No line has a parent yet. Return: 0 or -ENOMEM.
 */
int chip_lines_init(struct chip_model *m);
/* Free what chip_lines_init() allocated; the model's destroy calls it. */
void chip_lines_free(struct chip_model *m);

/**
 * chip_line_set_parent - make a line's interrupts include a parent's
 * @m: the model
 * @line: its line, or CHIP_LINE_OUTPUT
 * @parent: the model of the line that dispatches it
 * @parent_line: that line, or CHIP_LINE_OUTPUT
 *
 * For a chained cascade: the accesses made for the parent line (its
 * acknowledge, the demultiplexer's reads) are part of each interrupt of
 * @line. Call before the model is used.
 */
void chip_line_set_parent(struct chip_model *m, unsigned int line,
			  struct chip_model *parent, unsigned int parent_line);

/**
 * chip_irq_accesses - the register accesses made for a line's interrupts
 * @m: the model
 * @irq: one of its irqs
 *
 * The line's count plus its parents', up the cascade: every access but
 * set-up made for @irq, by whichever model of the cascade, since the
 * model was made or its stats were reset. What two reads differ by was
 * made in between. Relaxed: it orders nothing.
 */
static inline unsigned long chip_irq_accesses(const struct chip_model *m,
					      unsigned int irq)
{
	const struct chip_line_count *c = &m->lines[irq - m->irq_base];
	unsigned long n = 0;

	for (; c; c = c->parent)
		n += __atomic_load_n(&c->n, __ATOMIC_RELAXED);
	return n;
}

/**
 * chip_irq_access_ns - the costed time of a line's register accesses
 * @m: the model
 * @irq: one of its irqs
 * @close_ns: set to the part of it that ended an interrupt (unmask, eoi,
 *	end); NULL: not wanted
 *
 * What chip_irq_accesses() counts, in the ns each access was costed at,
 * up the cascade the same way. Return: the time, ns.
 */
static inline unsigned long chip_irq_access_ns(const struct chip_model *m,
					       unsigned int irq,
					       unsigned long *close_ns)
{
	const struct chip_line_count *c = &m->lines[irq - m->irq_base];
	unsigned long ns = 0, cl = 0;

	for (; c; c = c->parent) {
		ns += __atomic_load_n(&c->ns, __ATOMIC_RELAXED);
		cl += __atomic_load_n(&c->close_ns, __ATOMIC_RELAXED);
	}
	if (close_ns)
		*close_ns = cl;
	return ns;
}

/* Total register accesses (reads + writes) made by @acc, or all if NR. */
unsigned long chip_accesses(const struct chip_model *m, enum chip_acc acc);
/* Zero the counters, the lines' access counts with them. */
void chip_stats_reset(struct chip_model *m);

/**
 * struct chip_delay_calibration - the busy-wait's clock and its error
 * @ticks_per_us: the tick counter's rate (genirq/clock.h: the TSC on x86)
 * @err_ns_mean: mean (actual - requested) of a 100 ns wait, in ns
 * @err_ns_max:	 largest such error seen during calibration
 * @overhead_ns: the wait's own fixed cost, taken off every request
 */
struct chip_delay_calibration {
	double ticks_per_us;
	double overhead_ns;
	double err_ns_mean;
	double err_ns_max;
};

/**
 * chip_delay_calibrate - measure the busy-wait clock once per run
 * @out: where to store the result (may be NULL)
 *
 * Measures the wait's own fixed cost, which every later wait takes off
 * its request, and how far chip_delay_ns(100) then overshoots; the tick
 * counter's rate is the process's (genirq/clock.h). Until called, a wait
 * also costs its overhead. Call it before the threads that use the models
 * start. Return: 0 or -errno.
 */
int chip_delay_calibrate(struct chip_delay_calibration *out);

/**
 * chip_cost_set - set one cost figure of @m by key (chips/cost.c)
 * @m: the model
 * @key: one of @m->cost_fields
 * @ns: the cost
 *
 * Return: 0, or -ENOENT when @m has no such key.
 */
int chip_cost_set(struct chip_model *m, const char *key, unsigned int ns);

/**
 * chip_cost_load - apply a cost profile file to @m (chips/cost.c)
 * @m: the model; its section is [@m->name]
 * @path: INI file of sections named after models, keys from cost_fields
 * @err: room for one sentence naming file, line and key on failure
 * @errlen: its size
 *
 * The whole file is checked as chip_cost_read() does; only @m's section
 * is applied. Return: 0, -ENOENT for a file that cannot be opened,
 * -EINVAL for anything wrong in it (with @err filled), -ENOMEM.
 */
int chip_cost_load(struct chip_model *m, const char *path, char *err,
		   size_t errlen);

/**
 * chip_accepts - whether @m takes deliveries of @kind
 * @m: the model
 * @kind: the kind of message
 */
static inline bool chip_accepts(const struct chip_model *m,
				enum chip_msg_kind kind)
{
	return kind < CHIP_MSG_NR && (m->ops->accepts & (1u << kind));
}

/**
 * chip_send - deliver @msg to @m
 * @m: the controller model
 * @msg: the delivery
 *
 * A level drives the wire; an edge asserts and deasserts it; a write goes
 * to the model's doorbell. Hot path: allocates and prints nothing.
 *
 * Return: 0, or -EPROTONOSUPPORT when @m does not accept @msg's kind
 * (nothing is delivered).
 */
static inline int chip_send(struct chip_model *m, const struct chip_msg *msg)
{
	if (!chip_accepts(m, msg->kind))
		return -EPROTONOSUPPORT;
	switch (msg->kind) {
	case CHIP_MSG_LEVEL:
		m->ops->set_input(m, msg->pin, msg->level);
		break;
	case CHIP_MSG_EDGE:
		m->ops->set_input(m, msg->pin, true);
		m->ops->set_input(m, msg->pin, false);
		break;
	default:
		m->ops->write_msg(m, msg->addr, msg->data);
		break;
	}
	return 0;
}

/* Drive wire @pin of @m to @level: chip_send() of a LEVEL message. */
static inline int chip_send_level(struct chip_model *m, unsigned int pin,
				  bool level)
{
	const struct chip_msg msg = { .kind = CHIP_MSG_LEVEL,
				      .pin = pin,
				      .level = level };

	return chip_send(m, &msg);
}

/* Device side: a line is one input pin of one model. */
/* Device side: a line is one input pin of one model. */
struct chip_line {
	struct chip_model *model;
	unsigned int pin;
};

static inline void chip_line_assert(const struct chip_line *l)
{
	chip_send_level(l->model, l->pin, true);
}

static inline void chip_line_deassert(const struct chip_line *l)
{
	chip_send_level(l->model, l->pin, false);
}

/* An edge: assert, hold @width_ns (0: none), deassert. */
void chip_line_pulse(const struct chip_line *l, unsigned int width_ns);

static inline void chip_model_set_design(struct chip_model *m,
					 enum chip_design design)
{
	m->ops->set_design(m, design);
}

/**
 * chip_model_arch - the architecture @m's controller belongs to
 * @m: the model
 *
 * Return: its ops' @arch.
 */
static inline enum genirq_arch chip_model_arch(const struct chip_model *m)
{
	return m->ops->arch;
}

/**
 * chip_model_set_arch - set up @m's lines as @arch's kernel did
 * @m: a model, its lines set up
 * @arch: the architecture genirq_set_arch() was given
 *
 * Call after genirq_set_arch(@arch), which stands for the architecture's
 * init_IRQ(); this is the machine's part that followed it. On ARM each of
 * the model's lines is made requestable and probeable (set_irq_flags()
 * with IRQF_VALID | IRQF_PROBE, as ARM machines did for their
 * controllers' lines); IRQ_DELAYED_DISABLE stays. Then the model's own
 * @set_arch, if any.
 */
void chip_model_set_arch(struct chip_model *m, enum genirq_arch arch);

/**
 * chip_model_destroy - free a model made by its <model>_create()
 */
static inline void chip_model_destroy(struct chip_model *m)
{
	if (m)
		m->ops->destroy(m);
}

#endif /* CHIPS_MODEL_H */
