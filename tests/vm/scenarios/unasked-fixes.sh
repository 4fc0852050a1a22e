# cmdline: lockdown=integrity
# timeout: 120
# The kernel series' fixes of what lockdown leaves unasked (the first
# patches of kernel/series, and lockdown_policy's kexec patch), each
# attacked as root with ldattack where it gets through on a kernel without
# the fix (Debian 12's, for the BPF ones), with the least in force that
# shows it: the static integrity level, then blobs that deny one reason
# more at a time. The attack suite (attack) checks them again with every
# reason denied.

. /lib/attack.sh

expect_eq "lockdown level reads integrity" "$(cat /sys/kernel/security/lockdown)" \
	"none [integrity] confidentiality"

# bpf: Check fmod_ret and LSM return values as the caller reads them.
# On Debian 12's kernel this opens /dev/port under lockdown=integrity.
attack_expect "bpf-fmod-ret: refused, fmod_ret returning 1 << 32 on security_locked_down(), by the verifier" \
	refused bpf-fmod-ret "At program exit"
expect_probe "and /dev/port stays shut" dev_port EPERM

# kexec: the keyring trusts the build's signed image; nothing loaded at
# run time yet, so a kexec sheds nothing and asks nothing
attack_expect "kexec-file-unsigned: refused, an unsigned image asks LOCKDOWN_KEXEC, which the level denies" \
	refused kexec-file-unsigned
attack_expect "kexec-file-signed: shown, our kernel signed with the build's key is taken: no policy to shed" \
	shown kexec-file-signed

# the reads integrity leaves to confidentiality, allowed here
attack_expect "eprobe-read: shown, LOCKDOWN_TRACEFS and LOCKDOWN_KPROBES allowed" \
	shown eprobe-read
attack_expect "pfkey-dump: shown, LOCKDOWN_XFRM_SECRET allowed" shown pfkey-dump
attack_expect "tfo-key: shown, LOCKDOWN_XFRM_SECRET allowed" shown tfo-key
attack_expect "tfo-oracle: shown, LOCKDOWN_XFRM_SECRET allowed" shown tfo-oracle
attack_expect "perf-tracepoint: shown, LOCKDOWN_TRACEFS allowed" shown perf-tracepoint
attack_expect "bpf-tp-record: shown, LOCKDOWN_TRACEFS allowed" shown bpf-tp-record
attack_expect "nlmon-xfrm: shown, LOCKDOWN_XFRM_SECRET allowed: the request and the kernel's answer" \
	shown nlmon-xfrm "XFRM_MSG_NEWSA and of the kernel's XFRM_MSG_GETSA answer"
attack_expect "bpf-printf: shown, LOCKDOWN_BPF_READ_KERNEL allowed" \
	shown bpf-printf
attack_expect "bpf-btf-read: shown, LOCKDOWN_BPF_READ_KERNEL allowed" \
	shown bpf-btf-read
grep -q ' /sys/fs/bpf bpf ' /proc/mounts || mount -t bpf bpf /sys/fs/bpf
attack bpf-kptr keep
expect_eq "bpf-kptr: shown, a task's kptr in a map read with plain loads, kept" "$A_GOT" shown
attack_expect "bpf-arg-trusted: shown, LOCKDOWN_BPF_READ_KERNEL allowed" shown bpf-arg-trusted
attack_expect "bpf-sys-bpf: shown, LOCKDOWN_BPF_READ_KERNEL allowed" \
	shown bpf-sys-bpf
attack_expect "bpf-skb-output: shown, LOCKDOWN_BPF_READ_KERNEL allowed" \
	shown bpf-skb-output
attack_expect "bpf-dynptr-skb: shown, LOCKDOWN_BPF_READ_KERNEL allowed" \
	shown bpf-dynptr-skb
attack_expect "bpf-uninit-stack: shown, LOCKDOWN_BPF_READ_KERNEL allowed" \
	shown bpf-uninit-stack
attack bpf-uninit-stack helper
expect_eq "bpf-uninit-stack helper: shown, what bpf_dynptr_read() leaves unwritten" \
	"$A_GOT" shown
