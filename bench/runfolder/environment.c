// SPDX-License-Identifier: GPL-2.0
/*
 * What environment.json says of the machine and the build
 * (analysis/formats/environment.c owns the format; docs/results.md): the
 * kernel, the CPU model and whether it is a virtual machine's, the clock
 * source, the build's flags, the command line and the busy-wait calibration.
 */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>
#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#include <genirq/clock.h>
#endif
#include "analysis/environment.h"
#include "bench/bench.h"
#include "results.h"

#ifdef __clang__
#define COMPILER __VERSION__ /* "Clang 14.0.6 ..." */
#else
#define COMPILER "gcc " __VERSION__
#endif

/* One line of a small system file, newline stripped; "" if unreadable. */
static void read_line(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "re");

	buf[0] = '\0';
	if (!f)
		return;
	if (!fgets(buf, (int)len, f))
		buf[0] = '\0';
	buf[strcspn(buf, "\n")] = '\0';
	fclose(f);
}

/*
 * The first "model name" of /proc/cpuinfo, and whether its flags name a
 * hypervisor (x86's CPUID bit, set in every guest).
 */
static void cpu_model(char *buf, size_t len, bool *guest)
{
	FILE *f = fopen("/proc/cpuinfo", "re");
	char line[4096];

	buf[0] = '\0';
	*guest = false;
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		char *v = strchr(line, ':');

		if (!v)
			continue;
		if (!strncmp(line, "flags", 5)) {
			*guest = strstr(v, " hypervisor") != NULL;
			if (buf[0])
				break;
		}
		if (strncmp(line, "model name", 10) || buf[0])
			continue;
		v += strspn(v + 1, " \t") + 1;
		v[strcspn(v, "\n")] = '\0';
		snprintf(buf, len, "%s", v);
	}
	fclose(f);
}

/*
 * What kind of virtual machine this is, from the hypervisor's CPUID
 * signature (leaf 0x40000000), "" on bare metal or where it cannot tell.
 * QEMU's TCG says "TCGTCGTCGTCG": its figures are an emulator's.
 */
static void guest_kind(char *buf, size_t len)
{
	static const struct {
		const char *sig, *kind;
	} kinds[] = {
		{ "TCGTCGTCGTCG", "QEMU TCG guest" },
		{ "KVMKVMKVM", "KVM guest" },
		{ "Microsoft Hv", "Hyper-V guest" },
		{ "VMwareVMware", "VMware guest" },
		{ "XenVMMXenVMM", "Xen guest" },
		{ "bhyve bhyve ", "bhyve guest" },
	};
	char sig[13] = "";

	buf[0] = '\0';
#if defined(__x86_64__) || defined(__i386__)
	unsigned int a, b, c, d;

	__cpuid(1, a, b, c, d);
	if (!(c & (1u << 31)))
		return; /* no hypervisor */
	__cpuid(0x40000000, a, b, c, d);
	memcpy(sig, &b, 4);
	memcpy(sig + 4, &c, 4);
	memcpy(sig + 8, &d, 4);
	for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
		if (!strcmp(sig, kinds[i].sig)) {
			snprintf(buf, len, "%s", kinds[i].kind);
			return;
		}
	for (char *p = sig; *p; p++)
		if (!isprint((unsigned char)*p))
			*p = '?';
	snprintf(buf, len, "a guest of hypervisor \"%s\"", sig);
#else
	(void)len;
	(void)sig;
#endif
}

/* What the system could not tell ("") is null. */
static const char *known(const char *s)
{
	return *s ? s : NULL;
}

/* The session's autogroup nice ("/autogroup-42 nice -10"); false: none. */
static bool autogroup_nice(int *nice)
{
	FILE *f = fopen("/proc/self/autogroup", "r");
	bool ok = f && fscanf(f, "%*s nice %d", nice) == 1;

	if (f)
		fclose(f);
	return ok;
}

/**
 * bench_environment - environment.json's document for this run
 * @p: the command line (may be NULL)
 * @host: this host's name (bench_host_name())
 * @started: UTC, ISO 8601, when the run folder was opened
 * @t0_ns: the stamp clock then (ns on CLOCK_MONOTONIC's scale)
 * @cal: the busy-wait calibration (NULL: none)
 *
 * Return: a new reference, or NULL out of memory.
 */
json_t *bench_environment(const struct bench_params *p, const char *host,
			  const char *started, uint64_t t0_ns,
			  const struct chip_delay_calibration *cal)
{
	char model[256], clocksource[64], kind[64];
	const struct irq_clock_info *clock;
	struct environment e = {
		.version = IRQLAB_VERSION,
		.git_revision = IRQLAB_GIT_REV,
		.build_type = IRQLAB_BUILD_TYPE,
		.compiler = COMPILER,
		.cflags = IRQLAB_CFLAGS,
		.sanitizer = IRQLAB_SANITIZER,
		.started = started,
		.started_monotonic_ns = t0_ns,
		.has_calibration = cal != NULL,
	};
	struct utsname u;

	if (uname(&u))
		memset(&u, 0, sizeof(u));
	cpu_model(model, sizeof(model), &e.host.hypervisor);
	guest_kind(kind, sizeof(kind));
	read_line(
		"/sys/devices/system/clocksource/clocksource0/current_clocksource",
		clocksource, sizeof(clocksource));
	if (p && p->argv && p->argc > 0) {
		e.argv = (const char *const *)p->argv;
		e.argc = (size_t)p->argc;
	}
	e.host.name = known(host);
	e.host.sysname = known(u.sysname);
	e.host.release = known(u.release);
	e.host.version = known(u.version);
	e.host.machine = known(u.machine);
	e.host.cpu_model = known(model);
	e.host.clocksource = known(clocksource);
	e.host.online_cpus = sysconf(_SC_NPROCESSORS_ONLN);
	e.host.guest = known(kind);
	e.has_autogroup = autogroup_nice(&e.autogroup_nice);
	clock = irq_clock_info();
	e.has_clock = true;
	e.clock.source = clock->source;
	e.clock.why_not_tsc = clock->why;
	e.clock.ticks_per_ns = clock->ticks_per_ns;
	e.clock.rate_error_ppm = clock->error_ppm;
	e.clock.read_ns = clock->read_ns;
	if (cal) {
		e.calibration.ticks_per_us = cal->ticks_per_us;
		e.calibration.overhead_ns = cal->overhead_ns;
		e.calibration.err_ns_mean = cal->err_ns_mean;
		e.calibration.err_ns_max = cal->err_ns_max;
	}
	return environment_json(&e);
}
