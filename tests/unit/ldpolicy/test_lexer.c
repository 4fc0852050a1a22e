// SPDX-License-Identifier: GPL-2.0
/* The .ldp lexer: tokens, locations, strings, and bad input. */
#include "test.h"
#include "lexer.h"
#include "util.h"

struct expect {
	enum tok_kind kind;
	const char *text;
	unsigned int line, col;
};

static void lex_all(const char *src, const struct expect *want, size_t n, unsigned int errors)
{
	struct diags d = { 0 };
	struct arena arena = { 0 };
	struct lexer lx;
	struct token t;

	lexer_init(&lx, "t.ldp", src, &arena, &d);
	for (size_t i = 0; i < n; i++) {
		lexer_next(&lx, &t);
		assert_int_equal(t.kind, want[i].kind);
		if (want[i].text)
			assert_string_equal(t.text, want[i].text);
		assert_int_equal(t.loc.line, want[i].line);
		assert_int_equal(t.loc.col, want[i].col);
	}
	assert_int_equal(d.errors, errors);
	diag_free(&d);
	arena_free(&arena);
}

static void words_and_lines(void **state)
{
	static const struct expect want[] = {
		{ TOK_WORD, "deny", 1, 1 },
		{ TOK_WORD, "LOCKDOWN_KCORE", 1, 6 },
		{ TOK_WORD, "feature-disable", 1, 21 },
		{ TOK_EOL, NULL, 1, 36 },
		{ TOK_EOL, NULL, 2, 10 },	/* after a comment */
		{ TOK_WORD, "seal", 3, 2 },
		{ TOK_EOF, NULL, 3, 6 },
	};

	(void)state;
	lex_all("deny LOCKDOWN_KCORE feature-disable\n# comment\n\tseal", want, 7, 0);
}

static void strings(void **state)
{
	static const struct expect want[] = {
		{ TOK_STRING, "a \"q\" \\ b\n", 1, 1 },
		{ TOK_STRING, "", 1, 18 },
		{ TOK_EOL, NULL, 1, 20 },
		{ TOK_EOF, NULL, 2, 1 },
	};

	(void)state;
	lex_all("\"a \\\"q\\\" \\\\ b\\n\" \"\"\n", want, 4, 0);
}

static void bad_input(void **state)
{
	static const struct expect want[] = {
		{ TOK_BAD, NULL, 1, 1 },		/* unterminated */
		{ TOK_EOL, NULL, 1, 8 },
		{ TOK_BAD, NULL, 2, 1 },		/* @ */
		{ TOK_WORD, "x", 2, 2 },
		{ TOK_BAD, NULL, 2, 4 },		/* bad escape */
		{ TOK_EOL, NULL, 2, 8 },
		{ TOK_BAD, NULL, 3, 1 },		/* a non-ASCII byte */
		{ TOK_EOF, NULL, 3, 2 },
	};

	(void)state;
	lex_all("\"no end\n@x \"\\q\"\n\xff", want, 8, 4);
}

/*
 * Strings are UTF-8: they reach JSON as they are. A byte that is not
 * (Latin-1's 0xe9, an overlong form, a surrogate) is an error at its
 * column; valid multibyte text passes whole.
 */
static void utf8_strings(void **state)
{
	static const struct expect good[] = {
		{ TOK_STRING, "caf\xc3\xa9 \xe2\x98\x95", 1, 1 },
		{ TOK_EOF, NULL, 1, 12 },
	};
	static const struct expect latin1[] = {
		{ TOK_BAD, NULL, 1, 1 },
		{ TOK_EOF, NULL, 1, 7 },
	};
	static const struct expect overlong[] = {
		{ TOK_BAD, NULL, 1, 1 },
		{ TOK_EOF, NULL, 1, 5 },
	};
	static const struct expect surrogate[] = {
		{ TOK_BAD, NULL, 1, 1 },
		{ TOK_EOF, NULL, 1, 6 },
	};
	struct diags d = { 0 };
	struct arena arena = { 0 };
	struct lexer lx;
	struct token t;

	(void)state;
	lex_all("\"caf\xc3\xa9 \xe2\x98\x95\"", good, 2, 0);
	lex_all("\"caf\xe9\"", latin1, 2, 1);
	lex_all("\"\xc0\xaf\"", overlong, 2, 1);
	lex_all("\"\xed\xa0\x80\"", surrogate, 2, 1);
	lexer_init(&lx, "t.ldp", "\"caf\xe9\"", &arena, &d);
	lexer_next(&lx, &t);
	assert_true(has_diag(&d, SEV_ERROR, 1, 5, "byte 0xe9 in string is not UTF-8"));
	diag_free(&d);
	arena_free(&arena);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(words_and_lines),
		cmocka_unit_test(strings),
		cmocka_unit_test(bad_input),
		cmocka_unit_test(utf8_strings),
	};

	return cmocka_run_group_tests_name("lexer", tests, NULL, NULL);
}
