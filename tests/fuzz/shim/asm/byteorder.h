/* SPDX-License-Identifier: GPL-2.0 */
/* See linux/types.h in this directory. */
#ifndef LDFUZZ_SHIM_BYTEORDER_H
#define LDFUZZ_SHIM_BYTEORDER_H
#include <endian.h>
#define le16_to_cpu(x) le16toh(x)
#define le32_to_cpu(x) le32toh(x)
#define le64_to_cpu(x) le64toh(x)
#define cpu_to_le16(x) htole16(x)
#define cpu_to_le32(x) htole32(x)
#define cpu_to_le64(x) htole64(x)
#endif
