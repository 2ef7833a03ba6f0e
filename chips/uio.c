// SPDX-License-Identifier: GPL-2.0
/*
 * The UIO chip (see chips/uio.h): a real device's interrupt, delivered by
 * a real kernel through /dev/uioN, dispatched by the genirq flow handlers.
 *
 * The line is PCI INTx, level-triggered, and the kernel's driver has
 * already masked it when the entry thread wakes (uio_pci_generic's handler
 * sets INTx disable; an irqcontrol driver disables the interrupt). The
 * flow handler does not know that, and pays for its own mask as it would
 * on any level controller: handle_level_irq() masks and acknowledges
 * (one write through the mask mechanism, the device's acknowledge), runs
 * the action and unmasks. The acknowledge must come before the unmask:
 * unmasking a line the device still asserts delivers it again.
 *
 * Every access is a syscall or an uncached register access of the real
 * device; each is counted under the irq_chip operation that made it, and
 * a failed one is counted as an I/O error for the harness to report (an
 * irq_chip operation cannot fail).
 */
#define _GNU_SOURCE /* sched_getcpu() */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <dirent.h>
#include <time.h>
#include <unistd.h>
#include <genirq/cpu.h>
#include <genirq/interrupt.h>
#include <chips/kind.h>
#include <chips/uio.h>
#include <genirq/clock.h>

/*
 * The PCI command register, written whole as the kernel's pci_intx()
 * does: a device model may act on a write that covers the register's
 * first byte only (QEMU re-evaluates INTx only then), so a byte write of
 * bit 10 alone would leave a level raised while masked undelivered.
 * Config space is little-endian, and so is every host this runs on.
 */
#define PCI_COMMAND 4
#define PCI_COMMAND_INTX_DISABLE 0x0400
#define REGS_MAP_MAX 4096 /* every register a backend touches is below */

/* QEMU's edu device (hw/misc/edu.c): 32-bit registers in BAR0. */
#define EDU_ID 0x00
#define EDU_ID_VALUE 0x010000ed /* version 1.0, 0xed */
#define EDU_STATUS 0x24 /* interrupt status */
#define EDU_RAISE 0x60 /* status |= value; asserts INTx */
#define EDU_ACK 0x64 /* status &= ~value; deasserts when 0 */
#define EDU_REGS_MIN 0x68

struct uio_chip;

/**
 * struct uio_backend - what is specific to the device
 * @name:	as scenarios name it
 * @regs:	the backend needs the device's registers mapped
 * @probe:	check the mapped device is the right one (may be NULL)
 * @fire:	make the device interrupt (NULL: it fires on its own)
 * @ack:	clear its interrupt, counted under @acc (NULL: it clears
 *		itself)
 */
struct uio_backend {
	const char *name;
	bool regs;
	int (*probe)(struct uio_dev *d, char *err, size_t errlen);
	void (*fire)(struct uio_chip *u);
	void (*ack)(struct uio_chip *u, enum chip_acc acc);
};

struct uio_chip {
	struct chip_model base;
	struct uio_dev dev;
	const struct uio_backend *be;
	enum uio_mask mask;
	unsigned int cpu;
	uint16_t cmd; /* the command register, INTx disable clear */
	int stop_fd; /* eventfd: uio_chip_stop() */
	int stop;
	uint32_t last_count;
	bool counting; /* @last_count is a count the driver gave */
	void (*arrival)(void *ctx, uint32_t n, uint64_t t_ns);
	void *ctx;
	struct uio_chip_stats st; /* updated with relaxed atomics */
};

/* No cost figures: every access costs what the real one does. */
const struct chip_cost_field uio_cost_fields[] = { { NULL, 0 } };

const char *uio_mask_name(enum uio_mask m)
{
	static const char *const names[] = { "auto", "irqcontrol", "intx" };

	return (unsigned int)m < 3 ? names[m] : NULL;
}

int uio_mask_parse(const char *s)
{
	for (int m = UIO_MASK_AUTO; m <= UIO_MASK_INTX; m++)
		if (!strcmp(s, uio_mask_name((enum uio_mask)m)))
			return m;
	return -1;
}

static struct uio_chip *irq_to_uio(unsigned int irq)
{
	return get_irq_chip_data(irq);
}

