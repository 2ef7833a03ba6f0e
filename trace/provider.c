// SPDX-License-Identifier: GPL-2.0
/*
 * The irqlab tracepoint probes, built as lttng-ust-provider-irqlab.so and
 * loaded by a traced run (dlopen, or LD_PRELOAD for any program linking
 * libgenirq.a).
 */
#define LTTNG_UST_TRACEPOINT_CREATE_PROBES
#include <irqlab/irqlab_tp.h>
