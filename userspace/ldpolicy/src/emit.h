/* SPDX-License-Identifier: GPL-2.0 */
/* Emitters: a compiled policy as C, as .ldp source, as JSON. */
#ifndef LDPOLICY_EMIT_H
#define LDPOLICY_EMIT_H

#include <stdio.h>

#include "json.h"
#include "policy.h"

/*
 * The kernel's builtin policy (security/lockdown_policy/builtin.h):
 * reasons by identifier, resolved by the kernel's own compiler.
 */
void emit_c(const struct policy *p, char *const *sources, size_t n, FILE *f);

/* .ldp source that compiles back to the same blob. */
void emit_ldp(const struct policy *p, const char *source, FILE *f);

/* @s as a quoted .ldp string, escaped. */
void emit_ldp_string(const char *s, FILE *f);

/*
 * One .ldp statement as a line: @keyword, the @n @names, and @str quoted
 * if not NULL ("acknowledge LOCKDOWN_KEXEC \"why\"\n"). Malloc'd.
 */
char *emit_ldp_line(const char *keyword, const char *const *names, size_t n, const char *str);

/* The members every JSON reason object starts with: value, id, class. */
void emit_json_reason(struct json *j, const struct reason_table *t, unsigned int what);

/*
 * A reason table's members: source, fingerprint, count (the reasons),
 * integrity_max and confidentiality_max (the levels' values; the latter
 * is what a blob header calls nr_reasons).
 */
void emit_json_table(struct json *j, const struct reason_table *t);

/* The "ldpolicy.policy/2" JSON object (members only: caller opens it). */
void emit_json_policy(const struct policy *p, struct json *j);
/* The same object as a whole JSON document on F. */
void emit_json_policy_document(const struct policy *p, FILE *f);

#endif
