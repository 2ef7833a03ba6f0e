// SPDX-License-Identifier: GPL-2.0
/*
 * uio-selftest: proof that real interrupts reach user space through UIO.
 * Runs inside the irqlab-vm guest (a stock Debian kernel under QEMU TCG),
 * finds QEMU's "edu" PCI device bound to uio_pci_generic, and fires COUNT
 * interrupts one at a time:
 *
 *   raise    write 1 to BAR0+0x60 (the device asserts INTx)
 *   deliver  the kernel's uio_pci_generic handler masks INTx (command
 *            register bit 10) and wakes the blocking read() on /dev/uioN,
 *            which returns the total interrupt count
 *   ack      read status at 0x24, write it to 0x64 (the line drops)
 *   unmask   clear bit 10 of the PCI command register through sysfs
 *            config; uio_pci_generic has no irqcontrol write to do it
 *
 * The ack must come before the unmask: unmasking a line that is still
 * asserted delivers the same interrupt again, and the next read() would
 * return at once and measure nothing.
 *
 * Latency is raise -> read() return, on CLOCK_MONOTONIC. An interrupt that
 * does not arrive within a second is counted as lost (a SIGALRM ends the
 * read). The program pins itself to the CPU that the kernel routes the
 * interrupt to (or to -c CPU): with two vCPUs under TCG, a wake-up that
 * crosses to the other, halted vCPU costs tens of microseconds more and
 * makes runs bimodal. Results go to uio-selftest.txt in the working directory as
 * "key value" lines under "# " headers; exit 0 if none was lost, 1 on loss
 * or error, 77 if there is no edu device bound to UIO (not in the guest).
 *
 * Build: gcc -static -O2 -Wall -Wextra -o uio-selftest uio-selftest.c
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <sched.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#define EDU_VENDOR 0x1234
#define EDU_DEVICE 0x11e8
#define EDU_BAR0_SIZE 4096 /* all the registers we touch are below 0x100 */
#define EDU_ID 0x00
#define EDU_ID_VALUE 0x010000ed
#define EDU_STATUS 0x24
#define EDU_RAISE 0x60
#define EDU_ACK 0x64
#define PCI_COMMAND 4
#define PCI_COMMAND_INTX_DISABLE 0x400
#define LOST_TIMEOUT_US 1000000
#define EXIT_SKIP 77

/**
 * struct selftest_params - what one run does
 * @count:	interrupts to fire
 * @result:	result file, relative to the working directory
 * @samples:	file for one latency in ns per line, or NULL for none
 * @cpu:	CPU to run on; -1 for the one the interrupt is routed to
 */
struct selftest_params {
	unsigned long count;
	int cpu;
	const char *result;
	const char *samples;
};

/**
 * struct edu_uio - the edu device as UIO exposes it
 * @index:	N of /dev/uioN
 * @uio_fd:	/dev/uioN, read() blocks for the next interrupt
 * @config_fd:	the device's PCI config space in sysfs
 * @bar0:	BAR0 mapped, 32-bit registers
 * @command:	PCI command register as read at start, INTx enabled
 * @irq:	Linux IRQ number of the device's INTx line
 * @irq_cpu:	first CPU of the IRQ's effective affinity, or -1
 */
struct edu_uio {
	int index;
	int irq;
	int irq_cpu;
	int uio_fd;
	int config_fd;
	volatile uint32_t *bar0;
	uint16_t command;
};

