# Kernel paths that ask no lockdown reason (sourced by the bpf-unasked
# scenarios): each shown open, then closed by the BPF backend once its
# policy denies the reason whose protection it defeats.
#   bpf(2) reads kernel memory through bpf_snprintf("%s"),
#   bpf_trace_printk("%s"), bpf_trace_vprintk("%s"), bpf_snprintf_btf(),
#   BTF pointer loads and iterators, plain loads from a task or arguments
#   the verifier trusts (from 6.2: a task's kptr in a map too) or from
#   per-CPU variables, without
#   asking LOCKDOWN_BPF_READ_KERNEL;
#   a perf_event program reads the registers of kernel samples, keys
#   among them, without asking LOCKDOWN_PERF, and a kprobe_multi program
#   those at a kernel function, and an fentry program its arguments,
#   without asking LOCKDOWN_KPROBES;
#   PF_KEY hands out IPsec keys without asking LOCKDOWN_XFRM_SECRET, and
#   an nlmon device copies those an IKE daemon installs, and
#   net.ipv4.tcp_fastopen_key the kernel's random Fast Open key;
#   perf_event_open(2) hands out trace events' raw records, and a
#   tracepoint program attached to one gets them, without asking
#   LOCKDOWN_TRACEFS;
#   kexec_file_load(2) of a signed kernel asks LOCKDOWN_KEXEC of nothing,
#   and sheds every policy of the BPF backend.

readers="rogue_snprintf rogue_trace_printk rogue_trace_vprintk rogue_snprintf_btf rogue_btf_load rogue_iter
	rogue_task_btf rogue_sk_snprintf rogue_skb_output"
# a file that is not a kernel: refused at the read (EPERM) or at the parse
kexec_image=/bin/ldpolicy

grep -q ' /sys/fs/bpf bpf ' /proc/mounts || mount -t bpf bpf /sys/fs/bpf

out=$(ldbpfdoor read-kernel rogue_snprintf 2>&1)
case "$out" in
*"load rogue_snprintf: ok"*"read linux_banner: Linux version"*)
	ok "nothing loaded: bpf_snprintf(\"%s\") reads linux_banner" ;;
*) not_ok "nothing loaded: bpf_snprintf(\"%s\") reads linux_banner" "$out" ;;
esac
door_says "nothing loaded: a PF_KEY socket opens" "PF_KEY" ok -- pfkey
out=$(ldbpfdoor kexec-file $kexec_image 2>&1)
case "$out" in "kexec_file_load: ENOEXEC"*) ok "nothing loaded: kexec_file_load reads the image" ;;
*) not_ok "nothing loaded: kexec_file_load reads the image" "$out" ;; esac

# load integrity (BPF_READ_KERNEL, XFRM_SECRET allowed; KEXEC denied),
# with a kexec image loaded before it
. /lib/attack.sh
. /lib/kexec-preload.sh
# dynptr slices (6.4 on): one of a stack buffer is a pointer into the
# stack the kernel's verifier does not see as one; the backend refuses
# programs that call them, whatever the policy
case "$(uname -r)" in
[0-5].* | 6.[0-3].*) slice=unavailable slice_why="no bpf_dynptr_slice_rdwr() in this kernel (6.4 on))" ;;
*) slice=refused slice_why="BPF_PROG_LOAD: EPERM)" ;;
esac
if [ "$slice" = refused ]; then
	attack bpf-dynptr-slice
	expect_eq "nothing loaded: a writable dynptr slice rewrites a spilled pointer, a store to init_uts_ns" \
		"$A_GOT" shown
	attack bpf-dynptr-slice twice
	expect_eq "nothing loaded: and through a slice of that slice" "$A_GOT" shown
	attack bpf-dynptr-slice shrink
	expect_eq "nothing loaded: a global subprogram's slice of a frag, read once the frag is freed" \
		"$A_GOT" shown
	attack bpf-dynptr-slice frame
	expect_eq "nothing loaded: a slice a subprogram returned reads its frame, gone" "$A_GOT" shown
fi
# a global subprogram's pointer argument filled with packet data, written
# after the subprogram grew the head, which freed it: no stock kernel
# refuses it; the backend refuses such programs, whatever the policy
attack_expect "nothing loaded: a global subprogram writes the packet head it freed through its argument" \
	shown bpf-global-mem-arg "went to the old head"
