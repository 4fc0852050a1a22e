/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A compiled policy: policy files resolved against a reason table into
 * the set of denied reasons, plus what the files declare (intent,
 * acknowledged bypasses, seal).
 */
#ifndef LDPOLICY_POLICY_H
#define LDPOLICY_POLICY_H

#include <stdbool.h>
#include <stdint.h>

#include "ast.h"
#include "table.h"

#define POLICY_WORDS (LOCKDOWN_POLICY_MAX_REASONS / 64)

enum intent { INTENT_BOUNDARY, INTENT_FEATURE_DISABLE };

struct ack {
	unsigned int reason;	/* the allowed reason whose bypasses are accepted */
	char *why;
	struct loc loc;
	bool used;		/* set by the analysis when it excuses a finding */
};

struct policy {
	const struct reason_table *t;
	uint64_t deny[POLICY_WORDS];
	struct loc deny_loc[LOCKDOWN_POLICY_MAX_REASONS];	/* last deny */
	struct loc allow_loc[LOCKDOWN_POLICY_MAX_REASONS];	/* last allow */
	enum intent intent;
	struct loc intent_loc;
	char *intent_why;
	struct ack *acks;
	size_t n_acks, cap_acks;
	bool seal;
	struct policy_file **files;	/* keeps every loc's file name alive */
	size_t n_files, cap_files;
};

/*
 * Compile @paths (in order, as if each were included by the next) against
 * @t into @p. Every error is reported to @d. Returns 0, or -1 if any file
 * had an error (@p then holds what could be compiled).
 */
int policy_compile(struct policy *p, const struct reason_table *t,
		   char *const *paths, size_t n, struct diags *d);

/* policy_compile of one file held in memory, named @name. */
int policy_compile_text(struct policy *p, const struct reason_table *t, const char *name,
			const char *text, size_t len, struct diags *d);

/* A policy of exactly @words against @t, as read from a blob. */
void policy_from_bits(struct policy *p, const struct reason_table *t,
		      const uint64_t *words, uint32_t flags);

bool policy_denies(const struct policy *p, unsigned int what);
void policy_set(struct policy *p, unsigned int what, bool deny);
unsigned int policy_count(const struct policy *p);
uint32_t policy_flags(const struct policy *p);
void policy_free(struct policy *p);

static inline bool bit_test(const uint64_t *w, unsigned int b)
{
	return w[b / 64] >> (b % 64) & 1;
}

#endif
