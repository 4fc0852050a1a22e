// SPDX-License-Identifier: GPL-2.0
/*
 * ldwrite - write bytes to a file the way a test needs, and report errno.
 *
 * Usage: ldwrite [-o OFFSET] [-s CHUNK] FILE|-F FD [DATA]
 *   DATA is the bytes to write (default: standard input, read whole).
 *   -o OFFSET  pwrite() at OFFSET instead of write() at 0
 *   -s CHUNK   split the data into writes of CHUNK bytes on one open file
 *   -F FD      write to the already open FD instead of opening FILE
 * Prints "ok" if every write took all its bytes, else the errno name of
 * the first failing write (or "short N" for a short write), and exits
 * 0 or 1. Opening the file is not the test: an open failure exits 2.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "errname.h"

static char *slurp(int fd, size_t *len)
{
	size_t cap = 4096, n = 0;
	char *buf = malloc(cap);
	ssize_t r;

	while (buf && (r = read(fd, buf + n, cap - n)) > 0) {
		n += r;
		if (n == cap)
			buf = realloc(buf, cap *= 2);
	}
	*len = n;
	return buf;
}

int main(int argc, char **argv)
{
	long long offset = -1;
	size_t chunk = 0, len, done = 0;
	char *data;
	int opt, fd = -1;

	while ((opt = getopt(argc, argv, "o:s:F:")) != -1) {
		switch (opt) {
		case 'o':
			offset = strtoll(optarg, NULL, 0);
			break;
		case 's':
			chunk = strtoul(optarg, NULL, 0);
			break;
		case 'F':
			fd = atoi(optarg);
			break;
		default:
			return 2;
		}
	}
	if (fd < 0 && optind >= argc) {
		fprintf(stderr, "usage: ldwrite [-o OFFSET] [-s CHUNK] FILE|-F FD [DATA]\n");
		return 2;
	}
	if (fd < 0 && optind + 1 < argc) {
		data = argv[optind + 1];
		len = strlen(data);
	} else if (fd >= 0 && optind < argc) {
		data = argv[optind];
		len = strlen(data);
	} else {
		data = slurp(0, &len);
		if (!data)
			return 2;
	}
	if (fd < 0)
		fd = open(argv[optind], O_WRONLY | O_CLOEXEC);
	if (fd < 0) {
		printf("open %s\n", errno_name(errno));
		return 2;
	}
	do {
		size_t n = chunk && chunk < len - done ? chunk : len - done;
		ssize_t w = offset >= 0 ? pwrite(fd, data + done, n, offset + done)
					: write(fd, data + done, n);

		if (w < 0) {
			printf("%s\n", errno_name(errno));
			return 1;
		}
		if ((size_t)w != n) {
			printf("short %zd\n", w);
			return 1;
		}
		done += n;
	} while (done < len);
	printf("ok\n");
	return 0;
}
