/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The modern genirq API (include/linux/irq.h of the release named in
 * docs/core6.md): trigger types and line settings, struct irq_data with
 * its IRQD_* state, struct irq_chip with callbacks on struct irq_data *
 * and the IRQCHIP_* flags, the flow handlers and the hierarchy helpers.
 * Names, values and signatures are the kernel's; every exported symbol
 * is prefixed by <genirq6/prefix.h>.
 */
#ifndef _GENIRQ6_LINUX_IRQ_H
#define _GENIRQ6_LINUX_IRQ_H

#include <stdint.h>
#include <linux/cpumask.h>
#include <linux/spinlock.h>
#include <linux/irqreturn.h>
#include <linux/nodemask.h>

typedef unsigned long irq_hw_number_t;
struct irq_desc;
struct irq_data;
struct irq_domain;
struct msi_desc;
struct module;
struct irq_affinity_desc;
typedef void (*irq_flow_handler_t)(struct irq_desc *desc);

/* Trigger types and the line settings irq_modify_status() changes. */
enum {
	IRQ_TYPE_NONE = 0x00000000,
	IRQ_TYPE_EDGE_RISING = 0x00000001,
	IRQ_TYPE_EDGE_FALLING = 0x00000002,
	IRQ_TYPE_EDGE_BOTH = (IRQ_TYPE_EDGE_FALLING | IRQ_TYPE_EDGE_RISING),
	IRQ_TYPE_LEVEL_HIGH = 0x00000004,
	IRQ_TYPE_LEVEL_LOW = 0x00000008,
	IRQ_TYPE_LEVEL_MASK = (IRQ_TYPE_LEVEL_LOW | IRQ_TYPE_LEVEL_HIGH),
	IRQ_TYPE_SENSE_MASK = 0x0000000f,
	IRQ_TYPE_DEFAULT = IRQ_TYPE_SENSE_MASK,
	IRQ_TYPE_PROBE = 0x00000010,
	IRQ_LEVEL = (1 << 8),
	IRQ_PER_CPU = (1 << 9),
	IRQ_NOPROBE = (1 << 10),
	IRQ_NOREQUEST = (1 << 11),
	IRQ_NOAUTOEN = (1 << 12),
	IRQ_NO_BALANCING = (1 << 13),
	IRQ_NESTED_THREAD = (1 << 15),
	IRQ_NOTHREAD = (1 << 16),
	IRQ_PER_CPU_DEVID = (1 << 17),
	IRQ_IS_POLLED = (1 << 18),
	IRQ_DISABLE_UNLAZY = (1 << 19),
	IRQ_HIDDEN = (1 << 20),
	IRQ_NO_DEBUG = (1 << 21),
};

#define IRQF_MODIFY_MASK                                                    \
	(IRQ_TYPE_SENSE_MASK | IRQ_NOPROBE | IRQ_NOREQUEST | IRQ_NOAUTOEN | \
	 IRQ_LEVEL | IRQ_NO_BALANCING | IRQ_PER_CPU | IRQ_NESTED_THREAD |   \
	 IRQ_NOTHREAD | IRQ_PER_CPU_DEVID | IRQ_IS_POLLED |                 \
	 IRQ_DISABLE_UNLAZY | IRQ_HIDDEN)

#define IRQ_NO_BALANCING_MASK (IRQ_PER_CPU | IRQ_NO_BALANCING)

/* Return values of ->irq_set_affinity(). */
enum {
	IRQ_SET_MASK_OK = 0,
	IRQ_SET_MASK_OK_NOCOPY,
	IRQ_SET_MASK_OK_DONE,
};

/**
 * struct irq_common_data - what all irq_data of one hierarchy share
 * @state_use_accessors: the IRQD_* state; use the irqd_*() accessors
 * @handler_data: the flow handler's data
 * @affinity: the affinity the user or the core asked for
 * @effective_affinity: where the chip actually delivers it
 */
struct irq_common_data {
	unsigned int state_use_accessors;
	void *handler_data;
	struct cpumask affinity;
	struct cpumask effective_affinity;
};

