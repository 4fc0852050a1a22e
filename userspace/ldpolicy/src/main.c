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

#define HELP_INCLUDE \
	"  -I, --include DIR   look for included files in DIR, when they are not\n" \
	"                      beside the file that includes them (then: the\n" \
	"                      shipped policies)\n"

#define HELP_MODEL \
	"      --model MODEL   the reason model for the bypass analysis: a file, or\n" \
	"                      a built-in one's version (6.1, 6.12); default: the\n" \
	"                      one for the kernel of the reason table\n"

#define HELP_BACKEND \
	"      --backend NAME  lockdown_policy, bpf, or auto (default: the LSM if the\n" \
	"                      kernel has it, else the BPF LSM backend)\n"

const struct command commands[] = {
	{ "compile", cmd_compile, "[--table SRC] [-o OUT] [--emit FORMAT | --emit-c] [--Werror] FILE...", 1, -1,
	  "compile policy files into a blob (or C, .ldp, JSON)",
	  "  -o, --output FILE   write to FILE (default: standard output)\n"
	  "      --emit FORMAT   blob (default), c, ldp or json\n"
	  "      --emit-c        the kernel's builtin policy, as C (--emit c)\n"
	  "      --Werror        warnings fail the compile\n"
	  HELP_INCLUDE
	  "  -t, --table SRC     reason table: auto, a securityfs directory, an offline\n"
	  "                      table, a vmlinux or BTF file, or include/linux/security.h\n"
	  HELP_MODEL },
	{ "check", cmd_check, "[--table SRC] [--json] [--Werror] [-q] FILE...", 1, -1,
	  "report every error and every bypass in policy files, each on its own",
	  "  -t, --table SRC     reason table (see compile)\n"
	  "  -j, --json          diagnostics as JSON (ldpolicy.check/2)\n"
	  "      --Werror        warnings fail the check\n"
	  "  -q, --quiet         no 'ok' line for a file without problems\n"
	  HELP_MODEL
	  HELP_INCLUDE },
	{ "decompile", cmd_decompile, "[--table SRC] [--json] BLOB", 1, 1,
	  "print a blob as policy source",
	  "  -t, --table SRC     reason table to name the bits with (see compile)\n"
	  "  -j, --json          as JSON (ldpolicy.policy/2)\n"
	  HELP_MODEL },
	{ "load", cmd_load, "[--backend NAME] [--table SRC] [--merge] [--seal] [--boot] [--dry-run] [--force] [--Werror] [-q] FILE|BLOB...", 1, -1,
	  "load a policy into the running kernel",
	  "      --merge         load the union of FILE and the policy in force\n"
	  "      --seal          seal the policy in the same write\n"
	  "      --boot          boot mode: load each valid FILE, merged; report broken\n"
	  "                      ones and exit 1, never leaving the valid ones out\n"
	  "  -n, --dry-run       check everything, write nothing\n"
	  "  -f, --force         skip the tool's own checks (loosening, fingerprint) and\n"
	  "                      let the kernel decide\n"
	  "      --Werror        warnings keep the policy out, as errors do\n"
	  HELP_INCLUDE
	  "  -q, --quiet         print nothing when the load succeeds\n"
	  "  -t, --table SRC     reason table (default: the running kernel's)\n"
	  HELP_BACKEND, .irreversible = true },
	{ "status", cmd_status, "[--backend NAME] [--json]", 0, 0,
	  "show the backend in force, per reason who denies it, and the denial counters",
	  "  -j, --json          as JSON (ldpolicy.status/1)\n"
	  HELP_BACKEND },
	{ "query", cmd_query, "[--backend NAME | --policy FILE] [--json] REASON|PATH", 1, 1,
	  "exit 0 if the running kernel allows REASON (or leaves PATH open), 1 if not",
	  "  -j, --json          print the answer as JSON (ldpolicy.query/1)\n"
	  "  -q, --quiet         print nothing\n"
	  "      --policy FILE   answer for a policy file or blob, not the kernel\n"
	  "  -t, --table SRC     reason table (with --policy; see compile)\n"
	  HELP_BACKEND },
	{ "diff", cmd_diff, "[--backend NAME | --policy OLD] [--json] FILE...", 1, -1,
	  "what loading FILE would tighten, and what it would try to loosen",
	  "  -j, --json          as JSON (ldpolicy.diff/1)\n"
	  "      --policy OLD    against a policy file or blob, not the kernel\n"
	  "  -t, --table SRC     reason table (with --policy; see compile)\n"
	  HELP_INCLUDE
	  HELP_BACKEND },
	{ "reasons", cmd_reasons, "[--table SRC] [--json]", 0, 0,
	  "list the reason table (the output is an offline table file)",
	  "  -t, --table SRC     the table to list (see compile)\n"
	  "  -j, --json          as JSON (ldpolicy.reasons/2)\n" },
	{ "explain", cmd_explain, "[--json] [REASON|PATH]", 0, 1,
	  "what REASON gates, grants and defeats; what PATH, which asks no reason, gives; "
	  "without either, every grant of the model",
	  "  -t, --table SRC     reason table (see compile)\n"
	  "  -j, --json          as JSON (ldpolicy.explain/2)\n"
	  HELP_MODEL },
	{ "suggest", cmd_suggest, "[--backend NAME] [--base integrity|confidentiality] [-o FILE] [--json]", 0, 0,
	  "write a policy from what warn mode observed: deny what nothing used",
	  "      --base LEVEL    the reasons to deny unless used: confidentiality\n"
	  "                      (default: every reason) or integrity\n"
	  "  -o, --output FILE   write to FILE (default: standard output)\n"
	  "  -j, --json          the same content as JSON (ldpolicy.suggest/1)\n"
	  "  -t, --table SRC     reason table (default: the running kernel's)\n"
	  HELP_MODEL
	  HELP_BACKEND },
	{ "seal", cmd_seal, "[--backend NAME]", 0, 0,
	  "refuse every later load until reboot",
	  HELP_BACKEND, .irreversible = true },
	{ 0 }
};

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

