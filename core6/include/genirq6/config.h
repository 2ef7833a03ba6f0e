/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel configuration genirq6 is built as: the options of an SMP
 * x86-64 or arm64 kernel of the release it follows (docs/core6.md), and
 * IS_ENABLED() to test them as the kernel's <linux/kconfig.h> does.
 */
#ifndef GENIRQ6_CONFIG_H
#define GENIRQ6_CONFIG_H

#define CONFIG_SMP 1
#define CONFIG_HOTPLUG_CPU 1
#define CONFIG_IRQ_DOMAIN 1
#define CONFIG_IRQ_DOMAIN_HIERARCHY 1
#define CONFIG_IRQ_FASTEOI_HIERARCHY_HANDLERS 1
#define CONFIG_GENERIC_IRQ_EFFECTIVE_AFF_MASK 1
#define CONFIG_HARDIRQS_SW_RESEND 1
#define CONFIG_SPARSE_IRQ 1
#define CONFIG_IRQ_FORCED_THREADING 1

/* Descriptors genirq6 can hold; irq numbers run 0..GENIRQ6_NR_IRQS-1. */
#define GENIRQ6_NR_IRQS 1024
/* CPUs a genirq6 machine has (possible and, until remove_cpu(), online). */
#define GENIRQ6_NR_CPUS 8

/* IS_ENABLED(CONFIG_X): 1 when CONFIG_X is defined to 1, else 0. */
#define __genirq6_placeholder_1 0,
#define __genirq6_second(ignored, val, ...) val
#define __genirq6_defined3(junk) __genirq6_second(junk 1, 0, 0)
#define __genirq6_defined2(val) __genirq6_defined3(__genirq6_placeholder_##val)
#define __genirq6_defined(x) __genirq6_defined2(x)
#define IS_ENABLED(option) __genirq6_defined(option)
#define IS_BUILTIN(option) __genirq6_defined(option)

#endif /* GENIRQ6_CONFIG_H */