# root without CAP_PERFMON and CAP_SYS_ADMIN: the verifier's unprivileged
# rules for its own reads, and CAP_BPF enough for bpf_dynptr_read()
attack_cap_bpf bpf-uninit-stack helper
expect_eq "bpf-uninit-stack helper, CAP_BPF alone: shown" "$A_GOT" shown
# a byte at a time beside a 1-byte register spill (a red team's)
attack bpf-uninit-stack spill
expect_eq "bpf-uninit-stack spill: shown" "$A_GOT" shown
attack_cap_bpf bpf-uninit-stack spill
expect_eq "bpf-uninit-stack spill, CAP_BPF alone: shown" "$A_GOT" shown
# beside the same spills, through an atomic add of 0 (a second red team's)
attack bpf-uninit-stack atomic
expect_eq "bpf-uninit-stack atomic: shown" "$A_GOT" shown
attack_cap_bpf bpf-uninit-stack atomic
expect_eq "bpf-uninit-stack atomic, CAP_BPF alone: shown" "$A_GOT" shown
# the slots of bpf_fastcall spills handed to a helper (a third red
# team's): the fix keeps the spills whatever lockdown says
attack bpf-uninit-stack fastcall
case "$A_GOT: $A_OUT" in
"refused: "*"the bpf_fastcall spills stayed"*)
	ok "bpf-uninit-stack fastcall: the helper reads what was spilled" ;;
*) not_ok "bpf-uninit-stack fastcall: the helper reads what was spilled" "$A_OUT" ;;
esac
attack_cap_bpf bpf-uninit-stack fastcall
case "$A_GOT: $A_OUT" in
"refused: "*"the bpf_fastcall spills stayed"*)
	ok "bpf-uninit-stack fastcall, CAP_BPF and CAP_NET_ADMIN alone: the same" ;;
*) not_ok "bpf-uninit-stack fastcall, CAP_BPF and CAP_NET_ADMIN alone: the same" "$A_OUT" ;;
esac
# the same slots read by a subprogram through a pointer (a fourth)
attack bpf-uninit-stack callee
case "$A_GOT: $A_OUT" in
"refused: "*"subprogram read "*"the bpf_fastcall spills stayed"*)
	ok "bpf-uninit-stack callee: the subprogram reads what was spilled" ;;
*) not_ok "bpf-uninit-stack callee: the subprogram reads what was spilled" "$A_OUT" ;;
esac
attack_cap_bpf bpf-uninit-stack callee
case "$A_GOT: $A_OUT" in
"refused: "*"subprogram read "*"the bpf_fastcall spills stayed"*)
	ok "bpf-uninit-stack callee, CAP_BPF and CAP_NET_ADMIN alone: the same" ;;
*) not_ok "bpf-uninit-stack callee, CAP_BPF and CAP_NET_ADMIN alone: the same" "$A_OUT" ;;
esac
# bpf: Keep a dynptr slice of a stack buffer within the stack it is:
# whatever lockdown says (a memory-safety fix, no reason asked)
attack_expect "bpf-dynptr-slice: refused, the slice ends as a pointer is spilled over its buffer" \
	refused bpf-dynptr-slice "R8 invalid mem access"
attack bpf-dynptr-slice twice
case "$A_GOT: $A_OUT" in
"refused: "*"R8 invalid mem access"*)
	ok "bpf-dynptr-slice twice: refused, a slice of that slice ends with it" ;;
*) not_ok "bpf-dynptr-slice twice: refused, a slice of that slice ends with it" "$A_OUT" ;;
esac
# bpf: End a global subprogram's dynptr slices as packet data changes
attack bpf-dynptr-slice shrink
case "$A_GOT: $A_OUT" in
"refused: "*"invalid mem access 'scalar'"*)
	ok "bpf-dynptr-slice shrink: refused, a slice of a dynptr argument ends as the packet shrinks" ;;
*) not_ok "bpf-dynptr-slice shrink: refused, a slice of a dynptr argument ends as the packet shrinks" \
	"$A_OUT" ;;
esac
attack bpf-dynptr-slice frame
case "$A_GOT: $A_OUT" in
"refused: "*"cannot return a dynptr slice of the stack"*)
	ok "bpf-dynptr-slice frame: refused, a slice of its own stack is not returned" ;;
