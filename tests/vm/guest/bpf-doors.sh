# Root against the BPF backend, door by door (sourced by the bpf-doors
# scenarios): each door root walked through before, then the real probe
# (the path is still refused) and what ldpolicy says, which must be true.
#
#   before the first load: 260 mounts of its bpffs ahead of /sys/fs/bpf,
#   fake pins, a program named as the backend's, programs loaded or
#   attached to run before its own, hidden ones, a tracer, a thief of its
#   fds and of its state map, the setup lock held, its netlink sockets
#   failed, the setup from another namespace, an fd to ftrace_enabled
#   kept, a fake of the kernel's BTF;
#   after: kernel.ftrace_enabled, programs that end a hook first (LSM
#   programs returning 1 << 32, fmod_ret on security_*()), bind mounts
#   however flagged, a remount, the bpffs moved away with fakes in its
#   place, a fake securityfs; then all of it again, sealed; last, an
#   unmount 40 mounts above the bpffs, one that propagates, and one of
#   another mount whose unmount propagates to the bpffs.
#   The second red team's doors around the first setup are in
#   bpf-doors-setup.sh.

still_denied() { # after DOOR
	expect_probe "/dev/mem still refused after $1" dev_mem EPERM
}

# ldpolicy's first line of status, and its exit code
status_is() { # DESC WANT_RC WANT_LINE
	out=$(ldpolicy status 2>&1)
	rc=$?
	line=$(printf '%s\n' "$out" | head -n1)
	if [ "$rc" = "$2" ] && [ "$line" = "$3" ]; then ok "$1"
	else not_ok "$1" "exit $rc, want $2" "$out"; fi
}

# A load that must fail, exit 3, saying PATTERN.
load_refused() { # DESC PATTERN
	out=$(ldpolicy load /blobs/integrity.blob 2>&1)
	rc=$?
	case "$rc:$out" in
	3:*"$2"*) ok "$1" ;;
	*) not_ok "$1" "exit $rc" "$out" ;;
	esac
}

none_loaded="bpf: no policy loaded (ldpolicy load sets the backend up in /sys/fs/bpf/ldpolicy)"
integrity="bpf: 20 of 28 reasons denied, not sealed (loads may tighten it)"

# --- before the first load ---------------------------------------------------

# where systemd mounts it, bound there from a bpffs with 260 mounts
# ahead of it (bpf-doors-setup.sh)
flood_begin

# Fakes where the backend keeps its pins: a read program that says
# everything is denied, a link of an LSM program that allows all; and an
# LSM program named as the backend's enforcement program, attached.
door_says "fake pins planted" "ldp_\|link" ok -- fake-pins
door_says "an LSM program named ldp_locked_down, attached to file_open" "" ok -- \
	fake-name bpf_lsm_file_open /sys/fs/bpf/fake-name
status_is "fake pins: status is not fooled (nothing loaded)" 0 "$none_loaded"
out=$(ldpolicy query dev_mem 2>&1)
expect_eq "fake pins: query says LOCKDOWN_DEV_MEM is allowed, as it is (exit 0)" "$?:$out" \
	"0:LOCKDOWN_DEV_MEM: allowed"
expect_probe "fake pins: /dev/mem is indeed allowed" dev_mem allowed

# An imitation attached where the backend's enforcement program would be:
# ldpolicy cannot read what it enforces, and says so.
door_says "an LSM program named ldp_locked_down, attached to locked_down" "" ok -- \
	fake-name bpf_lsm_locked_down /sys/fs/bpf/fake-enforce
out=$(ldpolicy status 2>&1)
case "$?:$out" in
3:*"named ldp_locked_down"*"its code is not this ldpolicy's"*)
	ok "an imitation of the enforcement program: status cannot tell, says why (exit 3)" ;;
*) not_ok "an imitation of the enforcement program: status cannot tell, says why (exit 3)" \
	"$out" ;;
esac
load_refused "and a load does not set up beside it (exit 3)" "its code is not this ldpolicy's"
rm /sys/fs/bpf/fake-enforce

