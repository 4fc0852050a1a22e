/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What attack_skb.bpf.c and attack_skb.c share: how many bytes of the
 * victim's netlink message the program copies out, and the secret in it,
 * that many bytes in (after a struct nlmsghdr, a struct ifinfomsg and an
 * IFLA_IFNAME attribute's header).
 */
#ifndef LDATTACK_ATTACK_SKB_H
#define LDATTACK_ATTACK_SKB_H

#define SKB_ATTACK_BYTES	48
#define SKB_ATTACK_SECRET	"LDPSKBSECRET"

#endif
