# Learning mode, on either backend (sourced by the policy-warn and
# bpf-warn scenarios after ldtest.sh; WARN_BACKEND is lsm or bpf). Every
# reason is warned: allowed, counted, recorded. An observability agent
# drives perf and kprobes as such agents do, under its own comm, and is
# let through. The lattice allow < warn < deny only goes up. Then
# ldpolicy suggest writes the policy from what was used, ldpolicy check
# passes it, it loads, the probes the agent used still work, and every
# other probe is refused.

AGENT=/tmp/obsagent
cp /bin/ldprobe $AGENT

# The reasons the probes of ldprobe --list go through: "REASON" and "NEEDS".
ldprobe --list > /tmp/probes

# A probe run as the agent: its outcome, as probe() gives ldprobe's.
agent_probe() {
	r=$($AGENT "$1" 2>&1)
	r=${r#"$1: "}
	case "$r" in allowed | EPERM | "unavailable "*) echo "$r" ;; *) echo "error: $r" ;; esac
}

# The reasons ldpolicy status shows in STATE ($1), space-separated, sorted.
in_state() {
	ldpolicy status | awk -v s="$1" '$1 ~ /^LOCKDOWN_/ && $3 == s { print $1 }' | sort | tr '\n' ' '
}

ALL=$(ldpolicy reasons | awk '$1 ~ /^[0-9]/ { print $2 }' | sort | tr '\n' ' ')
N=$(echo $ALL | wc -w)

printf 'warn confidentiality\n' > /tmp/learn.ldp
if [ "$WARN_BACKEND" = bpf ]; then
	out=$(ldpolicy load /tmp/learn.ldp 2>&1)
	expect_eq "a policy that warns about every reason loads" "$?" 0
	case "$out" in *"warn mode: $N reasons allowed and logged"*) ok "load says what is warned" ;;
	*) not_ok "load says what is warned" "$out" ;; esac
else
	expect_dmesg "warn mode from the command line, noticed" \
		"lockdown_policy: $N reasons in warn mode after the command line"
	expect_eq "the policy file shows every reason warned, by the policy" \
		"$(awk '$3 != "warned" || $4 != "policy"' $LP/policy)" ""
fi
expect_eq "every reason is warned" "$(in_state warned)" "$ALL"
case "$(ldpolicy status)" in
*"warn mode: $N reasons allowed, every use logged"*) ok "status says warn mode" ;;
*) not_ok "status says warn mode" "$(ldpolicy status | head -n 3)" ;;
esac
ldpolicy query -q kcore
expect_eq "query a warned reason: exit 0 (allowed)" "$?" 0
expect_eq "query says it is warned" "$(ldpolicy query kcore)" \
	"LOCKDOWN_KCORE: allowed (warned: the policy logs every use)"
case "$(ldpolicy query --json kcore)" in *'"state":"warned","by":"policy"'*) ok "query --json: warned" ;;
*) not_ok "query --json: warned" "$(ldpolicy query --json kcore)" ;; esac

# The agent at work: perf with kernel registers, a kprobe through tracefs.
expect_eq "the agent's perf_event_open(PERF_SAMPLE_REGS_INTR) is let through" \
	"$(agent_probe perf_regs_intr)" allowed
expect_eq "the agent's kprobe (kprobe_events in tracefs) is let through" \
	"$(agent_probe kprobe_event)" allowed
expect_eq "the agent's kprobe, again" "$(agent_probe kprobe_event)" allowed
ldpolicy status --json > /tmp/status.json
for r in LOCKDOWN_PERF LOCKDOWN_KPROBES LOCKDOWN_TRACEFS; do
	case "$(cat /tmp/status.json)" in
	*"\"id\":\"$r\","*'"state":"warned","by":"policy","denials":0,"warnings":'[1-9]*',"asked_by":[{"comm":"obsagent","count":'[1-9]*)
		ok "$r: counted as a warning, not a denial, and the agent named" ;;
	*) not_ok "$r: counted as a warning, not a denial, and the agent named" \
		"$(tr '{' '\n' < /tmp/status.json | grep -A1 "\"$r\"")" ;;
	esac
