// SPDX-License-Identifier: GPL-2.0
#include "analyze.h"

int analyze_policy(struct policy *p, struct diags *d)
{
	(void)p;
	(void)d;
	return 0;
}
