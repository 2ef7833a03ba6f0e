// SPDX-License-Identifier: GPL-2.0
/*
 * A toy flow handler, the file a new flow is (docs/map.md): it puts a
 * tracepoint-free wrapper around handle_simple_irq(), so that a line on
 * it runs as a simple line but reports flow "toy". Its row is
 * toy_flow.row; only irqlab-toy (tests/bench/CMakeLists.txt) has either.
 */
#include <genirq/irq.h>

void handle_toy_irq(unsigned int irq, struct irq_desc *desc);

void handle_toy_irq(unsigned int irq, struct irq_desc *desc)
{
	handle_simple_irq(irq, desc);
}
