// SPDX-License-Identifier: GPL-2.0
/*
 * The CLI, run as a program (the sanitized build): exit codes, where
 * output goes, compile/check/decompile/reasons against offline tables.
 */
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "backend.h"

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

/*
 * Run ldpolicy with @argv (NULL-terminated, argv[0] is ours); stdin from
 * /dev/null, stdout to a pipe or, with @out, to that file.
 */
static struct run runv(const char *in_path, const char *out_path, const char **argv)
{
	int out[2], err[2], st;
	struct run r;
	pid_t pid;

	argv[0] = LDPOLICY_BIN;
	assert_int_equal(pipe(out), 0);
	assert_int_equal(pipe(err), 0);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		/* a read that never ends fails the test, never hangs it */
		alarm(60);
		if (in_path) {
			int fd = open(in_path, O_RDONLY);

			if (fd < 0 || dup2(fd, 0) < 0)
				_exit(126);
		}
		if (out_path) {
			int fd = open(out_path, O_WRONLY);

			if (fd < 0 || dup2(fd, 1) < 0)
				_exit(126);
		} else {
			dup2(out[1], 1);
		}
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

#define ARGV(...) ((const char *[]){ NULL, __VA_ARGS__, NULL })
/* run("check", "x.ldp"): ldpolicy's output on a pipe */
#define run(...) runv(NULL, NULL, ARGV(__VA_ARGS__))
/* run_to(FILE, ...): ldpolicy's standard output to FILE */
#define run_to(file, ...) runv(NULL, file, ARGV(__VA_ARGS__))
/* run_from(FILE, ...): ldpolicy's standard input from FILE */
#define run_from(file, ...) runv(file, NULL, ARGV(__VA_ARGS__))

static void run_free(struct run *r)
{
	free(r->out);
	free(r->err);
}

static void help_and_usage(void **state)
{
	struct run r;

	(void)state;
	r = run("--help");
	assert_int_equal(r.status, 0);
	assert_non_null(strstr(r.out, "compile"));
	run_free(&r);
	static const char *const cmds[] = { "compile", "check", "decompile", "load", "status",
					    "query", "diff", "reasons", "explain", "seal" };
	for (size_t i = 0; i < sizeof(cmds) / sizeof(cmds[0]); i++) {
		r = run(cmds[i], "--help");
		assert_int_equal(r.status, 0);
		assert_non_null(strstr(r.out, "usage: ldpolicy "));
		run_free(&r);
	}
	r = run("frobnicate");
	assert_int_equal(r.status, 2);
	assert_non_null(strstr(r.err, "unknown command"));
	run_free(&r);
	r = run("compile", "--bogus");
	assert_int_equal(r.status, 2);
	run_free(&r);
	r = run("status", "--emit", "c");
	assert_int_equal(r.status, 2);
	assert_non_null(strstr(r.err, "takes no --emit"));
	run_free(&r);
	r = run("compile", "--table", TABLE_612);
	assert_int_equal(r.status, 2);
	run_free(&r);
	r = run("--version");
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
	r = run("compile", "--table", TABLE_612, "-o", out, src);
	assert_int_equal(r.status, 0);
	assert_string_equal(r.out, "");
	run_free(&r);
	r = run("decompile", "--table", TABLE_612, out);
	assert_int_equal(r.status, 0);
	assert_non_null(strstr(r.out, "deny LOCKDOWN_MODULE_SIGNATURE\n"));
	assert_null(strstr(r.out, "LOCKDOWN_HIBERNATION\n"));
	run_free(&r);
	r = run("decompile", "--table", TABLE_612, src);
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
	r = run("check", "--table", TABLE_612, src);
	assert_int_equal(r.status, 1);
	assert_non_null(strstr(r.err, "bad-cli.ldp:2:6: error: unknown reason 'LOCKDOWN_KPROBE'; "
			       "did you mean 'LOCKDOWN_KPROBES'?"));
	assert_non_null(strstr(r.err, "bad-cli.ldp:3:1: error: unknown statement"));
	run_free(&r);
	/* a failed compile leaves -o alone */
	r = run("compile", "--table", TABLE_612, "-o", out, src);
	assert_int_equal(r.status, 1);
	run_free(&r);
	r = run("check", "--table", TABLE_612, "--json", src);
	assert_int_equal(r.status, 1);
	assert_non_null(strstr(r.out, "\"schema\":\"ldpolicy.check/2\",\"files\":[{\"file\":"));
	assert_non_null(strstr(r.out, "\"line\":2,\"column\":6"));
	run_free(&r);
	r = run("check", "--table", "/nonexistent/table", src);
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
		r = run("check", "--table", TABLE_612, path);
		if (r.status != 0 || !strstr(r.out, want))
			fail_msg("%s: exit %d, out '%s', err '%s'", names[i], r.status, r.out, r.err);
		run_free(&r);
	}
}