static void io_error(struct uio_chip *u, const char *op, int err)
{
	__atomic_store_n(&u->st.last_errno, err, __ATOMIC_RELAXED);
	__atomic_store_n(&u->st.last_op, op, __ATOMIC_RELAXED);
	__atomic_fetch_add(&u->st.io_errors, 1, __ATOMIC_RELEASE);
}

/* The line an access under @acc is made for: the one, or none (set-up). */
static unsigned int line_of(enum chip_acc acc)
{
	return acc == CHIP_ACC_INIT ? CHIP_LINE_NONE : 0;
}

static uint32_t reg_read(struct uio_chip *u, enum chip_acc acc,
			 unsigned int off)
{
	chip_reg_read(&u->base, line_of(acc), acc, 0);
	return u->dev.regs[off / 4];
}

static void reg_write(struct uio_chip *u, enum chip_acc acc, unsigned int off,
		      uint32_t v)
{
	chip_reg_write(&u->base, line_of(acc), acc, 0);
	u->dev.regs[off / 4] = v;
}

/* ------------------------------------------------------------ backends */

static int edu_probe(struct uio_dev *d, char *err, size_t errlen)
{
	uint32_t id;

	if (d->regs_len < EDU_REGS_MIN) {
		snprintf(
			err, errlen,
			"%s: its first memory region is %zu bytes, too small for QEMU's edu device (%u)",
			d->path, d->regs_len, EDU_REGS_MIN);
		return -ENXIO;
	}
	id = d->regs[EDU_ID / 4];
	if (id != EDU_ID_VALUE) {
		snprintf(
			err, errlen,
			"%s is not QEMU's edu device: its identity register reads 0x%08x, edu's is 0x%08x",
			d->path, id, EDU_ID_VALUE);
		return -ENXIO;
	}
	return 0;
}

static void edu_fire(struct uio_chip *u)
{
	u->dev.regs[EDU_RAISE / 4] = 1;
}

/* What a driver's handler does: read the status, acknowledge it. */
static void edu_ack(struct uio_chip *u, enum chip_acc acc)
{
	uint32_t status = reg_read(u, acc, EDU_STATUS);

	if (status)
		reg_write(u, acc, EDU_ACK, status);
}

static const struct uio_backend backends[] = {
	{ .name = "edu",
	  .regs = true,
	  .probe = edu_probe,
	  .fire = edu_fire,
	  .ack = edu_ack },
	{ .name = "passive" },
};

const char uio_backend_names[] = "edu, passive";

const struct uio_backend *uio_backend_find(const char *name)
{
	for (size_t i = 0; i < sizeof(backends) / sizeof(backends[0]); i++)
		if (!strcmp(backends[i].name, name))
			return &backends[i];
	return NULL;
}

const char *uio_backend_name(const struct uio_backend *b)
{
	return b->name;
}

bool uio_backend_fires(const struct uio_backend *b)
{
	return b->fire != NULL;
}

/* ------------------------------------------------------- the mechanism */

static void line_mask(struct uio_chip *u, enum chip_acc acc, bool masked)
{
	if (u->mask == UIO_MASK_IRQCONTROL) {
		int32_t on = !masked;

		chip_reg_write(&u->base, line_of(acc), acc, 0);
		if (write(u->dev.ctl_fd, &on, sizeof(on)) != sizeof(on))
			io_error(u,
				 masked ? "mask (irqcontrol write)" :
					  "unmask (irqcontrol write)",
				 errno);
	} else {
		uint16_t cmd = u->cmd | (masked ? PCI_COMMAND_INTX_DISABLE : 0);

		chip_reg_write(&u->base, line_of(acc), acc, 0);
		if (pwrite(u->dev.cfg_fd, &cmd, 2, PCI_COMMAND) != 2)
			io_error(u,
				 masked ? "mask (PCI config write)" :
					  "unmask (PCI config write)",
				 errno);
	}
}

static void uio_ack_as(unsigned int irq, enum chip_acc acc)
{
	struct uio_chip *u = irq_to_uio(irq);

	if (u->be->ack)
		u->be->ack(u, acc);
}

static void uio_mask(unsigned int irq)
{
	line_mask(irq_to_uio(irq), CHIP_ACC_MASK, true);
}

static void uio_unmask(unsigned int irq)
{
	line_mask(irq_to_uio(irq), CHIP_ACC_UNMASK, false);
}

static void uio_ack(unsigned int irq)
{
	uio_ack_as(irq, CHIP_ACC_ACK);
}

