// SPDX-License-Identifier: GPL-2.0
/*
 * The BPF backend: lockdown_policy's semantics on a kernel without the
 * LSM, enforced by the BPF object in ../bpf/, which is embedded here as a
 * libbpf skeleton.
 *
 * Every command finds the object in the kernel and checks that it is in
 * force (bpf_find.h) before it reads or changes anything; the first load
 * sets it up (bpf_setup.h). The object outlives ldpolicy: its pins in
 * LDP_BPF_DIR keep it alive until reboot.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <bpf/btf.h>

#include "backend.h"
#include "bpf_find.h"
#include "bpf_setup.h"
#include "ldp_bpf.h"
#include "util.h"

static bool bpf_present(const char *secfs, char *why, size_t len)
{
	return lsm_active(secfs, "bpf", why, len);
}

static int bpf_table(struct reason_table *t, struct diags *d)
{
	struct btf *btf = bpf_vmlinux_btf(d);
	const void *raw;
	__u32 size = 0;

	if (!btf)
		return -1;
	raw = btf__raw_data(btf, &size);
	return table_from_btf_data(t, raw, size, BTF_VMLINUX, d);
}

/*
 * The object in force, found once per command: the state a command reads
 * and the programs it then runs are the same object's. 1, 0 (none) or -1.
 */
static struct bpf_obj obj;
static int obj_found = -2;

static int find(struct diags *d)
{
	if (obj_found == -2)
		obj_found = bpf_obj_find(&obj, d);
	return obj_found;
}

static void forget(void)
{
	if (obj_found == 1)
		bpf_obj_close(&obj);
	obj_found = -2;
}

/* Warn mode's record, the most recent first, as the LSM's warnings file. */
static void read_seen(struct kstate *k, const struct reason_table *t, const struct ldp_state *st)
{
	for (unsigned int r = 0; r < t->conf_max && r < LDP_SEEN_REASONS; r++) {
		bool taken[LDP_SEEN] = { false };

		k->warnings[r] = st->warnings[r];
		for (int n = 0; n < LDP_SEEN; n++) {
			int best = -1;

			for (int i = 0; i < LDP_SEEN; i++)
				if (!taken[i] && st->seen[r][i].seq &&
				    (best < 0 || st->seen[r][i].seq > st->seen[r][best].seq))
					best = i;
			if (best < 0)
				break;
			taken[best] = true;
			{
				char comm[17];

				memcpy(comm, st->seen[r][best].comm, 16);
				comm[16] = '\0';
				kstate_add_seen(k, r, st->seen[r][best].count,
						st->seen[r][best].kernel, comm);
			}
		}
	}
	k->seen_read = true;
}

static void read_notices(struct kstate *k, const struct reason_table *t,
			 const struct ldp_state *st)
{
	uint64_t first = st->notice_next > LDP_NOTICES ? st->notice_next - LDP_NOTICES : 0;

	for (unsigned int r = 0; r < t->conf_max; r++)
		k->denials[r] = st->denials[r];
	k->notices = xcalloc(LDP_NOTICES, sizeof(*k->notices));
	for (uint64_t s = first; s < st->notice_next; s++) {
		const struct ldp_notice *n = &st->notices[s % LDP_NOTICES];
		struct knotice *out = &k->notices[k->n_notices];

		if (n->seq != s + 1 || n->reason >= t->conf_max)
			continue;	/* being written, or overwritten */
		out->seq = n->seq;
		out->boot_ns = n->boot_ns;
		out->pid = n->pid;
		out->what = n->reason;
		memcpy(out->comm, n->comm, sizeof(n->comm));
		k->n_notices++;
	}
}

static int bpf_read(struct kstate *k, const struct reason_table *t, bool full, struct diags *d)
{
	const struct ldp_state *st = &obj.read.state;
	int found = find(d);

	memset(k, 0, sizeof(*k));
	if (found < 0)
		return -1;
	snprintf(k->where, sizeof(k->where), "%s", LDP_BPF_DIR);
	if (static_level_read(SECFS_ROOT, t, k->lockdown, sizeof(k->lockdown), k->by_static, d))
		return -1;
	if (!found) {
		/* nothing armed: nothing denied by the backend */
		table_fingerprint_hex(t, k->fingerprint);
		return 0;
	}
	if (st->nr_reasons != t->conf_max) {
		diag_error(d, NULL, "BPF backend: its object counts %u reasons, the reason "
			   "table from %s %u", st->nr_reasons, t->source, t->conf_max);
		return -1;
	}
	k->loaded = true;
	k->sealed = st->sealed;
	k->loads = st->loads;
	k->not_a_boundary = st->flags & LOCKDOWN_POLICY_FLAG_NOT_A_BOUNDARY;
	k->bypass_acked = st->flags & LOCKDOWN_POLICY_FLAG_BYPASS_ACKED;
	for (int i = 0; i < LOCKDOWN_POLICY_FINGERPRINT_SIZE; i++)
		sprintf(k->fingerprint + 2 * i, "%02x", ((const uint8_t *)st->fingerprint)[i]);
	/* what the enforcement program acts on: the watched bits */
	for (unsigned int r = 0; r < t->conf_max; r++) {
		uint64_t bit = 1ULL << (r % 64);

		if (!table_is_reason(t, r) || !(st->watch[r / 64] & bit))
			continue;
		if (st->deny[r / 64] & bit)
			k->by_policy[r / 64] |= bit;
		else if (st->warn[r / 64] & bit)
			k->warned[r / 64] |= bit;
	}
	if (full) {
		read_seen(k, t, st);
		read_notices(k, t, st);
	}
	return 0;
}

/* The object in force, set up first if there is none. 0 or -1. */
static int ensure(struct diags *d)
{
	struct reason_table t;
	int found = find(d), ret;

	if (found)
		return found > 0 ? 0 : -1;
	if (bpf_table(&t, d))
		return -1;
	ret = bpf_setup(&t, d);
	table_free(&t);
	forget();
	if (ret)
		return -1;
	found = find(d);
	if (!found)
		diag_error(d, NULL, "BPF backend: set up, but then not found in the kernel");
	return found > 0 ? 0 : -1;
}

static int bpf_load(const void *blob, size_t len, struct diags *d)
{
	struct ldp_load_ctx *ctx;
	int err, ret = 0;

	if (len > LOCKDOWN_POLICY_MAX_SIZE)
		return E2BIG;
	if (ensure(d))
		return -1;
	ctx = xcalloc(1, sizeof(*ctx));
	ctx->len = len;
	memcpy(ctx->blob.bytes, blob, len);
	err = bpf_obj_run(&obj, "ldp_load", ctx, sizeof(*ctx), &ret);
	free(ctx);
	return err ? err : -ret;
}

static int bpf_seal(struct diags *d)
{
	int err, ret = 0;

	if (ensure(d))
		return -1;
	err = bpf_obj_run(&obj, "ldp_seal", NULL, 0, &ret);
	return err ? err : -ret;
}

const struct backend backend_bpf = {
	.name = "bpf",
	.what = "the BPF backend (BPF LSM)",
	.present = bpf_present,
	.table = bpf_table,
	.read = bpf_read,
	.load = bpf_load,
	.seal = bpf_seal,
};