# and its caller's own packet pointers kept across it: 6.1 lets them be
# (6.13's fix, which 6.12 stable took, ends them)
case "$(uname -r)" in
6.1.*) gm_caller=shown ;;
*) gm_caller=refused ;;
esac
attack bpf-global-mem-arg caller
expect_eq "nothing loaded: the caller's packet pointer across a global subprogram growing the head: $gm_caller" \
	"$A_GOT" "$gm_caller"
# an extension (freplace) taking its target's struct for a bigger one
attack_expect "nothing loaded: an extension writes past the struct its target is handed" \
	shown bpf-freplace-arg "wrote the word past it"
# and across a static subprogram's tail call into a program growing it (6.14's fix)
attack bpf-global-mem-arg tail
expect_eq "nothing loaded: the caller's packet pointer across a subprogram's tail call: $gm_caller" \
	"$A_GOT" "$gm_caller"
# and a bpf_loop() callback's second call, which 6.1 never checks (6.7's fix)
attack bpf-global-mem-arg loop
expect_eq "nothing loaded: a packet pointer in a bpf_loop() callback's second call: $gm_caller" \
	"$A_GOT" "$gm_caller"
# and, no packet involved, a store past a map value at an offset a
# bpf_loop() callback moved more than 6.1's one check of it saw
attack bpf-callback-once
expect_eq "nothing loaded: a store past a map value, at an offset a bpf_loop() callback moved: $gm_caller" \
	"$A_GOT" "$gm_caller"
# and a dynptr 6.1's verifier places by its constant offset alone (6.2's fix)
attack bpf-dynptr-varoff
expect_eq "nothing loaded: a dynptr of the program's own making, written through: $gm_caller" \
	"$A_GOT" "$gm_caller"
# and a length bounded on the path the verifier checked, not on the one it
# pruned: 6.1 does not check that scalars linked on one are on the other
# (6.5's fix); no program's instructions show it, so the backend cannot
# refuse it there (open under every policy below, as the model says)
attack bpf-scalar-ids
expect_eq "nothing loaded: a copy past a map value, its length bounded on a pruned path only: $gm_caller" \
	"$A_GOT" "$gm_caller"
kexec_preload /blobs/integrity.blob
out=$(ldbpfdoor read-kernel rogue_snprintf 2>&1)
case "$out" in
*"load rogue_snprintf: ok"*"read linux_banner: Linux version"*)
	ok "integrity: bpf_snprintf reads kernel memory, as BPF_READ_KERNEL is allowed" ;;
*) not_ok "integrity: bpf_snprintf reads kernel memory, as BPF_READ_KERNEL is allowed" "$out" ;;
esac
out=$(ldbpfdoor read-kernel rogue_task_btf 2>&1)
case "$out" in
*"load rogue_task_btf: ok"*"read its task's pid: "[1-9]*)
	ok "integrity: a load from bpf_get_current_task_btf()'s task reads kernel memory" ;;
*) not_ok "integrity: a load from bpf_get_current_task_btf()'s task reads kernel memory" "$out" ;;
esac
out=$(ldbpfdoor read-kernel rogue_pcpu 2>&1)
case "$out" in
*"load rogue_pcpu: ok"*"read per-CPU cpu_number: "[0-9]*)
	ok "integrity: a plain load from a per-CPU variable reads kernel memory" ;;
*"no per-CPU variables in the kernel's BTF"*)
	skip "integrity: a plain load from a per-CPU variable reads kernel memory" \
		"this kernel's BTF has no per-CPU variables" ;;
*) not_ok "integrity: a plain load from a per-CPU variable reads kernel memory" "$out" ;;
esac
if trusted_args; then
	door_says "integrity: rogue_kern_ctx (the kernel's sk_buff, through an inlined kfunc) loads" \
		"^load rogue_kern_ctx" ok -- read-kernel rogue_kern_ctx
fi
door_says "integrity: bpf_trace_printk(\"%s\") loads, as BPF_READ_KERNEL is allowed" \
	"^load rogue_trace_printk" ok -- read-kernel rogue_trace_printk
door_says "integrity: a PF_KEY socket opens (XFRM_SECRET allowed)" "PF_KEY" ok -- pfkey
attack_expect "integrity: an nlmon device copies another process's SA key (XFRM_SECRET allowed)" \
	shown nlmon-xfrm "its XFRM_MSG_NEWSA"
