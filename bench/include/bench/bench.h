/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The harness's shared vocabulary: a run's parameters, the scenarios a
 * config file describes, what one scenario x design measured, and the
 * interfaces between the harness's files (config_*.c parse, chipset.c
 * knows the controller models, topo.c places threads with hwloc,
 * device.c and stim.c are the simulated devices, driver.c their driver
 * (the handlers each design requests), scenario.c runs one
 * scenario, results.c writes the run folder, main.c is the command line;
 * analysis/stats/stats.c summarises samples).
 *
 * Everything here is private to bench/: nothing outside includes it.
 */
#ifndef BENCH_BENCH_H
#define BENCH_BENCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>
#include <chips/kind.h>
#include <chips/model.h>
#include <genirq/clock.h>
#include <chips/uio.h>
#include <analysis/outcome.h>
#include <analysis/run.h>
#include <analysis/samples.h>
#include <analysis/stats.h>
#include "bench/probe.h"

/* Exit statuses of the irqlab command: analysis/outcome.h's table. */
enum {
	BENCH_EXIT_OK = ANA_EXIT_PASS,
	BENCH_EXIT_FAIL = ANA_EXIT_ERROR, /* books, I/O, a thread */
	BENCH_EXIT_USAGE = ANA_EXIT_BAD_INPUT, /* command line or config */
	BENCH_EXIT_BREAK = ANA_EXIT_STOPPED, /* --break-us: kept, incomplete */
	BENCH_EXIT_INTERRUPTED = ANA_EXIT_SIGNAL, /* kept, incomplete */
};

/* Designs a scenario may list, each at most twice (an A/A control). */
#define BENCH_MAX_DESIGNS 8

/* Blocks a scenario may have (key blocks). */
#define BENCH_MAX_BLOCKS 1000
/* The quantiles summary.json keeps per block: p50, p99, p99.9. */
#define BENCH_NQ 3
extern const unsigned int bench_block_permille[BENCH_NQ];

/*
 * The handler designs a scenario compares: the registry's codes
 * (analysis/designs.def; designs.h has each one's row). BENCH_DESIGN_NR
 * is one past the highest shipped code.
 */
enum bench_design {
#define IRQLAB_DESIGN(code, ID, id, name, colour) BENCH_DESIGN_##ID = code,
#include "analysis/designs.def"
#undef IRQLAB_DESIGN
	BENCH_DESIGN_NR,
};

/* The scenario files' triggers: chips/kind.h's, by the same values. */
enum bench_trigger {
	BENCH_TRIG_EDGE = CHIP_TRIG_EDGE, /* rising edge */
	BENCH_TRIG_EDGE_FALLING = CHIP_TRIG_EDGE_FALLING,
	BENCH_TRIG_EDGE_BOTH = CHIP_TRIG_EDGE_BOTH,
	BENCH_TRIG_LEVEL = CHIP_TRIG_LEVEL, /* active high */
	BENCH_TRIG_LEVEL_LOW = CHIP_TRIG_LEVEL_LOW,
	BENCH_TRIG_PERCPU = CHIP_TRIG_PERCPU, /* a per-CPU private interrupt */
	BENCH_TRIG_SIMPLE = CHIP_TRIG_SIMPLE, /* a software source */
	BENCH_TRIG_NR = CHIP_TRIG_NR,
};

enum bench_pattern {
	BENCH_PAT_PERIODIC, /* one event every 1/rate */
	BENCH_PAT_POISSON, /* exponential gaps, mean 1/rate, seeded */
	BENCH_PAT_BURST, /* every 1/rate, burst events burst_gap_ns apart */
	BENCH_PAT_STORM, /* asserts at rate without cause: no event */
	BENCH_PAT_BACK_TO_BACK, /* the next once the last was serviced */
	BENCH_PAT_REPLAY, /* at a recording's instants (replay.c) */
	BENCH_PAT_NR,
};

enum bench_wait {
	BENCH_WAIT_SPIN, /* the CPU thread busy-polls */
	BENCH_WAIT_BLOCK, /* the CPU thread sleeps on a futex */
	BENCH_WAIT_INLINE, /* the device thread is the CPU */
	BENCH_WAIT_NR,
};

