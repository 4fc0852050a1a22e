/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The running kernel's configuration, when it can be read: which paths
 * that ask no reason it has (model.h, a path's "needs").
 */
#ifndef LDPOLICY_KCONFIG_H
#define LDPOLICY_KCONFIG_H

struct kconfig {
	char *text;		/* the .config, NUL-terminated */
	char *from;		/* where it was read */
};

/*
 * Read the configuration of the running kernel of release @release:
 * /proc/config.gz, else /boot/config-@release. 0, or -1 when there is
 * none to read (then nothing is known, and nothing is allocated).
 */
int kconfig_load(struct kconfig *c, const char *release);

/* CONFIG_X: 1 built in or a module, 0 not set. */
int kconfig_enabled(const struct kconfig *c, const char *opt);

void kconfig_free(struct kconfig *c);

#endif
