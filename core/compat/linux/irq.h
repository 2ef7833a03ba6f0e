/* SPDX-License-Identifier: GPL-2.0 */
/*
 * genirq-compat: <linux/irq.h> for interrupt controller drivers written
 * for Linux 2.6.18, resolved to libgenirq. Everything of include/linux/
 * irq.h of 2.6.18 a driver uses is here but what docs/core.md lists as
 * missing (the /proc/irq tree, ARM's FIQ, MSI and irqbalance forms);
 * what differs is said there too. Handlers may have either form: 2.6.18's, which take a
 * struct pt_regs (always NULL here: there are no registers to pass), or
 * 2.6.19's without it, libgenirq's own. The calls that take a handler
 * choose by its type with _Generic: libgenirq's function for its own
 * form, a genirq/compat.h one that wraps the handler in a trampoline
 * (one indirect call more per interrupt) for 2.6.18's, so neither is
 * ever called through a pointer of the other's type.
 *
 * As 2.6.18's header did, this one includes the architecture's
 * <asm/irq.h>: genirq-compat's (ARM's), or the driver's own when it
 * brings one. That is where NR_IRQS is defined, and it must equal
 * libgenirq's (genirq/config.h).
 */
#ifndef _LINUX_IRQ_H
#define _LINUX_IRQ_H

#include <asm/irq.h>

/* struct irqaction's ->handler is 2.6.18's, with regs (interrupt.h). */
#define GENIRQ_COMPAT_2_6_18 1
#include <genirq/irq.h>
#include <genirq/interrupt.h>
#include <genirq/spinlock.h>
#include <genirq/compat.h>

/* Migration helpers for obsolete names (2.6.18 still had them). */
#define hw_interrupt_type irq_chip
typedef struct irq_chip hw_irq_controller;
#define no_irq_type no_irq_chip
typedef struct irq_desc irq_desc_t;

/*
 * Pick a function by the number of arguments given: 2.6.18's form with
 * struct pt_regs has one more than libgenirq's. With (a, b, c, f3, f2,
 * _): f3; with (a, b, f3, f2, _): f2; likewise for two and four.
 */
#define __GENIRQ_BY_ARGS(_1, _2, _3, name, ...) name
#define __GENIRQ_BY_ARGS2(_1, _2, name, ...) name
#define __GENIRQ_BY_ARGS4(_1, _2, _3, _4, name, ...) name

/*
 * 2.6.18's dispatch calls took the interrupted registers: a cascade's
 * generic_handle_irq(irq, regs), an arch do_IRQ()'s __do_IRQ(irq, regs),
 * a flow handler of the driver's own with handle_IRQ_event(irq, regs,
 * action) and note_interrupt(irq, desc, ret, regs). Both forms are
 * accepted; regs is dropped (libgenirq's handlers take none, and a 2.6.18
 * handler behind a trampoline gets NULL).
 */
static inline void __generic_handle_irq_regs(unsigned int irq,
					     struct pt_regs *regs)
{
	(void)regs;
	generic_handle_irq(irq);
}

static inline unsigned int __do_IRQ_regs(unsigned int irq, struct pt_regs *regs)
{
	(void)regs;
	return __do_IRQ(irq);
}

static inline irqreturn_t __handle_IRQ_event_regs(unsigned int irq,
						  struct pt_regs *regs,
						  struct irqaction *action)
{
	(void)regs;
	return handle_IRQ_event(irq, action);
}

static inline void __note_interrupt_regs(unsigned int irq,
					 struct irq_desc *desc,
					 irqreturn_t action_ret,
					 struct pt_regs *regs)
{
	(void)regs;
	note_interrupt(irq, desc, action_ret);
}

#define generic_handle_irq(...)                                   \
	__GENIRQ_BY_ARGS2(__VA_ARGS__, __generic_handle_irq_regs, \
			  generic_handle_irq, _)                  \
	(__VA_ARGS__)
#define __do_IRQ(...)                                              \
	__GENIRQ_BY_ARGS2(__VA_ARGS__, __do_IRQ_regs, __do_IRQ, _) \
	(__VA_ARGS__)
#define handle_IRQ_event(...)                                  \
	__GENIRQ_BY_ARGS(__VA_ARGS__, __handle_IRQ_event_regs, \
			 handle_IRQ_event, _)                  \
	(__VA_ARGS__)
#define note_interrupt(...)                                                   \
	__GENIRQ_BY_ARGS4(__VA_ARGS__, __note_interrupt_regs, note_interrupt, \
			  _)                                                  \
	(__VA_ARGS__)

