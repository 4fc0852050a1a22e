/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The .ldp lexer: words, "strings", comments and line ends. The language
 * is line-oriented, so a line end is a token.
 */
#ifndef LDPOLICY_LEXER_H
#define LDPOLICY_LEXER_H

#include "diag.h"

enum tok_kind { TOK_WORD, TOK_STRING, TOK_EOL, TOK_EOF, TOK_BAD };

struct token {
	enum tok_kind kind;
	struct loc loc;
	char *text;	/* WORD: the word; STRING: the unescaped contents; in
			 * the lexer's arena, never freed on its own */
	const char *start;	/* where it starts in the source text */
};

struct arena;

struct lexer {
	const char *file;
	const char *p;
	unsigned int line, col;
	struct diags *d;
	struct arena *arena;	/* where token texts live */
};

void lexer_init(struct lexer *lx, const char *file, const char *text, struct arena *arena,
		struct diags *d);

/*
 * The next token. A malformed token is reported to the diagnostics and
 * returned as TOK_BAD.
 */
void lexer_next(struct lexer *lx, struct token *tok);

/*
 * Skip the rest of the line, up to its newline, without reading tokens:
 * after an error, the rest of a statement is not reported again.
 */
void lexer_skip_line(struct lexer *lx);

const char *tok_kind_name(enum tok_kind k);

#endif
