# Demo, boot 1: the static lockdown LSM, raised at run time.
# Output is for people: every command is shown, then what it printed.

say "The kernel's security modules, in the order they start. The two lockdown" \
	"LSMs come first: this kernel builds lockdown as an early LSM" \
	"(SECURITY_LOCKDOWN_LSM_EARLY), and lockdown_policy always is one. Early" \
	"LSMs start right after setup_arch(), which has already parsed lockdown=" \
	"and the other early parameters of the command line."
run cat /sys/kernel/security/lsm

say "No lockdown= was given, so the level is none:"
run cat /sys/kernel/security/lockdown
say "root can open /dev/mem (an integrity risk: it writes kernel memory)" \
	"and /proc/kcore (a confidentiality risk: it reads kernel memory):"
run ldprobe dev_mem kcore

say "Raise the level to integrity at run time, through securityfs:"
try_write /sys/kernel/security/lockdown integrity
run cat /sys/kernel/security/lockdown
say "Now /dev/mem is refused with EPERM; /proc/kcore still opens, because" \
	"integrity only stops changes to the running kernel:"
run ldprobe dev_mem kcore
say "The kernel logs each refusal, naming the task:"
dmesg | grep 'Lockdown:' | tail -n 1 | sed 's/^/    /'

say "The level can only rise. Going back to none is refused:"
try_write /sys/kernel/security/lockdown none
run cat /sys/kernel/security/lockdown

say "Raise it to confidentiality: reading kernel memory is refused too."
try_write /sys/kernel/security/lockdown confidentiality
run ldprobe dev_mem kcore
