// SPDX-License-Identifier: GPL-2.0
/*
 * Domains: a linear domain's mappings and generic_handle_domain_irq()
 * from a root handler; a two-level hierarchy whose child chip calls its
 * parent (irq_chip_eoi_parent()); a chained handler on a level and on a
 * fasteoi parent line with chained_irq_enter()/exit(); and the
 * descriptor lookup by array and by tree.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <linux/irqchip/chained_irq.h>
#include "fake6_chip.h"

static struct irq_chip *map_chip;

static int map_fasteoi(struct irq_domain *d, unsigned int virq,
		       irq_hw_number_t hw)
{
	(void)d;
	(void)hw;
	irq_set_chip_and_handler(virq, map_chip, handle_fasteoi_irq);
	return 0;
}

static const struct irq_domain_ops linear_ops = { .map = map_fasteoi };
static struct irq_domain *root_domain;
static unsigned int root_hwirq;

static void root_handler(void *ctx)
{
	(void)ctx;
	assert_int_equal(generic_handle_domain_irq(root_domain, root_hwirq), 0);
}

static void test_linear(void **state)
{
	unsigned int virq;

	(void)state;
	fake6_init();
	map_chip = fake6_chip_make(0, 0);
	root_domain = irq_domain_create_linear(NULL, 8, &linear_ops, NULL);
	assert_non_null(root_domain);
	virq = irq_create_mapping(root_domain, 3);
	assert_true(virq > 0);
	assert_int_equal(irq_create_mapping(root_domain, 3), virq);
	assert_int_equal(irq_find_mapping(root_domain, 3), virq);
	assert_int_equal(irq_find_mapping(root_domain, 4), 0);
	assert_int_equal(irq_get_irq_data(virq)->hwirq, 3);
	assert_int_equal(request_irq(virq, fake6_handler, 0, "t", NULL), 0);
	fake6_log_clear();
	root_hwirq = 3;
	genirq6_vector_bind_root(60, root_handler, NULL);
	genirq6_vector_entry(60);
	assert_log(F6_HANDLER, F6_EOI);
	/* a vector raised on libgenirq's simulated CPU reaches genirq6 */
	assert_int_equal(irq_cpu_raise(0, 60), 0);
	assert_log(F6_HANDLER, F6_EOI, F6_HANDLER, F6_EOI);
	assert_false(in_hardirq());
	assert_int_equal(generic_handle_domain_irq(root_domain, 5), -EINVAL);
	free_irq(virq, NULL);
	irq_dispose_mapping(virq);
	assert_int_equal(irq_find_mapping(root_domain, 3), 0);
	assert_null(irq_to_desc(virq));
}

static struct irq_chip child_chip = {
	.name = "child",
	.irq_mask = irq_chip_mask_parent,
	.irq_unmask = irq_chip_unmask_parent,
	.irq_eoi = irq_chip_eoi_parent,
};

static int parent_alloc(struct irq_domain *d, unsigned int virq,
			unsigned int nr, void *arg)
{
	irq_hw_number_t hw = *(irq_hw_number_t *)arg + 16;

	for (unsigned int i = 0; i < nr; i++)
		irq_domain_set_hwirq_and_chip(d, virq + i, hw + i,
					      fake6_parent_chip(), NULL);
	return 0;
}

static int child_alloc(struct irq_domain *d, unsigned int virq, unsigned int nr,
		       void *arg)
{
	irq_hw_number_t hw = *(irq_hw_number_t *)arg;
	int ret = irq_domain_alloc_irqs_parent(d, virq, nr, arg);

	if (ret)
		return ret;
	for (unsigned int i = 0; i < nr; i++)
		irq_domain_set_info(d, virq + i, hw + i, &child_chip, NULL,
				    handle_fasteoi_irq, NULL, "fasteoi");
	return 0;
}

static const struct irq_domain_ops parent_ops = {
	.alloc = parent_alloc,
	.free = irq_domain_free_irqs_common,
};
static const struct irq_domain_ops child_ops = {
	.alloc = child_alloc,
	.free = irq_domain_free_irqs_common,
};

