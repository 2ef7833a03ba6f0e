// SPDX-License-Identifier: GPL-2.0
/*
 * The UIO chip against a fake device: a pipe stands for /dev/uioN (the
 * test writes the driver's interrupt count into it, as the kernel's read()
 * returns it), a regular file for the irqcontrol writes, another for the
 * PCI config space, and an anonymous mapping for the edu device's
 * registers. The test plays the kernel: it masks the line as the driver's
 * handler would, sets the device's status, and wakes the entry thread.
 *
 * Covered: both mask mechanisms through the level flow and through
 * __do_IRQ, access counts per operation, the driver's count (several
 * interrupts per wake-up), the passive backend's arrivals, failed
 * accesses, a device that goes away, and every refusal of uio_dev_open()
 * and uio_chip_create().
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <time.h>
#include <unistd.h>
#include <cmocka.h>
#include <genirq/cpu.h>
#include <chips/uio.h>

#define IRQ 7
#define EDU_ID_VALUE 0x010000ed
#define R_STATUS (0x24 / 4)
#define R_RAISE (0x60 / 4)
#define R_ACK (0x64 / 4)
#define CMD_HI 5 /* config byte with INTx disable (bit 2) */

struct fake {
	char dir[64];
	int wr; /* the pipe's write end: the "kernel" */
	struct uio_dev d;
	volatile uint32_t *regs; /* the same mapping the chip uses */
	struct chip_model *m;
	pthread_t entry;
	int entry_ret;
	bool running;
};

static int hits;

static irqreturn_t handler(int irq, void *dev_id)
{
	(void)irq;
	(void)dev_id;
	__atomic_fetch_add(&hits, 1, __ATOMIC_RELEASE);
	return IRQ_HANDLED;
}

static int tmpfile_in(struct fake *f, const char *name)
{
	char path[128];
	int fd;

	snprintf(path, sizeof(path), "%s/%s", f->dir, name);
	fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
	assert_true(fd >= 0);
	return fd;
}

