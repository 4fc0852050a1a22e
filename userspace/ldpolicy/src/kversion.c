// SPDX-License-Identifier: GPL-2.0
/* Which kernel a reason table is for. */
#define _GNU_SOURCE		/* memmem */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "kversion.h"
#include "table.h"
#include "util.h"

bool kversion_parse(const char *s, unsigned int *major, unsigned int *minor)
{
	char *end;
	unsigned long a, b;

	if (!strncmp(s, "linux-", 6))
		s += 6;
	if (*s < '0' || *s > '9')
		return false;
	a = strtoul(s, &end, 10);
	if (*end != '.' || end[1] < '0' || end[1] > '9')
		return false;
	b = strtoul(end + 1, &end, 10);
	if (a > 99 || b > 999 || (*end && !strchr(".-+ \t\n\"", *end)))
		return false;
	*major = a;
	*minor = b;
	return true;
}

void kversion_running(struct kversion *v)
{
	struct utsname u;

	memset(v, 0, sizeof(*v));
	v->running = true;
	if (uname(&u)) {
		snprintf(v->from, sizeof(v->from), "the running kernel (uname: %s)", strerror(errno));
		return;
	}
	snprintf(v->release, sizeof(v->release), "%s", u.release);
	snprintf(v->from, sizeof(v->from), "the running kernel, %s", u.release);
	v->known = kversion_parse(u.release, &v->major, &v->minor);
}

void kversion_recorded(struct kversion *v, const char *release, const char *where)
{
	memset(v, 0, sizeof(*v));
	snprintf(v->release, sizeof(v->release), "%s", release);
	snprintf(v->from, sizeof(v->from), "the kernel %s recorded, %.64s", where, release);
	v->known = kversion_parse(release, &v->major, &v->minor);
}

/* "linux-6.12" or "linux-source-6.12" in @s: its version. */
static bool version_in(const char *s, struct kversion *v)
{
	for (const char *p = strstr(s, "linux-"); p; p = strstr(p + 1, "linux-")) {
		const char *q = p + 6;

		if (!strncmp(q, "source-", 7))
			q += 7;
		if (kversion_parse(q, &v->major, &v->minor))
			return true;
	}
	return false;
}

/* An offline table: its first comment lines, then its file name. */
static void of_text_table(const char *path, struct kversion *v)
{
	char line[256];
	FILE *f = fopen(path, "r");

	for (int n = 0; f && n < 8 && fgets(line, sizeof(line), f) && line[0] == '#'; n++)
		if (version_in(line, v)) {
			snprintf(v->from, sizeof(v->from), "%s (its header)", path);
			v->known = true;
			break;
		}
	if (f)
		fclose(f);
	if (!v->known && version_in(path, v)) {
		snprintf(v->from, sizeof(v->from), "%s (its name)", path);
		v->known = true;
	}
}

/* include/linux/security.h of a tree: the tree's Makefile. */
static void of_header(const char *path, struct kversion *v)
{
	char *top = xstrdup(path), *mk, *text;
	const char *ver, *pl;

	for (int up = 0; up < 3; up++) {
		char *slash = strrchr(top, '/');

		if (!slash) {
			top[0] = '.';
			top[1] = '\0';
			break;
		}
		*slash = '\0';
	}
	mk = xasprintf("%s/Makefile", *top ? top : "/");
	text = read_file(mk, NULL);
	ver = text ? strstr(text, "\nVERSION = ") : NULL;
	pl = text ? strstr(text, "\nPATCHLEVEL = ") : NULL;
	if (ver && pl) {
		v->major = strtoul(ver + 11, NULL, 10);
		v->minor = strtoul(pl + 14, NULL, 10);
		v->known = true;
		snprintf(v->from, sizeof(v->from), "the tree of %s (%s)", path, mk);
	}
	free(text);
	free(mk);
	free(top);
}

/* A vmlinux: the "Linux version X.Y" of its banner. */
static void of_vmlinux(const char *path, struct kversion *v)
{
	static const char banner[] = "Linux version ";
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	struct stat st;
	const char *map, *p;

	if (fd < 0)
		return;
	if (fstat(fd, &st) || !S_ISREG(st.st_mode) || !st.st_size) {
		close(fd);
		return;
	}
	map = mmap(NULL, st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (map == MAP_FAILED)
		return;
	for (p = map; (p = memmem(p, st.st_size - (p - map), banner, sizeof(banner) - 1));
	     p += sizeof(banner) - 1) {
		char ver[16];
		size_t left = st.st_size - (p - map) - (sizeof(banner) - 1);

		snprintf(ver, sizeof(ver), "%.*s", (int)(left < 15 ? left : 15),
			 p + sizeof(banner) - 1);
		if (kversion_parse(ver, &v->major, &v->minor)) {
			v->known = true;
			snprintf(v->from, sizeof(v->from), "%s (its banner)", path);
			break;
		}
	}
	munmap((void *)map, st.st_size);
}

void kversion_of_table(const char *spec, struct kversion *v)
{
	unsigned char magic[4] = { 0 };
	int fd;

	if (!strcmp(spec, "auto") || !strncmp(spec, SECFS_DIR, strlen(SECFS_DIR)) ||
	    !strcmp(spec, BTF_VMLINUX)) {
		kversion_running(v);
		return;
	}
	memset(v, 0, sizeof(*v));
	snprintf(v->from, sizeof(v->from), "%s", spec);
	fd = open(spec, O_RDONLY | O_CLOEXEC);
	if (fd >= 0) {
		if (read(fd, magic, sizeof(magic)) != sizeof(magic))
			memset(magic, 0, sizeof(magic));
		close(fd);
	}
	if (!memcmp(magic, "\177ELF", 4)) {
		of_vmlinux(spec, v);
	} else if ((magic[0] == 0x9f && magic[1] == 0xeb) || (magic[0] == 0xeb && magic[1] == 0x9f)) {
		/* raw BTF says nothing of its version: only a name might */
		if (version_in(spec, v)) {
			v->known = true;
			snprintf(v->from, sizeof(v->from), "%s (its name)", spec);
		}
	} else {
		size_t len = strlen(spec);

		if (len >= 10 && !strcmp(spec + len - 10, "security.h"))
			of_header(spec, v);
		else
			of_text_table(spec, v);
	}
	if (!v->known)
		snprintf(v->from, sizeof(v->from), "%s", spec);
}
