// SPDX-License-Identifier: GPL-2.0
/*
 * Kernel paths that ask no lockdown reason, yet give what a reason the
 * policy denies protects: closed here, on kernels that do not close them
 * themselves, while the policy denies that reason.
 *
 *   PF_KEY         net/key/af_key.c hands out IPsec SA keys (SADB_GET,
 *                  SADB_DUMP) without asking LOCKDOWN_XFRM_SECRET, which
 *                  xfrm_user's dumps ask: no PF_KEY socket while it is
 *                  denied. One opened before is not revoked (ldpolicy
 *                  load warns about it: /proc/net/pfkey).
 *   nlmon          a netlink monitoring device (drivers/net/nlmon.c, a
 *                  signed module on distribution kernels) gets a copy of
 *                  every netlink message, NETLINK_XFRM's included: the
 *                  keys of every SA an IKE daemon installs, which
 *                  xfrm_user's redaction never sees. While
 *                  LOCKDOWN_XFRM_SECRET is denied, no RTM_NEWLINK makes
 *                  one. One made before is not removed (ldpolicy load
 *                  warns about it).
 *   TCP-MD5 keys   sock_diag's TCP answers carry every TCP-MD5 key of
 *   (sock_diag)    every socket (INET_DIAG_MD5SIG) to whoever holds
 *                  CAP_NET_ADMIN, when the request is answered or, for a
 *                  dump, when any later part of it is read: while
 *                  LOCKDOWN_XFRM_SECRET is denied, no request that TCP's
 *                  handler would answer is taken, from anyone (ss(8) then
 *                  reads /proc/net/tcp). A dump begun before the load
 *                  runs to its end.
 *   SRv6 HMAC      SEG6_CMD_DUMPHMAC hands every SRv6 HMAC secret to
 *   secrets        CAP_NET_ADMIN (net/ipv6/seg6.c): while
 *                  LOCKDOWN_XFRM_SECRET is denied, no generic netlink
 *                  request of that command to the SEG6 family is taken.
 *                  The family's id is handed out at run time: ldpolicy
 *                  learns it as it sets the object up. IPv6 registers the
 *                  family and is never unloaded, so the id does not move.
 *   trace events   perf_event_open(2) of a trace event with
 *   through perf   PERF_SAMPLE_RAW hands out its records, what tracefs's
 *                  trace_pipe shows, asking perf_event_paranoid or
 *                  CAP_PERFMON at most (nothing of a task's own syscall
 *                  and uprobe events), never LOCKDOWN_TRACEFS: while it
 *                  is denied, no trace event (tracepoint, kprobe or
 *                  uprobe) that samples raw records is made, as
 *                  security_perf_event_alloc() sees it, its PMU's init
 *                  done. Counting is left alone, and so is an inherited
 *                  event, whose parent was asked. One opened before is
 *                  not closed.
 *   signed kexec   kexec_file_load(2) of a validly signed kernel asks
 *                  LOCKDOWN_KEXEC only when the signature fails, and the
 *                  new kernel boots without this object: every policy of
 *                  the BPF backend is one a kexec sheds. While the policy
 *                  denies LOCKDOWN_KEXEC, no kexec image is read at all
 *                  (kexec_load(2) asks LOCKDOWN_KEXEC itself).
 *
 * Reading kernel memory through bpf(2) without asking
 * LOCKDOWN_BPF_READ_KERNEL is closed in guard_bpf.bpf.c.
 */
#include "ldp_object.h"

#include <bpf/bpf_tracing.h>

SEC("lsm/socket_create")
int BPF_PROG(ldp_unasked_pfkey, int family, int type, int protocol, int kern, int ret)
{
	if (ret)
		return ret;
	return refuse_if(family == LDP_PF_KEY && !kern &&
			 policy_denies(bpf_core_enum_value(enum lockdown_reason,
							   LOCKDOWN_XFRM_SECRET)));
}

SEC("lsm/kernel_read_file")
int BPF_PROG(ldp_unasked_kexec, struct file *file, enum kernel_read_file_id id, bool contents,
	     int ret)
{
	if (ret)
		return ret;
	return refuse_if((id == bpf_core_enum_value(enum kernel_read_file_id, READING_KEXEC_IMAGE) ||
			  id == bpf_core_enum_value(enum kernel_read_file_id,
						    READING_KEXEC_INITRAMFS)) &&
			 policy_denies(bpf_core_enum_value(enum lockdown_reason, LOCKDOWN_KEXEC)));
}

SEC("lsm/perf_event_alloc")
int BPF_PROG(ldp_unasked_perf_raw, struct perf_event *event, int ret)
{
	if (ret)
		return ret;
	/* an inherited event: its parent was asked */
	if (BPF_CORE_READ(event, parent) || !BPF_CORE_READ(event, tp_event) ||
	    !(BPF_CORE_READ(event, attr.sample_type) & LDP_PERF_SAMPLE_RAW))
		return 0;
	return refuse_if(policy_denies(bpf_core_enum_value(enum lockdown_reason, LOCKDOWN_TRACEFS)));
}