/* A fake device: @irqcontrol says whether its "driver" has one. */
static void fake_open(struct fake *f, bool irqcontrol, int cfg_flags)
{
	uint8_t cfg[64] = { 0 };
	int p[2];

	memset(f, 0, sizeof(*f));
	snprintf(f->dir, sizeof(f->dir), "/tmp/irqlab-uio-test.XXXXXX");
	assert_non_null(mkdtemp(f->dir));
	assert_int_equal(pipe(p), 0);
	f->wr = p[1];
	snprintf(f->d.path, sizeof(f->d.path), "fake");
	snprintf(f->d.name, sizeof(f->d.name), "fake_uio");
	f->d.fd = p[0];
	f->d.ctl_fd = tmpfile_in(f, "irqcontrol");
	f->d.cfg_fd = tmpfile_in(f, "config");
	cfg[4] = 0x07; /* command: I/O, memory, bus master */
	assert_int_equal(pwrite(f->d.cfg_fd, cfg, sizeof(cfg), 0), sizeof(cfg));
	if (cfg_flags != O_RDWR) {
		char path[128];

		close(f->d.cfg_fd);
		snprintf(path, sizeof(path), "%s/config", f->dir);
		f->d.cfg_fd = open(path, cfg_flags);
		assert_true(f->d.cfg_fd >= 0);
	}
	f->regs = mmap(NULL, 4096, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	assert_true(f->regs != MAP_FAILED);
	f->regs[0] = EDU_ID_VALUE;
	f->d.regs = f->regs;
	f->d.regs_len = 4096;
	f->d.irqcontrol = irqcontrol;
	f->d.kirq = -1;
	f->d.count0_known = true; /* as if sysfs "event" said 0 */
}

static void *entry_main(void *arg)
{
	struct fake *f = arg;

	f->entry_ret = uio_chip_entry(f->m, false);
	return NULL;
}

static void fake_start(struct fake *f, const char *backend, enum uio_mask mask)
{
	char err[256] = "";

	f->m = uio_chip_create(IRQ, &f->d, uio_backend_find(backend), mask, 0,
			       err, sizeof(err));
	assert_non_null(f->m);
	assert_string_equal(err, "");
	assert_int_equal(pthread_create(&f->entry, NULL, entry_main, f), 0);
	f->running = true;
}

static void fake_stop(struct fake *f)
{
	char cmd[128];

	if (f->running) {
		uio_chip_stop(f->m);
		pthread_join(f->entry, NULL);
		f->running = false;
	}
	chip_model_destroy(f->m);
	if (f->wr >= 0)
		close(f->wr);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", f->dir);
	assert_int_equal(system(cmd), 0);
}

static uint8_t cfg_hi(const struct fake *f)
{
	const struct uio_dev *d = uio_chip_dev(f->m);
	uint8_t hi = 0;

	assert_int_equal(pread(d->cfg_fd, &hi, 1, CMD_HI), 1);
	return hi;
}

/* The irqcontrol writes so far, as a string of 0s and 1s. */
static void ctl_log(const struct fake *f, char *buf, size_t len)
{
	const struct uio_dev *d = uio_chip_dev(f->m);
	int32_t v[64];
	ssize_t n = pread(d->ctl_fd, v, sizeof(v), 0);
	size_t i;

	assert_true(n >= 0 && n % 4 == 0);
	for (i = 0; i < (size_t)n / 4 && i + 1 < len; i++)
		buf[i] = v[i] ? '1' : '0';
	buf[i] = '\0';
}

static void wait_hits(int want)
{
	for (int i = 0; i < 5000; i++) {
		struct timespec ts = { 0, 1000000 };

		if (__atomic_load_n(&hits, __ATOMIC_ACQUIRE) >= want)
			return;
		nanosleep(&ts, NULL);
	}
	fail_msg("the handler ran %d times, not %d", hits, want);
}

/* The kernel's side of one interrupt: the driver masked, count is @count. */
static void kernel_irq(struct fake *f, uint32_t count, bool intx)
{
	if (intx) {
		uint8_t hi = cfg_hi(f) | 0x04;

		assert_int_equal(
			pwrite(uio_chip_dev(f->m)->cfg_fd, &hi, 1, CMD_HI), 1);
	}
	f->regs[R_STATUS] = 1;
	assert_int_equal(write(f->wr, &count, sizeof(count)), sizeof(count));
}

static int setup(void **state)
{
	(void)state;
	genirq_reset();
	irq_cpu_attach(0);
	local_irq_disable(); /* the entry thread is the CPU that takes them */
	hits = 0;
	return 0;
}

static void test_intx_level_flow(void **state)
{
	struct fake f;
	struct uio_chip_stats st;

	(void)state;
	fake_open(&f, false, O_RDWR);
	fake_start(&f, "edu", UIO_MASK_AUTO);
	assert_int_equal(uio_chip_mask(f.m), UIO_MASK_INTX);
	assert_int_equal(cfg_hi(&f) & 0x04, 0x04); /* starts masked */
	assert_int_equal(request_irq(IRQ, handler, 0, "edu", &f), 0);
	assert_int_equal(cfg_hi(&f), 0x00); /* startup unmasked */

	kernel_irq(&f, 1, true);
	wait_hits(1);
	synchronize_irq(IRQ);
	/* handle_level_irq: mask_ack (mask, status read, ack), unmask. */
	assert_int_equal(f.m->stats.writes[CHIP_ACC_MASK_ACK], 2);
	assert_int_equal(f.m->stats.reads[CHIP_ACC_MASK_ACK], 1);
	/* startup's default enable unmasked too */
	assert_int_equal(f.m->stats.writes[CHIP_ACC_UNMASK], 2);
	assert_int_equal(f.regs[R_ACK], 1);
	assert_int_equal(cfg_hi(&f), 0x00);

	/* Two more the kernel counted before the thread ran: one wake-up. */
	kernel_irq(&f, 3, true);
	wait_hits(2);
	synchronize_irq(IRQ);
	uio_chip_stats(f.m, &st);
	assert_int_equal(st.wakeups, 2);
	assert_int_equal(st.kernel_irqs, 3);
	assert_int_equal(st.io_errors, 0);
	assert_int_equal(f.m->stats.delivered, 2);

	free_irq(IRQ, &f);
	assert_int_equal(cfg_hi(&f) & 0x04, 0x04); /* shut down masked */
	fake_stop(&f);
	assert_int_equal(f.entry_ret, 0);
}

static void test_irqcontrol_and_do_irq(void **state)
{
	struct fake f;
	char log[64];

	(void)state;
	fake_open(&f, true, O_RDWR);
	fake_start(&f, "edu", UIO_MASK_AUTO);
	assert_int_equal(uio_chip_mask(f.m), UIO_MASK_IRQCONTROL);
	assert_int_equal(request_irq(IRQ, handler, 0, "edu", &f), 0);
	kernel_irq(&f, 1, false);
	wait_hits(1);
	synchronize_irq(IRQ);
	ctl_log(&f, log, sizeof(log));
	/* create masks, startup unmasks, mask_ack masks, then unmask. */
	assert_string_equal(log, "0101");
	assert_int_equal(cfg_hi(&f), 0x00); /* config untouched */
	free_irq(IRQ, &f);

	/* The 2.6.17 level type: ->ack masks and acks, ->end unmasks. */
	chip_model_set_design(f.m, CHIP_DESIGN_DO_IRQ);
	assert_int_equal(request_irq(IRQ, handler, 0, "edu", &f), 0);
	kernel_irq(&f, 2, false);
	wait_hits(2);
	synchronize_irq(IRQ);
	ctl_log(&f, log, sizeof(log));
	assert_string_equal(log, "010101"
				 "01");
	assert_int_equal(f.m->stats.writes[CHIP_ACC_ACK], 2);
	assert_int_equal(f.m->stats.reads[CHIP_ACC_ACK], 1);
	assert_int_equal(f.m->stats.writes[CHIP_ACC_END], 1);
	free_irq(IRQ, &f);
	fake_stop(&f);
}

static uint32_t arrived_n;
static uint64_t arrived_t;

static void arrival(void *ctx, uint32_t n, uint64_t t_ns)
{
	(void)ctx;
	arrived_n += n;
	arrived_t = t_ns;
}

static void test_passive_arrivals_and_fire(void **state)
{
	struct fake f;
	char err[256];

	(void)state;
	fake_open(&f, true, O_RDWR);
	f.m = uio_chip_create(IRQ, &f.d, uio_backend_find("passive"),
			      UIO_MASK_IRQCONTROL, 0, err, sizeof(err));
	assert_non_null(f.m);
	assert_false(uio_backend_fires(uio_backend_find("passive")));
	assert_true(uio_backend_fires(uio_backend_find("edu")));
	/* Passive fires nothing: the input is not wired to a register. */
	f.m->ops->set_input(f.m, 0, true);
	assert_int_equal(f.regs[R_RAISE], 0);
	uio_chip_set_arrival(f.m, arrival, NULL);
	assert_int_equal(pthread_create(&f.entry, NULL, entry_main, &f), 0);
	f.running = true;
	assert_int_equal(request_irq(IRQ, handler, 0, "passive", &f), 0);
	kernel_irq(&f, 5, false);
	wait_hits(1);
	synchronize_irq(IRQ);
	assert_int_equal(arrived_n, 5);
	assert_true(arrived_t > 0);
	/* No backend acknowledge: mask_ack is the mask alone. */
	assert_int_equal(f.m->stats.reads[CHIP_ACC_MASK_ACK], 0);
	assert_int_equal(f.m->stats.writes[CHIP_ACC_MASK_ACK], 1);
	assert_int_equal(f.regs[R_ACK], 0);
	free_irq(IRQ, &f);
	fake_stop(&f);
}

/*
 * A device with no sysfs "event" (a stand-in for one): what it counted
 * before it was opened is not known to be this run's, so the first
 * wake-up is one arrival, and later ones the count's difference.
 */
static void test_passive_first_count_unknown(void **state)
{
	struct fake f;
	char err[256];

	(void)state;
	arrived_n = 0;
	fake_open(&f, true, O_RDWR);
	f.d.count0_known = false;
	f.m = uio_chip_create(IRQ, &f.d, uio_backend_find("passive"),
			      UIO_MASK_IRQCONTROL, 0, err, sizeof(err));
	assert_non_null(f.m);
	uio_chip_set_arrival(f.m, arrival, NULL);
	assert_int_equal(pthread_create(&f.entry, NULL, entry_main, &f), 0);
	f.running = true;
	assert_int_equal(request_irq(IRQ, handler, 0, "passive", &f), 0);
	kernel_irq(&f, 1000000, false);
	wait_hits(1);
	synchronize_irq(IRQ);
	assert_int_equal(arrived_n, 1);
	kernel_irq(&f, 1000003, false);
	wait_hits(2);
	synchronize_irq(IRQ);
	assert_int_equal(arrived_n, 4);
	free_irq(IRQ, &f);
	fake_stop(&f);
}

static void test_edu_fire_writes_raise(void **state)
{
	struct fake f;

	(void)state;
	fake_open(&f, false, O_RDWR);
	fake_start(&f, "edu", UIO_MASK_INTX);
	f.m->ops->set_input(f.m, 0, true);
	assert_int_equal(f.regs[R_RAISE], 1);
	fake_stop(&f);
}

static void test_failed_access_is_counted(void **state)
{
	struct fake f;
	struct uio_chip_stats st;

	(void)state;
	fake_open(&f, false, O_RDONLY); /* config space not writable */
	fake_start(&f, "edu", UIO_MASK_INTX);
	assert_int_equal(request_irq(IRQ, handler, 0, "edu", &f), 0);
	uio_chip_stats(f.m, &st);
	assert_true(st.io_errors >= 2); /* create's mask, startup's unmask */
	assert_int_equal(st.last_errno, EBADF);
	assert_string_equal(st.last_op, "unmask (PCI config write)");
	free_irq(IRQ, &f);
	fake_stop(&f);
}

static void test_device_that_goes_away(void **state)
{
	struct fake f;
	struct uio_chip_stats st;

	(void)state;
	fake_open(&f, true, O_RDWR);
	fake_start(&f, "edu", UIO_MASK_AUTO);
	close(f.wr); /* read() returns 0: the device is gone */
	f.wr = -1;
	pthread_join(f.entry, NULL);
	f.running = false;
	assert_int_equal(f.entry_ret, -EIO);
	uio_chip_stats(f.m, &st);
	assert_string_equal(st.last_op, "entry (read)");
	fake_stop(&f);
}

static void test_create_refusals(void **state)
{
	struct fake f;
	char err[256];

	(void)state;
	fake_open(&f, false, O_RDWR);
	assert_null(uio_chip_create(IRQ, &f.d, uio_backend_find("edu"),
				    UIO_MASK_IRQCONTROL, 0, err, sizeof(err)));
	assert_int_equal(errno, EOPNOTSUPP);
	assert_non_null(strstr(err, "no irqcontrol"));
	assert_int_equal(f.d.fd, -1); /* closed on failure */
	fake_stop(&f);

	fake_open(&f, true, O_RDWR);
	close(f.d.cfg_fd);
	f.d.cfg_fd = -1;
	assert_null(uio_chip_create(IRQ, &f.d, uio_backend_find("edu"),
				    UIO_MASK_INTX, 0, err, sizeof(err)));
	assert_int_equal(errno, EOPNOTSUPP);
	assert_non_null(strstr(err, "PCI config"));
	fake_stop(&f);

	fake_open(&f, true, O_RDWR);
	munmap((void *)f.d.regs, f.d.regs_len);
	f.d.regs = NULL;
	assert_null(uio_chip_create(IRQ, &f.d, uio_backend_find("edu"),
				    UIO_MASK_AUTO, 0, err, sizeof(err)));
	assert_int_equal(errno, ENXIO);
	fake_stop(&f);

	assert_null(uio_backend_find("nosuch"));
	assert_int_equal(uio_mask_parse("intx"), UIO_MASK_INTX);
	assert_int_equal(uio_mask_parse("both"), -1);
}

/* A fake sysfs class directory: uio0 with @dev, and files under device/. */
static void fake_sys(char *root, size_t len, const char *dev,
		     const uint32_t *bar, size_t bar_len)
{
	char path[256];
	FILE *fp;

	snprintf(root, len, "/tmp/irqlab-uio-sys.XXXXXX");
	assert_non_null(mkdtemp(root));
	snprintf(path, sizeof(path), "%s/uio0", root);
	assert_int_equal(mkdir(path, 0700), 0);
	snprintf(path, sizeof(path), "%s/uio0/device", root);
	assert_int_equal(mkdir(path, 0700), 0);
	snprintf(path, sizeof(path), "%s/uio0/dev", root);
	fp = fopen(path, "w");
	assert_non_null(fp);
	fprintf(fp, "%s\n", dev);
	fclose(fp);
	snprintf(path, sizeof(path), "%s/uio0/name", root);
	fp = fopen(path, "w");
	assert_non_null(fp);
	fputs("fake_pci\n", fp);
	fclose(fp);
	snprintf(path, sizeof(path), "%s/uio0/device/config", root);
	fp = fopen(path, "w");
	assert_non_null(fp);
	fclose(fp);
	if (bar) {
		snprintf(path, sizeof(path), "%s/uio0/device/resource0", root);
		fp = fopen(path, "w");
		assert_non_null(fp);
		assert_int_equal(fwrite(bar, 1, bar_len, fp), bar_len);
		fclose(fp);
	}
}

static void rm_rf(const char *dir)
{
	char cmd[128];

	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	assert_int_equal(system(cmd), 0);
}

static void test_open_refusals(void **state)
{
	static uint32_t bar[1024];
	const struct uio_backend *edu = uio_backend_find("edu");
	const struct uio_backend *passive = uio_backend_find("passive");
	struct uio_dev d;
	struct stat st;
	char root[64], dev[32], err[512];

	(void)state;
	assert_int_equal(uio_dev_open(&d, "/dev/uio97", "/sys/class/uio", edu,
				      err, sizeof(err)),
			 -ENOENT);
	assert_non_null(strstr(err, "/dev/uio97"));
	assert_int_equal(uio_dev_open(&d, "/proc/self/exe", "/sys/class/uio",
				      edu, err, sizeof(err)),
			 -ENODEV);
	assert_non_null(strstr(err, "not a character device"));
	assert_int_equal(uio_dev_open(&d, "/dev/null", "/sys/class/uio", edu,
				      err, sizeof(err)),
			 -ENODEV);
	assert_non_null(strstr(err, "/dev/null is not a UIO device"));
	assert_int_equal(uio_dev_open(&d, "no_such_driver", "/sys/class/uio",
				      edu, err, sizeof(err)),
			 -ENOENT);
	assert_non_null(strstr(err, "no UIO device is named no_such_driver"));

	/* /dev/null posing as uio0: no registers to map. */
	assert_int_equal(stat("/dev/null", &st), 0);
	snprintf(dev, sizeof(dev), "%u:%u", major(st.st_rdev),
		 minor(st.st_rdev));
	fake_sys(root, sizeof(root), dev, NULL, 0);
	assert_int_equal(uio_dev_open(&d, "/dev/null", root, edu, err,
				      sizeof(err)),
			 -ENXIO);
	assert_non_null(strstr(err, "cannot map the registers of /dev/null"));
	/* Passive maps nothing; /dev/null takes the irqcontrol write. */
	assert_int_equal(uio_dev_open(&d, "/dev/null", root, passive, err,
				      sizeof(err)),
			 0);
	assert_string_equal(d.name, "fake_pci");
	assert_true(d.irqcontrol);
	assert_true(d.cfg_fd >= 0);
	uio_dev_close(&d);
	uio_dev_close(&d); /* idempotent */
	rm_rf(root);

	/* Registers that are not the edu device's. */
	bar[0] = 0x12345678;
	fake_sys(root, sizeof(root), dev, bar, sizeof(bar));
	assert_int_equal(uio_dev_open(&d, "/dev/null", root, edu, err,
				      sizeof(err)),
			 -ENXIO);
	assert_non_null(strstr(err, "is not QEMU's edu device"));
	assert_non_null(strstr(err, "0x12345678"));
	rm_rf(root);

	/* The edu device's identity: accepted, by path. */
	bar[0] = EDU_ID_VALUE;
	fake_sys(root, sizeof(root), dev, bar, sizeof(bar));
	assert_int_equal(
		uio_dev_open(&d, "/dev/null", root, edu, err, sizeof(err)), 0);
	assert_int_equal(d.regs[0], EDU_ID_VALUE);
	assert_int_equal(d.regs_len, sizeof(bar));
	uio_dev_close(&d);
	rm_rf(root);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_intx_level_flow, setup),
		cmocka_unit_test_setup(test_irqcontrol_and_do_irq, setup),
		cmocka_unit_test_setup(test_passive_arrivals_and_fire, setup),
		cmocka_unit_test_setup(test_passive_first_count_unknown, setup),
		cmocka_unit_test_setup(test_edu_fire_writes_raise, setup),
		cmocka_unit_test_setup(test_failed_access_is_counted, setup),
		cmocka_unit_test_setup(test_device_that_goes_away, setup),
		cmocka_unit_test_setup(test_create_refusals, setup),
		cmocka_unit_test_setup(test_open_refusals, setup),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
