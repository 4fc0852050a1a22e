// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of lockdown policy blob validation: a valid blob is read
 * exactly, and every class of malformed blob gets its documented errno
 * and leaves the output untouched.
 */
#include <kunit/test.h>
#include <linux/string.h>

#include "lockdown_policy.h"

struct blob_buf {
	u8 bytes[LOCKDOWN_POLICY_MAX_SIZE + 16];
	size_t len;
};

static struct lockdown_policy_header *blob_hdr(struct blob_buf *b)
{
	return (struct lockdown_policy_header *)b->bytes;
}

static void blob_set_bit(struct blob_buf *b, unsigned int bit)
{
	u8 *bitmap = b->bytes + sizeof(struct lockdown_policy_header);

	bitmap[bit / 8] |= 1 << (bit % 8);
}

/* Set @bit in the warn set of a version 2 blob. */
static void blob_set_warn(struct blob_buf *b, unsigned int bit)
{
	blob_set_bit(b, LOCKDOWN_POLICY_BITMAP_SIZE(lockdown_policy_abi.nr_reasons) * 8 +
		     bit);
}

/* Make a version 1 blob a version 2 one that warns about nothing. */
static void blob_v2(struct blob_buf *b)
{
	blob_hdr(b)->version = cpu_to_le16(2);
	b->len = LOCKDOWN_POLICY_BLOB_SIZE_OF(2, lockdown_policy_abi.nr_reasons);
}

/* A valid version 1 blob for the running kernel denying DEV_MEM and KCORE. */
static void blob_valid(struct blob_buf *b)
{
	struct lockdown_policy_header *h = blob_hdr(b);

	memset(b, 0, sizeof(*b));
	h->magic = cpu_to_le32(LOCKDOWN_POLICY_MAGIC);
	h->version = cpu_to_le16(LOCKDOWN_POLICY_VERSION_MIN);
	h->hdr_len = cpu_to_le16(sizeof(*h));
	h->nr_reasons = cpu_to_le16(lockdown_policy_abi.nr_reasons);
	memcpy(h->fingerprint, lockdown_policy_abi.fingerprint,
	       sizeof(h->fingerprint));
	blob_set_bit(b, LOCKDOWN_DEV_MEM);
	blob_set_bit(b, LOCKDOWN_KCORE);
	b->len = LOCKDOWN_POLICY_BLOB_SIZE_OF(1, lockdown_policy_abi.nr_reasons);
}

static void blob_test_valid(struct kunit *test)
{
	struct blob_buf *b = kunit_kzalloc(test, sizeof(*b), GFP_KERNEL);
	struct lockdown_policy_blob out;

	KUNIT_ASSERT_NOT_NULL(test, b);
	blob_valid(b);
	blob_hdr(b)->flags = cpu_to_le32(LOCKDOWN_POLICY_FLAG_BYPASS_ACKED);
	KUNIT_ASSERT_EQ(test, lockdown_policy_blob_parse(b->bytes, b->len,
							 &lockdown_policy_abi, &out), 0);
	KUNIT_EXPECT_EQ(test, out.flags, LOCKDOWN_POLICY_FLAG_BYPASS_ACKED);
	KUNIT_EXPECT_EQ(test, out.words[0],
			BIT_ULL(LOCKDOWN_DEV_MEM) | BIT_ULL(LOCKDOWN_KCORE));
	KUNIT_EXPECT_EQ(test, out.warn[0], 0ULL);
}

/* Version 2: the warn set follows the deny set. */
static void blob_test_valid_v2(struct kunit *test)
{
	struct blob_buf *b = kunit_kzalloc(test, sizeof(*b), GFP_KERNEL);
	struct lockdown_policy_blob out;

	KUNIT_ASSERT_NOT_NULL(test, b);
	blob_valid(b);
	blob_v2(b);
	blob_set_warn(b, LOCKDOWN_PERF);
	blob_set_warn(b, LOCKDOWN_KPROBES);
	KUNIT_ASSERT_EQ(test, lockdown_policy_blob_parse(b->bytes, b->len,
							 &lockdown_policy_abi, &out), 0);
	KUNIT_EXPECT_EQ(test, out.words[0],
			BIT_ULL(LOCKDOWN_DEV_MEM) | BIT_ULL(LOCKDOWN_KCORE));
	KUNIT_EXPECT_EQ(test, out.warn[0],
			BIT_ULL(LOCKDOWN_PERF) | BIT_ULL(LOCKDOWN_KPROBES));
}

