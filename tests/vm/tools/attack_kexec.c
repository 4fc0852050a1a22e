// SPDX-License-Identifier: GPL-2.0
/*
 * kexec, the end of a boot: whatever it runs next runs in ring 0, with
 * none of the policy in force.
 *
 * kexec-unsigned          kexec_load(2) of code of our own, no signature
 *                         (LOCKDOWN_KEXEC), then unloaded
 * kexec-unsigned N DESC   the same, kept loaded: when run, the code writes
 *                         "ok N - DESC" to the results port (COM2) and
 *                         resets the machine, which QEMU's -no-reboot
 *                         turns into an exit
 *                         ("not ok N - DESC" for N written !N: code that
 *                         must not run)
 * kexec-unsigned --run    run what is loaded (reboot(2), asking nothing)
 * kexec-file-unsigned [N DESC]
 *                         kexec_file_load(2) of an unsigned kernel image:
 *                         a bzImage of our own whose 64-bit entry is the
 *                         same code; a kernel built without KEXEC_SIG asks
 *                         nothing. Kept loaded with N DESC, else unloaded.
 * kexec-file-signed [IMAGE] [--keep]
 *                         kexec_file_load(2) of a kernel the keyring
 *                         trusts: IMAGE, by default the running kernel's
 *                         own, signed with the build's module key
 *                         (/modules/kexec-signed.bzImage). It asks no
 *                         reason (kimage_validate_signature() asks
 *                         LOCKDOWN_KEXEC only of an image it cannot
 *                         verify), and the kernel it would boot, with a
 *                         command line and initrd of ours, has none of
 *                         the policy loaded at run time. Then unloaded,
 *                         unless --keep.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/kexec.h>
#include <linux/reboot.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <termios.h>
#include <unistd.h>

#include "attack.h"

#define DEST 0x100000UL	/* where the code is copied, and run */

/*
 * x86-64, entered in long mode with memory mapped 1:1 (relocate_kernel):
 *   cld; lea msg(%rip),%rsi; mov $0x2f8,%dx
 *   1: lodsb; test %al,%al; jz 2f; out %al,(%dx); jmp 1b
 *   2: mov $0xcf9,%dx; mov $6,%al; out %al,(%dx)	reset (PIIX)
 *   3: hlt; jmp 3b
 *   msg: ...
 */
static const unsigned char code[] = {
	0xfc, 0x48, 0x8d, 0x35, 0x16, 0x00, 0x00, 0x00, 0x66, 0xba, 0xf8, 0x02,
	0xac, 0x84, 0xc0, 0x74, 0x03, 0xee, 0xeb, 0xf8,
	0x66, 0xba, 0xf9, 0x0c, 0xb0, 0x06, 0xee,
	0xf4, 0xeb, 0xfd,
};

/* Run what is loaded, once the results port has sent what it holds. */
static long kexec_reboot(void)
{
	int tty = open("/dev/ttyS1", O_WRONLY | O_NOCTTY | O_CLOEXEC);

	if (tty >= 0) {
		tcdrain(tty);
		close(tty);
	}
	sync();
	return syscall(SYS_reboot, LINUX_REBOOT_MAGIC1, LINUX_REBOOT_MAGIC2,
		       LINUX_REBOOT_CMD_KEXEC, NULL);
}

/* The TAP line the code writes when run: "ok N - DESC", "not ok" for !N. */
static int result_line(char *buf, size_t len, int argc, char **argv)
{
	const char *n = argc >= 2 ? argv[0] : "0";
	bool bad = n[0] == '!';

	return snprintf(buf, len, "%sok %s - %s\n", bad ? "not " : "", n + bad,
			argc >= 2 ? argv[1] : "");
}

static void run_unsigned(struct aresult *o, int argc, char **argv)
{
	static unsigned char image[4096];
	struct kexec_segment seg = { image, sizeof(image), (void *)DEST, sizeof(image) };
	int n;

	if (argc == 1 && !strcmp(argv[0], "--run")) {
		kexec_reboot();
		failed(o, "reboot(LINUX_REBOOT_CMD_KEXEC) returned: %s", strerror(errno));
		return;
	}
	memcpy(image, code, sizeof(code));
	n = result_line((char *)image + sizeof(code), sizeof(image) - sizeof(code), argc, argv);
	if (n < 0 || (size_t)n >= sizeof(image) - sizeof(code)) {
		failed(o, "the message does not fit");
		return;
	}
	if (syscall(SYS_kexec_load, DEST, 1UL, &seg, (unsigned long)KEXEC_ARCH_DEFAULT)) {
		if (errno == ENOSYS)
			unavailable(o, "no kexec_load(2) in this kernel (CONFIG_KEXEC)");
		else
			errno_outcome(o, errno, "kexec_load(unsigned code)");
		return;
	}
	if (argc < 2) {
		syscall(SYS_kexec_load, 0UL, 0UL, NULL, 0UL);	/* unload */
		shown(o, "kexec_load(2) took code of our own, unsigned (then unloaded)");
		return;
	}
	shown(o, "kexec_load(2) took code of our own, unsigned, kept loaded to run");
}

