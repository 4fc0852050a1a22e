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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(words_and_lines),
		cmocka_unit_test(strings),
		cmocka_unit_test(bad_input),
	};

	return cmocka_run_group_tests_name("lexer", tests, NULL, NULL);
}
