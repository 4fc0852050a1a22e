// SPDX-License-Identifier: GPL-2.0
/*
 * The CLI, run as a program (the sanitized build): exit codes, where
 * output goes, compile/check/decompile/reasons against offline tables.
 */
#include <sys/wait.h>
#include <unistd.h>

#include "test.h"

#ifndef LDPOLICY_BIN
#error "LDPOLICY_BIN"
#endif
#ifndef POLICIES
#error "POLICIES"
#endif

struct run {
	int status;
	char *out, *err;
};

static char *slurp_fd(int fd)
{
	size_t cap = 4096, n = 0;
	char *s = malloc(cap);
	ssize_t r;

	while ((r = read(fd, s + n, cap - n - 1)) > 0) {
		n += r;
		if (n + 1 >= cap)
			s = realloc(s, cap *= 2);
	}
	s[n] = '\0';
	return s;
}

/* Run ldpolicy with the NULL-terminated args; stdin from /dev/null. */
static struct run run(const char *arg, ...)
{
	const char *argv[32] = { LDPOLICY_BIN };
	int out[2], err[2], n = 1, st;
	struct run r;
	va_list ap;
	pid_t pid;

	va_start(ap, arg);
	for (const char *a = arg; a && n < 31; a = va_arg(ap, const char *))
		argv[n++] = a;
	va_end(ap);
	argv[n] = NULL;
	assert_int_equal(pipe(out), 0);
	assert_int_equal(pipe(err), 0);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		dup2(out[1], 1);
		dup2(err[1], 2);
		close(out[0]);
		close(err[0]);
		execv(LDPOLICY_BIN, (char **)argv);
		_exit(127);
	}
	close(out[1]);
	close(err[1]);
	r.out = slurp_fd(out[0]);	/* small outputs: no deadlock */
	r.err = slurp_fd(err[0]);
	close(out[0]);
	close(err[0]);
	waitpid(pid, &st, 0);
	r.status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
	return r;
}

static void run_free(struct run *r)
{
	free(r->out);
	free(r->err);
}

static void help_and_usage(void **state)
{
	struct run r;

	(void)state;
	r = run("--help", NULL);
	assert_int_equal(r.status, 0);
	assert_non_null(strstr(r.out, "compile"));
	run_free(&r);
	static const char *const cmds[] = { "compile", "check", "decompile", "load", "status",
					    "query", "diff", "reasons", "explain", "seal" };
	for (size_t i = 0; i < sizeof(cmds) / sizeof(cmds[0]); i++) {
		r = run(cmds[i], "--help", NULL);
		assert_int_equal(r.status, 0);
		assert_non_null(strstr(r.out, "usage: ldpolicy "));
		run_free(&r);
	}
	r = run("frobnicate", NULL);
	assert_int_equal(r.status, 2);
	assert_non_null(strstr(r.err, "unknown command"));
	run_free(&r);
	r = run("compile", "--bogus", NULL);
	assert_int_equal(r.status, 2);
	run_free(&r);
	r = run("status", "--emit", "c", NULL);
	assert_int_equal(r.status, 2);
	assert_non_null(strstr(r.err, "takes no --emit"));
	run_free(&r);
	r = run("compile", "--table", TABLE_612, NULL);
	assert_int_equal(r.status, 2);
	run_free(&r);
	r = run("--version", NULL);
	assert_int_equal(r.status, 0);
	run_free(&r);
}

static void compile_and_decompile(void **state)
{
	char *out = write_tmp("out.blob", "");
	char *src = write_tmp("cli.ldp", "deny integrity\nallow hibernation\n"
			      "acknowledge hibernation \"test\"\n");
	struct run r;

	(void)state;
	r = run("compile", "--table", TABLE_612, "-o", out, src, NULL);
	assert_int_equal(r.status, 0);
	assert_string_equal(r.out, "");
	run_free(&r);
	r = run("decompile", "--table", TABLE_612, out, NULL);
	assert_int_equal(r.status, 0);
	assert_non_null(strstr(r.out, "deny LOCKDOWN_MODULE_SIGNATURE\n"));
	assert_null(strstr(r.out, "LOCKDOWN_HIBERNATION\n"));
	run_free(&r);
	r = run("decompile", "--table", TABLE_612, src, NULL);
	assert_int_equal(r.status, 1);
	assert_non_null(strstr(r.err, "not a lockdown policy blob"));
	run_free(&r);
	free(out);
	free(src);
}

