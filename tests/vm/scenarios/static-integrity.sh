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

# ldpolicy answers what it can read, and nothing else: with securityfs
# gone it cannot know the level, and never says allowed (exit 3)
ldpolicy query -q dev_mem
expect_eq "query dev_mem: exit 1 (denied, by the static level)" "$?" 1
umount /sys/kernel/security
out=$(ldpolicy query dev_mem 2>&1)
expect_eq "securityfs unmounted: root's query reads it through a mount of its own (exit 1)" \
	"$?:$out" "1:LOCKDOWN_DEV_MEM: denied (by static)"
out=$(ldas -u 1000 -- ldpolicy query dev_mem 2>&1)
expect_eq "a user who cannot mount it cannot know: exit 3" "$?" 3
case "$out" in *"/sys/kernel/security/lsm"*"not securityfs"*) ok "and says why" ;;
*) not_ok "and says why" "$out" ;; esac
out=$(ldas -u 1000 -- ldpolicy query --json kcore 2>/dev/null)
expect_eq "nor query --json kcore: exit 3, nothing on stdout" "$?:$out" "3:"

# Nor can it read the kernel's table once BTF is hidden too (a kernel
# built without DEBUG_INFO_BTF looks like this): compile falls back to
# the shipped table for the running release, and says so
mount -t tmpfs none /sys/kernel/btf
expect_eq "BTF hidden under a tmpfs" "$(test -e /sys/kernel/btf/vmlinux; echo $?)" 1
out=$(ldpolicy compile -o /tmp/auto.blob /policies/integrity.ldp 2>&1)
expect_eq "compile with no table to read: exit 0" "$?" 0
case "$out" in *"warning: this kernel ($(uname -r)) has neither"*"using the shipped table for Linux 6.12, /usr/local/share/ldpolicy/tables/linux-6.12.table"*)
	ok "and names the shipped table it uses" ;;
*) not_ok "and names the shipped table it uses" "$out" ;; esac
ldpolicy compile -t linux-6.12.table -o /tmp/named.blob /policies/integrity.ldp
expect_eq "the same blob as with --table linux-6.12.table (by name)" \
	"$?:$(cmp /tmp/auto.blob /tmp/named.blob && echo same)" "0:same"
umount /sys/kernel/btf
mount -t securityfs securityfs /sys/kernel/security
