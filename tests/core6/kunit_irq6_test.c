// SPDX-License-Identifier: GPL-2.0
/*
 * genirq6's own KUnit tests, in the form of the kernel's
 * kernel/irq/irq_test.c (written here): the disable depth across
 * free_irq(), a managed interrupt across partial and full CPU offline,
 * the depth kept across hotplug, the lock guards. Built through
 * <kunit/test.h> over cmocka; no main(): the suite registers itself.
 */
#include <linux/cleanup.h>
#include <linux/cpu.h>
#include <linux/cpumask.h>
#include <linux/interrupt.h>
#include <linux/irq.h>
#include <linux/irqdesc.h>
#include <linux/irqdomain.h>
#include <linux/nodemask.h>
#include <kunit/test.h>

static irqreturn_t quiet_handler(int irq, void *data)
{
	(void)irq;
	(void)data;
	return IRQ_HANDLED;
}

static void chip_nop(struct irq_data *data)
{
	(void)data;
}

static unsigned int chip_startup(struct irq_data *data)
{
	(void)data;
	return 0;
}

static int chip_route(struct irq_data *data, const struct cpumask *dest,
		      bool force)
{
	(void)force;
	irq_data_update_effective_affinity(data, dest);
	return IRQ_SET_MASK_OK;
}

static struct irq_chip test6_chip = {
	.name = "test6",
	.irq_startup = chip_startup,
	.irq_shutdown = chip_nop,
	.irq_enable = chip_nop,
	.irq_disable = chip_nop,
	.irq_mask = chip_nop,
	.irq_unmask = chip_nop,
	.irq_eoi = chip_nop,
	.irq_set_affinity = chip_route,
};

static unsigned int test6_line(struct kunit *test,
			       struct irq_affinity_desc *affd)
{
	int virq = irq_domain_alloc_descs(-1, 1, 0, NUMA_NO_NODE, affd);

	KUNIT_ASSERT_GT(test, virq, 0);
	irq_set_chip_and_handler((unsigned int)virq, &test6_chip,
				 handle_fasteoi_irq);
	KUNIT_ASSERT_NOT_NULL(test, irq_to_desc((unsigned int)virq));
	return (unsigned int)virq;
}

static void irq6_depth_across_free_test(struct kunit *test)
{
	unsigned int virq = test6_line(test, NULL);
	struct irq_desc *desc = irq_to_desc(virq);

	KUNIT_ASSERT_EQ(test, request_irq(virq, quiet_handler, 0, "t6", NULL),
			0);
	disable_irq(virq);
	disable_irq(virq);
	KUNIT_EXPECT_EQ(test, desc->depth, 2);
	KUNIT_EXPECT_STREQ(test, free_irq(virq, NULL), "t6");
	/* the shutdown of the last action adds one */
	KUNIT_EXPECT_EQ(test, desc->depth, 3);
	KUNIT_EXPECT_FALSE(test, irqd_is_started(irq_desc_get_irq_data(desc)));
	KUNIT_ASSERT_EQ(test, request_irq(virq, quiet_handler, 0, "t6", NULL),
			0);
	KUNIT_EXPECT_EQ(test, desc->depth, 0);
	free_irq(virq, NULL);
}

