/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The generic IRQ layer's descriptors, chips and flow handlers, as
 * include/linux/irq.h of Linux 2.6.18 declares them, in user space.
 *
 * Differences from 2.6.18 that a reader holding the kernel header should
 * know: no struct pt_regs anywhere (flow handlers and action handlers take
 * none, as after 2.6.19); set_irq_handler(irq, NULL) selects the __do_IRQ()
 * baseline instead of uninstalling; the descriptor table can be reset with
 * genirq_reset(); and the kernel's printk goes through genirq_set_printk().
 */
#ifndef GENIRQ_IRQ_H
#define GENIRQ_IRQ_H

#include <stdio.h>
#include <genirq/config.h>
#include <genirq/cpumask.h>
#include <genirq/cpu.h>
#include <genirq/spinlock.h>
#include <genirq/interrupt.h>

/*
 * IRQ line status (desc->status), with 2.6.18's values for every bit
 * 2.6.18 had, so that a driver built against either reads the same word.
 * The low bits are the trigger type.
 */
#define IRQ_TYPE_NONE 0x00000000 /* Default, unspecified type */
#define IRQ_TYPE_EDGE_RISING 0x00000001 /* Edge rising type */
#define IRQ_TYPE_EDGE_FALLING 0x00000002 /* Edge falling type */
#define IRQ_TYPE_EDGE_BOTH (IRQ_TYPE_EDGE_FALLING | IRQ_TYPE_EDGE_RISING)
#define IRQ_TYPE_LEVEL_HIGH 0x00000004 /* Level high type */
#define IRQ_TYPE_LEVEL_LOW 0x00000008 /* Level low type */
#define IRQ_TYPE_SENSE_MASK 0x0000000f /* Mask of the above */
#define IRQ_TYPE_PROBE 0x00000010 /* Probing in progress */

/*
 * Line settings of later kernels, in bits 2.6.18 left free. Their
 * _ONESHOT is istate's IRQS_ONESHOT, _NESTED_THREAD irq_settings'
 * IRQ_NESTED_THREAD; IRQ_LAZY_DISABLE is the lazy disable 2.6.21 made the
 * default, and IRQ_LEVEL_NORESEND the later rule that level lines are not
 * resent, both kept here as per-line choices so they can be compared.
 */
#define IRQ_ONESHOT 0x00000100 /* an IRQF_ONESHOT user owns the line */
#define IRQ_NESTED_THREAD 0x00000200 /* run by handle_nested_irq() */
#define IRQ_LAZY_DISABLE 0x00000400 /* disable_irq() does not mask */
#define IRQ_LEVEL_NORESEND 0x00000800 /* enable_irq() resends no level */

/* Internal flags */
#define IRQ_INPROGRESS 0x00010000 /* IRQ handler active - do not enter! */
#define IRQ_DISABLED 0x00020000 /* IRQ disabled - do not enter! */
#define IRQ_PENDING 0x00040000 /* IRQ pending - replay on enable */
#define IRQ_REPLAY 0x00080000 /* IRQ has been replayed but not acked yet */
#define IRQ_AUTODETECT 0x00100000 /* IRQ is being autodetected */
#define IRQ_WAITING 0x00200000 /* IRQ not yet seen - for autodetection */
#define IRQ_LEVEL 0x00400000 /* IRQ level triggered */
#define IRQ_MASKED 0x00800000 /* IRQ masked - shouldn't be seen again */
#define IRQ_PER_CPU 0x01000000 /* IRQ is per CPU */
#define IRQ_NOPROBE 0x02000000 /* IRQ is not valid for probing */
#define IRQ_NOREQUEST 0x04000000 /* IRQ cannot be requested */
#define IRQ_NOAUTOEN 0x08000000 /* IRQ will not be enabled on request irq */
#define IRQ_DELAYED_DISABLE \
	0x10000000 /* ARM: disable_irq() leaves it unmasked */
#define IRQ_WAKEUP 0x20000000 /* IRQ triggers system wakeup */
/* 2.6.19's bit; 2.6.18 kept a desc->move_irq word instead */
#define IRQ_MOVE_PENDING 0x40000000 /* need to re-target IRQ destination */

#define CHECK_IRQ_PER_CPU(var) ((var)&IRQ_PER_CPU)

struct irq_desc;

