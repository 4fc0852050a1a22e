// SPDX-License-Identifier: GPL-2.0
/*
 * The operations ldprobe performs, one per lockdown call site it drives.
 * Each names the call site (kernel file: function) it reaches.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/perf_event.h>
#include <linux/serial.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#if defined(__x86_64__) || defined(__i386__)
#include <sys/io.h>
#endif
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "errname.h"
#include "probes.h"

void result_set(struct result *r, enum outcome o, int err, const char *fmt, ...)
{
	va_list ap;

	r->outcome = o;
	r->err = err;
	va_start(ap, fmt);
	vsnprintf(r->detail, sizeof(r->detail), fmt, ap);
	va_end(ap);
}

void result_errno(struct result *r, int err)
{
	if (!err)
		result_set(r, ALLOWED, 0, "%s", "");
	else if (err == EPERM)
		result_set(r, DENIED, err, "%s", "");
	else
		result_set(r, ERROR, err, "%s (%s)", errno_name(err), strerror(err));
}

static int open_close(const char *path, int flags)
{
	int fd = open(path, flags | O_CLOEXEC);

	if (fd < 0)
		return errno;
	close(fd);
	return 0;
}

/* drivers/char/mem.c: open_port() */
static void probe_dev_mem(struct result *r)
{
	result_errno(r, open_close("/dev/mem", O_RDONLY));
}

static void probe_dev_port(struct result *r)
{
	result_errno(r, open_close("/dev/port", O_RDONLY));
}

/* arch/x86/kernel/ioport.c: ksys_ioperm(), SYSCALL_DEFINE1(iopl); x86 only */
#if defined(__x86_64__) || defined(__i386__)
static void probe_ioperm(struct result *r)
{
	if (ioperm(0x80, 1, 1)) {
		result_errno(r, errno);
		return;
	}
	ioperm(0x80, 1, 0);
	result_errno(r, 0);
}

static void probe_iopl(struct result *r)
{
	if (iopl(3)) {
		result_errno(r, errno);
		return;
	}
	iopl(0);
	result_errno(r, 0);
}
#else
static void probe_ioperm(struct result *r)
{
	result_set(r, UNAVAILABLE, 0, "ioperm(2) is x86 only");
}

static void probe_iopl(struct result *r)
{
	result_set(r, UNAVAILABLE, 0, "iopl(2) is x86 only");
}
#endif

/* fs/proc/kcore.c: open_kcore() */
static void probe_kcore(struct result *r)
{
	result_errno(r, open_close("/proc/kcore", O_RDONLY));
}

int load_module(const char *path, const char *params)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC), ret;

	if (fd < 0)
		return errno;
	ret = syscall(SYS_finit_module, fd, params, 0) ? errno : 0;
	close(fd);
	return ret;
}

/* The module's own name, from its modinfo ("name=ldtest"), for unloading. */
static int module_name(const char *path, char *name, size_t len)
{
	static char buf[4 << 20];
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n = fd < 0 ? -1 : read(fd, buf, sizeof(buf) - 1);
	const char *p = NULL;

	if (fd >= 0)
		close(fd);
	if (n <= 0)
		return -1;
	buf[n] = '\0';
	for (ssize_t i = 0; i + 6 < n && !p; i++)
		if (!buf[i] && !memcmp(buf + i + 1, "name=", 5))
			p = buf + i + 6;
	if (!p)
		return -1;
	snprintf(name, len, "%s", p);
	return 0;
}

static void unload_module(const char *path)
{
	char name[64];

	if (!module_name(path, name, sizeof(name)))
		syscall(SYS_delete_module, name, O_NONBLOCK);
}

/*
 * The VM's modules, built for (or taken from) the kernel it boots:
 *   /modules/unsigned.ko      a module without a signature
 *   /modules/hwparam.ko       a signed module with a hardware parameter,
 *                             and /modules/hwparam.param, its argument
 *   /modules/testmmiotrace.ko the kernel's mmiotrace test module, signed
 * A kernel the VM has no such module for has no such path to drive.
 */
static bool have_module(struct result *r, const char *path, const char *what)
{
	if (!access(path, F_OK))
		return true;
	result_set(r, UNAVAILABLE, 0, "no %s for this kernel (%s)", what, path);
	return false;
}

/* kernel/module/signing.c: module_sig_check() */
static void probe_module_unsigned(struct result *r)
{
	const char *ko = "/modules/unsigned.ko";
	int err;

	if (!have_module(r, ko, "unsigned module"))
		return;
	err = load_module(ko, "");
	if (!err)
		unload_module(ko);
	result_errno(r, err);
}

