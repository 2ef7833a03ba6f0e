// SPDX-License-Identifier: GPL-2.0
/*
 * The report's last two sections: the machine and build the run came
 * from (environment.json, topology.txt), and the caveats, which say what
 * the numbers are not (pinned threads rather than vector delivery, a
 * virtual machine's stalls, an incomplete run, a sanitised build).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "report_internal.h"

/* The summary line of topology.txt, a comment; "unknown" without it. */
static void topology_line(const char *dir, char *buf, size_t len)
{
	char path[4200];
	FILE *f;

	snprintf(path, sizeof(path), "%s/topology.txt", dir);
	snprintf(buf, len, "unknown");
	f = fopen(path, "re");
	if (!f)
		return;
	if (fgets(buf, (int)len, f)) {
		size_t skip = strspn(buf, "# "); /* its summary is a comment */

		buf[strcspn(buf, "\n")] = '\0';
		memmove(buf, buf + skip, strlen(buf + skip) + 1);
	}
	fclose(f);
}

/* A virtual machine was there: environment.json says hypervisor. */
static bool env_guest(const struct run *r)
{
	return r->has_environment && r->environment.host.hypervisor;
}

/*
 * Whose 2.6.18 genirq each scenario ran as (summary.json's arch), by
 * architecture in the order first met; no line for a folder from before
 * the key.
 */
static void architectures(const struct run *r, struct doc *d)
{
	char line[1024] = "";
	size_t at = 0;

	for (size_t i = 0; i < r->nsc; i++) {
		const char *a = r->sc[i].arch;
		bool first = true;

		for (size_t k = 0; a && k < i; k++)
			first &= !r->sc[k].arch || strcmp(r->sc[k].arch, a);
		if (!a || !first)
			continue;
		for (size_t k = i; k < r->nsc && at < sizeof(line); k++)
			if (r->sc[k].arch && !strcmp(r->sc[k].arch, a))
				at += (size_t)snprintf(
					line + at, sizeof(line) - at, "%s%s",
					k == i ? (at ? "; " : "") : ", ",
					r->sc[k].name);
		if (at < sizeof(line))
			at += (size_t)snprintf(line + at, sizeof(line) - at,
					       " as %s", a);
	}
	if (at)
		doc_list_item(
			d,
			"Architecture (whose 2.6.18 genirq the core behaved as, docs/core.md): %s",
			line);
}

/**
 * report_environment - the machine, topology, kernel, build and start
 * @rp: the report
 * @d: its document
 *
 * Return: 0.
 */
int report_environment(struct report *rp, struct doc *d)
{
	const struct environment *e = &rp->run.environment;
	const char *kind = report_str(e->host.guest);
	char topo[512], vm[128];

	if (!rp->run.has_environment && rp->run.env) {
		doc_para(
			d,
			"This folder's environment.json is not in its format (docs/results.md): nothing of it is shown.");
		return 0;
	}
	if (!rp->run.has_environment) {
		doc_para(d, "This folder has no environment.json.");
		return 0;
	}
	topology_line(rp->run.dir, topo, sizeof(topo));
	if (!env_guest(&rp->run))
		vm[0] = '\0';
	else if (strcmp(kind, "unknown"))
		snprintf(vm, sizeof(vm), " (a virtual machine: %s)", kind);
	else
		snprintf(
			vm, sizeof(vm),
			" (a virtual machine: the CPU flags name a hypervisor)");
	doc_list_item(d, "Machine: %s, %lld CPUs online%s",
		      report_str(e->host.cpu_model),
		      (long long)e->host.online_cpus, vm);
	doc_list_item(d, "Topology: %s", topo);
	doc_list_item(d, "Kernel: %s %s (%s), clock source %s",
		      report_str(e->host.sysname), report_str(e->host.release),
		      report_str(e->host.machine),
		      report_str(e->host.clocksource));
	doc_list_item(d, "Build: irqlab %s (%s), %s, %s, flags %s%s%s",
		      e->version, e->git_revision, e->build_type, e->compiler,
		      e->cflags, *e->sanitizer ? ", sanitizer " : "",
		      e->sanitizer);
	/* null: the calibration could not measure it; no line then. */
	if (e->has_calibration && isfinite(e->calibration.err_ns_mean) &&
	    isfinite(e->calibration.err_ns_max))
		doc_list_item(
			d,
			"Busy-wait calibration (chip access costs): a 100 ns wait overshoots by %.0f ns on average, %.0f ns at most",
			e->calibration.err_ns_mean, e->calibration.err_ns_max);
	doc_list_item(d, "Run started %s, host %s", e->started,
		      report_str(e->host.name));
	architectures(&rp->run, d);
	doc_list_end(d);
	return 0;
}

