// SPDX-License-Identifier: GPL-2.0
/*
 * Fuzz the reader of recorded kernel states (ldpolicy.status/2, what
 * suggest --from replays). A record it accepts must be whole: its table
 * consistent, every reason asked about or noticed in it, and the same
 * record when written again and read back.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "state_json.h"

static void check(const struct reason_table *t, const struct kstate *k)
{
	if (t->integrity_max == 0 || t->integrity_max >= t->conf_max)
		abort();
	for (unsigned int i = 0; i <= t->conf_max; i++)
		if (!t->v[i].id || (table_is_reason(t, i) && table_lookup(t, t->v[i].id) != (int)i))
			abort();
	for (size_t i = 0; i < k->n_seen; i++)
		if (!table_is_reason(t, k->seen[i].what))
			abort();
	for (size_t i = 0; i < k->n_notices; i++)
		if (!table_is_reason(t, k->notices[i].what))
			abort();
}

/* @k written as status --json writes it. */
static char *written(const struct reason_table *t, const struct kstate *k,
		     const struct kstate_origin *o, size_t *len)
{
	char *text = NULL;
	FILE *f = open_memstream(&text, len);
	struct json j;

	if (!f)
		abort();
	json_begin_document(&j, f, STATE_JSON_SCHEMA);
	state_json_write(&j, t, k, o);
	json_end_document(&j);
	if (fclose(f))
		abort();
	return text;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct reason_table t, t2;
	struct kstate k, k2;
	struct kstate_origin o, o2;
	struct diags d = { 0 };
	char *once, *twice;
	size_t len, len2;

	if (!state_json_parse((const char *)data, size, "fuzz", &t, &k, &o, &d)) {
		check(&t, &k);
		once = written(&t, &k, &o, &len);
		if (state_json_parse(once, len, "again", &t2, &k2, &o2, &d))
			abort();
		twice = written(&t2, &k2, &o2, &len2);
		if (len != len2 || memcmp(once, twice, len))
			abort();
		free(once);
		free(twice);
		kstate_free(&k2);
		table_free(&t2);
		kstate_free(&k);
		table_free(&t);
	}
	diag_free(&d);
	return 0;
}