static void reasons_offline(void **state)
{
	struct run r;

	(void)state;
	r = run("reasons", "--table", TABLE_612);
	assert_int_equal(r.status, 0);
	assert_non_null(strstr(r.out, "\n22 LOCKDOWN_KCORE confidentiality /proc/kcore access\n"));
	run_free(&r);
	r = run("reasons", "--json", "--table", TABLE_612);
	assert_int_equal(r.status, 0);
	assert_non_null(strstr(r.out, "{\"value\":2,\"id\":\"LOCKDOWN_DEV_MEM\",\"class\":\"integrity\","
			       "\"description\":\"/dev/mem,kmem,port\"}"));
	run_free(&r);
}

static mode_t mode_of(const char *path)
{
	struct stat st;

	assert_int_equal(lstat(path, &st), 0);
	return st.st_mode;
}

static size_t size_of(const char *path)
{
	struct stat st;

	assert_int_equal(stat(path, &st), 0);
	return st.st_size;
}

/*
 * compile -o: a new file gets the umask's mode; a regular file is replaced
 * whole, keeping its mode; a symlink to one stays a symlink; what is not
 * a regular file (a FIFO here; a device, a pipe's /proc/self/fd) is written
 * in place, never replaced by a file.
 */
static void output_targets(void **state)
{
	char *fresh = write_tmp("fresh.blob", ""), *kept = write_tmp("kept.blob", "old");
	char *link = write_tmp("link.blob", ""), *fifo = write_tmp("fifo.blob", "");
	const char *pol = POLICIES "/integrity.ldp";
	mode_t old = umask(027);
	struct run r;
	pid_t reader;
	int st;

	(void)state;
	unlink(fresh);
	r = run("compile", "--table", TABLE_612, "-o", fresh, pol);
	assert_int_equal(r.status, 0);
	run_free(&r);
	assert_int_equal(mode_of(fresh) & 07777, 0640);
	umask(old);

	assert_int_equal(chmod(kept, 0644), 0);
	r = run("compile", "--table", TABLE_612, "-o", kept, pol);
	assert_int_equal(r.status, 0);
	run_free(&r);
	assert_int_equal(mode_of(kept) & 07777, 0644);
	assert_int_equal(size_of(kept), size_of(fresh));

	unlink(link);
	assert_int_equal(symlink(kept, link), 0);
	r = run("compile", "--table", TABLE_612, "--emit", "json", "-o", link, pol);
	assert_int_equal(r.status, 0);
	run_free(&r);
	assert_true(S_ISLNK(mode_of(link)));
	assert_true(size_of(kept) > size_of(fresh));	/* the JSON went through it */

	unlink(fifo);
	assert_int_equal(mkfifo(fifo, 0600), 0);
	reader = fork();
	assert_true(reader >= 0);
	if (reader == 0) {
		char buf[8192];
		int fd = open(fifo, O_RDONLY);
		ssize_t n = fd < 0 ? -1 : read(fd, buf, sizeof(buf));

		_exit(n > 0 && !memcmp(buf, "LDPB", 4) ? 0 : 1);
	}
	r = run("compile", "--table", TABLE_612, "-o", fifo, pol);
	assert_int_equal(r.status, 0);
	run_free(&r);
	assert_int_equal(waitpid(reader, &st, 0), reader);
	assert_true(WIFEXITED(st) && WEXITSTATUS(st) == 0);
	assert_true(S_ISFIFO(mode_of(fifo)));

	r = run("compile", "--table", TABLE_612, "-o", "/nonexistent/dir/x.blob", pol);
	assert_int_equal(r.status, 3);
	assert_non_null(strstr(r.err, "/nonexistent/dir/x.blob: cannot write"));
	run_free(&r);
	free(fresh);
	free(kept);
	free(link);
	free(fifo);
}