static void uio_mask_ack(unsigned int irq)
{
	line_mask(irq_to_uio(irq), CHIP_ACC_MASK_ACK, true);
	uio_ack_as(irq, CHIP_ACC_MASK_ACK);
}

/* INTx is level-triggered and active low on the wire; nothing to program. */
static int uio_set_type(unsigned int irq, unsigned int type)
{
	(void)irq;
	type &= IRQ_TYPE_SENSE_MASK;
	return type == IRQ_TYPE_LEVEL_HIGH || type == IRQ_TYPE_NONE ? 0 :
								      -EINVAL;
}

/* 2.6.17's level type: ack masks and acknowledges, end unmasks. */
static unsigned int uio_legacy_startup(unsigned int irq)
{
	line_mask(irq_to_uio(irq), CHIP_ACC_STARTUP, false);
	return 0;
}

static void uio_legacy_shutdown(unsigned int irq)
{
	line_mask(irq_to_uio(irq), CHIP_ACC_SHUTDOWN, true);
}

static void uio_legacy_enable(unsigned int irq)
{
	line_mask(irq_to_uio(irq), CHIP_ACC_ENABLE, false);
}

static void uio_legacy_disable(unsigned int irq)
{
	line_mask(irq_to_uio(irq), CHIP_ACC_DISABLE, true);
}

static void uio_legacy_ack(unsigned int irq)
{
	line_mask(irq_to_uio(irq), CHIP_ACC_ACK, true);
	uio_ack_as(irq, CHIP_ACC_ACK);
}

static void uio_legacy_end(unsigned int irq)
{
	struct irq_desc *desc = irq_desc + irq;

	if (!(desc->status & (IRQ_DISABLED | IRQ_INPROGRESS)) && desc->action)
		line_mask(irq_to_uio(irq), CHIP_ACC_END, false);
}

/* clang-format off */
static struct irq_chip uio_chip = {
	.name		= "UIO",
	.mask		= uio_mask,
	.unmask		= uio_unmask,
	.ack		= uio_ack,
	.mask_ack	= uio_mask_ack,
	.set_type	= uio_set_type,
};

static struct irq_chip uio_level_type = {
	.name		= "UIO-level",
	.startup	= uio_legacy_startup,
	.shutdown	= uio_legacy_shutdown,
	.enable		= uio_legacy_enable,
	.disable	= uio_legacy_disable,
	.ack		= uio_legacy_ack,
	.end		= uio_legacy_end,
	.mask		= uio_mask,
	.unmask		= uio_unmask,
	.set_type	= uio_set_type,
};
/* clang-format on */

/* ------------------------------------------------------ the model side */

/* The device side: asserting the input is firing the device. */
static void uio_set_input(struct chip_model *m, unsigned int pin, bool level)
{
	struct uio_chip *u = (struct uio_chip *)m;

	if (level && !pin && u->be->fire)
		u->be->fire(u);
}

static void uio_set_design(struct chip_model *m, enum chip_design design)
{
	unsigned int irq = m->irq_base;

	if (design == CHIP_DESIGN_FLOW) {
		set_irq_chip(irq, &uio_chip);
		set_irq_handler(irq, handle_level_irq);
	} else {
		set_irq_chip(irq, &uio_level_type);
		set_irq_handler(irq, NULL);
	}
}

static void uio_destroy(struct chip_model *m)
{
	struct uio_chip *u = (struct uio_chip *)m;

	line_mask(u, CHIP_ACC_INIT, true);
	set_irq_handler(m->irq_base, handle_bad_irq);
	set_irq_chip(m->irq_base, NULL);
	set_irq_chip_data(m->irq_base, NULL);
	uio_dev_close(&u->dev);
	if (u->stop_fd >= 0)
		close(u->stop_fd);
	chip_lines_free(m);
	free(u);
}

static const struct chip_model_ops uio_ops = {
	.accepts = CHIP_ACCEPTS_WIRE,
	.set_input = uio_set_input,
	.set_design = uio_set_design,
	.destroy = uio_destroy,
	.arch = UIO_CHIP_ARCH,
};

/* The chip's memory, its one line @irq; NULL when out of memory. */
static struct uio_chip *uio_alloc(unsigned int irq)
{
	struct uio_chip *u = calloc(1, sizeof(*u));