/**
 * struct irq_data - an interrupt as one chip of its hierarchy sees it
 * @mask: precomputed bit for the chip's registers (chip drivers)
 * @irq: the interrupt number
 * @hwirq: the chip's (domain's) number for it
 * @common: shared by the levels of the hierarchy
 * @chip: this level's chip
 * @domain: this level's domain, NULL for a descriptor without one
 * @parent_data: the level below (towards the CPU), NULL at the root
 * @chip_data: this level's chip's private data
 */
struct irq_data {
	uint32_t mask;
	unsigned int irq;
	irq_hw_number_t hwirq;
	struct irq_common_data *common;
	struct irq_chip *chip;
	struct irq_domain *domain;
	struct irq_data *parent_data;
	void *chip_data;
};

/* irq_data state, in irq_common_data::state_use_accessors. */
enum {
	IRQD_TRIGGER_MASK = 0xf,
	IRQD_SETAFFINITY_PENDING = (1U << 8),
	IRQD_ACTIVATED = (1U << 9),
	IRQD_NO_BALANCING = (1U << 10),
	IRQD_PER_CPU = (1U << 11),
	IRQD_AFFINITY_SET = (1U << 12),
	IRQD_LEVEL = (1U << 13),
	IRQD_WAKEUP_STATE = (1U << 14),
	IRQD_IRQ_DISABLED = (1U << 16),
	IRQD_IRQ_MASKED = (1U << 17),
	IRQD_IRQ_INPROGRESS = (1U << 18),
	IRQD_WAKEUP_ARMED = (1U << 19),
	IRQD_FORWARDED_TO_VCPU = (1U << 20),
	IRQD_AFFINITY_MANAGED = (1U << 21),
	IRQD_IRQ_STARTED = (1U << 22),
	IRQD_MANAGED_SHUTDOWN = (1U << 23),
	IRQD_SINGLE_TARGET = (1U << 24),
	IRQD_DEFAULT_TRIGGER_SET = (1U << 25),
	IRQD_CAN_RESERVE = (1U << 26),
	IRQD_HANDLE_ENFORCE_IRQCTX = (1U << 27),
	IRQD_AFFINITY_ON_ACTIVATE = (1U << 28),
	IRQD_IRQ_ENABLED_ON_SUSPEND = (1U << 29),
	IRQD_RESEND_WHEN_IN_PROGRESS = (1U << 30),
};

#define __irqd_to_state(d) ((d)->common->state_use_accessors)

/*
 * The state word is written under the descriptor lock and read without
 * it by the flows' lock-free peeks (irq_wait_on_inprogress(),
 * synchronize_hardirq()): relaxed atomics, which compile to plain moves.
 */
static inline unsigned int irqd_get(const struct irq_data *d)
{
	return __atomic_load_n(&__irqd_to_state(d), __ATOMIC_RELAXED);
}

static inline void irqd_set(struct irq_data *d, unsigned int mask)
{
	__atomic_store_n(&__irqd_to_state(d), irqd_get(d) | mask,
			 __ATOMIC_RELAXED);
}

static inline void irqd_clear(struct irq_data *d, unsigned int mask)
{
	__atomic_store_n(&__irqd_to_state(d), irqd_get(d) & ~mask,
			 __ATOMIC_RELAXED);
}

static inline bool irqd_has_set(struct irq_data *d, unsigned int mask)
{
	return irqd_get(d) & mask;
}

#define IRQD_ACCESSOR(name, flag)                          \
	static inline bool irqd_##name(struct irq_data *d) \
	{                                                  \
		return irqd_get(d) & (flag);               \
	}
