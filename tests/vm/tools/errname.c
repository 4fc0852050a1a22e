// SPDX-License-Identifier: GPL-2.0
#define _GNU_SOURCE
#include <string.h>

#include "errname.h"

const char *errno_name(int e)
{
	const char *name = strerrorname_np(e);

	return name ? name : "E?";
}
