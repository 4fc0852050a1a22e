// SPDX-License-Identifier: GPL-2.0
/*
 * Fuzz the .ldp front end: lex, parse, resolve against the 6.12 table,
 * analyse against the built-in model, and emit a blob that ldpolicy's own
 * reader must accept back.
 */
#include <stdlib.h>
#include <string.h>

#include "analyze.h"
#include "ldp_blob.h"
#include "policy.h"

static struct reason_table table;
static struct model model;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int ready;
	struct diags d = { 0 };
	struct policy p;
	char *text = malloc(size + 1);

	if (!ready) {
		if (table_load(&table, FUZZ_TABLE, &d) || model_load(&model, "6.12", NULL, &d))
			abort();
		ready = 1;
	}
	memcpy(text, data, size);
	text[size] = '\0';
	if (!policy_compile_text(&p, &table, "fuzz.ldp", text, size, &d)) {
		uint8_t buf[LOCKDOWN_POLICY_MAX_SIZE];
		struct blob_info b;
		size_t len;

		analyze_report(&p, &model, true, &d);
		len = blob_encode(&p, buf);
		if (blob_decode(buf, len, "fuzz", &b, &d) || blob_check_table(&b, &table, "fuzz", &d))
			abort();
		if (memcmp(b.words, p.deny, 8) || memcmp(b.warn, p.warn, 8))
			abort();
	}
	diag_sort(&d);
	policy_free(&p);
	diag_free(&d);
	free(text);
	return 0;
}
