/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The fixture of the unit tests that need 6.12's table and model: the
 * group's setup loads both into t and m, its teardown frees them.
 */
#ifndef LDPOLICY_TEST_MODEL_612_H
#define LDPOLICY_TEST_MODEL_612_H

#include "test.h"
#include "model.h"

static struct reason_table t;
static struct model m;

static int setup(void **state)
{
	struct diags d = { 0 };

	(void)state;
	load_612(&t);
	if (model_load(&m, "6.12", NULL, &d)) {
		diag_print(&d, stderr);
		return -1;
	}
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	model_free(&m);
	table_free(&t);
	return 0;
}

/* The number of the reason @name in t, which must have it. */
static inline unsigned int id(const char *name)
{
	int what = table_lookup(&t, name);

	assert_true(what > 0);
	return what;
}

/* Set reason @what in the bitmap @bits. */
static inline void set(uint64_t *bits, unsigned int what)
{
	bits[what / 64] |= 1ULL << (what % 64);
}

#endif
