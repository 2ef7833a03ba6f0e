/* SPDX-License-Identifier: GPL-2.0 */
/* genirq-compat: kstat_irqs() and kstat_irqs_cpu(). */
#ifndef _LINUX_KERNEL_STAT_H
#define _LINUX_KERNEL_STAT_H

#include <genirq/irq.h>

#endif /* _LINUX_KERNEL_STAT_H */
