// SPDX-License-Identifier: GPL-2.0
/*
 * The BPF backend's identity, in what runs in userspace: the object as
 * libbpf opens it (its tagger first, no helper libbpf rewrites by
 * probing the kernel), the tags ldpolicy computes against the ones the
 * host kernel gives (where this host lets root load a program), and the
 * kernel filesystems read through ldpolicy's own mounts.
 */
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "bpf_tags.h"
#include "kfs.h"
#include "ldp_bpf.h"
#include "ldpolicy.skel.h"
#include "test.h"
#include "util.h"

static int quiet(enum libbpf_print_level level, const char *fmt, va_list ap)
{
	(void)level;
	(void)fmt;
	(void)ap;
	return 0;
}

/*
 * libbpf loads programs in this order: the tagger must be first, or the
 * tags could not be learnt without loading the object. And the code
 * calls no bpf_probe_read*() helper by its own id (libbpf would probe the
 * kernel for it, asking lockdown, and rewrite the calls by the answer),
 * but the kernel read it needs under the alias ldpolicy puts back.
 */
static void object_as_opened(void **state)
{
	struct ldpolicy_bpf *skel;
	struct bpf_program *p;
	size_t aliased = 0, progs = 0;

	(void)state;
	libbpf_set_print(quiet);
	skel = ldpolicy_bpf__open();
	assert_non_null(skel);
	assert_ptr_equal(bpf_object__next_program(skel->obj, NULL), skel->progs.ldp_tagger);
	bpf_object__for_each_program(p, skel->obj) {
		size_t n = bpf_program__insn_cnt(p);
		struct bpf_insn *insns = xmalloc(n * sizeof(*insns));

		memcpy(insns, bpf_program__insns(p), n * sizeof(*insns));
		for (size_t i = 0; i < n; i++)
			aliased += insns[i].code == (BPF_JMP | BPF_CALL) && !insns[i].src_reg &&
				   (insns[i].imm & 0xffff0000) == LDP_HELPER_ALIAS_BASE;
		assert_int_equal(bpf_unalias(insns, n), 0);
		for (size_t i = 0; i < n; i++)
			assert_false(insns[i].code == (BPF_JMP | BPF_CALL) && !insns[i].src_reg &&
				     (insns[i].imm & 0xffff0000));
		free(insns);
		progs++;
	}
	assert_true(aliased > 0);
	assert_true(progs < LDP_GUARD_PROGS);
	ldpolicy_bpf__destroy(skel);
}

/* A code with a direct bpf_probe_read_kernel() call is refused. */
static void direct_probe_read_refused(void **state)
{
	struct bpf_insn insns[] = {
		{ .code = BPF_JMP | BPF_CALL, .imm = BPF_FUNC_probe_read_kernel },
		{ .code = BPF_JMP | BPF_EXIT },
	};
	struct bpf_insn aliased[] = {
		{ .code = BPF_JMP | BPF_CALL, .imm = LDP_HELPER_ALIAS_BASE | BPF_FUNC_probe_read_kernel },
		{ .code = BPF_JMP | BPF_EXIT },
	};

	(void)state;
	assert_int_equal(bpf_unalias(insns, 2), -1);
	insns[0].imm = BPF_FUNC_probe_read;
	assert_int_equal(bpf_unalias(insns, 2), -1);
	assert_int_equal(bpf_unalias(aliased, 2), 0);
	assert_int_equal(aliased[0].imm, BPF_FUNC_probe_read_kernel);
}

/* The tag the kernel gives @insns, or -1 if this host loads no program. */
static int kernel_tag(const struct bpf_insn *insns, size_t n, uint8_t *tag)
{
	struct bpf_prog_info info = { 0 };
	__u32 len = sizeof(info);
	int fd = bpf_prog_load(BPF_PROG_TYPE_SOCKET_FILTER, "ldp_tag_test", "GPL", insns, n, NULL);

	if (fd < 0)
		return -1;
	assert_int_equal(bpf_obj_get_info_by_fd(fd, &info, &len), 0);
	memcpy(tag, info.tag, BPF_TAG_SIZE);
	close(fd);
	return 0;
}

/* Does @tag, the kernel's, match what ldpolicy computes in one digest? */
static bool computed(const struct bpf_insn *insns, size_t n, const uint8_t *tag)
{
	struct bpf_want_prog w = { .name = "test" };

	assert_int_equal(bpf_tag_of(insns, n, BPF_TAG_SHA1, w.tag[BPF_TAG_SHA1]), 0);
	assert_int_equal(bpf_tag_of(insns, n, BPF_TAG_SHA256, w.tag[BPF_TAG_SHA256]), 0);
	return bpf_tag_is(&w, tag);
}

/*
 * What ldpolicy computes is what the kernel computes (SHA-1 up to 6.17,
 * SHA-256 after): a plain program, and one that loads a map's address
 * (whose fd the tag leaves out).
 */
