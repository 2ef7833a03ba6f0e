/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The UIO chip: one line per Linux UIO device, so that the genirq flow
 * handlers and the __do_IRQ() baseline run on interrupts a real kernel
 * delivers through /dev/uioN.
 *
 * The kernel's UIO driver is the controller. When the device interrupts,
 * the driver's handler masks the line (uio_pci_generic sets the INTx
 * disable bit of the PCI command register; drivers with an irqcontrol hook
 * disable the interrupt) and wakes the reader of /dev/uioN. The chip's
 * entry thread is that reader: attached as a simulated CPU, it turns each
 * wake-up into irq_cpu_raise() on itself, which dispatches the line at
 * once, exactly as a vector taken by arch glue does. The chip operations
 * map onto the real mechanisms:
 *
 *   mask/unmask  a 32-bit write of 0 or 1 to /dev/uioN (irqcontrol) where
 *                the driver has one, else bit 10 (INTx disable) of the PCI
 *                command register through the device's sysfs config file
 *   ack          the device's own acknowledge, through a backend
 *
 * Backends: "edu" is QEMU's educational PCI device (identity register
 * 0x010000ed): it fires when the harness writes its raise register and is
 * acknowledged through its status and acknowledge registers. "passive" is
 * any UIO device that fires, and clears its interrupt, on its own: the
 * harness fires nothing and measures arrival to handler.
 *
 * Register and syscall accesses are counted under the irq_chip operation
 * that made them, as on the models; their cost is real, so no cost figure
 * is added.
 */
#ifndef CHIPS_UIO_H
#define CHIPS_UIO_H

#include <stddef.h>
#include <stdint.h>
#include <chips/model.h>

/* The architecture a run of it behaves as: a PCI INTx line of an x86 guest; level, so a lost resend costs nothing: the line asserts again. */
#define UIO_CHIP_ARCH GENIRQ_ARCH_I386

#define UIO_PATH_MAX 256

/* How the chip masks and unmasks the line. */
enum uio_mask {
	UIO_MASK_AUTO, /* irqcontrol if the driver has it, else INTx */
	UIO_MASK_IRQCONTROL, /* write(2) of 0 or 1 to /dev/uioN */
	UIO_MASK_INTX, /* PCI command register bit 10, sysfs config */
};

/* "auto", "irqcontrol", "intx"; NULL out of range. */
const char *uio_mask_name(enum uio_mask m);
/* The enum value, or -1 for an unknown name. */
int uio_mask_parse(const char *s);

/* A device-specific backend: how to fire (or not) and to acknowledge. */
struct uio_backend;
const struct uio_backend *uio_backend_find(const char *name);
const char *uio_backend_name(const struct uio_backend *b);
/* Whether the harness fires the device (edu) or it fires itself. */
bool uio_backend_fires(const struct uio_backend *b);
/* "edu, passive", for messages. */
extern const char uio_backend_names[];

/**
 * struct uio_dev - one UIO device, opened
 * @path:	its /dev/uioN
 * @sys:	its /sys/class/uio/uioN
 * @name:	the driver's name for it (sysfs "name")
 * @fd:		/dev/uioN: read() and poll() wait, write() is irqcontrol
 * @ctl_fd:	where irqcontrol writes go (@fd on a real device)
 * @cfg_fd:	the PCI config space (sysfs device/config), or -1
 * @regs:	the device's first memory region mapped, or NULL
 * @regs_len:	its mapped length
 * @irqcontrol: the driver accepts irqcontrol writes
 * @count0:	the driver's interrupt count when opened (sysfs "event")
 * @count0_known: sysfs had "event"; without it, the first count read is
 *		the baseline (a stand-in for the device may have none)
 * @kirq:	the kernel's irq number of the device (PCI "irq"), or -1
 */
struct uio_dev {
	char path[UIO_PATH_MAX];
	char sys[UIO_PATH_MAX];
	char name[64];
	int fd, ctl_fd, cfg_fd;
	volatile uint32_t *regs;
	size_t regs_len;
	bool irqcontrol;
	uint32_t count0;
	bool count0_known;
	int kirq;
};

