/* SPDX-License-Identifier: GPL-2.0 */
/* What a load cannot take back: grants made before it. See grants.c. */
#ifndef LDPOLICY_GRANTS_H
#define LDPOLICY_GRANTS_H

#include <stdint.h>

#include "table.h"

/*
 * Warn on stderr about grants visible from userspace that a load newly
 * denying @added leaves in place: files open on /dev/mem, /dev/port,
 * /proc/kcore, registered kprobes. Returns how many warnings it printed.
 */
unsigned int grants_warn(const struct reason_table *t, const uint64_t *added);

#endif