# A program loaded before the backend, to attach after it: it would run first.
door_says "an lsm/locked_down program loaded and pinned, not attached" "" ok -- \
	load rogue_first_locked_down /sys/fs/bpf/pre-lsm
load_refused "a loaded lsm/locked_down program: the load refuses to set up (exit 3)" \
	"would run before the backend's own once attached"
status_is "and status says nothing is loaded" 0 "$none_loaded"
rm /sys/fs/bpf/pre-lsm

# An fmod_ret program on security_locked_down(), attached: it runs before
# every LSM, and could skip them (this one returns 0, and is still refused).
door_says "an fmod_ret program on security_locked_down() loaded" "" ok -- \
	load rogue_fmod_zero /sys/fs/bpf/pre-fmod
ldbpfdoor attach-pinned /sys/fs/bpf/pre-fmod 30 > /tmp/fmod 2>&1 &
fmod_pid=$!
for _ in $(seq 100); do
	[ -s /tmp/fmod ] && break
	sleep 0.1
done
expect_eq "and attached" "$(cat /tmp/fmod)" \
	"attach the program pinned before the backend was set up: ok"
load_refused "an attached fmod_ret program: the load refuses to set up (exit 3)" \
	"is attached as fmod_ret to security_locked_down()"
# With no backend, the static level would answer alone; this program can
# skip it, so status cannot say what is denied.
out=$(ldpolicy status 2>&1)
case "$?:$out" in
3:*"attached as fmod_ret to security_locked_down()"*"cannot be told"*)
	ok "an attached fmod_ret program, no backend: status cannot tell, says why (exit 3)" ;;
*) not_ok "an attached fmod_ret program, no backend: status cannot tell, says why (exit 3)" \
	"$out" ;;
esac
out=$(ldpolicy query dev_mem 2>&1)
expect_eq "and query cannot tell either (exit 3)" "$?" 3
kill $fmod_pid
wait $fmod_pid 2>/dev/null
# Its link could be hidden (an lsm/bpf program answering ENOENT for it):
# the program is what cannot be hidden, so where no link is seen, what
# the kernel denies cannot be told.
load_refused "a loaded fmod_ret program, no link seen: refused too (exit 3)" \
	"with no link the kernel shows"
out=$(ldpolicy status 2>&1)
case "$?:$out" in
3:*"no link the kernel shows"*) ok "and status cannot tell whether it is attached (exit 3)" ;;
*) not_ok "and status cannot tell whether it is attached (exit 3)" "$out" ;;
esac
rm /sys/fs/bpf/pre-fmod
status_is "and status says nothing is loaded" 0 "$none_loaded"

# The setup lock held by someone else: the load says so, and does not hang.
# (held for longer than the load waits, from when it is held: under TCG,
# arm64's above all, the holder may take seconds to start)
ldbpfdoor hold-lock 30 > /tmp/lock 2>&1 &
lock_pid=$!
for _ in $(seq 60); do
	grep -q '^lock ' /tmp/lock && break
	sleep 0.5
done
load_refused "the setup lock held: the load gives up after 10 s (exit 3)" \
	"has held its lock for 10 seconds"
kill $lock_pid 2>/dev/null
wait $lock_pid 2>/dev/null

# The setup blind to the kernel's SEG6 generic netlink family, whose id it
# keeps SRv6's secrets from (a red team's: a seccomp filter failing its
# netlink sockets with ENOENT): a failure to ask is not "no family".
out=$(ldbpfdoor genl-blind errno ldpolicy load /blobs/integrity.blob 2>&1)
case "$?:$out" in
3:*"not set up: cannot ask generic netlink for the SEG6 family's id: No such file"*)
	ok "a setup whose netlink sockets fail: not set up, says why (exit 3)" ;;
*) not_ok "a setup whose netlink sockets fail: not set up, says why (exit 3)" "$out" ;;
esac
status_is "and status says nothing is loaded" 0 "$none_loaded"

setup_doors