IRQD_ACCESSOR(is_setaffinity_pending, IRQD_SETAFFINITY_PENDING)
IRQD_ACCESSOR(is_per_cpu, IRQD_PER_CPU)
IRQD_ACCESSOR(affinity_was_set, IRQD_AFFINITY_SET)
IRQD_ACCESSOR(is_level_type, IRQD_LEVEL)
IRQD_ACCESSOR(is_wakeup_set, IRQD_WAKEUP_STATE)
IRQD_ACCESSOR(irq_disabled, IRQD_IRQ_DISABLED)
IRQD_ACCESSOR(irq_masked, IRQD_IRQ_MASKED)
IRQD_ACCESSOR(irq_inprogress, IRQD_IRQ_INPROGRESS)
IRQD_ACCESSOR(is_wakeup_armed, IRQD_WAKEUP_ARMED)
IRQD_ACCESSOR(is_forwarded_to_vcpu, IRQD_FORWARDED_TO_VCPU)
IRQD_ACCESSOR(affinity_is_managed, IRQD_AFFINITY_MANAGED)
IRQD_ACCESSOR(is_activated, IRQD_ACTIVATED)
IRQD_ACCESSOR(is_started, IRQD_IRQ_STARTED)
IRQD_ACCESSOR(is_managed_and_shutdown, IRQD_MANAGED_SHUTDOWN)
IRQD_ACCESSOR(is_single_target, IRQD_SINGLE_TARGET)
IRQD_ACCESSOR(trigger_type_was_set, IRQD_DEFAULT_TRIGGER_SET)
IRQD_ACCESSOR(can_reserve, IRQD_CAN_RESERVE)
IRQD_ACCESSOR(is_handle_enforce_irqctx, IRQD_HANDLE_ENFORCE_IRQCTX)
IRQD_ACCESSOR(affinity_on_activate, IRQD_AFFINITY_ON_ACTIVATE)
IRQD_ACCESSOR(needs_resend_when_in_progress, IRQD_RESEND_WHEN_IN_PROGRESS)
#undef IRQD_ACCESSOR

#define IRQD_SETTER(name, flag)                            \
	static inline void irqd_##name(struct irq_data *d) \
	{                                                  \
		irqd_set(d, (flag));                       \
	}
IRQD_SETTER(set_activated, IRQD_ACTIVATED)
IRQD_SETTER(set_single_target, IRQD_SINGLE_TARGET)
IRQD_SETTER(set_handle_enforce_irqctx, IRQD_HANDLE_ENFORCE_IRQCTX)
IRQD_SETTER(set_affinity_on_activate, IRQD_AFFINITY_ON_ACTIVATE)
IRQD_SETTER(set_resend_when_in_progress, IRQD_RESEND_WHEN_IN_PROGRESS)
IRQD_SETTER(set_managed_shutdown, IRQD_MANAGED_SHUTDOWN)
IRQD_SETTER(set_can_reserve, IRQD_CAN_RESERVE)
IRQD_SETTER(set_move_pending, IRQD_SETAFFINITY_PENDING)
#undef IRQD_SETTER

static inline void irqd_clr_activated(struct irq_data *d)
{
	irqd_clear(d, IRQD_ACTIVATED);
}

static inline void irqd_clr_managed_shutdown(struct irq_data *d)
{
	irqd_clear(d, IRQD_MANAGED_SHUTDOWN);
}

static inline void irqd_clr_can_reserve(struct irq_data *d)
{
	irqd_clear(d, IRQD_CAN_RESERVE);
}

static inline unsigned int irqd_get_trigger_type(struct irq_data *d)
{
	return irqd_get(d) & IRQD_TRIGGER_MASK;
}

/* Must only be called inside irq_chip.irq_set_type() functions, or from
 * the core when it records a default trigger. */
static inline void irqd_set_trigger_type(struct irq_data *d, unsigned int type)
{
	irqd_clear(d, IRQD_TRIGGER_MASK);
	irqd_set(d, (type & IRQD_TRIGGER_MASK) | IRQD_DEFAULT_TRIGGER_SET);
}

static inline irq_hw_number_t irqd_to_hwirq(struct irq_data *d)
{
	return d->hwirq;
}

