/* SPDX-License-Identifier: GPL-2.0 */
/* See linux/types.h in this directory: the errno values are the uapi ones. */
#include_next <linux/errno.h>