attack_expect "integrity: a perf_event program reads the registers of kernel samples (PERF allowed)" \
	shown bpf-perf-regs
attack bpf-perf-regs bp
expect_eq "integrity: and those at a hardware breakpoint in the kernel" "$A_GOT" shown
attack bpf-dynptr-slice
expect_eq "integrity: a writable dynptr slice of a stack buffer: $slice, whatever the policy" \
	"$A_GOT: ${A_OUT#*(}" "$slice: $slice_why"
attack bpf-dynptr-slice frame
expect_eq "integrity: and a read-only one: $slice" "$A_GOT" "$slice"
attack bpf-global-mem-arg
expect_eq "integrity: a tc program with a global subprogram: refused, whatever the policy" \
	"$A_GOT: $A_OUT" "refused: bpf-global-mem-arg: refused (BPF_PROG_LOAD: EPERM)"
attack bpf-global-mem-arg tail
expect_eq "integrity: and one with a subprogram and a tail call: refused" "$A_GOT" refused
attack bpf-global-mem-arg loop
expect_eq "integrity: and one with a bpf_loop() callback: refused" "$A_GOT" refused
attack bpf-callback-once
expect_eq "integrity: a socket filter whose bpf_loop() callback moves a map value's offset: refused" \
	"$A_GOT" refused
attack bpf-dynptr-varoff
expect_eq "integrity: a dynptr at a stack offset with a variable part: refused" "$A_GOT" refused
attack bpf-scalar-ids
expect_eq "integrity: a length bounded on a pruned path only: $gm_caller (open on 6.1)" \
	"$A_GOT" "$gm_caller"
attack bpf-freplace-arg
expect_eq "integrity: an extension program: refused, whatever the policy" \
	"$A_GOT: $A_OUT" "refused: bpf-freplace-arg: refused (BPF_PROG_LOAD: EPERM)"
attack_expect "integrity: a kprobe_multi program reads the registers at a kernel function (KPROBES allowed)" \
	shown bpf-kprobe-multi
attack_expect "integrity: an fentry program sees a kernel function's argument (KPROBES allowed)" \
	shown bpf-fentry-args
attack_expect "integrity: a kprobe program on a kprobe perf event reads its registers (KPROBES allowed)" \
	shown bpf-kprobe-regs
attack_expect "integrity: net.ipv4.tcp_fastopen_key reads the kernel's key (XFRM_SECRET allowed)" \
	shown tfo-key
attack_expect "integrity: the key recovered through writes at an offset and its cookies" \
	shown tfo-oracle
attack_expect "integrity: sock_diag's TCP dump returns a listener's TCP-MD5 key (XFRM_SECRET allowed)" \
	shown tcp-md5-diag
for m in attr compat dccp-attr; do
	attack tcp-md5-diag $m
	expect_eq "integrity: and a dump asked for with $m" "$A_GOT" shown
done
attack_expect "integrity: SEG6_CMD_DUMPHMAC returns an SRv6 HMAC secret (XFRM_SECRET allowed)" \
	shown seg6-hmac
attack seg6-hmac batch
expect_eq "integrity: and one asked for after another request, in one datagram" "$A_GOT" shown
attack_expect "integrity: a trace event's raw records through perf (TRACEFS allowed)" \
	shown perf-tracepoint
attack perf-tracepoint uprobe
expect_eq "integrity: and a uprobe event's, this task's" "$A_GOT" shown
attack_expect "integrity: a tracepoint program reads a trace event's records (TRACEFS allowed)" \
	shown bpf-tp-record
# a BTF pointer handed to a global subprogram's argument tagged trusted
# (6.8 on): trusted there, loaded from with plain loads
case "$(uname -r)" in
6.1.*) argt=unavailable ;;
*) argt=shown ;;
esac
attack bpf-arg-trusted
expect_eq "integrity: tcp_prot read through global subprograms' trusted arguments: $argt" \
	"$A_GOT" "$argt"
# a task's kptr stored in a map while kfuncs are allowed (6.2 on), kept:
# a program loaded later reads the task with plain loads
case "$(uname -r)" in
6.1.*) kptr=unavailable ;;
*) kptr=shown ;;
esac
attack bpf-kptr keep
expect_eq "integrity: PID 1's task stored in a map as a kptr, read through it, kept: $kptr" \
	"$A_GOT" "$kptr"
