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
 * loop: handed to a bpf_loop() callback whose first call grows the head
 * and whose second uses it (from Linux 6.7, which checks a callback as
 * called any number of times; a red team's, on Debian 12's 6.1).
 *
 * Refused: the load (our kernels' verifier, the BPF backend's guard, with
 * EPERM). Shown: the mark read back and not in the packet.
 *
 * bpf-freplace-arg: an extension (freplace) of a global function that
 * is handed 8 bytes of a struct declares the struct 16 bytes: a kernel
 * that matches the two by the struct's name alone verifies the
 * extension against its own 16, and it writes the word past what it is
 * handed (a red team's, on ours before the fix: 768 bytes, and kernel
 * pointers read from the slab past a map value, under confidentiality).
 * The target, a socket filter, hands it fr_words[0]; fr_words[1] read
 * back as the extension's mark: shown.
 *
 * bpf-callback-once: a bpf_loop() callback, run twice, moves an offset in
 * its caller's frame by 8 each call; a verifier that checks a callback
 * once (Linux 6.1; 6.7 on check it as called any number of times) takes
 * it for one call's worth, and the caller's store into an 8-byte map
 * value, checked at offset 0, lands 8 bytes on, in the map's next value
 * (a socket filter, no packet involved). That value read back as the
 * mark: shown.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdbool.h>
#include <string.h>

#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "attack.h"
#include "attack_frep.skel.h"
#include "attack_pkt.skel.h"

#define GM_BEFORE 0x4141414141414141ULL
#define GM_MARK 0x6772616d6770646cULL	/* attack_pkt.bpf.c's */

static void run_global_mem_arg(struct aresult *o, int argc, char **argv)
{
	const char *mode = argc > 0 ? argv[0] : "";
	bool caller = !strcmp(mode, "caller"), tail = !strcmp(mode, "tail");
	bool loop = !strcmp(mode, "loop");
	unsigned char pkt[64];
	LIBBPF_OPTS(bpf_test_run_opts, opts, .data_in = pkt, .data_size_in = sizeof(pkt));
	struct attack_pkt *s;
	struct bpf_program *prog;
	int err;

	if (*mode && !caller && !tail && !loop) {
		failed(o, "no such mode: %s (caller, tail, loop)", mode);
		return;
	}
	s = attack_pkt__open();
	if (!s) {
		failed(o, "open the BPF object: %s", strerror(errno));
		return;
	}
	prog = caller ? s->progs.caller : tail ? s->progs.tail : loop ? s->progs.loop :
	       s->progs.mem_arg;
	err = load_only(s->skeleton, prog, tail ? s->progs.gm_target : NULL);
	if (err) {
		/*
		 * our fix's words, or the verifier's for a pointer it ended:
		 * unknown to a privileged program, unreadable to one with
		 * CAP_BPF alone
		 */
		const char *why = strstr(libbpf_log, caller || tail || loop ? "invalid mem access" :
					 "changes packet data under memory this subprogram "
					 "was handed");

		if (!why && (caller || tail || loop))
			why = strstr(libbpf_log, "!read_ok");
		load_outcome(o, err, why);
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
		      loop ? "a bpf_loop() callback's packet pointer, in its second call," :
		      "a global subprogram's argument",
		      (unsigned long long)s->bss->gm_stale);
out:
	attack_pkt__destroy(s);
}

#define FR_MARK 0x6c7065726670646cULL	/* attack_frep.bpf.c's "ldpfrepl" */

static void run_freplace_arg(struct aresult *o, int argc, char **argv)
{
	char pkt[64] = { 0 };
	LIBBPF_OPTS(bpf_test_run_opts, opts, .data_in = pkt, .data_size_in = sizeof(pkt));
	struct attack_pkt *t;
	struct attack_frep *e = NULL;
	struct bpf_link *link = NULL;
	int err;

	(void)argc;
	(void)argv;
	t = attack_pkt__open();
	if (!t) {
		failed(o, "open the target: %s", strerror(errno));
		return;
	}
	err = load_only(t->skeleton, t->progs.fr_target, NULL);
	if (err) {
		errno_outcome(o, err, "load the target, a socket filter with a global function");
		goto out;
	}
	e = attack_frep__open();
	if (!e) {
		failed(o, "open the extension: %s", strerror(errno));
		goto out;
	}
	err = -bpf_program__set_attach_target(e->progs.fr_sink_bigger,
					      bpf_program__fd(t->progs.fr_target), "fr_sink");
	if (!err)
		err = -attack_frep__load(e);
	if (err) {
		/* our fix's words */
		load_outcome(o, err, strstr(libbpf_log, "arg0 in fr_sink_bigger() points to"));
		goto out;
	}
	link = bpf_program__attach_freplace(e->progs.fr_sink_bigger,
					    bpf_program__fd(t->progs.fr_target), "fr_sink");
	if (!link) {
		errno_outcome(o, errno, "attach the extension");
		goto out;
	}
	err = bpf_prog_test_run_opts(bpf_program__fd(t->progs.fr_target), &opts);
	if (err) {
		errno_outcome(o, -err, "BPF_PROG_TEST_RUN(socket)");
		goto out;
	}
	if (opts.retval != 1)
		failed(o, "the extension did not run: the target returned %u", opts.retval);
	else if (t->bss->fr_words[1] != FR_MARK)
		failed(o, "the word past the argument reads 0x%llx",
		       (unsigned long long)t->bss->fr_words[1]);
	else
		shown(o, "an extension that takes its target's 8-byte struct for 16 wrote "
		      "the word past it: '%.8s'", (const char *)&t->bss->fr_words[1]);
out:
	bpf_link__destroy(link);
	attack_frep__destroy(e);
	attack_pkt__destroy(t);
}

