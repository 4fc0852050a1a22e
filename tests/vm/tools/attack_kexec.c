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
 * kexec-unsigned --run    run what is loaded (reboot(2), asking nothing)
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
	n = snprintf((char *)image + sizeof(code), sizeof(image) - sizeof(code), "ok %s - %s\n",
		     argc >= 2 ? argv[0] : "0", argc >= 2 ? argv[1] : "");
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

const struct attack attacks_kexec[] = {
	{ "kexec-unsigned", "kexec_load(2) of unsigned code [N DESC: kept, to write ok N - DESC; "
	  "--run: run it]", run_unsigned },
	{ 0 }
};
