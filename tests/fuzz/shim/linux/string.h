/* SPDX-License-Identifier: GPL-2.0 */
/* See linux/types.h in this directory. */
#include <string.h>
