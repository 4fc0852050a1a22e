# Demo, boot 2: lockdown=integrity on the kernel command line.
say "This boot had lockdown=integrity on its command line: the kernel was" \
	"locked down before init ran."
run cat /proc/cmdline
run cat /sys/kernel/security/lockdown
dmesg | grep 'locked down from' | sed 's/^/    /'
run ldprobe dev_mem ioperm kcore
