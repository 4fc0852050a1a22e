// SPDX-License-Identifier: GPL-2.0
#include <endian.h>
#include <string.h>

#include "blob.h"

static void put_words(uint8_t *to, const uint64_t *words, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		uint64_t w = htole64(words[i]);

		memcpy(to + 8 * i, &w, 8);
	}
}

static void get_words(uint64_t *words, const uint8_t *from, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		uint64_t w;

		memcpy(&w, from + 8 * i, 8);
		words[i] = le64toh(w);
	}
}

size_t blob_encode(const struct policy *p, uint8_t buf[LOCKDOWN_POLICY_MAX_SIZE])
{
	const struct reason_table *t = p->t;
	unsigned int version = policy_count_warned(p) ? 2 : 1;
	struct lockdown_policy_header h = {
		.magic = htole32(LOCKDOWN_POLICY_MAGIC),
		.version = htole16(version),
		.hdr_len = htole16(sizeof(h)),
		.nr_reasons = htole16(t->conf_max),
		.flags = htole32(policy_flags(p)),
	};
	size_t size = LOCKDOWN_POLICY_BITMAP_SIZE(t->conf_max);

	memcpy(h.fingerprint, table_fingerprint(t), sizeof(h.fingerprint));
	memcpy(buf, &h, sizeof(h));
	put_words(buf + sizeof(h), p->deny, size / 8);
	if (version > 1)
		put_words(buf + sizeof(h) + size, p->warn, size / 8);
	return LOCKDOWN_POLICY_BLOB_SIZE_OF(version, t->conf_max);
}

int blob_sniff(const void *buf, size_t len)
{
	uint32_t magic;

	if (len < sizeof(magic))
		return 0;
	memcpy(&magic, buf, sizeof(magic));
	return le32toh(magic) == LOCKDOWN_POLICY_MAGIC;
}

int blob_decode(const void *buf, size_t len, const char *name, struct blob_info *b,
		struct diags *d)
{
	struct loc loc = { .file = name };
	struct lockdown_policy_header h;
	unsigned int nr, version, hdr_len;

	memset(b, 0, sizeof(*b));
	if (len < sizeof(h) || !blob_sniff(buf, len)) {
		diag_error(d, &loc, "not a lockdown policy blob");
		return -1;
	}
	memcpy(&h, buf, sizeof(h));
	version = le16toh(h.version);
	if (version < LOCKDOWN_POLICY_VERSION_MIN || version > LOCKDOWN_POLICY_VERSION) {
		diag_error(d, &loc, "blob format version %u; this ldpolicy reads versions %d to %d",
			   version, LOCKDOWN_POLICY_VERSION_MIN, LOCKDOWN_POLICY_VERSION);
		return -1;
	}
	nr = le16toh(h.nr_reasons);
	hdr_len = le16toh(h.hdr_len);
	/* a longer header than ours: a later format's fields, after ours */
	if (len > LOCKDOWN_POLICY_MAX_SIZE || hdr_len < sizeof(h) || hdr_len % 8 ||
	    h.reserved || !nr || nr > LOCKDOWN_POLICY_MAX_REASONS ||
	    len != hdr_len + lockdown_policy_bitmaps(version) * LOCKDOWN_POLICY_BITMAP_SIZE(nr)) {
		diag_error(d, &loc, "malformed blob (header or length)");
		return -1;
	}
	b->version = version;
	b->nr_reasons = nr;
	b->flags = le32toh(h.flags);
	memcpy(b->fingerprint, h.fingerprint, sizeof(b->fingerprint));
	get_words(b->words, (const uint8_t *)buf + hdr_len, LOCKDOWN_POLICY_BITMAP_SIZE(nr) / 8);
	if (version > 1)
		get_words(b->warn, (const uint8_t *)buf + hdr_len + LOCKDOWN_POLICY_BITMAP_SIZE(nr),
			  LOCKDOWN_POLICY_BITMAP_SIZE(nr) / 8);
	if (b->flags & ~(uint32_t)LOCKDOWN_POLICY_FLAGS_ALL) {
		diag_error(d, &loc, "blob has unknown flags 0x%x",
			   b->flags & ~(uint32_t)LOCKDOWN_POLICY_FLAGS_ALL);
		return -1;
	}
	for (size_t i = sizeof(h); i < hdr_len; i++)
		if (((const uint8_t *)buf)[i]) {
			diag_error(d, &loc, "blob sets a header field this ldpolicy does not know "
				   "(byte %zu)", i);
			return -1;
		}
	return 0;
}

int blob_check_table(const struct blob_info *b, const struct reason_table *t,
		     const char *name, struct diags *d)
{
	struct loc loc = { .file = name };

	if (b->nr_reasons != t->conf_max ||
	    memcmp(b->fingerprint, table_fingerprint(t), sizeof(b->fingerprint))) {
		char want[65];

		table_fingerprint_hex(t, want);
		if (b->nr_reasons != t->conf_max)
			diag_error(d, &loc, "blob was compiled for another kernel's reason table "
				   "(%u reasons, not the %u of %s): recompile the policy "
				   "against this kernel", b->nr_reasons, t->conf_max, t->source);
		else
			diag_error(d, &loc, "blob was compiled for another kernel's reason table "
				   "(fingerprint %02x%02x%02x%02x..., not the %.8s... of %s): "
				   "recompile the policy against this kernel", b->fingerprint[0],
				   b->fingerprint[1], b->fingerprint[2], b->fingerprint[3], want,
				   t->source);
		return -1;
	}
	for (unsigned int i = 0; i < LOCKDOWN_POLICY_BITMAP_SIZE(b->nr_reasons) * 8; i++) {
		if ((bit_test(b->words, i) || bit_test(b->warn, i)) && !table_is_reason(t, i)) {
			diag_error(d, &loc, "blob sets bit %u, which is no reason", i);
			return -1;
		}
	}
	for (unsigned int i = 0; i < LOCKDOWN_POLICY_BITMAP_SIZE(b->nr_reasons) * 8; i++) {
		if (bit_test(b->words, i) && bit_test(b->warn, i)) {
			diag_error(d, &loc, "blob both denies and warns about %s", t->v[i].id);
			return -1;
		}
	}
	return 0;
}
