/* SPDX-License-Identifier: GPL-2.0 */
/* genirq-compat: irqreturn_t, IRQ_NONE, IRQ_HANDLED, IRQ_RETVAL(). */
#ifndef _LINUX_IRQRETURN_H
#define _LINUX_IRQRETURN_H

#include <genirq/interrupt.h>

#endif /* _LINUX_IRQRETURN_H */