/**
 * uio_dev_open - find, check and open a UIO device
 * @d: filled in; uio_dev_close() it unless this fails
 * @spec: "/dev/uioN" (any path to the device node), "uioN", or the name
 *	the driver gave the device in sysfs ("uio_pci_generic")
 * @sys_root: the UIO class directory, "/sys/class/uio" (tests: a copy)
 * @backend: what the device will be used for: its registers are mapped
 *	if the backend needs them
 * @err: one sentence on failure, naming the device
 * @errlen: its size
 *
 * Refuses a path that does not exist (-ENOENT), a file that is not a UIO
 * device's node (-ENODEV), a device whose registers cannot be mapped or
 * are not the backend's device (-ENXIO), and one it cannot mask: no
 * irqcontrol and no PCI config space (-EOPNOTSUPP). Probes irqcontrol by
 * enabling the interrupt, which is what a UIO user does first anyway.
 * Return: 0 or -errno.
 */
int uio_dev_open(struct uio_dev *d, const char *spec, const char *sys_root,
		 const struct uio_backend *backend, char *err, size_t errlen);
/* Unmap and close what uio_dev_open() or a test set up; idempotent. */
void uio_dev_close(struct uio_dev *d);

/**
 * uio_chip_create - a UIO line at @irq
 * @irq: its Linux irq number (one line per device)
 * @d: the opened device; the chip takes it over and closes it
 * @backend: edu or passive
 * @mask: the mechanism wanted; AUTO picks irqcontrol when @d has it
 * @cpu: the simulated CPU the entry thread attaches as
 * @err: one sentence on failure
 * @errlen: its size
 *
 * The line is level-triggered (PCI INTx): its flow handler is
 * handle_level_irq, its legacy type masks and acknowledges in ->ack and
 * unmasks in ->end, as 2.6.17's level types did. It starts masked.
 * Return: the model, or NULL with errno set and @err filled (the device
 * is closed then too).
 */
struct chip_model *uio_chip_create(unsigned int irq, struct uio_dev *d,
				   const struct uio_backend *backend,
				   enum uio_mask mask, unsigned int cpu,
				   char *err, size_t errlen);

/* The mechanism the chip masks with: IRQCONTROL or INTX. */
enum uio_mask uio_chip_mask(const struct chip_model *m);
const struct uio_dev *uio_chip_dev(const struct chip_model *m);

/**
 * uio_chip_set_arrival - be told of every interrupt the kernel delivered
 * @fn: called in the entry thread before the line is dispatched, with the
 *	number of interrupts the driver counted since the last wake-up
 *	(more than one: the kernel took several before the thread ran) and
 *	the CLOCK_MONOTONIC ns the wake-up returned; NULL: none
 * @ctx: passed to @fn
 *
 * Not while the entry thread runs.
 */
void uio_chip_set_arrival(struct chip_model *m,
			  void (*fn)(void *ctx, uint32_t n, uint64_t t_ns),
			  void *ctx);

/**
 * uio_chip_entry - be the line's interrupt entry until uio_chip_stop()
 * @m: the chip
 * @spin: busy-poll with non-blocking reads instead of sleeping in poll()
 *
 * Routes the device's interrupt to the CPU the caller runs on where the
 * kernel permits, attaches the calling thread as the chip's CPU with
 * interrupts enabled; each wake-up raises the line on it. Return: 0 when stopped; -EIO (and
 * the error in uio_chip_stats()) when the device fails or goes away.
 */
int uio_chip_entry(struct chip_model *m, bool spin);
/* Make uio_chip_entry() return; safe from any thread, before or during. */
void uio_chip_stop(struct chip_model *m);

/**
 * struct uio_chip_stats - what only a real device can tell
 * @wakeups:	times the entry thread woke with interrupts to take
 * @kernel_irqs: interrupts the driver counted in that time
 * @io_errors:	register, irqcontrol or config accesses that failed
 * @last_errno:	the errno of the last one
 * @last_op:	the operation that made it ("unmask", "read", ...)
 * @routed_cpu: the OS CPU the entry thread had the kernel deliver the
 *		interrupt to (/proc/irq/N/smp_affinity_list), or -1: the
 *		kernel's own routing (not permitted, or not a PCI device)
 */
struct uio_chip_stats {
	unsigned long wakeups;
	unsigned long kernel_irqs;
	unsigned long io_errors;
	int last_errno;
	const char *last_op;
	int routed_cpu;
};

void uio_chip_stats(const struct chip_model *m, struct uio_chip_stats *s);

/* None: a real device's accesses cost what they cost. */
extern const struct chip_cost_field uio_cost_fields[];

#endif /* CHIPS_UIO_H */
