// SPDX-License-Identifier: GPL-2.0
/*
 * The object's first program, by section: libbpf loads programs in
 * section order, and this unit is linked first.
 *
 * ldpolicy finds its object in the kernel by the tags of its programs'
 * code, never by a name or a pin root could fake. A tag is the first
 * 8 bytes of the SHA-1 of the instructions as the kernel received them,
 * after libbpf relocated them against the running kernel's BTF. When
 * libbpf prepares this program for loading, every program of the object
 * has been relocated, and ldpolicy's handler for this section computes
 * all the tags (src/bpf_tags.c); to learn them without loading anything,
 * it then stops the load. Nothing here runs in the kernel.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

SEC("ldp.tagger")
int ldp_tagger(void *ctx)
{
	return 0;
}
