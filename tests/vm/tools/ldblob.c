// SPDX-License-Identifier: GPL-2.0
/*
 * ldblob - forge lockdown policy blobs for the VM tests, broken on demand.
 *
 * Usage: ldblob [options] REASON... > blob
 *   REASON      an identifier from the running kernel's reasons file
 *               (LOCKDOWN_KCORE), or a raw bit number (#63): denied
 *   -w REASON   warn about REASON (the warn set: version 2); repeatable
 *   -T TABLE    take the reasons and the fingerprint from TABLE, as
 *               "ldpolicy reasons" writes it (default: lockdown_policy's
 *               securityfs files; a kernel with only the BPF backend has
 *               none)
 *   -f HEX      fingerprint (default: the running kernel's)
 *   -n NR       nr_reasons (default: the running kernel's)
 *   -F FLAGS    flags
 *   -m MAGIC    magic
 *   -v VERSION  version (default: 1, or 2 with -w); the length follows
 *               it: one bitmap, or two from version 2
 *   -P N        a header N bytes longer than this one (zero bytes after it;
 *               hdr_len says so unless -H does otherwise)
 *   -H HDRLEN   hdr_len
 *   -B OFF=VAL  set the byte at offset OFF of the blob to VAL, last
 *   -r VALUE    the reserved field
 *   -t N        drop the last N bytes
 *   -a N        append N zero bytes
 * Built from the uapi header, the one contract with the kernel; ldpolicy
 * makes the real blobs, this makes the wrong ones.
 */
#include <endian.h>
#include <stdbool.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <linux/lockdown_policy.h>

#define SECFS "/sys/kernel/security/lockdown_policy/"

static const char *table = SECFS "reasons";

static int reason_bit(const char *name, unsigned int *max)
{
	char line[256], id[128];
	unsigned int idx;
	int found = -1;
	FILE *f = fopen(table, "r");

	if (!f)
		return -1;
	*max = 0;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%u %127s", &idx, id) != 2)
			continue;
		if (idx > *max)
			*max = idx;
		if (name && !strcmp(id, name))
			found = idx;
	}
	fclose(f);
	return found;
}

static int read_fingerprint(uint8_t *fp, bool from_table)
{
	char hex[2 * LOCKDOWN_POLICY_FINGERPRINT_SIZE + 2], line[256];
	FILE *f = fopen(from_table ? table : SECFS "fingerprint", "r");
	int ok = 0;

	if (!f)
		return -1;
	if (!from_table)
		ok = fgets(hex, sizeof(hex), f) != NULL;
	while (from_table && !ok && fgets(line, sizeof(line), f))
		ok = sscanf(line, "# fingerprint %65s", hex) == 1;
	fclose(f);
	for (int i = 0; ok && i < LOCKDOWN_POLICY_FINGERPRINT_SIZE; i++) {
		unsigned int b;

		if (sscanf(hex + 2 * i, "%2x", &b) != 1)
			return -1;
		fp[i] = b;
	}
	return ok ? 0 : -1;
}

static void die(const char *msg, const char *arg)
{
	fprintf(stderr, "ldblob: %s%s\n", msg, arg ? arg : "");
	exit(2);
}