# A thief taking an fd to every state map that appears while the backend
# is set up: if it wins the race (an fd before the map guard is
# attached), the backend is not armed; if not, the backend never gave it
# its map.
ldbpfdoor steal-map 20 > /tmp/thief 2>&1 &
thief=$!
sleep 1
t0=$(date +%s)
out=$(ldpolicy load /blobs/integrity.blob 2>&1)
rc=$?
took=$(($(date +%s) - t0))
kill $thief 2>/dev/null
wait $thief 2>/dev/null
# the thief holds what it took until it is ended here: if it ended
# before, the race says nothing
held=$(sed -n 's/^ended: still held \([0-9]*\)$/\1/p' /tmp/thief)
stolen=$(sed -n 's/^took an fd to map \([0-9]*\) .*/\1/p' /tmp/thief | wc -l)
[ "$held" = "$stolen" ] || rc="thief:$rc"
echo "# the load took ${took} s; the thief: $(tr '\n' ';' < /tmp/thief)"
case "$rc:$out" in
3:*"not armed: something else holds a reference to its maps"*)
	ok "a thief took an fd to the state map during setup: not armed (exit 3)" ;;
0:*)
	real=$(ldbpfdoor map-fd 2>&1 | sed -n 's/^map id \([0-9]*\) read-write: EPERM$/\1/p')
	stolen=$(sed -n 's/^took an fd to map \([0-9]*\) .*/\1/p' /tmp/thief)
	won=
	for m in $stolen; do
		for r in $real; do [ "$m" = "$r" ] && won=$m; done
	done
	if [ -n "$won" ]; then
		not_ok "a thief took an fd to the state map during setup: not armed" \
			"the backend armed while the thief held its map $won (the load took ${took} s)" \
			"$(cat /tmp/thief)"
	else
		skip "a thief took an fd to the state map during setup: not armed" \
			"the thief did not win the race this time (held: ${stolen:-none})"
	fi ;;
*) not_ok "a thief took an fd to the state map during setup: not armed (exit 3)" \
	"exit $rc (thief: the thief did not hold what it took until the load ended)" \
	"$out" "$(cat /tmp/thief)" ;;
esac
# A red team's: the thief keeps no fd, only a copy of the backend's own
# ldp_guard_on (the same code, so the same tag), loaded on the state map
# it took before the map guard was on; run after the backend armed, the
# copy's stores land in the armed state. Counted by tag, the copy's
# reference passed for one of the backend's own, and it armed.
ldbpfdoor steal-copy 120 > /tmp/copier 2>&1 &
copier=$!
sleep 1
out=$(ldpolicy load /blobs/integrity.blob 2>&1)
rc=$?
kill $copier 2>/dev/null
wait $copier 2>/dev/null
grep -q '^ended: still holds the copy$' /tmp/copier || rc="copier:$rc"
case "$rc:$out" in
3:*"not armed: something else holds a reference to its maps"*)
	ok "a copy of its own code on its state map, loaded during setup: not armed (exit 3)" ;;
0:*) not_ok "a copy of its own code on its state map, loaded during setup: not armed (exit 3)" \
	"the backend armed while a copy of its ldp_guard_on held its state map" \
	"$(cat /tmp/copier)" ;;
*) not_ok "a copy of its own code on its state map, loaded during setup: not armed (exit 3)" \
	"exit $rc (copier: the copy was not held until the load ended)" "$out" \
	"$(cat /tmp/copier)" ;;
esac
status_is "and status says nothing is loaded" 0 "$none_loaded"
# An fd to ftrace_enabled, opened before the backend exists.
exec 7>/proc/sys/kernel/ftrace_enabled

# M: the kernel's BTF bound over with a copy where struct mount's mnt is 8
# bytes away: a loader relocating against it would build an unmount guard
# that never knows the mount it is asked about.
door_says "M: a fake of the kernel's BTF" "" ok -- fake-btf /tmp/fake.btf mount mnt 8
mount --bind /tmp/fake.btf /sys/kernel/btf/vmlinux
expect_eq "M: bound over /sys/kernel/btf/vmlinux before the first load" "$?" 0

load_hijacked
umount /sys/kernel/btf/vmlinux
status_is "status: the policy in force" 0 "$integrity"
expect_eq "the fake pins are gone, the backend's are there" \
	"$(pins)" "$BACKEND_PINS"