/* Where the device thread goes, relative to simulated CPU 0's PU. */
enum bench_place {
	BENCH_PLACE_ANY, /* a PU no simulated CPU uses, else any */
	BENCH_PLACE_SIBLING, /* another PU of the same core (SMT) */
	BENCH_PLACE_SAME_CORE, /* CPU 0's own PU (block or inline only) */
	BENCH_PLACE_OTHER_CORE, /* a PU of another core, same package */
	BENCH_PLACE_OTHER_PACKAGE, /* a PU of another package */
	BENCH_PLACE_PU, /* the PU given by number */
	BENCH_PLACE_NR,
};

/*
 * An affinity race a scenario stages (key race, bench/run/race.c): the
 * line's affinity moves to the next simulated CPU from inside its
 * handler, so that the next interrupt comes on the new CPU while the old
 * one still runs the handler.
 */
enum bench_race {
	BENCH_RACE_NONE,
	BENCH_RACE_EDGE_MIGRATION, /* an edge line: the 2025 migration wait */
	BENCH_RACE_FASTEOI_RESEND, /* a message-signalled fasteoi line */
	BENCH_RACE_NR,
};

/* Names as config files and `irqlab list` spell them; NULL if out of range. */
const char *bench_design_name(enum bench_design d);
const char *bench_trigger_name(enum bench_trigger t);
const char *bench_pattern_name(enum bench_pattern p);
const char *bench_wait_name(enum bench_wait w);
const char *bench_place_name(enum bench_place p);
const char *bench_race_name(enum bench_race r);
/* Reverse lookups: the enum value, or -1 for an unknown name. */
int bench_design_parse(const char *s);
int bench_trigger_parse(const char *s);
int bench_pattern_parse(const char *s);
int bench_wait_parse(const char *s);
int bench_place_parse(const char *s);
int bench_race_parse(const char *s);

struct bench_replay;

/* One [cost.<model>] key = value override, from the scenario's file. */
struct bench_cost_override {
	char model[16];
	char key[48];
	unsigned int ns;
	const char *file;
	unsigned int line;
};

/* The keys of [run] and [scenario NAME], indexing key_line[]. */
enum bench_key {
	BENCH_KEY_CHIP,
	BENCH_KEY_TRIGGER,
	BENCH_KEY_DESIGNS,
	BENCH_KEY_PIN,
	BENCH_KEY_PATTERN,
	BENCH_KEY_RATE,
	BENCH_KEY_BURST,
	BENCH_KEY_BURST_GAP_NS,
	BENCH_KEY_DEVICES,
	BENCH_KEY_STORM_RATE,
	BENCH_KEY_HANDLER_NS,
	BENCH_KEY_CONTROL_SHIFT_NS,
	BENCH_KEY_PULSE_NS,
	BENCH_KEY_HOLD_NS,
	BENCH_KEY_DISABLE_RATE,
	BENCH_KEY_DISABLE_NS,
	BENCH_KEY_LAZY_DISABLE,
	BENCH_KEY_CPUS,
	BENCH_KEY_WAIT,
	BENCH_KEY_CPU,
	BENCH_KEY_DEVICE,
	BENCH_KEY_PLACEMENT,
	BENCH_KEY_DURATION_MS,
	BENCH_KEY_BLOCKS,
	BENCH_KEY_DRAIN_MS,
	BENCH_KEY_OVERRUN_NS,
	BENCH_KEY_SEED,
	BENCH_KEY_COST,
	BENCH_KEY_UIO,
	BENCH_KEY_UIO_BACKEND,
	BENCH_KEY_UIO_MASK,
	BENCH_KEY_FAULT,
	BENCH_KEY_REPLAY,
	BENCH_KEY_REPLAY_IRQ,
	BENCH_KEY_REPLAY_SPEED,
	BENCH_KEY_ARCH,
	BENCH_KEY_RACE,
	BENCH_KEY_NR,
};

#define BENCH_NAME_MAX 64
#define BENCH_MAX_DEVICES 8 /* devices sharing one line */
#define BENCH_MAX_CPUS 16 /* simulated CPUs in one scenario */