/* A full disk: every command that writes says so and exits 3. */
static void write_errors(void **state)
{
	const char *pol = POLICIES "/integrity.ldp";
	struct run r;

	(void)state;
	if (access("/dev/full", W_OK))
		skip();
	r = run_to("/dev/full", "reasons", "--table", TABLE_612);
	assert_int_equal(r.status, 3);
	assert_non_null(strstr(r.err, "cannot write standard output: No space left on device"));
	run_free(&r);
	r = run_to("/dev/full", "check", "--table", TABLE_612, pol);
	assert_int_equal(r.status, 3);
	run_free(&r);
	r = run_to("/dev/full", "check", "--json", "--table", TABLE_612, pol);
	assert_int_equal(r.status, 3);
	run_free(&r);
	r = run_to("/dev/full", "explain", "--table", TABLE_612, "kcore");
	assert_int_equal(r.status, 3);
	run_free(&r);
	r = run_to("/dev/full", "compile", "--table", TABLE_612, "--emit", "c", pol);
	assert_int_equal(r.status, 3);
	run_free(&r);
}

/* A file named on the command line that cannot be read: exit 3. */
static void unreadable_inputs(void **state)
{
	char *dir = write_tmp("a-dir", "");
	struct run r;

	(void)state;
	unlink(dir);
	assert_int_equal(mkdir(dir, 0755), 0);
	r = run("check", "--table", TABLE_612, "/nonexistent.ldp");
	assert_int_equal(r.status, 3);
	assert_non_null(strstr(r.err, "/nonexistent.ldp: error: cannot read: No such file"));
	run_free(&r);
	r = run("check", "--table", TABLE_612, dir);
	assert_int_equal(r.status, 3);
	assert_non_null(strstr(r.err, "cannot read: Is a directory"));
	run_free(&r);
	r = run("compile", "--table", TABLE_612, "-o", "/dev/null", "/nonexistent.ldp");
	assert_int_equal(r.status, 3);
	run_free(&r);
	r = run("decompile", "--table", TABLE_612, "/nonexistent.blob");
	assert_int_equal(r.status, 3);
	run_free(&r);
	free(dir);
}

/*
 * Every shipped policy survives the round trip: compile, decompile,
 * compile again gives the same blob, flags and all; decompile --json
 * reports the blob's flags.
 */