/*
 * One walk over the netlink messages of a sendmsg(2) on a NETLINK_ROUTE,
 * NETLINK_SOCK_DIAG or NETLINK_GENERIC socket (bpf_loop's context), as netlink_rcv_skb()
 * and the family's handler will parse them: each call reads one header, a
 * message's or an attribute's, and finds
 *   - NETLINK_ROUTE: in every RTM_NEWLINK's every IFLA_LINKINFO, an
 *     IFLA_INFO_KIND that nla_strscpy() reads as "nlmon";
 *   - NETLINK_SOCK_DIAG: a request inet_diag answers with TCP's handler
 *     (sock_diag_rcv_msg(), inet_diag_get_protocol()): TCPDIAG_GETSOCK,
 *     SOCK_DIAG_BY_FAMILY of AF_INET or AF_INET6 for IPPROTO_TCP, or
 *     either that or the old DCCPDIAG_GETSOCK with an
 *     INET_DIAG_REQ_PROTOCOL attribute, which names the protocol in place
 *     of the request's own (any such attribute: the walk does not read
 *     its value);
 *   - NETLINK_GENERIC: a SEG6_CMD_DUMPHMAC to the SEG6 family
 *     (genl_family_rcv_msg() finds the family by the message's type and
 *     the operation by its genlmsghdr's cmd, dump or not).
 * The kernel uses the last of each; the walk sees them all.
 */
struct nl_walk {
	__u64 data;		/* skb->data: the messages, as sent */
	__u32 len;		/* skb->len */
	__u32 proto;		/* the socket's netlink protocol */
	__u32 off;		/* the header to read next */
	__u32 msg_end;		/* in a message's attributes: their end, else 0 */
	__u32 msg_next;		/* and the message after it */
	__u32 nest_end;		/* in an IFLA_LINKINFO: its end, else 0 */
	__u32 nest_next;	/* and the attribute after it */
	__u32 refuse;		/* (not bool: a callback returns 0 or 1, */
	__u32 done;		/* which the verifier checks) */
};

#define LDP_ALIGN4(n) (((n) + 3) & ~3U)

static __always_inline bool kind_is_nlmon(struct nl_walk *w, __u32 nla_len)
{
	char k[6] = {};

	if (nla_len < LDP_NLA_HDRLEN + 5 ||
	    bpf_probe_read_kernel(k, nla_len == LDP_NLA_HDRLEN + 5 ? 5 : 6,
				  (void *)(w->data + w->off + LDP_NLA_HDRLEN)))
		return false;
	return k[0] == 'n' && k[1] == 'l' && k[2] == 'm' && k[3] == 'o' && k[4] == 'n' && !k[5];
}

struct nl_msg {
	__u32 len;
	__u16 type;
	__u16 flags;
};

/*
 * Walk the attributes of the message at @w's offset, @len long, which
 * follow its family header of @hdr bytes: or, shorter than that (the
 * family refuses it), go on to the next message.
 */
static __always_inline long msg_attrs(struct nl_walk *w, __u32 len, __u32 hdr)
{
	if (len < LDP_NLMSG_HDRLEN + hdr) {
		w->off = w->msg_next;
		return 0;
	}
	w->msg_end = w->off + len;
	w->off += LDP_NLMSG_HDRLEN + hdr;
	return 0;
}

/*
 * A sock_diag message @m at @w's offset, its header read: refused if TCP's
 * handler would answer it, else its attributes walked (a request inet_diag
 * takes), or the next message.
 */
static __always_inline long diag_msg(struct nl_walk *w, const struct nl_msg *m)
{
	__u8 req[2];	/* sdiag_family, sdiag_protocol */

	if (m->type == LDP_TCPDIAG_GETSOCK) {
		w->refuse = 1;
		return 1;
	}
	/* DCCP's, unless an attribute names another protocol */
	if (m->type == LDP_DCCPDIAG_GETSOCK)
		return msg_attrs(w, m->len, LDP_INET_DIAG_REQ_LEN);
	if (m->type != LDP_SOCK_DIAG_BY_FAMILY || m->len < LDP_NLMSG_HDRLEN + sizeof(req) ||
	    bpf_probe_read_kernel(req, sizeof(req), (void *)(w->data + w->off + LDP_NLMSG_HDRLEN)) ||
	    (req[0] != LDP_AF_INET && req[0] != LDP_AF_INET6)) {
		w->off = w->msg_next;
		return 0;
	}
	if (req[1] == LDP_IPPROTO_TCP) {
		w->refuse = 1;
		return 1;
	}
	return msg_attrs(w, m->len, LDP_INET_DIAG_REQ_V2_LEN);
}

