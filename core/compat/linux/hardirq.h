/* SPDX-License-Identifier: GPL-2.0 */
/* genirq-compat: in_irq(), in_interrupt(), the local interrupt flag. */
#ifndef _LINUX_HARDIRQ_H
#define _LINUX_HARDIRQ_H

#include <genirq/cpu.h>

#endif /* _LINUX_HARDIRQ_H */
