// SPDX-License-Identifier: GPL-2.0
/*
 * The simulated-CPU "arch" glue: per-thread CPU identity and interrupt
 * flag, per-CPU pending vectors, the idle loop, and the spinlock slow
 * path. Stands where arch/i386/kernel/irq.c stands in 2.6.18; its vector
 * entry, do_IRQ() with irq_enter()/irq_exit(), is in vector.c.
 */
#include <errno.h>
#include <limits.h>
#include <sched.h>
#include <string.h>
#include <time.h>
#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "internals.h"

/* What a thread that is no simulated CPU takes its pending vectors from. */
static struct irq_cpu_pending no_cpu_pending;
/*
 * Where a thread's ->pending points while its private set holds a
 * vector (self_set()): ->any reads 1, and nobody writes it.
 */
static struct irq_cpu_pending self_marker = { .any = 1 };

__thread struct irq_cpu_state __irq_this_cpu
	__attribute__((tls_model("initial-exec"))) = {
		.pending = &no_cpu_pending,
		.kstat = kstat_irqs_table[0],
	};
__thread struct irq_noise *irq_noise_current
	__attribute__((tls_model("initial-exec")));
struct irq_cpu_pending __irq_cpu_pending[NR_CPUS];
static unsigned long online_bits[BITS_TO_LONGS(NR_CPUS)];

/*
 * Each CPU's passes through its idle loop, for irq_cpus_quiesce(): on a
 * line of their own, so that the count the loop writes is not on the
 * line the raisers write.
 */
static struct {
	unsigned long turns; /* written by the CPU's irq_cpu_run() only */
	int running; /* a thread is in irq_cpu_run() for the CPU */
} __attribute__((aligned(64))) idle_turns[NR_CPUS];

/* Per-vector acknowledge cycles, installed by controller models. */
static struct {
	irq_cpu_inta_fn fn;
	void *ctx;
} inta[NR_IRQS];

int irq_cpu_set_inta(unsigned int irq, irq_cpu_inta_fn fn, void *ctx)
{
	if (irq >= NR_IRQS)
		return -EINVAL;
	__atomic_store_n(&inta[irq].ctx, ctx, __ATOMIC_RELAXED);
	__atomic_store_n(&inta[irq].fn, fn, __ATOMIC_RELEASE);
	return 0;
}

static void set_online(unsigned int cpu)
{
	__atomic_fetch_or(&online_bits[cpu / BITS_PER_LONG],
			  1UL << (cpu % BITS_PER_LONG), __ATOMIC_RELAXED);
}

struct genirq_cost irq_entry_cost;

int irq_cpu_set_entry_cost(unsigned int ns, void (*wait)(unsigned int ns))
{
	return genirq_cost_set(&irq_entry_cost, ns, wait);
}

void cpu_reset(void)
{
	irq_cpu_set_entry_cost(0, NULL);
	for (int i = 0; i < BITS_TO_LONGS(NR_CPUS); i++)
		__atomic_store_n(&online_bits[i], 0, __ATOMIC_RELAXED);
	set_online(0);
	for (unsigned int irq = 0; irq < NR_IRQS; irq++)
		irq_cpu_set_inta(irq, NULL, NULL);
	for (int cpu = 0; cpu < NR_CPUS; cpu++) {
		struct irq_cpu_pending *p = &__irq_cpu_pending[cpu];

		for (int i = 0; i < BITS_TO_LONGS(NR_IRQS); i++)
			__atomic_store_n(&p->bits[i], 0, __ATOMIC_RELAXED);
		__atomic_store_n(&p->any, 0, __ATOMIC_RELAXED);
		__atomic_store_n(&p->stop, 0, __ATOMIC_RELAXED);
		__atomic_store_n(&p->noise, NULL, __ATOMIC_RELAXED);
	}
}