/*
 * Move the bitmaps of a valid blob @pad bytes on, behind a header that
 * long; its new bytes zero.
 */
static void blob_longer_header(struct blob_buf *b, unsigned int pad)
{
	size_t hdr = sizeof(struct lockdown_policy_header);

	memmove(b->bytes + hdr + pad, b->bytes + hdr, b->len - hdr);
	memset(b->bytes + hdr, 0, pad);
	blob_hdr(b)->hdr_len = cpu_to_le16(hdr + pad);
	b->len += pad;
}

/*
 * A longer header than this kernel's, its added bytes zero: a later
 * format's fields left unset, read as this format.
 */
static void blob_test_longer_header(struct kunit *test)
{
	struct blob_buf *b = kunit_kzalloc(test, sizeof(*b), GFP_KERNEL);
	struct lockdown_policy_blob out;

	KUNIT_ASSERT_NOT_NULL(test, b);
	blob_valid(b);
	blob_longer_header(b, 16);
	KUNIT_ASSERT_EQ(test, lockdown_policy_blob_parse(b->bytes, b->len,
							 &lockdown_policy_abi, &out), 0);
	KUNIT_EXPECT_EQ(test, out.words[0],
			BIT_ULL(LOCKDOWN_DEV_MEM) | BIT_ULL(LOCKDOWN_KCORE));
}

/* The parser reads any alignment: the fuzzer and userspace do not align. */
/*
 * Every format this kernel reads fits the bound reasons.c checks at build
 * time, and a format it does not know has no bitmaps.
 */
static void blob_test_bitmaps(struct kunit *test)
{
	unsigned int v;

	for (v = LOCKDOWN_POLICY_VERSION_MIN; v <= LOCKDOWN_POLICY_VERSION; v++) {
		KUNIT_EXPECT_GE(test, lockdown_policy_bitmaps(v), 1);
		KUNIT_EXPECT_LE(test, lockdown_policy_bitmaps(v),
				LOCKDOWN_POLICY_MAX_BITMAPS);
	}
	KUNIT_EXPECT_EQ(test, lockdown_policy_bitmaps(0), 0);
	KUNIT_EXPECT_EQ(test, lockdown_policy_bitmaps(LOCKDOWN_POLICY_VERSION + 1), 0);
}

static void blob_test_unaligned(struct kunit *test)
{
	struct blob_buf *b = kunit_kzalloc(test, sizeof(*b), GFP_KERNEL);
	struct lockdown_policy_blob out;

	KUNIT_ASSERT_NOT_NULL(test, b);
	blob_valid(b);
	memmove(b->bytes + 1, b->bytes, b->len);
	KUNIT_EXPECT_EQ(test, lockdown_policy_blob_parse(b->bytes + 1, b->len,
							 &lockdown_policy_abi, &out), 0);
}

/*
 * Each malformed class: how to break a valid blob, and the errno the
 * documented order of checks gives it.
 */
enum blob_mutation {
	BLOB_TOO_LONG,
	BLOB_EMPTY,
	BLOB_SHORT_HEADER,
	BLOB_MAGIC,
	BLOB_MAGIC_SWAPPED,
	BLOB_VERSION0,
	BLOB_VERSION3,
	BLOB_V2_SHORT,
	BLOB_V1_LONG,
	BLOB_HDR_LEN,
	BLOB_HDR_LEN_ODD,
	BLOB_HDR_LEN_PAST,
	BLOB_HDR_FIELD_SET,
	BLOB_RESERVED,
	BLOB_NR_ZERO,
	BLOB_NR_HUGE,
	BLOB_TRUNCATED,
	BLOB_TRAILING,
	BLOB_TRAILING_WORD,
	BLOB_NR_OTHER,
	BLOB_NR_OTHER_LONGER,
	BLOB_FINGERPRINT,
	BLOB_FLAG_UNKNOWN,
	BLOB_FLAG_TOP,
	BLOB_BIT_NONE,
	BLOB_BIT_INTEGRITY_MAX,
	BLOB_BIT_MAX,
	BLOB_BIT_63,
	BLOB_WARN_NONE,
	BLOB_WARN_MAX,
	BLOB_WARN_AND_DENY,
};

