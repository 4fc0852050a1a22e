/* SPDX-License-Identifier: GPL-2.0 */
/* The subcommands, and what they share: options, exit codes, the table. */
#ifndef LDPOLICY_CMD_H
#define LDPOLICY_CMD_H

#include <stdbool.h>
#include <stddef.h>

#include "diag.h"
#include "table.h"

/* Exit codes, documented in ldpolicy(8). */
enum {
	EXIT_OK = 0,		/* done; query: the reason is allowed */
	EXIT_POLICY = 1,	/* policy errors, or refused (tool or kernel);
				 * query: the reason is denied */
	EXIT_USAGE = 2,		/* bad command line */
	EXIT_ENV = 3,		/* no kernel support, unreadable table, I/O */
};

struct opts {
	const char *table;	/* --table SRC, default "auto" */
	const char *output;	/* -o FILE */
	const char *emit;	/* --emit FORMAT */
	const char *model;	/* --model FILE|VERSION, default: the table kernel's */
	const char *backend;	/* --backend NAME, default "auto" */
	const char *policy;	/* --policy FILE: judge against it, offline */
	const char *base;	/* --base LEVEL (suggest) */
	const char *from;	/* --from FILE: a recorded state (suggest) */
	bool json;
	bool notes;		/* report excused findings as notes */
	bool merge, boot, seal, dry_run, force, quiet;
	bool werror;		/* --Werror: warnings fail the run as errors do */
};

/* An option a command takes, as its --help shows it. */
struct cmd_option {
	const char *name;	/* the long name, "table" */
	const char *arg;	/* its argument's name, if not the usual one */
	const char *help;	/* what it does here, if not the usual (main.c) */
};

struct command {
	const char *name;
	int (*run)(int argc, char **argv, const struct command *cmd);
	const char *args;	/* usage after the command name */
	int min_args, max_args;	/* operands after the options; max -1: any */
	const char *summary;
	/* every option it takes, in its --help's order; ends with { NULL } */
	const struct cmd_option *options;
	bool irreversible;	/* cannot be undone until reboot: no abbreviation */
};

extern const struct command commands[];

/*
 * Parse the options of @cmd: those its entry in commands[] lists, and
 * operands numbering within its min_args..max_args. Returns optind, or
 * -1 after printing a usage error. --help prints the command's help and
 * exits.
 */
int parse_opts(int argc, char **argv, const struct command *cmd, struct opts *o);

/* Load the reason table of --table; prints diagnostics. 0 or -1. */
int load_table(struct reason_table *t, const struct opts *o, struct diags *d);

struct model;

/*
 * Load the reason model for the kernel of --table, or --model (cmd_model.c),
 * judging paths that ask no reason for @backend ("lockdown_policy", "bpf";
 * NULL: --backend, or the one the running kernel has when the table is the
 * running kernel's, else either). 0 or -1 (diagnosed in @d).
 */
int load_model(struct model *m, const struct opts *o, const char *backend, struct diags *d);

struct kversion;

/* The same for the kernel @kv describes, whatever the table of @o is. */
int load_model_for(struct model *m, const struct opts *o, const struct kversion *kv,
		   const char *backend, struct diags *d);

/* MODEL_LSM or MODEL_BPF for a backend's name ("lsm" too), else -1. */
int model_backend_index(const char *name);

struct policy;
struct blob_info;

/*
 * Compile and analyse @files against the table of @o. Returns 0, -1 on
 * policy errors, -2 if the table could not be loaded (then nothing needs
 * freeing).
 */
int compile_and_analyze(struct reason_table *t, struct policy *p, char *const *files,
			size_t n, const struct opts *o, struct diags *d);

/* Read a blob and check it against the table of @o: 0, -1 bad, -2 I/O. */
int read_blob(const char *path, struct reason_table *t, struct blob_info *b,
	      const struct opts *o, struct diags *d);

/* Print diagnostics to stderr and free them. */
void flush_diags(struct diags *d);

void usage_error(const struct command *cmd, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

int cmd_compile(int argc, char **argv, const struct command *cmd);
int cmd_check(int argc, char **argv, const struct command *cmd);
int cmd_decompile(int argc, char **argv, const struct command *cmd);
int cmd_load(int argc, char **argv, const struct command *cmd);
int cmd_seal(int argc, char **argv, const struct command *cmd);
int cmd_status(int argc, char **argv, const struct command *cmd);
int cmd_query(int argc, char **argv, const struct command *cmd);
int cmd_diff(int argc, char **argv, const struct command *cmd);
int cmd_reasons(int argc, char **argv, const struct command *cmd);
int cmd_explain(int argc, char **argv, const struct command *cmd);
int cmd_suggest(int argc, char **argv, const struct command *cmd);

struct backend;
struct kstate;
struct json;
struct model_path;

/* A path's members of ldpolicy.path/1 (cmd_explain.c). */
void explain_json_path(struct json *j, const struct model *m, const struct model_path *p,
		       const struct reason_table *t);

/*
 * Answer "query PATH" (cmd_path.c) for the state @k, with @backend in
 * force (NULL: none): EXIT_OK when it is open, EXIT_POLICY when closed or
 * not in the kernel.
 */
/* status: the paths open on the running kernel for the state @k. */
void status_open_paths(const struct reason_table *t, const struct kstate *k, const char *backend,
		       const struct opts *o);
int query_path(const struct model *m, const struct model_path *p, const struct reason_table *t,
	       const struct kstate *k, const char *backend, const struct opts *o);

/*
 * The running kernel's backend, table and state (with @full, the
 * counters, notices and warn mode's record too); a table from --table
 * must match the kernel's. 0, -2 when the kernel cannot be read
 * (diagnosed), -1 for a table that does not match. kernel_close() frees.
 */
int kernel_open(const struct backend **bp, struct reason_table *t, struct kstate *k,
		const struct opts *o, bool full, struct diags *d);
void kernel_close(struct reason_table *t, struct kstate *k);

#endif