int irq_cpu_attach(unsigned int cpu)
{
	if (cpu >= NR_CPUS)
		return -EINVAL;
	__irq_this_cpu.cpu = cpu;
	__irq_this_cpu.pending = &__irq_cpu_pending[cpu];
	__irq_this_cpu.kstat = kstat_irqs_table[cpu];
	__irq_this_cpu.attached = true;
	__irq_this_cpu.takes_own = false;
	__irq_this_cpu.self_any = false;
	memset(__irq_this_cpu.self, 0, sizeof(__irq_this_cpu.self));
	set_online(cpu);
	return 0;
}

void irq_cpu_take_own(void)
{
	__irq_this_cpu.takes_own = __irq_this_cpu.attached;
}

bool cpu_online(unsigned int cpu)
{
	return cpu < NR_CPUS &&
	       (__atomic_load_n(&online_bits[cpu / BITS_PER_LONG],
				__ATOMIC_RELAXED) >>
			(cpu % BITS_PER_LONG) &
		1);
}

cpumask_t cpu_online_mask_get(void)
{
	cpumask_t m;

	for (int i = 0; i < BITS_TO_LONGS(NR_CPUS); i++)
		m.bits[i] = __atomic_load_n(&online_bits[i], __ATOMIC_RELAXED);
	return m;
}

static inline void cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
	__builtin_ia32_pause();
#endif
}

void genirq_futex_wake(unsigned int *word)
{
	syscall(SYS_futex, word, FUTEX_WAKE_PRIVATE, INT_MAX, NULL, NULL, 0);
}

void genirq_futex_wait(unsigned int *word, unsigned int val)
{
	syscall(SYS_futex, word, FUTEX_WAIT_PRIVATE, val, NULL, NULL, 0);
}

/* Wake @p's CPU if it sleeps or is about to: see irq_cpu_run(). */
static void cpu_kick(struct irq_cpu_pending *p)
{
	if (__atomic_load_n(&p->sleeping, __ATOMIC_SEQ_CST)) {
		__atomic_fetch_add(&p->wake_seq, 1, __ATOMIC_SEQ_CST);
		genirq_futex_wake(&p->wake_seq);
	}
}

void irq_cpu_kick(unsigned int cpu)
{
	if (cpu < NR_CPUS)
		cpu_kick(&__irq_cpu_pending[cpu]);
}

/*
 * The raiser's side of the ->any protocol (see pending_clear_any()): the
 * bit, then ->any. seq_cst: ->any is ordered before the load of
 * ->sleeping in cpu_kick(), the Dekker handshake with a sleeping idle
 * loop. That holds for a raise "on this CPU" too: the harness's device
 * thread is attached as CPU 0 with interrupts off while another thread
 * runs CPU 0's idle loop, and may sleep in it.
 */
static void pending_set(struct irq_cpu_pending *p, unsigned int irq)
{
	__atomic_fetch_or(&p->bits[irq / BITS_PER_LONG],
			  1UL << (irq % BITS_PER_LONG), __ATOMIC_SEQ_CST);
	__atomic_store_n(&p->any, 1, __ATOMIC_SEQ_CST);
}

static void take_vector(int irq, bool tick);
static void take_pending(struct irq_cpu_pending *p, bool tick);

/* A vector into this thread's private set (irq_cpu_take_own()). */
static void self_set(unsigned int irq)
{
	unsigned long bit = 1UL << (irq % BITS_PER_LONG);

	__irq_this_cpu.self[irq / BITS_PER_LONG] |= bit;
	__irq_this_cpu.self_any = true;
	__irq_this_cpu.pending = &self_marker;
}

