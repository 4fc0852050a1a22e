// SPDX-License-Identifier: GPL-2.0
/* ldpolicy reasons, explain: the reason table and the reason model. */
#include <stdio.h>
#include <string.h>

#include "cmd.h"
#include "emit.h"
#include "json.h"
#include "util.h"

int cmd_reasons(int argc, char **argv, const struct command *cmd)
{
	struct reason_table t;
	struct diags d = { 0 };
	struct opts o;
	char fp[65];
	int i = parse_opts(argc, argv, cmd, &o);

	if (i < 0)
		return EXIT_USAGE;
	if (load_table(&t, &o, &d)) {
		flush_diags(&d);
		return EXIT_ENV;
	}
	table_fingerprint_hex(&t, fp);
	if (o.json) {
		struct json j;

		json_begin_document(&j, stdout, "ldpolicy.reasons/2");
		emit_json_table(&j, &t);
		json_key(&j, "reasons");
		json_begin_array(&j);
		for (unsigned int r = 0; r < t.conf_max; r++) {
			if (!table_is_reason(&t, r))
				continue;
			json_begin_object(&j);
			emit_json_reason(&j, &t, r);
			json_key(&j, "description");
			json_str(&j, t.v[r].desc);
			json_end_object(&j);
		}
		json_end_array(&j);
		json_end_document(&j);
	} else {
		/* the same format as the kernel's reasons file: an offline table */
		printf("# lockdown reason table from %s\n# fingerprint %s\n", t.source, fp);
		for (unsigned int r = 0; r < t.conf_max; r++)
			if (table_is_reason(&t, r))
				printf("%u %s %s %s\n", r, t.v[r].id, class_name(t.v[r].cls),
				       t.v[r].desc ? t.v[r].desc : "-");
	}
	table_free(&t);
	return EXIT_OK;
}
