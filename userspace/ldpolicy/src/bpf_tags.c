// SPDX-License-Identifier: GPL-2.0
/* The BPF backend's object and the tags of its programs (bpf_tags.h). */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include <openssl/evp.h>

#include "bpf_btf.h"
#include "bpf_log.h"
#include "bpf_tags.h"
#include "kfs.h"
#include "ldp_bpf.h"
#include "ldpolicy.skel.h"
#include "util.h"

/*
 * libbpf relocates the object against the kernel's BTF, which it reads
 * by path, /sys/kernel/btf/vmlinux, where root may have bound a file of
 * its own: with struct mount's members moved in it, the guard of mounts
 * would read the wrong fields, and the tags computed from the same
 * relocation would agree. So the object names the BTF in sysfs itself
 * (btf_custom_path), and the load runs with the process's root changed
 * to ldpolicy's own mount of sysfs (kfs.h), on which nothing can be
 * mounted. libbpf also reads the BTF to number the hooks the programs
 * attach to, before the root changes: those numbers are checked against
 * the kernel's BTF wherever the programs are found attached.
 */
#define KERNEL_BTF_IN_SYSFS	"/kernel/btf/vmlinux"

/* The section of bpf/tagger.bpf.c, which libbpf hands to us to prepare. */
#define TAGGER_SECTION	"ldp.tagger"

/* The run the tagger's handler serves: one load of the object at a time. */
struct tag_run {
	struct bpf_object *obj;
	struct bpf_want *want;
	bool stop;	/* learn the tags, load nothing */
	bool ran;
	int err;
};

static struct tag_run *current_run;

static bool is_helper_call(const struct bpf_insn *insn)
{
	return insn->code == (BPF_JMP | BPF_CALL) && !insn->src_reg;
}

/*
 * Put back the helpers the object calls under an alias (bpf/ldp_object.h
 * says why), in @insns of one program; -1 if the program calls a helper
 * libbpf would rewrite by what the kernel lets it probe (the tags would
 * then depend on more than the code and the kernel's BTF).
 */
int bpf_unalias(struct bpf_insn *insns, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (!is_helper_call(&insns[i]))
			continue;
		switch (insns[i].imm) {
		case BPF_FUNC_probe_read:
		case BPF_FUNC_probe_read_str:
		case BPF_FUNC_probe_read_kernel:
		case BPF_FUNC_probe_read_kernel_str:
		case BPF_FUNC_probe_read_user:
		case BPF_FUNC_probe_read_user_str:
			return -1;
		}
		if ((insns[i].imm & 0xffff0000) == LDP_HELPER_ALIAS_BASE)
			insns[i].imm &= 0xffff;
	}
	return 0;
}

int bpf_tag_of(const struct bpf_insn *insns, size_t n, enum bpf_tag_digest digest,
	       uint8_t *tag)
{
	struct bpf_insn *c = xmalloc(n * sizeof(*c));
	unsigned char md[EVP_MAX_MD_SIZE];
	unsigned int len = 0;
	bool was_ld_map = false;
	int ok;

	memcpy(c, insns, n * sizeof(*c));
	for (size_t i = 0; i < n; i++) {
		if (!was_ld_map && c[i].code == (BPF_LD | BPF_IMM | BPF_DW) &&
		    (c[i].src_reg == BPF_PSEUDO_MAP_FD || c[i].src_reg == BPF_PSEUDO_MAP_VALUE)) {
			was_ld_map = true;
			c[i].imm = 0;
		} else if (was_ld_map && !c[i].code && !c[i].dst_reg && !c[i].src_reg &&
			   !c[i].off) {
			was_ld_map = false;
			c[i].imm = 0;
		} else {
			was_ld_map = false;
		}
	}
	ok = EVP_Digest(c, n * sizeof(*c), md, &len,
			digest == BPF_TAG_SHA256 ? EVP_sha256() : EVP_sha1(), NULL) &&
	     len >= BPF_TAG_SIZE;
	free(c);
	if (ok)
		memcpy(tag, md, BPF_TAG_SIZE);
	return ok ? 0 : -1;
}

/* "lsm/locked_down" is attached to bpf_lsm_locked_down. */
static void lsm_hook_of(const struct bpf_program *p, char *hook, size_t len)
{
	const char *sec = bpf_program__section_name(p);

	hook[0] = '\0';
	if (bpf_program__type(p) == BPF_PROG_TYPE_LSM && !strncmp(sec, "lsm/", 4))
		snprintf(hook, len, "bpf_lsm_%s", sec + 4);
}

/*
 * One program of the object, relocated: its helpers unaliased (for the
 * kernel too, unless the load is to be stopped), and its tag.
 */