*) not_ok "bpf-dynptr-slice frame: refused, a slice of its own stack is not returned" "$A_OUT" ;;
esac
# bpf: Refuse a packet change under a global subprogram's memory arguments
attack_expect "bpf-global-mem-arg: refused, a global subprogram handed memory does not change packet data" \
	refused bpf-global-mem-arg "changes packet data under memory this subprogram was handed"
attack_cap_bpf bpf-global-mem-arg
case "$A_GOT: $A_OUT" in
"refused: "*"changes packet data under memory this subprogram was handed"*)
	ok "bpf-global-mem-arg, CAP_BPF and CAP_NET_ADMIN alone: the same" ;;
*) not_ok "bpf-global-mem-arg, CAP_BPF and CAP_NET_ADMIN alone: the same" "$A_OUT" ;;
esac
# and the caller's own packet pointer across such a subprogram (6.13's fix)
attack bpf-global-mem-arg caller
case "$A_GOT: $A_OUT" in
"refused: "*"invalid mem access"*)
	ok "bpf-global-mem-arg caller: refused, the caller's packet pointers end with the call" ;;
*) not_ok "bpf-global-mem-arg caller: refused, the caller's packet pointers end with the call" \
	"$A_OUT" ;;
esac
attack bpf-global-mem-arg tail
case "$A_GOT: $A_OUT" in
"refused: "*"invalid mem access"*)
	ok "bpf-global-mem-arg tail: refused, and with a subprogram's tail call (6.14's fix)" ;;
*) not_ok "bpf-global-mem-arg tail: refused, and with a subprogram's tail call (6.14's fix)" \
	"$A_OUT" ;;
esac
attack bpf-global-mem-arg loop
case "$A_GOT: $A_OUT" in
"refused: "*"invalid mem access"*)
	ok "bpf-global-mem-arg loop: refused, and in a bpf_loop() callback's second call (6.7's fix)" ;;
*) not_ok "bpf-global-mem-arg loop: refused, and in a bpf_loop() callback's second call (6.7's fix)" \
	"$A_OUT" ;;
esac
attack_expect "bpf-callback-once: refused, an offset a bpf_loop() callback moves (6.7's fix)" \
	refused bpf-callback-once "invalid access to map value"
attack_expect "bpf-dynptr-varoff: refused, a dynptr at a variable stack offset (6.2's fix)" \
	refused bpf-dynptr-varoff "dynptr"
attack_expect "bpf-scalar-ids: refused, the pruned path's length unbounded (6.5's fix)" \
	refused bpf-scalar-ids "R4 "
# bpf: Match an extension's struct arguments by size and tags too
attack_expect "bpf-freplace-arg: refused, an extension takes its target's struct at the target's size" \
	refused bpf-freplace-arg "points to 16 bytes of struct fr_buf"
attack_expect "bpf-perf-regs: shown, LOCKDOWN_PERF allowed" shown bpf-perf-regs
attack_expect "bpf-kprobe-multi: shown, LOCKDOWN_KPROBES allowed" shown bpf-kprobe-multi
attack_expect "bpf-fentry-args: shown, LOCKDOWN_KPROBES allowed" shown bpf-fentry-args
attack bpf-perf-regs bp
expect_eq "bpf-perf-regs bp: shown, the registers at a hardware breakpoint in the kernel" \
	"$A_GOT" shown

# bpf: Ask LOCKDOWN_BPF_READ_KERNEL of every way a program reads kernel memory
# First, before LOCKDOWN_KPROBES: bpf-skb-output's program is an fentry
# one, which that asks of too.
expect_eq "load a blob denying LOCKDOWN_BPF_READ_KERNEL" \
	"$(load_blob LOCKDOWN_BPF_READ_KERNEL)" ok
attack_expect "bpf-printf: refused" refused bpf-printf
attack_expect "bpf-btf-read: refused" refused bpf-btf-read
attack bpf-kptr kept
expect_eq "bpf-kptr kept: refused, a new program on the map holding the task's kptr" \
	"$A_GOT" refused
attack_expect "bpf-kptr: refused" refused bpf-kptr
attack_expect "bpf-arg-trusted: refused, a load through a BTF pointer trusted or not" \
	refused bpf-arg-trusted
