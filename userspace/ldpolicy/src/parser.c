// SPDX-License-Identifier: GPL-2.0
/*
 * The .ldp parser. One statement per line:
 *   deny NAME...  |  allow NAME...  |  include "PATH"  |  seal
 *   intent security-boundary  |  intent feature-disable "WHY"
 *   acknowledge NAME "WHY"
 * A line with an error is skipped after reporting it, so one run reports
 * every error in the file. Names are resolved later, against a table.
 */
#include <stdlib.h>
#include <string.h>

#include "ast.h"
#include "lexer.h"
#include "util.h"

struct parser {
	struct lexer lx;
	struct token tok;
	struct diags *d;
	struct policy_file *f;
	struct word *names;	/* scratch for a statement's names */
	size_t cap_names;
};

static void next(struct parser *ps)
{
	lexer_next(&ps->lx, &ps->tok);
}

/* After an error: the rest of the line is skipped unread, so one error each. */
static void skip_line(struct parser *ps)
{
	if (ps->tok.kind == TOK_EOL || ps->tok.kind == TOK_EOF)
		return;
	lexer_skip_line(&ps->lx);
	next(ps);
}

static struct word take_word(struct parser *ps)
{
	struct word w = { ps->tok.text, ps->tok.loc };

	ps->tok.text = NULL;
	next(ps);
	return w;
}

/* Expect the end of the statement; report anything else. */
static bool end_of_stmt(struct parser *ps, const char *what)
{
	if (ps->tok.kind == TOK_EOL || ps->tok.kind == TOK_EOF)
		return true;
	if (ps->tok.kind == TOK_WORD)
		diag_error(ps->d, &ps->tok.loc, "unexpected word '%s' after %s: a statement "
			   "ends with its line", ps->tok.text, what);
	else if (ps->tok.kind == TOK_STRING)
		diag_error(ps->d, &ps->tok.loc, "unexpected string \"%s\" after %s",
			   ps->tok.text, what);
	else if (ps->tok.kind != TOK_BAD)
		diag_error(ps->d, &ps->tok.loc, "unexpected %s after %s",
			   tok_kind_name(ps->tok.kind), what);
	return false;
}

static bool parse_names(struct parser *ps, struct stmt *s, const char *kw)
{
	while (ps->tok.kind == TOK_WORD) {
		grow(&ps->names, &ps->cap_names, s->n_names + 1, sizeof(*ps->names));
		ps->names[s->n_names++] = take_word(ps);
	}
	/* kept in the file's arena: a long policy is many small statements */
	s->names = s->n_names ? arena_memdup(ps->f->words, ps->names,
					     s->n_names * sizeof(*s->names)) : NULL;
	if (!s->n_names && ps->tok.kind == TOK_STRING) {
		diag_error(ps->d, &ps->tok.loc, "reason names are not quoted");
		return false;
	}
	if (!s->n_names && ps->tok.kind != TOK_BAD) {
		diag_error(ps->d, &ps->tok.loc, "'%s' needs at least one reason or group", kw);
		return false;
	}
	return end_of_stmt(ps, "the reasons");
}

static bool parse_string(struct parser *ps, struct stmt *s, const char *what)
{
	if (ps->tok.kind == TOK_WORD && s->kind == ST_INCLUDE) {
		/* include integrity.ldp: the rest of the line is the name, unquoted */
		const char *p = ps->tok.start;
		size_t n = strcspn(p, "#\n");

		while (n && (p[n - 1] == ' ' || p[n - 1] == '\t' || p[n - 1] == '\r'))
			n--;
		diag_error(ps->d, &ps->tok.loc, "expected %s in quotes: include \"%.*s\"", what,
			   (int)n, p);
		diag_fix(ps->d, &ps->tok.loc, n, "\"%.*s\"", (int)n, p);
		return false;
	}
	if (ps->tok.kind != TOK_STRING) {
		if (ps->tok.kind != TOK_BAD)
			diag_error(ps->d, &ps->tok.loc, "expected %s in quotes, found %s",
				   what, tok_kind_name(ps->tok.kind));
		return false;
	}
	s->str = take_word(ps);
	return true;
}

