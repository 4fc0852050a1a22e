// SPDX-License-Identifier: GPL-2.0
/*
 * A generic netlink family's id (genl.c), asked of the host's kernel: the
 * controller's own, fixed by the UAPI; a family no kernel has; a name the
 * controller could not hold.
 */
#include <errno.h>
#include <linux/genetlink.h>

#include "genl.h"
#include "test.h"

static void controller_is_fixed(void **state)
{
	uint16_t id = 0;

	(void)state;
	assert_int_equal(genl_family_id("nlctrl", &id), 0);
	assert_int_equal(id, GENL_ID_CTRL);
}

static void unknown_family(void **state)
{
	uint16_t id = 7;

	(void)state;
	assert_int_equal(genl_family_id("ldp-no-such", &id), -ENOENT);
	assert_int_equal(id, 7);
}

static void name_too_long(void **state)
{
	char name[GENL_NAMSIZ + 1];
	uint16_t id = 7;

	(void)state;
	memset(name, 'x', GENL_NAMSIZ);
	name[GENL_NAMSIZ] = '\0';
	assert_int_equal(genl_family_id(name, &id), -ENAMETOOLONG);
	assert_int_equal(id, 7);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(controller_is_fixed),
		cmocka_unit_test(unknown_family),
		cmocka_unit_test(name_too_long),
	};

	return cmocka_run_group_tests_name("genl", tests, NULL, NULL);
}