	if (!u)
		return NULL;
	u->base = (struct chip_model){
		.name = "uio",
		.ops = &uio_ops,
		.cost = NULL,
		.cost_fields = uio_cost_fields,
		.irq_base = irq,
		.nr_inputs = 1,
	};
	if (chip_lines_init(&u->base)) {
		free(u);
		return NULL;
	}
	return u;
}

struct chip_model *uio_chip_create(unsigned int irq, struct uio_dev *d,
				   const struct uio_backend *backend,
				   enum uio_mask mask, unsigned int cpu,
				   char *err, size_t errlen)
{
	struct uio_chip *u;
	uint16_t cmd = 0;
	int e = EINVAL;

	if (irq >= NR_IRQS || cpu >= NR_CPUS || !backend) {
		snprintf(err, errlen, "%s: bad irq, CPU or backend", d->path);
		goto fail;
	}
	if (mask == UIO_MASK_AUTO)
		mask = d->irqcontrol ? UIO_MASK_IRQCONTROL : UIO_MASK_INTX;
	if (mask == UIO_MASK_IRQCONTROL && !d->irqcontrol) {
		snprintf(err, errlen,
			 "%s: driver %s has no irqcontrol write to mask with",
			 d->path, d->name);
		e = EOPNOTSUPP;
		goto fail;
	}
	if (mask == UIO_MASK_INTX &&
	    (d->cfg_fd < 0 || pread(d->cfg_fd, &cmd, 2, PCI_COMMAND) != 2)) {
		snprintf(err, errlen,
			 "%s: no readable PCI config space to mask INTx with",
			 d->path);
		e = EOPNOTSUPP;
		goto fail;
	}
	if (backend->regs && !d->regs) {
		snprintf(err, errlen, "%s: backend %s needs its registers",
			 d->path, backend->name);
		e = ENXIO;
		goto fail;
	}
	u = uio_alloc(irq);
	if (!u) {
		snprintf(err, errlen, "%s: out of memory", d->path);
		e = ENOMEM;
		goto fail;
	}
	u->dev = *d;
	d->fd = d->ctl_fd = d->cfg_fd = -1; /* the chip's now */
	d->regs = NULL;
	u->be = backend;
	u->mask = mask;
	u->cpu = cpu;
	u->cmd = (uint16_t)(cmd & ~PCI_COMMAND_INTX_DISABLE);
	u->last_count = u->dev.count0;
	u->counting = u->dev.count0_known;
	u->st.routed_cpu = -1;
	u->stop_fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
	if (u->stop_fd < 0) {
		e = errno;
		snprintf(err, errlen, "%s: eventfd: %s", d->path, strerror(e));
		uio_dev_close(&u->dev);
		chip_lines_free(&u->base);
		free(u);
		errno = e;
		return NULL;
	}
	set_irq_chip(irq, &uio_chip);
	set_irq_chip_data(irq, u);
	set_irq_handler(irq, handle_level_irq);
	irq_desc[irq].status |= IRQ_LEVEL;
	line_mask(u, CHIP_ACC_INIT, true);
	return &u->base;
fail:
	uio_dev_close(d);
	errno = e;
	return NULL;
}

enum uio_mask uio_chip_mask(const struct chip_model *m)
{
	return ((const struct uio_chip *)m)->mask;
}

const struct uio_dev *uio_chip_dev(const struct chip_model *m)
{
	return &((const struct uio_chip *)m)->dev;
}

void uio_chip_set_arrival(struct chip_model *m,
			  void (*fn)(void *ctx, uint32_t n, uint64_t t_ns),
			  void *ctx)
{
	struct uio_chip *u = (struct uio_chip *)m;

	u->arrival = fn;
	u->ctx = ctx;
}

void uio_chip_stats(const struct chip_model *m, struct uio_chip_stats *s)
{
	const struct uio_chip *u = (const struct uio_chip *)m;

	s->wakeups = __atomic_load_n(&u->st.wakeups, __ATOMIC_RELAXED);
	s->kernel_irqs = __atomic_load_n(&u->st.kernel_irqs, __ATOMIC_RELAXED);
	s->io_errors = __atomic_load_n(&u->st.io_errors, __ATOMIC_ACQUIRE);
	s->routed_cpu = __atomic_load_n(&u->st.routed_cpu, __ATOMIC_RELAXED);
	s->last_errno = __atomic_load_n(&u->st.last_errno, __ATOMIC_RELAXED);
	s->last_op = __atomic_load_n(&u->st.last_op, __ATOMIC_RELAXED);
}

