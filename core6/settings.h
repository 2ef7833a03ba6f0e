/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The line settings in desc->status_use_accessors, as
 * kernel/irq/settings.h: the core reads and writes them only through
 * these accessors (the public IRQ_* names for them are poisoned below).
 */
#ifndef GENIRQ6_SETTINGS_H
#define GENIRQ6_SETTINGS_H

enum {
	_IRQ_DEFAULT_INIT_FLAGS = 0, /* x86's ARCH_IRQ_INIT_FLAGS */
	_IRQ_PER_CPU = IRQ_PER_CPU,
	_IRQ_LEVEL = IRQ_LEVEL,
	_IRQ_NOPROBE = IRQ_NOPROBE,
	_IRQ_NOREQUEST = IRQ_NOREQUEST,
	_IRQ_NOTHREAD = IRQ_NOTHREAD,
	_IRQ_NOAUTOEN = IRQ_NOAUTOEN,
	_IRQ_NO_BALANCING = IRQ_NO_BALANCING,
	_IRQ_NESTED_THREAD = IRQ_NESTED_THREAD,
	_IRQ_PER_CPU_DEVID = IRQ_PER_CPU_DEVID,
	_IRQ_IS_POLLED = IRQ_IS_POLLED,
	_IRQ_DISABLE_UNLAZY = IRQ_DISABLE_UNLAZY,
	_IRQ_HIDDEN = IRQ_HIDDEN,
	_IRQ_NO_DEBUG = IRQ_NO_DEBUG,
	_IRQF_MODIFY_MASK = IRQF_MODIFY_MASK,
};

#define IRQ_PER_CPU GOT_YOU_MORON
#define IRQ_NO_BALANCING GOT_YOU_MORON
#define IRQ_LEVEL GOT_YOU_MORON
#define IRQ_NOPROBE GOT_YOU_MORON
#define IRQ_NOREQUEST GOT_YOU_MORON
#define IRQ_NOTHREAD GOT_YOU_MORON
#define IRQ_NOAUTOEN GOT_YOU_MORON
#define IRQ_NESTED_THREAD GOT_YOU_MORON
#define IRQ_PER_CPU_DEVID GOT_YOU_MORON
#define IRQ_IS_POLLED GOT_YOU_MORON
#define IRQ_DISABLE_UNLAZY GOT_YOU_MORON
#define IRQ_HIDDEN GOT_YOU_MORON
#define IRQ_NO_DEBUG GOT_YOU_MORON
#undef IRQF_MODIFY_MASK
#define IRQF_MODIFY_MASK GOT_YOU_MORON

/*
 * The hard handlers test settings without the descriptor's lock (for
 * example _IRQ_NO_DEBUG) while free_irq() changes others under it, as
 * in the kernel: every access is a relaxed atomic, a plain move on
 * x86-64, as irqd_get() is for the state word. Writers hold the lock.
 */
static inline unsigned int irq_settings_get(const struct irq_desc *desc)
{
	return __atomic_load_n(&desc->status_use_accessors, __ATOMIC_RELAXED);
}

static inline void irq_settings_put(struct irq_desc *desc, unsigned int v)
{
	__atomic_store_n(&desc->status_use_accessors, v, __ATOMIC_RELAXED);
}

static inline void irq_settings_clr_and_set(struct irq_desc *desc,
					    unsigned int clr, unsigned int set)
{
	irq_settings_put(desc,
			 (irq_settings_get(desc) & ~(clr & _IRQF_MODIFY_MASK)) |
				 (set & _IRQF_MODIFY_MASK));
}

#define IRQ_SETTING_TEST(name, flag)                                  \
	static inline bool irq_settings_##name(struct irq_desc *desc) \
	{                                                             \
		return irq_settings_get(desc) & (flag);               \
	}
#define IRQ_SETTING_SET(name, flag)                                       \
	static inline void irq_settings_set_##name(struct irq_desc *desc) \
	{                                                                 \
		irq_settings_put(desc, irq_settings_get(desc) | (flag));  \
	}
#define IRQ_SETTING_CLR(name, flag)                                       \
	static inline void irq_settings_clr_##name(struct irq_desc *desc) \
	{                                                                 \
		irq_settings_put(desc, irq_settings_get(desc) & ~(flag)); \
	}

IRQ_SETTING_TEST(is_per_cpu, _IRQ_PER_CPU)
IRQ_SETTING_TEST(is_per_cpu_devid, _IRQ_PER_CPU_DEVID)
IRQ_SETTING_SET(per_cpu, _IRQ_PER_CPU)
IRQ_SETTING_SET(no_balancing, _IRQ_NO_BALANCING)
IRQ_SETTING_TEST(has_no_balance_set, _IRQ_NO_BALANCING)
IRQ_SETTING_TEST(is_level, _IRQ_LEVEL)
IRQ_SETTING_CLR(level, _IRQ_LEVEL)
IRQ_SETTING_SET(level, _IRQ_LEVEL)
IRQ_SETTING_CLR(norequest, _IRQ_NOREQUEST)
IRQ_SETTING_SET(norequest, _IRQ_NOREQUEST)
IRQ_SETTING_CLR(nothread, _IRQ_NOTHREAD)
IRQ_SETTING_SET(nothread, _IRQ_NOTHREAD)
IRQ_SETTING_CLR(noprobe, _IRQ_NOPROBE)
IRQ_SETTING_SET(noprobe, _IRQ_NOPROBE)
IRQ_SETTING_TEST(is_nested_thread, _IRQ_NESTED_THREAD)
IRQ_SETTING_TEST(is_polled, _IRQ_IS_POLLED)
IRQ_SETTING_TEST(disable_unlazy, _IRQ_DISABLE_UNLAZY)
IRQ_SETTING_CLR(disable_unlazy, _IRQ_DISABLE_UNLAZY)
IRQ_SETTING_TEST(is_hidden, _IRQ_HIDDEN)
IRQ_SETTING_SET(no_debug, _IRQ_NO_DEBUG)
IRQ_SETTING_TEST(no_debug, _IRQ_NO_DEBUG)
#undef IRQ_SETTING_TEST
#undef IRQ_SETTING_SET
#undef IRQ_SETTING_CLR

static inline bool irq_settings_can_request(struct irq_desc *desc)
{
	return !(irq_settings_get(desc) & _IRQ_NOREQUEST);
}

static inline bool irq_settings_can_thread(struct irq_desc *desc)
{
	return !(irq_settings_get(desc) & _IRQ_NOTHREAD);
}

static inline bool irq_settings_can_probe(struct irq_desc *desc)
{
	return !(irq_settings_get(desc) & _IRQ_NOPROBE);
}

static inline bool irq_settings_can_autoenable(struct irq_desc *desc)
{
	return !(irq_settings_get(desc) & _IRQ_NOAUTOEN);
}

static inline unsigned int irq_settings_get_trigger_mask(struct irq_desc *desc)
{
	return irq_settings_get(desc) & IRQ_TYPE_SENSE_MASK;
}

static inline void irq_settings_set_trigger_mask(struct irq_desc *desc,
						 unsigned int mask)
{
	irq_settings_put(desc, (irq_settings_get(desc) & ~IRQ_TYPE_SENSE_MASK) |
				       (mask & IRQ_TYPE_SENSE_MASK));
}

#endif /* GENIRQ6_SETTINGS_H */
