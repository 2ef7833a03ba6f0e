/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Simulated devices on one interrupt line (device.c): each fired event
 * waits in its device's queue, stamped with a sequence number and its
 * intended time, until a handler run drains it; the device drives the
 * controller input as its trigger says. One device thread fires every
 * device of the line, in time order. Their driver, the handlers each
 * design requests, is driver.c.
 */
#ifndef BENCH_DEVICE_H
#define BENCH_DEVICE_H

#include <genirq/noise.h>
#include <stdint.h>
#include <genirq/interrupt.h>
#include <genirq/spinlock.h>
#include "bench/bench.h"
#include "chipset.h"
#include "stim.h"

/* One event slot, indexed by sequence number; written once each way. */
/*
 * A slot is one cache line (the slots are allocated aligned): the device
 * thread fills the next one while a handler on another CPU writes the
 * last, and neither waits for the other's line.
 */
struct bench_event {
	uint64_t intended; /* ns since the run began */
	uint64_t entry; /* handler entry, ns since the run began; 0: never */
	uint64_t exit;
	uint64_t hard; /* threaded designs: the hard handler's; 0: never */
	uint32_t drained_with; /* events drained by the same run */
	uint32_t accesses; /* chip accesses since the previous run began */
	uint32_t noise_ns; /* host noise inside the latency's window */
	/*
	 * Fired this long after intended (saturated): the device thread's
	 * stamp just before it published the event and drove the input.
	 */
	uint32_t late;
	uint32_t access_ns, close_ns; /* the accesses' costed time, its end */
	/*
	 * Raised this long after intended (device thread, release), ns;
	 * UINT32_MAX: not yet, or too late to say.
	 */
	uint32_t raised;
	uint16_t cpu; /* the simulated CPU that drained it */
	uint8_t flags; /* BENCH_SAMPLE_OVERRUN */
} __attribute__((aligned(64)));

struct bench_line;

struct bench_dev {
	/*
	 * Three groups, each on cache lines of its own, so that neither
	 * thread waits for a line the other one has just written: what
	 * neither writes while a block runs, what the device thread
	 * writes as it fires, and what the handlers write.
	 */
	struct bench_line *line;
	unsigned int index;
	bool storm; /* asserts without cause */
	struct bench_event *ev; /* in 2 MiB pages, touched: ev_alloc() */
	uint64_t cap;

	/*
	 * The device thread's. Its status first, on a line that holds
	 * nothing else a handler reads: the device owns it again while it
	 * waits (own_status()), so that publishing the next event does not
	 * wait for the line the handler read at the last claim.
	 */
	uint64_t fired __attribute__((aligned(64))); /* published (release) */
	uint64_t next; /* next fire, ns since the block began */
	bool full; /* ran out of slots: the run fails */
	uint8_t own; /* stored while the device waits: own_status() */
	uint64_t overruns, storm_fires;
	struct bench_stim stim;

	/* The handlers'. */
	uint64_t drained __attribute__((aligned(64))); /* release */
	int busy; /* a handler run is in progress */
	uint64_t clear_at; /* level hold: deassert due (device thread) */
	/* Handler-side counters (one handler runs at a time per line). */
	uint64_t runs, serviced, coalesced, nones;
	uint64_t stall_count; /* runs with work, for fault stall */
	/*
	 * Threaded designs: events the thread has worked (threaded), the
	 * last the hard handler stamped (oneshot), thread runs with work.
	 */
	uint64_t worked, hard_mark, thread_runs;
} __attribute__((aligned(64)));

/**
 * struct bench_line - the devices of a scenario on one controller input
 * @lock: the wire: serialises asserting devices against clearing handlers
 * @asserting: devices asserting the (level) line, one bit each
 * @pad: the edge-both pad level, toggled per event
 */
