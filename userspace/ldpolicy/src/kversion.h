/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Which kernel a reason table is for: its version picks the reason model
 * (model.h), and for the running kernel its configuration says which
 * paths that ask no reason it has (kconfig.h).
 */
#ifndef LDPOLICY_KVERSION_H
#define LDPOLICY_KVERSION_H

#include <stdbool.h>

struct kconfig;

struct kversion {
	bool known;		/* major.minor below mean something */
	bool running;		/* the kernel ldpolicy runs on */
	unsigned int major, minor;
	char release[65];	/* uname's release, for the running kernel */
	char from[160];		/* how it was told, for messages */
	/* a recorded kernel's configuration, as far as it was recorded */
	const struct kconfig *config;
};

/*
 * The kernel the table source @spec (--table: "auto", a securityfs
 * directory, a table file, a vmlinux or BTF file, a security.h) is for:
 * the running one for "auto", securityfs and /sys/kernel/btf/vmlinux;
 * an offline table's header or name ("linux-6.12"); a kernel tree's
 * Makefile; the banner inside a vmlinux. Unknown otherwise.
 */
void kversion_of_table(const char *spec, struct kversion *v);

/* The running kernel's. */
void kversion_running(struct kversion *v);

/*
 * A kernel that is not running here, of uname's release @release, as
 * @where says it (a state recorded elsewhere: suggest --from).
 */
void kversion_recorded(struct kversion *v, const char *release, const char *where);

/* Parse "6.12" or "linux-6.12" (and "6.12.5-amd64"): true if it is one. */
bool kversion_parse(const char *s, unsigned int *major, unsigned int *minor);

#endif