#define CB_MARK 0x65636e6f62637064ULL	/* attack_pkt.bpf.c's "dpcbonce" */

static void run_callback_once(struct aresult *o, int argc, char **argv)
{
	char pkt[64] = { 0 };
	LIBBPF_OPTS(bpf_test_run_opts, opts, .data_in = pkt, .data_size_in = sizeof(pkt));
	struct attack_pkt *s;
	uint32_t key = 1;
	uint64_t next = 0;
	int err;

	(void)argc;
	(void)argv;
	s = attack_pkt__open();
	if (!s) {
		failed(o, "open the BPF object: %s", strerror(errno));
		return;
	}
	err = load_only(s->skeleton, s->progs.cb_target, NULL);
	if (err) {
		/* a verifier that follows the offset past the loop */
		load_outcome(o, err, strstr(libbpf_log, "invalid access to map value"));
		goto out;
	}
	err = bpf_prog_test_run_opts(bpf_program__fd(s->progs.cb_target), &opts);
	if (err) {
		errno_outcome(o, -err, "BPF_PROG_TEST_RUN(socket)");
		goto out;
	}
	if (opts.retval != 1)
		failed(o, "the program did not reach its store: it returned %u", opts.retval);
	else if (bpf_map_lookup_elem(bpf_map__fd(s->maps.cb_map), &key, &next))
		failed(o, "read the map's next value: %s", strerror(errno));
	else if (next != CB_MARK)
		failed(o, "the map's next value reads 0x%llx", (unsigned long long)next);
	else
		shown(o, "a store the verifier checked at offset 0 of an 8-byte map value, "
		      "after a bpf_loop() callback it checked once, wrote the next value: '%.8s'",
		      (const char *)&next);
out:
	attack_pkt__destroy(s);
}

/*
 * bpf-scalar-ids: a socket filter whose copy length the verifier holds to
 * [1, 8] on the one of two paths it checked (attack_pkt.bpf.c), run down
 * the other with a length of 32: the packet's bytes (from past its
 * Ethernet header) land in the map's second 16-byte value, which the
 * verifier never let it touch.
 */
#define SC_MARK "ldpscids"

static void run_scalar_ids(struct aresult *o, int argc, char **argv)
{
	char pkt[64], vals[4][16], got[16];
	LIBBPF_OPTS(bpf_test_run_opts, opts, .data_in = pkt, .data_size_in = sizeof(pkt));
	struct attack_pkt *s;
	int err, fd;

	(void)argc;
	(void)argv;
	for (size_t i = 0; i < sizeof(pkt); i++)
		pkt[i] = SC_MARK[i % 8];
	s = attack_pkt__open();
	if (!s) {
		failed(o, "open the BPF object: %s", strerror(errno));
		return;
	}
	bpf_program__set_flags(s->progs.scalar_ids, BPF_F_TEST_STATE_FREQ);
	err = load_only(s->skeleton, s->progs.scalar_ids, NULL);
	if (err) {
		/*
		 * a verifier that checks the linked scalars, on the other path:
		 * "R4 min value is negative, ...", "R4 unbounded memory access"
		 * (its state dumps say "R4=" or "R4_w=")
		 */
		load_outcome(o, err, strstr(libbpf_log, "R4 "));
		goto out;
	}
	fd = bpf_map__fd(s->maps.sc_victim);
	for (uint32_t k = 0; k < 4; k++) {
		memset(vals[k], '0' + k, sizeof(vals[k]));
		if (bpf_map_update_elem(fd, &k, vals[k], BPF_ANY)) {
			failed(o, "fill the map: %s", strerror(errno));
			goto out;
		}
	}
	s->bss->sc_len = 32;
	s->bss->sc_bound = 1;
	err = bpf_prog_test_run_opts(bpf_program__fd(s->progs.scalar_ids), &opts);
	if (err) {
		errno_outcome(o, -err, "BPF_PROG_TEST_RUN(socket)");
		goto out;
	}
	if (opts.retval != 1) {
		failed(o, "the program did not reach its copy: it returned %u", opts.retval);
	} else if (bpf_map_lookup_elem(fd, &(uint32_t){ 1 }, got)) {
		failed(o, "read the map's second value: %s", strerror(errno));
	} else if (!memmem(got, sizeof(got), SC_MARK, 8)) {
		failed(o, "the map's second value reads '%.16s'", got);
	} else {
		shown(o, "bpf_skb_load_bytes() of a length the verifier held to [1, 8] on the "
		      "path it checked copied 32 bytes into a 16-byte map value, over the next "
		      "one: '%.16s'", got);
	}
out:
	attack_pkt__destroy(s);
}

const struct attack attacks_pkt[] = {
	{ "bpf-global-mem-arg", "a global subprogram's pointer to packet data, written after "
	  "it grew the head (freed)", run_global_mem_arg },
	{ "bpf-freplace-arg", "an extension taking its target's struct argument for a bigger "
	  "one, writing past it", run_freplace_arg },
	{ "bpf-callback-once", "a store past a map value, at an offset a bpf_loop() callback "
	  "moved more than the verifier saw", run_callback_once },
	{ "bpf-scalar-ids", "a copy past a map value, of a length bounded on a path the "
	  "verifier checked and not on the one it pruned", run_scalar_ids },
	{ 0 }
};
