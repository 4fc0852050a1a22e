/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A kernel's reason table: enum lockdown_reason, name to bit.
 *
 * Names are resolved in userspace, against the table of the kernel a
 * policy is for, the way libbpf relocates against BTF. Sources, in the
 * order "auto" tries them:
 *   secfs   the running kernel's /sys/kernel/security/lockdown_policy/reasons
 *           (also the format of offline table files)
 *   btf     vmlinux BTF: /sys/kernel/btf/vmlinux, or a vmlinux or raw BTF
 *           file, read with libbpf
 *   header  a kernel tree's include/linux/security.h
 */
#ifndef LDPOLICY_TABLE_H
#define LDPOLICY_TABLE_H

#include <stdbool.h>
#include <stdint.h>

#include <linux/lockdown_policy.h>

#include "diag.h"

enum reason_class { CLASS_INTEGRITY, CLASS_CONFIDENTIALITY };

struct reason {
	char *id;		/* "LOCKDOWN_KCORE" */
	char *desc;		/* "/proc/kcore access", or NULL if unknown */
	enum reason_class cls;
};

/*
 * Indexed by enum value, 0..conf_max inclusive. Levels (LOCKDOWN_NONE,
 * LOCKDOWN_INTEGRITY_MAX, LOCKDOWN_CONFIDENTIALITY_MAX) have entries too,
 * with is_reason() false.
 */
struct reason_table {
	struct reason *v;
	unsigned int integrity_max;	/* value of LOCKDOWN_INTEGRITY_MAX */
	unsigned int conf_max;		/* value of LOCKDOWN_CONFIDENTIALITY_MAX:
					 * nr_reasons of a blob */
	/* table_fingerprint(): computed on first use, or given by the kernel */
	uint8_t fp[LOCKDOWN_POLICY_FINGERPRINT_SIZE];
	bool fp_known;
	char *source;			/* "secfs:/sys/...", for messages */
	/* name lookup: short forms, upper-cased, hashed; built on first use */
	struct { uint32_t hash; unsigned int what; } *index;
	unsigned int index_size;
};

#define SECFS_DIR "/sys/kernel/security/lockdown_policy"
#define BTF_VMLINUX "/sys/kernel/btf/vmlinux"

/*
 * Load a table. @spec is "auto", or a path: a securityfs directory, a
 * reasons-format text file, a vmlinux or raw BTF file, or a security.h.
 * Errors go to @d; returns 0 or -1.
 */
int table_load(struct reason_table *t, const char *spec, struct diags *d);

int table_from_text(struct reason_table *t, const char *text, const char *name,
		    struct diags *d);
int table_from_btf(struct reason_table *t, const char *path, struct diags *d);
/* A raw BTF blob in memory (no ELF). */
int table_from_btf_data(struct reason_table *t, const void *data, size_t len,
			const char *name, struct diags *d);
int table_from_header(struct reason_table *t, const char *text, const char *name,
		      struct diags *d);

/*
 * Build the table from identifiers in value order, 0..n-1, as every
 * source yields them; finds the levels, sets classes, computes the
 * fingerprint. Takes ownership of ids[] strings.
 */
int table_from_ids(struct reason_table *t, char **ids, unsigned int n,
		   const char *source, struct diags *d);

bool table_is_reason(const struct reason_table *t, unsigned int what);

/*
 * Resolve a name: an identifier (LOCKDOWN_KCORE) or its short form in
 * any case (kcore). Returns the value or -1.
 */
int table_lookup(const struct reason_table *t, const char *name);

/* The closest reason identifier to a misspelt @name, or NULL. */
const char *table_suggest(const struct reason_table *t, const char *name);

/*
 * The table's fingerprint (see include/uapi/linux/lockdown_policy.h):
 * SHA-256, computed when first asked for. A table read from the running
 * kernel may take the kernel's own instead, which saves the hashing.
 */
const uint8_t *table_fingerprint(const struct reason_table *t);
void table_set_fingerprint(struct reason_table *t, const uint8_t *fp);
void table_fingerprint_hex(const struct reason_table *t, char out[65]);
void table_free(struct reason_table *t);

const char *class_name(enum reason_class c);

#endif
