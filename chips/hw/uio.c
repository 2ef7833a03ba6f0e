// SPDX-License-Identifier: GPL-2.0
/*
 * A real device through Linux UIO as a controller model: its line masked
 * through irqcontrol or the PCI command register's INTx disable, its
 * backends (edu fires and acknowledges by register, passive fires on its
 * own), the kernel's interrupts turned into simulated ones by the entry
 * thread, and its registry functions. The device's opening is
 * hw/uio_dev.c's; the driver forms are drv/uio_2618.c and
 * drv/uio_legacy.c.
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
#include <time.h>
#include <unistd.h>
#include <genirq/clock.h>
#include <genirq/cpu.h>
#include <genirq/interrupt.h>
#include <chips/kind.h>
#include <chips/uio.h>
#include "hw/uio_hw.h"
#include "skeleton.h"

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

static void io_error(struct uio_chip *u, const char *op, int err)
{
	__atomic_store_n(&u->st.last_errno, err, __ATOMIC_RELAXED);
	__atomic_store_n(&u->st.last_op, op, __ATOMIC_RELAXED);
	__atomic_fetch_add(&u->st.io_errors, 1, __ATOMIC_RELEASE);
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

void uio_line_mask(struct uio_chip *u, enum chip_acc acc, bool masked)
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
	static const struct chip_forms forms = {
		.chip = &uio_chip,
		.legacy = &uio_level_type,
	};

	chip_forms_set(m->irq_base, &forms, design, handle_level_irq);
}

static void uio_destroy(struct chip_model *m)
{
	struct uio_chip *u = (struct uio_chip *)m;

	uio_line_mask(u, CHIP_ACC_INIT, true);
	chip_line_release(m->irq_base, 0);
	uio_dev_close(&u->dev);
	if (u->stop_fd >= 0)
		close(u->stop_fd);
	chip_model_free(m);
}

/* clang-format off */
static const struct chip_model_ops uio_ops = {
	.accepts = CHIP_ACCEPTS_WIRE,
	.set_input = uio_set_input,
	.set_design = uio_set_design,
	.destroy = uio_destroy,
	.arch = UIO_CHIP_ARCH,
};
/* clang-format on */

/* The chip's memory, its one line @irq; NULL when out of memory. */
static struct uio_chip *uio_alloc(unsigned int irq)
{
	struct uio_chip *u =
		chip_model_alloc(sizeof(*u),
				 &(const struct chip_model){
					 .name = "uio",
					 .ops = &uio_ops,
					 .cost_fields = uio_cost_fields,
					 .irq_base = irq,
					 .nr_inputs = 1,
				 },
				 0);

	if (u)
		u->base.cost = NULL; /* no costs: the bus is real */
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
		chip_model_free(&u->base);
		errno = e;
		return NULL;
	}
	set_irq_chip(irq, &uio_chip);
	set_irq_chip_data(irq, u);
	set_irq_handler(irq, handle_level_irq);
	irq_desc[irq].status |= IRQ_LEVEL;
	uio_line_mask(u, CHIP_ACC_INIT, true);
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