/* A generic netlink message @m at @w's offset: refused if it asks SRv6's secrets. */
static __always_inline long genl_msg(struct nl_walk *w, const struct nl_msg *m)
{
	__u8 cmd;

	if (m->type == ldp_seg6_family && m->len >= LDP_NLMSG_HDRLEN + LDP_GENL_HDRLEN &&
	    (bpf_probe_read_kernel(&cmd, sizeof(cmd), (void *)(w->data + w->off + LDP_NLMSG_HDRLEN)) ||
	     cmd == LDP_SEG6_CMD_DUMPHMAC)) {
		w->refuse = 1;
		return 1;
	}
	w->off = w->msg_next;
	return 0;
}

static long nl_walk_one(__u32 i, struct nl_walk *w)
{
	struct nl_msg m;
	struct {
		__u16 len;
		__u16 type;
	} a;
	__u32 end = w->nest_end ? w->nest_end : w->msg_end;

	if (end) {
		/* an attribute, as nla_ok() takes one: else the rest is not parsed */
		if (w->off > end || end - w->off < LDP_NLA_HDRLEN ||
		    bpf_probe_read_kernel(&a, sizeof(a), (void *)(w->data + w->off)) ||
		    a.len < LDP_NLA_HDRLEN || a.len > end - w->off) {
			if (w->nest_end) {
				w->off = w->nest_next;
				w->nest_end = 0;
			} else {
				w->off = w->msg_next;
				w->msg_end = 0;
			}
			return 0;
		}
		if (w->proto == LDP_NETLINK_SOCK_DIAG) {
			if ((a.type & LDP_NLA_TYPE_MASK) == LDP_INET_DIAG_REQ_PROTOCOL) {
				w->refuse = 1;
				return 1;
			}
		} else if (w->nest_end) {
			if ((a.type & LDP_NLA_TYPE_MASK) == LDP_IFLA_INFO_KIND && kind_is_nlmon(w, a.len)) {
				w->refuse = 1;
				return 1;
			}
		} else if ((a.type & LDP_NLA_TYPE_MASK) == LDP_IFLA_LINKINFO) {
			w->nest_end = w->off + a.len;
			w->nest_next = w->off + LDP_ALIGN4(a.len);
			w->off += LDP_NLA_HDRLEN;
			return 0;
		}
		w->off += LDP_ALIGN4(a.len);
		return 0;
	}
	/* a message, as netlink_rcv_skb() takes one: else none after it is */
	if (w->off > w->len || w->len - w->off < LDP_NLMSG_HDRLEN ||
	    bpf_probe_read_kernel(&m, sizeof(m), (void *)(w->data + w->off)) ||
	    m.len < LDP_NLMSG_HDRLEN || m.len > w->len - w->off) {
		w->done = 1;
		return 1;
	}
	w->msg_next = w->off + LDP_ALIGN4(m.len);
	if (w->msg_next > w->len)
		w->msg_next = w->len;
	if (w->proto == LDP_NETLINK_SOCK_DIAG)
		return diag_msg(w, &m);
	if (w->proto == LDP_NETLINK_GENERIC)
		return genl_msg(w, &m);
	if (m.type == LDP_RTM_NEWLINK)
		return msg_attrs(w, m.len, LDP_IFINFOMSG_LEN);
	w->off = w->msg_next;
	return 0;
}

SEC("lsm/netlink_send")
int BPF_PROG(ldp_unasked_netlink, struct sock *sk, struct sk_buff *skb, int ret)
{
	struct nl_walk w = {};
	__u32 zero;
	__u16 proto;

	if (ret)
		return ret;
	proto = BPF_CORE_READ(sk, sk_protocol);
	if ((proto != LDP_NETLINK_ROUTE && proto != LDP_NETLINK_SOCK_DIAG &&
	     (proto != LDP_NETLINK_GENERIC || !ldp_seg6_family)) ||
	    !policy_denies(bpf_core_enum_value(enum lockdown_reason, LOCKDOWN_XFRM_SECRET)))
		return 0;
	zero = unknown_zero();
	w.off = zero;
	w.msg_end = zero;
	w.nest_end = zero;
	w.refuse = zero;
	w.done = zero;
	/* never taken: see unknown_zero() */
	if (zero) {
		w.off = bpf_get_prandom_u32();
		w.msg_end = bpf_get_prandom_u32();
		w.nest_end = bpf_get_prandom_u32();
		w.refuse = bpf_get_prandom_u32();
		w.done = bpf_get_prandom_u32();
	}
	w.proto = proto;
	w.data = (__u64)BPF_CORE_READ(skb, data);
	w.len = BPF_CORE_READ(skb, len);
	/* a header of 4 bytes or more a call, and one call to leave each */
	bpf_loop(1 << 23, nl_walk_one, &w, 0);
	/* not walked to its end (over 16 MiB): refused, as it cannot be told */
	return refuse_if(w.refuse || !w.done);
}
