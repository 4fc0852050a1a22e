/* SPDX-License-Identifier: GPL-2.0 */
#ifndef LDPROBE_PROBES_H
#define LDPROBE_PROBES_H

#include <stdio.h>

/*
 * A probe performs the operation one kernel call site of
 * security_locked_down() gates, and says how it went:
 *   ALLOWED  the operation got past the lockdown check (it succeeded, or
 *            failed the way it must once past it, as a module without an
 *            address does)
 *   DENIED   the lockdown refusal: EPERM, or the form the call site
 *            gives (a BPF helper unavailable, keys redacted, tracefs files
 *            never created)
 *   ERROR    anything else: the test cannot tell, and fails
 *   UNAVAILABLE  this kernel has no such path (Debian's kernel has no kdb,
 *            no ACPI configfs; the VM has no module for it): the test
 *            says SKIP with why
 */
enum outcome { ALLOWED, DENIED, ERROR, UNAVAILABLE };

struct result {
	enum outcome outcome;
	int err;		/* the errno seen, 0 if none */
	char detail[160];	/* how it was denied, or what went wrong */
};

struct probe {
	const char *name;
	const char *reason;	/* the LOCKDOWN_* the call site asks about */
	const char *needs;	/* another reason the path goes through, or NULL */
	const char *what;	/* the operation, for --list */
	void (*run)(struct result *r);
};

extern const struct probe probes[];

const struct probe *probe_find(const char *name);

/* finit_module(@path, @params): 0 or the errno. */
int load_module(const char *path, const char *params);

/* Outcome from an errno: 0 allowed, EPERM denied, else error. */
void result_errno(struct result *r, int err);
void result_set(struct result *r, enum outcome o, int err, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/* probes_*.c */
void probe_bpf_write_user(struct result *r);
void probe_bpf_read_kernel(struct result *r);
void probe_xfrm_secret(struct result *r);
void probe_kdb_read(struct result *r);
void probe_kdb_write(struct result *r);
/*
 * The command set kdb is entered with (kdb.cmd_enable): 1, everything, as
 * booted, so that the entry asks both DBG reasons; an attack narrows it to
 * what its command needs, so that the entry asks only that reason.
 */
extern long kdb_probe_cmd_enable;

#endif