/* kernel/params.c: param_check_unsafe(), through a signed module */
static void probe_module_hwparam(struct result *r)
{
	const char *ko = "/modules/hwparam.ko";
	char param[64] = "";
	int fd, err;

	if (!have_module(r, ko, "signed module with a hardware parameter"))
		return;
	fd = open("/modules/hwparam.param", O_RDONLY | O_CLOEXEC);
	if (fd < 0 || read(fd, param, sizeof(param) - 1) <= 0) {
		result_set(r, ERROR, errno, "cannot read /modules/hwparam.param");
		if (fd >= 0)
			close(fd);
		return;
	}
	close(fd);
	param[strcspn(param, "\n")] = '\0';
	err = load_module(ko, param);
	if (!err)
		unload_module(ko);
	result_errno(r, err);
}

/* arch/x86/mm/testmmiotrace.c: init(); without an address it stops at ENXIO */
static void probe_mmiotrace(struct result *r)
{
	const char *ko = "/modules/testmmiotrace.ko";
	int err;

	if (!have_module(r, ko, "mmiotrace test module (CONFIG_MMIOTRACE_TEST)"))
		return;
	err = load_module(ko, "");

	if (err == ENXIO)
		result_set(r, ALLOWED, err, "past the check: ENXIO, no mmio_address given");
	else if (!err)
		result_set(r, ERROR, 0, "testmmiotrace loaded without an address");
	else
		result_errno(r, err);
}

/* kernel/kexec.c: kexec_load_check(), unloading (no segments) */
static void probe_kexec(struct result *r)
{
	result_errno(r, syscall(SYS_kexec_load, 0UL, 0UL, NULL, 0UL) ? errno : 0);
}

/* kernel/power/hibernate.c: hibernation_available(), read by disk_show() */
static void probe_hibernation(struct result *r)
{
	char buf[128] = "";
	int fd = open("/sys/power/disk", O_RDONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0) {
		result_errno(r, errno == EPERM ? EIO : errno);
		return;
	}
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		result_set(r, ERROR, errno, "cannot read /sys/power/disk");
	else if (strstr(buf, "[disabled]"))
		result_set(r, DENIED, 0, "hibernation unavailable: /sys/power/disk reads [disabled]");
	else
		result_set(r, ALLOWED, 0, "%s", "");
}

/* drivers/pci/pci-sysfs.c: pci_write_config(), writing a byte back as it was */
static void probe_pci_config(struct result *r)
{
	const char *path = "/sys/bus/pci/devices/0000:00:00.0/config";
	int fd = open(path, O_RDWR | O_CLOEXEC);
	unsigned char b;

	if (fd < 0) {
		result_errno(r, errno == EPERM ? EIO : errno);
		return;
	}
	if (pread(fd, &b, 1, 0x3c) != 1)
		result_set(r, ERROR, errno, "cannot read %s", path);
	else
		result_errno(r, pwrite(fd, &b, 1, 0x3c) == 1 ? 0 : errno);
	close(fd);
}

/* arch/x86/kernel/msr.c: msr_write(), writing TSC_AUX back as it was */
static void probe_msr(struct result *r)
{
	int fd = open("/dev/cpu/0/msr", O_RDWR | O_CLOEXEC);
	uint64_t v;

	if (fd < 0 && errno == ENOENT) {
		result_set(r, UNAVAILABLE, errno, "no /dev/cpu/0/msr: no msr driver");
		return;
	}
	if (fd < 0) {
		result_errno(r, errno == EPERM ? EIO : errno);
		return;
	}
	if (pread(fd, &v, 8, 0xc0000103) != 8)
		result_set(r, ERROR, errno, "cannot read MSR_TSC_AUX");
	else
		result_errno(r, pwrite(fd, &v, 8, 0xc0000103) == 8 ? 0 : errno);
	close(fd);
}

/*
 * drivers/acpi/acpi_configfs.c: acpi_table_aml_write(), an empty SSDT.
 * configfs buffers a binary attribute and calls ->write() at close,
 * ignoring its result: whether the table loaded shows in the item's
 * signature attribute, which reads SSDT only for a loaded table. Our table
 * is valid, so only the lockdown check keeps it from loading.
 */
