/* SPDX-License-Identifier: GPL-2.0 */
/* The parsed form of a .ldp file: statements with their locations. */
#ifndef LDPOLICY_AST_H
#define LDPOLICY_AST_H

#include <stddef.h>

#include "diag.h"

enum stmt_kind {
	ST_DENY,	/* deny NAME...            */
	ST_ALLOW,	/* allow NAME...           */
	ST_WARN,	/* warn NAME...            */
	ST_INCLUDE,	/* include "PATH"          */
	ST_INTENT,	/* intent WORD ["WHY"]     */
	ST_ACK,		/* acknowledge NAME "WHY"  */
	ST_SEAL,	/* seal                    */
};

struct word {
	char *text;
	struct loc loc;
};

struct stmt {
	enum stmt_kind kind;
	struct loc loc;
	struct word *names;	/* DENY, ALLOW, WARN: the names; INTENT, ACK: one */
	size_t n_names;
	struct word str;	/* INCLUDE: path; INTENT, ACK: the reason given */
};

struct policy_file {
	char *path;		/* as given; locs point at it */
	int parent;		/* in a compiled policy: the index of the file that
				 * included it, or -1 */
	struct stmt *stmts;
	size_t n, cap;
	struct arena *words;	/* every word and string of the file */
};

/*
 * Parse @text (of @len bytes) as the policy file @path. Every error is
 * reported; statements that parsed are kept either way.
 */
struct policy_file *parse_policy(const char *path, const char *text, size_t len,
				 struct diags *d);
void policy_file_free(struct policy_file *f);

#endif