/**
 * struct bench_scenario - one [scenario NAME] section, fully resolved
 *
 * Every field has its default or the value from [run] or the section;
 * --quick and --seed are applied by config_*.c. @file and @line name the
 * section header, @key_line[] the line each key was set on (0: default),
 * so later checks (placement) can name the line at fault.
 */
struct bench_scenario {
	char name[BENCH_NAME_MAX];
	const char *file; /* owned by struct bench_config */
	unsigned int line;

	const struct chip_kind *chip; /* its row in chips/kind.c */
	enum bench_trigger trigger;
	unsigned int nr_designs;
	/* In file order; a design listed twice is an A/A control. */
	enum bench_design designs[BENCH_MAX_DESIGNS];
	unsigned int pin; /* controller input the devices drive */

	enum bench_pattern pattern;
	double rate_hz; /* events (bursts) per second, per device */
	unsigned int burst; /* events per burst (pattern burst) */
	unsigned int burst_gap_ns;
	unsigned int devices; /* devices on the line with @pattern */
	double storm_rate_hz; /* 0, or an extra storming device's rate */
	unsigned int handler_ns; /* driver work after draining the device */
	/*
	 * A known shift for calibrating verdicts: the second copy of a
	 * design listed twice waits this long in its handler before it
	 * stamps the entry, so its latency is exactly this much higher.
	 */
	unsigned int control_shift_ns;
	unsigned int pulse_ns; /* edge: how long the line stays asserted */
	unsigned int hold_ns; /* level: assertion kept after the clear */
	/*
	 * The driver's critical sections: disable_irq_nosync() @disable_hz
	 * times a second for @disable_ns, then enable_irq(); @lazy_disable
	 * makes the line's disable lazy (irq_set_lazy_disable()).
	 */
	double disable_hz;
	unsigned int disable_ns;
	unsigned int lazy_disable;
	/* Whose 2.6.18 genirq the core behaves as (default: the chip's). */
	enum genirq_arch arch;
	enum bench_race race; /* key race: none, or the race staged */

	unsigned int cpus; /* simulated CPUs */
	enum bench_wait wait;
	unsigned int cpu_pu; /* PU (logical index) of simulated CPU 0 */
	enum bench_place device;
	unsigned int device_pu; /* for BENCH_PLACE_PU */
	bool strict; /* placement = strict: refuse instead of adapting */

	unsigned int duration_ms; /* per design, split over the blocks */
	unsigned int blocks; /* interleaved blocks per design */
	unsigned int drain_ms; /* quiet time after each block */
	unsigned int overrun_ns; /* a fire this late is an overrun */
	uint64_t seed;

	char cost_name[256]; /* as written: "zero", "realistic", a path */
	char cost[4096]; /* the profile file it resolved to */
	/* Chip uio: the device as given, its backend, the mask wanted. */
	char uio[UIO_PATH_MAX];
	const struct uio_backend *uio_backend;
	enum uio_mask uio_mask;
	const struct bench_cost_override *overrides;
	unsigned int nr_overrides;

	/*
	 * Pattern replay: the recording as written and the file it resolved
	 * to (relative to the config's folder), the irq asked for ("": the
	 * only one), the time scale (2: twice as fast), and the recording,
	 * read and selected by the config's check; owned by the config.
	 */
	char replay_name[256];
	char replay[4096];
	char replay_irq[64];
	double replay_speed;
	struct bench_replay *replay_rec;

	/* Faults injected (key fault, docs/configs.md); zero: none. */
	struct bench_faults {
		bool set_type; /* the chip's set_type fails */
		bool retrigger; /* the chip's retrigger returns 0 */
		bool pin; /* binding a simulated CPU's thread fails */
		unsigned int stall_us; /* a handler run busy this long ... */
		unsigned int stall_every; /* ... once in this many */
		unsigned int device_dies_ms; /* into block device_dies_block */
		unsigned int device_dies_block;
	} fault;

	unsigned int key_line[BENCH_KEY_NR]; /* 0: the default */
};

/**
 * struct bench_config - everything the config files of one run said
 * @sc: scenarios, in file order, files in command-line order
 * @nr: how many
 * @files: the files read (strings owned here)
 * @overrides: all [cost.*] overrides; scenarios point into it
 */