static void blob_round_trip(void **state)
{
	static const char *const names[] = { "integrity", "confidentiality", "observability",
					     "laptop-hibernate", "coco-devmem" };
	static const char *const flags[] = { "0", "0", "4", "4", "2" };

	(void)state;
	for (size_t i = 0; i < 5; i++) {
		char src[512], a[64], b[64], want[32];
		char *pa, *pb, *ldp;
		size_t la, lb;
		struct run r;

		snprintf(src, sizeof(src), "%s/%s.ldp", POLICIES, names[i]);
		snprintf(a, sizeof(a), "rt-%s.blob", names[i]);
		snprintf(b, sizeof(b), "rt-%s-again.blob", names[i]);
		pa = write_tmp(a, "");
		pb = write_tmp(b, "");
		r = run("compile", "--table", TABLE_612, "-o", pa, src);
		assert_int_equal(r.status, 0);
		run_free(&r);
		r = run("decompile", "--table", TABLE_612, pa);
		assert_int_equal(r.status, 0);
		ldp = write_tmp("rt.ldp", r.out);
		run_free(&r);
		r = run("compile", "--table", TABLE_612, "-o", pb, ldp);
		if (r.status)
			fail_msg("%s: the decompiled policy does not compile: %s", names[i], r.err);
		run_free(&r);
		{
			char x[LOCKDOWN_POLICY_MAX_SIZE], y[LOCKDOWN_POLICY_MAX_SIZE];
			FILE *fa = fopen(pa, "rb"), *fb = fopen(pb, "rb");

			la = fread(x, 1, sizeof(x), fa);
			lb = fread(y, 1, sizeof(y), fb);
			fclose(fa);
			fclose(fb);
			assert_int_equal(la, lb);
			assert_memory_equal(x, y, la);
		}
		r = run("decompile", "--json", "--table", TABLE_612, pa);
		snprintf(want, sizeof(want), "\"flags\":%s", flags[i]);
		if (!strstr(r.out, want))
			fail_msg("%s: decompile --json: no %s in %s", names[i], want, r.out);
		run_free(&r);
		free(pa);
		free(pb);
		free(ldp);
	}
}

/*
 * Diagnostics people can act on: the source line with a caret under the
 * column after file:line:col, notes in line order, and garbage cut short.
 */
static void readable_diagnostics(void **state)
{
	char *src = write_tmp("caret.ldp", "deny kcore\n\tdeny LOCKDOWN_KPROBE\n");
	char garbage[600], *junk;
	struct run r;
	const char *a, *b;

	(void)state;
	r = run("check", "--table", TABLE_612, src);
	assert_int_equal(r.status, 1);
	assert_non_null(strstr(r.err, "caret.ldp:2:7: error: unknown reason 'LOCKDOWN_KPROBE'; "
			       "did you mean 'LOCKDOWN_KPROBES'?\n"
			       "    2 | \tdeny LOCKDOWN_KPROBE\n"
			       "      | \t     ^\n"));
	run_free(&r);
	r = run("check", "--table", TABLE_612, POLICIES "/observability.ldp");
	assert_int_equal(r.status, 0);
	a = strstr(r.err, "observability.ldp:21:1: note");
	b = strstr(r.err, "observability.ldp:22:1: note");
	assert_true(a && b && a < b);
	run_free(&r);
	for (size_t i = 0; i < sizeof(garbage) - 1; i++)
		garbage[i] = i % 7 ? '@' : '\n';
	garbage[sizeof(garbage) - 1] = '\0';
	junk = write_tmp("junk.ldp", garbage);
	r = run("check", "--table", TABLE_612, junk);
	assert_int_equal(r.status, 1);
	assert_non_null(strstr(r.err, "junk.ldp: note: "));
	assert_non_null(strstr(r.err, "more errors not shown"));
	run_free(&r);
	/* a long line (one-line JSON, generated policy): shown around the column */
	{
		char line[400], *wide;

		snprintf(line, sizeof(line), "deny kcore%*sdeny LOCKDOWN_KPROBE%*s# end\n", 200, "",
			 150, "");
		wide = write_tmp("wide.ldp", line);
		r = run("check", "--table", TABLE_612, wide);
		assert_int_equal(r.status, 1);
		assert_non_null(strstr(r.err, "wide.ldp:1:216: error: unknown reason"));
		a = strstr(r.err, "\n    1 | ...");
		assert_non_null(a);
		b = strchr(a + 1, '\n');
		/* 100 bytes of the line between the "...", the caret under the reason */
		assert_int_equal(b - a, 1 + 8 + 3 + 100 + 3);
		assert_non_null(strstr(b, "\n      |    " "                                                  "
				       "^\n"));
		run_free(&r);
		free(wide);
	}
	free(src);
	free(junk);
}