struct blob_case {
	const char *name;
	enum blob_mutation mutation;
	int err;
};

static const struct blob_case blob_cases[] = {
	{ "longer than the maximum", BLOB_TOO_LONG, -E2BIG },
	{ "empty", BLOB_EMPTY, -EINVAL },
	{ "shorter than the header", BLOB_SHORT_HEADER, -EINVAL },
	{ "wrong magic", BLOB_MAGIC, -EBADMSG },
	{ "big-endian magic", BLOB_MAGIC_SWAPPED, -EBADMSG },
	{ "version 0", BLOB_VERSION0, -EPROTONOSUPPORT },
	{ "version 3", BLOB_VERSION3, -EPROTONOSUPPORT },
	{ "version 2 without its warn set", BLOB_V2_SHORT, -EINVAL },
	{ "version 1 with a warn set", BLOB_V1_LONG, -EINVAL },
	{ "wrong hdr_len", BLOB_HDR_LEN, -EINVAL },
	{ "hdr_len not a multiple of 8", BLOB_HDR_LEN_ODD, -EINVAL },
	{ "hdr_len past the header the blob has", BLOB_HDR_LEN_PAST, -EINVAL },
	{ "a longer header setting a field unknown here", BLOB_HDR_FIELD_SET, -EOPNOTSUPP },
	{ "reserved field set", BLOB_RESERVED, -EINVAL },
	{ "zero reasons", BLOB_NR_ZERO, -EINVAL },
	{ "too many reasons", BLOB_NR_HUGE, -EINVAL },
	{ "truncated bitmap", BLOB_TRUNCATED, -EINVAL },
	{ "a trailing byte", BLOB_TRAILING, -EINVAL },
	{ "a trailing word", BLOB_TRAILING_WORD, -EINVAL },
	{ "other reason count", BLOB_NR_OTHER, -ENOEXEC },
	{ "other reason count, longer bitmap", BLOB_NR_OTHER_LONGER, -ENOEXEC },
	{ "other fingerprint", BLOB_FINGERPRINT, -ENOEXEC },
	{ "unknown flag", BLOB_FLAG_UNKNOWN, -EOPNOTSUPP },
	{ "top flag bit", BLOB_FLAG_TOP, -EOPNOTSUPP },
	{ "bit for LOCKDOWN_NONE", BLOB_BIT_NONE, -ERANGE },
	{ "bit for LOCKDOWN_INTEGRITY_MAX", BLOB_BIT_INTEGRITY_MAX, -ERANGE },
	{ "bit for LOCKDOWN_CONFIDENTIALITY_MAX", BLOB_BIT_MAX, -ERANGE },
	{ "bit 63 of the padding", BLOB_BIT_63, -ERANGE },
	{ "warn bit for LOCKDOWN_NONE", BLOB_WARN_NONE, -ERANGE },
	{ "warn bit for LOCKDOWN_CONFIDENTIALITY_MAX", BLOB_WARN_MAX, -ERANGE },
	{ "a reason both denied and warned", BLOB_WARN_AND_DENY, -EINVAL },
};