struct bench_config {
	struct bench_scenario *sc;
	unsigned int nr;
	char **files;
	unsigned int nr_files;
	struct bench_cost_override *overrides;
	unsigned int nr_overrides;
};

/**
 * struct bench_params - the command line of `irqlab run`
 */
struct bench_params {
	const char *const *configs; /* NULL: configs/default.ini */
	unsigned int nr_configs;
	const char *outdir; /* -o; NULL: results/runs/<UTC>-<host> */
	const char *results_root; /* where runs/ and latest live */
	bool quick;
	bool seed_set;
	uint64_t seed;
	const char *cpus; /* --cpus LIST (hwloc list syntax), or NULL */
	bool quiet;
	int argc; /* the whole command line, for the record */
	char **argv;
};

/**
 * bench_config_load - read one config file and append its scenarios
 * @cfg: the run's config (zeroed before the first call)
 * @path: the INI file
 * @p: --quick and --seed are applied from here
 * @err: one sentence "FILE:LINE: what is wrong" on failure
 * @errlen: its size
 *
 * Strict: an unknown section or key, a bad value, an unknown chip, trigger,
 * design, pattern, wait mode or placement (the message lists the valid
 * names), a trigger the chip cannot do, a pin the chip does not have, a
 * cost key the model does not have - each fails with -EINVAL and @err.
 * Return: 0, -ENOENT (file missing, @err filled), -EINVAL, -ENOMEM.
 */
int bench_config_load(struct bench_config *cfg, const char *path,
		      const struct bench_params *p, char *err, size_t errlen);
void bench_config_free(struct bench_config *cfg);
/**
 * struct bench_inputs - the files a config read, as a run folder keeps them
 * @path: each file as it resolved (a scenario's cost or replay)
 * @name: the name of its copy in the run folder ("input-...")
 * @nr: how many
 */
struct bench_inputs {
	char **path;
	char **name;
	unsigned int nr;
};

/* @path's copy in the run folder, or @path itself (@in NULL, or none). */
const char *bench_inputs_name(const struct bench_inputs *in, const char *path);

/*
 * Write @cfg back as INI with every key explicit: the config as run. With
 * @in, the files it read are named by their copies beside it.
 */
int bench_config_write(const struct bench_config *cfg,
		       const struct bench_inputs *in, FILE *f);

/*
 * The controller models as the harness sees them (chipset.c): the rows of
 * the registry, chips/kind.c. A bench chip may be several models (gpio: a
 * GPIO bank behind a VIC).
 */
struct bench_chip_inst;

/* The registry's row named @name, or NULL. */
static inline const struct chip_kind *bench_chip_find(const char *name)
{
	return chip_kind_find(name);
}
/*
 * The UIO class directory chip uio finds devices in: /sys/class/uio, or
 * $IRQLAB_UIO_CLASS (a copy of it; the tests use a fake one).
 */
const char *bench_uio_class(void);
/*
 * 0 if @chip has input @pin usable with @trig and takes the delivery its
 * devices send, else -errno and @err (chip_kind_check()).
 */
int bench_chip_pin_check(const struct chip_kind *chip, enum bench_trigger trig,
			 unsigned int pin, char *err, size_t errlen);

/**
 * struct bench_break - stop the run at the first latency over a threshold
 * @threshold_ns: fire -> handler entry latency that stops the run (0: off)
 * @hit: set once, by the handler run that saw it
 * @latency_ns: what it saw
 * @seq: the event
 * @scenario: which scenario, design, block (set by the harness)
 * @why: its causes, a line each (bench/run/break.c), "" until explained
 */
struct bench_break {
	uint64_t threshold_ns;
	int hit;
	uint64_t latency_ns;
	uint64_t seq;
	const char *scenario;
	const char *design;
	unsigned int block;
	char why[1024];
};

/**
 * struct bench_result - what one design measured in one scenario, summed
 * over its blocks
 */
/* The gaps of one kind of spinning thread, summed over blocks. */
struct bench_noise {
	uint64_t count; /* gaps above the threshold */
	uint64_t total_ns; /* their time */
	uint64_t max_ns; /* the longest */
	uint64_t lost; /* gaps the ring lost (counted, not timed) */
};

