# kernel: debug
# smp: 2
# timeout: 240
# cmdline: audit=1 ima_policy=critical_data
# Loads from two CPUs at once, each moving the policy up by one reason
# (ldstress -T): every policy a load puts in force is audited and
# measured by IMA in the order the loads applied, so that the audit trail
# never shows the policy moving down and a verifier of the measurement
# list sees every state that was in force. Audit records are read as a
# daemon reads them (ldaudit), IMA's from its measurement list.

M=/sys/kernel/security/ima/ascii_runtime_measurements
ldaudit ldstress -t 8 -w 0 -r 0 -o 0 -T 3 > /tmp/run 2>&1
rc=$?
run_tap ldstress grep -v '^type=' /tmp/run
expect_eq "ldstress and ldaudit exit 0" "$rc" 0

# "DENIED WARNED" of each load taken, in the order of its audit record
sed -n 's/^type=1403 .* op=load denied=\([^ ]*\) added=[^ ]* warned=\([^ ]*\) .* res=1$/\1 \2/p' \
	/tmp/run > /tmp/loads
# the same of each lockdown_policy-state measurement, in list order (the
# buffer is the state file: "ID class state by" lines, in hex)
awk '$5 == "lockdown_policy-state" { print $6 }' $M | awk '
	function hex(c) { return index("0123456789abcdef", c) - 1 }
	{
		s = ""
		for (i = 1; i < length($0); i += 2)
			s = s sprintf("%c", hex(substr($0, i, 1)) * 16 + hex(substr($0, i + 1, 1)))
		n = split(s, line, "\n")
		d = w = ""
		for (i = 1; i <= n; i++) {
			split(line[i], f, " ")
			if (f[3] == "denied" && (f[4] == "policy" || f[4] == "both"))
				d = d (d == "" ? "" : ",") f[1]
			else if (f[3] == "warned")
				w = w (w == "" ? "" : ",") f[1]
		}
		print (d == "" ? "none" : d), (w == "" ? "none" : w)
	}' > /tmp/measured

loads=$(wc -l < /tmp/loads)
check "loads were taken and audited ($loads)" test "$loads" -gt 10

# $1: a file of "DENIED WARNED" lines: the first line that moves a reason
# down from the line before it (denied to less, or warned to allowed)
moves_down() {
	awk '
		function set(s, a,   n, i, x) { delete a; n = split(s, x, ","); for (i = 1; i <= n; i++) if (x[i] != "none") a[x[i]] = 1 }
		{
			set($1, d); set($1 "," $2, dw)
			if (NR > 1) {
				for (r in pd) if (!(r in d)) { print NR ": " $0 " after " prev; exit }
				for (r in pdw) if (!(r in dw)) { print NR ": " $0 " after " prev; exit }
			}
			delete pd; delete pdw
			for (r in d) pd[r] = 1
			for (r in dw) pdw[r] = 1
			prev = $0
		}' "$1"
}
expect_eq "the audit records, in order, never move a reason down" "$(moves_down /tmp/loads)" ""
expect_eq "nor do the measurements, in order" "$(moves_down /tmp/measured)" ""
expect_eq "every state a load put in force was measured" \
	"$(grep -vxFf /tmp/measured /tmp/loads | head -n 3)" ""
