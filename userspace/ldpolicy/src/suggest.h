/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ldpolicy suggest: a policy written from what warn mode observed.
 *
 * Every reason the base covers is denied, except those something used
 * while they were warned: those are allowed, with the programs that used
 * them named. Allowing them may defeat reasons the policy denies; each
 * such bypass gets the acknowledgement the analysis requires, saying why.
 * A reason the kernel denies already stays denied, whatever the base.
 */
#ifndef LDPOLICY_SUGGEST_H
#define LDPOLICY_SUGGEST_H

#include <stdio.h>

#include "analyze.h"
#include "backend.h"
#include "json.h"

/* Why a reason is where the suggestion puts it. */
enum suggest_why {
	SUGGEST_OUTSIDE,	/* outside the base: allowed, not mentioned */
	SUGGEST_USED,		/* warned, and something asked: allowed */
	SUGGEST_UNUSED,		/* warned, and nothing asked: denied */
	SUGGEST_KERNEL,		/* warned, and only the kernel's own tasks asked: denied */
	SUGGEST_UNWATCHED,	/* in the base but not warned: nothing known, denied */
	SUGGEST_DENIED,		/* denied in force already: stays denied */
};

struct suggest_ack {
	unsigned int allowed;		/* the used reason kept allowed */
	uint64_t defeats[POLICY_WORDS];	/* the denied reasons it defeats */
	const char *how;		/* the model's path, for one of them */
};

struct suggestion {
	const struct reason_table *t;
	const struct kstate *k;		/* the observations */
	/* the kernel they were made on, named in what is written; or NULL */
	const struct kstate_origin *origin;
	const char *base;		/* "integrity" or "confidentiality" */
	unsigned int base_max;		/* reasons below this are in the base */
	enum suggest_why why[LOCKDOWN_POLICY_MAX_REASONS];
	struct suggest_ack *acks;
	size_t n_acks;
	struct policy p;		/* what the suggestion amounts to */
};

/*
 * Suggest a policy for @base ("integrity" or "confidentiality") from the
 * observations in @k, against @t and the bypass model @m. Returns 0, or
 * -1 (diagnosed) when @k holds no record of who asked (seen_read false).
 */
int suggest_build(struct suggestion *s, const struct reason_table *t, const struct model *m,
		  const struct kstate *k, const char *base, struct diags *d);

/* The suggestion as a commented .ldp policy file. */
void suggest_write_ldp(const struct suggestion *s, const char *source, FILE *f);

/* The same content as data (ldpolicy.suggest/1). */
void suggest_write_json(const struct suggestion *s, const char *source, struct json *j);

void suggest_free(struct suggestion *s);

#endif