int irq_cpu_raise(unsigned int cpu, unsigned int irq)
{
	struct irq_cpu_pending *p;

	if (cpu >= NR_CPUS || irq >= NR_IRQS)
		return -EINVAL;
	p = &__irq_cpu_pending[cpu];
	/* Another CPU, or this one with interrupts off: taken later. */
	if (cpu != smp_processor_id() || !__irq_this_cpu.attached ||
	    irqs_disabled()) {
		if (cpu == smp_processor_id() && __irq_this_cpu.takes_own &&
		    irqs_disabled()) {
			self_set(irq); /* ours to take at the enable */
			return 0;
		}
		pending_set(p, irq);
		cpu_kick(p);
		return 0;
	}
	/*
	 * This CPU, interrupts on: taken before this returns. With nothing
	 * pending (->any clear: no raise completed since the set was last
	 * found empty) it is the only vector and the lowest, and goes
	 * straight in, as on a CPU whose IRR is empty; a raise from another
	 * thread meanwhile is taken after it, as if it came after.
	 */
	if (!__atomic_load_n(&p->any, __ATOMIC_RELAXED) &&
	    !__irq_this_cpu.self_any) {
		take_vector((int)irq, false);
		if (unlikely(__irq_cpu_has_pending()))
			take_pending(p, true);
		return 0;
	}
	pending_set(p, irq);
	take_pending(p, false);
	return 0;
}

/*
 * Spin on @p's pending vectors alone for a while: the tight loop is where
 * a raise is seen, and the turn of the idle loop around it (the noise
 * tick, the resend check) runs once per SPIN_TURNS turns and before any
 * vector is taken, so a gap of the host is still seen before the
 * handlers run. SPIN_TURNS pauses take well under the noise threshold.
 */
#define SPIN_TURNS 32

static void spin_turns(const struct irq_cpu_pending *p)
{
	for (unsigned int n = 0; n < SPIN_TURNS; n++) {
		if (__irq_cpu_has_pending() ||
		    __atomic_load_n(&p->stop, __ATOMIC_RELAXED))
			return;
		cpu_relax();
	}
}

/*
 * The idle loop. Sleeping is a Dekker handshake with irq_cpu_raise(): the
 * CPU stores ->sleeping then re-reads ->any, the raiser stores a bit and
 * ->any then reads ->sleeping, all seq_cst, so at least one of them sees
 * the other. If the CPU missed the bit, the raiser saw ->sleeping and
 * bumps ->wake_seq, so futex_wait() on the old value returns at once.
 */
int irq_cpu_run(unsigned int cpu, enum irq_cpu_wait mode)
{
	struct irq_cpu_pending *p;
	int ret;

	if (mode != IRQ_CPU_SPIN && mode != IRQ_CPU_BLOCK)
		return -EINVAL;
	ret = irq_cpu_attach(cpu);
	if (ret)
		return ret;
	irq_cpu_take_own(); /* this loop takes what its handlers raise */
	p = &__irq_cpu_pending[cpu];
	__atomic_store_n(&idle_turns[cpu].running, 1, __ATOMIC_SEQ_CST);
	local_irq_enable();

	for (;;) {
		struct irq_noise *nz =
			__atomic_load_n(&p->noise, __ATOMIC_ACQUIRE);
		unsigned int seq;
		bool took;

		/*
		 * Before the poll: a thread the host stopped finds vectors
		 * pending when it runs again, and its gap must be seen
		 * before the handlers run, which tick it themselves.
		 */
		irq_noise_current = nz;
		if (nz)
			irq_noise_tick(nz);
		took = irq_cpu_poll();
		/*
		 * Out of every handler: what it did is done (quiesce). After
		 * the poll, not between a raise seen and its vector taken: a
		 * seq_cst store drains the store buffer, on the spin floor's
		 * path otherwise.
		 */
		__atomic_store_n(&idle_turns[cpu].turns,
				 idle_turns[cpu].turns + 1, __ATOMIC_SEQ_CST);
		if (took)
			continue;
		if (__atomic_load_n(&p->stop, __ATOMIC_ACQUIRE))
			break;
		if (mode == IRQ_CPU_SPIN) {
			spin_turns(p);
			continue;
		}
		seq = __atomic_load_n(&p->wake_seq, __ATOMIC_SEQ_CST);
		__atomic_store_n(&p->sleeping, 1, __ATOMIC_SEQ_CST);
		if (!__atomic_load_n(&p->any, __ATOMIC_SEQ_CST) &&
		    !irq_resend_pending() &&
		    !__atomic_load_n(&p->stop, __ATOMIC_SEQ_CST))
			genirq_futex_wait(&p->wake_seq, seq);
		__atomic_store_n(&p->sleeping, 0, __ATOMIC_RELAXED);
	}
	__atomic_store_n(&p->stop, 0, __ATOMIC_RELAXED);
	__atomic_store_n(&idle_turns[cpu].running, 0, __ATOMIC_RELEASE);
	irq_noise_current = NULL;
	return 0;
}

