// SPDX-License-Identifier: GPL-2.0
/*
 * End to end, on a machine without UIO: `irqlab run` with a chip uio
 * scenario on the passive backend, against a fake UIO device. The device
 * node is the slave of a pseudo-terminal in raw mode (a character device,
 * as /dev/uioN is), described by a fake class directory
 * ($IRQLAB_UIO_CLASS) with its device number, a name and a PCI config
 * file; the test plays the kernel on the master side, writing the
 * driver's interrupt count every 200 us, as a device firing on its own.
 *
 * Checks, for each design: the arrivals become events in the stimulus
 * windows only, every one is serviced, the books balance with the
 * kernel's count; and that the run took some arrivals, the chip masked
 * through the config file's INTx-disable bit (and left it masked), and
 * samples.bin marks every record with BENCH_SAMPLE_INTX. How many
 * arrivals a block takes is the machine's speed: a count written to the
 * pty reaches the slave's input only when the tty's flush work runs.
 */
#define _GNU_SOURCE /* posix_openpt, ptsname */
#include <fcntl.h>
#include <pthread.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <termios.h>
#include <cmocka.h>
#include <jansson.h>
#include <string.h>
#include <unistd.h>
#include "analysis/samples.h"
#include "e2e.h"

static const char *irqlab;
static char tmp[] = "/tmp/irqlab-uio-XXXXXX";

#define BURST 3000

struct kernel {
	int master, slave;
	int stop;
	uint32_t count, writes;
};

/*
 * The "kernel": one interrupt every 200 us; drains what the slave writes.
 * A UIO read gives the count as it is when read. Here a count written to
 * the master waits in the tty's buffers until the tty's flush work moves
 * it into the slave's input, and then until it is read. So:
 *  - while a count waits unread in the input, the interrupts are counted
 *    and not written: the next count written is the current one, and
 *    the reader sees how many it missed;
 *  - what the flush work has not moved yet is dropped every 10 ms
 *    (tcflush()), before the newest count is written, so no more than 50
 *    counts queue while that work waits for a CPU.
 * (Kept, counts queued up while irqlab started, and a slow start, 3 s, had
 * the backlog read as a burst of more events than the block's slots.
 * Dropped before every write, none arrived at all while the flush work
 * waited longer than the 200 us to the next drop: a busy machine's whole
 * round.)
 */
static void *kernel_main(void *arg)
{
	struct kernel *k = arg;
	unsigned int since_drop = 0;

	while (!__atomic_load_n(&k->stop, __ATOMIC_ACQUIRE)) {
		struct timespec ts = { 0, 200000 };
		char junk[256];
		uint32_t c;
		int unread = 0;

		/*
		 * Every 50th, a burst of 3,000 the reader never sees one by
		 * one (more than a block's slots): the kernel's count jumps.
		 */
		if (++k->writes % 50 == 0)
			k->count += BURST;
		c = ++k->count;
		if (ioctl(k->slave, TIOCINQ, &unread) || !unread) {
			if (++since_drop == 50) {
				tcflush(k->slave, TCIFLUSH);
				since_drop = 0;
			}
			if (write(k->master, &c, sizeof(c)) != sizeof(c))
				break;
		}
		while (read(k->master, junk, sizeof(junk)) > 0)
			;
		nanosleep(&ts, NULL);
	}
	return NULL;
}

static void put(const char *dir, const char *name, const void *buf, size_t n)
{
	char path[4200];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	assert_non_null(f);
	assert_int_equal(fwrite(buf, 1, n, f), n);
	assert_int_equal(fclose(f), 0);
}

/*
 * One design's books: every arrival it took was serviced, the kernel
 * counted at least as many, and its chip was the passive INTx one.
 * Passive: nothing to acknowledge, a mask and an unmask per flow run.
 * The device fires on its own across the block's edges, where a run's
 * accesses can fall outside the counted window: 2 per run, give or take
 * a run (2 accesses) at each end of each block, or 0.1 a run, whichever
 * is more (a short run is not failed for its edges).
 */
static void check_design(json_t *d, uint32_t sent)
{
	json_int_t fired = json_integer_value(json_object_get(d, "fired"));
	json_t *u = json_object_get(d, "uio");
	double per_run =
		json_real_value(json_object_get(d, "chip_accesses_per_irq"));
	json_int_t acc =
		json_integer_value(json_object_get(d, "chip_accesses"));
	double runs = per_run > 0 ? (double)acc / per_run : 0;
	double slack = runs / 10 > 2 * 2 * 2 ? runs / 10 : 2 * 2 * 2;

	print_message(
		"%s: fired %lld of %u sent; chip accesses %lld in %.0f runs, %.3f a run\n",
		json_string_value(json_object_get(d, "design")),
		(long long)fired, sent, (long long)acc, runs, per_run);
	assert_true(fired < (json_int_t)sent);
	assert_int_equal(json_integer_value(json_object_get(d, "serviced")),
			 fired);
	assert_int_equal(json_integer_value(json_object_get(d, "stranded")), 0);
	assert_string_equal(json_string_value(json_object_get(u, "backend")),
			    "passive");
	assert_string_equal(json_string_value(json_object_get(u, "mask")),
			    "intx");
	assert_string_equal(json_string_value(json_object_get(u, "driver")),
			    "fake_passive");
	assert_true(json_integer_value(json_object_get(u, "kernel_irqs")) >=
		    fired);
	/* One event per wake-up, however far the count jumped. */
	assert_true(fired <= json_integer_value(json_object_get(u, "wakeups")));
	if (fired && fabs((double)acc - 2 * runs) > slack)
		fail_msg(
			"%lld chip accesses in %.0f runs: not 2 a run, give or take %.0f",
			(long long)acc, runs, slack);
}

