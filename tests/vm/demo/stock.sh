# Demo, boot 4: Debian 13's own kernel, unmodified, and the BPF backend.
say "This is Debian 13's own kernel, as its package ships it. It has no" \
	"lockdown_policy, but the BPF LSM is active:"
run uname -r
run cat /sys/kernel/security/lsm
echo "  # ldpolicy status | head -n 2"
ldpolicy status | head -n 2 | awk '{ print "    " $0 }'
say "ldpolicy chooses its BPF backend by itself. The first load sets it up: a" \
	"BPF LSM program on the locked_down hook, pinned in /sys/fs/bpf/ldpolicy," \
	"where it outlives ldpolicy until reboot. observability.ldp denies" \
	"confidentiality but tracing, perf and BPF reads:"
run ldpolicy load /policies/observability.ldp
say "Opening /proc/kcore, kernel memory as a core file: refused."
run head -c 1 /proc/kcore
run ldpolicy query kcore
run ldpolicy query perf
say "The BPF backend counts each denial and keeps a notice of it:"
ldpolicy status | awk 'NR == 1 || /^LOCKDOWN_KCORE/ || /^recent/ || /denied by the BPF/ { print "    " $0 }'
say "Root cannot take it away by other doors: the pins cannot be removed, the" \
	"bpffs cannot be unmounted, and the policy only ever tightens:"
run rm /sys/fs/bpf/ldpolicy/link-ldp_locked_down
run umount /sys/fs/bpf
run ldpolicy load --force /policies/coco-devmem.ldp