static void test_hierarchy(void **state)
{
	struct irq_domain *parent, *child;
	irq_hw_number_t hw = 2;
	int virq;

	(void)state;
	fake6_init();
	parent = irq_domain_create_hierarchy(NULL, 0, 32, NULL, &parent_ops,
					     NULL);
	child = irq_domain_create_hierarchy(parent, 0, 8, NULL, &child_ops,
					    NULL);
	virq = irq_domain_alloc_irqs(child, 1, NUMA_NO_NODE, &hw);
	assert_true(virq > 0);
	assert_int_equal(irq_domain_get_irq_data(parent, virq)->hwirq, 18);
	assert_int_equal(irq_domain_get_irq_data(child, virq)->hwirq, 2);
	assert_int_equal(irq_find_mapping(parent, 18), virq);
	assert_int_equal(irq_find_mapping(child, 2), virq);
	assert_int_equal(request_irq((unsigned int)virq, fake6_handler, 0, "t",
				     NULL),
			 0);
	fake6_log_clear();
	root_domain = parent;
	root_hwirq = 18;
	genirq6_vector_bind_root(61, root_handler, NULL);
	genirq6_vector_entry(61);
	assert_log(F6_HANDLER, F6_PARENT_EOI);
	free_irq((unsigned int)virq, NULL);
	irq_domain_free_irqs((unsigned int)virq, 1);
	assert_int_equal(irq_find_mapping(parent, 18), 0);
	assert_int_equal(parent->mapcount, 0);
	assert_int_equal(child->mapcount, 0);
}

static struct irq_domain *gpio_domain;

static void demux(struct irq_desc *desc)
{
	struct irq_chip *chip = irq_desc_get_chip(desc);

	chained_irq_enter(chip, desc);
	generic_handle_domain_irq(gpio_domain, 1);
	chained_irq_exit(chip, desc);
}

static int map_simple(struct irq_domain *d, unsigned int virq,
		      irq_hw_number_t hw)
{
	(void)d;
	(void)hw;
	irq_set_chip_and_handler(virq, &dummy_irq_chip, handle_simple_irq);
	return 0;
}

static const struct irq_domain_ops gpio_ops = { .map = map_simple };

static void chained(unsigned int omit)
{
	unsigned int parent, child;

	fake6_init();
	gpio_domain = irq_domain_create_linear(NULL, 4, &gpio_ops, NULL);
	child = irq_create_mapping(gpio_domain, 1);
	assert_int_equal(request_irq(child, fake6_handler, 0, "gpio", NULL), 0);
	parent = fake6_line(fake6_chip_make(0, omit), handle_level_irq);
	irq_set_chained_handler_and_data(parent, demux, NULL);
	assert_non_null(irq_to_desc(parent)->action);
	/* a chained line cannot be requested */
	assert_int_equal(request_irq(parent, fake6_handler, 0, "x", NULL),
			 -EINVAL);
	fake6_log_clear();
	fake6_fire(parent);
}

static void test_chained(void **state)
{
	(void)state;
	chained(F6_OMIT(F6_EOI));
	assert_log(F6_MASK_ACK, F6_HANDLER, F6_UNMASK);
	chained(0); /* a fasteoi parent: its EOI at the exit only */
	assert_log(F6_HANDLER, F6_EOI);
}

static void test_lookup(void **state)
{
	unsigned int irq;

	(void)state;
	fake6_init();
	irq = fake6_line(fake6_chip_make(0, 0), handle_simple_irq);
	assert_int_equal(request_irq(irq, fake6_handler, 0, "t", NULL), 0);
	fake6_log_clear();
	assert_int_equal(genirq6_get_lookup(), GENIRQ6_LOOKUP_TREE);
	struct irq_desc *by_tree = irq_to_desc(irq);
	assert_null(irq_to_desc(irq + 1)); /* the tree: allocated only */
	assert_int_equal(genirq6_set_lookup(GENIRQ6_LOOKUP_ARRAY), 0);
	assert_ptr_equal(irq_to_desc(irq), by_tree);
	assert_non_null(irq_to_desc(irq + 1)); /* the array: every one */
	assert_int_equal(generic_handle_irq_safe(irq), 0);
	assert_int_equal(genirq6_set_lookup(GENIRQ6_LOOKUP_TREE), 0);
	assert_int_equal(generic_handle_irq_safe(irq), 0);
	assert_log(F6_HANDLER, F6_HANDLER);
	assert_int_equal(generic_handle_irq(GENIRQ6_NR_IRQS + 5), -EINVAL);
	assert_int_equal(genirq6_set_lookup((enum genirq6_lookup)7), -EINVAL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_linear),
		cmocka_unit_test(test_hierarchy),
		cmocka_unit_test(test_chained),
		cmocka_unit_test(test_lookup),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
