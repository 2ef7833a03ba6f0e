/* SPDX-License-Identifier: GPL-2.0 */
/*
 * struct cpumask and the helpers of the modern <linux/cpumask.h> that
 * genirq6 and its users call, over the simulated CPUs of libgenirq
 * (<genirq/cpu.h>: smp_processor_id(), the local interrupt flag).
 * genirq's 2.6.18 cpumask_t is renamed on the way in, so that the
 * modern cpumask_t (typedef struct cpumask) is the one these headers see.
 * The online and possible masks are genirq6's own: remove_cpu() and
 * add_cpu() (cpuhotplug.c) change them, not the threads attached as CPUs.
 */
#ifndef _GENIRQ6_LINUX_CPUMASK_H
#define _GENIRQ6_LINUX_CPUMASK_H

#include <stdbool.h>
#include <string.h>
#define cpumask_t genirq_cpumask_t
#include <genirq/cpu.h>
#undef cpumask_t
#undef CPU_MASK_ALL
#undef CPU_MASK_NONE
#include <genirq6/config.h>
#include <genirq6/prefix.h>

#define NR_CPUS_WORDS BITS_TO_LONGS(NR_CPUS)

typedef struct cpumask {
	unsigned long bits[NR_CPUS_WORDS];
} cpumask_t;

#define CPU_MASK_ALL ((cpumask_t){ { [0 ... NR_CPUS_WORDS - 1] = ~0UL } })
#define CPU_MASK_NONE ((cpumask_t){ { 0 } })
#define cpumask_bits(m) ((m)->bits)

extern unsigned int nr_cpu_ids;
extern struct cpumask __cpu_online_mask;
extern struct cpumask __cpu_possible_mask;
#define cpu_online_mask ((const struct cpumask *)&__cpu_online_mask)
#define cpu_possible_mask ((const struct cpumask *)&__cpu_possible_mask)

static inline void cpumask_set_cpu(unsigned int cpu, struct cpumask *m)
{
	__atomic_fetch_or(&m->bits[cpu / BITS_PER_LONG],
			  1UL << (cpu % BITS_PER_LONG), __ATOMIC_RELAXED);
}

static inline void cpumask_clear_cpu(unsigned int cpu, struct cpumask *m)
{
	__atomic_fetch_and(&m->bits[cpu / BITS_PER_LONG],
			   ~(1UL << (cpu % BITS_PER_LONG)), __ATOMIC_RELAXED);
}

static inline bool cpumask_test_cpu(unsigned int cpu, const struct cpumask *m)
{
	return cpu < NR_CPUS && (__atomic_load_n(&m->bits[cpu / BITS_PER_LONG],
						 __ATOMIC_RELAXED) >>
				 (cpu % BITS_PER_LONG)) &
					1;
}

static inline void cpumask_copy(struct cpumask *dst, const struct cpumask *src)
{
	memcpy(dst, src, sizeof(*dst));
}

static inline void cpumask_clear(struct cpumask *m)
{
	memset(m, 0, sizeof(*m));
}

static inline void cpumask_setall(struct cpumask *m)
{
	*m = CPU_MASK_ALL;
}

static inline bool cpumask_and(struct cpumask *dst, const struct cpumask *a,
			       const struct cpumask *b)
{
	unsigned long any = 0;

	for (unsigned int i = 0; i < NR_CPUS_WORDS; i++)
		any |= dst->bits[i] = a->bits[i] & b->bits[i];
	return any != 0;
}

static inline void cpumask_or(struct cpumask *dst, const struct cpumask *a,
			      const struct cpumask *b)
{
	for (unsigned int i = 0; i < NR_CPUS_WORDS; i++)
		dst->bits[i] = a->bits[i] | b->bits[i];
}

static inline bool cpumask_andnot(struct cpumask *dst, const struct cpumask *a,
				  const struct cpumask *b)
{
	unsigned long any = 0;

	for (unsigned int i = 0; i < NR_CPUS_WORDS; i++)
		any |= dst->bits[i] = a->bits[i] & ~b->bits[i];
	return any != 0;
}

static inline bool cpumask_intersects(const struct cpumask *a,
				      const struct cpumask *b)
{
	for (unsigned int i = 0; i < NR_CPUS_WORDS; i++)
		if (a->bits[i] & b->bits[i])
			return true;
	return false;
}

static inline bool cpumask_subset(const struct cpumask *a,
				  const struct cpumask *b)
{
	for (unsigned int i = 0; i < NR_CPUS_WORDS; i++)
		if (a->bits[i] & ~b->bits[i])
			return false;
	return true;
}

static inline bool cpumask_equal(const struct cpumask *a,
				 const struct cpumask *b)
{
	return !memcmp(a, b, sizeof(*a));
}

static inline bool cpumask_empty(const struct cpumask *m)
{
	for (unsigned int i = 0; i < NR_CPUS_WORDS; i++)
		if (m->bits[i])
			return false;
	return true;
}

static inline unsigned int cpumask_weight(const struct cpumask *m)
{
	unsigned int w = 0;

	for (unsigned int i = 0; i < NR_CPUS_WORDS; i++)
		w += (unsigned int)__builtin_popcountl(m->bits[i]);
	return w;
}

/* The first CPU of @m above @n, or nr_cpu_ids; @n -1 starts at CPU 0. */
static inline unsigned int cpumask_next(int n, const struct cpumask *m)
{
	for (unsigned int cpu = (unsigned int)(n + 1); cpu < nr_cpu_ids; cpu++)
		if (cpumask_test_cpu(cpu, m))
			return cpu;
	return nr_cpu_ids;
}

static inline unsigned int cpumask_first(const struct cpumask *m)
{
	return cpumask_next(-1, m);
}

static inline unsigned int cpumask_first_and(const struct cpumask *a,
					     const struct cpumask *b)
{
	for (unsigned int cpu = 0; cpu < nr_cpu_ids; cpu++)
		if (cpumask_test_cpu(cpu, a) && cpumask_test_cpu(cpu, b))
			return cpu;
	return nr_cpu_ids;
}

#define cpumask_any_and(a, b) cpumask_first_and((a), (b))
#define cpumask_any(m) cpumask_first(m)

#define for_each_cpu(cpu, mask)                               \
	for ((cpu) = cpumask_first(mask); (cpu) < nr_cpu_ids; \
	     (cpu) = cpumask_next((int)(cpu), (mask)))
#define for_each_online_cpu(cpu) for_each_cpu((cpu), cpu_online_mask)
#define for_each_possible_cpu(cpu) for_each_cpu((cpu), cpu_possible_mask)

/* One mask per CPU with that CPU's bit set, as the kernel's table. */
extern struct cpumask genirq6_cpu_bit_masks[NR_CPUS];
#define cpumask_of(cpu) ((const struct cpumask *)&genirq6_cpu_bit_masks[(cpu)])

bool cpu_online(unsigned int cpu);

#endif /* _GENIRQ6_LINUX_CPUMASK_H */