/*
 * What users of bpftool, nft and apparmor_parser expect: options anywhere,
 * global -j and -p, unique prefixes, --Werror, -q, each file checked on
 * its own, an include path, JSON diagnostics with fields.
 */
static void cli_conventions(void **state)
{
	const char *integ = POLICIES "/integrity.ldp", *coco = POLICIES "/coco-devmem.ldp";
	char *bad = write_tmp("h-cli.ldp", "deny integrity\nallow hibernation\n");
	char *dup = write_tmp("dup-cli.ldp", "deny integrity\nallow hibernation\n"
			      "acknowledge hibernation \"a\"\nacknowledge hibernation \"b\"\n");
	char *inc = write_tmp("inc-cli.ldp", "include \"integrity.ldp\"\n");
	struct run r;

	(void)state;
	r = run("check", integ, "--json", "--table", TABLE_612);
	assert_int_equal(r.status, 0);
	assert_non_null(strstr(r.out, "\"schema\":\"ldpolicy.check/2\",\"files\":[{\"file\":"));
	run_free(&r);
	r = run("-j", "chec", "--table", TABLE_612, integ);
	assert_int_equal(r.status, 0);
	assert_non_null(strstr(r.out, "\"ok\":true"));
	run_free(&r);
	r = run("-p", "check", "--table", TABLE_612, integ);
	assert_int_equal(r.status, 0);
	assert_non_null(strstr(r.out, "{\n  \"schema\": \"ldpolicy.check/2\",\n  \"files\": [\n    {\n"));
	run_free(&r);
	r = run("c", "--table", TABLE_612, integ);
	assert_int_equal(r.status, 2);
	assert_non_null(strstr(r.err, "'c' is ambiguous: compile or check"));
	run_free(&r);
	/* every command a prefix could mean is named, seal too */
	r = run("s");
	assert_int_equal(r.status, 2);
	assert_non_null(strstr(r.err, "'s' is ambiguous: status, suggest or seal"));
	run_free(&r);

	/* each file on its own: one ok, one broken, the exit the worst */
	r = run("check", "--table", TABLE_612, integ, bad, coco);
	assert_int_equal(r.status, 1);
	assert_non_null(strstr(r.out, "integrity.ldp: ok, 20 reasons denied; 17 of them defeated by "
			       "paths that ask no reason on Linux 6.12: not protected\n"));
	assert_non_null(strstr(r.out, "coco-devmem.ldp: ok, 1 reason denied; 1 of them defeated by what it allows, "
			       "excused: not protected\n"));
	assert_non_null(strstr(r.err, "h-cli.ldp:2:7: error: LOCKDOWN_HIBERNATION is allowed but"));
	run_free(&r);
	r = run("check", "-q", "--table", TABLE_612, integ);
	assert_int_equal(r.status, 0);
	assert_string_equal(r.out, "");
	run_free(&r);
	r = run("-j", "check", "--table", TABLE_612, bad);
	assert_non_null(strstr(r.out, "\"code\":\"bypass\""));
	assert_non_null(strstr(r.out, "\"allowed\":[\"LOCKDOWN_HIBERNATION\"]"));
	assert_non_null(strstr(r.out, "\"denied\":[\"LOCKDOWN_MODULE_SIGNATURE\","));
	assert_non_null(strstr(r.out, "\"fix\":{\"line\":3,\"column\":1,\"length\":0,"
			       "\"text\":\"acknowledge LOCKDOWN_HIBERNATION \\\"why\\\"\\n\"}"));
	run_free(&r);

	/* --Werror: a warning fails the run */
	r = run("check", "--table", TABLE_612, dup);
	assert_int_equal(r.status, 0);
	run_free(&r);
	r = run("check", "--Werror", "--table", TABLE_612, dup);
	assert_int_equal(r.status, 1);
	run_free(&r);

	/* an include found through -I */
	r = run("check", "--table", TABLE_612, inc);
	assert_int_equal(r.status, 1);
	assert_non_null(strstr(r.err, "cannot include 'integrity.ldp': not beside this file"));
	run_free(&r);
	r = run("check", "-I", POLICIES, "--table", TABLE_612, inc);
	assert_int_equal(r.status, 0);
	run_free(&r);

	/* offline review: a policy against another, a reason against a policy */
	r = run("diff", "--table", TABLE_612, "--policy", integ, POLICIES "/confidentiality.ldp");
	assert_int_equal(r.status, 0);
	assert_non_null(strstr(r.out, "would tighten (newly denied):    LOCKDOWN_KCORE "));
	run_free(&r);
	r = run("diff", "--table", TABLE_612, "--policy", integ, coco);
	assert_int_equal(r.status, 1);
	run_free(&r);
	r = run("query", "--table", TABLE_612, "--policy", POLICIES "/observability.ldp", "kcore");
	assert_int_equal(r.status, 1);
	assert_string_equal(r.out, "LOCKDOWN_KCORE: denied (by policy)\n");
	run_free(&r);
	r = run("query", "--table", TABLE_612, "--policy", POLICIES "/observability.ldp", "perf");
	assert_int_equal(r.status, 0);
	assert_string_equal(r.out, "LOCKDOWN_PERF: allowed\n");
	run_free(&r);
	free(bad);
	free(dup);
	free(inc);
}