void uio_chip_stop(struct chip_model *m)
{
	struct uio_chip *u = (struct uio_chip *)m;
	uint64_t one = 1;

	__atomic_store_n(&u->stop, 1, __ATOMIC_RELEASE);
	if (write(u->stop_fd, &one, sizeof(one)) < 0 && errno != EAGAIN)
		io_error(u, "stop (eventfd write)", errno);
}

/*
 * One wake-up: the driver's count says how many interrupts it took. With
 * no count to start from, the first wake-up is one interrupt, whatever
 * the driver counted before the device was opened.
 */
static void take(struct uio_chip *u, uint32_t count)
{
	uint32_t n = u->counting ? count - u->last_count : 1;

	u->last_count = count;
	u->counting = true;
	__atomic_fetch_add(&u->st.wakeups, 1, __ATOMIC_RELAXED);
	__atomic_fetch_add(&u->st.kernel_irqs, n, __ATOMIC_RELAXED);
	if (u->arrival)
		u->arrival(u->ctx, n, irq_clock_ns());
	chip_count(&u->base.stats.delivered);
	irq_cpu_raise(u->cpu, u->base.irq_base);
}

/*
 * Have the kernel deliver the device's interrupt to the CPU this thread
 * runs on: a wake-up that crosses to another CPU costs an IPI, and on a
 * VM a halted vCPU's wake-up, which makes the figures bimodal. Needs
 * root; where it cannot, the kernel's routing stays and is reported.
 */
static void route_here(struct uio_chip *u)
{
	char path[64], cpu[16];
	int c = sched_getcpu(), fd;
	ssize_t n;

	if (u->dev.kirq < 0 || c < 0)
		return;
	snprintf(path, sizeof(path), "/proc/irq/%d/smp_affinity_list",
		 u->dev.kirq);
	snprintf(cpu, sizeof(cpu), "%d\n", c);
	fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return;
	n = write(fd, cpu, strlen(cpu));
	close(fd);
	if (n == (ssize_t)strlen(cpu))
		__atomic_store_n(&u->st.routed_cpu, c, __ATOMIC_RELAXED);
}

int uio_chip_entry(struct chip_model *m, bool spin)
{
	struct uio_chip *u = (struct uio_chip *)m;
	int fl = fcntl(u->dev.fd, F_GETFL);
	uint32_t count = 0;
	size_t got = 0; /* bytes of @count read so far */
	int ret = 0;

	if (fl < 0 || fcntl(u->dev.fd, F_SETFL,
			    spin ? fl | O_NONBLOCK : fl & ~O_NONBLOCK) < 0) {
		io_error(u, "entry (fcntl)", errno);
		return -EIO;
	}
	route_here(u);
	irq_cpu_attach(u->cpu);
	local_irq_enable();
	while (!__atomic_load_n(&u->stop, __ATOMIC_ACQUIRE)) {
		struct pollfd p[2] = { { .fd = u->dev.fd, .events = POLLIN },
				       { .fd = u->stop_fd, .events = POLLIN } };
		ssize_t n;

		if (!spin) {
			if (poll(p, 2, -1) < 0) {
				if (errno == EINTR)
					continue;
				io_error(u, "entry (poll)", errno);
				ret = -EIO;
				break;
			}
			if (p[1].revents)
				break;
			if (p[0].revents & (POLLERR | POLLNVAL)) {
				io_error(u, "entry (poll: the device failed)",
					 EIO);
				ret = -EIO;
				break;
			}
		}
		/*
		 * UIO hands over the count whole; a tty standing in for the
		 * device (the tests' fake) may hand it over in pieces.
		 */
		n = read(u->dev.fd, (char *)&count + got, sizeof(count) - got);
		if (n > 0 && (got += (size_t)n) == sizeof(count)) {
			take(u, count);
			got = 0;
			continue;
		}
		if (n > 0 || (n < 0 && (errno == EAGAIN || errno == EINTR)))
			continue;
		/* EOF: the device went away. */
		io_error(u, "entry (read)", n < 0 ? errno : EIO);
		ret = -EIO;
		break;
	}
	local_irq_disable();
	return ret;
}

/* ------------------------------------------------------- opening a node */

