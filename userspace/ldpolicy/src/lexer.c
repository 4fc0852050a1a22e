// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>

#include "lexer.h"
#include "util.h"

const char *tok_kind_name(enum tok_kind k)
{
	switch (k) {
	case TOK_WORD:
		return "a word";
	case TOK_STRING:
		return "a string";
	case TOK_EOL:
		return "end of line";
	case TOK_EOF:
		return "end of file";
	case TOK_BAD:
		break;
	}
	return "a bad token";
}

void lexer_init(struct lexer *lx, const char *file, const char *text, struct arena *arena,
		struct diags *d)
{
	lx->file = file;
	lx->p = text;
	lx->line = 1;
	lx->col = 1;
	lx->d = d;
	lx->arena = arena;
}

void lexer_skip_line(struct lexer *lx)
{
	size_t n = strcspn(lx->p, "\n");

	lx->p += n;
	lx->col += n;
}

/* The code point of the valid UTF-8 sequence of @n bytes at @s. */
static unsigned int code_point(const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s;
	unsigned int cp = n == 2 ? p[0] & 0x1f : n == 3 ? p[0] & 0x0f : p[0] & 0x07;

	for (size_t i = 1; i < n; i++)
		cp = cp << 6 | (p[i] & 0x3f);
	return cp;
}

/* Unicode's spaces, which an editor or a web page slips in for a blank. */
static bool unicode_space(unsigned int cp)
{
	return cp == 0x85 || cp == 0xa0 || cp == 0x1680 || (cp >= 0x2000 && cp <= 0x200b) ||
	       cp == 0x2028 || cp == 0x2029 || cp == 0x202f || cp == 0x205f || cp == 0x3000 ||
	       cp == 0xfeff;
}

static void advance(struct lexer *lx)
{
	if (*lx->p == '\n') {
		lx->line++;
		lx->col = 1;
	} else {
		lx->col++;
	}
	lx->p++;
}

/* ASCII only, whatever the locale: the language is ASCII. */
static bool word_start(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static bool word_char(int c)
{
	return word_start(c) || (c >= '0' && c <= '9') || c == '-';
}

static void lex_string(struct lexer *lx, struct token *tok)
{
	size_t cap = 32, n = 0;
	char *s = xmalloc(cap);

	advance(lx);	/* opening quote */
	for (;;) {
		int c = (unsigned char)*lx->p;

		if (c == '\0' || c == '\n') {
			diag_error(lx->d, &tok->loc, "unterminated string");
			free(s);
			tok->kind = TOK_BAD;
			return;
		}
		if (c == '"') {
			advance(lx);
			break;
		}
		if (c == '\\') {
			struct loc at = { lx->file, lx->line, lx->col };

			advance(lx);
			c = (unsigned char)*lx->p;
			if (c == 'n')
				c = '\n';
			else if (c == 't')
				c = '\t';
			else if (c != '\\' && c != '"') {
				diag_error(lx->d, &at, "unknown escape '\\%c' in string",
					   c && c != '\n' ? c : ' ');
				free(s);
				tok->kind = TOK_BAD;
				while (*lx->p && *lx->p != '\n')
					advance(lx);
				return;
			}
		} else if ((c < 0x20 && c != '\t') || !utf8_len(lx->p)) {
			struct loc at = { lx->file, lx->line, lx->col };

			if (c < 0x20)
				diag_error(lx->d, &at, "control character 0x%02x in string", c);
			else
				diag_error(lx->d, &at, "byte 0x%02x in string is not UTF-8", c);
			free(s);
			tok->kind = TOK_BAD;
			while (*lx->p && *lx->p != '\n')
				advance(lx);
			return;
		}
		if (c >= 0x80) {
			/* a whole UTF-8 sequence, checked above */
			size_t len = utf8_len(lx->p);

			if (n + len + 1 > cap)
				s = xrealloc(s, cap = 2 * (n + len + 1));
			for (size_t i = 0; i < len; i++) {
				s[n++] = *lx->p;
				advance(lx);
			}
			continue;
		}
		if (n + 2 > cap)
			s = xrealloc(s, cap *= 2);
		s[n++] = c;
		advance(lx);
	}
	tok->kind = TOK_STRING;
	tok->text = arena_strndup(lx->arena, s, n);
	free(s);
}

void lexer_next(struct lexer *lx, struct token *tok)
{
	int c;

	memset(tok, 0, sizeof(*tok));
	for (;;) {
		c = (unsigned char)*lx->p;
		if (c == ' ' || c == '\t' || c == '\r') {
			lx->p++;
			lx->col++;
		} else if (c == '#') {
			/* a comment runs to the end of the line: no newline inside */
			size_t n = strcspn(lx->p, "\n");

			lx->p += n;
			lx->col += n;
		} else {
			break;
		}
	}
	tok->loc = (struct loc){ lx->file, lx->line, lx->col };
	tok->start = lx->p;
	if (c == '\0') {
		tok->kind = TOK_EOF;
	} else if (c == '\n') {
		tok->kind = TOK_EOL;
		advance(lx);
	} else if (c == '"') {
		lex_string(lx, tok);
	} else if (word_start(c)) {
		const char *start = lx->p;

		while (word_char((unsigned char)*lx->p))
			lx->p++;	/* no newline in a word */
		lx->col += lx->p - start;
		tok->kind = TOK_WORD;
		tok->text = arena_strndup(lx->arena, start, lx->p - start);
	} else if (c >= 0x80 && utf8_len(lx->p)) {
		/* one error for a character, however many bytes it takes */
		size_t n = utf8_len(lx->p);
		unsigned int cp = code_point(lx->p, n);

		if (unicode_space(cp))
			diag_error(lx->d, &tok->loc, "unexpected character U+%04X, a Unicode space: "
				   "words are separated by ASCII spaces and tabs", cp);
		else
			diag_error(lx->d, &tok->loc, "unexpected character U+%04X: outside strings, "
				   "a policy is ASCII", cp);
		lx->p += n;
		lx->col += n;
		tok->kind = TOK_BAD;
	} else {
		if (c >= 0x20 && c < 0x7f)
			diag_error(lx->d, &tok->loc, "unexpected character '%c'", c);
		else
			diag_error(lx->d, &tok->loc, "unexpected byte 0x%02x", c);
		advance(lx);
		tok->kind = TOK_BAD;
	}
}
