# cmdline: lockdown_policy_warn=confidentiality
# timeout: 120
# The warnings file holds up to 8 tasks for each warned reason, each line
# as long as its escaped comm makes it: well past one page when learning
# mode is used broadly, which is when it is read. Eleven reasons, each
# asked by eight programs whose comms escape to twice their length: the
# file must read whole, every line there.

# eight comms per reason: 13 backslashes and a digit, 27 bytes escaped
bs=$(printf '\\%.0s' 1 2 3 4 5 6 7 8 9 10 11 12 13)
esc=$(printf '%s' "$bs" | sed 's/\\/\\\\/g')
probes="dev_mem kexec hibernation ioperm debugfs kcore perf_regs_intr tracefs
	bpf_read_kernel bpf_write_user kprobe_event"
bad=
for p in $probes; do
	for i in 1 2 3 4 5 6 7 8; do
		out=$(ldprobe -c "$bs$i" "$p" 2>&1)
		case "$out" in "$p: allowed"*) ;; *) bad="$bad [$out]" ;; esac
	done
done
expect_eq "88 warned questions, 8 programs for each of 11 probes, let through" "$bad" ""

cat $LP/warnings > /tmp/w 2>/tmp/w.err
expect_eq "the warnings file reads whole" "$?:$(cat /tmp/w.err)" "0:"
size=$(wc -c < /tmp/w)
check "it is longer than a page ($size bytes)" test "$size" -gt 4096
expect_eq "every line: reason, count, kind, comm" \
	"$(grep -cv '^LOCKDOWN_[A-Z_]* [1-9][0-9]* \(task\|kernel\) .' /tmp/w)" 0
# the reasons the probes go through (kprobe_event: KPROBES and TRACEFS);
# the comm runs from after " task " to the end of the line
for r in DEV_MEM KEXEC HIBERNATION IOPORT DEBUGFS KCORE PERF TRACEFS BPF_READ_KERNEL \
	BPF_WRITE_USER KPROBES; do
	n=$(R=LOCKDOWN_$r E=$esc awk '$1 == ENVIRON["R"] && $3 == "task" {
		c = substr($0, index($0, " task ") + 6)
		if (substr(c, 1, length(c) - 1) == ENVIRON["E"] && substr(c, length(c)) ~ /[1-8]/)
			n++
	} END { print n + 0 }' /tmp/w)
	expect_eq "LOCKDOWN_$r: the 8 programs, escaped" "$n" 8
done