struct bench_result {
	const struct bench_scenario *sc;
	unsigned int index; /* the scenario's in its config: samples.bin's */
	enum bench_design design;
	unsigned int slot; /* its place in the scenario's designs */
	unsigned int instance; /* 1, or 2 for the second of an A/A pair */
	const char *flow; /* irq_flow_name() of the line's handler */
	uint64_t fired; /* events with a sequence number */
	uint64_t serviced; /* drained by a handler run, at any time */
	uint64_t coalesced; /* drained k > 1 at once: k - 1 each */
	uint64_t stranded; /* fired, never serviced */
	uint64_t spurious; /* handler runs where no device had work */
	uint64_t overruns; /* fires issued later than overrun_ns */
	uint64_t dropped_edges; /* the controller's dropped-while-masked */
	uint64_t chip_spurious; /* spurious the controller detected */
	uint64_t storm_fires; /* assertions without cause */
	uint64_t handler_runs; /* device handler runs with work */
	uint64_t disables; /* the driver's disable_irq() sections */
	uint64_t chip_accesses; /* register accesses, all operations */
	/* the same by chip operation, then CHIP_ACC_DEMUX (run.h by_op) */
	uint64_t acc_by_op[RUN_NR_ACC];
	bool irq_disabled; /* the core disabled the line (nobody cared) */
	unsigned int blocks; /* blocks measured (fewer if interrupted) */
	double seconds; /* stimulus time, all blocks */
	double throughput_per_s; /* serviced / seconds */
	double chip_accesses_per_irq; /* chip_accesses / interrupts taken */
	/*
	 * Its latencies count from the intended time, not the fire: the
	 * line holds the stimulus back (device.h bench_holds_stimulus()).
	 */
	bool holds_stimulus;
	struct irqstat entry; /* fire -> handler entry, ns */
	struct irqstat exit; /* fire -> handler exit, ns */
	struct irqstat late; /* fire - intended over fired events, ns */
	/*
	 * Per block (the round of the interleaving), the p50, p99 and p99.9
	 * of fire -> handler entry, ns; 0: the block had no serviced event.
	 * The units of every verdict (docs/statistics.md).
	 */
	unsigned int nblock_ns; /* 1 + the last block recorded */
	double block_ns[BENCH_MAX_BLOCKS][BENCH_NQ];
	/* The host at the start of each block's round (probe.c). */
	struct bench_probe probe[BENCH_MAX_BLOCKS];
	/*
	 * Threaded designs: entry and exit are the thread's handler; @hard
	 * is fire -> the hard (primary) handler's entry, @thread_runs the
	 * thread's handler runs, @masked_ns how long the line was held
	 * masked for a oneshot thread (from the hard handler to the
	 * thread's exit, summed), @thread_policy its scheduling policy
	 * ("SCHED_FIFO", "SCHED_OTHER"), @thread_fifo why; NULL: not
	 * threaded.
	 */
	struct irqstat hard;
	uint64_t thread_runs;
	uint64_t masked_ns;
	const char *thread_policy;
	const char
		*thread_fifo; /* "granted", "not permitted", "not asked: ..." */
	/*
	 * Host noise over this design's blocks (genirq/noise.h): the gaps of
	 * the simulated CPUs' idle loops and of the device thread's loop,
	 * the serviced events whose fire -> entry overlapped one, and the
	 * latency of the others ("set apart").
	 */
	struct bench_noise noise_cpu, noise_dev;
	uint64_t noise_threshold_ns;
	uint64_t noise_span_ns; /* the blocks' time the recorders covered */
	uint64_t noise_events;
	struct irqstat entry_quiet;
	/* Chip uio: what the kernel delivered and how the chip masked it. */
	const char *uio_mask; /* "irqcontrol" or "intx"; NULL: not uio */
	char uio_driver[64]; /* the driver's name for the device */
	int uio_kirq; /* the kernel's irq number, or -1 */
	int uio_routed_cpu; /* the OS CPU it was routed to, or -1 */
	uint64_t uio_wakeups; /* entry-thread wake-ups with interrupts */
	uint64_t uio_kernel_irqs; /* interrupts the driver counted */
	/* Key race: what the moves did (summary.json "race"). */
	struct bench_race_books {
		uint64_t moves; /* affinity moves the handler made */
		uint64_t old_cpu_runs; /* handler runs off the line's target */
		uint64_t longest_loop; /* the most of those in a row */
		uint64_t mask_accesses; /* register accesses of mask, mask_ack */
		uint64_t resend_accesses; /* register accesses of retrigger */
		uint64_t waits; /* migration waits (modern family) */
		uint64_t wait_ns; /* time spun in them */
	} race;
};