# one made before the confidentiality load, kept: the load warns of it
attack nlmon-xfrm keep
expect_eq "integrity: an nlmon device made, up, and kept" "$A_GOT" shown
door_says "integrity: kexec_file_load refused before it reads the image (KEXEC denied)" \
	"kexec" EPERM -- kexec-file $kexec_image

# A reader loaded while BPF_READ_KERNEL is allowed, kept: not revoked by
# the confidentiality load, and ldpolicy still reads everything there is.
door_says "integrity: a program that follows BTF pointers, loaded and pinned" \
	"^load rogue_btf_load" ok -- load rogue_btf_load /sys/fs/bpf/pre-reader
door_says "integrity: a syscall program loads" "^load rogue_nop" ok -- load rogue_nop
out=$(ldpolicy load /blobs/confidentiality.blob 2>&1)
expect_eq "load confidentiality (every reason denied)" "$?" 0
case "$out" in
*"nlmon device ldnlmon0, made before the load, stays"*)
	ok "the load warns of the nlmon device made before it" ;;
*) not_ok "the load warns of the nlmon device made before it" "$out" ;;
esac
for p in $readers; do
	door_says "confidentiality: $p (reads kernel memory, asks nothing): not loadable" \
		"^load $p" EPERM -- read-kernel $p
done
out=$(ldbpfdoor read-kernel rogue_pcpu 2>&1)
case "$out" in
*"load rogue_pcpu: EPERM"*) ok "confidentiality: rogue_pcpu (a plain load from a per-CPU variable): not loadable" ;;
*"no per-CPU variables in the kernel's BTF"*)
	skip "confidentiality: rogue_pcpu (a plain load from a per-CPU variable): not loadable" \
		"this kernel's BTF has no per-CPU variables: no program can name one" ;;
*) not_ok "confidentiality: rogue_pcpu (a plain load from a per-CPU variable): not loadable" "$out" ;;
esac
# a new program on the map that holds the task's kptr since integrity (a
# red team's read of PID 1's stack canary): refused, and so is a new store
[ "$kptr" = unavailable ] || kptr=refused
attack bpf-kptr kept
expect_eq "confidentiality: a new program on a map holding a task's kptr from before: $kptr" \
	"$A_GOT" "$kptr"
attack bpf-kptr
expect_eq "confidentiality: a task's kptr stored and read anew: $kptr" "$A_GOT" "$kptr"
[ "$argt" = unavailable ] || argt=refused
attack bpf-arg-trusted
expect_eq "confidentiality: a program with a global subprogram (its arguments may be trusted): $argt" \
	"$A_GOT" "$argt"
# any syscall program: bpf_sys_bpf() copies from a kernel address it is
# given as a map value (the seventh red team's read)
door_says "confidentiality: a syscall program (bpf_sys_bpf reads kernel memory): not loadable" \
	"^load rogue_nop" EPERM -- load rogue_nop
if trusted_args; then
	door_says "confidentiality: rogue_kern_ctx (the kernel's sk_buff, through an inlined kfunc): not loadable" \
		"^load rogue_kern_ctx" EPERM -- read-kernel rogue_kern_ctx
fi
# bpf_skb_output() is bpf_perf_event_output() of a networking program's
# own packet to the kernel: that one reads nothing it could not, and loads
door_says "confidentiality: a socket filter's bpf_perf_event_output() of its own packet: loads" \
	"^load rogue_sk_output" ok -- read-kernel rogue_sk_output
door_says "confidentiality: a PF_KEY socket: refused" "PF_KEY" EPERM -- pfkey
attack_expect "confidentiality: an nlmon device: refused" refused nlmon-xfrm EPERM
attack_expect "confidentiality: a perf_event program on kernel samples: refused" refused \
	bpf-perf-regs EPERM
attack bpf-perf-regs bp
expect_eq "confidentiality: a perf_event program on a hardware breakpoint: refused" "$A_GOT" refused
attack_expect "confidentiality: a kprobe_multi program: refused" refused bpf-kprobe-multi EPERM
attack_expect "confidentiality: an fentry program on a kernel function: refused" refused \
	bpf-fentry-args "BPF_PROG_LOAD: EPERM"
