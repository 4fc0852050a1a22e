// SPDX-License-Identifier: GPL-2.0
/*
 * ldpolicy: compile, load, show and explain lockdown_policy policies.
 * Usage: ldpolicy COMMAND [OPTIONS] [ARGS]; see ldpolicy(8).
 */
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "json.h"
#include "output.h"
#include "policy.h"
#include "util.h"

#ifndef LDPOLICY_VERSION
#error "LDPOLICY_VERSION comes from the top-level VERSION file (Makefile)"
#endif

/* Options given before the command: ldpolicy -j status, as bpftool takes them. */
static struct {
	bool json, quiet;
} global;

/*
 * Every option a command may take: its letter, its argument, what --help
 * says of it unless the command says more (struct cmd_option). A command
 * takes the options its entry lists, and no other: parse_opts(), --help
 * and the bash completion (--completion-table) all read them from there.
 */
static const struct opt_def {
	const char *name;	/* the long name */
	char letter;		/* the short option, or 0 */
	const char *arg;	/* the argument's name, or NULL */
	int val;		/* getopt_long's */
	const char *help;	/* continued lines start with '\n' */
} opt_defs[] = {
	{ "output", 'o', "FILE", 'o', "write to FILE (default: standard output)" },
	{ "emit", 0, "FORMAT", 'E', "blob (default), c, ldp or json" },
	{ "emit-c", 0, NULL, 'C', "the kernel's builtin policy, as C (--emit c)" },
	{ "merge", 0, NULL, 'm', "load the union of FILE and the policy in force" },
	{ "seal", 0, NULL, 's', "seal the policy in the same write" },
	{ "boot", 0, NULL, 'b', "boot mode: load each valid FILE, merged; report broken\n"
	  "ones and exit 1, never leaving the valid ones out" },
	{ "dry-run", 'n', NULL, 'n', "check everything, write nothing" },
	{ "force", 'f', NULL, 'f', "skip the tool's own checks (loosening, fingerprint) and\n"
	  "let the kernel decide" },
	{ "Werror", 0, NULL, 'W', "warnings fail the run" },
	{ "include", 'I', "DIR", 'I', "look for included files in DIR, when they are not\n"
	  "beside the file that includes them (then: the\nshipped policies)" },
	{ "table", 't', "SRC", 't', "reason table (see compile)" },
	{ "json", 'j', NULL, 'j', "as JSON" },
	{ "quiet", 'q', NULL, 'q', "print less" },
	{ "policy", 0, "FILE", 'P', "judge against a policy file or blob, not the kernel" },
	{ "from", 0, "FILE", 'F', "replay a state ldpolicy status --json recorded, on\n"
	  "any machine: no kernel is read" },
	{ "base", 0, "LEVEL", 'A', "the reasons to deny unless used: confidentiality\n"
	  "(default: every reason) or integrity" },
	{ "model", 0, "MODEL", 'M', "the reason model for the bypass analysis: a file, or\n"
	  "a built-in one's version (6.1, 6.12); default: the\n"
	  "one for the kernel of the reason table" },
	{ "backend", 0, "NAME", 'B', "lockdown_policy, bpf, or auto (default: the LSM if the\n"
	  "kernel has it, else the BPF LSM backend)" },
	{ 0 }
};

#define OPT(name, ...) { name, __VA_ARGS__ }
#define OPTIONS(...) (const struct cmd_option[]){ __VA_ARGS__, { 0 } }
#define KERNEL_TABLE "reason table (default: the running kernel's)"