static void blob_mutate(struct blob_buf *b, enum blob_mutation m)
{
	struct lockdown_policy_header *h = blob_hdr(b);
	unsigned int nr = lockdown_policy_abi.nr_reasons;

	switch (m) {
	case BLOB_TOO_LONG:
		b->len = LOCKDOWN_POLICY_MAX_SIZE + 1;
		break;
	case BLOB_EMPTY:
		b->len = 0;
		break;
	case BLOB_SHORT_HEADER:
		b->len = sizeof(*h) - 1;
		break;
	case BLOB_MAGIC:
		h->magic ^= cpu_to_le32(1);
		break;
	case BLOB_MAGIC_SWAPPED:
		h->magic = (__force __le32)cpu_to_be32(LOCKDOWN_POLICY_MAGIC);
		break;
	case BLOB_VERSION0:
		h->version = 0;
		break;
	case BLOB_VERSION3:
		h->version = cpu_to_le16(3);
		b->len = LOCKDOWN_POLICY_BLOB_SIZE_OF(3, nr);
		break;
	case BLOB_V2_SHORT:
		h->version = cpu_to_le16(2);
		break;
	case BLOB_V1_LONG:
		b->len = LOCKDOWN_POLICY_BLOB_SIZE_OF(2, nr);
		break;
	case BLOB_HDR_LEN:
		h->hdr_len = cpu_to_le16(40);
		break;
	case BLOB_HDR_LEN_ODD:
		blob_longer_header(b, 4);
		break;
	case BLOB_HDR_LEN_PAST:
		h->hdr_len = cpu_to_le16(sizeof(*h) + 8);
		break;
	case BLOB_HDR_FIELD_SET:
		blob_longer_header(b, 8);
		b->bytes[sizeof(*h) + 7] = 1;
		break;
	case BLOB_RESERVED:
		h->reserved = cpu_to_le16(1);
		break;
	case BLOB_NR_ZERO:
		h->nr_reasons = 0;
		break;
	case BLOB_NR_HUGE:
		h->nr_reasons = cpu_to_le16(LOCKDOWN_POLICY_MAX_REASONS + 1);
		b->len = LOCKDOWN_POLICY_BLOB_SIZE_OF(1, LOCKDOWN_POLICY_MAX_REASONS + 1);
		break;
	case BLOB_TRUNCATED:
		b->len--;
		break;
	case BLOB_TRAILING:
		b->len++;
		break;
	case BLOB_TRAILING_WORD:
		b->len += 8;
		break;
	case BLOB_NR_OTHER:
		h->nr_reasons = cpu_to_le16(nr + 1);
		break;
	case BLOB_NR_OTHER_LONGER:
		h->nr_reasons = cpu_to_le16(nr + 64);
		b->len = LOCKDOWN_POLICY_BLOB_SIZE_OF(1, nr + 64);
		break;
	case BLOB_FINGERPRINT:
		h->fingerprint[31] ^= 0x80;
		break;
	case BLOB_FLAG_UNKNOWN:
		h->flags = cpu_to_le32(1U << 3);
		break;
	case BLOB_FLAG_TOP:
		h->flags = cpu_to_le32(1U << 31);
		break;
	case BLOB_BIT_NONE:
		blob_set_bit(b, LOCKDOWN_NONE);
		break;
	case BLOB_BIT_INTEGRITY_MAX:
		blob_set_bit(b, LOCKDOWN_INTEGRITY_MAX);
		break;
	case BLOB_BIT_MAX:
		blob_set_bit(b, LOCKDOWN_CONFIDENTIALITY_MAX);
		break;
	case BLOB_BIT_63:
		blob_set_bit(b, 63);
		break;
	case BLOB_WARN_NONE:
		blob_v2(b);
		blob_set_warn(b, LOCKDOWN_NONE);
		break;
	case BLOB_WARN_MAX:
		blob_v2(b);
		blob_set_warn(b, LOCKDOWN_CONFIDENTIALITY_MAX);
		break;
	case BLOB_WARN_AND_DENY:
		blob_v2(b);
		blob_set_warn(b, LOCKDOWN_KCORE);
		break;
	}
}

static void blob_case_desc(const struct blob_case *c, char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(blob_malformed, blob_cases, blob_case_desc);

static void blob_test_malformed(struct kunit *test)
{
	const struct blob_case *c = test->param_value;
	struct blob_buf *b = kunit_kzalloc(test, sizeof(*b), GFP_KERNEL);
	struct lockdown_policy_blob out, before;

	KUNIT_ASSERT_NOT_NULL(test, b);
	blob_valid(b);
	blob_mutate(b, c->mutation);
	memset(&out, 0xa5, sizeof(out));
	before = out;
	KUNIT_EXPECT_EQ(test, lockdown_policy_blob_parse(b->bytes, b->len,
							 &lockdown_policy_abi, &out),
			c->err);
	KUNIT_EXPECT_MEMEQ(test, &out, &before, sizeof(out));
}

static struct kunit_case blob_test_cases[] = {
	KUNIT_CASE(blob_test_valid),
	KUNIT_CASE(blob_test_valid_v2),
	KUNIT_CASE(blob_test_longer_header),
	KUNIT_CASE(blob_test_unaligned),
	KUNIT_CASE(blob_test_bitmaps),
	KUNIT_CASE_PARAM(blob_test_malformed, blob_malformed_gen_params),
	{}
};

static struct kunit_suite blob_test_suite = {
	.name = "lockdown_policy_blob",
	.test_cases = blob_test_cases,
};

kunit_test_suites(&blob_test_suite);
