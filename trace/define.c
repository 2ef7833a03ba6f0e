// SPDX-License-Identifier: GPL-2.0
/*
 * The program's side of the irqlab tracepoints: their definitions, with
 * dynamic probe linkage. Built into libgenirq.a when IRQLAB_TRACE=ON. The
 * probes live in lttng-ust-provider-irqlab.so (provider.c), which a traced
 * run loads; until then each tracepoint is a predicted branch, and the
 * program links no lttng-ust library (only libdl, to find them).
 */
#define LTTNG_UST_TRACEPOINT_DEFINE
#define LTTNG_UST_TRACEPOINT_PROBE_DYNAMIC_LINKAGE
#include <irqlab/irqlab_tp.h>
