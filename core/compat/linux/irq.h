/* SPDX-License-Identifier: GPL-2.0 */
/*
 * genirq-compat: <linux/irq.h> for interrupt controller drivers written
 * for Linux 2.6.18, resolved to libgenirq. Everything of include/linux/
 * irq.h of 2.6.18 a driver uses is here; what differs is said in
 * docs/core.md. Handlers may have either form: 2.6.18's, which take a
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

#include <genirq/irq.h>
#include <genirq/interrupt.h>
#include <genirq/spinlock.h>
#include <genirq/compat.h>

/* Migration helpers for obsolete names (2.6.18 still had them). */
#define hw_interrupt_type irq_chip
typedef struct irq_chip hw_irq_controller;
#define no_irq_type no_irq_chip
typedef struct irq_desc irq_desc_t;

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
#define setup_irq(irq, action)              \
	__extension__({                     \
		GENIRQ_NR_IRQS_CHECK();     \
		setup_irq((irq), (action)); \
	})
/*
 * An action handler of 2.6.18's form, (irq, dev_id, regs), goes through
 * genirq_compat_request_irq_regs(); so free_irq() always goes through
 * genirq_compat_free_irq(), which finds either form by the driver's
 * dev_id. setup_irq() takes libgenirq's struct irqaction, whose ->handler
 * has libgenirq's type: a 2.6.18 handler stored there does not compile
 * (docs/core.md).
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
