# cmdline: audit=1 lockdown_policy=hibernation
# timeout: 120
# A question anyone can ask must not flood the audit trail. Every read of
# /sys/power/state or /sys/power/disk asks hibernation_available(), and
# both files are world-readable: with LOCKDOWN_HIBERNATION denied, each
# read by any user is a denial. Unthrottled, each would be an AVC, and an
# audit backlog overflowing under audit's failure action 2 panics. AVCs
# and notices are rate-limited per reason (10 in 5 seconds, printk's
# default); the counters count every denial.

n=1000
before=$(lp_counter LOCKDOWN_HIBERNATION)
t0=$(date +%s)
# as nobody, as any user could; read is the shell's own: no fork per read
ldaudit ldas -u 65534 -- sh -c \
	"i=0; while [ \$i -lt $n ]; do read -r l < /sys/power/state; i=\$((i + 1)); done" \
	> /tmp/a 2>&1
expect_eq "the reads ran, as nobody" "$?" 0
t=$(( $(date +%s) - t0 ))
expect_eq "every read asked, and was counted as a denial" \
	"$(( $(lp_counter LOCKDOWN_HIBERNATION) - before ))" $n
# at most a burst of 10 per 5 seconds begun
most=$(( 10 * (t / 5 + 2) ))
avcs=$(grep -c 'action=denied reason=LOCKDOWN_HIBERNATION' /tmp/a)
check "a burst of AVCs, not one per read ($avcs for $n reads in ${t}s, at most $most)" \
	test "$avcs" -ge 1 -a "$avcs" -le "$most"
notices=$(dmesg | grep -c 'hibernation is restricted; see man kernel_lockdown.7 (LOCKDOWN_HIBERNATION')
check "a burst of notices too ($notices)" test "$notices" -le "$most"
expect_eq "the state file never lists disk" "$(grep -c disk /sys/power/state)" 0

# another reason keeps its own limit: its first denial is audited
expect_eq "deny kcore too" "$(load_blob LOCKDOWN_HIBERNATION LOCKDOWN_KCORE)" ok
ldaudit ldprobe kcore > /tmp/b 2>&1
expect_eq "a denial of another reason, just after: audited" \
	"$(grep -c 'action=denied reason=LOCKDOWN_KCORE' /tmp/b)" 1