attack_expect "confidentiality: a kprobe perf event: refused" refused bpf-kprobe-regs EPERM
attack_expect "confidentiality: net.ipv4.tcp_fastopen_key: refused" refused tfo-key EPERM
attack_expect "confidentiality: the key through writes at an offset and its cookies: refused" \
	refused tfo-oracle "a write of the key at an offset: EPERM"
attack_expect "confidentiality: sock_diag's TCP dump: refused" refused tcp-md5-diag \
	"a sock_diag dump of TCP: EPERM"
attack tcp-md5-diag attr
expect_eq "confidentiality: a dump naming TCP in INET_DIAG_REQ_PROTOCOL: refused" "$A_GOT: $A_OUT" \
	"refused: tcp-md5-diag: refused (a sock_diag dump naming TCP in INET_DIAG_REQ_PROTOCOL: EPERM)"
attack tcp-md5-diag compat
expect_eq "confidentiality: a TCPDIAG_GETSOCK dump: refused" "$A_GOT: $A_OUT" \
	"refused: tcp-md5-diag: refused (a TCPDIAG_GETSOCK dump: EPERM)"
attack tcp-md5-diag dccp-attr
expect_eq "confidentiality: a DCCPDIAG_GETSOCK dump naming TCP in INET_DIAG_REQ_PROTOCOL: refused" \
	"$A_GOT: $A_OUT" \
	"refused: tcp-md5-diag: refused (a DCCPDIAG_GETSOCK dump naming TCP in INET_DIAG_REQ_PROTOCOL: EPERM)"
attack_expect "confidentiality: SEG6_CMD_DUMPHMAC: refused" refused seg6-hmac \
	"SEG6_CMD_DUMPHMAC: EPERM"
attack seg6-hmac batch
expect_eq "confidentiality: a SEG6_CMD_DUMPHMAC after another request, in one datagram: refused" \
	"$A_GOT: $A_OUT" "refused: seg6-hmac: refused (SEG6_CMD_DUMPHMAC: EPERM)"
attack_expect "confidentiality: a trace event's raw records through perf: refused" refused \
	perf-tracepoint EPERM
attack perf-tracepoint uprobe
expect_eq "confidentiality: a uprobe event's raw records, this task's: refused" \
	"$A_GOT: ${A_OUT#*refused (}" "refused: perf_event_open(a uprobe, PERF_SAMPLE_RAW): EPERM)"
attack_expect "confidentiality: a tracepoint program on a trace event: refused" refused \
	bpf-tp-record "BPF_PROG_LOAD: EPERM"
# a privileged program's unwritten stack: no hook sees which loads read it
attack_expect "confidentiality: a socket filter reading stack it never wrote: open, as the model says" \
	shown bpf-uninit-stack
# (on 6.1 the backend refuses every dynptr helper: bpf-dynptr-varoff)
case "$(uname -r)" in
6.1.*) dr=refused ;;
*) dr=shown ;;
esac
attack bpf-uninit-stack helper
expect_eq "confidentiality: and what bpf_dynptr_read() leaves unwritten: $dr" "$A_GOT" "$dr"
attack bpf-uninit-stack spill
expect_eq "confidentiality: and the bytes beside a partial register spill: open" "$A_GOT" shown
attack bpf-uninit-stack atomic
expect_eq "confidentiality: and those an atomic takes in beside one: open" "$A_GOT" shown
# bpf_fastcall (6.12 on): a verifier that does not count a helper's, or
# a subprogram's, read of a pattern's slots takes its spills out, and
# they read what the kernel left there; before 6.12 the spills stay
case "$(uname -r)" in
[0-5].* | 6.[0-9].* | 6.1[01].*) fc=refused ;;
*) fc=shown ;;
esac
attack bpf-uninit-stack fastcall
expect_eq "confidentiality: the slots of bpf_fastcall spills handed to a helper: $fc" \
	"$A_GOT" "$fc"