static bool parse_stmt(struct parser *ps, struct stmt *s)
{
	const char *kw = ps->tok.text;

	s->loc = ps->tok.loc;
	if (!strcmp(kw, "deny") || !strcmp(kw, "allow") || !strcmp(kw, "warn")) {
		s->kind = kw[0] == 'd' ? ST_DENY : kw[0] == 'a' ? ST_ALLOW : ST_WARN;
		kw = s->kind == ST_DENY ? "deny" : s->kind == ST_ALLOW ? "allow" : "warn";
		next(ps);
		return parse_names(ps, s, kw);
	}
	if (!strcmp(kw, "include")) {
		s->kind = ST_INCLUDE;
		next(ps);
		return parse_string(ps, s, "a file name") && end_of_stmt(ps, "the file name");
	}
	if (!strcmp(kw, "seal")) {
		s->kind = ST_SEAL;
		next(ps);
		return end_of_stmt(ps, "'seal'");
	}
	if (!strcmp(kw, "intent")) {
		s->kind = ST_INTENT;
		next(ps);
		if (ps->tok.kind != TOK_WORD) {
			diag_error(ps->d, &ps->tok.loc,
				   "expected 'security-boundary' or 'feature-disable' after 'intent'");
			return false;
		}
		{
			struct word w = take_word(ps);

			s->names = arena_memdup(ps->f->words, &w, sizeof(w));
		}
		s->n_names = 1;
		if (!strcmp(s->names[0].text, "security-boundary"))
			return end_of_stmt(ps, "the intent");
		if (!strcmp(s->names[0].text, "feature-disable"))
			return parse_string(ps, s, "why this policy is not a security boundary") &&
			       end_of_stmt(ps, "the reason");
		diag_error(ps->d, &s->names[0].loc,
			   "unknown intent '%s': expected 'security-boundary' or 'feature-disable'",
			   s->names[0].text);
		return false;
	}
	if (!strcmp(kw, "acknowledge")) {
		s->kind = ST_ACK;
		next(ps);
		if (ps->tok.kind != TOK_WORD) {
			diag_error(ps->d, &ps->tok.loc,
				   "expected the allowed reason whose bypass is acknowledged");
			return false;
		}
		{
			struct word w = take_word(ps);

			s->names = arena_memdup(ps->f->words, &w, sizeof(w));
		}
		s->n_names = 1;
		return parse_string(ps, s, "why the bypass is acceptable") &&
		       end_of_stmt(ps, "the reason");
	}
	{
		static const char *const keywords[] = { "deny", "allow", "warn", "include",
							"intent", "acknowledge", "seal" };
		const char *best = NULL;
		unsigned int best_d = ~0U;

		for (size_t i = 0; i < sizeof(keywords) / sizeof(keywords[0]); i++) {
			unsigned int dist = edit_distance(kw, keywords[i]);

			if (dist < best_d) {
				best_d = dist;
				best = keywords[i];
			}
		}
		if (!best_d)
			diag_error(ps->d, &ps->tok.loc, "unknown statement '%s': keywords are "
				   "lower case ('%s')", kw, best);
		else if (strlen(kw) <= 32 && best_d <= 2)
			diag_error(ps->d, &ps->tok.loc, "unknown statement '%s'; did you mean "
				   "'%s'?", kw, best);
		else
			diag_error(ps->d, &ps->tok.loc, "unknown statement '%s': expected deny, "
				   "allow, include, intent, acknowledge or seal", kw);
		if (strlen(kw) <= 32 && best_d <= 2)
			diag_fix(ps->d, &ps->tok.loc, strlen(kw), "%s", best);
	}
	return false;
}

struct policy_file *parse_policy(const char *path, const char *text, size_t len,
				 struct diags *d)
{
	struct policy_file *f = xcalloc(1, sizeof(*f));
	struct parser ps = { .d = d, .f = f };
	size_t first = d->n;

	f->path = xstrdup(path);
	f->words = xcalloc(1, sizeof(*f->words));
	if (strlen(text) != len) {
		const char *nul = text + strlen(text);
		struct loc loc = { f->path, 1, 1 };

		for (const char *q = text; q < nul; q++)
			if (*q == '\n')
				loc.line++;
		diag_error(d, &loc, "NUL byte in a policy file (is it a blob? try 'ldpolicy decompile')");
	}
	lexer_init(&ps.lx, f->path, text, f->words, d);
	next(&ps);
	while (ps.tok.kind != TOK_EOF) {
		struct stmt s = { 0 };

		if (ps.tok.kind == TOK_EOL) {
			next(&ps);
			continue;
		}
		if (ps.tok.kind != TOK_WORD) {
			if (ps.tok.kind != TOK_BAD)
				diag_error(d, &ps.tok.loc, "expected a statement, found %s",
					   tok_kind_name(ps.tok.kind));
			skip_line(&ps);
			continue;
		}
		if (parse_stmt(&ps, &s)) {
			grow(&f->stmts, &f->cap, f->n + 1, sizeof(*f->stmts));
			f->stmts[f->n++] = s;
		} else {
			skip_line(&ps);	/* its words stay in the arena */
		}
	}
	free(ps.names);
	diag_code_rest(d, first, "syntax");
	return f;
}

void policy_file_free(struct policy_file *f)
{
	if (!f)
		return;
	/* the statements' words and names live in the arena */
	free(f->stmts);
	free(f->path);
	arena_free(f->words);
	free(f->words);
	free(f);
}