still_denied "the doors before the first load"
umount /sys/fs/bpf 2>/dev/null
expect_eq "M: set up with the fake BTF bound: umount /sys/fs/bpf refused" "$?" 1
flood_end

# --- after -----------------------------------------------------------------

doors_after() { # WHEN
	when=$1
	echo 0 >&7 2>/dev/null
	expect_eq "$when: ftrace_enabled = 0 through an fd opened before the load: refused" "$?" 1
	echo 0 > /proc/sys/kernel/ftrace_enabled 2>/dev/null
	expect_eq "$when: echo 0 > /proc/sys/kernel/ftrace_enabled: refused" "$?" 1
	sysctl -w kernel.ftrace_enabled=0 > /dev/null 2>&1
	expect_eq "$when: sysctl -w kernel.ftrace_enabled=0: refused" "$?" 1
	expect_eq "$when: ftrace_enabled is still 1" "$(cat /proc/sys/kernel/ftrace_enabled)" 1
	echo 1 > /proc/sys/kernel/ftrace_enabled 2>/dev/null
	expect_eq "$when: even a write of 1: refused (another program could rewrite it)" "$?" 1
	out=$(ldbpfdoor sysctl-rewrite 2>&1)
	case "$out" in
	*"write 1 to kernel.ftrace_enabled: EPERM"*"ftrace_enabled now 1"*)
		ok "$when: a sysctl program rewriting a write of 1 to 0 changes nothing" ;;
	*) not_ok "$when: a sysctl program rewriting a write of 1 to 0 changes nothing" "$out" ;;
	esac
	door_says "$when: an freplace to put in place of the sysctl guard: not loadable" \
		"^load an freplace" EPERM -- freplace-sysctl
	# the sixth red team's: an extension whose argument's struct is bigger
	# than its target's reads and writes kernel memory; none is loadable
	# (while BPF_READ_KERNEL is denied, neither is its target: a global
	# function, whose arguments may be trusted)
	out=$(ldbpfdoor freplace-retarget 2>&1)
	case "$out" in
	*"load an freplace against rogue_sub, of root's own: EPERM"* | \
	*"load rogue_target, a socket filter with a global function: EPERM"*)
		ok "$when: an freplace against a socket filter of root's own: not loadable" ;;
	*) not_ok "$when: an freplace against a socket filter of root's own: not loadable" "$out" ;;
	esac
	out=$(ldbpfdoor sysctl-retval 2>&1)
	if printf '%s\n' "$out" | grep -qx 'then write 0 to kernel.ftrace_enabled: EPERM' &&
		! printf '%s\n' "$out" | grep -q '^attach it.*: ok$'; then
		ok "$when: a sysctl program erasing the guard's verdict: not attached, 0 refused"
	else
		not_ok "$when: a sysctl program erasing the guard's verdict: not attached, 0 refused" \
			"$out"
	fi
	expect_eq "$when: ftrace_enabled is 1 after all of it" "$(cat /proc/sys/kernel/ftrace_enabled)" 1
	still_denied "$when: ftrace_enabled"

	for p in rogue_first_locked_down rogue_first_bpf rogue_first_bpf_map rogue_first_unlink \
		rogue_fmod rogue_cgroup rogue_allow rogue_fmod_zero; do
		door_says "$when: $p (runs before the backend's program): not loadable" \
			"^load $p" EPERM -- load "$p"
	done
	door_says "$when: lsm/locked_down returning 1 << 32: /dev/mem still refused" \
		"^open /dev/mem" EPERM -- probe-while rogue_first_locked_down /dev/mem
	door_says "$when: fmod_ret on security_locked_down: /dev/mem still refused" \
		"^open /dev/mem" EPERM -- probe-while rogue_fmod /dev/mem
	# fentry on a kernel function sees its arguments, as a kprobe does:
	# refused while the policy denies LOCKDOWN_KPROBES (sealed: all 28)
	if [ "$when" = sealed ]; then
		door_says "$when: rogue_fentry (a kernel function's arguments): refused" \
			"^load rogue_fentry" EPERM -- load rogue_fentry
	else
		door_says "$when: rogue_fentry (observability): loads and attaches" \
			"^\(load\|attach\) rogue_fentry" ok -- load rogue_fentry
	fi
	# an LSM program on another hook (systemd's kind), unless the policy
	# denies BPF_READ_KERNEL on a kernel that trusts its arguments
	if [ "$when" = sealed ] && trusted_args; then
		door_says "$when: rogue_file_open (its arguments trusted): refused" \
			"^load rogue_file_open" EPERM -- load rogue_file_open
	else
		door_says "$when: rogue_file_open (systemd's kind): loads and attaches" \
			"^\(load\|attach\) rogue_file_open" ok -- load rogue_file_open
	fi
	still_denied "$when: programs before the backend's"

	door_says "$when: bind mounts over the bpffs and the pins, however flagged: refused" \
		"over" EPERM -- bind-over
	door_says "$when: remounting the bpffs read-only: refused" "remount" EPERM -- remount-ro
	status_is "$when: status after the mount doors" 0 "$2"
	still_denied "$when: the mount doors"
}
doors_after "armed" "$integrity"

