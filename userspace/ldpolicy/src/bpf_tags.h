/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The BPF backend's object, as libbpf prepares it for the running kernel:
 * its programs and the tags their code has there.
 *
 * The kernel names every program's code by a tag: the first 8 bytes of
 * the SHA-1 of its instructions as they were loaded, map references left
 * out (SHA-256 from Linux 6.18). ldpolicy identifies its object in the kernel by these tags, never
 * by names or pins, which root can fake. The tags depend on the kernel
 * (libbpf relocates the code against its BTF), so ldpolicy computes them
 * on every command from the object it carries, without loading it: when
 * libbpf prepares the object's first program (bpf/tagger.bpf.c), every
 * program is relocated, and the load is stopped there.
 */
#ifndef LDPOLICY_BPF_TAGS_H
#define LDPOLICY_BPF_TAGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <linux/bpf.h>

#include "diag.h"

struct ldpolicy_bpf;

/* Programs of the object, the tagger included. */
#define LDP_MAX_PROGS		32

/* The digests kernels have tagged programs with. */
enum bpf_tag_digest {
	BPF_TAG_SHA1,			/* up to Linux 6.17 */
	BPF_TAG_SHA256,			/* from Linux 6.18 */
	BPF_TAG_DIGESTS,
};

/* One program of the object, as the running kernel would have it. */
struct bpf_want_prog {
	char name[64];			/* its name in the object */
	enum bpf_prog_type type;
	char hook[64];			/* an LSM program's "bpf_lsm_HOOK", else "" */
	uint8_t tag[BPF_TAG_DIGESTS][BPF_TAG_SIZE];
	bool tagger;			/* the tagger: never loaded for real */
	bool absent;			/* optional, and this kernel lacks its hook */
};

/* The programs that may be absent (bpf/unasked.bpf.c's), by name. */
#define LDP_OPTIONAL_PREFIX	"ldp_unasked_"
/* LSM programs that guard the setup only (bpf/guard_setup.bpf.c), by name. */
#define LDP_SETUP_PREFIX	"ldp_setup_"

struct bpf_want {
	struct bpf_want_prog prog[LDP_MAX_PROGS];
	size_t n;
};

/* The object's programs and their tags on the running kernel. 0 or -1. */
int bpf_want_tags(struct bpf_want *w, struct diags *d);

/*
 * Open and load the object for real (bpf_setup.c), its .rodata set by
 * @set_rodata and read back once frozen; the tags of what was loaded
 * checked against the ones computed, into @w. NULL (diagnosed) on failure.
 */
struct ldpolicy_bpf *bpf_object_load(struct bpf_want *w,
				     void (*set_rodata)(struct ldpolicy_bpf *, const void *),
				     const void *arg, struct diags *d);

/*
 * The kernel's tag of @n instructions as loaded (kernel/bpf/core.c,
 * bpf_prog_calc_tag()): the @digest of them with map references'
 * immediates zeroed, its first BPF_TAG_SIZE bytes. 0 or -1.
 */
int bpf_tag_of(const struct bpf_insn *insns, size_t n, enum bpf_tag_digest digest,
	       uint8_t *tag);

/* Is @tag, as the kernel gave it, the code of @w (in either digest)? */
bool bpf_tag_is(const struct bpf_want_prog *w, const uint8_t *tag);

/*
 * Put back the helpers the object calls under an alias (LDP_HELPER_ALIAS_BASE),
 * in place. -1 if the code calls a helper libbpf rewrites by probing the
 * kernel (bpf_probe_read*() by their own ids): the object's tags must
 * depend on its code and the kernel's BTF alone.
 */
int bpf_unalias(struct bpf_insn *insns, size_t n);

/* The entry of @w for program @name, or NULL. */
const struct bpf_want_prog *bpf_want_find(const struct bpf_want *w, const char *name);

/* Print @tag as the kernel's tools do (16 hex digits) into @out[17]. */
void bpf_tag_hex(const uint8_t *tag, char *out);

#endif