/* What pinned threads stand for, and what the guest's clock does. */
static void caveats_machine(const struct run *r, struct doc *d, bool uio)
{
	const struct environment *e = &r->environment;

	doc_list_item(
		d,
		"Simulated CPUs and devices are pinned threads of one process: latency includes the cross-thread hand-off (cache-line transfer) and whatever the host scheduler does, never a real interrupt's vector delivery%s.",
		uio ? " (except on chip uio, whose interrupts are real: a kernel delivered them through UIO)" :
		      "");
	if (env_guest(r))
		doc_list_item(
			d,
			"A virtual machine: the hypervisor preempts vCPUs, so the tails (p99 and up, the maximum points over time) are dominated by host stalls of microseconds to milliseconds, not by the designs.");
	if (r->has_environment && e->host.guest &&
	    !strcmp(e->host.guest, "QEMU TCG guest"))
		doc_list_item(
			d,
			"A QEMU TCG guest: every guest instruction is emulated, and a device register access or a syscall costs microseconds. These figures compare designs on one emulated machine; they are not bare-metal figures.");
}

/**
 * report_caveats - what the numbers of this run are not
 * @rp: the report
 * @d: its document
 *
 * Return: 0.
 */
int report_caveats(struct report *rp, struct doc *d)
{
	const struct run *r = &rp->run;
	const char *san = r->has_environment ? r->environment.sanitizer : "";
	bool uio = false, other = false, shared = false;
	uint64_t late = 0, fired = 0, late_in = 0, old = 0;

	for (size_t i = 0; i < r->nsc; i++)
		for (size_t k = 0; k < r->sc[i].nd; k++) {
			const struct run_design *ds = &r->sc[i].d[k];

			late += ds->overruns;
			/* Overruns inside latencies: counted from intended. */
			late_in += ds->origin == RUN_FROM_INTENDED ?
					   ds->overruns :
					   0;
			old += !ds->has_origin;
			uio |= !strcmp(r->sc[i].chip, "uio");
			fired += ds->fired;
			other |= ds->threaded &&
				 !strcmp(ds->thread_fifo, "not permitted");
			shared |= ds->threaded && r->sc[i].thread_shared;
		}
	if (!r->complete)
		doc_list_item(
			d,
			"This run is INCOMPLETE (%s): it does not cover every scenario or block its config asked for.",
			r->interrupted ? "interrupted" : "stopped early");
	if (r->has_failed)
		doc_list_item(
			d,
			"Scenario %s failed, which stopped the run: %s. It is left out of this report, with the %llu records its finished blocks left in samples.bin.",
			r->failed.scenario, r->failed.why,
			(unsigned long long)r->failed.records);
	caveats_machine(r, d, uio);
	if (fired && old)
		doc_list_item(
			d,
			"%llu of %llu events (%.2f%%) were issued late by the stimulus (overruns); this folder predates latency_origin, and its latency counts from the intended time, so no late event is hidden, and the stimulus's lateness is charged to every design.",
			(unsigned long long)late, (unsigned long long)fired,
			100.0 * (double)late / (double)fired);
	else if (fired)
		doc_list_item(
			d,
			"%llu of %llu events (%.2f%%) were issued late by the stimulus (overruns). Latency counts from the fire, so the stimulus's lateness is the harness's and is given apart (\"The stimulus's lateness\"); %llu of them were on lines that held the stimulus back (wait inline, pattern back-to-back), whose latency counts from the intended time, so that none the design delayed is hidden.",
			(unsigned long long)late, (unsigned long long)fired,
			100.0 * (double)late / (double)fired,
			(unsigned long long)late_in);
	if (*san && strcmp(san, "unknown"))
		doc_list_item(
			d,
			"Built with the %s sanitizer: latency from such a build is not a measurement.",
			san);
	if (other)
		doc_list_item(
			d,
			"The irq threads ran SCHED_OTHER, not SCHED_FIFO (the process was not allowed real-time scheduling): latency to the thread includes the scheduler's time-sharing.");
	if (shared)
		doc_list_item(
			d,
			"The irq threads shared simulated CPU 0's PU (no PU was free of the CPUs and the device thread), as SCHED_OTHER threads by choice: a SCHED_FIFO one there would hold off the CPU's hard handlers while it ran. Even so, a running thread delays the hard handler of the next interrupt, which on a kernel would preempt it.");
	if (rp->traced)
		doc_list_item(
			d,
			"Traced: every event costs about %.0f ns, which lengthens every latency in this run; the per-stage times subtract it, the headline numbers do not.",
			rp->st.event_cost_ns);
	doc_list_end(d);
	return 0;
}
