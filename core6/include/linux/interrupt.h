/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The driver's side of the modern genirq (include/linux/interrupt.h):
 * struct irqaction, the IRQF_* flags, request and free with threads,
 * disable/enable, synchronize, affinity, and the forced-threading switch.
 */
#ifndef _GENIRQ6_LINUX_INTERRUPT_H
#define _GENIRQ6_LINUX_INTERRUPT_H

#include <pthread.h>
#include <linux/irq.h>
#include <linux/irqreturn.h>

#define IRQF_TRIGGER_NONE 0x00000000
#define IRQF_TRIGGER_RISING 0x00000001
#define IRQF_TRIGGER_FALLING 0x00000002
#define IRQF_TRIGGER_HIGH 0x00000004
#define IRQF_TRIGGER_LOW 0x00000008
#define IRQF_TRIGGER_MASK                                             \
	(IRQF_TRIGGER_HIGH | IRQF_TRIGGER_LOW | IRQF_TRIGGER_RISING | \
	 IRQF_TRIGGER_FALLING)
#define IRQF_TRIGGER_PROBE 0x00000010

#define IRQF_SHARED 0x00000080
#define IRQF_PROBE_SHARED 0x00000100
#define __IRQF_TIMER 0x00000200
#define IRQF_PERCPU 0x00000400
#define IRQF_NOBALANCING 0x00000800
#define IRQF_IRQPOLL 0x00001000
#define IRQF_ONESHOT 0x00002000
#define IRQF_NO_SUSPEND 0x00004000
#define IRQF_FORCE_RESUME 0x00008000
#define IRQF_NO_THREAD 0x00010000
#define IRQF_EARLY_RESUME 0x00020000
#define IRQF_COND_SUSPEND 0x00040000
#define IRQF_NO_AUTOEN 0x00080000
#define IRQF_NO_DEBUG 0x00100000
#define IRQF_COND_ONESHOT 0x00200000
#define IRQF_TIMER (__IRQF_TIMER | IRQF_NO_SUSPEND | IRQF_NO_THREAD)

typedef irqreturn_t (*irq_handler_t)(int irq, void *dev_id);

/**
 * struct irqaction - one handler of an interrupt line
 * @handler: the primary (hard interrupt) handler
 * @dev_id: its cookie; also what free_irq() finds it by
 * @percpu_dev_id: per-CPU lines: an array of NR_CPUS cookies of
 *	@percpu_stride bytes each; CPU n's handler gets element n
 * @percpu_stride: the size of one element of @percpu_dev_id
 * @next: the next action of a shared line
 * @thread_fn: the threaded handler, or NULL
 * @thread: the irq thread that runs @thread_fn
 * @thread_running: @thread was created and not yet stopped
 * @thread_stop: ask @thread to exit (kthread_stop())
 * @thread_wake: futex word the thread sleeps on
 * @secondary: forced threading: the action of the original thread_fn
 * @irq: the interrupt number
 * @flags: IRQF_*
 * @thread_flags: IRQTF_* (internals.h)
 * @thread_mask: this action's bit in the descriptor's threads_oneshot
 * @name: the device's name
 * @affinity: per-CPU lines: the CPUs it was requested for
 */
struct irqaction {
	irq_handler_t handler;
	void *dev_id;
	void *percpu_dev_id;
	size_t percpu_stride;
	struct irqaction *next;
	irq_handler_t thread_fn;
	pthread_t thread;
	bool thread_running;
	int thread_stop;
	unsigned int thread_wake;
	struct irqaction *secondary;
	unsigned int irq;
	unsigned int flags;
	unsigned long thread_flags;
	unsigned long thread_mask;
	const char *name;
	struct cpumask affinity;
};

/**
 * struct irq_affinity_desc - an interrupt's affinity at allocation
 * @mask: the CPUs
 * @is_managed: the core manages it: shut down when none is online
 */
struct irq_affinity_desc {
	struct cpumask mask;
	unsigned int is_managed : 1;
};

irqreturn_t no_action(int cpl, void *dev_id);

int request_threaded_irq(unsigned int irq, irq_handler_t handler,
			 irq_handler_t thread_fn, unsigned long flags,
			 const char *name, void *dev);

static inline int request_irq(unsigned int irq, irq_handler_t handler,
			      unsigned long flags, const char *name, void *dev)
{
	return request_threaded_irq(irq, handler, NULL, flags, name, dev);
}

/* Return: the device name it was requested with, or NULL when @irq had
 * no action of @dev_id. */
const void *free_irq(unsigned int irq, void *dev_id);

int __request_percpu_irq(unsigned int irq, irq_handler_t handler,
			 unsigned long flags, const char *devname,
			 void *percpu_dev_id, size_t stride);
/* @dev_id: an array of NR_CPUS elements, one per CPU (a __percpu variable) */
#define request_percpu_irq(irq, handler, devname, dev_id)              \
	__request_percpu_irq((irq), (handler), 0, (devname), (dev_id), \
			     sizeof(*(dev_id)))
void free_percpu_irq(unsigned int irq, void *percpu_dev_id);
void enable_percpu_irq(unsigned int irq, unsigned int type);
void disable_percpu_irq(unsigned int irq);

void disable_irq_nosync(unsigned int irq);
bool disable_hardirq(unsigned int irq);
void disable_irq(unsigned int irq);
void enable_irq(unsigned int irq);
void synchronize_irq(unsigned int irq);
bool synchronize_hardirq(unsigned int irq);
void irq_wake_thread(unsigned int irq, void *dev_id);

int irq_set_affinity(unsigned int irq, const struct cpumask *cpumask);
int irq_force_affinity(unsigned int irq, const struct cpumask *cpumask);

int irq_get_irqchip_state(unsigned int irq, enum irqchip_irq_state which,
			  bool *state);
int irq_set_irqchip_state(unsigned int irq, enum irqchip_irq_state which,
			  bool val);

/*
 * Forced threading: the kernel's threadirqs boot option, always on under
 * PREEMPT_RT. Read when an interrupt is requested; set it before.
 */
extern bool force_irqthreads_key;
static inline bool force_irqthreads(void)
{
	return __atomic_load_n(&force_irqthreads_key, __ATOMIC_RELAXED);
}
void irq_set_force_threads(bool on);

#endif /* _GENIRQ6_LINUX_INTERRUPT_H */