/*
 * A bzImage (Documentation/arch/x86/boot.rst) as small as the kexec
 * loader takes (arch/x86/kernel/kexec-bzimage64.c): one setup sector
 * after the boot sector, the setup header, and the protected-mode part
 * with @code at 0x200, where a 64-bit kernel is entered.
 */
static size_t bzimage(unsigned char *img, size_t size, const unsigned char *code, size_t len)
{
	const size_t setup = 2 * 512, pm = 0x200 + len;

	if (setup + pm > size)
		return 0;
	memset(img, 0, setup + pm);
	img[0x1f1] = 1;				/* setup_sects */
	img[0x1fe] = 0x55, img[0x1ff] = 0xaa;	/* boot_flag */
	img[0x200] = 0xeb, img[0x201] = 0x6a;	/* jump: the header ends at 0x26c */
	memcpy(img + 0x202, "HdrS", 4);
	img[0x206] = 0x0f, img[0x207] = 0x02;	/* version 2.15 */
	img[0x211] = 0x01;			/* loadflags: LOADED_HIGH */
	img[0x232] = 0x20;			/* kernel_alignment: 2 MiB */
	img[0x234] = 1;				/* relocatable_kernel */
	img[0x236] = 0x01 | 0x02 | 0x20;	/* xloadflags: KERNEL_64, ABOVE_4G, 5LEVEL */
	img[0x239] = 0x08;			/* cmdline_size: 2048 */
	img[0x25b] = 0x01;			/* pref_address: 16 MiB */
	img[0x262] = 0x01;			/* init_size: 64 KiB */
	memcpy(img + setup + 0x200, code, len);
	return setup + pm;
}

static void run_file_unsigned(struct aresult *o, int argc, char **argv)
{
	static unsigned char code_msg[2048], img[8192];
	char path[] = "/tmp/ldattack-bzimage-XXXXXX";
	size_t len;
	int fd, n, err = 0;

	memcpy(code_msg, code, sizeof(code));
	n = result_line((char *)code_msg + sizeof(code), sizeof(code_msg) - sizeof(code), argc,
			argv);
	len = n < 0 ? 0 : bzimage(img, sizeof(img), code_msg, sizeof(code) + n + 1);
	fd = len ? mkstemp(path) : -1;
	if (fd < 0 || write(fd, img, len) != (ssize_t)len || close(fd) ||
	    (fd = open(path, O_RDONLY | O_CLOEXEC)) < 0) {	/* no writer: ETXTBSY */
		failed(o, "cannot write the image to %s", path);
		unlink(path);
		return;
	}
	unlink(path);
	if (syscall(SYS_kexec_file_load, fd, -1, 1UL, "", (unsigned long)KEXEC_FILE_NO_INITRAMFS))
		err = errno;
	close(fd);
	if (err == ENOSYS)
		unavailable(o, "no kexec_file_load(2) in this kernel (CONFIG_KEXEC_FILE)");
	else if (err)
		errno_outcome(o, err, "kexec_file_load(an unsigned kernel image)");
	else if (argc < 2 && syscall(SYS_kexec_file_load, -1, -1, 0UL, NULL,
				     (unsigned long)KEXEC_FILE_UNLOAD) >= 0)
		shown(o, "kexec_file_load(2) took an unsigned kernel image (then unloaded)");
	else
		shown(o, "kexec_file_load(2) took an unsigned kernel image, kept loaded to run");
}

static void run_file_signed(struct aresult *o, int argc, char **argv)
{
	bool keep = argc > 0 && !strcmp(argv[argc - 1], "--keep");
	const char *image = argc > keep ? argv[0] : "/modules/kexec-signed.bzImage";
	int fd = open(image, O_RDONLY | O_CLOEXEC), err = 0;

	if (fd < 0) {
		unavailable(o, "no signed kernel image %s", image);
		return;
	}
	if (syscall(SYS_kexec_file_load, fd, -1, 1UL, "", (unsigned long)KEXEC_FILE_NO_INITRAMFS))
		err = errno;
	close(fd);
	if (err == ENOSYS)
		unavailable(o, "no kexec_file_load(2) in this kernel (CONFIG_KEXEC_FILE)");
	else if (err)
		errno_outcome(o, err, "kexec_file_load(a signed kernel image)");
	else if (keep)
		shown(o, "kexec_file_load(2) took a kernel the keyring trusts, to boot with a "
		      "command line of ours, kept loaded");
	else if (syscall(SYS_kexec_file_load, -1, -1, 0UL, NULL, (unsigned long)KEXEC_FILE_UNLOAD))
		failed(o, "kexec_file_load(2) took the signed kernel, and does not unload it: %s",
		       strerror(errno));
	else
		shown(o, "kexec_file_load(2) took a kernel the keyring trusts, to boot with a "
		      "command line of ours (then unloaded)");
}

const struct attack attacks_kexec[] = {
	{ "kexec-unsigned", "kexec_load(2) of unsigned code [N DESC: kept, to write ok N - DESC; "
	  "--run: run it]", run_unsigned },
	{ "kexec-file-unsigned", "kexec_file_load(2) of an unsigned kernel image [N DESC: kept]",
	  run_file_unsigned },
	{ "kexec-file-signed", "kexec_file_load(2) of a kernel the keyring trusts [IMAGE] [--keep]",
	  run_file_signed },
	{ 0 }
};