/* JSON is UTF-8, whatever bytes a file name holds. */
static void json_is_utf8(void **state)
{
	char *src = write_tmp("caf\xe9.ldp", "deny kcore\n");
	struct run r;

	(void)state;
	r = run("check", "--json", "--table", TABLE_612, src);
	assert_int_equal(r.status, 1);
	assert_non_null(strstr(r.out, "caf\\ufffd.ldp"));
	assert_null(strchr(r.out, '\xe9'));
	run_free(&r);
	free(src);
}

/*
 * On a host with neither backend, state commands say so: exit 3. A host
 * with one is never touched by unit tests (no load may reach its kernel).
 */
static void no_kernel(void **state)
{
	struct run r;

	(void)state;
	if (backend_any(SECFS_ROOT))
		skip();
	r = run("status");
	assert_int_equal(r.status, 3);
	assert_true(strstr(r.err, "no lockdown policy backend in this kernel"));
	run_free(&r);
	r = run("load", "--table", TABLE_612, POLICIES "/integrity.ldp");
	assert_int_equal(r.status, 3);
	run_free(&r);
}

/*
 * What cannot be undone until reboot is never reached by an abbreviation:
 * "ldpolicy sea" seals nothing, "ldpolicy lo" loads nothing, "--se" is
 * not --seal. Each is refused as a usage error before any kernel is
 * looked at (on a host with a backend, the full names are never run).
 */
static void no_irreversible_prefix(void **state)
{
	const char *pol = POLICIES "/integrity.ldp";
	struct run r;

	(void)state;
	r = run("sea");
	assert_int_equal(r.status, 2);
	assert_non_null(strstr(r.err, "'sea': seal cannot be undone until reboot"));
	run_free(&r);
	r = run("lo", "--table", TABLE_612, pol);
	assert_int_equal(r.status, 2);
	assert_non_null(strstr(r.err, "'lo': load cannot be undone until reboot"));
	run_free(&r);
	r = run("load", "--se", "--table", TABLE_612, pol);
	assert_int_equal(r.status, 2);
	assert_non_null(strstr(r.err, "'--se': --seal cannot be undone until reboot"));
	run_free(&r);
	/* a harmless command still answers to a prefix */
	r = run("reas", "--table", TABLE_612);
	assert_int_equal(r.status, 0);
	run_free(&r);
}