/**
 * struct irq_chip - hardware interrupt chip descriptor
 *
 * Every operation takes the interrupt number (2006 style); a chip finds its
 * own state with get_irq_chip_data(irq). set_irq_chip() fills the NULL
 * entries marked "default" below, so the table must not be const.
 *
 * @name:		name for show_interrupts()
 * @startup:		start up the interrupt; returns nonzero when the
 *			line was found already asserted (autoprobe then marks
 *			it pending). Defaults to ->enable if NULL
 * @shutdown:		shut down the interrupt. Defaults to ->disable if NULL
 * @enable:		enable the interrupt. Defaults to ->unmask if NULL
 *			(->unmask must then exist)
 * @disable:		disable the interrupt. Defaults to ->mask if NULL
 *			(->mask must then exist)
 * @ack:		start of a new interrupt
 * @mask:		mask an interrupt source
 * @mask_ack:		ack and mask an interrupt source; the flow handlers
 *			call ->mask then ->ack when NULL
 * @unmask:		unmask an interrupt source
 * @eoi:		end of interrupt (fasteoi and percpu flows)
 * @end:		end of interrupt for __do_IRQ(), which has to deal
 *			with a line disabled while its handler ran. Defaults
 *			to a no-op if NULL
 * @set_affinity:	set the CPU affinity on SMP machines. NULL: the line
 *			cannot be moved (irq_set_affinity() returns -EIO)
 * @retrigger:		resend an IRQ to the CPU; nonzero when the hardware
 *			did, 0 to let the software resend queue replay it
 * @set_type:		set the flow type (IRQ_TYPE_*) of an IRQ; 0 or
 *			-errno. NULL: set_irq_type() returns -ENXIO
 * @set_wake:		enable/disable power-management wake-on of an IRQ;
 *			0 or -errno. NULL: set_irq_wake() returns -ENXIO
 * @typename:		obsoleted by name, kept as migration helper: when
 *			@name is NULL, set_irq_chip() copies it there
 */
struct irq_chip {
	const char *name;
	unsigned int (*startup)(unsigned int irq);
	void (*shutdown)(unsigned int irq);
	void (*enable)(unsigned int irq);
	void (*disable)(unsigned int irq);

	void (*ack)(unsigned int irq);
	void (*mask)(unsigned int irq);
	void (*mask_ack)(unsigned int irq);
	void (*unmask)(unsigned int irq);
	void (*eoi)(unsigned int irq);

	void (*end)(unsigned int irq);
	void (*set_affinity)(unsigned int irq, cpumask_t dest);
	int (*retrigger)(unsigned int irq);
	int (*set_type)(unsigned int irq, unsigned int flow_type);
	int (*set_wake)(unsigned int irq, unsigned int on);

	const char *typename;
};

typedef void (*irq_flow_handler_t)(unsigned int irq, struct irq_desc *desc);

/**
 * struct irq_desc - interrupt descriptor
 *
 * @handle_irq:		highlevel irq-events handler; NULL selects __do_IRQ()
 * @chip:		low level interrupt hardware access
 * @handler_data:	per-IRQ data for the flow handler (chained handlers)
 * @chip_data:		platform-specific per-chip private data for the chip
 * @action:		the irq action chain
 * @status:		status information (IRQ_*)
 * @depth:		disable-depth, for nested irq_disable() calls
 * @wake_depth:		enable depth, for multiple set_irq_wake() callers
 * @irq_count:		stats field to detect stalled irqs
 * @irqs_unhandled:	stats field for spurious unhandled interrupts
 * @lock:		locking for SMP
 * @affinity:		IRQ affinity on SMP
 * @pending_mask:	pending rebalanced interrupts (deferred moves)
 * @name:		flow handler name for show_interrupts()
 * @threads_oneshot:	IRQF_ONESHOT actions whose thread is woken and not
 *			done: the line stays masked while any bit is set
 * @threads_active:	woken threads not yet done (synchronize_irq() waits
 *			for 0; a futex word)
 * @cpu:		the CPU an ARM SMP controller routed the line to
 *			(2.6.18's CONFIG_SMP field, written by the chip's
 *			->set_affinity and ARM's route_irq()); the core never
 *			reads it, as 2.6.18's generic code did not
 *
 * Cache-line aligned so that descriptors dispatched on different CPUs do
 * not share a line.
 */
struct irq_desc {
	irq_flow_handler_t handle_irq;
	struct irq_chip *chip;
	void *handler_data;
	void *chip_data;
	struct irqaction *action;
	unsigned int status;

