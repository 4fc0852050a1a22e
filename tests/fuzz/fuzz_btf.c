// SPDX-License-Identifier: GPL-2.0
/*
 * Fuzz the BTF table source: the input is a raw BTF blob (seeded from
 * enum lockdown_reason in a real kernel's BTF), walked by table_btf.c's
 * reader. A table that loads must be consistent.
 */
#include <stdlib.h>

#include "table.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct reason_table t;
	struct diags d = { 0 };

	if (!table_from_btf_data(&t, data, size, "fuzz", &d)) {
		if (t.integrity_max == 0 || t.integrity_max >= t.conf_max)
			abort();
		table_free(&t);
	}
	diag_free(&d);
	return 0;
}