attack_expect "bpf-sys-bpf: refused" refused bpf-sys-bpf
attack_expect "bpf-skb-output: refused" refused bpf-skb-output
attack_expect "bpf-dynptr-skb: refused" refused bpf-dynptr-skb
# bpf: Ask LOCKDOWN_BPF_READ_KERNEL of reads of uninitialized stack
attack_expect "bpf-uninit-stack: refused by the verifier" refused bpf-uninit-stack \
	"using uninitialized stack reads kernel memory"
attack bpf-uninit-stack helper
case "$A_GOT: $A_OUT" in
"refused: "*"may leave part of unwritten stack"*)
	ok "bpf-uninit-stack helper: refused, unwritten stack handed to a helper that may not fill it" ;;
*) not_ok "bpf-uninit-stack helper: refused, unwritten stack handed to a helper that may not fill it" \
	"$A_OUT" ;;
esac
attack_cap_bpf bpf-uninit-stack helper
case "$A_GOT: $A_OUT" in
"refused: "*"may leave part of unwritten stack"*)
	ok "bpf-uninit-stack helper, CAP_BPF alone: refused too" ;;
*) not_ok "bpf-uninit-stack helper, CAP_BPF alone: refused too" "$A_OUT" ;;
esac
attack bpf-uninit-stack spill
case "$A_GOT: $A_OUT" in
"refused: "*"using uninitialized stack reads kernel memory"*)
	ok "bpf-uninit-stack spill: refused, the bytes beside a partial spill unwritten stack" ;;
*) not_ok "bpf-uninit-stack spill: refused, the bytes beside a partial spill unwritten stack" \
	"$A_OUT" ;;
esac
attack_cap_bpf bpf-uninit-stack spill
case "$A_GOT: $A_OUT" in
"refused: "*"unwritten stack beside a spilled register reads kernel memory"*)
	ok "bpf-uninit-stack spill, CAP_BPF alone: refused too" ;;
*) not_ok "bpf-uninit-stack spill, CAP_BPF alone: refused too" "$A_OUT" ;;
esac
attack bpf-uninit-stack atomic
case "$A_GOT: $A_OUT" in
"refused: "*"using uninitialized stack reads kernel memory"*)
	ok "bpf-uninit-stack atomic: refused, an atomic's read beside a partial spill" ;;
*) not_ok "bpf-uninit-stack atomic: refused, an atomic's read beside a partial spill" \
	"$A_OUT" ;;
esac
attack_cap_bpf bpf-uninit-stack atomic
case "$A_GOT: $A_OUT" in
"refused: "*"unwritten stack beside a spilled register reads kernel memory"*)
	ok "bpf-uninit-stack atomic, CAP_BPF alone: refused too" ;;
*) not_ok "bpf-uninit-stack atomic, CAP_BPF alone: refused too" "$A_OUT" ;;
esac
expect_dmesg "asked as bpf_probe_read_kernel() is: lockdown's notice" \
	"Lockdown: ldattack: use of bpf to read kernel RAM is restricted"

attack_expect "bpf-fentry-args: still shown, the argument not loaded through" \
	shown bpf-fentry-args
attack_expect "bpf-kprobe-multi: still shown, the registers not loaded through" \
	shown bpf-kprobe-multi

# tracing/eprobes: Ask LOCKDOWN_KPROBES of fetch args that read memory
expect_eq "load a blob denying LOCKDOWN_KPROBES too" \
	"$(load_blob LOCKDOWN_BPF_READ_KERNEL LOCKDOWN_KPROBES)" ok
attack_expect "eprobe-read: refused once LOCKDOWN_KPROBES is denied, LOCKDOWN_TRACEFS allowed" \
	refused eprobe-read
# bpf: Ask LOCKDOWN_KPROBES of kprobe_multi links
attack_expect "bpf-kprobe-multi: refused as the link is made" refused bpf-kprobe-multi \
	"BPF_TRACE_KPROBE_MULTI, __x64_sys_getppid): EPERM"