/*
 * Exit codes: what is wrong with the command line is a usage error (2),
 * an environment's fault is 3; a global option a command has no use for
 * is refused, never dropped.
 */
static void usage_exit_codes(void **state)
{
	char *out = write_tmp("j-compile.blob", "untouched");
	struct run r;

	(void)state;
	r = run("status", "--backend", "nope");
	assert_int_equal(r.status, 2);
	assert_non_null(strstr(r.err, "unknown backend 'nope'"));
	run_free(&r);
	r = run("help", "nosuch");
	assert_int_equal(r.status, 2);
	assert_non_null(strstr(r.err, "unknown command 'nosuch'"));
	run_free(&r);
	r = run("help", "check");
	assert_int_equal(r.status, 0);
	assert_non_null(strstr(r.out, "usage: ldpolicy check"));
	run_free(&r);
	r = run("-j", "compile", "--table", TABLE_612, "-o", out, POLICIES "/integrity.ldp");
	assert_int_equal(r.status, 2);
	assert_non_null(strstr(r.err, "'compile' takes no -j"));
	run_free(&r);
	{
		FILE *f = fopen(out, "r");
		char buf[32] = { 0 };

		assert_non_null(f);
		assert_non_null(fgets(buf, sizeof(buf), f));
		fclose(f);
		assert_string_equal(buf, "untouched");
	}
	r = run("-q", "reasons", "--table", TABLE_612);
	assert_int_equal(r.status, 2);
	run_free(&r);
	free(out);
}

/* A file of @size bytes of comment lines. */
static char *comment_file(const char *name, size_t size)
{
	char *path = write_tmp(name, "");
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	for (size_t n = 0; n < size; n += 64)
		fprintf(f, "# %61s\n", "a comment line, 64 bytes with its newline");
	assert_int_equal(fclose(f), 0);
	return path;
}

/*
 * Every input is bounded (ldpolicy(8), LIMITS): /dev/zero, a FIFO, a
 * 2 MiB file, an endless standard input fail at once, "file: too large"
 * or "not a regular file", whether named on the command line (exit 3),
 * included (an error at the include, exit 1), or given as a blob, a
 * table or a model. Before, each read until memory ran out.
 */