static void probe_acpi_table(struct result *r)
{
	const char *dir = "/sys/kernel/config/acpi/table/ldprobe";
	unsigned char t[36] = "SSDT";
	unsigned char sum = 0;
	char sig[16] = "";
	int fd, err = 0;

	t[4] = sizeof(t);		/* length */
	t[8] = 2;			/* revision */
	memcpy(t + 10, "LDPROB", 6);	/* OEM id */
	memcpy(t + 16, "LDPROBE ", 8);	/* OEM table id */
	t[24] = 1;
	memcpy(t + 28, "LDPR", 4);	/* creator id */
	t[32] = 1;
	for (size_t i = 0; i < sizeof(t); i++)
		sum += t[i];
	t[9] = -sum;
	if (access("/sys/kernel/config/acpi/table", F_OK)) {
		result_set(r, UNAVAILABLE, errno, "no ACPI configfs (CONFIG_ACPI_CONFIGFS)");
		return;
	}
	if (mkdir(dir, 0755) && errno != EEXIST) {
		result_set(r, ERROR, errno, "mkdir %s: %s", dir, strerror(errno));
		return;
	}
	fd = open("/sys/kernel/config/acpi/table/ldprobe/aml", O_WRONLY | O_CLOEXEC);
	if (fd < 0) {
		err = errno;
	} else {
		if (write(fd, t, sizeof(t)) != sizeof(t))
			err = errno;
		close(fd);	/* the table is loaded, or refused, here */
	}
	fd = open("/sys/kernel/config/acpi/table/ldprobe/signature", O_RDONLY | O_CLOEXEC);
	if (fd >= 0) {
		if (read(fd, sig, sizeof(sig) - 1) < 0)
			sig[0] = '\0';
		close(fd);
	}
	rmdir(dir);		/* unloads the table again */
	if (err)
		result_errno(r, err);
	else if (!strncmp(sig, "SSDT", 4))
		result_set(r, ALLOWED, 0, "%s", "");
	else
		result_set(r, DENIED, 0, "the SSDT was not loaded (configfs reports it only in the log)");
}

/* drivers/tty/serial/serial_core.c: uart_set_info(), moving ttyS2's IRQ */
static void probe_tiocsserial(struct result *r)
{
	struct serial_struct ss, orig;
	int fd = open("/dev/ttyS2", O_RDWR | O_NONBLOCK | O_NOCTTY | O_CLOEXEC), err;

	if (fd < 0) {
		result_set(r, ERROR, errno, "open /dev/ttyS2: %s", strerror(errno));
		return;
	}
	if (ioctl(fd, TIOCGSERIAL, &orig)) {
		result_set(r, ERROR, errno, "TIOCGSERIAL: %s", strerror(errno));
		close(fd);
		return;
	}
	/* arm64 -M virt: the 8250 driver's ports are placeholders, no UART */
	if (orig.type == PORT_UNKNOWN) {
		result_set(r, UNAVAILABLE, 0, "no UART behind /dev/ttyS2 (no 8250 on this machine)");
		close(fd);
		return;
	}
	ss = orig;
	ss.irq = orig.irq == 5 ? 6 : 5;
	err = ioctl(fd, TIOCSSERIAL, &ss) ? errno : 0;
	if (!err)
		ioctl(fd, TIOCSSERIAL, &orig);
	close(fd);
	result_errno(r, err);
}

/* fs/debugfs/file.c: debugfs_locked_down(), a file that is writable */
static void probe_debugfs(struct result *r)
{
	result_errno(r, open_close("/sys/kernel/debug/kprobes/enabled", O_RDONLY));
}

/*
 * tracefs: kernel/trace/trace.c: tracing_check_open_get_tr(). When tracefs
 * is locked down at boot its files are never created
 * (fs/tracefs/inode.c: tracefs_create_file()).
 */
static void probe_tracefs(struct result *r)
{
	int err = open_close("/sys/kernel/tracing/trace", O_RDONLY);

	if (err == ENOENT && !access("/sys/kernel/tracing", F_OK))
		result_set(r, DENIED, err, "tracefs files not created: locked down at boot");
	else
		result_errno(r, err);
}

/* kernel/trace/trace_kprobe.c: __register_trace_kprobe(), through tracefs */
static void probe_kprobe_event(struct result *r)
{
	static const char add[] = "p:ldprobe_kp vfs_read\n", del[] = "-:ldprobe_kp\n";
	int fd = open("/sys/kernel/tracing/kprobe_events", O_WRONLY | O_APPEND | O_CLOEXEC);
	int err;

	if (fd < 0) {
		if (errno == ENOENT && !access("/sys/kernel/tracing", F_OK))
			result_set(r, DENIED, errno, "no kprobe_events: tracefs locked down at boot");
		else if (errno == EPERM)
			result_set(r, DENIED, errno, "kprobe_events refused: tracefs locked down");
		else
			result_errno(r, errno);
		return;
	}
	err = write(fd, add, strlen(add)) == (ssize_t)strlen(add) ? 0 : errno;
	if (!err && write(fd, del, strlen(del)) < 0)
		err = errno;
	close(fd);
	result_errno(r, err);
}