/* Read sysfs attribute @dir/@name into @buf, newline stripped. */
static int read_attr(const char *dir, const char *name, char *buf, size_t len)
{
	char path[UIO_PATH_MAX + 64];
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	n = read(fd, buf, len - 1);
	close(fd);
	if (n < 0)
		return -errno;
	buf[n] = '\0';
	buf[strcspn(buf, "\n")] = '\0';
	return 0;
}

/* The uioN in @root whose "dev" is @rdev, or whose "name" is @name. */
static int find_uio(const char *root, dev_t rdev, const char *name, char *out,
		    size_t len)
{
	struct dirent *de;
	int ret = -ENODEV;
	DIR *dir = opendir(root);

	if (!dir)
		return -errno;
	while ((de = readdir(dir)) && ret) {
		char sys[UIO_PATH_MAX], attr[64];
		unsigned int maj, min;

		if (strncmp(de->d_name, "uio", 3) ||
		    snprintf(sys, sizeof(sys), "%s/%s", root, de->d_name) >=
			    (int)sizeof(sys))
			continue;
		if (name) {
			if (read_attr(sys, "name", attr, sizeof(attr)) ||
			    strcmp(attr, name))
				continue;
		} else if (read_attr(sys, "dev", attr, sizeof(attr)) ||
			   sscanf(attr, "%u:%u", &maj, &min) != 2 ||
			   makedev(maj, min) != rdev) {
			continue;
		}
		if (strlen(de->d_name) < len) {
			memcpy(out, de->d_name, strlen(de->d_name) + 1);
			ret = 0;
		}
	}
	closedir(dir);
	return ret;
}

/* Map the first memory region: the PCI resource file, else map0. */
static int map_regs(struct uio_dev *d, char *why, size_t whylen)
{
	char path[UIO_PATH_MAX + 32], attr[32];
	struct stat st;
	size_t len = 0;
	void *p;
	int fd;

	snprintf(path, sizeof(path), "%s/device/resource0", d->sys);
	fd = open(path, O_RDWR | O_SYNC | O_CLOEXEC);
	if (fd >= 0 && !fstat(fd, &st) && st.st_size > 0) {
		len = (size_t)st.st_size < REGS_MAP_MAX ? (size_t)st.st_size :
							  REGS_MAP_MAX;
		p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
		close(fd);
		if (p != MAP_FAILED) {
			d->regs = p;
			d->regs_len = len;
			return 0;
		}
		snprintf(why, whylen, "device/resource0: %s", strerror(errno));
	} else {
		snprintf(why, whylen, "device/resource0: %s",
			 fd < 0 ? strerror(errno) : "empty");
		if (fd >= 0)
			close(fd);
	}
	/* map0 of /dev/uioN, where the driver registered one. */
	if (read_attr(d->sys, "maps/map0/size", attr, sizeof(attr)))
		return -ENXIO;
	len = strtoul(attr, NULL, 0);
	len = len < REGS_MAP_MAX ? len : REGS_MAP_MAX;
	p = len ? mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED, d->fd,
		       0) :
		  MAP_FAILED;
	if (p == MAP_FAILED) {
		size_t n = strlen(why);

		snprintf(why + n, whylen - n, "; map0: %s",
			 len ? strerror(errno) : "empty");
		return -ENXIO;
	}
	d->regs = p;
	d->regs_len = len;
	return 0;
}

static void dev_init(struct uio_dev *d)
{
	memset(d, 0, sizeof(*d));
	d->fd = d->ctl_fd = d->cfg_fd = -1;
	d->kirq = -1;
}