void irq_cpus_drain(void)
{
	for (unsigned int c = 0; c < NR_CPUS; c++)
		while (__atomic_load_n(&idle_turns[c].running,
				       __ATOMIC_SEQ_CST) &&
		       __atomic_load_n(&__irq_cpu_pending[c].any,
				       __ATOMIC_SEQ_CST))
			sched_yield();
	irq_cpus_quiesce(); /* and out of what those vectors began */
}

/**
 * irq_cpus_quiesce - wait until no CPU can still be in a handler it began
 *
 * Every CPU in irq_cpu_run() passes the top of its idle loop, out of any
 * interrupt, or is seen asleep there. A dispatch that began before this
 * call has then ended, and one that begins after it sees what the caller
 * wrote before it: synchronize_sched() for the simulated CPUs. free_irq()
 * needs it for lines that no IRQ_INPROGRESS guards (per-CPU ones).
 * A CPU that takes interrupts outside irq_cpu_run() (inline delivery,
 * irq_cpu_poll()) is the caller's to have stopped.
 */
void irq_cpus_quiesce(void)
{
	static int barrier;
	unsigned long seen[NR_CPUS];

	/*
	 * A full barrier: the caller's stores (the unlinked action) before
	 * the loads below, as each CPU's seq_cst count is before its next
	 * dispatch. A locked exchange, which ThreadSanitizer models, where
	 * it has no atomic_thread_fence().
	 */
	__atomic_exchange_n(&barrier, 0, __ATOMIC_SEQ_CST);
	for (unsigned int c = 0; c < NR_CPUS; c++)
		seen[c] =
			__atomic_load_n(&idle_turns[c].turns, __ATOMIC_SEQ_CST);
	for (unsigned int c = 0; c < NR_CPUS; c++)
		while (__atomic_load_n(&idle_turns[c].running,
				       __ATOMIC_SEQ_CST) &&
		       __atomic_load_n(&idle_turns[c].turns,
				       __ATOMIC_SEQ_CST) == seen[c] &&
		       !__atomic_load_n(&__irq_cpu_pending[c].sleeping,
					__ATOMIC_SEQ_CST))
			sched_yield();
}

int irq_cpu_set_noise(unsigned int cpu, struct irq_noise *nz)
{
	if (cpu >= NR_CPUS)
		return -EINVAL;
	__atomic_store_n(&__irq_cpu_pending[cpu].noise, nz, __ATOMIC_RELEASE);
	return 0;
}

void irq_cpu_stop(unsigned int cpu)
{
	struct irq_cpu_pending *p;

	if (cpu >= NR_CPUS)
		return;
	p = &__irq_cpu_pending[cpu];
	__atomic_store_n(&p->stop, 1, __ATOMIC_SEQ_CST);
	cpu_kick(p);
}

/*
 * Take the lowest vector of @p's set off it: its number, or -1 if none.
 * *@last: no other bit was seen, in its word or after it (a hint: the
 * lower words read empty as the scan passed them, and a raise may come
 * at any time; pending_clear_any() looks again before it is believed).
 */
static int pending_take(struct irq_cpu_pending *p, bool *last)
{
	enum { N = BITS_TO_LONGS(NR_IRQS) };
	unsigned long w[N];

#pragma GCC unroll 8
	for (int i = 0; i < N; i++) /* one cache line for NR_IRQS <= 512 */
		w[i] = __atomic_load_n(&p->bits[i], __ATOMIC_RELAXED);
#pragma GCC unroll 8
	for (int i = 0; i < N; i++) {
		while (w[i]) {
			int n = __builtin_ctzl(w[i]);
			unsigned long bit = 1UL << n, rest;

			w[i] &= ~bit;
			/* Only the bit's value: one lock btr, no CAS loop. */
			if (!(__atomic_fetch_and(&p->bits[i], ~bit,
						 __ATOMIC_ACQUIRE) &
			      bit))
				continue; /* taken by another */
			rest = w[i];
#pragma GCC unroll 8
			for (int j = i + 1; j < N; j++)
				rest |= w[j];
			*last = !rest;
			return i * BITS_PER_LONG + n;
		}
	}
	return -1;
}