int main(int argc, char **argv)
{
	uint8_t buf[LOCKDOWN_POLICY_MAX_SIZE * 2] = { 0 };
	struct lockdown_policy_header *h = (void *)buf;
	uint8_t *bitmap;
	unsigned long nr = 0, trunc = 0, append = 0, pad = 0, poke_off = 0, poke_val = 0;
	bool poke = false, hdr_len_set = false;
	int nr_set = 0;
	long long flags = 0, magic = LOCKDOWN_POLICY_MAGIC;
	long version = -1, hdr_len = sizeof(*h), reserved = 0;
	const char *warn[LOCKDOWN_POLICY_MAX_REASONS];
	int nwarn = 0;
	const char *fphex = NULL;
	bool from_table = false;
	unsigned int max = 0;
	size_t len;
	int opt;

	while ((opt = getopt(argc, argv, "T:f:n:F:m:v:H:r:t:a:w:P:B:")) != -1) {
		switch (opt) {
		case 'T': table = optarg; from_table = true; break;
		case 'f': fphex = optarg; break;
		case 'n': nr = strtoul(optarg, NULL, 0); nr_set = 1; break;
		case 'F': flags = strtoll(optarg, NULL, 0); break;
		case 'm': magic = strtoll(optarg, NULL, 0); break;
		case 'v': version = strtol(optarg, NULL, 0); break;
		case 'H': hdr_len = strtol(optarg, NULL, 0); hdr_len_set = true; break;
		case 'P': pad = strtoul(optarg, NULL, 0); break;
		case 'B':
			if (sscanf(optarg, "%li=%li", (long *)&poke_off, (long *)&poke_val) != 2)
				die("-B wants OFF=VAL: ", optarg);
			poke = true;
			break;
		case 'r': reserved = strtol(optarg, NULL, 0); break;
		case 't': trunc = strtoul(optarg, NULL, 0); break;
		case 'a': append = strtoul(optarg, NULL, 0); break;
		case 'w':
			if (nwarn < LOCKDOWN_POLICY_MAX_REASONS)
				warn[nwarn++] = optarg;
			break;
		default: return 2;
		}
	}
	if (reason_bit(NULL, &max) < -1 || max == 0)
		die("cannot read the reasons from ", table);
	if (!nr_set)
		nr = max + 1;
	if (version < 0)
		version = nwarn ? 2 : LOCKDOWN_POLICY_VERSION_MIN;
	if (pad > LOCKDOWN_POLICY_MAX_SIZE)
		die("-P: too long", NULL);
	bitmap = buf + sizeof(*h) + pad;
	if (!hdr_len_set)
		hdr_len = sizeof(*h) + pad;
	h->magic = htole32(magic);
	h->version = htole16(version);
	h->hdr_len = htole16(hdr_len);
	h->nr_reasons = htole16(nr);
	h->reserved = htole16(reserved);
	h->flags = htole32(flags);
	if (fphex) {
		for (int i = 0; i < LOCKDOWN_POLICY_FINGERPRINT_SIZE; i++) {
			unsigned int b;

			if (sscanf(fphex + 2 * i, "%2x", &b) != 1)
				die("bad fingerprint ", fphex);
			h->fingerprint[i] = b;
		}
	} else if (read_fingerprint(h->fingerprint, from_table)) {
		die("cannot read the fingerprint from ", from_table ? table : SECFS "fingerprint");
	}
	for (int i = optind; i < argc; i++) {
		long bit;

		if (argv[i][0] == '#')
			bit = strtol(argv[i] + 1, NULL, 0);
		else
			bit = reason_bit(argv[i], &max);
		if (bit < 0 || bit >= LOCKDOWN_POLICY_MAX_REASONS)
			die("unknown reason ", argv[i]);
		bitmap[bit / 8] |= 1 << (bit % 8);
	}
	for (int i = 0; i < nwarn; i++) {
		long bit = warn[i][0] == '#' ? strtol(warn[i] + 1, NULL, 0) :
			   reason_bit(warn[i], &max);

		if (bit < 0 || bit >= LOCKDOWN_POLICY_MAX_REASONS)
			die("unknown reason ", warn[i]);
		bit += 8 * LOCKDOWN_POLICY_BITMAP_SIZE(nr);
		bitmap[bit / 8] |= 1 << (bit % 8);
	}
	len = sizeof(*h) + pad + lockdown_policy_bitmaps(version) * LOCKDOWN_POLICY_BITMAP_SIZE(nr);
	if (len + append > sizeof(buf) || trunc > len)
		die("blob too large", NULL);
	len = len - trunc + append;
	if (poke) {
		if (poke_off >= len)
			die("-B: past the blob", NULL);
		buf[poke_off] = poke_val;
	}
	if (fwrite(buf, 1, len, stdout) != len)
		die("write: ", strerror(errno));
	return 0;
}
