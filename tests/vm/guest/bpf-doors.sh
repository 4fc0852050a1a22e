# Root against the BPF backend, door by door (sourced by the bpf-doors
# scenarios): each door root walked through before, then the real probe
# (the path is still refused) and what ldpolicy says, which must be true.
#
#   before the first load: fake pins, a program named as the backend's,
#   programs loaded or attached to run before its own, a thief of its
#   state map, the setup lock held, an fd to ftrace_enabled kept;
#   after: kernel.ftrace_enabled, programs that end a hook first (LSM
#   programs returning 1 << 32, fmod_ret on security_*()), bind mounts
#   however flagged, a remount, the bpffs moved away with fakes in its
#   place, a fake securityfs; then all of it again, sealed.

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

# where systemd mounts it; a bare initramfs may not have it (ldpolicy
# mounts one then)
grep -q ' /sys/fs/bpf bpf ' /proc/mounts || mount -t bpf bpf /sys/fs/bpf

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
sleep 2
expect_eq "and attached" "$(cat /tmp/fmod)" \
	"attach the program pinned before the backend was set up: ok"
load_refused "an attached fmod_ret program: the load refuses to set up (exit 3)" \
	"is attached as fmod_ret to security_locked_down()"
kill $fmod_pid
wait $fmod_pid 2>/dev/null
load_refused "a loaded fmod_ret program, not attached: refused too (exit 3)" \
	"would run before the backend's own once attached"
rm /sys/fs/bpf/pre-fmod
status_is "and status says nothing is loaded" 0 "$none_loaded"

# The setup lock held by someone else: the load says so, and does not hang.
ldbpfdoor hold-lock 15 > /tmp/lock 2>&1 &
lock_pid=$!
sleep 1
load_refused "the setup lock held: the load gives up after 10 s (exit 3)" \
	"has held its lock for 10 seconds"
kill $lock_pid 2>/dev/null
wait $lock_pid 2>/dev/null

# A thief taking an fd to every state map that appears while the backend
# is set up: if it wins the race (an fd before the map guard is
# attached), the backend is not armed; if not, the backend never gave it
# its map.
ldbpfdoor steal-map 20 > /tmp/thief 2>&1 &
thief=$!
sleep 1
out=$(ldpolicy load /blobs/integrity.blob 2>&1)
rc=$?
kill $thief 2>/dev/null
wait $thief 2>/dev/null
case "$rc:$out" in
3:*"not armed: something else holds a reference to its maps"*)
	ok "a thief took an fd to the state map during setup: not armed (exit 3)"
	check "then, with the thief gone, a load sets the backend up" \
		ldpolicy load /blobs/integrity.blob ;;
0:*)
	real=$(ldbpfdoor map-fd 2>&1 | sed -n 's/^map id \([0-9]*\) read-write: EPERM$/\1/p')
	stolen=$(sed -n 's/^took an fd to map \([0-9]*\) .*/\1/p' /tmp/thief)
	won=
	for m in $stolen; do
		for r in $real; do [ "$m" = "$r" ] && won=$m; done
	done
	if [ -n "$won" ]; then
		not_ok "a thief took an fd to the state map during setup: not armed" \
			"the backend armed while the thief held its map $won" "$(cat /tmp/thief)"
	else
		skip "a thief took an fd to the state map during setup: not armed" \
			"the thief did not win the race this time (held: ${stolen:-none})"
	fi ;;
*) not_ok "a thief took an fd to the state map during setup: not armed (exit 3)" \
	"exit $rc" "$out" ;;
esac
# An fd to ftrace_enabled, opened before the backend exists.
exec 7>/proc/sys/kernel/ftrace_enabled

check "a load sets the backend up, or finds it set up" ldpolicy load /blobs/integrity.blob
status_is "status: the policy in force" 0 "$integrity"
expect_eq "the fake pins are gone, the backend's are there" \
	"$(ls /sys/fs/bpf/ldpolicy | grep -c '^ldp_\|^link-')" 15
still_denied "the doors before the first load"

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
	for p in rogue_fentry rogue_file_open; do
		door_says "$when: $p (observability, systemd's kind): loads and attaches" \
			"^\(load\|attach\) $p" ok -- load "$p"
	done
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
