# cmdline: lockdown=integrity
# Static lockdown at integrity from the command line: integrity paths
# refused with EPERM and a notice, confidentiality paths not.

expect_eq "lockdown level reads integrity" "$(cat /sys/kernel/security/lockdown)" \
	"none [integrity] confidentiality"
expect_dmesg "boot log says locked down from the command line" \
	"Kernel is locked down from command line"
expect_probe "integrity path /dev/mem refused" dev_mem EPERM
expect_dmesg "notice names the task and /dev/mem" \
	"Lockdown: ldprobe: /dev/mem,kmem,port is restricted"
expect_probe "integrity path /dev/port refused" dev_port EPERM
expect_probe "integrity path ioperm refused" ioperm EPERM
expect_probe "integrity path iopl refused" iopl EPERM
expect_dmesg "notice names raw io port access" \
	"Lockdown: ldprobe: raw io port access is restricted"
expect_probe "confidentiality path /proc/kcore opens" kcore allowed