static int prepare_prog(struct tag_run *run, struct bpf_program *p, struct bpf_want_prog *w)
{
	size_t n = bpf_program__insn_cnt(p);
	struct bpf_insn *insns = xmalloc(n * sizeof(*insns));

	memcpy(insns, bpf_program__insns(p), n * sizeof(*insns));
	run->err = bpf_unalias(insns, n) ? EPROTO :
		   !run->stop && bpf_program__set_insns(p, insns, n) ? EBUSY :
		   bpf_tag_of(insns, n, BPF_TAG_SHA1, w->tag[BPF_TAG_SHA1]) ||
		   bpf_tag_of(insns, n, BPF_TAG_SHA256, w->tag[BPF_TAG_SHA256]) ? ENOMEM : 0;
	free(insns);
	return run->err ? -1 : 0;
}

/*
 * libbpf prepares the tagger, the object's first program: every program
 * has been relocated for the running kernel, none loaded yet.
 */
static int tagger_prepare(struct bpf_program *prog, struct bpf_prog_load_opts *opts,
			  long cookie)
{
	struct tag_run *run = current_run;
	struct bpf_program *p;

	(void)opts;
	(void)cookie;
	if (!run)
		return -EINVAL;
	run->ran = true;
	run->want->n = 0;
	bpf_object__for_each_program(p, run->obj) {
		struct bpf_want_prog *w;

		if (run->want->n == LDP_MAX_PROGS) {
			run->err = E2BIG;
			return -E2BIG;
		}
		if (p != prog && bpf_program__fd(p) >= 0) {
			run->err = EDOM;	/* loaded before the tagger */
			return -EDOM;
		}
		w = &run->want->prog[run->want->n++];
		memset(w, 0, sizeof(*w));
		snprintf(w->name, sizeof(w->name), "%s", bpf_program__name(p));
		w->type = bpf_program__type(p);
		w->tagger = p == prog;
		w->absent = !bpf_program__autoload(p);
		lsm_hook_of(p, w->hook, sizeof(w->hook));
		if (!w->tagger && !w->absent && prepare_prog(run, p, w))
			return -run->err;
	}
	return run->stop ? -ECANCELED : 0;
}

static int ensure_handler(struct diags *d)
{
	static int handler = -1;
	LIBBPF_OPTS(libbpf_prog_handler_opts, opts, .prog_prepare_load_fn = tagger_prepare);

	if (handler >= 0)
		return 0;
	handler = libbpf_register_prog_handler(TAGGER_SECTION, BPF_PROG_TYPE_SOCKET_FILTER, 0,
					       &opts);
	if (handler < 0) {
		bpf_log_diag(d, "cannot register the tagger's section with libbpf", -handler);
		return -1;
	}
	return 0;
}

/*
 * Can a program here name a per-CPU variable: does the kernel's BTF
 * describe runqueues, and does the kernel find it (the verifier looks a
 * typed ksym up in kallsyms, which lists data symbols only with
 * CONFIG_KALLSYMS_ALL)? A program that loads one and returns 0 says.
 * Where none can, the per-CPU helpers have nothing to read, and
 * ldp_readers_percpu, which would fail the whole load, is left out.
 */
static bool percpu_ksyms_work(void)
{
	struct diags quiet = { 0 };
	struct btf *btf = bpf_vmlinux_btf(&quiet);
	int id = btf ? btf__find_by_name_kind(btf, "runqueues", BTF_KIND_VAR) : -1, fd;
	struct bpf_insn insns[] = {
		{ .code = BPF_LD | BPF_IMM | BPF_DW, .dst_reg = BPF_REG_1,
		  .src_reg = BPF_PSEUDO_BTF_ID, .imm = id },
		{ 0 },
		{ .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = BPF_REG_0, .imm = 0 },
		{ .code = BPF_JMP | BPF_EXIT },
	};

	diag_free(&quiet);
	if (id <= 0)
		return false;
	fd = bpf_prog_load(BPF_PROG_TYPE_SOCKET_FILTER, "ldp_percpu_probe", "GPL", insns, 4, NULL);
	if (fd < 0)
		return false;
	close(fd);
	return true;
}

/*
 * Open the object, its tagger first in load order. ldp_readers_net is
 * loaded against a networking function, and only loaded (control.bpf.c).
 * A program of the
 * object for a kernel path that asks no reason (bpf/unasked.bpf.c) is on
 * a hook not every kernel has (socket_create needs SECURITY_NETWORK):
 * where the kernel lacks its hook, it is not loaded, and what it would
 * close is not closed.
 */
static struct ldpolicy_bpf *open_object(struct diags *d)
{
	LIBBPF_OPTS(bpf_object_open_opts, opts, .btf_custom_path = KERNEL_BTF_IN_SYSFS);
	struct ldpolicy_bpf *skel;
	struct bpf_program *first;