/*
 * Affinity as 2.6.18's <linux/irq.h> gave it to an SMP build with
 * CONFIG_GENERIC_PENDING_IRQ (libgenirq's deferred moves, a runtime
 * choice here) and without CONFIG_PCI_MSI, CONFIG_IRQBALANCE and
 * CONFIG_AUTO_IRQ_AFFINITY, the options of i386 and x86_64 only: the
 * native and the generic affinity are the descriptor's, move_irq() is
 * move_native_irq(), there is no in-kernel balancer to tell, and every
 * line may be given its affinity (select_smp_affinity() returns 1).
 */
static inline void set_native_irq_info(int irq, cpumask_t mask)
{
	irq_desc[irq].affinity = mask;
}

static inline void set_irq_info(int irq, cpumask_t mask)
{
	set_native_irq_info(irq, mask);
}

static inline void move_irq(int irq)
{
	move_native_irq(irq);
}

static inline void set_balance_irq_affinity(unsigned int irq, cpumask_t mask)
{
	(void)irq;
	(void)mask;
}

static inline int select_smp_affinity(unsigned int irq)
{
	(void)irq;
	return 1;
}

/*
 * handle_IRQ_event() of 2.6.18 tells a tickless ARM machine's timer
 * (CONFIG_NO_IDLE_HZ, <asm/mach/time.h>) of every interrupt; without it
 * this is empty, as there. A machine header that defines its own is
 * not called by libgenirq's handle_IRQ_event() (docs/core.md).
 */
#ifndef handle_dynamic_tick
#define handle_dynamic_tick(a) \
	do {                   \
	} while (0)
#endif

/**
 * handle_irq_name - the name of a flow handler, for /proc/interrupts
 * @handle: a flow handler
 *
 * As irq_flow_name(): unpadded, and "chained" or "do_IRQ" where 2.6.18
 * returned NULL.
 */
static inline const char *handle_irq_name(irq_flow_handler_t handle)
{
	return irq_flow_name(handle);
}

/*
 * The calls every controller driver makes at init also check that the
 * NR_IRQS it sees then (its arch headers may define it after this
 * header) is the library's; see genirq/config.h.
 */
#define set_irq_chip(irq, chip)              \
	__extension__({                      \
		GENIRQ_NR_IRQS_CHECK();      \
		set_irq_chip((irq), (chip)); \
	})
/*
 * A flow handler of 2.6.18's form, (irq, desc, regs), goes through
 * genirq_compat_set_irq_handler_regs(); libgenirq's own (handle_*_irq,
 * do_*_IRQ, a driver's two-argument one) and NULL go to libgenirq.
 */
#define __set_irq_handler(irq, handle, is_chained)                            \
	__extension__({                                                       \
		GENIRQ_NR_IRQS_CHECK();                                       \
		_Generic((handle), genirq_compat_flow_regs_t                  \
			 : genirq_compat_set_irq_handler_regs, default        \
			 : __set_irq_handler)((irq), (handle), (is_chained)); \
	})
#define set_irq_handler(irq, handle) __set_irq_handler((irq), (handle), 0)
#define set_irq_chained_handler(irq, handle) \
	__set_irq_handler((irq), (handle), 1)
#define set_irq_chip_and_handler(irq, chip, handle)                            \
	__extension__({                                                        \
		GENIRQ_NR_IRQS_CHECK();                                        \
		_Generic((handle), genirq_compat_flow_regs_t                   \
			 : genirq_compat_set_irq_chip_and_handler_regs,        \
			   default                                             \
			 : set_irq_chip_and_handler)((irq), (chip), (handle)); \
	})
/*
 * A struct irqaction filled here holds a 2.6.18 handler (->handler
 * takes regs, as in 2.6.18): a record routes it through a trampoline.
 */
#define setup_irq(irq, action)                            \
	__extension__({                                   \
		GENIRQ_NR_IRQS_CHECK();                   \
		genirq_compat_setup_irq((irq), (action)); \
	})
/* 2.6.18's no_action(), with regs, for its irqactions and requests. */
#define no_action genirq_compat_no_action
/*
 * An action handler of 2.6.18's form, (irq, dev_id, regs), goes through
 * genirq_compat_request_irq_regs(); so free_irq() always goes through
 * genirq_compat_free_irq(), which finds either form by the driver's
 * dev_id, including the records genirq_compat_setup_irq() makes.
 */
#define request_irq(irq, handler, flags, name, dev_id)                     \
	__extension__({                                                    \
		GENIRQ_NR_IRQS_CHECK();                                    \
		_Generic((handler), genirq_compat_handler_regs_t           \
			 : genirq_compat_request_irq_regs, default         \
			 : request_irq)((irq), (handler), (flags), (name), \
					(dev_id));                         \
	})
#define free_irq(irq, dev_id) genirq_compat_free_irq((irq), (dev_id))

#endif /* _LINUX_IRQ_H */