static void bounded_inputs(void **state)
{
	char *big = comment_file("big.ldp", 2 << 20), *ok = comment_file("fine.ldp", 64 << 10);
	char *fifo = write_tmp("input.fifo", ""), *inc, *fan, *line;
	struct run r;
	size_t len;

	(void)state;
	r = run("check", "--table", TABLE_612, "/dev/zero");
	assert_int_equal(r.status, 3);
	assert_non_null(strstr(r.err, "/dev/zero: error: not a regular file"));
	run_free(&r);
	unlink(fifo);
	assert_int_equal(mkfifo(fifo, 0600), 0);
	r = run("check", "--table", TABLE_612, fifo);
	assert_int_equal(r.status, 3);
	assert_non_null(strstr(r.err, "not a regular file"));
	run_free(&r);
	r = run("check", "--table", TABLE_612, big);
	assert_int_equal(r.status, 3);
	assert_non_null(strstr(r.err, "big.ldp: error: too large (more than 1 MiB)"));
	run_free(&r);
	/* standard input: bounded the same */
	r = run_from(big, "check", "--table", TABLE_612, "-");
	assert_int_equal(r.status, 3);
	assert_non_null(strstr(r.err, "-: error: too large (more than 1 MiB)"));
	run_free(&r);
	r = run_from(ok, "check", "--table", TABLE_612, "-");
	assert_int_equal(r.status, 0);
	run_free(&r);
	/* an include: its own error, at the include */
	inc = write_tmp("inc-zero.ldp", "deny kcore\ninclude \"/dev/zero\"\n");
	r = run("check", "--table", TABLE_612, inc);
	assert_int_equal(r.status, 1);
	assert_non_null(strstr(r.err, "inc-zero.ldp:2:9: error: cannot include '/dev/zero': "
			       "not a regular file"));
	run_free(&r);
	/* includes fanned out: bounded in all, said once */
	len = strlen("include \"\"\n") + strlen(ok);
	line = malloc(200 * len + 1);
	line[0] = '\0';
	for (int i = 0; i < 200; i++)
		sprintf(line + strlen(line), "include \"%s\"\n", ok);
	fan = write_tmp("fan.ldp", line);
	r = run("check", "--table", TABLE_612, fan);
	assert_int_equal(r.status, 1);
	assert_non_null(strstr(r.err, "too large: the policy and its includes read more than "
			       "8 MiB in all"));
	assert_null(strstr(strstr(r.err, "in all") + 1, "in all"));
	run_free(&r);
	/* a blob, a table, a model */
	r = run("decompile", "--table", TABLE_612, "/dev/zero");
	assert_int_equal(r.status, 3);
	assert_non_null(strstr(r.err, "not a regular file"));
	run_free(&r);
	r = run("decompile", "--table", TABLE_612, big);
	assert_int_equal(r.status, 3);
	assert_non_null(strstr(r.err, "too large"));
	run_free(&r);
	r = run("check", "--table", "/dev/zero", ok);
	assert_int_equal(r.status, 3);
	assert_non_null(strstr(r.err, "/dev/zero: error: not a regular file"));
	run_free(&r);
	r = run("check", "--table", TABLE_612, "--model", "/dev/zero", ok);
	assert_int_equal(r.status, 3);
	assert_non_null(strstr(r.err, "/dev/zero: error: not a regular file"));
	run_free(&r);
	r = run("check", "--table", TABLE_612, "--model", fifo, ok);
	assert_int_equal(r.status, 3);
	run_free(&r);
	free(big);
	free(ok);
	free(fifo);
	free(inc);
	free(fan);
	free(line);
}

/*
 * A policy that denies and warns about nothing (a boot file whose lines
 * were all commented out) protects nothing: a warning, an error under
 * --Werror, never a silent "ok".
 */
static void empty_policy_warns(void **state)
{
	char *empty = write_tmp("empty.ldp", "# deny integrity\n\n# seal\n");
	char *out = write_tmp("empty.blob", "untouched");
	struct run r;

	(void)state;
	r = run("check", "--table", TABLE_612, empty);
	assert_int_equal(r.status, 0);
	assert_non_null(strstr(r.err, "empty.ldp: warning: this policy denies nothing and warns "
			       "about nothing: it protects nothing"));
	run_free(&r);
	r = run("check", "--Werror", "--table", TABLE_612, empty);
	assert_int_equal(r.status, 1);
	run_free(&r);
	r = run("compile", "--Werror", "--table", TABLE_612, "-o", out, empty);
	assert_int_equal(r.status, 1);
	run_free(&r);
	r = run("check", "--table", TABLE_612, POLICIES "/coco-devmem.ldp");
	assert_null(strstr(r.err, "denies nothing"));
	run_free(&r);
	free(empty);
	free(out);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(help_and_usage),
		cmocka_unit_test(compile_and_decompile),
		cmocka_unit_test(errors_go_to_stderr),
		cmocka_unit_test(shipped_policies),
		cmocka_unit_test(reasons_offline),
		cmocka_unit_test(output_targets),
		cmocka_unit_test(write_errors),
		cmocka_unit_test(unreadable_inputs),
		cmocka_unit_test(blob_round_trip),
		cmocka_unit_test(readable_diagnostics),
		cmocka_unit_test(cli_conventions),
		cmocka_unit_test(json_is_utf8),
		cmocka_unit_test(no_kernel),
		cmocka_unit_test(no_irreversible_prefix),
		cmocka_unit_test(usage_exit_codes),
		cmocka_unit_test(bounded_inputs),
		cmocka_unit_test(empty_policy_warns),
	};

	return cmocka_run_group_tests_name("cli", tests, NULL, NULL);
}
