/* SPDX-License-Identifier: GPL-2.0 */
/* ldpolicy's blob.h, under a name that does not clash with the kernel's. */
#include "../../userspace/ldpolicy/src/blob.h"
