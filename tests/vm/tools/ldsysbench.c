// SPDX-License-Identifier: GPL-2.0
/*
 * ldsysbench - time a cheap system call that asks lockdown on every call.
 *
 * Usage: ldsysbench CALLS
 * Calls ioperm(0x80, 1, 1) CALLS times, three rounds, and prints
 *
 *	RESULT PS
 *
 * RESULT is how the first call ended (allowed, or the errno's name), PS
 * the picoseconds per call of the fastest round. Every call must end the
 * same way, or it exits 1: the figure would mix two paths. ioperm asks
 * security_locked_down(LOCKDOWN_IOPORT) each time it turns a port on.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/io.h>
#include <time.h>

#include "errname.h"

static long long now_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1000000000LL + t.tv_nsec;
}

int main(int argc, char **argv)
{
	long calls = argc == 2 ? atol(argv[1]) : 0;
	long long best = -1;
	int first;

	if (calls <= 0) {
		fprintf(stderr, "usage: ldsysbench CALLS\n");
		return 2;
	}
	first = ioperm(0x80, 1, 1) ? errno : 0;
	for (int round = 0; round < 3; round++) {
		long long t = now_ns();

		for (long i = 0; i < calls; i++) {
			int e = ioperm(0x80, 1, 1) ? errno : 0;

			if (e != first) {
				fprintf(stderr, "ldsysbench: call %ld ended %s, the first %s\n", i,
					e ? errno_name(e) : "allowed", first ? errno_name(first) : "allowed");
				return 1;
			}
		}
		t = now_ns() - t;
		if (best < 0 || t < best)
			best = t;
	}
	printf("%s %lld\n", first ? errno_name(first) : "allowed", best * 1000 / calls);
	return 0;
}