	unsigned int depth;
	unsigned int wake_depth;
	unsigned int irq_count;
	unsigned int irqs_unhandled;
	spinlock_t lock;
	cpumask_t affinity;
	cpumask_t pending_mask;
	const char *name;
	unsigned long threads_oneshot;
	unsigned int threads_active;
	unsigned int cpu;
} __attribute__((aligned(64)));

extern struct irq_desc irq_desc[GENIRQ_NR_IRQS];

/* Dummy irq-chip implementations (kernel/irq/handle.c). */
extern struct irq_chip no_irq_chip;
extern struct irq_chip dummy_irq_chip;

/* Built-in IRQ flow handlers (kernel/irq/chip.c, handle.c). */
void handle_level_irq(unsigned int irq, struct irq_desc *desc);
void handle_fasteoi_irq(unsigned int irq, struct irq_desc *desc);
void handle_edge_irq(unsigned int irq, struct irq_desc *desc);
void handle_simple_irq(unsigned int irq, struct irq_desc *desc);
void handle_percpu_irq(unsigned int irq, struct irq_desc *desc);
void handle_bad_irq(unsigned int irq, struct irq_desc *desc);
/*
 * Not a kernel flow handler: the naive design the genirq flows are
 * compared with (core/edge_masking.c).
 */
void handle_edge_masking_irq(unsigned int irq, struct irq_desc *desc);

/**
 * handle_nested_irq - run a nested line's threaded handlers
 * @irq: the child interrupt
 *
 * For demultiplexers that run in a thread (an I2C or SPI expander's
 * threaded handler, 2.6.31): runs every action's thread_fn of @irq in the
 * calling thread, with the descriptor's INPROGRESS and DISABLED rules and
 * the spurious detector. Not from interrupt context (it WARNs).
 */
void handle_nested_irq(unsigned int irq);

/**
 * irq_set_nested_thread - mark @irq as run by handle_nested_irq()
 * @irq: interrupt number
 * @nest: true to mark, false to clear
 *
 * A nested line's request_threaded_irq() makes no thread and needs a
 * thread_fn. Return: 0, or -EINVAL for a bad @irq.
 */
int irq_set_nested_thread(unsigned int irq, bool nest);

/**
 * irq_set_lazy_disable - choose how disable_irq() treats @irq
 * @irq: interrupt number
 * @lazy: true: disable_irq() only marks the line disabled, and the flow
 *	handler masks it when an interrupt arrives while it is (2.6.21 and
 *	later); false: disable_irq() masks at once through ->disable
 *	(2.6.18, the default)
 *
 * Return: 0, or -EINVAL for a bad @irq.
 */
int irq_set_lazy_disable(unsigned int irq, bool lazy);

/**
 * irq_set_level_noresend - choose whether enable_irq() resends a level line
 * @irq: interrupt number
 * @noresend: true: a level (IRQ_LEVEL) line that took an interrupt while
 *	disabled is not resent when enabled, and its IRQ_PENDING is
 *	dropped (later kernels: the hardware asserts again); false: it is
 *	resent like an edge (2.6.18, the default)
 *
 * Return: 0, or -EINVAL for a bad @irq.
 */
int irq_set_level_noresend(unsigned int irq, bool noresend);

/**
 * __do_IRQ - the pre-genirq monolithic interrupt handler
 * @irq: the interrupt number
 *
 * The baseline flow: one handler for every line, driven by ->ack and ->end.
 * Return: 1, as the kernel's does.
 */
unsigned int __do_IRQ(unsigned int irq);

/*
 * __do_IRQ() without or with tracepoints, as genirq_set_tracing() chose;
 * what generic_handle_irq() calls for a line without a flow handler.
 */
extern unsigned int (*__do_IRQ_copy)(unsigned int irq)
	__attribute__((visibility("hidden")));

/**
 * generic_handle_irq - invoke the handler for a particular irq
 * @irq: the interrupt number
 *
 * Calls desc->handle_irq, or __do_IRQ() where a line has none, as kernels
 * built without GENERIC_HARDIRQS_NO__DO_IRQ did: the copy of either with
 * or without tracepoints that genirq_set_tracing() installed.
 */
