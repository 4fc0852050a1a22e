// SPDX-License-Identifier: GPL-2.0
/*
 * ldprobe - drive one lockdown-gated kernel path and report what happened.
 *
 * Runs inside the test VM (statically linked). Usage: ldprobe [-c COMM] PROBE...
 * (-c: run the probes under the comm COMM, prctl(PR_SET_NAME): what the
 * kernel records as the task that asked).
 * For each probe it prints one line: "PROBE: allowed [(how)]", "PROBE: EPERM"
 * or "PROBE: denied (how)" for the lockdown refusal, "PROBE: unavailable
 * (why)" when this kernel has no such path, or "PROBE: error ...", and
 * exits with the worst outcome:
 *   0  every operation got past its lockdown check
 *   1  at least one was refused by lockdown
 *   2  at least one failed in a way that tells nothing (the test fails)
 *   3  usage error
 *   4  at least one path is not in this kernel (and none failed)
 * Which LSM refused is for the caller to tell, from the kernel log notice
 * or the lockdown_policy counters. --list prints NAME REASON DESCRIPTION.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>

#include "errname.h"
#include "probes.h"

static void usage(FILE *f)
{
	const struct probe *p;

	fprintf(f, "usage: ldprobe [-c COMM] PROBE...\nprobes:\n");
	for (p = probes; p->name; p++)
		fprintf(f, "  %-16s %-28s %s%s%s\n", p->name, p->reason, p->what,
			p->needs ? ", through " : "", p->needs ? p->needs : "");
}

int main(int argc, char **argv)
{
	int worst = 0;

	if (argc > 2 && !strcmp(argv[1], "-c")) {
		if (prctl(PR_SET_NAME, argv[2]) < 0) {
			perror("ldprobe: PR_SET_NAME");
			return 3;
		}
		argv += 2;
		argc -= 2;
	}
	if (argc < 2) {
		usage(stderr);
		return 3;
	}
	if (!strcmp(argv[1], "-l") || !strcmp(argv[1], "--list")) {
		/* for scripts: NAME REASON NEEDS */
		for (const struct probe *p = probes; p->name; p++)
			printf("%s %s %s\n", p->name, p->reason, p->needs ? p->needs : "-");
		return 0;
	}
	if (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")) {
		usage(stdout);
		return 0;
	}
	for (int i = 1; i < argc; i++) {
		const struct probe *p = probe_find(argv[i]);
		struct result r = { 0 };
		int rc;

		if (!p) {
			fprintf(stderr, "ldprobe: unknown probe '%s'\n", argv[i]);
			usage(stderr);
			return 3;
		}
		p->run(&r);
		switch (r.outcome) {
		case ALLOWED:
			printf("%s: allowed%s%s%s\n", p->name, r.detail[0] ? " (" : "", r.detail,
			       r.detail[0] ? ")" : "");
			rc = 0;
			break;
		case DENIED:
			if (r.err == EPERM && !r.detail[0])
				printf("%s: EPERM\n", p->name);
			else
				printf("%s: denied (%s)\n", p->name, r.detail);
			rc = 1;
			break;
		case UNAVAILABLE:
			printf("%s: unavailable (%s)\n", p->name, r.detail);
			rc = 4;
			break;
		default:
			printf("%s: error %s\n", p->name, r.detail);
			rc = 2;
		}
		/* an error tells nothing: it outranks the rest */
		if (worst != 2 && (rc == 2 || rc > worst))
			worst = rc;
	}
	return worst;
}
