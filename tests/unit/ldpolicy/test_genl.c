// SPDX-License-Identifier: GPL-2.0
/*
 * A generic netlink family's id (genl.c), asked of the host's kernel: the
 * controller's own, fixed by the UAPI; a family no kernel has, which only
 * the kernel's answer says; a name the controller could not hold.
 */
#include <errno.h>
#include <linux/filter.h>
#include <linux/genetlink.h>
#include <linux/seccomp.h>
#include <stddef.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

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
	assert_int_equal(genl_family_id("ldp-no-such", &id), 1);
	assert_int_equal(id, 7);
}

/*
 * A socket(2) that fails with ENOENT (a seccomp filter of the caller's,
 * as a red team set one on ldpolicy's setup): a failure, never "none".
 */
static void socket_enoent_is_no_answer(void **state)
{
	struct sock_filter f[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_socket, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | ENOENT),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};
	struct sock_fprog prog = { .len = sizeof(f) / sizeof(f[0]), .filter = f };
	int status;
	pid_t pid;

	(void)state;
	pid = fork();
	assert_true(pid >= 0);
	if (!pid) {
		uint16_t id = 7;

		if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) ||
		    prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog))
			_exit(2);
		_exit(genl_family_id("nlctrl", &id) == -ENOENT && id == 7 ? 0 : 1);
	}
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);
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
		cmocka_unit_test(socket_enoent_is_no_answer),
		cmocka_unit_test(name_too_long),
	};

	return cmocka_run_group_tests_name("genl", tests, NULL, NULL);
}
