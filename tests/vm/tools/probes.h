/* SPDX-License-Identifier: GPL-2.0 */
#ifndef LDPROBE_PROBES_H
#define LDPROBE_PROBES_H

/*
 * A probe performs the operation one kernel call site of
 * security_locked_down() gates. run() returns 0 if the operation
 * succeeded, or the positive errno it failed with.
 */
struct probe {
	const char *name;
	const char *reason;	/* the LOCKDOWN_* the call site asks about */
	const char *what;	/* the operation, for --list */
	int (*run)(void);
};

extern const struct probe probes[];

const struct probe *probe_find(const char *name);

#endif