static void irq6_managed_partial_offline_test(struct kunit *test)
{
	struct irq_affinity_desc affd = { .is_managed = 1 };
	struct irq_data *data;
	unsigned int virq;

	if (!get_cpu_device(2) || !cpu_is_hotpluggable(1))
		kunit_skip(test, "needs CPUs 1 and 2, hotpluggable");
	cpumask_set_cpu(1, &affd.mask);
	cpumask_set_cpu(2, &affd.mask);
	virq = test6_line(test, &affd);
	data = irq_get_irq_data(virq);
	KUNIT_ASSERT_EQ(test, request_irq(virq, quiet_handler, 0, "t6", NULL),
			0);
	KUNIT_EXPECT_EQ(test, remove_cpu(1), 0);
	/* CPU 2 of its affinity is still online: moved, not shut down */
	KUNIT_EXPECT_TRUE(test, irqd_is_started(data));
	KUNIT_EXPECT_EQ(
		test, cpumask_first(irq_data_get_effective_affinity_mask(data)),
		2);
	KUNIT_EXPECT_EQ(test, remove_cpu(2), 0);
	KUNIT_EXPECT_FALSE(test, irqd_is_started(data));
	KUNIT_EXPECT_TRUE(test, irqd_is_managed_and_shutdown(data));
	KUNIT_EXPECT_EQ(test, add_cpu(2), 0);
	KUNIT_EXPECT_TRUE(test, irqd_is_started(data));
	KUNIT_EXPECT_EQ(test, irq_to_desc(virq)->depth, 0);
	KUNIT_EXPECT_EQ(test, add_cpu(1), 0);
	free_irq(virq, NULL);
}

static void irq6_hotplug_keeps_depth_test(struct kunit *test)
{
	struct irq_affinity_desc affd = { .is_managed = 1 };
	struct irq_desc *desc;
	unsigned int virq;

	if (!get_cpu_device(3) || !cpu_online(3))
		kunit_skip(test, "needs CPU 3 online");
	cpumask_copy(&affd.mask, cpumask_of(3));
	virq = test6_line(test, &affd);
	desc = irq_to_desc(virq);
	KUNIT_ASSERT_EQ(test, request_irq(virq, quiet_handler, 0, "t6", NULL),
			0);
	disable_irq(virq);
	KUNIT_EXPECT_EQ(test, remove_cpu(3), 0);
	KUNIT_EXPECT_EQ(test, desc->depth, 2);
	KUNIT_EXPECT_EQ(test, add_cpu(3), 0);
	KUNIT_EXPECT_EQ(test, desc->depth, 1);
	KUNIT_EXPECT_FALSE(test, irqd_is_started(irq_desc_get_irq_data(desc)));
	enable_irq(virq);
	KUNIT_EXPECT_EQ(test, desc->depth, 0);
	KUNIT_EXPECT_TRUE(test, irqd_is_activated(irq_desc_get_irq_data(desc)));
	free_irq(virq, NULL);
}

static void irq6_boot_cpu_test(struct kunit *test)
{
	KUNIT_EXPECT_FALSE(test, cpu_is_hotpluggable(0));
	KUNIT_EXPECT_NE(test, remove_cpu(0), 0);
	KUNIT_EXPECT_TRUE(test, cpu_online(0));
}

static void irq6_guard_test(struct kunit *test)
{
	unsigned int virq = test6_line(test, NULL);
	struct irq_desc *desc = irq_to_desc(virq);

	scoped_guard(raw_spinlock_irqsave, &desc->lock)
		KUNIT_EXPECT_TRUE(test, irqs_disabled());
	KUNIT_EXPECT_FALSE(test, irqs_disabled());
	KUNIT_EXPECT_FALSE(test, spin_is_locked(&desc->lock));
}

static void irq6_many_cpus_test(struct kunit *test)
{
	if (!get_cpu_device(63))
		kunit_skip(test, "needs 64 CPUs");
	KUNIT_FAIL(test, "a machine of 64 CPUs is not simulated");
}

static struct kunit_case irq6_test_cases[] = {
	KUNIT_CASE(irq6_depth_across_free_test),
	KUNIT_CASE(irq6_managed_partial_offline_test),
	KUNIT_CASE(irq6_hotplug_keeps_depth_test),
	KUNIT_CASE(irq6_boot_cpu_test),
	KUNIT_CASE(irq6_guard_test),
	KUNIT_CASE(irq6_many_cpus_test),
	{}
};

static struct kunit_suite irq6_test_suite = {
	.name = "irq6_test_cases",
	.test_cases = irq6_test_cases,
};

kunit_test_suite(irq6_test_suite);
MODULE_DESCRIPTION("genirq6 KUnit tests");
MODULE_LICENSE("GPL");