static void command_help(const struct command *c, FILE *f)
{
	fprintf(f, "usage: ldpolicy %s %s\n\n%s.\n", c->name, c->args, c->summary);
	if (c->help[0])
		fprintf(f, "\noptions:\n%s", c->help);
	fputs("  -h, --help          this help\n", f);
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

int parse_opts(int argc, char **argv, const struct command *cmd, const char *allowed,
	       struct opts *o)
{
	static const struct option all[] = {
		{ "table", required_argument, 0, 't' },
		{ "output", required_argument, 0, 'o' },
		{ "emit", required_argument, 0, 'E' },
		{ "emit-c", no_argument, 0, 'C' },
		{ "json", no_argument, 0, 'j' },
		{ "merge", no_argument, 0, 'm' },
		{ "boot", no_argument, 0, 'b' },
		{ "seal", no_argument, 0, 's' },
		{ "dry-run", no_argument, 0, 'n' },
		{ "force", no_argument, 0, 'f' },
		{ "quiet", no_argument, 0, 'q' },
		{ "model", required_argument, 0, 'M' },
		{ "backend", required_argument, 0, 'B' },
		{ "Werror", no_argument, 0, 'W' },
		{ "include", required_argument, 0, 'I' },
		{ "policy", required_argument, 0, 'P' },
		{ "base", required_argument, 0, 'A' },
		{ "help", no_argument, 0, 'h' },
		{ 0 }
	};
	int c, idx;

	memset(o, 0, sizeof(*o));
	o->table = "auto";
	o->backend = "auto";
	/* ldpolicy -j status: the global options, for the commands that take them */
	if ((global.json && !strstr(allowed, "json")) || (global.quiet && !strstr(allowed, "quiet"))) {
		usage_error(cmd, "'%s' takes no %s%s", cmd->name, global.json ? "-j/-p" : "-q",
			    global.json && strstr(allowed, "emit") ?
			    " (--emit json writes the policy as JSON)" : "");
		return -1;
	}
	o->json = global.json;
	o->quiet = global.quiet;
	optind = 1;
	opterr = 0;
	/* options anywhere on the line, as GNU tools take them ("--" ends them) */
	while ((c = getopt_long(argc, argv, "t:o:I:jnfqh", all, &idx)) != -1) {
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
		for (const struct option *x = all; x->name; x++)
			if (x->val == c)
				name = x->name;
		if (!strstr(allowed, name)) {
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