# The old mount API moves the bpffs away (its source is a string the
# guard cannot resolve); fakes in its place fool nothing: ldpolicy finds
# the backend by id, and a load tightens the real one.
mkdir -p /tmp/moved
mount --move /sys/fs/bpf /tmp/moved
expect_eq "the bpffs moved away with the old mount API" "$?" 0
mount -t bpf bpf /sys/fs/bpf
door_says "fake syscall pins on a fresh bpffs in its place" "ldpolicy/ldp_" ok -- fake-pins
door_says "(an LSM program of the fakes' is not loadable)" "^load rogue_allow" EPERM -- \
	load rogue_allow
status_is "moved, fakes in place: status still tells the truth" 0 "$integrity"
check "moved, fakes in place: a load tightens the real backend" \
	ldpolicy load /blobs/confidentiality.blob
expect_probe "and /proc/kcore is refused" kcore EPERM
out=$(ldpolicy query kcore 2>&1)
expect_eq "and query says so (exit 1)" "$?:$out" "1:LOCKDOWN_KCORE: denied (by both)"
umount /tmp/moved 2>/dev/null
expect_eq "the moved bpffs cannot be unmounted" "$?" 1
umount /sys/fs/bpf
mount --move /tmp/moved /sys/fs/bpf
expect_eq "moved back" "$?" 0
confidentiality="bpf: 28 of 28 reasons denied, not sealed (loads may tighten it)"
status_is "status after the move" 0 "$confidentiality"

# A fake securityfs: a tmpfs that says the static level is none and that
# the BPF LSM is not there. ldpolicy reads its own mount of the real one.
umount /sys/kernel/security
mount -t tmpfs none /sys/kernel/security
printf 'lockdown,capability,landlock\n' > /sys/kernel/security/lsm
printf '[none] integrity confidentiality\n' > /sys/kernel/security/lockdown
status_is "a fake securityfs: status is not fooled" 0 "$confidentiality"
out=$(ldpolicy query kcore 2>&1)
expect_eq "a fake securityfs: query is not fooled (exit 1)" "$?:$out" \
	"1:LOCKDOWN_KCORE: denied (by both)"
umount /sys/kernel/security
mount -t securityfs securityfs /sys/kernel/security

check "ldpolicy seal" ldpolicy seal
doors_after "sealed" "bpf: 28 of 28 reasons denied, sealed until reboot"
expect_probe "sealed: /proc/kcore still refused" kcore EPERM
exec 7>&-

# G: the bpffs moved (the old API admits it) under 40 nested mounts, and
# the top one lazily unmounted: the whole tree would go, the pins with it.
mkdir -p /tmp/deep && mount -t tmpfs t /tmp/deep
p=/tmp/deep
i=0
while [ $i -lt 40 ] && mkdir $p/d && mount -t tmpfs t $p/d; do
	p=$p/d
	i=$((i + 1))