/*
 * One raw sample, every fired event, serviced or not: what samples.bin's
 * record (analysis/samples.h, docs/results.md) is encoded from.
 */
struct bench_sample {
	uint64_t intended_ns; /* CLOCK_MONOTONIC, ns since the run began */
	uint64_t entry_ns; /* latency to handler entry; ~0: never */
	uint64_t exit_ns; /* latency to handler exit; ~0: never */
	uint32_t seq; /* the device's sequence number, per block */
	uint16_t scenario; /* index in summary.json "scenarios" */
	uint8_t design; /* enum bench_design */
	uint8_t flags; /* BENCH_SAMPLE_* */
	uint32_t chip_accesses; /* of its handler run, see docs/results.md */
	uint16_t block; /* the block it belongs to */
	uint16_t cpu; /* the simulated CPU that serviced it; ~0: never */
	uint32_t noise_ns; /* host noise inside fire -> entry (saturated) */
	uint8_t slot; /* the design's place in the scenario's list */
	uint32_t late_ns; /* how late it fired (saturated) */
	uint32_t access_ns; /* chip_accesses' costed time (saturated) */
	uint32_t close_ns; /* the part that ended the previous interrupt */
};

/* The record's flags and markers, as samples.h defines them. */
enum {
	BENCH_SAMPLE_SERVICED = SAMPLE_SERVICED,
	BENCH_SAMPLE_COALESCED = SAMPLE_COALESCED, /* drained with another */
	BENCH_SAMPLE_OVERRUN = SAMPLE_OVERRUN, /* fired late */
	BENCH_SAMPLE_INTX = SAMPLE_INTX, /* uio: masked with INTx disable */
};
#define BENCH_SAMPLE_DEVICE_SHIFT SAMPLE_DEVICE_SHIFT /* bits 4-7: device */
#define BENCH_SAMPLE_NO_CPU SAMPLE_NO_CPU /* cpu of an event never serviced */

#define BENCH_SAMPLE_NEVER SAMPLE_NEVER

/* A stamp: genirq/clock.h's clock, ns on CLOCK_MONOTONIC's scale. */
static inline uint64_t bench_now_ns(void)
{
	return irq_clock_ns();
}

/* Topology and placement (topo.c). */
struct bench_topo;

/*
 * Load this machine's topology, restricted to @cpus (a list of OS CPU
 * numbers, "0-3,6", as taskset takes; NULL: every allowed PU), or, for
 * tests, a synthetic one ("pack:2 core:2 pu:2"; nothing can be bound then).
 * PUs are then numbered 0..n-1 in hwloc's logical order.
 */
int bench_topo_open(struct bench_topo **t, const char *cpus,
		    const char *synthetic, char *err, size_t errlen);
void bench_topo_close(struct bench_topo *t);
unsigned int bench_topo_nr_pus(const struct bench_topo *t);
/* The OS CPU number of PU @pu (logical index); -1 for a synthetic one. */
int bench_topo_os_index(const struct bench_topo *t, unsigned int pu);
/* "1 package, 2 cores, 2 PUs; L1d 32 KiB, L2 ..." */
void bench_topo_summary(const struct bench_topo *t, char *buf, size_t len);
/* topology.xml (hwloc XML) and topology.txt into directory @dirfd. */
int bench_topo_write(const struct bench_topo *t, int dirfd);
/* Bind the calling thread to PU @pu (logical index). Return 0 or -errno. */
int bench_topo_bind(const struct bench_topo *t, unsigned int pu);