/* Whether any bit of @p's set is seen (loads only). */
static bool pending_look(const struct irq_cpu_pending *p)
{
	unsigned long any = 0;

#pragma GCC unroll 8
	for (int i = 0; i < BITS_TO_LONGS(NR_IRQS); i++)
		any |= __atomic_load_n(&p->bits[i], __ATOMIC_RELAXED);
	return any != 0;
}

/*
 * ->any protocol, the CPU's side: clear ->any, then look at the bits
 * again; if one is seen, set ->any back (more may follow it) and return
 * true. Only the CPU clears ->any, and only here. The raiser's side
 * (irq_cpu_raise()): it sets its bit, then ->any. So a bit set before
 * the clear is seen by the look (the exchange reads the last ->any: if
 * that was the raiser's, its bit happened before the look), and a raiser
 * whose ->any comes after the clear sets it again. Either way a raised
 * vector keeps ->any set until it is taken, so an enable in a handler
 * (handle_IRQ_event() without SA_INTERRUPT) still takes it.
 */
static bool pending_clear_any(struct irq_cpu_pending *p)
{
	__atomic_exchange_n(&p->any, 0, __ATOMIC_SEQ_CST);
	if (!pending_look(p))
		return false;
	__atomic_store_n(&p->any, 1, __ATOMIC_RELAXED);
	return true;
}

/*
 * Take the lowest pending vector of this CPU, or return -1. ->any clear
 * means no raise has completed since the CPU last found the set empty
 * (a raiser between its bit and its ->any is not done raising: its
 * ->any will come, and with it the take): no scan then. A set ->any
 * with no bit left is cleared (pending_clear_any()). *@last: see
 * pending_take(); the caller clears ->any after the vector then, one
 * look instead of a scan that finds nothing and a second one.
 */
static int pending_pop(struct irq_cpu_pending *p, bool *last)
{
	int irq;

	if (!__atomic_load_n(&p->any, __ATOMIC_RELAXED))
		return -1;
	irq = pending_take(p, last);
	if (irq >= 0 || !pending_clear_any(p))
		return irq;
	return pending_take(p, last); /* raised meanwhile */
}

/* The lowest vector of this thread's private set, or -1. */
static int self_lowest(void)
{
	for (int i = 0; i < BITS_TO_LONGS(NR_IRQS); i++)
		if (__irq_this_cpu.self[i])
			return i * BITS_PER_LONG +
			       __builtin_ctzl(__irq_this_cpu.self[i]);
	return -1;
}

/* Take the lowest vector of the private set off it: its number, or -1. */
static int self_pop(void)
{
	int irq = self_lowest();
	bool any = false;

	if (irq < 0) {
		__irq_this_cpu.self_any = false;
		return -1;
	}
	__irq_this_cpu.self[irq / BITS_PER_LONG] &=
		~(1UL << (irq % BITS_PER_LONG));
	for (int i = 0; i < BITS_TO_LONGS(NR_IRQS); i++)
		any |= __irq_this_cpu.self[i] != 0;
	__irq_this_cpu.self_any = any;
	return irq;
}

/*
 * Whether the private set's lowest vector goes before @p's: @p has none
 * (->any clear, or no bit seen) or only higher ones. Loads only.
 */