static void tags_as_the_kernel(void **state)
{
	int map = bpf_map_create(BPF_MAP_TYPE_ARRAY, "ldp_tag_map", 4, 8, 1, NULL);
	struct bpf_insn plain[] = {
		{ .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = 0, .imm = 7 },
		{ .code = BPF_JMP | BPF_EXIT },
	};
	struct bpf_insn with_map[] = {
		{ .code = BPF_LD | BPF_IMM | BPF_DW, .dst_reg = 1, .src_reg = BPF_PSEUDO_MAP_FD,
		  .imm = map },
		{ .code = 0 },
		{ .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = 0, .imm = 0 },
		{ .code = BPF_JMP | BPF_EXIT },
	};
	uint8_t want[BPF_TAG_SIZE];

	(void)state;
	if (map < 0 || kernel_tag(plain, 2, want)) {
		if (map >= 0)
			close(map);
		skip();
	}
	assert_true(computed(plain, 2, want));
	assert_int_equal(kernel_tag(with_map, 4, want), 0);
	with_map[0].imm = map + 100;	/* another fd: the same tag */
	assert_true(computed(with_map, 4, want));
	with_map[2].imm = 1;		/* other code: another tag */
	assert_false(computed(with_map, 4, want));
	close(map);
}

/*
 * Through ldpolicy's own mounts: what the usual path gives, never
 * through a symlink (which a mount of one's own cannot make, and the
 * usual path could).
 */
static void kernel_filesystems(void **state)
{
	size_t len = 0;
	char *ostype = kfs_read(KFS_PROC, "sys/kernel/ostype", 64, &len);
	char *big;
	int fd;

	(void)state;
	assert_non_null(ostype);
	assert_string_equal(ostype, "Linux\n");
	assert_int_equal(len, 6);
	free(ostype);
	errno = 0;
	fd = kfs_open(KFS_PROC, "self/status", O_RDONLY);
	assert_int_equal(fd, -1);
	assert_int_equal(errno, ELOOP);
	/* bounded: a file larger than asked for is an error, not a cut */
	big = kfs_read(KFS_PROC, "sys/kernel/ostype", 3, NULL);
	assert_null(big);
	assert_int_equal(errno, EFBIG);
	fd = kfs_open(KFS_CGROUP2, ".", O_RDONLY | O_DIRECTORY);
	if (fd >= 0)
		close(fd);
	else
		assert_int_equal(errno, ENODEV);	/* no cgroup2 in this kernel */
}

/*
 * The guards' test of a program against a denial's mark (ldp_prog_after()):
 * loaded before the mark only if numbered up to it, loaded before it, and
 * ids are not near their wrap. A new program under a wrapped id (ids are
 * cyclic: after some 2^31 loads a new one gets a free id below every mark)
 * is new by its load time; one whose load began before the mark and ended
 * after is new by its id; one held in the verifier across the mark and a
 * wrap is new because the guard saw the ids come near their wrap first.
 */
static void prog_after_mark(void **state)
{
	const __u32 mark_id = 42;
	const __u64 mark_ns = 5000000000ULL;

	(void)state;
	/* loaded before the denial: left alone */
	assert_false(ldp_prog_after(7, mark_ns - 1, mark_id, mark_ns, 0));
	assert_false(ldp_prog_after(mark_id, mark_ns - 1, mark_id, mark_ns, 0));
	/* loaded after it, numbered above it */
	assert_true(ldp_prog_after(mark_id + 1, mark_ns + 1, mark_id, mark_ns, 0));
	/* began before it, given its id after it */
	assert_true(ldp_prog_after(mark_id + 1, mark_ns - 1, mark_id, mark_ns, 0));
	/* after the ids wrapped: a free id below the mark, loaded after it */
	assert_true(ldp_prog_after(3, mark_ns + 1, mark_id, mark_ns, 0));
	assert_true(ldp_prog_after(1, mark_ns, mark_id, mark_ns, 0));
	/* held from before the mark across a wrap: the ids came near it first */
	assert_true(ldp_prog_after(3, mark_ns - 1, mark_id, mark_ns, 1));
	assert_true(ldp_prog_after(7, mark_ns - 1, mark_id, mark_ns, 1));
	/* the object's own (no id bound, its setup's time): one loaded since is not */
	assert_false(ldp_prog_after(19, mark_ns - 1, (__u32)-1, mark_ns, 0));
	assert_true(ldp_prog_after(19, mark_ns + 1, (__u32)-1, mark_ns, 0));
	assert_true(ldp_prog_after(19, mark_ns - 1, (__u32)-1, mark_ns, 1));
	/* the bound: the last 2^24 ids up to INT_MAX */
	assert_int_equal(0x80000000u - LDP_PROG_ID_NEAR_WRAP, 1u << 24);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(object_as_opened),
		cmocka_unit_test(prog_after_mark),
		cmocka_unit_test(direct_probe_read_refused),
		cmocka_unit_test(tags_as_the_kernel),
		cmocka_unit_test(kernel_filesystems),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
