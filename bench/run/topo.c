// SPDX-License-Identifier: GPL-2.0
/*
 * The machine's topology (hwloc) and where a scenario's threads go: one PU
 * per simulated CPU, one for the device thread, chosen by the scenario's
 * placement policy. The rule that matters: spinning threads never share
 * a PU. When a scenario cannot have what it asked for, placement either
 * adapts and says what it did (the note lands in summary.json and on the
 * terminal) or, for a strict scenario, refuses before any thread starts.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <hwloc.h>
#include "bench/bench.h"

struct bench_topo {
	hwloc_topology_t topo;
	unsigned int nr_pus;
	bool synthetic;
};

int bench_topo_open(struct bench_topo **out, const char *cpus,
		    const char *synthetic, char *err, size_t errlen)
{
	struct bench_topo *t = calloc(1, sizeof(*t));
	hwloc_bitmap_t set = NULL;
	int ret = -EINVAL;

	if (!t)
		return -ENOMEM;
	if (hwloc_topology_init(&t->topo)) {
		free(t);
		snprintf(err, errlen, "hwloc: cannot initialise a topology");
		return -ENOMEM;
	}
	if (synthetic && hwloc_topology_set_synthetic(t->topo, synthetic)) {
		snprintf(err, errlen, "bad synthetic topology \"%s\"",
			 synthetic);
		goto fail;
	}
	t->synthetic = synthetic != NULL;
	if (hwloc_topology_load(t->topo)) {
		snprintf(err, errlen,
			 "hwloc cannot read this machine's topology: %s",
			 strerror(errno));
		goto fail;
	}
	if (cpus) {
		set = hwloc_bitmap_alloc();
		if (!set || hwloc_bitmap_list_sscanf(set, cpus) ||
		    hwloc_bitmap_iszero(set)) {
			snprintf(err, errlen,
				 "--cpus %s: not a CPU list such as 0-3,6",
				 cpus);
			goto fail;
		}
		if (!hwloc_bitmap_isincluded(
			    set, hwloc_topology_get_topology_cpuset(t->topo))) {
			snprintf(err, errlen,
				 "--cpus %s: this machine has no such CPU",
				 cpus);
			goto fail;
		}
		if (hwloc_topology_restrict(t->topo, set, 0)) {
			snprintf(err, errlen,
				 "--cpus %s: hwloc cannot restrict to it: %s",
				 cpus, strerror(errno));
			goto fail;
		}
	}
	t->nr_pus =
		(unsigned int)hwloc_get_nbobjs_by_type(t->topo, HWLOC_OBJ_PU);
	if (!t->nr_pus) {
		snprintf(err, errlen, "hwloc found no processing unit");
		goto fail;
	}
	hwloc_bitmap_free(set);
	*out = t;
	return 0;
fail:
	hwloc_bitmap_free(set);
	hwloc_topology_destroy(t->topo);
	free(t);
	return ret;
}

void bench_topo_close(struct bench_topo *t)
{
	if (!t)
		return;
	hwloc_topology_destroy(t->topo);
	free(t);
}

unsigned int bench_topo_nr_pus(const struct bench_topo *t)
{
	return t->nr_pus;
}

static hwloc_obj_t pu_obj(const struct bench_topo *t, unsigned int pu)
{
	return hwloc_get_obj_by_type(t->topo, HWLOC_OBJ_PU, pu);
}

static unsigned int count(const struct bench_topo *t, hwloc_obj_type_t type)
{
	int n = hwloc_get_nbobjs_by_type(t->topo, type);

	return n > 0 ? (unsigned int)n : 0;
}

void bench_topo_summary(const struct bench_topo *t, char *buf, size_t len)
{
	static const struct {
		hwloc_obj_type_t type;
		const char *name;
	} caches[] = {
		{ HWLOC_OBJ_L1CACHE, "L1d" },
		{ HWLOC_OBJ_L2CACHE, "L2" },
		{ HWLOC_OBJ_L3CACHE, "L3" },
	};
	size_t n;

	n = (size_t)snprintf(buf, len, "%u package%s, %u core%s, %u PU%s",
			     count(t, HWLOC_OBJ_PACKAGE),
			     count(t, HWLOC_OBJ_PACKAGE) == 1 ? "" : "s",
			     count(t, HWLOC_OBJ_CORE),
			     count(t, HWLOC_OBJ_CORE) == 1 ? "" : "s",
			     t->nr_pus, t->nr_pus == 1 ? "" : "s");
	for (size_t i = 0; i < sizeof(caches) / sizeof(caches[0]) && n < len;
	     i++) {
		hwloc_obj_t c =
			hwloc_get_obj_by_type(t->topo, caches[i].type, 0);

		if (!c || !c->attr)
			continue;
		n += (size_t)snprintf(buf + n, len - n, "%s %s %llu KiB x%u",
				      i ? "," : ";", caches[i].name,
				      (unsigned long long)c->attr->cache.size /
					      1024,
				      count(t, caches[i].type));
	}
}

static int write_all(int dirfd, const char *name, const char *data, size_t len)
{
	int fd = openat(dirfd, name,
			O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
			0644);
	int ret = 0;

	if (fd < 0)
		return -errno;
	while (len) {
		ssize_t w = write(fd, data, len);

		if (w < 0) {
			if (errno == EINTR)
				continue;
			ret = -errno;
			break;
		}
		data += w;
		len -= (size_t)w;
	}
	if (close(fd) && !ret)
		ret = -errno;
	return ret;
}

int bench_topo_write(const struct bench_topo *t, int dirfd)
{
	char summary[512], text[4096];
	size_t n = 0;
	char *xml;
	int len, ret;

	if (hwloc_topology_export_xmlbuffer(t->topo, &xml, &len, 0))
		return -errno ? -errno : -EIO;
	ret = write_all(dirfd, "topology.xml", xml,
			len > 0 ? (size_t)len - 1 : 0);
	hwloc_free_xmlbuffer(t->topo, xml);
	if (ret)
		return ret;

	bench_topo_summary(t, summary, sizeof(summary));
	n += (size_t)snprintf(text, sizeof(text),
			      "# %s\n# pu os_index core package\n", summary);
	for (unsigned int pu = 0; pu < t->nr_pus && n < sizeof(text); pu++) {
		hwloc_obj_t o = pu_obj(t, pu);
		hwloc_obj_t core = hwloc_get_ancestor_obj_by_type(
			t->topo, HWLOC_OBJ_CORE, o);
		hwloc_obj_t pkg = hwloc_get_ancestor_obj_by_type(
			t->topo, HWLOC_OBJ_PACKAGE, o);

		n += (size_t)snprintf(text + n, sizeof(text) - n,
				      "%u %u %d %d\n", pu, o->os_index,
				      core ? (int)core->logical_index : -1,
				      pkg ? (int)pkg->logical_index : -1);
	}
	return write_all(dirfd, "topology.txt", text,
			 n < sizeof(text) ? n : sizeof(text) - 1);
}

int bench_topo_os_index(const struct bench_topo *t, unsigned int pu)
{
	hwloc_obj_t o = t->synthetic ? NULL : pu_obj(t, pu);

	return o ? (int)o->os_index : -1;
}

int bench_topo_bind(const struct bench_topo *t, unsigned int pu)
{
	hwloc_obj_t o;

	if (t->synthetic)
		return -EOPNOTSUPP;
	o = pu_obj(t, pu);
	if (!o)
		return -EINVAL;
	if (hwloc_set_cpubind(t->topo, o->cpuset, HWLOC_CPUBIND_THREAD))
		return -errno;
	return 0;
}

/* Logical index of @pu's ancestor of @type, or -1 if it has none. */
static int ancestor(const struct bench_topo *t, unsigned int pu,
		    hwloc_obj_type_t type)
{
	hwloc_obj_t a =
		hwloc_get_ancestor_obj_by_type(t->topo, type, pu_obj(t, pu));

	return a ? (int)a->logical_index : -1;
}

