/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Generic netlink, as far as ldpolicy needs it: a family's id, which the
 * kernel hands out when the family registers.
 */
#ifndef LDPOLICY_GENL_H
#define LDPOLICY_GENL_H

#include <stdint.h>

/*
 * The id of the generic netlink family @name (CTRL_CMD_GETFAMILY): 0 and
 * *@id set; -ENOENT if the kernel has no such family now; else -errno.
 */
int genl_family_id(const char *name, uint16_t *id);

#endif
