// SPDX-License-Identifier: GPL-2.0
/*
 * A UIO device found and opened (uio_dev_open()): the device node or
 * name resolved through the UIO class directory, its sysfs attributes,
 * its PCI config space and registers mapped, its backend's probe and the
 * driver's irqcontrol checked.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <dirent.h>
#include <unistd.h>
#include <chips/uio.h>
#include "hw/uio_hw.h"

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

/*
 * The device's node in the class directory (uioN, into @node) and its
 * path (d->path), from @spec as uio_dev_open() takes it.
 */
static int resolve_node(struct uio_dev *d, const char *spec,
			const char *sys_root, char *node, size_t nodelen,
			char *err, size_t errlen)
{
	struct stat st;
	int ret;

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
		ret = find_uio(sys_root, st.st_rdev, NULL, node, nodelen);
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

		if (numbered && strlen(spec) < nodelen)
			snprintf(node, nodelen, "%s", spec);
		else if (find_uio(sys_root, 0, spec, node, nodelen)) {
			snprintf(
				err, errlen,
				"no UIO device is named %s: no %s/uioN/name says so",
				spec, sys_root);
			return -ENOENT;
		}
		snprintf(d->path, sizeof(d->path), "/dev/%s", node);
	}
	return 0;
}

int uio_dev_open(struct uio_dev *d, const char *spec, const char *sys_root,
		 const struct uio_backend *backend, char *err, size_t errlen)
{
	char node[64], attr[64], why[256] = "", cfg[UIO_PATH_MAX + 16];
	int32_t on = 1;
	int ret;

	dev_init(d);
	ret = resolve_node(d, spec, sys_root, node, sizeof(node), err, errlen);
	if (ret)
		return ret;
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