const struct command commands[] = {
	{ "compile", cmd_compile, "[--table SRC] [-o OUT] [--emit FORMAT | --emit-c] [--Werror] FILE...", 1, -1,
	  "compile policy files into a blob (or C, .ldp, JSON)",
	  OPTIONS(OPT("output"), OPT("emit"), OPT("emit-c"),
		  OPT("Werror", .help = "warnings fail the compile"), OPT("include"),
		  OPT("table", .help = "reason table: auto, a securityfs directory, an offline\n"
		      "table, a vmlinux or BTF file, or include/linux/security.h"),
		  OPT("model")) },
	{ "check", cmd_check, "[--table SRC] [--json] [--Werror] [-q] FILE...", 1, -1,
	  "report every error and every bypass in policy files, each on its own",
	  OPTIONS(OPT("table"), OPT("json", .help = "diagnostics as JSON (ldpolicy.check/2)"),
		  OPT("Werror", .help = "warnings fail the check"),
		  OPT("quiet", .help = "no 'ok' line for a file without problems"),
		  OPT("model"), OPT("include")) },
	{ "decompile", cmd_decompile, "[--table SRC] [--json] BLOB", 1, 1,
	  "print a blob as policy source",
	  OPTIONS(OPT("table", .help = "reason table to name the bits with (see compile)"),
		  OPT("json", .help = "as JSON (ldpolicy.policy/2)"), OPT("model")) },
	{ "load", cmd_load, "[--backend NAME] [--table SRC] [--merge] [--seal] [--boot] [--dry-run] [--force] [--Werror] [-q] FILE|BLOB...", 1, -1,
	  "load a policy into the running kernel",
	  OPTIONS(OPT("merge"), OPT("seal"), OPT("boot"), OPT("dry-run"), OPT("force"),
		  OPT("Werror", .help = "warnings keep the policy out, as errors do"),
		  OPT("include"), OPT("quiet", .help = "print nothing when the load succeeds"),
		  OPT("table", .help = KERNEL_TABLE), OPT("backend")),
	  .irreversible = true },
	{ "status", cmd_status, "[--backend NAME] [--json]", 0, 0,
	  "show the backend in force, per reason who denies it, and the denial counters",
	  OPTIONS(OPT("json", .help = "as JSON (ldpolicy.status/2): a record that\n"
		      "ldpolicy suggest replays on any machine"),
		  OPT("table", .help = KERNEL_TABLE), OPT("backend")) },
	{ "query", cmd_query, "[--backend NAME | --policy FILE] [--json] REASON|PATH", 1, 1,
	  "exit 0 if the running kernel allows REASON (or leaves PATH open), 1 if not",
	  OPTIONS(OPT("json", .help = "print the answer as JSON (ldpolicy.query/1)"),
		  OPT("quiet", .help = "print nothing"),
		  OPT("policy", .help = "answer for a policy file or blob, not the kernel"),
		  OPT("table", .help = "reason table (with --policy; see compile)"),
		  OPT("include"), OPT("backend")) },
	{ "diff", cmd_diff, "[--backend NAME | --policy OLD] [--json] FILE...", 1, -1,
	  "what loading FILE would tighten, and what it would try to loosen",
	  OPTIONS(OPT("json", .help = "as JSON (ldpolicy.diff/1)"),
		  OPT("policy", .arg = "OLD", .help = "against a policy file or blob, not the kernel"),
		  OPT("table", .help = "reason table (with --policy; see compile)"),
		  OPT("include"), OPT("backend")) },
	{ "reasons", cmd_reasons, "[--table SRC] [--json]", 0, 0,
	  "list the reason table (the output is an offline table file)",
	  OPTIONS(OPT("table", .help = "the table to list (see compile)"),
		  OPT("json", .help = "as JSON (ldpolicy.reasons/2)")) },
	{ "explain", cmd_explain, "[--json] [REASON|PATH]", 0, 1,
	  "what REASON gates, grants and defeats; what PATH, which asks no reason, gives; "
	  "without either, every grant of the model",
	  OPTIONS(OPT("table"), OPT("json", .help = "as JSON (ldpolicy.explain/2)"),
		  OPT("model")) },
	{ "suggest", cmd_suggest, "[--backend NAME | --from FILE] [--base integrity|confidentiality] [-o FILE] [--json]", 0, 0,
	  "write a policy from what warn mode observed: deny what nothing used",
	  OPTIONS(OPT("from"), OPT("base"), OPT("output"),
		  OPT("json", .help = "the same content as JSON (ldpolicy.suggest/1)"),
		  OPT("table", .help = KERNEL_TABLE), OPT("model"), OPT("backend")) },
	{ "seal", cmd_seal, "[--backend NAME]", 0, 0,
	  "refuse every later load until reboot",
	  OPTIONS(OPT("backend")), .irreversible = true },
	{ 0 }
};