static inline void generic_handle_irq(unsigned int irq)
{
	struct irq_desc *desc = irq_desc + irq;
	/*
	 * Read without the lock, as the kernel does: a handler may be
	 * changed under it while an interrupt comes in (a real device's,
	 * chips/hw/uio.c), and either one runs. Atomic, so that this is what
	 * C promises too; a plain load on every architecture we build for.
	 */
	irq_flow_handler_t handle =
		__atomic_load_n(&desc->handle_irq, __ATOMIC_RELAXED);

	if (__builtin_expect(handle != NULL, 1))
		handle(irq, desc);
	else
		__atomic_load_n(&__do_IRQ_copy, __ATOMIC_RELAXED)(irq);
}

/* Name of a flow handler for show_interrupts(): "edge", "do_IRQ", ... */
const char *irq_flow_name(irq_flow_handler_t handle);

/* Handle irq action chains (kernel/irq/handle.c). */
irqreturn_t handle_IRQ_event(unsigned int irq, struct irqaction *action);

/* Spurious and unhandled interrupt accounting (kernel/irq/spurious.c). */
void note_interrupt(unsigned int irq, struct irq_desc *desc,
		    irqreturn_t action_ret);
/* Resending of interrupts (kernel/irq/resend.c). */
void check_irq_resend(struct irq_desc *desc, unsigned int irq);
/**
 * irq_resend_flush - replay every interrupt in the software resend queue
 *
 * The queue is also run by the simulated CPU when it leaves its outermost
 * interrupt; this is for threads that want it run now.
 */
void irq_resend_flush(void);

/* Chip and flow setup (kernel/irq/chip.c). */
int set_irq_chip(unsigned int irq, struct irq_chip *chip);
int set_irq_type(unsigned int irq, unsigned int type);
int set_irq_data(unsigned int irq, void *data);
int set_irq_chip_data(unsigned int irq, void *data);
void irq_chip_set_defaults(struct irq_chip *chip);
void __set_irq_handler(unsigned int irq, irq_flow_handler_t handle,
		       int is_chained);
void set_irq_chip_and_handler(unsigned int irq, struct irq_chip *chip,
			      irq_flow_handler_t handle);
void set_irq_chip_and_handler_name(unsigned int irq, struct irq_chip *chip,
				   irq_flow_handler_t handle, const char *name);

/**
 * set_irq_handler - set the flow handler of @irq
 * @irq: interrupt number
 * @handle: flow handler; NULL selects the __do_IRQ() baseline
 *
 * Pass handle_bad_irq to uninstall (mask, ack, disable), which is what
 * NULL meant in 2.6.18.
 */
static inline void set_irq_handler(unsigned int irq, irq_flow_handler_t handle)
{
	__set_irq_handler(irq, handle, 0);
}

/**
 * set_irq_chained_handler - set a handler for a demultiplexing line
 * @irq: interrupt number
 * @handle: flow handler
 *
 * The line becomes NOREQUEST|NOPROBE, is enabled (depth 0) and unmasked.
 */
static inline void set_irq_chained_handler(unsigned int irq,
					   irq_flow_handler_t handle)
{
	__set_irq_handler(irq, handle, 1);
}

/**
 * __set_irq_handler_unlocked - switch the flow handler from ->set_type
 * @irq: interrupt number
 * @handle: the flow handler the new trigger type needs
 *
 * For chips whose ->set_type picks the flow (edge or level), called with
 * the descriptor lock held, as in later kernels. A line on the __do_IRQ()
 * baseline (handle_irq NULL) stays on it.
 */
void __set_irq_handler_unlocked(unsigned int irq, irq_flow_handler_t handle);

static inline struct irq_chip *get_irq_chip(unsigned int irq)
{
	return irq_desc[irq].chip;
}

static inline void *get_irq_chip_data(unsigned int irq)
{
	return irq_desc[irq].chip_data;
}

static inline void *get_irq_data(unsigned int irq)
{
	return irq_desc[irq].handler_data;
}

/*
 * ARM's line flags (arch/arm's asm/mach/irq.h spells them IRQF_VALID,
 * IRQF_PROBE and IRQF_NOAUTOEN; genirq-compat's <asm/mach/irq.h> does).
 */
#define GENIRQ_ARM_IRQF_VALID (1 << 0)
#define GENIRQ_ARM_IRQF_PROBE (1 << 1)
#define GENIRQ_ARM_IRQF_NOAUTOEN (1 << 2)