done
case "$(ldpolicy status)" in
*"who used the warned reasons"*"LOCKDOWN_PERF"*"obsagent ("*) ok "status names who used the warned reasons" ;;
*) not_ok "status names who used the warned reasons" "$(ldpolicy status | tail -n 30)" ;;
esac
if [ "$WARN_BACKEND" = lsm ]; then
	expect_dmesg "a notice for the warned question, in words that 'is restricted' does not match" \
		"Lockdown: obsagent: unsafe use of perf would be restricted; allowed in warn mode (LOCKDOWN_PERF, lockdown_policy, pid [0-9]*)$"
	check "the warnings file names the agent, a program" \
		grep -q '^LOCKDOWN_PERF [1-9][0-9]* task obsagent$' $LP/warnings
	check "and the kernel's own question at boot (can it resume?), as the kernel's" \
		grep -q '^LOCKDOWN_HIBERNATION 1 kernel swapper' $LP/warnings
	expect_eq "the counters file's fifth column counts warnings, the others no denial" \
		"$(awk '$1 == "LOCKDOWN_PERF" { print ($2 == 0 && $5 > 0) }' $LP/counters)" 1
	expect_eq "the warnings file is root's only" "$(stat -c %a $LP/warnings)" 400
fi

# The lattice: warn to deny is a tightening; deny to warn and warn to
# allow are refused, by ldpolicy and, forced past it, by the kernel side.
before=$(ldpolicy status | awk '$1 ~ /^LOCKDOWN_/ { print $1, $3 }')
printf 'intent feature-disable "the lattice, tested"\ndeny dev_mem\n' > /tmp/devmem.ldp
check "warn to deny: /dev/mem denied, the rest kept warned (--merge)" \
	ldpolicy load -q --merge /tmp/devmem.ldp
expect_eq "/dev/mem is refused now" "$(probe dev_mem)" EPERM
expect_eq "the rest is still warned" "$(in_state warned | wc -w)" $((N - 1))
state=$(ldpolicy status | awk '$1 ~ /^LOCKDOWN_/ { print $1, $3 }')
out=$(ldpolicy load /tmp/learn.ldp 2>&1)
case "$?:$out" in 1:*"moves 1 reason down (LOCKDOWN_DEV_MEM (denied to warned))"*) ok "deny to warn: refused by ldpolicy" ;;
*) not_ok "deny to warn: refused by ldpolicy" "$out" ;; esac
out=$(ldpolicy load --force /tmp/learn.ldp 2>&1)
case "$?:$out" in 1:*"the kernel refused the policy: EPERM"*) ok "deny to warn, forced: refused by the kernel side (EPERM)" ;;
*) not_ok "deny to warn, forced: refused by the kernel side (EPERM)" "$out" ;; esac
out=$(ldpolicy load /tmp/devmem.ldp 2>&1)
case "$?:$out" in 1:*"(warned to allowed)"*) ok "warn to allow: refused by ldpolicy" ;;
*) not_ok "warn to allow: refused by ldpolicy" "$out" ;; esac
out=$(ldpolicy load --force /tmp/devmem.ldp 2>&1)
case "$?:$out" in 1:*"the kernel refused the policy: EPERM"*) ok "warn to allow, forced: refused by the kernel side (EPERM)" ;;
*) not_ok "warn to allow, forced: refused by the kernel side (EPERM)" "$out" ;; esac
expect_eq "the refused loads changed nothing" \
	"$(ldpolicy status | awk '$1 ~ /^LOCKDOWN_/ { print $1, $3 }')" "$state"

# What the agent used, as ldpolicy suggest writes it.
out=$(ldpolicy suggest --base confidentiality -o /tmp/host.ldp 2>&1)
expect_eq "suggest --base confidentiality: exit 0" "$?" 0
case "$out" in *"suggested: $((N - 3)) reasons denied, 3 allowed for what used them"*) ok "suggest says what it denied" ;;
*) not_ok "suggest says what it denied" "$out" ;; esac
for r in LOCKDOWN_PERF LOCKDOWN_KPROBES LOCKDOWN_TRACEFS; do
	check "$r: allowed, with a comment naming the agent" \
		grep -A1 -q "^# $r: used while warned, [0-9]* times\?, by obsagent ([0-9]*)" /tmp/host.ldp
