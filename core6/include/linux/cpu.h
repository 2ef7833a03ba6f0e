/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Simulated CPU hotplug (kernel/cpu.c's remove_cpu()/add_cpu()): taking
 * a CPU down moves every interrupt off it and shuts down the managed
 * ones whose affinity has no online CPU left; bringing it up starts them
 * again (kernel/irq/cpuhotplug.c). CPU 0, the boot CPU, cannot be taken
 * down. No thread moves: the threads attached as simulated CPUs
 * (<genirq/cpu.h>) keep running; only genirq6's online mask changes.
 */
#ifndef _GENIRQ6_LINUX_CPU_H
#define _GENIRQ6_LINUX_CPU_H

#include <linux/cpumask.h>

struct device;

/* Return: 0, -EINVAL for no such CPU, -EBUSY for CPU 0 or the last one. */
int remove_cpu(unsigned int cpu);
/* Return: 0, or -EINVAL for no such CPU. Online already is 0. */
int add_cpu(unsigned int cpu);
bool cpu_is_hotpluggable(unsigned int cpu);
/* A non-NULL token for a possible CPU, NULL for none (no device model). */
struct device *get_cpu_device(unsigned int cpu);

#endif /* _GENIRQ6_LINUX_CPU_H */
