# kernel: debian12
# timeout: 120
# The kernel's own confidentiality level raised at run time, as
# /sys/kernel/security/lockdown lets root do, on Debian 12's unmodified
# kernel: tracing was set up at boot, tracefs is refused from now on,
# and perf still hands out trace events' records, raw or to a tracepoint
# program, as it does the Fast Open key: what the tracing and tcp fixes
# at the head of kernel/series close (unasked-fixes), and what the BPF
# backend closes on such kernels (bpf-unasked). From the command line,
# the level keeps tracing from being set up at all (unasked-stock).
. /lib/attack.sh

echo confidentiality > /sys/kernel/security/lockdown
expect_eq "lockdown level reads confidentiality" "$(cat /sys/kernel/security/lockdown)" \
	"none integrity [confidentiality]"
check "tracefs is refused (EPERM)" sh -c 'cat /sys/kernel/tracing/trace 2>&1 | grep -q "Operation not permitted"'
attack_expect "perf-tracepoint: shown, a trace event's raw records through perf, asking nothing" \
	shown perf-tracepoint
attack perf-tracepoint uprobe
expect_eq "perf-tracepoint uprobe: shown, a uprobe event's raw records, this task's" "$A_GOT" shown
attack_expect "bpf-tp-record: shown, a tracepoint program reads a trace event's records, asking nothing" \
	shown bpf-tp-record
attack_expect "tfo-key: shown, net.ipv4.tcp_fastopen_key reads the kernel's random key, asking nothing" \
	shown tfo-key
attack_expect "tfo-oracle: shown, the key recovered through writes at an offset, never read" \
	shown tfo-oracle