/* kernel/events/core.c: SYSCALL_DEFINE5(perf_event_open), REGS_INTR samples */
static void probe_perf_regs_intr(struct result *r)
{
	struct perf_event_attr a = {
		.type = PERF_TYPE_SOFTWARE,
		.size = sizeof(a),
		.config = PERF_COUNT_SW_CPU_CLOCK,
		.sample_period = 1000000,
		.sample_type = PERF_SAMPLE_REGS_INTR,
		.sample_regs_intr = 1,
		.disabled = 1,
	};
	int fd = syscall(SYS_perf_event_open, &a, 0, -1, -1, 0);

	if (fd >= 0) {
		close(fd);
		result_errno(r, 0);
	} else {
		result_errno(r, errno);
	}
}

const struct probe probes[] = {
	{ "module_unsigned", "LOCKDOWN_MODULE_SIGNATURE", NULL,
	  "finit_module() of an unsigned module", probe_module_unsigned },
	{ "dev_mem", "LOCKDOWN_DEV_MEM", NULL, "open /dev/mem", probe_dev_mem },
	{ "dev_port", "LOCKDOWN_DEV_MEM", NULL, "open /dev/port", probe_dev_port },
	{ "kexec", "LOCKDOWN_KEXEC", NULL, "kexec_load() (unload)", probe_kexec },
	{ "hibernation", "LOCKDOWN_HIBERNATION", NULL, "read /sys/power/disk",
	  probe_hibernation },
	{ "pci_config", "LOCKDOWN_PCI_ACCESS", NULL, "write PCI config space through sysfs",
	  probe_pci_config },
	{ "ioperm", "LOCKDOWN_IOPORT", NULL, "ioperm(0x80, 1, 1)", probe_ioperm },
	{ "iopl", "LOCKDOWN_IOPORT", NULL, "iopl(3)", probe_iopl },
	{ "msr", "LOCKDOWN_MSR", NULL, "write an MSR through /dev/cpu/0/msr", probe_msr },
	{ "acpi_table", "LOCKDOWN_ACPI_TABLES", NULL, "load an SSDT through configfs",
	  probe_acpi_table },
	{ "tiocsserial", "LOCKDOWN_TIOCSSERIAL", NULL, "TIOCSSERIAL moving ttyS2's IRQ",
	  probe_tiocsserial },
	{ "module_hwparam", "LOCKDOWN_MODULE_PARAMETERS", NULL,
	  "a signed module with a hardware parameter (io=)", probe_module_hwparam },
	{ "mmiotrace", "LOCKDOWN_MMIOTRACE", NULL, "load the (signed) mmiotrace test module",
	  probe_mmiotrace },
	{ "debugfs", "LOCKDOWN_DEBUGFS", NULL, "open a writable debugfs file", probe_debugfs },
	{ "kdb_write", "LOCKDOWN_DBG_WRITE_KERNEL", NULL,
	  "kdb mm4 on a kernel variable, kdb entered by sysrq-g", probe_kdb_write },
	{ "bpf_write_user", "LOCKDOWN_BPF_WRITE_USER", NULL,
	  "load a BPF program calling bpf_probe_write_user", probe_bpf_write_user },
	{ "kcore", "LOCKDOWN_KCORE", NULL, "open /proc/kcore", probe_kcore },
	{ "kprobe_event", "LOCKDOWN_KPROBES", "LOCKDOWN_TRACEFS",
	  "create a kprobe event through tracefs", probe_kprobe_event },
	{ "bpf_read_kernel", "LOCKDOWN_BPF_READ_KERNEL", NULL,
	  "load a BPF program calling bpf_probe_read_kernel", probe_bpf_read_kernel },
	{ "kdb_read", "LOCKDOWN_DBG_READ_KERNEL", NULL,
	  "kdb md4c1 on a kernel variable, kdb entered by sysrq-g", probe_kdb_read },
	{ "perf_regs_intr", "LOCKDOWN_PERF", NULL,
	  "perf_event_open() with PERF_SAMPLE_REGS_INTR", probe_perf_regs_intr },
	{ "tracefs", "LOCKDOWN_TRACEFS", NULL, "open /sys/kernel/tracing/trace", probe_tracefs },
	{ "xfrm_secret", "LOCKDOWN_XFRM_SECRET", NULL,
	  "dump an IPsec SA's key over netlink", probe_xfrm_secret },
	{ 0 }
};

const struct probe *probe_find(const char *name)
{
	const struct probe *p;

	for (p = probes; p->name; p++)
		if (!strcmp(p->name, name))
			return p;
	return NULL;
}