static bool self_first(const struct irq_cpu_pending *p)
{
	int own;

	if (likely(!__irq_this_cpu.self_any))
		return false;
	own = self_lowest();
	if (!__atomic_load_n(&p->any, __ATOMIC_RELAXED))
		return true;
	for (int i = 0; i < BITS_TO_LONGS(NR_IRQS); i++) {
		unsigned long w =
			__atomic_load_n(&p->bits[i], __ATOMIC_RELAXED);

		if (w)
			return own < i * BITS_PER_LONG + __builtin_ctzl(w);
	}
	return true;
}

/*
 * Take vector @irq on this CPU, interrupts enabled: with interrupts off,
 * as a CPU does, after the controller's acknowledge cycle, and not the
 * first of a take, after a noise tick (a gap between two vectors is the
 * host's too; before the first, the caller's loop ticked moments ago).
 */
static void take_vector(int irq, bool tick)
{
	irq_cpu_inta_fn fn;

	local_irq_disable();
	fn = __atomic_load_n(&inta[irq].fn, __ATOMIC_ACQUIRE);
	if (unlikely(fn != NULL))
		irq = fn(smp_processor_id(), (unsigned int)irq,
			 __atomic_load_n(&inta[irq].ctx, __ATOMIC_RELAXED));
	if (tick)
		irq_noise_tick_current();
	if (likely(irq >= 0 && irq < NR_IRQS))
		do_IRQ((unsigned int)irq); /* with interrupts off */
	__irq_this_cpu.irqs_off = false;
}

/*
 * Called with interrupts enabled. Each vector is taken with interrupts
 * off, as a CPU does; a handler that enables them again (handle_IRQ_event
 * without SA_INTERRUPT) may take further vectors nested inside, bounded by
 * the flow handlers' INPROGRESS checks.
 */
static void take_pending(struct irq_cpu_pending *p, bool tick)
{
	while (!irqs_disabled()) {
		bool last = false, own = self_first(p);
		int irq = own ? self_pop() : pending_pop(p, &last);

		if (irq < 0) {
			if (!__irq_this_cpu.self_any)
				return;
			own = true; /* a shared one was taken meanwhile */
			irq = self_pop();
		}
		take_vector(irq, tick);
		tick = true;
		/* The common case, one vector: clear ->any now. */
		if (!own && last && !__irq_this_cpu.self_any &&
		    !pending_clear_any(p))
			return;
	}
}

void __irq_cpu_take_pending(void)
{
	struct irq_cpu_pending *p;

	if (!__irq_this_cpu.attached) /* no CPU: nothing is its to take */
		return;
	p = &__irq_cpu_pending[__irq_this_cpu.cpu];
	__irq_this_cpu.pending = p; /* not self_marker: see self_set() */
	take_pending(p, false);
	if (__irq_this_cpu.self_any) /* left for the next enable */
		__irq_this_cpu.pending = &self_marker;
}

bool irq_cpu_served(unsigned int cpu)
{
	return cpu < NR_CPUS &&
	       __atomic_load_n(&idle_turns[cpu].running, __ATOMIC_ACQUIRE);
}

bool irq_cpu_poll(void)
{
	if (irqs_disabled() || !__irq_this_cpu.attached)
		return false;
	/*
	 * Resends queued from process context: outside any interrupt, this
	 * is where the kernel's ksoftirqd would run the resend tasklet.
	 */
	if (unlikely(irq_resend_pending()) && !in_irq()) {
		irq_resend_flush();
		return true;
	}
	if (!__irq_cpu_has_pending())
		return false;
	__irq_cpu_take_pending();
	return true;
}

void genirq_relax(unsigned int *spins)
{
	unsigned int n = ++*spins;

	if (n % 1024) {
		cpu_relax();
	} else if (n % (16 * 1024)) {
		sched_yield();
	} else {
		struct timespec ts = { .tv_nsec = 50000 };

		nanosleep(&ts, NULL);
	}
}

void __spin_lock_contended(spinlock_t *lock)
{
	unsigned int spins = 0;

	do {
		while (__atomic_load_n(&lock->locked, __ATOMIC_RELAXED))
			genirq_relax(&spins);
	} while (__atomic_exchange_n(&lock->locked, 1, __ATOMIC_ACQUIRE));
}
