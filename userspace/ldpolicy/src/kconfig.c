// SPDX-License-Identifier: GPL-2.0
/* The running kernel's configuration. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "kconfig.h"
#include "util.h"

/* /proc/config.gz: gzip, at most LDP_MAX_TEXT_FILE once inflated. */
static char *read_gz(const char *path)
{
	gzFile f = gzopen(path, "rb");
	size_t len = 0, cap = 1 << 16;
	char *buf;
	int n;

	if (!f)
		return NULL;
	buf = xmalloc(cap + 1);
	while ((n = gzread(f, buf + len, cap - len)) > 0) {
		len += n;
		if (len == cap) {
			if (cap >= LDP_MAX_TEXT_FILE)
				break;
			cap *= 2;
			buf = xrealloc(buf, cap + 1);
		}
	}
	if (n < 0 || len == cap || gzclose(f) != Z_OK) {
		free(buf);
		return NULL;
	}
	buf[len] = '\0';
	return buf;
}

int kconfig_load(struct kconfig *c, const char *release)
{
	char *boot = xasprintf("/boot/config-%s", release);

	memset(c, 0, sizeof(*c));
	c->text = read_gz("/proc/config.gz");
	if (c->text) {
		c->from = xstrdup("/proc/config.gz");
	} else if ((c->text = read_file(boot, NULL))) {
		c->from = boot;
		boot = NULL;
	}
	free(boot);
	/* a configuration says so in its first lines */
	if (c->text && !strstr(c->text, "CONFIG_")) {
		kconfig_free(c);
		return -1;
	}
	return c->text ? 0 : -1;
}

int kconfig_enabled(const struct kconfig *c, const char *opt)
{
	size_t n = strlen(opt);

	for (const char *p = c->text; (p = strstr(p, opt)); p += n)
		if ((p == c->text || p[-1] == '\n') && p[n] == '=')
			return p[n + 1] == 'y' || p[n + 1] == 'm';
	return 0;
}

void kconfig_free(struct kconfig *c)
{
	free(c->text);
	free(c->from);
	memset(c, 0, sizeof(*c));
}