/**
 * struct irq_chip - an interrupt controller's operations
 * @name: for /proc/interrupts
 * @irq_startup: start the interrupt (defaults to ->irq_enable if NULL)
 * @irq_shutdown: shut it down (defaults to ->irq_disable, else mask)
 * @irq_enable: enable it (defaults to ->irq_unmask if NULL)
 * @irq_disable: disable it; NULL makes disable_irq() lazy
 * @irq_ack: start of a new interrupt
 * @irq_mask: mask it
 * @irq_mask_ack: mask and ack in one (else ->irq_mask then ->irq_ack)
 * @irq_unmask: unmask it
 * @irq_eoi: end of interrupt
 * @irq_set_affinity: route it to a CPU of the mask (@force: even offline)
 * @irq_retrigger: resend it in hardware; 0 means it cannot
 * @irq_set_type: set the trigger type (IRQ_TYPE_*)
 * @irq_set_wake: enable or disable power-management wake-on
 * @irq_bus_lock: lock access to a slow bus chip
 * @irq_bus_sync_unlock: sync and unlock a slow bus chip
 * @irq_get_irqchip_state: read an internal state (IRQCHIP_STATE_*)
 * @irq_set_irqchip_state: write one
 * @flags: IRQCHIP_*
 */
struct irq_chip {
	const char *name;
	unsigned int (*irq_startup)(struct irq_data *data);
	void (*irq_shutdown)(struct irq_data *data);
	void (*irq_enable)(struct irq_data *data);
	void (*irq_disable)(struct irq_data *data);
	void (*irq_ack)(struct irq_data *data);
	void (*irq_mask)(struct irq_data *data);
	void (*irq_mask_ack)(struct irq_data *data);
	void (*irq_unmask)(struct irq_data *data);
	void (*irq_eoi)(struct irq_data *data);
	int (*irq_set_affinity)(struct irq_data *data,
				const struct cpumask *dest, bool force);
	int (*irq_retrigger)(struct irq_data *data);
	int (*irq_set_type)(struct irq_data *data, unsigned int flow_type);
	int (*irq_set_wake)(struct irq_data *data, unsigned int on);
	void (*irq_bus_lock)(struct irq_data *data);
	void (*irq_bus_sync_unlock)(struct irq_data *data);
	int (*irq_get_irqchip_state)(struct irq_data *data, int which,
				     bool *state);
	int (*irq_set_irqchip_state)(struct irq_data *data, int which,
				     bool state);
	unsigned long flags;
};

/* irq_chip::flags */
enum {
	IRQCHIP_SET_TYPE_MASKED = (1 << 0),
	IRQCHIP_EOI_IF_HANDLED = (1 << 1),
	IRQCHIP_MASK_ON_SUSPEND = (1 << 2),
	IRQCHIP_ONOFFLINE_ENABLED = (1 << 3),
	IRQCHIP_SKIP_SET_WAKE = (1 << 4),
	IRQCHIP_ONESHOT_SAFE = (1 << 5),
	IRQCHIP_EOI_THREADED = (1 << 6),
	IRQCHIP_SUPPORTS_LEVEL_MSI = (1 << 7),
	IRQCHIP_SUPPORTS_NMI = (1 << 8),
	IRQCHIP_ENABLE_WAKEUP_ON_SUSPEND = (1 << 9),
	IRQCHIP_AFFINITY_PRE_STARTUP = (1 << 10),
	IRQCHIP_IMMUTABLE = (1 << 11),
	IRQCHIP_MOVE_DEFERRED = (1 << 12),
};

enum irqchip_irq_state {
	IRQCHIP_STATE_PENDING,
	IRQCHIP_STATE_ACTIVE,
	IRQCHIP_STATE_MASKED,
	IRQCHIP_STATE_LINE_LEVEL,
};

extern struct irq_chip no_irq_chip;
extern struct irq_chip dummy_irq_chip;

/* The flow handlers (core6/flow.c, flow_edge.c). */
void handle_simple_irq(struct irq_desc *desc);
void handle_untracked_irq(struct irq_desc *desc);
void handle_level_irq(struct irq_desc *desc);
void handle_fasteoi_irq(struct irq_desc *desc);
void handle_edge_irq(struct irq_desc *desc);
void handle_percpu_irq(struct irq_desc *desc);
void handle_percpu_devid_irq(struct irq_desc *desc);
void handle_bad_irq(struct irq_desc *desc);
void handle_nested_irq(unsigned int irq);
void handle_fasteoi_ack_irq(struct irq_desc *desc);
void handle_fasteoi_mask_irq(struct irq_desc *desc);
/*
 * handle_edge_irq() as it was before the 2025 live-lock fix: the same
 * flow, without the wait for the previous target CPU (in no kernel of the
 * release followed; for the race scenario that compares the two).
 */
