// SPDX-License-Identifier: GPL-2.0
/*
 * Fuzz the reason-table readers: the first byte picks the securityfs/
 * offline text reader, the security.h reader, or the model parser; the
 * rest is the input. A table that loads must be consistent.
 */
#include <stdlib.h>
#include <string.h>

#include "model.h"
#include "table.h"

static void check(const struct reason_table *t)
{
	if (t->integrity_max == 0 || t->integrity_max >= t->conf_max)
		abort();
	for (unsigned int i = 0; i <= t->conf_max; i++)
		if (!t->v[i].id || (table_is_reason(t, i) && table_lookup(t, t->v[i].id) != (int)i))
			abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct reason_table t;
	struct diags d = { 0 };
	struct model m;
	char *text;

	if (!size)
		return 0;
	text = malloc(size);
	memcpy(text, data + 1, size - 1);
	text[size - 1] = '\0';
	switch (data[0] % 3) {
	case 0:
		if (!table_from_text(&t, text, "fuzz", &d)) {
			check(&t);
			table_free(&t);
		}
		break;
	case 1:
		if (!table_from_header(&t, text, "fuzz", &d)) {
			check(&t);
			table_free(&t);
		}
		break;
	case 2:
		model_parse(&m, text, "fuzz", &d);
		model_free(&m);
		break;
	}
	diag_free(&d);
	free(text);
	return 0;
}