int uio_dev_open(struct uio_dev *d, const char *spec, const char *sys_root,
		 const struct uio_backend *backend, char *err, size_t errlen)
{
	char node[64], attr[64], why[256] = "", cfg[UIO_PATH_MAX + 16];
	struct stat st;
	int32_t on = 1;
	int ret;

	dev_init(d);
	if (strchr(spec, '/')) {
		if (stat(spec, &st)) {
			ret = -errno;
			snprintf(err, errlen, "UIO device %s: %s", spec,
				 strerror(errno));
			return ret;
		}
		if (!S_ISCHR(st.st_mode)) {
			snprintf(
				err, errlen,
				"%s is not a UIO device: not a character device",
				spec);
			return -ENODEV;
		}
		ret = find_uio(sys_root, st.st_rdev, NULL, node, sizeof(node));
		if (ret) {
			snprintf(
				err, errlen,
				"%s is not a UIO device: no %s/uioN has its device number %u:%u",
				spec, sys_root, major(st.st_rdev),
				minor(st.st_rdev));
			return -ENODEV;
		}
		snprintf(d->path, sizeof(d->path), "%s", spec);
	} else {
		bool numbered = !strncmp(spec, "uio", 3) && spec[3] &&
				strspn(spec + 3, "0123456789") ==
					strlen(spec + 3);

		if (numbered && strlen(spec) < sizeof(node))
			snprintf(node, sizeof(node), "%s", spec);
		else if (find_uio(sys_root, 0, spec, node, sizeof(node))) {
			snprintf(
				err, errlen,
				"no UIO device is named %s: no %s/uioN/name says so",
				spec, sys_root);
			return -ENOENT;
		}
		snprintf(d->path, sizeof(d->path), "/dev/%s", node);
	}
	snprintf(d->sys, sizeof(d->sys), "%s/%s", sys_root, node);
	if (read_attr(d->sys, "name", d->name, sizeof(d->name))) {
		snprintf(err, errlen, "%s is not a UIO device: no %s/name",
			 d->path, d->sys);
		return -ENODEV;
	}
	d->fd = open(d->path, O_RDWR | O_CLOEXEC);
	if (d->fd < 0) {
		ret = -errno;
		snprintf(err, errlen, "UIO device %s: %s", d->path,
			 strerror(errno));
		return ret;
	}
	d->ctl_fd = d->fd;
	if (!read_attr(d->sys, "event", attr, sizeof(attr))) {
		d->count0 = (uint32_t)strtoul(attr, NULL, 10);
		d->count0_known = true;
	}
	if (!read_attr(d->sys, "device/irq", attr, sizeof(attr)))
		d->kirq = atoi(attr);
	snprintf(cfg, sizeof(cfg), "%s/device/config", d->sys);
	d->cfg_fd = open(cfg, O_RDWR | O_CLOEXEC);
	if (backend->regs && map_regs(d, why, sizeof(why))) {
		snprintf(err, errlen, "cannot map the registers of %s (%s): %s",
			 d->path, d->name, why);
		uio_dev_close(d);
		return -ENXIO;
	}
	if (backend->probe) {
		ret = backend->probe(d, err, errlen);
		if (ret) {
			uio_dev_close(d);
			return ret;
		}
	}
	/* uio_write() answers -ENOSYS when the driver has no irqcontrol. */
	if (write(d->fd, &on, sizeof(on)) == sizeof(on))
		d->irqcontrol = true;
	else if (errno != ENOSYS && errno != EINVAL) {
		ret = -errno;
		snprintf(err, errlen, "%s: irqcontrol write failed: %s",
			 d->path, strerror(errno));
		uio_dev_close(d);
		return ret;
	}
	if (!d->irqcontrol && d->cfg_fd < 0) {
		snprintf(
			err, errlen,
			"cannot mask %s (%s): its driver has no irqcontrol and it has no PCI config space",
			d->path, d->name);
		uio_dev_close(d);
		return -EOPNOTSUPP;
	}
	return 0;
}

void uio_dev_close(struct uio_dev *d)
{
	if (d->regs)
		munmap((void *)d->regs, d->regs_len);
	d->regs = NULL;
	if (d->ctl_fd >= 0 && d->ctl_fd != d->fd)
		close(d->ctl_fd);
	if (d->fd >= 0)
		close(d->fd);
	if (d->cfg_fd >= 0)
		close(d->cfg_fd);
	d->fd = d->ctl_fd = d->cfg_fd = -1;
}

const char *uio_kind_pins(enum chip_trigger t, unsigned int pin)
{
	(void)t;
	return pin ? "0 (the device's one line)" : NULL;
}

/* The device the scenario names, opened, as a line at irq @b->irq. */
int uio_kind_create(const struct chip_kind_params *p, struct chip_built *b,
		    char *why, size_t len)
{
	struct uio_dev d;
	char msg[512];
	int ret;

	ret = uio_dev_open(&d, p->uio, p->uio_class, p->uio_backend, msg,
			   sizeof(msg));
	if (!ret) {
		b->m[0] = uio_chip_create(b->irq, &d, p->uio_backend,
					  p->uio_mask, 0, msg, sizeof(msg));
		ret = b->m[0] ? 0 : -errno;
	}
	if (ret) {
		b->key = "uio";
		snprintf(why, len, "key uio: %s", msg);
	}
	return ret;
}