done
mkdir $p/bpf && mount --move /sys/fs/bpf $p/bpf
expect_eq "G: the bpffs moved under 40 nested mounts" "$?:$i" 0:40
umount -l /tmp/deep 2>/dev/null
expect_eq "G: umount -l of the mount 40 levels above it: refused" "$?" 1
still_denied "G: the lazy unmount 40 levels up"
mount --move $p/bpf /sys/fs/bpf
expect_eq "G: moved back" "$?" 0
umount -l /tmp/deep
expect_eq "G: with the bpffs out of it, the same unmount is allowed" "$?" 0

# I: an unmount that propagates. /sys shared, the mount namespace copied
# (its /sys a peer of PID 1's: already shared, busybox's "shared" changes
# nothing), PID 1's /sys made a slave of the copy's; in the copy, the bpffs
# unmounted: the kernel would take PID 1's with it, and ask no LSM hook.
mount --make-shared /sys
expect_eq "I: /sys made shared" "$?" 0
rm -f /tmp/prop-ready /tmp/prop-go /tmp/prop-done
unshare -m --propagation shared sh -c '
	echo ready > /tmp/prop-ready
	while [ ! -f /tmp/prop-go ]; do sleep 0.1; done
	umount -l /sys/fs/bpf 2>/dev/null
	echo $? > /tmp/prop-done
	exec sleep 100000' &
holder=$!
i=0
while [ ! -f /tmp/prop-ready ] && [ $i -lt 200 ]; do sleep 0.1; i=$((i + 1)); done
mount --make-slave /sys
expect_eq "I: PID 1's /sys made a slave of the copy's" "$?" 0
touch /tmp/prop-go
i=0
while [ ! -f /tmp/prop-done ] && [ $i -lt 200 ]; do sleep 0.1; i=$((i + 1)); done
expect_eq "I: in the copy, umount -l of the bpffs that propagates to PID 1's: refused" \
	"$(cat /tmp/prop-done 2>/dev/null)" 1
kill $holder
wait $holder 2>/dev/null
expect_eq "I: PID 1's namespace still has the bpffs" "$(grep -c ' /sys/fs/bpf bpf ' /proc/1/mounts)" 1
still_denied "I: the propagated unmount"

# N: an unmount in another namespace of a tmpfs, not the bpffs, that
# propagates to the mount at the same place in PID 1's namespace: the
# bpffs moved there. A shared tmpfs P; a namespace whose copy of P is its
# peer mounts a tmpfs on P/d (it propagates back); P made a slave of the
# copy, the propagated tmpfs unmounted here, the bpffs moved onto P/d; then
# the namespace unmounts its tmpfs, which takes the mount at P/d here.
mkdir -p /tmp/p && mount -t tmpfs p /tmp/p && mkdir /tmp/p/d && mount --make-shared /tmp/p
expect_eq "N: a shared tmpfs" "$?" 0
rm -f /tmp/b-ready /tmp/b-go /tmp/b-done
unshare -m --propagation shared sh -c '
	mount -t tmpfs x /tmp/p/d && echo ready > /tmp/b-ready
	while [ ! -f /tmp/b-go ]; do sleep 0.1; done
	umount /tmp/p/d 2>/dev/null
	echo $? > /tmp/b-done' &
holder=$!
i=0
while [ ! -f /tmp/b-ready ] && [ $i -lt 200 ]; do sleep 0.1; i=$((i + 1)); done
mount --make-slave /tmp/p && umount /tmp/p/d && mount --move /sys/fs/bpf /tmp/p/d
expect_eq "N: the bpffs moved onto P/d, P a slave of the namespace's copy" "$?" 0
touch /tmp/b-go
wait $holder
expect_eq "N: in the namespace, umount of its own tmpfs that propagates to the bpffs: refused" \
	"$(cat /tmp/b-done 2>/dev/null)" 1
expect_eq "N: PID 1's namespace still has the bpffs" "$(grep -c ' bpf ' /proc/1/mounts)" 1
still_denied "N: the unmount that propagates from another mount"
mount --move /tmp/p/d /sys/fs/bpf
expect_eq "N: moved back" "$?" 0
umount /tmp/p
expect_eq "N: with the bpffs out of it, P comes off" "$?" 0
status_is "after G and I: status" 0 "bpf: 28 of 28 reasons denied, sealed until reboot"
