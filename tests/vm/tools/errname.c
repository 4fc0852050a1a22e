// SPDX-License-Identifier: GPL-2.0
#include <errno.h>

#include "errname.h"

const char *errno_name(int e)
{
	switch (e) {
	case EPERM: return "EPERM";
	case EACCES: return "EACCES";
	case ENOENT: return "ENOENT";
	case EINVAL: return "EINVAL";
	case ENODEV: return "ENODEV";
	case ENXIO: return "ENXIO";
	case EBUSY: return "EBUSY";
	case EIO: return "EIO";
	case ENOSYS: return "ENOSYS";
	case EOPNOTSUPP: return "EOPNOTSUPP";
	case EFAULT: return "EFAULT";
	case ENOMEM: return "ENOMEM";
	case E2BIG: return "E2BIG";
	case EFBIG: return "EFBIG";
	case ENOTTY: return "ENOTTY";
	case ESPIPE: return "ESPIPE";
	case EBADMSG: return "EBADMSG";
	case ENOEXEC: return "ENOEXEC";
	case EEXIST: return "EEXIST";
	case EAGAIN: return "EAGAIN";
	case EKEYREJECTED: return "EKEYREJECTED";
	case ERANGE: return "ERANGE";
	case EMSGSIZE: return "EMSGSIZE";
	case ESTALE: return "ESTALE";
	default: return "E?";
	}
}