static const struct opt_def *opt_def(const char *name)
{
	for (const struct opt_def *o = opt_defs; o->name; o++)
		if (!strcmp(o->name, name))
			return o;
	/* a command's entry names an option this table lacks: the table's bug */
	fprintf(stderr, "ldpolicy: internal error: no option --%s\n", name);
	exit(EXIT_ENV);
}

/* The entry of @name among @cmd's options, or NULL if it takes no --@name. */
static const struct cmd_option *cmd_option(const struct command *cmd, const char *name)
{
	for (const struct cmd_option *o = cmd->options; o->name; o++)
		if (!strcmp(o->name, name))
			return o;
	return NULL;
}

static void print_help(FILE *f)
{
	fputs("usage: ldpolicy [-j|-p] [-q] COMMAND [OPTIONS] [ARGS]\n\n"
	      "Per-reason, tighten-only kernel lockdown: compile, load and show\n"
	      "policies, through lockdown_policy or the BPF LSM.\n\n"
	      "global options: -j, --json  JSON output    -p, --pretty  indented JSON\n"
	      "                -q, --quiet print less     -V, --version the version\n"
	      "                -h, --help  this help\n"
	      "FILE - is standard input.\n"
	      "\ncommands (or a prefix only one has; load and seal spelt out):\n", f);
	for (const struct command *c = commands; c->name; c++)
		fprintf(f, "  %-10s %s\n", c->name, c->summary);
	fputs("\nldpolicy COMMAND --help for a command's options; ldpolicy(8) for more.\n"
	      "exit status: 0 done, 1 policy error or refused, 2 usage, 3 environment\n", f);
}

/* "  -t, --table SRC     reason table (see compile)", its help's lines indented */
static void option_help(const struct cmd_option *c, FILE *f)
{
	const struct opt_def *o = opt_def(c->name);
	const char *arg = c->arg ? c->arg : o->arg, *help = c->help ? c->help : o->help;
	int n = o->letter ? fprintf(f, "  -%c, --%s", o->letter, o->name) :
			    fprintf(f, "      --%s", o->name);

	if (arg)
		n += fprintf(f, " %s", arg);
	fprintf(f, "%*s", n < 22 ? 22 - n : 1, "");
	for (const char *p = help; *p; p++)
		if (*p == '\n')
			fprintf(f, "\n%22s", "");
		else
			fputc(*p, f);
	fputc('\n', f);
}

static void command_help(const struct command *c, FILE *f)
{
	fprintf(f, "usage: ldpolicy %s %s\n\n%s.\n\noptions:\n", c->name, c->args, c->summary);
	for (const struct cmd_option *o = c->options; o->name; o++)
		option_help(o, f);
	fputs("  -h, --help          this help\n", f);
}

/*
 * What the bash completion is generated from (completion/generate.sh, at
 * build time): one line per command, its name and the long options it
 * takes.
 */
static void completion_table(FILE *f)
{
	for (const struct command *c = commands; c->name; c++) {
		fputs(c->name, f);
		for (const struct cmd_option *o = c->options; o->name; o++)
			fprintf(f, " --%s", o->name);
		fputs(" --help\n", f);
	}
}