static void test_passive_run(void **state)
{
	char class[4200], dev[4300], cfg[4200], text[8192], out[4200];
	char so[4300], se[4300], path[4400], num[32];
	uint8_t config[64] = { [4] = 0x06 };
	/*
	 * The fake has no sysfs "event": its count before the device was
	 * opened must not become arrivals (a slow start once made 2,500
	 * of them, more than the block's slots). Start it far off.
	 */
	struct kernel k = { .count = 1000000 };
	struct termios tio;
	struct stat st;
	pthread_t th;
	json_t *j, *ds, *d;
	json_int_t total = 0;
	size_t i;
	int slave, rc;

	(void)state;
	k.master = posix_openpt(O_RDWR | O_NOCTTY | O_NONBLOCK);
	assert_true(k.master >= 0);
	assert_int_equal(grantpt(k.master), 0);
	assert_int_equal(unlockpt(k.master), 0);
	slave = open(ptsname(k.master), O_RDWR | O_NOCTTY);
	assert_true(slave >= 0);
	k.slave = slave;
	assert_int_equal(tcgetattr(slave, &tio), 0);
	cfmakeraw(&tio);
	assert_int_equal(tcsetattr(slave, TCSANOW, &tio), 0);
	assert_int_equal(fstat(slave, &st), 0);

	snprintf(class, sizeof(class), "%s/class", tmp);
	snprintf(dev, sizeof(dev), "%s/uio0", class);
	assert_int_equal(mkdir(class, 0700), 0);
	assert_int_equal(mkdir(dev, 0700), 0);
	snprintf(path, sizeof(path), "%s/device", dev);
	assert_int_equal(mkdir(path, 0700), 0);
	snprintf(num, sizeof(num), "%u:%u\n", major(st.st_rdev),
		 minor(st.st_rdev));
	put(dev, "dev", num, strlen(num));
	put(dev, "name", "fake_passive\n", 13);
	put(dev, "device/config", config, sizeof(config));
	setenv("IRQLAB_UIO_CLASS", class, 1);

	snprintf(text, sizeof(text),
		 "[scenario passive]\nchip = uio\nuio = %s\n"
		 "uio_backend = passive\nuio_mask = intx\nrate = 20000\n"
		 "duration_ms = 200\nblocks = 2\ndrain_ms = 50\n",
		 ptsname(k.master));
	test_config(cfg, sizeof(cfg), tmp, "passive", text);
	TEST_PATHS(tmp, "passive", out, so, se);
	char *argv[] = { (char *)irqlab, "run", cfg, "-o", out, NULL };

	assert_int_equal(pthread_create(&th, NULL, kernel_main, &k), 0);
	rc = spawn_irqlab(argv, so, se, 0, NULL);
	__atomic_store_n(&k.stop, 1, __ATOMIC_RELEASE);
	pthread_join(th, NULL);
	if (rc) {
		char *e = slurp(se);

		fail_msg("irqlab run exited %d: %s", rc, e ? e : "");
	}

	snprintf(path, sizeof(path), "%s/summary.json", out);
	j = json_load_file(path, 0, NULL);
	assert_non_null(j);
	ds = json_object_get(json_array_get(json_object_get(j, "scenarios"), 0),
			     "designs");
	assert_int_equal(json_array_size(ds), 2);
	json_array_foreach(ds, i, d)
	{
		check_design(d, k.count - 1000000);
		total += json_integer_value(json_object_get(d, "fired"));
	}
	/*
	 * 200 ms of arrivals at up to 5 kHz per design: how many is the
	 * machine's speed (the "kernel" thread, the tty's flush work and
	 * the entry thread all wait for CPUs on a busy one), so only that
	 * the run took some.
	 */
	print_message("fired %lld in all of %u sent\n", (long long)total,
		      k.count - 1000000);
	assert_true(total >= 2);
	/* The bursts were counted, not made events (nor overflowed). */
	assert_true(
		json_integer_value(json_object_get(
			json_object_get(json_array_get(ds, 0), "uio"),
			"kernel_irqs")) +
			json_integer_value(json_object_get(
				json_object_get(json_array_get(ds, 1), "uio"),
				"kernel_irqs")) >=
		total + BURST);
	json_decref(j);

	/* Shut down masked: INTx disable (command bit 10) set. */
	snprintf(path, sizeof(path), "%s/device/config", dev);
	{
		FILE *f = fopen(path, "r");

		assert_non_null(f);
		assert_int_equal(fread(config, 1, sizeof(config), f),
				 sizeof(config));
		fclose(f);
		assert_int_equal(config[5] & 0x04, 0x04);
		assert_int_equal(config[4], 0x06);
	}

	/* Every record is flagged as masked through INTx. */
	snprintf(path, sizeof(path), "%s/samples.bin", out);
	{
		size_t n = 0;
		unsigned char *b = (unsigned char *)slurp_len(path, &n);

		assert_non_null(b);
		assert_true(n > SAMPLES_HEADER &&
			    (n - SAMPLES_HEADER) % SAMPLES_RECORD == 0);
		for (i = SAMPLES_HEADER; i < n; i += SAMPLES_RECORD)
			assert_int_equal(b[i + 31] & 0x08, 0x08);
		free(b);
	}
	close(slave);
	close(k.master);
}

static const struct CMUnitTest tests[] = {
	cmocka_unit_test(test_passive_run),
};

E2E_MAIN(tmp, irqlab, tests)
