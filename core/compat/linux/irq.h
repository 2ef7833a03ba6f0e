/* SPDX-License-Identifier: GPL-2.0 */
/*
 * genirq-compat: <linux/irq.h> for interrupt controller drivers written
 * for Linux 2.6.18, resolved to libgenirq. Everything of include/linux/
 * irq.h of 2.6.18 a driver uses is here; what differs is said in
 * docs/core.md. Handlers have the post-2.6.19 signatures, without
 * struct pt_regs: a 2.6.18 driver needs the mechanical conversion the
 * kernel itself made in 2.6.19, and nothing else IRQ-related.
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
#define set_irq_handler(irq, handle)              \
	__extension__({                           \
		GENIRQ_NR_IRQS_CHECK();           \
		set_irq_handler((irq), (handle)); \
	})
#define set_irq_chip_and_handler(irq, chip, handle)                \
	__extension__({                                            \
		GENIRQ_NR_IRQS_CHECK();                            \
		set_irq_chip_and_handler((irq), (chip), (handle)); \
	})
#define setup_irq(irq, action)              \
	__extension__({                     \
		GENIRQ_NR_IRQS_CHECK();     \
		setup_irq((irq), (action)); \
	})
#define request_irq(irq, handler, flags, name, dev_id)                    \
	__extension__({                                                   \
		GENIRQ_NR_IRQS_CHECK();                                   \
		request_irq((irq), (handler), (flags), (name), (dev_id)); \
	})

#endif /* _LINUX_IRQ_H */