void usage_error(const struct command *cmd, const char *fmt, ...)
{
	va_list ap;

	fputs("ldpolicy: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	if (cmd)
		fprintf(stderr, "\nusage: ldpolicy %s %s\n", cmd->name, cmd->args);
	else
		fputc('\n', stderr);
}

int parse_opts(int argc, char **argv, const struct command *cmd, struct opts *o)
{
	struct option all[ARRAY_SIZE(opt_defs) + 1] = { 0 };
	char letters[2 * ARRAY_SIZE(opt_defs) + 2] = "h";
	int c, idx;

	for (size_t i = 0; opt_defs[i].name; i++) {
		const struct opt_def *d = &opt_defs[i];

		all[i] = (struct option){ d->name, d->arg ? required_argument : no_argument, 0, d->val };
		if (d->letter)
			snprintf(letters + strlen(letters), sizeof(letters) - strlen(letters), "%c%s",
				 d->letter, d->arg ? ":" : "");
	}
	all[ARRAY_SIZE(opt_defs) - 1] = (struct option){ "help", no_argument, 0, 'h' };
	memset(o, 0, sizeof(*o));
	o->table = "auto";
	o->backend = "auto";
	/* ldpolicy -j status: the global options, for the commands that take them */
	if ((global.json && !cmd_option(cmd, "json")) || (global.quiet && !cmd_option(cmd, "quiet"))) {
		usage_error(cmd, "'%s' takes no %s%s", cmd->name, global.json ? "-j/-p" : "-q",
			    global.json && cmd_option(cmd, "emit") ?
			    " (--emit json writes the policy as JSON)" : "");
		return -1;
	}
	o->json = global.json;
	o->quiet = global.quiet;
	optind = 1;
	opterr = 0;
	/* options anywhere on the line, as GNU tools take them ("--" ends them) */
	while ((c = getopt_long(argc, argv, letters, all, &idx)) != -1) {
		const char *name = NULL;

		if (c == 'h') {
			command_help(cmd, stdout);
			exit(output_stdout_close() ? EXIT_ENV : EXIT_OK);
		}
		if (c == '?' || c == ':') {
			usage_error(cmd, "%s: unknown option or missing argument",
				    argv[optind - 1]);
			return -1;
		}
		for (const struct opt_def *x = opt_defs; x->name; x++)
			if (x->val == c)
				name = x->name;
		if (!cmd_option(cmd, name)) {
			usage_error(cmd, "'%s' takes no --%s", cmd->name, name);
			return -1;
		}
		/* getopt_long takes "--se" for --seal: not what cannot be undone */
		if (c == 's' && strcmp(argv[optind - 1], "--seal")) {
			usage_error(cmd, "'%s': --seal cannot be undone until reboot, so it is never "
				    "taken by an abbreviation: spell it out", argv[optind - 1]);
			return -1;
		}
		if (c == 'B' && strcmp(optarg, "auto") && strcmp(optarg, "lockdown_policy") &&
		    strcmp(optarg, "lsm") && strcmp(optarg, "bpf")) {
			usage_error(cmd, "unknown backend '%s' (auto, lockdown_policy or bpf)", optarg);
			return -1;
		}
		switch (c) {
		case 't': o->table = optarg; break;
		case 'o': o->output = optarg; break;
		case 'E': o->emit = optarg; break;
		case 'C': o->emit = "c"; break;
		case 'j': o->json = true; break;
		case 'm': o->merge = true; break;
		case 'b': o->boot = true; break;
		case 's': o->seal = true; break;
		case 'n': o->dry_run = true; break;
		case 'f': o->force = true; break;
		case 'q': o->quiet = true; break;
		case 'M': o->model = optarg; break;
		case 'B': o->backend = optarg; break;
		case 'W': o->werror = true; break;
		case 'I': policy_add_include_dir(optarg); break;
		case 'P': o->policy = optarg; break;
		case 'A': o->base = optarg; break;
		case 'F': o->from = optarg; break;
		}
	}
	if (argc - optind < cmd->min_args ||
	    (cmd->max_args >= 0 && argc - optind > cmd->max_args)) {
		if (!cmd->max_args)
			usage_error(cmd, "'%s' takes no arguments", cmd->name);
		else if (cmd->min_args == cmd->max_args)
			usage_error(cmd, "'%s' takes %d argument%s", cmd->name, cmd->min_args,
				    cmd->min_args == 1 ? "" : "s");
		else
			usage_error(cmd, "'%s' needs at least %d argument%s", cmd->name,
				    cmd->min_args, cmd->min_args == 1 ? "" : "s");
		return -1;
	}
	return optind;
}

void flush_diags(struct diags *d)
{
	fflush(stdout);
	diag_sort(d);
	diag_print(d, stderr);
	diag_free(d);
}

int load_table(struct reason_table *t, const struct opts *o, struct diags *d)
{
	return table_load(t, o->table, d);
}

/*
 * A command by its name, or by a prefix only it has (ldpolicy comp). A
 * command that cannot be undone until reboot (load, seal) is run by its
 * full name only: "ldpolicy sea" seals nothing.
 */
static const struct command *find_command(const char *name)
{
	const struct command *match[ARRAY_SIZE(commands)];
	size_t len = strlen(name), n = 0;
	char list[256] = "";

	for (const struct command *c = commands; c->name; c++) {
		if (!strcmp(c->name, name))
			return c;
		if (len && !strncmp(c->name, name, len))
			match[n++] = c;
	}
	if (!n) {
		usage_error(NULL, "unknown command '%s' (ldpolicy --help lists them)", name);
		return NULL;
	}
	for (size_t i = 0; i < n; i++)
		snprintf(list + strlen(list), sizeof(list) - strlen(list), "%s%s",
			 !i ? "" : i + 1 < n ? ", " : " or ", match[i]->name);
	if (n > 1) {
		usage_error(NULL, "'%s' is ambiguous: %s", name, list);
		return NULL;
	}
	if (match[0]->irreversible) {
		usage_error(NULL, "'%s': %s cannot be undone until reboot, so it is never run "
			    "by an abbreviation: spell it out", name, match[0]->name);
		return NULL;
	}
	return match[0];
}

static int run_command(int argc, char **argv)
{
	const struct command *c;
	int i = 1;

	/* global options, before the command */
	for (; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
		const char *a = argv[i];

		if (!strcmp(a, "-j") || !strcmp(a, "--json")) {
			global.json = true;
		} else if (!strcmp(a, "-p") || !strcmp(a, "--pretty")) {
			global.json = json_pretty = true;
		} else if (!strcmp(a, "-q") || !strcmp(a, "--quiet")) {
			global.quiet = true;
		} else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			print_help(stdout);
			return EXIT_OK;
		} else if (!strcmp(a, "--completion-table")) {
			/* for the build, not for people: see completion_table() */
			completion_table(stdout);
			return EXIT_OK;
		} else if (!strcmp(a, "-V") || !strcmp(a, "--version")) {
			printf("ldpolicy %s (blob format %d)\n", LDPOLICY_VERSION,
			       LOCKDOWN_POLICY_VERSION);
			return EXIT_OK;
		} else {
			usage_error(NULL, "unknown global option '%s' (ldpolicy --help)", a);
			return EXIT_USAGE;
		}
	}
	if (i >= argc) {
		print_help(stderr);
		return EXIT_USAGE;
	}
	if (!strcmp(argv[i], "help")) {
		if (i + 1 >= argc) {
			print_help(stdout);
			return EXIT_OK;
		}
		c = find_command(argv[i + 1]);
		if (!c)
			return EXIT_USAGE;
		command_help(c, stdout);
		return EXIT_OK;
	}
	c = find_command(argv[i]);
	return c ? c->run(argc - i, argv + i, c) : EXIT_USAGE;
}

int main(int argc, char **argv)
{
	int ret = run_command(argc, argv);

	/* a full disk or a closed pipe is an error, never silence */
	return output_stdout_close() ? EXIT_ENV : ret;
}