static void errors_go_to_stderr(void **state)
{
	char *src = write_tmp("bad-cli.ldp", "deny kcore\ndeny LOCKDOWN_KPROBE\nbogus\n");
	char *out = write_tmp("bad.blob", "untouched");
	struct run r;

	(void)state;
	r = run("check", "--table", TABLE_612, src, NULL);
	assert_int_equal(r.status, 1);
	assert_non_null(strstr(r.err, "bad-cli.ldp:2:6: error: unknown reason 'LOCKDOWN_KPROBE'; "
			       "did you mean 'LOCKDOWN_KPROBES'?"));
	assert_non_null(strstr(r.err, "bad-cli.ldp:3:1: error: unknown statement"));
	run_free(&r);
	/* a failed compile leaves -o alone */
	r = run("compile", "--table", TABLE_612, "-o", out, src, NULL);
	assert_int_equal(r.status, 1);
	run_free(&r);
	r = run("check", "--table", TABLE_612, "--json", src, NULL);
	assert_int_equal(r.status, 1);
	assert_non_null(strstr(r.out, "\"schema\":\"ldpolicy.check/1\",\"ok\":false"));
	assert_non_null(strstr(r.out, "\"line\":2,\"column\":6"));
	run_free(&r);
	r = run("check", "--table", "/nonexistent/table", src, NULL);
	assert_int_equal(r.status, 3);
	run_free(&r);
	{
		FILE *f = fopen(out, "r");
		char buf[32] = { 0 };

		assert_non_null(f);
		assert_non_null(fgets(buf, sizeof(buf), f));
		fclose(f);
		assert_string_equal(buf, "untouched");
	}
	free(src);
	free(out);
}

static void shipped_policies(void **state)
{
	static const char *const names[] = { "integrity", "confidentiality", "observability",
					     "laptop-hibernate", "coco-devmem" };
	static const char *const counts[] = { "20", "28", "24", "19", "1" };

	(void)state;
	for (size_t i = 0; i < 5; i++) {
		char path[512], want[64];
		struct run r;

		snprintf(path, sizeof(path), "%s/%s.ldp", POLICIES, names[i]);
		snprintf(want, sizeof(want), ": ok, %s reason", counts[i]);
		r = run("check", "--table", TABLE_612, path, NULL);
		if (r.status != 0 || !strstr(r.out, want))
			fail_msg("%s: exit %d, out '%s', err '%s'", names[i], r.status, r.out, r.err);
		run_free(&r);
	}
}

static void reasons_offline(void **state)
{
	struct run r;

	(void)state;
	r = run("reasons", "--table", TABLE_612, NULL);
	assert_int_equal(r.status, 0);
	assert_non_null(strstr(r.out, "\n22 LOCKDOWN_KCORE confidentiality /proc/kcore access\n"));
	run_free(&r);
	r = run("reasons", "--json", "--table", TABLE_612, NULL);
	assert_int_equal(r.status, 0);
	assert_non_null(strstr(r.out, "{\"value\":2,\"id\":\"LOCKDOWN_DEV_MEM\",\"class\":\"integrity\","
			       "\"description\":\"/dev/mem,kmem,port\"}"));
	run_free(&r);
}

/* Without lockdown_policy in the kernel, state commands say so: exit 3. */
static void no_kernel(void **state)
{
	struct run r;

	(void)state;
	if (!access("/sys/kernel/security/lockdown_policy", F_OK))
		skip();
	r = run("status", NULL);
	assert_int_equal(r.status, 3);
	assert_true(strstr(r.err, "no lockdown_policy LSM") || strstr(r.err, "securityfs is not mounted"));
	run_free(&r);
	r = run("load", "--table", TABLE_612, POLICIES "/integrity.ldp", NULL);
	assert_int_equal(r.status, 3);
	run_free(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(help_and_usage),
		cmocka_unit_test(compile_and_decompile),
		cmocka_unit_test(errors_go_to_stderr),
		cmocka_unit_test(shipped_policies),
		cmocka_unit_test(reasons_offline),
		cmocka_unit_test(no_kernel),
	};

	return cmocka_run_group_tests_name("cli", tests, NULL, NULL);
}
