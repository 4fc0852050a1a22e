# cmdline: lockdown=confidentiality
# Static lockdown at confidentiality: integrity and confidentiality paths
# both refused.

expect_eq "lockdown level reads confidentiality" \
	"$(cat /sys/kernel/security/lockdown)" "none integrity [confidentiality]"
expect_probe "integrity path /dev/mem refused" dev_mem EPERM
expect_probe "integrity path ioperm refused" ioperm EPERM
# Boot already logged a burst of tracefs refusals; the notice is
# ratelimited (10 per 5 s), so let the window pass before the one we check.
sleep 5
expect_probe "confidentiality path /proc/kcore refused" kcore EPERM
expect_dmesg "notice names /proc/kcore" \
	"Lockdown: ldprobe: /proc/kcore access is restricted"
expect_eq "writing integrity cannot lower the level" \
	"$(write_file /sys/kernel/security/lockdown integrity)" EPERM
expect_eq "level stays confidentiality" \
	"$(cat /sys/kernel/security/lockdown)" "none integrity [confidentiality]"
