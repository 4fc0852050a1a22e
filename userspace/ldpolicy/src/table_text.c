// SPDX-License-Identifier: GPL-2.0
/*
 * The text reason table: what the kernel prints in
 * /sys/kernel/security/lockdown_policy/reasons, and the format of offline
 * table files (ldpolicy reasons --table SRC > FILE). One line per reason:
 *   VALUE IDENTIFIER CLASS DESCRIPTION...
 * Blank lines and lines starting with '#' are ignored. The levels are not
 * listed: LOCKDOWN_NONE is 0, LOCKDOWN_INTEGRITY_MAX sits between the last
 * integrity and the first confidentiality reason, and
 * LOCKDOWN_CONFIDENTIALITY_MAX follows the last reason.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "table.h"
#include "util.h"

int table_from_text(struct reason_table *t, const char *text, const char *name,
		    struct diags *d)
{
	char **ids = NULL, **descs = NULL;
	int *cls = NULL;
	size_t cap = 0, dcap = 0, ccap = 0;
	unsigned int max = 0, line = 0, last_int = 0, first_conf = ~0U, n;
	const char *p = text;
	int ret = -1;

	while (*p) {
		const char *end = strchrnul(p, '\n');
		char buf[512], id[128], cl[32];
		unsigned int idx;
		int off = -1;
		struct loc loc = { .file = name, .line = ++line };
		size_t len = end - p;

		if (len >= sizeof(buf)) {
			diag_error(d, &loc, "line too long");
			goto out;
		}
		memcpy(buf, p, len);
		buf[len] = '\0';
		p = *end ? end + 1 : end;
		if (!buf[strspn(buf, " \t")] || buf[strspn(buf, " \t")] == '#')
			continue;
		if (sscanf(buf, "%u %127s %31s %n", &idx, id, cl, &off) != 3) {
			diag_error(d, &loc, "expected 'VALUE IDENTIFIER CLASS DESCRIPTION'");
			goto out;
		}
		if (off < 0)
			off = len;
		if (idx == 0 || idx >= LOCKDOWN_POLICY_MAX_REASONS) {
			diag_error(d, &loc, "reason value %u out of range", idx);
			goto out;
		}
		if (strncmp(id, "LOCKDOWN_", 9)) {
			diag_error(d, &loc, "'%s' is not a LOCKDOWN_ identifier", id);
			goto out;
		}
		grow(&ids, &cap, idx + 2, sizeof(*ids));
		grow(&descs, &dcap, idx + 2, sizeof(*descs));
		grow(&cls, &ccap, idx + 2, sizeof(*cls));
		while (max < idx + 2) {
			ids[max] = NULL;
			descs[max] = NULL;
			cls[max] = -1;
			max++;
		}
		if (ids[idx]) {
			diag_error(d, &loc, "value %u listed twice", idx);
			goto out;
		}
		ids[idx] = xstrdup(id);
		descs[idx] = off < (int)len ? xstrdup(buf + off) : NULL;
		if (!strcmp(cl, "integrity")) {
			cls[idx] = CLASS_INTEGRITY;
			if (idx > last_int)
				last_int = idx;
		} else if (!strcmp(cl, "confidentiality")) {
			cls[idx] = CLASS_CONFIDENTIALITY;
			if (idx < first_conf)
				first_conf = idx;
		} else {
			diag_error(d, &loc, "unknown class '%s'", cl);
			goto out;
		}
	}
	{
		struct loc loc = { .file = name };
		unsigned int top = 0;

		for (unsigned int i = 0; i < max; i++)
			if (ids[i])
				top = i;
		if (!top || first_conf == ~0U || last_int + 2 != first_conf) {
			diag_error(d, &loc, "reason table needs integrity reasons, then one "
				   "gap for LOCKDOWN_INTEGRITY_MAX, then confidentiality reasons");
			goto out;
		}
		n = top + 2;
		for (unsigned int i = 1; i < n - 1; i++)
			if (!ids[i] && i != last_int + 1) {
				diag_error(d, &loc, "reason table has no value %u", i);
				goto out;
			}
		for (unsigned int i = last_int + 2; i <= top; i++)
			if (cls[i] != CLASS_CONFIDENTIALITY) {
				diag_error(d, &loc, "%s is integrity but follows confidentiality reasons",
					   ids[i]);
				goto out;
			}
		ids[0] = xstrdup("LOCKDOWN_NONE");
		ids[last_int + 1] = xstrdup("LOCKDOWN_INTEGRITY_MAX");
		ids[n - 1] = xstrdup("LOCKDOWN_CONFIDENTIALITY_MAX");
		ret = table_from_ids(t, ids, n, name, d);
		if (!ret)
			for (unsigned int i = 0; i < n; i++) {
				t->v[i].desc = descs[i];
				descs[i] = NULL;
			}
	}
out:
	for (unsigned int i = 0; i < max; i++) {
		free(ids[i]);
		free(descs[i]);
	}
	free(ids);
	free(descs);
	free(cls);
	return ret;
}