/**
 * set_irq_flags - say what drivers and autoprobe may do with @irq (ARM)
 * @irq: interrupt number
 * @iflags: GENIRQ_ARM_IRQF_VALID: drivers may request it; _PROBE:
 *	autoprobe may try it; _NOAUTOEN: its first user does not enable it
 *
 * Every flag left out sets the matching IRQ_NOREQUEST, IRQ_NOPROBE or
 * IRQ_NOAUTOEN status bit, as arch/arm/kernel/irq.c of 2.6.18 does: ARM
 * lines start NOREQUEST and NOPROBE until a controller driver calls this.
 */
void set_irq_flags(unsigned int irq, unsigned int iflags);

/*
 * Set by architecture code whose controller cannot route interrupts:
 * irq_set_affinity() then refuses with -EIO, as 2.6.18's
 * /proc/irq/N/smp_affinity writer did. genirq_reset() clears it.
 */
extern int no_irq_affinity;

/* Affinity migration (kernel/irq/migration.c), called by chips. */
void move_native_irq(int irq);
void move_masked_irq(int irq);
void set_pending_irq(unsigned int irq, cpumask_t mask);

/* Statistics (include/linux/kernel_stat.h). */
unsigned int kstat_irqs_cpu(unsigned int irq, int cpu);
unsigned int kstat_irqs(unsigned int irq);

/**
 * show_interrupts - print a /proc/interrupts-style table to @f
 * @f: output stream
 *
 * One column per online CPU; a row per line that has an action or has
 * counted interrupts: counts, chip name, flow name, action names; then
 * the ERR count.
 */
void show_interrupts(FILE *f);

/**
 * genirq_reset - return every descriptor to its boot state
 *
 * Stops every action's thread, frees actions made by request_irq(), zeroes
 * the statistics, empties the software resend queue, and restores chip no_irq_chip, handle_bad_irq,
 * IRQ_DISABLED, depth 1 and affinity CPU_MASK_ALL. Runtime options
 * (genirq_set_*) return to their defaults, but for genirq_set_tracing().
 * Not safe while interrupts are being dispatched.
 */
void genirq_reset(void);

/**
 * genirq_set_tracing - install the dispatch path with or without tracepoints
 * @on: true: the copy with tracepoints; false: the one without (default)
 *
 * The dispatch path (the vector entry, the flow handlers, __do_IRQ(),
 * handle_IRQ_event()) is built twice. This installs one copy in every
 * descriptor and in the pointers do_IRQ() and generic_handle_irq() call
 * through, and makes __set_irq_handler() and genirq_reset() install that
 * copy later on; a chip's own chained handler is left as it is. Without
 * tracing, an interrupt runs exactly the instructions of a core built
 * without tracepoints. An interrupt already in a flow handler finishes in
 * its copy. The choice outlives genirq_reset(): it is the tracer's, not a
 * boot option.
 *
 * Return: 0, or -EOPNOTSUPP for @on where tracepoints are compiled out.
 */
int genirq_set_tracing(bool on);

/*
 * Runtime options standing for the kernel's boot parameters and config
 * switches. Set them before dispatching interrupts.
 */
enum irqfixup_mode {
	IRQFIXUP_OFF = 0, /* default */
	IRQFIXUP_MISROUTED = 1, /* "irqfixup": try other lines on IRQ_NONE */
	IRQFIXUP_POLL = 2, /* "irqpoll": also poll on every timer IRQ 0 */
};
void genirq_set_irqfixup(enum irqfixup_mode mode);
/* "noirqdebug": skip note_interrupt() entirely. */
void genirq_set_noirqdebug(bool on);
/*
 * CONFIG_GENERIC_PENDING_IRQ: irq_set_affinity() records the move and the
 * chip performs it at the line's next interrupt (move_native_irq()).
 */
void genirq_set_pending_irq_moves(bool on);

/**
 * enum genirq_arch - whose 2.6.18 genirq the core behaves as
 * @GENIRQ_ARCH_GENERIC: the boot default, no architecture's: software
 *	resend on every line a chip cannot retrigger, eager disable (what
 *	irqlab did before it knew architectures; library users and tests)
 * @GENIRQ_ARCH_I386: no CONFIG_HARDIRQS_SW_RESEND: an edge found disabled
 *	is marked IRQ_REPLAY and, without a ->retrigger, dropped on enable
 * @GENIRQ_ARCH_ARM: CONFIG_HARDIRQS_SW_RESEND, and init_IRQ() marks every
 *	descriptor IRQ_NOREQUEST | IRQ_DELAYED_DISABLE | IRQ_NOPROBE
 * @GENIRQ_ARCH_NR: how many
 */
