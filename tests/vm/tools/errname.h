/* SPDX-License-Identifier: GPL-2.0 */
#ifndef LDTEST_ERRNAME_H
#define LDTEST_ERRNAME_H

/* "EPERM" for EPERM: tests compare errno names, not messages. */
const char *errno_name(int e);

#endif
