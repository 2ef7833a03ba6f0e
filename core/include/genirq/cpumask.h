/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cpumask_t with the 2006 helpers (include/linux/cpumask.h, 2.6.18): a
 * fixed NR_CPUS-bit bitmap passed by value, with macros that take the mask
 * itself (not a pointer) as the kernel's did. Plain (non-atomic) bit
 * operations: callers serialise as the kernel's callers did.
 */
#ifndef GENIRQ_CPUMASK_H
#define GENIRQ_CPUMASK_H

#include <stdbool.h>
#include <genirq/config.h>

#define BITS_PER_LONG (__SIZEOF_LONG__ * 8)
#define BITS_TO_LONGS(bits) (((bits) + BITS_PER_LONG - 1) / BITS_PER_LONG)

typedef struct {
	unsigned long bits[BITS_TO_LONGS(NR_CPUS)];
} cpumask_t;

#if NR_CPUS % BITS_PER_LONG == 0
#define CPU_MASK_ALL \
	((cpumask_t){ { [0 ... BITS_TO_LONGS(NR_CPUS) - 1] = ~0UL } })
#elif NR_CPUS < BITS_PER_LONG
#define CPU_MASK_ALL ((cpumask_t){ { (1UL << NR_CPUS) - 1 } })
#else
#define CPU_MASK_ALL                                               \
	((cpumask_t){ { [0 ... BITS_TO_LONGS(NR_CPUS) - 2] = ~0UL, \
			[BITS_TO_LONGS(NR_CPUS) - 1] =             \
				(1UL << (NR_CPUS % BITS_PER_LONG)) - 1 } })
#endif
#define CPU_MASK_NONE ((cpumask_t){ { 0 } })

static inline void __cpu_set(int cpu, cpumask_t *dst)
{
	dst->bits[cpu / BITS_PER_LONG] |= 1UL << (cpu % BITS_PER_LONG);
}

static inline void __cpu_clear(int cpu, cpumask_t *dst)
{
	dst->bits[cpu / BITS_PER_LONG] &= ~(1UL << (cpu % BITS_PER_LONG));
}

static inline bool __cpu_isset(int cpu, const cpumask_t *m)
{
	return m->bits[cpu / BITS_PER_LONG] >> (cpu % BITS_PER_LONG) & 1;
}

static inline bool __cpus_empty(const cpumask_t *m)
{
	for (int i = 0; i < BITS_TO_LONGS(NR_CPUS); i++)
		if (m->bits[i])
			return false;
	return true;
}

static inline bool __cpus_equal(const cpumask_t *a, const cpumask_t *b)
{
	for (int i = 0; i < BITS_TO_LONGS(NR_CPUS); i++)
		if (a->bits[i] != b->bits[i])
			return false;
	return true;
}

static inline void __cpus_and(cpumask_t *dst, const cpumask_t *a,
			      const cpumask_t *b)
{
	for (int i = 0; i < BITS_TO_LONGS(NR_CPUS); i++)
		dst->bits[i] = a->bits[i] & b->bits[i];
}

static inline void __cpus_or(cpumask_t *dst, const cpumask_t *a,
			     const cpumask_t *b)
{
	for (int i = 0; i < BITS_TO_LONGS(NR_CPUS); i++)
		dst->bits[i] = a->bits[i] | b->bits[i];
}

static inline int __cpus_weight(const cpumask_t *m)
{
	int w = 0;

	for (int i = 0; i < BITS_TO_LONGS(NR_CPUS); i++)
		w += __builtin_popcountl(m->bits[i]);
	return w;
}

/* First set CPU at or after @cpu, or NR_CPUS when there is none. */
static inline int __next_cpu(int cpu, const cpumask_t *m)
{
	for (; cpu < NR_CPUS; cpu++)
		if (__cpu_isset(cpu, m))
			return cpu;
	return NR_CPUS;
}

static inline cpumask_t cpumask_of_cpu(int cpu)
{
	cpumask_t m = CPU_MASK_NONE;

	__cpu_set(cpu, &m);
	return m;
}

#define cpu_set(cpu, dst) __cpu_set((cpu), &(dst))
#define cpu_clear(cpu, dst) __cpu_clear((cpu), &(dst))
#define cpu_isset(cpu, m) __cpu_isset((cpu), &(m))
#define cpus_empty(m) __cpus_empty(&(m))
#define cpus_equal(a, b) __cpus_equal(&(a), &(b))
#define cpus_and(dst, a, b) __cpus_and(&(dst), &(a), &(b))
#define cpus_or(dst, a, b) __cpus_or(&(dst), &(a), &(b))
#define cpus_weight(m) __cpus_weight(&(m))
#define cpus_clear(m) ((m) = CPU_MASK_NONE)
/* The mask's words, for code that hands them to hardware. */
#define cpus_addr(m) ((m).bits)
#define first_cpu(m) __next_cpu(0, &(m))
#define next_cpu(cpu, m) __next_cpu((cpu) + 1, &(m))
#define for_each_cpu_mask(cpu, m) \
	for ((cpu) = first_cpu(m); (cpu) < NR_CPUS; (cpu) = next_cpu((cpu), m))

#endif /* GENIRQ_CPUMASK_H */
