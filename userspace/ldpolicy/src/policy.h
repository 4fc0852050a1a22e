/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A compiled policy: policy files resolved against a reason table into
 * the set of denied reasons and the set of warned ones (learning mode),
 * plus what the files declare (intent, acknowledged bypasses, seal).
 */
#ifndef LDPOLICY_POLICY_H
#define LDPOLICY_POLICY_H

#include <stdbool.h>
#include <stdint.h>

#include "ast.h"
#include "table.h"

#define POLICY_WORDS (LOCKDOWN_POLICY_MAX_REASONS / 64)

enum intent { INTENT_BOUNDARY, INTENT_FEATURE_DISABLE };

/* A reason's state, ordered: a load may only move a reason up. */
enum verdict { VERDICT_ALLOW, VERDICT_WARN, VERDICT_DENY };

struct ack {
	unsigned int reason;	/* the allowed reason whose bypasses are accepted */
	char *why;
	struct loc loc;
	bool used;		/* set by the analysis when it excuses a finding */
};

/*
 * A file's declared intent. Like an acknowledgement, it covers the
 * denials made in its file and in the files that file includes, never
 * those of a file that includes it (policy_in_scope()).
 */
struct file_intent {
	enum intent intent;
	struct loc loc;		/* loc.file is the declaring file */
	const char *why;	/* feature-disable's reason, in the file's arena */
};

struct policy {
	const struct reason_table *t;
	uint64_t deny[POLICY_WORDS];
	uint64_t warn[POLICY_WORDS];	/* warned, allowed: never also in deny */
	uint64_t named[POLICY_WORDS];	/* named on their own by a statement, not by a group */
	struct loc deny_loc[LOCKDOWN_POLICY_MAX_REASONS];	/* last deny */
	struct loc allow_loc[LOCKDOWN_POLICY_MAX_REASONS];	/* last allow */
	struct loc warn_loc[LOCKDOWN_POLICY_MAX_REASONS];	/* last warn */
	/*
	 * The blob's intent, for the flag LOCKDOWN_POLICY_FLAG_NOT_A_BOUNDARY:
	 * feature-disable only when every denial is covered by a declaration
	 * of it (the first such declaration's place and reason here); a
	 * feature-disable file included in a boundary policy does not make it
	 * one.
	 */
	enum intent intent;
	struct loc intent_loc;
	char *intent_why;
	/* each file's own declaration: what the bypass analysis excuses */
	struct file_intent *intents;
	size_t n_intents, cap_intents;
	struct ack *acks;
	size_t n_acks, cap_acks;
	bool seal;
	struct policy_file **files;	/* keeps every loc's file name alive */
	size_t n_files, cap_files;
};

/*
 * Where an include that is not found beside the file that includes it is
 * looked for, in order: the directories added here (ldpolicy -I), then
 * the shipped policies (include "integrity.ldp" from /etc).
 */
void policy_add_include_dir(const char *dir);

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

/*
 * A policy of exactly @words denied and @warn warned (NULL: none) against
 * @t, as read from a blob. A reason in both is denied.
 */
void policy_from_bits(struct policy *p, const struct reason_table *t,
		      const uint64_t *words, const uint64_t *warn, uint32_t flags);

bool policy_denies(const struct policy *p, unsigned int what);
bool policy_warns(const struct policy *p, unsigned int what);
enum verdict policy_verdict(const struct policy *p, unsigned int what);
const char *verdict_name(enum verdict v);	/* "allowed", "warned", "denied" */
/*
 * The intent that covers the denial of @what: that of the file whose deny
 * statement denies it last, or, for a policy read from a blob (no files),
 * the blob's. NULL for security-boundary.
 */
const struct loc *policy_feature_intent(const struct policy *p, unsigned int what);
/*
 * Does a declaration (intent, acknowledge) made in @decl_file cover a
 * statement of @stmt_file? Yes when they are the same file, or @decl_file
 * includes @stmt_file, directly or not; both are loc.file pointers of @p's
 * files. A declaration of no file (rebuilt from a blob) covers everything.
 */
bool policy_in_scope(const struct policy *p, const char *decl_file, const char *stmt_file);
void policy_set(struct policy *p, unsigned int what, bool deny);
void policy_set_verdict(struct policy *p, unsigned int what, enum verdict v);
unsigned int policy_count(const struct policy *p);	/* denied reasons */
unsigned int policy_count_warned(const struct policy *p);
uint32_t policy_flags(const struct policy *p);
void policy_free(struct policy *p);

static inline bool bit_test(const uint64_t *w, unsigned int b)
{
	return w[b / 64] >> (b % 64) & 1;
}

#endif
