// SPDX-License-Identifier: GPL-2.0
/*
 * libudev for a static irqlab (IRQLAB_STATIC=ON, the scripts/vm guest):
 * Debian's libhwloc.a calls udev_new() when its Linux backend starts
 * (pkg-config --static hwloc: -lm -ludev -lpthread), but Debian ships no
 * libudev.a, and the guest runs no udev anyway. udev_new() returning NULL
 * is hwloc's "no udev" path: it then reads block device attributes from
 * sysfs itself and never calls the other functions, which are here only to
 * satisfy the linker.
 */
#include <stddef.h>

struct udev;
struct udev_device;

struct udev *udev_new(void);
struct udev *udev_unref(struct udev *udev);
struct udev_device *
udev_device_new_from_subsystem_sysname(struct udev *udev, const char *subsystem,
				       const char *sysname);
struct udev_device *udev_device_unref(struct udev_device *dev);
const char *udev_device_get_property_value(struct udev_device *dev,
					   const char *key);

struct udev *udev_new(void)
{
	return NULL;
}

struct udev *udev_unref(struct udev *udev)
{
	(void)udev;
	return NULL;
}

struct udev_device *
udev_device_new_from_subsystem_sysname(struct udev *udev, const char *subsystem,
				       const char *sysname)
{
	(void)udev;
	(void)subsystem;
	(void)sysname;
	return NULL;
}

struct udev_device *udev_device_unref(struct udev_device *dev)
{
	(void)dev;
	return NULL;
}

const char *udev_device_get_property_value(struct udev_device *dev,
					   const char *key)
{
	(void)dev;
	(void)key;
	return NULL;
}