	bpf_log_keep();
	if (ensure_handler(d))
		return NULL;
	skel = ldpolicy_bpf__open_opts(&opts);
	if (!skel) {
		bpf_log_diag(d, "cannot open the BPF object", errno);
		return NULL;
	}
	bpf_object__for_each_program(first, skel->obj) {
		char hook[64];

		lsm_hook_of(first, hook, sizeof(hook));
		if (hook[0] && !strncmp(bpf_program__name(first), LDP_OPTIONAL_PREFIX,
					strlen(LDP_OPTIONAL_PREFIX)) && !bpf_kernel_has_func(hook))
			bpf_program__set_autoload(first, false);
	}
	if (!percpu_ksyms_work())
		bpf_program__set_autoload(skel->progs.ldp_readers_percpu, false);
	/* no dynptrs before Linux 6.0: nothing to learn, no program can make one */
	if (libbpf_probe_bpf_helper(BPF_PROG_TYPE_SYSCALL, BPF_FUNC_ringbuf_reserve_dynptr,
				    NULL) != 1)
		bpf_program__set_autoload(skel->progs.ldp_dynptrs, false);
	/* never attached; and not loaded where the kernel lacks its target */
	bpf_program__set_autoattach(skel->progs.ldp_readers_net, false);
	if (!bpf_kernel_has_func(strchr(bpf_program__section_name(skel->progs.ldp_readers_net),
					'/') + 1))
		bpf_program__set_autoload(skel->progs.ldp_readers_net, false);
	first = bpf_object__next_program(skel->obj, NULL);
	if (first != skel->progs.ldp_tagger) {
		diag_error(d, NULL, "BPF backend: the object's first program is %s, not its "
			   "tagger: this ldpolicy was built wrong", bpf_program__name(first));
		ldpolicy_bpf__destroy(skel);
		return NULL;
	}
	return skel;
}

/* Where nothing can go on: say so and exit 3 (the environment). */
static void __attribute__((noreturn)) stuck(const char *what)
{
	fprintf(stderr, "ldpolicy: error: %s: %s\n", what, strerror(errno));
	exit(3);
}

/* The process's root and working directory, while the root is sysfs. */
struct saved_root {
	int root, cwd;
};

/* Make ldpolicy's own mount of sysfs the process's root. */
static int enter_sysfs(struct saved_root *s, struct diags *d)
{
	int sys = kfs_root(KFS_SYSFS);

	s->root = open("/", O_PATH | O_DIRECTORY | O_CLOEXEC);
	s->cwd = open(".", O_PATH | O_DIRECTORY | O_CLOEXEC);
	if (sys < 0 || s->root < 0 || s->cwd < 0 || fchdir(sys) || chroot(".")) {
		diag_error(d, NULL, "BPF backend: cannot read the kernel's BTF through a mount of "
			   "sysfs of its own: %s", strerror(errno));
		if (s->root >= 0)
			close(s->root);
		if (s->cwd >= 0) {
			if (fchdir(s->cwd))
				stuck("cannot go back to the working directory");
			close(s->cwd);
		}
		return -1;
	}
	return 0;
}

/* And back: a process that cannot is not one to go on with. */
static void leave_sysfs(struct saved_root *s)
{
	if (fchdir(s->root) || chroot(".") || fchdir(s->cwd))
		stuck("cannot go back to the root directory after loading the BPF object");
	close(s->root);
	close(s->cwd);
}

static int run_load(struct ldpolicy_bpf *skel, struct tag_run *run, struct diags *d)
{
	struct saved_root saved;
	int err;

	/* libbpf's numbering of the hooks, from the usual path (see above) */
	err = bpf_program__set_attach_target(skel->progs.ldp_locked_down, 0, "locked_down");
	if (err) {
		bpf_log_diag(d, "cannot find the hook of its enforcement program", -err);
		return -1;
	}
	if (enter_sysfs(&saved, d))
		return -1;
	run->obj = skel->obj;
	current_run = run;
	err = ldpolicy_bpf__load(skel);
	current_run = NULL;
	leave_sysfs(&saved);
	if (run->err || !run->ran) {
		if (!run->ran) {
			bpf_log_diag(d, "cannot prepare the BPF object", err ? -err : EINVAL);
			return -1;
		}
		diag_error(d, NULL, "BPF backend: cannot compute the tags of its programs: %s",
			   run->err == EDOM ? "libbpf loaded a program before the tagger" :
			   run->err == EPROTO ? "a program calls a helper libbpf rewrites by "
			   "probing the kernel: this ldpolicy was built wrong" :
			   strerror(run->err));
		return -1;
	}
	if (run->stop && err == -ECANCELED) {
		bpf_log_clear();	/* libbpf's word on the load we stopped */
		return 0;
	}
	if (err) {
		bpf_log_diag(d, "cannot load the BPF object", -err);
		return -1;
	}
	return 0;
}

