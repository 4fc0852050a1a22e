// SPDX-License-Identifier: GPL-2.0
/*
 * bpf-global-mem-arg: packet data read and written after a change of the
 * packet has freed it, through a global subprogram (attack_pkt.bpf.c).
 * A tc program, run with BPF_PROG_TEST_RUN over 64 bytes of 0x41, hands a
 * global subprogram a pointer to the packet's first word; the subprogram
 * grows the head past its headroom with bpf_skb_change_head(), which
 * kfree()s the old head, then reads the word, writes a mark, and reads the
 * mark back through the pointer: read back, and not in the packet, the
 * mark was written into the freed head (then put back as it was read).
 * The verifier checks a global subprogram on its own, its pointer
 * arguments as memory of their size, and no stock kernel tells packet data
 * from other memory there.
 *
 * bpf-global-mem-arg caller: the caller keeps its own packet pointer
 * across a global subprogram that grows the head (refused from Linux
 * 6.13, and by the stable kernels that took its fix). tail: across a
 * static subprogram whose tail call runs a program that grows the head
 * and returns to the caller (from Linux 6.14 and its stable kernels).
 *
 * Refused: the load (our kernels' verifier, the BPF backend's guard, with
 * EPERM). Shown: the mark read back and not in the packet.
 */
#include <errno.h>
#include <stdbool.h>
#include <string.h>

#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "attack.h"
#include "attack_pkt.skel.h"

#define GM_BEFORE 0x4141414141414141ULL
#define GM_MARK 0x6772616d67706c64ULL	/* attack_pkt.bpf.c's */

static void run_global_mem_arg(struct aresult *o, int argc, char **argv)
{
	const char *mode = argc > 0 ? argv[0] : "";
	bool caller = !strcmp(mode, "caller"), tail = !strcmp(mode, "tail");
	unsigned char pkt[64];
	LIBBPF_OPTS(bpf_test_run_opts, opts, .data_in = pkt, .data_size_in = sizeof(pkt));
	struct attack_pkt *s;
	struct bpf_program *p, *prog;
	int err;

	if (*mode && !caller && !tail) {
		failed(o, "no such mode: %s (caller, tail)", mode);
		return;
	}
	libbpf_log_start();
	s = attack_pkt__open();
	if (!s) {
		failed(o, "open the BPF object: %s", strerror(errno));
		return;
	}
	prog = caller ? s->progs.caller : tail ? s->progs.tail : s->progs.mem_arg;
	bpf_object__for_each_program(p, s->obj)
		bpf_program__set_autoload(p, p == prog || (tail && p == s->progs.gm_target));
	err = -attack_pkt__load(s);
	if (err) {
		/*
		 * our fix's words, or the verifier's for a pointer it ended:
		 * unknown to a privileged program, unreadable to one with
		 * CAP_BPF alone
		 */
		const char *why = strstr(libbpf_log, caller || tail ? "invalid mem access" :
					 "changes packet data under memory this subprogram "
					 "was handed");

		if (!why && (caller || tail))
			why = strstr(libbpf_log, "!read_ok");

		if (err == EPERM)
			refused(o, "BPF_PROG_LOAD: EPERM");
		else if (why)
			refused(o, "the verifier: %.100s", why);
		else	/* the verifier's last words */
			failed(o, "load: %s; %s", strerror(err),
			       libbpf_log + (strlen(libbpf_log) > 300 ? strlen(libbpf_log) - 300 : 0));
		goto out;
	}
	if (tail) {
		uint32_t key = 0, fd = bpf_program__fd(s->progs.gm_target);

		if (bpf_map_update_elem(bpf_map__fd(s->maps.gm_progs), &key, &fd, BPF_ANY)) {
			failed(o, "the program array: %s", strerror(errno));
			goto out;
		}
	}
	memset(pkt, 0x41, sizeof(pkt));
	err = bpf_prog_test_run_opts(bpf_program__fd(prog), &opts);
	if (err) {
		errno_outcome(o, -err, "BPF_PROG_TEST_RUN(tc)");
		goto out;
	}
	if (!s->bss->gm_ran)
		failed(o, "the program ran and did not reach the write: "
		       "bpf_skb_change_head() failed?");
	else if (s->bss->gm_before != GM_BEFORE)
		failed(o, "the pointer read 0x%llx before the change",
		       (unsigned long long)s->bss->gm_before);
	else if (s->bss->gm_back != GM_MARK)
		failed(o, "the mark read back 0x%llx", (unsigned long long)s->bss->gm_back);
	else if (s->bss->gm_in_packet)
		failed(o, "the mark is in the packet: the pointer followed it");
	else
		shown(o, "a write through %s after bpf_skb_change_head() went to the old "
		      "head, which it freed (read there first: 0x%llx)",
		      caller ? "the caller's packet pointer" :
		      tail ? "the caller's packet pointer across a subprogram's tail call" :
		      "a global subprogram's argument",
		      (unsigned long long)s->bss->gm_stale);
out:
	attack_pkt__destroy(s);
}

const struct attack attacks_pkt[] = {
	{ "bpf-global-mem-arg", "a global subprogram's pointer to packet data, written after "
	  "it grew the head (freed)", run_global_mem_arg },
	{ 0 }
};
