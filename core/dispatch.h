/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The dispatch path - flow.c, handle.c, edge_masking.c and vector.c - is
 * compiled twice (core/CMakeLists.txt): once with its tracepoints compiled
 * out, under the names the rest of the tree calls, and once with
 * GENIRQ_TRACED_COPY, tracepoints in, every exported symbol suffixed
 * _traced. genirq_set_tracing() (traced.c) chooses the copy through the
 * pointers an interrupt goes through anyway, which is what static keys do
 * in the kernel. Each file of the dispatch path includes this header
 * first, before any other.
 */
#ifndef GENIRQ_DISPATCH_H
#define GENIRQ_DISPATCH_H

#ifdef GENIRQ_TRACED_COPY
#define handle_simple_irq handle_simple_irq_traced
#define handle_level_irq handle_level_irq_traced
#define handle_fasteoi_irq handle_fasteoi_irq_traced
#define handle_edge_irq handle_edge_irq_traced
#define handle_percpu_irq handle_percpu_irq_traced
#define handle_edge_masking_irq handle_edge_masking_irq_traced
#define handle_bad_irq handle_bad_irq_traced
#define handle_IRQ_event handle_IRQ_event_traced
#define __do_IRQ __do_IRQ_traced
#define irq_vector_entry irq_vector_entry_traced
#else
/* The build's setting is for the rest of core/: this copy has none. */
#undef IRQLAB_TRACE_ENABLED
#define IRQLAB_TRACE_ENABLED 0
#endif

#include "internals.h"

#endif /* GENIRQ_DISPATCH_H */