enum genirq_arch {
	GENIRQ_ARCH_GENERIC,
	GENIRQ_ARCH_I386,
	GENIRQ_ARCH_ARM,
	GENIRQ_ARCH_NR,
};

/**
 * genirq_set_arch - behave as @arch's 2.6.18 kernel did
 * @arch: the architecture
 *
 * Chooses whether check_irq_resend() may queue a software resend, and
 * does what @arch's init_IRQ() did to every descriptor: on ARM each gets
 * IRQ_NOREQUEST | IRQ_DELAYED_DISABLE | IRQ_NOPROBE (controller code then
 * calls set_irq_flags() for its valid lines, as an ARM machine's init
 * did); on the others IRQ_DELAYED_DISABLE is cleared. Call it after the
 * chips are set up and before lines are requested; genirq_reset() returns
 * to GENIRQ_ARCH_GENERIC.
 *
 * Return: 0, or -EINVAL for an @arch out of range.
 */
int genirq_set_arch(enum genirq_arch arch);

/**
 * genirq_get_arch - the architecture genirq_set_arch() chose
 *
 * Return: it, GENIRQ_ARCH_GENERIC after genirq_reset().
 */
enum genirq_arch genirq_get_arch(void);

/**
 * genirq_arch_name - an architecture's name: "generic", "i386", "arm"
 * @arch: the architecture
 *
 * Return: the name, or NULL past the last (a table's end).
 */
const char *genirq_arch_name(enum genirq_arch arch);

/**
 * genirq_thread_setup_fn - prepare a new irq thread
 * @irq: its interrupt number
 * @action: its action (name, dev_id, flags)
 * @ctx: what genirq_set_thread_setup() was given
 *
 * Runs in the new thread before it first waits, while setup_irq() waits
 * for it: pin it, set its scheduling. Return: 0, or -errno to refuse the
 * thread (setup_irq() then fails with it).
 */
typedef int (*genirq_thread_setup_fn)(unsigned int irq,
				      const struct irqaction *action,
				      void *ctx);

/**
 * genirq_set_thread_setup - how irq threads are prepared
 * @fn: the preparation, or NULL for the default: SCHED_FIFO at priority
 *	50 (the kernel's MAX_USER_RT_PRIO/2) when the process may, else the
 *	thread stays SCHED_OTHER (irq_thread_policy() tells which), and no
 *	pinning
 * @ctx: passed to @fn
 */
void genirq_set_thread_setup(genirq_thread_setup_fn fn, void *ctx);

/**
 * irq_thread_policy - the scheduling policy an action's thread runs at
 * @action: an action with a thread
 *
 * Return: SCHED_FIFO, SCHED_OTHER, ..., or -1 when @action has no thread.
 */
int irq_thread_policy(const struct irqaction *action);

/**
 * irq_oneshot_masks - would @irq stay masked while its oneshot threads run
 * @irq: interrupt number
 *
 * True when the line's flow handler, for IRQF_ONESHOT users, keeps it
 * masked from the hard handler until the last thread it woke is done
 * (irq_finalize_oneshot() unmasks): handle_level_irq(), and
 * handle_fasteoi_irq() on a chip with a ->mask, as their rows in
 * irq_flow_types say (IRQ_FLOW_ONESHOT_*, genirq/flows.h). The edge,
 * simple and per-CPU flows, __do_IRQ() and handle_edge_masking_irq()
 * never hold a line for a thread, as in the kernel. In no kernel: later ones decide
 * this inside the flows (IRQS_ONESHOT); this says what the flow will do,
 * for a caller that accounts the masked time, which holds as long as the
 * flow handler and chip stay (set_irq_type() may change them).
 * Return: false also for a bad @irq.
 */
bool irq_oneshot_masks(unsigned int irq);

/*
 * Kernel messages. Levels follow printk's (0 KERN_EMERG .. 7 KERN_DEBUG).
 * The default sink writes "genirq: <message>" to stderr.
 */
enum {
	GENIRQ_LOG_EMERG = 0,
	GENIRQ_LOG_ERR = 3,
	GENIRQ_LOG_WARNING = 4,
	GENIRQ_LOG_INFO = 6,
};
typedef void (*genirq_printk_fn)(int level, const char *msg, void *ctx);
void genirq_set_printk(genirq_printk_fn fn, void *ctx);
/* WARN_ON()s hit since the last genirq_reset(). */
unsigned long genirq_warn_count(void);

#endif /* GENIRQ_IRQ_H */