# bpf: Ask LOCKDOWN_KPROBES of tracing programs on kernel functions
attack_expect "bpf-fentry-args: refused as the program is attached" refused bpf-fentry-args \
	"BPF_TRACE_FENTRY, __x64_sys_getgroups): EPERM"
out=$(ldpolicy explain LOCKDOWN_TRACEFS 2>&1)
case "$out" in
*eprobe*) not_ok "ldpolicy: LOCKDOWN_TRACEFS gives no eprobe read on this kernel" "$out" ;;
*) ok "ldpolicy: LOCKDOWN_TRACEFS gives no eprobe read on this kernel" ;;
esac

# lockdown_policy: refuse the kexec that would shed the policy in force
attack_expect "kexec-file-signed: refused, the policy in force denies what the image does not" \
	refused kexec-file-signed

# af_key: Redact SA keys under LOCKDOWN_XFRM_SECRET, as xfrm_user does
expect_eq "load a blob denying LOCKDOWN_XFRM_SECRET too" \
	"$(load_blob LOCKDOWN_BPF_READ_KERNEL LOCKDOWN_KPROBES LOCKDOWN_XFRM_SECRET)" ok
attack_expect "pfkey-dump: refused, the key redacted" refused pfkey-dump
# tcp: Redact the Fast Open keys under LOCKDOWN_XFRM_SECRET
attack_expect "tfo-key: refused, the key reads as zeros" refused tfo-key "reads all zeros"
attack_expect "tfo-oracle: refused, what a write at an offset keeps is zeros" refused tfo-oracle \
	"is not the kernel's key"

# netlink: Keep NETLINK_XFRM from taps under LOCKDOWN_XFRM_SECRET. The
# device is made and sees NETLINK_ROUTE; of NETLINK_XFRM, nothing.
attack_expect "nlmon-xfrm: refused, no NETLINK_XFRM message on the tap" \
	refused nlmon-xfrm "and no NETLINK_XFRM one"

# perf: Ask LOCKDOWN_PERF before a BPF program reads kernel samples
expect_eq "load a blob denying LOCKDOWN_PERF too" \
	"$(load_blob LOCKDOWN_BPF_READ_KERNEL LOCKDOWN_KPROBES LOCKDOWN_XFRM_SECRET LOCKDOWN_PERF)" ok
attack_expect "bpf-perf-regs: refused as the program is attached to a cpu-clock event" \
	refused bpf-perf-regs "PERF_EVENT_IOC_SET_BPF: EPERM"
attack bpf-perf-regs bp
expect_eq "bpf-perf-regs bp: refused on a hardware breakpoint too" "$A_GOT: ${A_OUT#*refused (}" \
	"refused: PERF_EVENT_IOC_SET_BPF: EPERM)"
attack bpf-perf-regs user
expect_eq "bpf-perf-regs user: an event that excludes the kernel still takes the program" \
	"$A_GOT" shown

# tracing: Ask LOCKDOWN_TRACEFS of raw trace records through perf
attack_expect "perf-tracepoint: still shown, LOCKDOWN_TRACEFS allowed" shown perf-tracepoint
attack perf-tracepoint uprobe
expect_eq "perf-tracepoint uprobe: still shown, a uprobe event's raw records" "$A_GOT" shown
attack_expect "bpf-tp-record: still shown, the record its context, no kernel read" \
	shown bpf-tp-record
expect_eq "load a blob denying LOCKDOWN_TRACEFS too" \
	"$(load_blob LOCKDOWN_BPF_READ_KERNEL LOCKDOWN_KPROBES LOCKDOWN_XFRM_SECRET LOCKDOWN_PERF \
		LOCKDOWN_TRACEFS)" ok
attack_expect "perf-tracepoint: refused as the raw event is opened" refused perf-tracepoint \
	"PERF_SAMPLE_RAW): EPERM"
attack perf-tracepoint uprobe
expect_eq "perf-tracepoint uprobe: refused too, before perf's exception for a task's own" \
	"$A_GOT: ${A_OUT#*refused (}" "refused: perf_event_open(a uprobe, PERF_SAMPLE_RAW): EPERM)"
attack_expect "bpf-tp-record: refused as the program is attached" refused bpf-tp-record \
	"PERF_EVENT_IOC_SET_BPF: EPERM"