done
check "the suggestion allows what the agent used" grep -q '^allow LOCKDOWN_KPROBES$' /tmp/host.ldp
if [ "$WARN_BACKEND" = lsm ]; then
	check "what only the kernel asked at boot is denied, and said so" \
		grep -q "^#   LOCKDOWN_HIBERNATION: swapper (1, the kernel's)$" /tmp/host.ldp
fi
check "the suggestion acknowledges the bypasses it accepts, saying why" \
	grep -q '^acknowledge LOCKDOWN_KPROBES "the workload used LOCKDOWN_KPROBES while it was warned' \
	/tmp/host.ldp
check "ldpolicy check passes it" ldpolicy check -q /tmp/host.ldp
ldpolicy suggest --json > /tmp/suggest.json 2>/dev/null
case "$(cat /tmp/suggest.json)" in
*'"schema":"ldpolicy.suggest/1"'*'"id":"LOCKDOWN_PERF",'*'"verdict":"allowed","why":"used"'*'"comm":"obsagent"'*)
	ok "suggest --json: the same content as data" ;;
*) not_ok "suggest --json: the same content as data" "$(head -c 400 /tmp/suggest.json)" ;;
esac
# Recorded, and replayed with no kernel: status --json on this kernel,
# suggest --from the record writes what suggest writes here. A question
# between the record and the live suggestion would change the counts:
# retry while the state moves under it.
replayed=
for try in 1 2 3; do
	ldpolicy status --json > /tmp/observed.json
	ldpolicy suggest --base confidentiality > /tmp/live.ldp 2>/dev/null
	ldpolicy status --json > /tmp/observed-after.json
	cmp -s /tmp/observed.json /tmp/observed-after.json || continue
	replayed=$(ldpolicy suggest --from /tmp/observed.json --base confidentiality 2>&1 >/tmp/replayed.ldp)
	replayed="rc=$? $replayed"
	break
done
case "$replayed" in
"") skip "suggest --from a record of this kernel" "the state moved between every record and suggestion" ;;
"rc=0 "*)
	ok "suggest --from a record of this kernel: exit 0"
	check "it writes what suggest wrote on the kernel, byte for byte" cmp -s /tmp/live.ldp /tmp/replayed.ldp
	check "it names the kernel it was recorded on" \
		grep -qx "# kernel: $(uname -r) $(uname -m)" /tmp/replayed.ldp ;;
*) not_ok "suggest --from a record of this kernel: exit 0" "$replayed" ;;
esac
head -c 2000 /tmp/observed.json > /tmp/cut.json
out=$(ldpolicy suggest --from /tmp/cut.json 2>&1)
case "$?:$out" in 1:*"/tmp/cut.json:1:"*"is the file cut short?"*) ok "a record cut short is refused, and where" ;;
*) not_ok "a record cut short is refused, and where" "$out" ;; esac

ALLOWED=$(awk '/^allow / { print $2 }' /tmp/host.ldp | sort | tr '\n' ' ')
expect_eq "what it allows is what the agent used" "$ALLOWED" \
	"LOCKDOWN_KPROBES LOCKDOWN_PERF LOCKDOWN_TRACEFS "
check "it loads (merged with what is in force, which keeps those three warned)" \
	ldpolicy load -q --merge /tmp/host.ldp
expect_eq "the used reasons are still allowed (warned), the rest denied" \
	"$(in_state warned)" "LOCKDOWN_KPROBES LOCKDOWN_PERF LOCKDOWN_TRACEFS "

# The agent still works; every other path is refused.
expect_eq "the agent's perf still works" "$(agent_probe perf_regs_intr)" allowed
expect_eq "the agent's kprobe still works" "$(agent_probe kprobe_event)" allowed
while read -r p r needs; do
	case " $ALLOWED " in *" $r "*) continue ;; esac
	name="$r via $p: refused after the suggestion"
	# kdb's probes need the host at the other end of the serial line
	case "$p" in kdb_*) skip "$name" "needs the kdb driver (the kdb scenarios)"; continue ;; esac
	got=$(probe "$p")
	case "$got" in
	EPERM | "error: denied"*) ok "$name" ;;
	"unavailable "*) skip "$name" "$got" ;;
	*) not_ok "$name" "got '$got'" ;;
	esac
done < /tmp/probes
