// SPDX-License-Identifier: GPL-2.0
/*
 * ldprobe - drive one lockdown-gated kernel path and report what happened.
 *
 * Runs inside the test VM (statically linked). Usage: ldprobe PROBE...
 * For each probe it prints one line, "PROBE: allowed" or "PROBE: EPERM" or
 * "PROBE: error ENAME (message)", and exits with the worst outcome:
 *   0  every operation succeeded (not refused by anything)
 *   1  at least one was refused with EPERM
 *   2  at least one failed for another reason
 *   3  usage error
 * Whether an EPERM came from lockdown is for the caller to tell, from the
 * kernel log notice or the lockdown_policy counters.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "errname.h"
#include "probes.h"

static void usage(FILE *f)
{
	const struct probe *p;

	fprintf(f, "usage: ldprobe PROBE...\nprobes:\n");
	for (p = probes; p->name; p++)
		fprintf(f, "  %-16s %-28s %s\n", p->name, p->reason, p->what);
}

int main(int argc, char **argv)
{
	int worst = 0;

	if (argc < 2) {
		usage(stderr);
		return 3;
	}
	if (!strcmp(argv[1], "-l") || !strcmp(argv[1], "--list")) {
		usage(stdout);
		return 0;
	}
	for (int i = 1; i < argc; i++) {
		const struct probe *p = probe_find(argv[i]);
		int err, rc;

		if (!p) {
			fprintf(stderr, "ldprobe: unknown probe '%s'\n", argv[i]);
			usage(stderr);
			return 3;
		}
		err = p->run();
		if (!err) {
			printf("%s: allowed\n", p->name);
			rc = 0;
		} else if (err == EPERM) {
			printf("%s: EPERM\n", p->name);
			rc = 1;
		} else {
			printf("%s: error %s (%s)\n", p->name, errno_name(err),
			       strerror(err));
			rc = 2;
		}
		if (rc > worst)
			worst = rc;
	}
	return worst;
}