static bool used_by_cpu(const struct bench_placement *pl, unsigned int cpus,
			unsigned int pu)
{
	for (unsigned int i = 0; i < cpus; i++)
		if (pl->cpu_pu[i] == pu)
			return true;
	return false;
}

/*
 * The first PU not used by a simulated CPU that satisfies @want relative
 * to @ref (same core / other core, same package / other package), or -1.
 */
enum rel { REL_ANY, REL_SIBLING, REL_OTHER_CORE, REL_OTHER_PACKAGE };

static int find_pu(const struct bench_topo *t, const struct bench_placement *pl,
		   unsigned int cpus, enum rel want)
{
	unsigned int ref = pl->cpu_pu[0];
	int core = ancestor(t, ref, HWLOC_OBJ_CORE);
	int pkg = ancestor(t, ref, HWLOC_OBJ_PACKAGE);

	for (unsigned int pu = 0; pu < t->nr_pus; pu++) {
		int c = ancestor(t, pu, HWLOC_OBJ_CORE);
		int p = ancestor(t, pu, HWLOC_OBJ_PACKAGE);
		bool ok = false;

		if (used_by_cpu(pl, cpus, pu))
			continue;
		switch (want) {
		case REL_ANY:
			ok = true;
			break;
		case REL_SIBLING:
			ok = c == core;
			break;
		case REL_OTHER_CORE:
			ok = c != core && p == pkg;
			break;
		case REL_OTHER_PACKAGE:
			ok = p != pkg;
			break;
		}
		if (ok)
			return (int)pu;
	}
	return -1;
}