/**
 * struct bench_placement - where a scenario's threads run
 * @cpu_pu: PU per simulated CPU
 * @device_pu: PU of the device thread
 * @thread_pu: PU of the irq threads of the threaded designs: one of its
 *	own where the machine has one free, else simulated CPU 0's (where
 *	the kernel runs an irq's thread: on the CPU that took it)
 * @thread_shared: @thread_pu is simulated CPU 0's
 * @wait: the wait mode actually used (may differ from the scenario's)
 * @note: what was done instead of what was asked, or ""
 */
struct bench_placement {
	unsigned int cpu_pu[BENCH_MAX_CPUS];
	unsigned int device_pu;
	unsigned int thread_pu;
	bool thread_shared;
	enum bench_wait wait;
	char note[256];
};

/*
 * Decide placement for @sc. Never oversubscribes spinning threads: when
 * they do not fit it adapts (and says so in @pl->note) or, for a strict
 * scenario, fails with -EINVAL and "FILE:LINE: ..." in @err.
 */
int bench_place(const struct bench_topo *t, const struct bench_scenario *sc,
		struct bench_placement *pl, char *err, size_t errlen);

/* The run folder (results.c). */
struct bench_run;

/**
 * bench_run_open - create the run's temporary folder and record the run
 * @p: the command line (outdir, results root)
 * @cfg: written as config.ini
 * @t: written as topology.xml / topology.txt
 * @cal: the busy-wait calibration, into environment.json
 *
 * The folder is made beside its final name as ".<name>.tmp". No symlink
 * is followed in a directory the tool creates, in the folder's parent
 * (runs/ or the -o parent) or at the folder itself; directories that
 * exist above the parent are taken as they are. Writes
 * config.ini, environment.json, topology.*, and opens samples.bin.
 * Return: 0 or -errno with @err filled.
 */
int bench_run_open(struct bench_run **run, const struct bench_params *p,
		   const struct bench_config *cfg, const struct bench_topo *t,
		   const struct chip_delay_calibration *cal, char *err,
		   size_t errlen);
int bench_run_path(const struct bench_run *run, char *buf, size_t len);
/*
 * Whether bench_run_open() first removed a ".<name>.tmp" that a killed
 * run had left under -o's name (runfolder.c reclaim_staged()).
 */
bool bench_run_reclaimed(const struct bench_run *run);
/* Dispatch cost of one flow: tracepoints compiled out, idle, recording. */
struct bench_run_dispatch {
	const char *flow;
	double compiled_out_ns; /* < 0: not measured */
	double idle_ns;
	double tracing_ns;
};

/* What summary.json's "trace" object says. */
struct bench_run_trace {
	const char *mode; /* "session" or "snapshot" */
	const char *path; /* "trace" (in the folder) or the relayd URL */
	unsigned long long discarded;
	double event_ns; /* cost of one event, from the calibrate loop */
	unsigned int snapshots;
	const struct bench_run_dispatch *dispatch; /* per flow, copied */
	unsigned int nr_dispatch;
};
void bench_run_trace(struct bench_run *run, const struct bench_run_trace *t);
void bench_run_break(struct bench_run *run, const struct bench_break *brk);
/* summary.json's "bench" (irqlab bench's own measurements); taken over. */
struct json_t;
void bench_run_perf(struct bench_run *run, struct json_t *perf);
/* CLOCK_MONOTONIC ns at which the run began: the samples' time zero. */
uint64_t bench_run_start_ns(const struct bench_run *run);
/* Append samples to samples.bin. */
int bench_run_samples(struct bench_run *run, const struct bench_sample *s,
		      size_t n);
/* Record one scenario x design result for summary.json (copied). */
int bench_run_result(struct bench_run *run, const struct bench_result *r,
		     const struct bench_placement *pl);
/* Name the scenario whose block failed, and why, for summary.json. */
void bench_run_failed(struct bench_run *run, const struct bench_scenario *sc,
		      unsigned int index, const char *why);
/**
 * bench_run_close - write summary.json and move the folder into place
 * @complete: every scenario finished
 * @interrupted: stopped by a signal
 * @final: where the folder ended up (may be NULL)
 *
 * Renames the folder to its final name; updates results/latest only for
 * a complete run in the default location. Frees @run.
 */
int bench_run_close(struct bench_run *run, bool complete, bool interrupted,
		    char *final, size_t finallen, char *err, size_t errlen);

#endif /* BENCH_BENCH_H */
