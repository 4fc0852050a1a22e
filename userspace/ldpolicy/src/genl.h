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
 * *@id set; 1 if the kernel answered that it has no such family now;
 * else -errno, a failure to ask or to read the answer (a socket(2) that
 * says ENOENT is one: only the kernel's own answer says there is none).
 */
int genl_family_id(const char *name, uint16_t *id);

#endif