struct bench_line {
	const struct bench_scenario *sc;
	struct bench_chip_inst *ci;
	unsigned int nr_dev;
	struct bench_dev dev[BENCH_MAX_DEVICES + 1];
	bool level, toggle;
	spinlock_t lock;
	unsigned int asserting;
	bool pad;
	bool run_had_work; /* some action of the current run drained */
	uint64_t runs; /* handler runs on the line (action chains) */
	unsigned long concurrent; /* runs that found one in progress */
	/* The line's register accesses when the last run began, and the
	 * current run's (chip_irq_accesses(), read by its first action);
	 * the same in costed time, all and the part that closed the
	 * previous interrupt (chip_irq_access_ns()). */
	unsigned long acc_prev, acc_ns_prev, close_ns_prev;
	uint32_t run_acc, run_acc_ns, run_close_ns;
	uint64_t spurious; /* runs in which no device had work */
	/*
	 * Oneshot: when the hard handler left the line masked for the
	 * thread (ns since t0, 0: not), and the masked time so far.
	 */
	uint64_t masked_since, masked_ns;
	bool oneshot_masks; /* irq_oneshot_masks(): the flow holds it masked */
	/*
	 * The block's design runs on genirq6, the line its modern form's
	 * (@ci->irq6), requested in @form6 (driver6.h); else on libgenirq.
	 */
	bool v6;
	unsigned int form6;
	/*
	 * The driver's critical sections (device thread): the next start
	 * and the current one's end (ns since t0; 0: none), and how many.
	 */
	uint64_t crit_next, crit_end, disables;
	uint64_t t0; /* CLOCK_MONOTONIC ns the run began */
	uint64_t block_start; /* ns since t0 */
	unsigned int block; /* its index (bench_line_block()) */
	uint64_t block_end; /* end of the stimulus */
	uint64_t drain_end; /* end of the drain period */
	bool real; /* a real device (chip uio): each event fires it */
	bool passive; /* it fires on its own: events come from arrivals */
	bool b2b; /* back-to-back: fire once the last event was serviced */
	bool accepting; /* passive: arrivals are the block's (under @lock) */
	uint8_t sample_flags; /* ORed into every sample (BENCH_SAMPLE_INTX) */
	int *stop; /* set by a signal or a break: end the block early */
	struct bench_break *brk; /* --break-us, or NULL */
	struct irq_noise *noise; /* the device thread's gaps (never NULL) */
	unsigned int entry_delay_ns; /* control_shift_ns, this block */
	/*
	 * The handlers run on other threads than the device's: they stamp
	 * as they begin, before they read the status (bench_dev_claim()).
	 */
	bool stamp_early;
	/*
	 * The system under test holds the stimulus back on this line
	 * (bench_holds_stimulus()): its latencies count from the intended
	 * time, not from the fire. Set by the device thread as it starts.
	 */
	bool holds_stimulus;
	/* Key race: the moves the handler makes (run/race.c); NULL: none. */
	struct bench_race_state *race;
};

/**
 * bench_holds_stimulus - whether a line's design can hold its stimulus back
 * @sc: the scenario
 * @inline_cpu: its simulated CPU 0 is the device thread (wait = inline,
 *	as placed)
 *
 * Inline, a handler runs on the device thread, so a slow one delays the
 * next fire; a back-to-back device fires only once its last event was
 * taken. There the time between an event's intended time and its fire
 * is the design's, and a latency counts from the intended time (no
 * coordinated omission). Elsewhere it is the harness's (the host stalled
 * the device thread), and a latency counts from the fire. The one place
 * this is decided (analysis/formats/latency.c, summary.json latency_origin).
 *
 * Return: true if latencies of @sc's designs count from the intended time.
 */
bool bench_holds_stimulus(const struct bench_scenario *sc, bool inline_cpu);

/*
 * The latency of @e to @stamp (ns since t0), from where its line's
 * latencies start: its fire, the device thread's stamp just before it
 * drove the controller input (intended + late), or its intended time on
 * a line that holds the stimulus back. 0 for a stamp before that (only
 * a saturated lateness, over 4.29 s, could make one).
 */
static inline uint64_t bench_event_latency(const struct bench_line *l,
					   const struct bench_event *e,
					   uint64_t stamp)
{
	uint64_t from = e->intended + (l->holds_stimulus ? 0 : e->late);

	return stamp > from ? stamp - from : 0;
}

