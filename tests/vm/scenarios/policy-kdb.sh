# cmdline: kgdboc=ttyS3 audit=1 lockdown_policy=dbg_write_kernel lockdown_policy_warn=dbg_read_kernel,dev_mem
# timeout: 90
# Questions asked from the debugger: kdb asks LOCKDOWN_DBG_WRITE_KERNEL
# and LOCKDOWN_DBG_READ_KERNEL each time it is entered, from exc_int3()
# after irqentry_nmi_enter() on x86 (sysrq-g), with every other CPU
# stopped wherever it was. Nothing that allocates, takes the audit queue
# lock, wakes kauditd or takes the learning record's lock may run there:
# the questions are answered and counted, and neither audited nor
# recorded. (powerpc's xmon asks LOCKDOWN_XMON_* from its system-reset
# NMI the same way.)

ctr() { # REASON COLUMN: a counters figure (3: policy's denials, 5: warnings)
	awk -v id="$1" -v c="$2" '$1 == id { print $c }' $LP/counters
}
w0=$(ctr LOCKDOWN_DBG_WRITE_KERNEL 3)
r0=$(ctr LOCKDOWN_DBG_READ_KERNEL 5)

# kdb_read: sysrq-g enters kdb, which asks both reasons, then md4c1
ldaudit ldprobe kdb_read > /tmp/a 2>&1
expect_eq "md from kdb: let through (reads warned)" \
	"$(sed -n 's/^kdb_read: //p' /tmp/a)" "allowed"
expect_eq "the denied question from kdb is counted" \
	"$(ctr LOCKDOWN_DBG_WRITE_KERNEL 3)" $((w0 + 1))
expect_eq "the warned question from kdb is counted" \
	"$(ctr LOCKDOWN_DBG_READ_KERNEL 5)" $((r0 + 1))
expect_eq "no audit record from the debugger" \
	"$(grep -c 'reason=LOCKDOWN_DBG_' /tmp/a)" 0
expect_eq "nothing in the learning record from the debugger" \
	"$(grep -c '^LOCKDOWN_DBG_READ_KERNEL ' $LP/warnings)" 0

# outside the debugger, questions are audited and recorded as before
ldaudit ldprobe dev_mem > /tmp/b 2>&1
expect_eq "a warned question outside the debugger is audited" \
	"$(grep -c 'action=warned reason=LOCKDOWN_DEV_MEM' /tmp/b)" 1
check "and recorded" grep -q '^LOCKDOWN_DEV_MEM 1 task ldprobe$' $LP/warnings