int bpf_want_tags(struct bpf_want *w, struct diags *d)
{
	/* the kernel does not change under a running ldpolicy: once */
	static struct bpf_want known;
	static bool have;
	struct tag_run run = { .want = &known, .stop = true };
	struct ldpolicy_bpf *skel;
	int ret;

	if (!have) {
		skel = open_object(d);
		if (!skel)
			return -1;
		ret = run_load(skel, &run, d);
		ldpolicy_bpf__destroy(skel);
		if (ret)
			return -1;
		have = true;
	}
	*w = known;
	return 0;
}

void bpf_tag_hex(const uint8_t *tag, char *out)
{
	for (int i = 0; i < BPF_TAG_SIZE; i++)
		sprintf(out + 2 * i, "%02x", tag[i]);
}

bool bpf_tag_is(const struct bpf_want_prog *w, const uint8_t *tag)
{
	return !memcmp(tag, w->tag[BPF_TAG_SHA1], BPF_TAG_SIZE) ||
	       !memcmp(tag, w->tag[BPF_TAG_SHA256], BPF_TAG_SIZE);
}

const struct bpf_want_prog *bpf_want_find(const struct bpf_want *w, const char *name)
{
	for (size_t i = 0; i < w->n; i++)
		if (!strcmp(w->prog[i].name, name))
			return &w->prog[i];
	return NULL;
}

/* Are the tags the kernel gave what was computed? Else nothing can be found. */
static int check_tags(struct ldpolicy_bpf *skel, const struct bpf_want *w, struct diags *d)
{
	struct bpf_program *p;

	bpf_object__for_each_program(p, skel->obj) {
		const struct bpf_want_prog *want = bpf_want_find(w, bpf_program__name(p));
		struct bpf_prog_info info = { 0 };
		__u32 len = sizeof(info);
		char a[17], b[17];

		if (!want || want->tagger || want->absent)
			continue;
		if (bpf_obj_get_info_by_fd(bpf_program__fd(p), &info, &len)) {
			bpf_log_diag(d, "cannot read a program's tag", errno);
			return -1;
		}
		if (!bpf_tag_is(want, info.tag)) {
			bpf_tag_hex(info.tag, a);
			bpf_tag_hex(want->tag[BPF_TAG_SHA1], b);
			diag_error(d, NULL, "BPF backend: the kernel tagged %s %s, ldpolicy computed "
				   "%s: it could not find its object again", want->name, a, b);
			return -1;
		}
	}
	return 0;
}

/*
 * Is the object's .rodata, as the kernel holds it, @want (@size bytes):
 * what ldpolicy wrote? libbpf creates the map, writes it and freezes it,
 * and in between any root process can write it by id: no guard is on
 * yet. The programs are verified against what it holds, the kfuncs the
 * guard refuses among it (ldp_slice_kfuncs). Frozen, nothing writes it
 * after (BPF_F_RDONLY_PROG: nor do programs), so once read back here it
 * stays what was read.
 */
static int rodata_intact(struct ldpolicy_bpf *skel, const void *want, size_t size,
			 struct diags *d)
{
	const __u32 zero = 0;
	void *have = xmalloc(size);
	int ret = 0;

	if (bpf_map__value_size(skel->maps.rodata) != size ||
	    bpf_map_lookup_elem(bpf_map__fd(skel->maps.rodata), &zero, have)) {
		bpf_log_diag(d, "cannot read back its read-only data (.rodata)", errno ?: EINVAL);
		ret = -1;
	} else if (memcmp(have, want, size)) {
		diag_error(d, NULL, "BPF backend: its read-only data (.rodata) is not what it "
			   "wrote: another process wrote it as it was loaded, before libbpf "
			   "froze it");
		ret = -1;
	}
	free(have);
	return ret;
}

struct ldpolicy_bpf *bpf_object_load(struct bpf_want *w,
				     void (*set_rodata)(struct ldpolicy_bpf *, const void *),
				     const void *arg, struct diags *d)
{
	struct tag_run run = { .want = w };
	struct ldpolicy_bpf *skel = open_object(d);
	const void *image;
	void *want = NULL;
	size_t size = 0;

	if (!skel)
		return NULL;
	if (set_rodata)
		set_rodata(skel, arg);
	/* what the kernel's .rodata must hold once loaded (above) */
	image = bpf_map__initial_value(skel->maps.rodata, &size);
	if (!image || !size) {
		diag_error(d, NULL, "BPF backend: its object has no read-only data: this ldpolicy "
			   "was built wrong");
		ldpolicy_bpf__destroy(skel);
		return NULL;
	}
	want = xmalloc(size);
	memcpy(want, image, size);
	if (run_load(skel, &run, d) || rodata_intact(skel, want, size, d) ||
	    check_tags(skel, w, d)) {
		free(want);
		ldpolicy_bpf__destroy(skel);
		return NULL;
	}
	free(want);
	return skel;
}