attack bpf-uninit-stack callee
expect_eq "confidentiality: the same slots read by a subprogram: $fc" "$A_GOT" "$fc"
attack bpf-dynptr-slice
expect_eq "confidentiality: a writable dynptr slice of a stack buffer: $slice" "$A_GOT" "$slice"
attack bpf-global-mem-arg
expect_eq "confidentiality: a tc program with a global subprogram: refused" "$A_GOT" refused
attack bpf-global-mem-arg caller
expect_eq "confidentiality: and one keeping its packet pointer across it: refused" "$A_GOT" refused
attack bpf-global-mem-arg tail
expect_eq "confidentiality: and across a subprogram's tail call: refused" "$A_GOT" refused
attack bpf-global-mem-arg loop
expect_eq "confidentiality: and in a bpf_loop() callback: refused" "$A_GOT" refused
attack bpf-callback-once
expect_eq "confidentiality: a store past a map value after a bpf_loop() callback: refused" \
	"$A_GOT" refused
attack bpf-dynptr-varoff
expect_eq "confidentiality: a dynptr at a stack offset with a variable part: refused" \
	"$A_GOT" refused
attack bpf-scalar-ids
expect_eq "confidentiality: a length bounded on a pruned path only: $gm_caller (open on 6.1)" \
	"$A_GOT" "$gm_caller"
attack bpf-freplace-arg
expect_eq "confidentiality: an extension program: refused" "$A_GOT" refused
attack nlmon-xfrm tricky
expect_eq "confidentiality: an nlmon device behind an RTM_GETLINK, with a decoy kind: refused" \
	"$A_GOT: ${A_OUT#*(}" "refused: RTM_NEWLINK of an nlmon device, the tricky way: EPERM)"
# From 6.2 the verifier trusts an LSM hook's arguments, and a load from
# one is plain: which LSM programs read kernel memory cannot be told.
if trusted_args; then
	door_says "confidentiality: lsm/file_open, on a kernel that trusts its arguments: refused" \
		"^load rogue_file_open" EPERM -- load rogue_file_open
else
	door_says "confidentiality: lsm/file_open without BTF pointers (systemd's kind) still loads" \
		"^\(load\|attach\) rogue_file_open" ok -- load rogue_file_open
fi
out=$(ldpolicy status 2>&1)
expect_eq "status still vouches for it" "$?:$(printf '%s\n' "$out" | head -n1)" \
	"0:bpf: 28 of 28 reasons denied, not sealed (loads may tighten it)"
# What the backend cannot close here, status says; what it closes, not.
case "$out" in
*"open here, asking no reason"*"  ptrace "*"defeats "*LOCKDOWN_BPF_WRITE_USER*)
	ok "status names the paths still open, with what they defeat (ptrace)" ;;
*) not_ok "status names the paths still open, with what they defeat (ptrace)" "$out" ;;
esac
case "$out" in
*"open here, asking no reason"*"  bpf-uninit-stack "*"defeats "*LOCKDOWN_XFRM_SECRET*)
	ok "status names bpf-uninit-stack open, with what it defeats" ;;
*) not_ok "status names bpf-uninit-stack open, with what it defeats" "$out" ;;
esac
if printf '%s\n' "$out" |
	grep -q '^  bpf-printf \|^  pfkey \|^  bpf-perf-regs \|^  bpf-fentry \|^  tcp-fastopen-key \|^  perf-tracepoint \|^  tcp-md5-diag \|^  seg6-hmac \|^  bpf-dynptr-slice \|^  bpf-global-mem-arg \|^  bpf-freplace-arg \|^  bpf-callback-once \|^  bpf-dynptr-varoff '; then
	not_ok "status does not name the paths the backend closes (bpf-printf, pfkey, bpf-perf-regs, bpf-fentry, tcp-fastopen-key, perf-tracepoint, tcp-md5-diag, seg6-hmac, bpf-dynptr-slice, bpf-global-mem-arg, bpf-freplace-arg, bpf-callback-once, bpf-dynptr-varoff)" "$out"
else
	ok "status does not name the paths the backend closes (bpf-printf, pfkey, bpf-perf-regs, bpf-fentry, tcp-fastopen-key, perf-tracepoint, tcp-md5-diag, seg6-hmac, bpf-dynptr-slice, bpf-global-mem-arg, bpf-freplace-arg, bpf-callback-once, bpf-dynptr-varoff)"
fi
door_says "the reader loaded before is not revoked: it opens by its pin and attaches" \
	"^attach the program pinned" ok -- attach-pinned /sys/fs/bpf/pre-reader 0
rm -f /sys/fs/bpf/pre-reader