/**
 * bench_line_init - set up the devices of a scenario's line
 * @l: the line
 * @sc: the scenario (devices, pattern, trigger)
 * @ci: its chip
 * @t0: CLOCK_MONOTONIC ns of the run's time zero
 * @stop: nonzero when a signal asks to stop
 *
 * Allocates each device's event slots for one block.
 * Return: 0 or -ENOMEM.
 */
int bench_line_init(struct bench_line *l, const struct bench_scenario *sc,
		    struct bench_chip_inst *ci, uint64_t t0, int *stop);
void bench_line_free(struct bench_line *l);
/**
 * bench_line_block - reset the devices for one block
 * @l: the line
 * @block: the block's index: with the scenario's seed, its stimuli
 * @lead_ns: its stimulus starts this long after the reset is done
 * @stimulus_ns: how long it fires
 * @drain_ns: how long it then waits for outstanding events
 */
void bench_line_block(struct bench_line *l, unsigned int block,
		      uint64_t lead_ns, uint64_t stimulus_ns,
		      uint64_t drain_ns);
/*
 * bench_line_retime - start the block's stimulus @lead_ns from now, if
 * that is later than bench_line_block() planned: what came between (the
 * request, an irq thread made and pinned) is not the block's time.
 */
void bench_line_retime(struct bench_line *l, uint64_t lead_ns);

/**
 * bench_line_arrival - interrupts a passive real device delivered
 * @ctx: the line
 * @n: how many the kernel counted since the last wake-up
 * @t_ns: CLOCK_MONOTONIC ns of the wake-up: their arrival
 *
 * Called by the uio chip's entry thread before it dispatches the line:
 * the wake-up becomes one event of device 0 with the arrival as its
 * intended time. The interrupts the kernel counted beyond one arrived
 * before it, when is not known: they are the uio stats' kernel_irqs, not
 * events whose latency would be made up. Arrivals outside the block's
 * stimulus are not the block's.
 */
void bench_line_arrival(void *ctx, uint32_t n, uint64_t t_ns);

/**
 * bench_dev_claim - the driver reads and clears @d's status
 * @d: the device
 * @hard: stamp the events' hard time (threaded designs), not their entry
 * @firstp: the first event taken
 * @nowp: the first one's stamp, ns since t0
 *
 * Takes every event fired since the last claim and records in each slot
 * the stamp (as the handler began, or after the status was read if it
 * took an event raised since: see claim_stamp()), how many the claim took, the CPU and the run's register
 * accesses: those made for the line since the previous run began, which
 * the chip model counted where they were made (read by the run's first
 * device; bench_line_accesses_reset() starts the count). A level device
 * drops its part of the wire, at once or after the scenario's hold.
 * Called by the driver's handlers. Return: how many events it took.
 */
uint64_t bench_dev_claim(struct bench_dev *d, bool hard, uint64_t *firstp,
			 uint64_t *nowp);

/**
 * bench_line_quiesce - wait until no handler run of @l's devices is on
 * @l: the line
 *
 * synchronize_irq() waits for IRQ_INPROGRESS, which handle_percpu_irq()
 * never sets (2.6.18 does not either): a per-CPU line's handler that the
 * host stopped between its claim and its books would otherwise have its
 * books read half written.
 */
void bench_line_quiesce(struct bench_line *l);

/**
 * bench_line_accesses_reset - count the line's register accesses from now
 * @l: the line, its devices requested
 *
 * The first handler run after this is charged the accesses made since
 * (samples.bin chip_accesses); set-up and earlier blocks are not.
 */
void bench_line_accesses_reset(struct bench_line *l);

/**
 * bench_device_thread - fire the block's events, then drain
 * @l: the line, after bench_line_block()
 * @inline_cpu: true if this thread is simulated CPU 0 (wait = inline)
 *
 * Returns when every event was serviced after the stimulus ended, or the
 * drain period is over; every line the devices drive is released then.
 */
void bench_device_thread(struct bench_line *l, bool inline_cpu);

#endif /* BENCH_DEVICE_H */
