/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The design registry, the harness's half (designs.c): one row per design
 * of analysis/designs.def, each pointing at its struct bench_design_ops,
 * which the design's own file defines as bench_design_<id>.
 */
#ifndef BENCH_DESIGNS_H
#define BENCH_DESIGNS_H

#include "bench/bench.h"

struct bench_chip_inst;

/**
 * struct bench_design_ops - what the harness does for one design
 * @what:	one line for `irqlab list`
 * @install:	put the line of @ci on the design before a block: the chip's
 *		design (chip_model_set_design()) and the flow handler; the
 *		flow the block reports is the one it leaves on the line
 * @driver:	the driver form the devices request (bench_line_request()):
 *		BENCH_DESIGN_FLOW for request_irq() with the whole driver in
 *		the handler, BENCH_DESIGN_THREADED or _THREADED_ONESHOT for
 *		request_threaded_irq() (the design is then a threaded one)
 * @refuses:	NULL if it runs on any scenario; else whether it cannot run
 *		on @sc's chip and trigger, with the sentence why ("key
 *		designs: ...") in @msg (the rule table calls it: config_rules.c)
 * @v6:		a modern design: its line is the chip's modern driver form on
 *		genirq6 (bench_chip_attach_v6()), requested from genirq6
 *		(device/driver6.c) in @driver's form
 * @forced:	with @v6: forced threading (threadirqs) for the request
 */
struct bench_design_ops {
	const char *what;
	void (*install)(struct bench_chip_inst *ci);
	enum bench_design driver;
	bool (*refuses)(const struct bench_scenario *sc, char *msg, size_t len);
	bool v6;
	bool forced;
};

/**
 * struct bench_design_row - a row of the registry
 * @code:	enum bench_design's value: samples.bin's design byte
 * @name:	as config files spell it
 * @ops:	its file's bench_design_<id>
 */
struct bench_design_row {
	enum bench_design code;
	const char *name;
	const struct bench_design_ops *ops;
};

/* Every design, in analysis/designs.def's order. */
extern const struct bench_design_row bench_designs[];
extern const unsigned int bench_nr_designs;

const struct bench_design_row *bench_design_get(enum bench_design d);

/* Whether design @d runs the driver's work in an irq thread. */
static inline bool bench_design_is_threaded(enum bench_design d)
{
	const struct bench_design_row *r = bench_design_get(d);

	return r && r->ops->driver != BENCH_DESIGN_FLOW;
}

#endif /* BENCH_DESIGNS_H */
