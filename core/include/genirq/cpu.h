/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The simulated-CPU "arch" glue: which simulated CPU the calling thread is,
 * its local interrupt-enable flag, its pending vectors, and do_IRQ().
 *
 * A simulated CPU is a thread that called irq_cpu_attach(). Every other
 * thread is no CPU: it never takes pending vectors (not when it turns
 * interrupts on, not in irq_cpu_poll(), not inline in irq_cpu_raise()),
 * so a driver's process-context thread or a raising thread cannot run
 * CPU 0's interrupts concurrently with CPU 0. What such a thread runs
 * itself through do_IRQ() is counted in CPU 0's row (smp_processor_id()
 * is 0 for it). The interrupt-enable flag belongs to the thread (it is
 * that thread's EFLAGS.IF); pending vectors belong to the simulated CPU and
 * may be posted from any thread. A thread takes its CPU's pending vectors
 * whenever it turns interrupts back on (local_irq_enable, or
 * local_irq_restore to enabled), as an x86 CPU does after STI, and when it
 * calls irq_cpu_poll(). This is what makes spin_lock_irqsave() in the core
 * mean what it means in the kernel: an interrupt raised on this CPU while it
 * holds a descriptor lock waits until the lock is dropped.
 *
 * Follows arch/i386/kernel/irq.c (do_IRQ) and include/linux/hardirq.h of
 * 2.6.18 in spirit; the mechanism itself has no kernel counterpart.
 */
#ifndef GENIRQ_CPU_H
#define GENIRQ_CPU_H

#include <genirq/noise.h>
#include <stdbool.h>
#include <genirq/config.h>
#include <genirq/cpumask.h>

/*
 * Per-thread CPU state; use the accessors below, not the fields. The two
 * pointers are this CPU's per-CPU data, as the kernel reaches its own
 * through a segment register: no index arithmetic on every interrupt.
 */
struct irq_cpu_state {
	unsigned int cpu; /* simulated CPU this thread is */
	bool irqs_off; /* local interrupts disabled */
	unsigned int hardirq; /* hard interrupt nesting depth */
	bool attached; /* irq_cpu_attach() made this thread a CPU */
	/* irq threads its hard interrupts woke, woken at the outermost exit */
	unsigned int threads_deferred;
	/* this CPU's pending vectors; one nobody raises for no CPU */
	struct irq_cpu_pending *pending;
	unsigned int *kstat; /* this CPU's kstat row (CPU 0's for no CPU) */
	/*
	 * A thread that takes its own vectors (irq_cpu_take_own()): what it
	 * raises on its CPU with interrupts off waits here, its private
	 * IRR, with no locked operation, until it turns them on. @self_any:
	 * a bit of @self is set; @pending then points to a set whose ->any
	 * reads 1, so that the one load of every enable sees both.
	 */
	bool takes_own, self_any;
	unsigned long self[BITS_TO_LONGS(GENIRQ_NR_IRQS)];
};

extern __thread struct irq_cpu_state __irq_this_cpu
	__attribute__((tls_model("initial-exec")));

/*
 * Per-CPU pending vectors, posted by irq_cpu_raise() from any thread, and
 * the state a waiting CPU sleeps on; one cache line for NR_IRQS <= 256, so
 * a raise touches one line. ->any is set after a bit and cleared only by
 * the CPU, when it finds no bit left: the one word an enable reads.
 */
struct irq_cpu_pending {
	unsigned long bits[BITS_TO_LONGS(GENIRQ_NR_IRQS)];
	int any; /* a bit is set, or the CPU is about to look again */
	int sleeping; /* CPU is (about to be) in futex_wait */
	unsigned int wake_seq; /* the futex word */
	int stop; /* irq_cpu_stop() was called */
	struct irq_noise *noise; /* the spinning idle loop's gaps, or NULL */
} __attribute__((aligned(64)));

extern struct irq_cpu_pending __irq_cpu_pending[NR_CPUS];

/**
 * irq_cpu_attach - make the calling thread simulated CPU @cpu
 * @cpu: CPU number, below NR_CPUS
 *
 * Thread-local: it binds only the caller, and marks @cpu online. One thread
 * per CPU: two threads attached as one CPU share its pending vectors and
 * its kstat row, which the core does not expect. Does not pin the thread to
 * a physical core; the harness does that with hwloc.
 *
 * Return: 0, or -EINVAL when @cpu is out of range.
 */
int irq_cpu_attach(unsigned int cpu);

/**
 * irq_cpu_take_own - the calling thread takes the vectors it raises
 *
 * For the thread that runs its simulated CPU's vectors itself (the idle
 * loop of irq_cpu_run(), the harness's inline device thread): a vector
 * it raises on its own CPU with interrupts off is kept in the thread's
 * private set, without the shared set's locked operations, and taken,
 * lowest first with the shared set's, when it turns interrupts on. A
 * thread attached as a CPU whose interrupts it never turns on (the
 * harness's device thread beside a spinning CPU) must not call it.
 * irq_cpu_attach() ends it.
 */
void irq_cpu_take_own(void);

/**
 * irq_cpu_attached - whether the calling thread is a simulated CPU
 */
static inline bool irq_cpu_attached(void)
{
	return __irq_this_cpu.attached;
}

/**
 * smp_processor_id - the simulated CPU the calling thread is
 *
 * 0 for a thread that never called irq_cpu_attach().
 */
static inline unsigned int smp_processor_id(void)
{
	return __irq_this_cpu.cpu;
}

/* Online simulated CPUs: CPU 0 and every CPU a thread attached as. */
bool cpu_online(unsigned int cpu);
/* A copy of the online map, read atomically word by word. */
cpumask_t cpu_online_mask_get(void);

void __irq_cpu_take_pending(void);

/*
 * One load on every enable. A thread that is no simulated CPU has nothing
 * pending, ever: its ->pending is a set nobody raises on.
 */
static inline bool __irq_cpu_has_pending(void)
{
	return __atomic_load_n(&__irq_this_cpu.pending->any,
			       __ATOMIC_RELAXED) != 0;
}

static inline bool irqs_disabled(void)
{
	return __irq_this_cpu.irqs_off;
}

static inline void local_irq_disable(void)
{
	__irq_this_cpu.irqs_off = true;
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
}

static inline void local_irq_enable(void)
{
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
	__irq_this_cpu.irqs_off = false;
	if (__builtin_expect(__irq_cpu_has_pending(), 0))
		__irq_cpu_take_pending();
}

static inline unsigned long __local_irq_save(void)
{
	unsigned long flags = __irq_this_cpu.irqs_off;

	local_irq_disable();
	return flags;
}

static inline void local_irq_restore(unsigned long flags)
{
	if (flags)
		local_irq_disable();
	else
		local_irq_enable();
}

#define local_irq_save(flags) ((flags) = __local_irq_save())

/* In hard interrupt context (inside do_IRQ or a resend replay). */
static inline bool in_irq(void)
{
	return __irq_this_cpu.hardirq != 0;
}

#define in_interrupt() in_irq()

/**
 * irq_cpu_raise - post interrupt @irq to simulated CPU @cpu
 * @cpu: target CPU
 * @irq: interrupt number
 *
 * Lock-free; callable from any thread. When the caller is attached as
 * @cpu with interrupts enabled, the interrupt is taken before this returns
 * (inline delivery); otherwise @cpu takes it at its next local_irq_enable() or
 * irq_cpu_poll(), or its irq_cpu_run() loop does, woken from its futex
 * when it sleeps. Raising a vector that is already pending merges with
 * it, as a CPU's IRR does.
 *
 * Return: 0, or -EINVAL for a bad @cpu or @irq.
 */
int irq_cpu_raise(unsigned int cpu, unsigned int irq);

/**
 * irq_cpu_poll - take this CPU's pending interrupts now
 *
 * Lowest interrupt number first. Does nothing while interrupts are
 * disabled, or in a thread that is no simulated CPU. Outside an interrupt it first runs the software resend queue
 * if something was queued (what ksoftirqd does for a resend tasklet
 * scheduled from process context). Return: true when something was
 * pending.
 */
bool irq_cpu_poll(void);

/**
 * enum irq_cpu_wait - how an idle simulated CPU waits for interrupts
 * @IRQ_CPU_SPIN: busy-poll its pending set (lowest latency, burns a core)
 * @IRQ_CPU_BLOCK: sleep on a futex until raised (the cost of waking an
 *	idle CPU)
 * @IRQ_CPU_INLINE: no waiting thread: the raising thread is the CPU
 *	(attached as it, interrupts enabled) and dispatches synchronously
 *	inside irq_cpu_raise(); for measuring the pure dispatch path
 */
enum irq_cpu_wait {
	IRQ_CPU_SPIN,
	IRQ_CPU_BLOCK,
	IRQ_CPU_INLINE,
};

/**
 * irq_cpu_run - be simulated CPU @cpu until irq_cpu_stop(@cpu)
 * @cpu: CPU number
 * @mode: IRQ_CPU_SPIN or IRQ_CPU_BLOCK
 *
 * Attaches the calling thread as @cpu with interrupts enabled and takes
 * every interrupt raised on it, waiting per @mode in between. Returns once
 * irq_cpu_stop() was called and nothing is pending.
 *
 * Return: 0; -EINVAL for a bad @cpu or for IRQ_CPU_INLINE, which has no
 * loop of its own.
 */
int irq_cpu_run(unsigned int cpu, enum irq_cpu_wait mode);

/**
 * irq_cpu_set_noise - record @cpu's host-noise gaps into @nz
 * @nz: the recorder (genirq/noise.h), or NULL for none
 *
 * The spinning idle loop of irq_cpu_run() ticks @nz on every idle turn
 * and re-arms it after each interrupt it takes, so a gap is time the host
 * took from the idle CPU thread, never a handler's own time. Set it
 * before the thread starts running, or while it runs; the loop reads the
 * pointer on every turn. Blocking CPUs record nothing: they sleep.
 *
 * Return: 0, or -EINVAL when @cpu is out of range.
 */
int irq_cpu_set_noise(unsigned int cpu, struct irq_noise *nz);

/**
 * irq_cpu_stop - ask the thread in irq_cpu_run(@cpu) to return
 * @cpu: CPU number
 *
 * Wakes it if it sleeps. A later irq_cpu_run(@cpu) starts afresh.
 */
void irq_cpu_stop(unsigned int cpu);

/* Wait until every CPU in irq_cpu_run() is out of the handlers it began. */
void irq_cpus_quiesce(void);

/*
 * irq_cpus_quiesce(), once every CPU in irq_cpu_run() has taken the
 * vectors pending on it: for a caller that stopped every raise (the
 * harness between two blocks), so that no interrupt of the last block
 * is taken while it tears that block's lines down.
 */
void irq_cpus_drain(void);

/**
 * irq_cpu_inta_fn - a controller's interrupt-acknowledge cycle
 * @cpu: the CPU taking the interrupt
 * @irq: the pending vector it took
 * @ctx: the controller model
 *
 * Called by the CPU when it takes a pending @irq, before do_IRQ(), with
 * interrupts off: what the INTA bus cycle or a local APIC's IRR->ISR step
 * does in hardware. The controller may answer a different line (an i8259
 * whose request went away answers its spurious IRQ7).
 *
 * Return: the irq to dispatch, or a negative number to dispatch nothing.
 */
typedef int (*irq_cpu_inta_fn)(unsigned int cpu, unsigned int irq, void *ctx);

/**
 * irq_cpu_set_inta - install the acknowledge cycle for vector @irq
 * @irq: the vector (interrupt number) it applies to
 * @fn: the callback, or NULL to remove it
 * @ctx: passed to @fn
 *
 * Runs for vectors taken from the pending set (irq_cpu_raise()), not for
 * direct do_IRQ() calls. Return: 0, or -EINVAL for a bad @irq.
 */
int irq_cpu_set_inta(unsigned int irq, irq_cpu_inta_fn fn, void *ctx);

/**
 * irq_cpu_set_entry_cost - a fixed time every vector entry pays
 * @ns: the time, ns; 0 (the default, and after genirq_reset()): none
 * @wait: busy-waits its argument in ns (the harness's calibrated
 *	chip_delay_ns()); may be NULL only with @ns 0
 *
 * What the hardware and the arch's entry stub cost before do_IRQ() runs
 * (the vector through the IDT, the registers saved): paid once per
 * vector, interrupts off, before irq_enter(), on every simulated CPU and
 * for every chip, in both copies of the entry. It is there to move
 * every design and every chip alike, as a change to the arch glue
 * would: the A/B gate's known global shift (docs/analysis.md). Set it
 * before the CPUs start.
 *
 * Return: 0, or -EINVAL for @ns without @wait.
 */
int irq_cpu_set_entry_cost(unsigned int ns, void (*wait)(unsigned int ns));

/* do_IRQ()'s body without or with tracepoints (genirq_set_tracing()). */
extern void (*irq_vector_entry_copy)(unsigned int irq)
	__attribute__((visibility("hidden")));

/**
 * do_IRQ - the CPU's interrupt entry for @irq
 * @irq: interrupt number
 *
 * Disables local interrupts as the hardware does on vector entry, enters
 * hard interrupt context, runs generic_handle_irq(), and on leaving the
 * outermost interrupt runs the software resend queue (the kernel's resend
 * tasklet runs at irq_exit). Interrupts are then restored to what they
 * were, which takes any vectors that became pending meanwhile. An @irq at
 * or above NR_IRQS is reported and counted in irq_err_count.
 *
 * The entry is built twice, with and without tracepoints, and called
 * through irq_vector_entry_copy, which genirq_set_tracing() sets: one
 * call through a pointer is one instruction, as a direct call is.
 */
static inline void do_IRQ(unsigned int irq)
{
	__atomic_load_n(&irq_vector_entry_copy, __ATOMIC_RELAXED)(irq);
}

/*
 * Interrupts that arrived for no descriptor or on no_irq_chip ("ERR:"):
 * 2.6.18's irq_err_count, which arch code and drivers also count in
 * (a spurious i8259 IRQ7). Written with relaxed atomics; read it with
 * irq_err_count_read().
 */
extern unsigned long irq_err_count;
unsigned long irq_err_count_read(void);

#endif /* GENIRQ_CPU_H */
