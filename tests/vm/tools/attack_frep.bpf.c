// SPDX-License-Identifier: GPL-2.0
/*
 * bpf-freplace-arg's extension (attack_pkt.c): it replaces fr_sink() of
 * attack_pkt.bpf.c's fr_target, which is handed 8 bytes of struct fr_buf,
 * and declares the struct 16 bytes. A kernel that matches the two by
 * the struct's name alone verifies the extension's loads and stores
 * against its own 16: it writes the word past what it is handed.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

/* "ldpfrepl" */
#define FR_MARK 0x6c7065726670646cULL

struct fr_buf {
	__u64 a;
	__u64 past;
};

SEC("freplace/fr_sink")
int fr_sink_bigger(struct fr_buf *p)
{
	if (!p)
		return 0;
	p->past = FR_MARK;
	return 1;
}