static unsigned int line_of(const struct bench_scenario *sc, enum bench_key k)
{
	return sc->key_line[k] ? sc->key_line[k] : sc->line;
}

static void note(struct bench_placement *pl, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void note(struct bench_placement *pl, const char *fmt, ...)
{
	size_t n = strlen(pl->note);
	va_list ap;

	if (n && n + 2 < sizeof(pl->note)) {
		strcpy(pl->note + n, "; ");
		n += 2;
	}
	va_start(ap, fmt);
	vsnprintf(pl->note + n, sizeof(pl->note) - n, fmt, ap);
	va_end(ap);
}

/*
 * The threaded designs' irq threads: a PU of their own where one is free
 * of the simulated CPUs and the device thread, else simulated CPU 0's.
 */
static void place_thread(const struct bench_topo *t, struct bench_placement *pl,
			 unsigned int cpus)
{
	for (unsigned int pu = 0; pu < t->nr_pus; pu++)
		if (!used_by_cpu(pl, cpus, pu) && pu != pl->device_pu) {
			pl->thread_pu = pu;
			pl->thread_shared = false;
			return;
		}
	pl->thread_pu = pl->cpu_pu[0];
	pl->thread_shared = true;
}

/*
 * The device thread's PU, as the scenario's device key asks, or where
 * one is free; 0, or -EINVAL with @err for a strict scenario it cannot
 * have.
 */
static int place_device(const struct bench_topo *t,
			const struct bench_scenario *sc,
			struct bench_placement *pl, char *err, size_t errlen)
{
	static const enum rel rels[] = {
		[BENCH_PLACE_SIBLING] = REL_SIBLING,
		[BENCH_PLACE_OTHER_CORE] = REL_OTHER_CORE,
		[BENCH_PLACE_OTHER_PACKAGE] = REL_OTHER_PACKAGE,
	};
	unsigned int cpus = sc->cpus, n = t->nr_pus;
	enum rel rel = REL_ANY;
	int pu = -1;

	if (sc->device == BENCH_PLACE_SAME_CORE) {
		pu = (int)pl->cpu_pu[0];
	} else if (sc->device == BENCH_PLACE_PU) {
		if (sc->device_pu < n) {
			pu = (int)sc->device_pu;
		} else if (sc->strict) {
			snprintf(
				err, errlen,
				"%s:%u: device = %u: this machine has PUs 0-%u",
				sc->file, line_of(sc, BENCH_KEY_DEVICE),
				sc->device_pu, n - 1);
			return -EINVAL;
		}
	} else if (sc->device == BENCH_PLACE_SIBLING ||
		   sc->device == BENCH_PLACE_OTHER_CORE ||
		   sc->device == BENCH_PLACE_OTHER_PACKAGE) {
		rel = rels[sc->device];
	}
	if (pu < 0)
		pu = find_pu(t, pl, cpus, rel);
	if (pu < 0 && sc->device != BENCH_PLACE_ANY) {
		if (sc->strict) {
			snprintf(
				err, errlen,
				"%s:%u: device = %s: this machine (%u PUs) has no such PU free of the simulated CPUs",
				sc->file, line_of(sc, BENCH_KEY_DEVICE),
				bench_place_name(sc->device), n);
			return -EINVAL;
		}
		pu = find_pu(t, pl, cpus, REL_ANY);
		if (pu >= 0)
			note(pl, "no %s PU for the device: it runs on PU %d",
			     bench_place_name(sc->device), pu);
	}
	if (pu < 0)
		pu = (int)pl->cpu_pu[0]; /* shares; checked by the caller */
	pl->device_pu = (unsigned int)pu;
	return 0;
}

int bench_place(const struct bench_topo *t, const struct bench_scenario *sc,
		struct bench_placement *pl, char *err, size_t errlen)
{
	unsigned int cpus = sc->cpus, n = t->nr_pus, spinning;
	int ret;

	memset(pl, 0, sizeof(*pl));
	pl->wait = sc->wait;
	if (sc->cpu_pu >= n) {
		if (sc->strict) {
			snprintf(err, errlen,
				 "%s:%u: cpu = %u: this machine has PUs 0-%u",
				 sc->file, line_of(sc, BENCH_KEY_CPU),
				 sc->cpu_pu, n - 1);
			return -EINVAL;
		}
		note(pl, "cpu = %u: no such PU, simulated CPU 0 on PU 0",
		     sc->cpu_pu);
	} else {
		pl->cpu_pu[0] = sc->cpu_pu;
	}
	/* Further simulated CPUs on the next PUs, wrapping. */
	for (unsigned int i = 1; i < cpus; i++)
		pl->cpu_pu[i] = (pl->cpu_pu[0] + i) % n;

	if (pl->wait == BENCH_WAIT_INLINE) {
		pl->device_pu = pl->cpu_pu[0]; /* the device thread is CPU 0 */
		place_thread(t, pl, cpus);
		return 0;
	}
	ret = place_device(t, sc, pl, err, errlen);
	if (ret)
		return ret;

	/* Spinning threads never share a PU. */
	spinning = 1 + (pl->wait == BENCH_WAIT_SPIN ? cpus : 0);
	if (spinning > n || (pl->wait == BENCH_WAIT_SPIN &&
			     used_by_cpu(pl, cpus, pl->device_pu))) {
		if (sc->strict) {
			snprintf(
				err, errlen,
				"%s:%u: wait = spin needs %u PUs, one per spinning thread; this machine offers %u",
				sc->file, line_of(sc, BENCH_KEY_WAIT), cpus + 1,
				n);
			return -EINVAL;
		}
		note(pl,
		     "%u spinning threads do not fit on %u PUs: the simulated CPUs block instead of spinning",
		     cpus + 1, n);
		pl->wait = BENCH_WAIT_BLOCK;
	}
	place_thread(t, pl, cpus);
	return 0;
}