void handle_edge_irq_nofix(struct irq_desc *desc);

/* Hierarchy helpers: call the parent level's chip. */
void irq_chip_enable_parent(struct irq_data *data);
void irq_chip_disable_parent(struct irq_data *data);
void irq_chip_ack_parent(struct irq_data *data);
void irq_chip_mask_parent(struct irq_data *data);
void irq_chip_mask_ack_parent(struct irq_data *data);
void irq_chip_unmask_parent(struct irq_data *data);
void irq_chip_eoi_parent(struct irq_data *data);
int irq_chip_set_affinity_parent(struct irq_data *data,
				 const struct cpumask *dest, bool force);
int irq_chip_set_type_parent(struct irq_data *data, unsigned int type);
int irq_chip_retrigger_hierarchy(struct irq_data *data);

int irq_set_chip(unsigned int irq, const struct irq_chip *chip);
int irq_set_irq_type(unsigned int irq, unsigned int type);
int irq_set_handler_data(unsigned int irq, void *data);
int irq_set_chip_data(unsigned int irq, void *data);
struct irq_data *irq_get_irq_data(unsigned int irq);
void __irq_set_handler(unsigned int irq, irq_flow_handler_t handle,
		       int is_chained, const char *name);
void irq_set_chained_handler_and_data(unsigned int irq,
				      irq_flow_handler_t handle, void *data);
void irq_set_chip_and_handler_name(unsigned int irq,
				   const struct irq_chip *chip,
				   irq_flow_handler_t handle, const char *name);
void irq_modify_status(unsigned int irq, unsigned long clr, unsigned long set);

static inline void irq_set_chip_and_handler(unsigned int irq,
					    const struct irq_chip *chip,
					    irq_flow_handler_t handle)
{
	irq_set_chip_and_handler_name(irq, chip, handle, NULL);
}

static inline void irq_set_handler(unsigned int irq, irq_flow_handler_t handle)
{
	__irq_set_handler(irq, handle, 0, NULL);
}

static inline void irq_set_status_flags(unsigned int irq, unsigned long set)
{
	irq_modify_status(irq, 0, set);
}

static inline void irq_clear_status_flags(unsigned int irq, unsigned long clr)
{
	irq_modify_status(irq, clr, 0);
}

static inline void irq_set_noprobe(unsigned int irq)
{
	irq_modify_status(irq, 0, IRQ_NOPROBE);
}

static inline void irq_set_nested_thread(unsigned int irq, bool nest)
{
	if (nest)
		irq_set_status_flags(irq, IRQ_NESTED_THREAD);
	else
		irq_clear_status_flags(irq, IRQ_NESTED_THREAD);
}

/* A per-CPU line whose action has a cookie per CPU. */
static inline int irq_set_percpu_devid(unsigned int irq)
{
	irq_set_status_flags(irq, IRQ_NOAUTOEN | IRQ_PER_CPU | IRQ_NOTHREAD |
					  IRQ_NOPROBE | IRQ_PER_CPU_DEVID);
	return 0;
}

static inline struct irq_chip *irq_data_get_irq_chip(struct irq_data *d)
{
	return d->chip;
}

static inline void *irq_data_get_irq_chip_data(struct irq_data *d)
{
	return d->chip_data;
}

static inline void *irq_data_get_irq_handler_data(struct irq_data *d)
{
	return d->common->handler_data;
}

static inline const struct cpumask *
irq_data_get_affinity_mask(struct irq_data *d)
{
	return &d->common->affinity;
}

static inline const struct cpumask *
irq_data_get_effective_affinity_mask(struct irq_data *d)
{
	return &d->common->effective_affinity;
}

static inline void irq_data_update_effective_affinity(struct irq_data *d,
						      const struct cpumask *m)
{
	cpumask_copy(&d->common->effective_affinity, m);
}

static inline void irq_data_update_affinity(struct irq_data *d,
					    const struct cpumask *m)
{
	cpumask_copy(&d->common->affinity, m);
}

#include <linux/irqdesc.h>

#endif /* _GENIRQ6_LINUX_IRQ_H */
