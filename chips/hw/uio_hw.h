/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The UIO model's private header: its backends and its state, and what
 * its files share: hw/uio_dev.c (opening the device), hw/uio.c (the
 * model), drv/uio_2618.c and drv/uio_legacy.c (the driver forms).
 */
#ifndef CHIPS_HW_UIO_HW_H
#define CHIPS_HW_UIO_HW_H

#include <stdbool.h>
#include <stdint.h>
#include <chips/uio.h>

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

static inline struct uio_chip *irq_to_uio(unsigned int irq)
{
	return get_irq_chip_data(irq);
}

/* The line an access under @acc is made for: the one, or none (set-up). */
static inline unsigned int line_of(enum chip_acc acc)
{
	return acc == CHIP_ACC_INIT ? CHIP_LINE_NONE : 0;
}

extern struct irq_chip uio_chip; /* drv/uio_2618.c */
extern struct irq_chip uio_level_type; /* drv/uio_legacy.c */

/* Shared between the model's files; each is documented where it is. */
int uio_dev_open(struct uio_dev *d, const char *spec, const char *sys_root,
		 const struct uio_backend *backend, char *err, size_t errlen);
void uio_dev_close(struct uio_dev *d);
void uio_line_mask(struct uio_chip *u, enum chip_acc acc, bool masked);
void uio_ack_as(unsigned int irq, enum chip_acc acc);
void uio_mask(unsigned int irq);
void uio_unmask(unsigned int irq);
int uio_set_type(unsigned int irq, unsigned int type);

#endif /* CHIPS_HW_UIO_HW_H */