static void die(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static void die(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fputs("uio-selftest: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
	exit(1);
}

/* Reads a sysfs attribute holding one hex or decimal number. */
static int read_sysfs_ulong(const char *path, unsigned long *val)
{
	char buf[64];
	ssize_t n;
	int fd;

	fd = open(path, O_RDONLY);
	if (fd < 0)
		return -errno;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return n < 0 ? -errno : -EINVAL;
	buf[n] = '\0';
	*val = strtoul(buf, NULL, 0);
	return 0;
}

/* Returns N of the first /sys/class/uio/uioN that is an edu device. */
static int find_edu_uio(void)
{
	char path[300];
	unsigned long vendor, device;
	struct dirent *de;
	int found = -ENODEV;
	DIR *dir;

	dir = opendir("/sys/class/uio");
	if (!dir)
		return -ENODEV;
	while ((de = readdir(dir))) {
		if (strncmp(de->d_name, "uio", 3))
			continue;
		snprintf(path, sizeof(path), "/sys/class/uio/%s/device/vendor",
			 de->d_name);
		if (read_sysfs_ulong(path, &vendor) || vendor != EDU_VENDOR)
			continue;
		snprintf(path, sizeof(path), "/sys/class/uio/%s/device/device",
			 de->d_name);
		if (read_sysfs_ulong(path, &device) || device != EDU_DEVICE)
			continue;
		found = atoi(de->d_name + 3);
		break;
	}
	closedir(dir);
	return found;
}

/*
 * BAR0 through the PCI resource file; /dev/uioN's map0 only where the
 * driver registered one (uio_pci_generic does from Linux 6.4 on).
 */
static volatile uint32_t *map_bar0(int index, int uio_fd)
{
	char path[100];
	void *p;
	int fd;

	snprintf(path, sizeof(path), "/sys/class/uio/uio%d/device/resource0",
		 index);
	fd = open(path, O_RDWR | O_SYNC);
	if (fd >= 0) {
		p = mmap(NULL, EDU_BAR0_SIZE, PROT_READ | PROT_WRITE,
			 MAP_SHARED, fd, 0);
		close(fd);
		if (p != MAP_FAILED)
			return p;
	}
	p = mmap(NULL, EDU_BAR0_SIZE, PROT_READ | PROT_WRITE, MAP_SHARED,
		 uio_fd, 0);
	return p == MAP_FAILED ? NULL : p;
}

/* Where the kernel delivers the line: /proc/irq/N/effective_affinity_list. */
static int irq_cpu(int irq)
{
	char path[100];
	unsigned long cpu;

	snprintf(path, sizeof(path), "/proc/irq/%d/effective_affinity_list",
		 irq);
	if (read_sysfs_ulong(path, &cpu))
		return -1;
	return (int)cpu;
}

static int edu_open(struct edu_uio *edu)
{
	char path[100];
	unsigned long irq;
	uint32_t id;

	edu->index = find_edu_uio();
	if (edu->index < 0)
		return edu->index;
	snprintf(path, sizeof(path), "/dev/uio%d", edu->index);
	edu->uio_fd = open(path, O_RDWR);
	if (edu->uio_fd < 0)
		die("%s: %s", path, strerror(errno));
	snprintf(path, sizeof(path), "/sys/class/uio/uio%d/device/config",
		 edu->index);
	edu->config_fd = open(path, O_RDWR);
	if (edu->config_fd < 0)
		die("%s: %s", path, strerror(errno));
	if (pread(edu->config_fd, &edu->command, 2, PCI_COMMAND) != 2)
		die("%s: cannot read the PCI command register", path);
	edu->command &= ~PCI_COMMAND_INTX_DISABLE;
	edu->bar0 = map_bar0(edu->index, edu->uio_fd);
	if (!edu->bar0)
		die("uio%d: cannot map BAR0 (resource0 or map0)", edu->index);
	snprintf(path, sizeof(path), "/sys/class/uio/uio%d/device/irq",
		 edu->index);
	if (read_sysfs_ulong(path, &irq))
		die("%s: cannot read the IRQ number", path);
	edu->irq = (int)irq;
	edu->irq_cpu = irq_cpu(edu->irq);
	id = edu->bar0[EDU_ID / 4];
	if (id != EDU_ID_VALUE)
		die("uio%d: identity register reads 0x%08x, not 0x%08x (edu)",
		    edu->index, id, EDU_ID_VALUE);
	return 0;
}

/* Clears INTx disable: the line the kernel handler masked is live again. */
static void edu_unmask(const struct edu_uio *edu)
{
	if (pwrite(edu->config_fd, &edu->command, 2, PCI_COMMAND) != 2)
		die("uio%d: cannot write the PCI command register: %s",
		    edu->index, strerror(errno));
}

static void edu_ack(const struct edu_uio *edu)
{
	uint32_t status = edu->bar0[EDU_STATUS / 4];

	edu->bar0[EDU_ACK / 4] = status;
}

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static void on_alarm(int sig)
{
	(void)sig; /* only there to end a read() with EINTR */
}

/* One-shot watchdog for the read() of a single interrupt; 0 disarms. */
static void arm_watchdog(long usec)
{
	struct itimerval it = { .it_value = { .tv_sec = usec / 1000000,
					      .tv_usec = usec % 1000000 } };

	setitimer(ITIMER_REAL, &it, NULL);
}

/**
 * struct selftest_result - what a run measured
 * @lat:	raise -> read() return in ns, one per delivered interrupt
 * @delivered:	interrupts whose read() returned
 * @lost:	interrupts whose read() timed out
 * @extra:	counts read() reported beyond one per interrupt (repeats)
 * @elapsed:	wall time of the whole loop in ns
 */
struct selftest_result {
	uint64_t *lat;
	unsigned long delivered;
	unsigned long lost;
	unsigned long extra;
	uint64_t elapsed;
};

static void fire(const struct selftest_params *p, const struct edu_uio *edu,
		 struct selftest_result *r)
{
	uint32_t count, last = 0;
	uint64_t t0, t1, start;
	unsigned long i;
	ssize_t n;

	edu_unmask(edu);
	start = now_ns();
	for (i = 0; i < p->count; i++) {
		arm_watchdog(LOST_TIMEOUT_US);
		t0 = now_ns();
		edu->bar0[EDU_RAISE / 4] = 1;
		n = read(edu->uio_fd, &count, sizeof(count));
		t1 = now_ns();
		if (n == sizeof(count)) {
			if (r->delivered && count != last + 1)
				r->extra += count - last - 1;
			last = count;
			r->lat[r->delivered++] = t1 - t0;
		} else if (n < 0 && errno == EINTR) {
			r->lost++;
		} else {
			die("uio%d: read: %s", edu->index,
			    n < 0 ? strerror(errno) : "short read");
		}
		edu_ack(edu);
		edu_unmask(edu);
	}
	arm_watchdog(0);
	r->elapsed = now_ns() - start;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* Nearest-rank percentile of a sorted array. */
static uint64_t pct(const uint64_t *v, unsigned long n, unsigned int p)
{
	unsigned long k = (n * p + 99) / 100;

	return v[k ? k - 1 : 0];
}

static void write_samples(const char *path, const struct selftest_result *r)
{
	unsigned long i;
	FILE *f;

	f = fopen(path, "w");
	if (!f)
		die("%s: %s", path, strerror(errno));
	fprintf(f, "# uio-selftest: edu raise -> read() return, ns\n");
	for (i = 0; i < r->delivered; i++)
		fprintf(f, "%llu\n", (unsigned long long)r->lat[i]);
	if (fclose(f))
		die("%s: %s", path, strerror(errno));
}

static void write_result(const struct selftest_params *p,
			 const struct edu_uio *edu, struct selftest_result *r)
{
	unsigned long n = r->delivered;
	uint64_t sum = 0;
	unsigned long i;
	FILE *f;

	qsort(r->lat, n, sizeof(*r->lat), cmp_u64);
	for (i = 0; i < n; i++)
		sum += r->lat[i];
	f = fopen(p->result, "w");
	if (!f)
		die("%s: %s", p->result, strerror(errno));
	fprintf(f, "# uio-selftest: QEMU edu -> uio_pci_generic -> read()\n");
	fprintf(f,
		"# latency: raise (BAR0+0x60) -> read() of /dev/uio%d "
		"returns, CLOCK_MONOTONIC, ns\n",
		edu->index);
	fprintf(f, "irq %d\nirq_cpu %d\ncpu %d\n", edu->irq, edu->irq_cpu,
		p->cpu);
	fprintf(f, "count %lu\ndelivered %lu\nlost %lu\nextra %lu\n", p->count,
		n, r->lost, r->extra);
	if (n) {
		fprintf(f, "min %llu\np50 %llu\np99 %llu\nmax %llu\n",
			(unsigned long long)r->lat[0],
			(unsigned long long)pct(r->lat, n, 50),
			(unsigned long long)pct(r->lat, n, 99),
			(unsigned long long)r->lat[n - 1]);
		fprintf(f, "mean %llu\n", (unsigned long long)(sum / n));
	}
	fprintf(f, "elapsed_ns %llu\n", (unsigned long long)r->elapsed);
	if (fclose(f))
		die("%s: %s", p->result, strerror(errno));
}

static void pin_to(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set))
		die("cannot run on CPU %d: %s", cpu, strerror(errno));
}

static void usage(void)
{
	fprintf(stderr,
		"usage: uio-selftest [-n COUNT] [-c CPU] [-o RESULT] [-s SAMPLES]\n"
		"  -n COUNT    interrupts to fire (default 10000)\n"
		"  -c CPU      run on CPU (default: where the IRQ is routed)\n"
		"  -o RESULT   result file (default uio-selftest.txt)\n"
		"  -s SAMPLES  also write every latency, ns, one per line\n");
	exit(1);
}

static void parse_args(int argc, char **argv, struct selftest_params *p)
{
	char *end;
	int c;

	while ((c = getopt(argc, argv, "n:c:o:s:h")) != -1) {
		switch (c) {
		case 'n':
			errno = 0;
			p->count = strtoul(optarg, &end, 10);
			if (errno || *end || !p->count || optarg[0] == '-')
				die("-n %s: not a positive count", optarg);
			break;
		case 'c':
			errno = 0;
			p->cpu = (int)strtol(optarg, &end, 10);
			if (errno || *end || p->cpu < 0 || optarg == end)
				die("-c %s: not a CPU number", optarg);
			break;
		case 'o':
			p->result = optarg;
			break;
		case 's':
			p->samples = optarg;
			break;
		default:
			usage();
		}
	}
	if (optind != argc)
		usage();
}

int main(int argc, char **argv)
{
	struct selftest_params p = { .count = 10000,
				     .cpu = -1,
				     .result = "uio-selftest.txt" };
	struct sigaction sa = { .sa_handler = on_alarm }; /* no SA_RESTART */
	struct selftest_result r = { 0 };
	struct edu_uio edu;
	int ret;

	parse_args(argc, argv, &p);
	ret = edu_open(&edu);
	if (ret) {
		fprintf(stderr,
			"uio-selftest: no edu device bound to UIO: %s\n",
			strerror(-ret));
		return EXIT_SKIP;
	}
	if (p.cpu < 0)
		p.cpu = edu.irq_cpu;
	if (p.cpu >= 0)
		pin_to(p.cpu);
	r.lat = calloc(p.count, sizeof(*r.lat));
	if (!r.lat)
		die("cannot allocate %lu samples", p.count);
	sigaction(SIGALRM, &sa, NULL);

	fire(&p, &edu, &r);

	if (p.samples)
		write_samples(p.samples, &r); /* before the sort: in order */
	write_result(&p, &edu, &r);
	printf("uio-selftest: uio%d (IRQ %d on CPU %d, ran on CPU %d): %lu of "
	       "%lu interrupts delivered, %lu lost, %lu extra\n",
	       edu.index, edu.irq, edu.irq_cpu, p.cpu, r.delivered, p.count,
	       r.lost, r.extra);
	return r.lost ? 1 : 0;
}
