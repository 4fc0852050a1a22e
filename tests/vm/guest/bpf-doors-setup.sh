# Root against the BPF backend's first setup (sourced by the bpf-doors
# scenarios, used by bpf-doors.sh): what the second red team did before
# the first `ldpolicy load`, or while it set the backend up. Each setup
# so attacked must arm nothing, say why (exit 3), and leave the next load
# free to set the backend up.
#
#   flood_*        the pins' bpffs bound 260 times in a private mount
#                  namespace, ahead of /sys/fs/bpf in its superblock's
#                  mounts: /sys/fs/bpf must still not come off (H)
#   setup_doors    an lsm/bpf program hiding itself and an fmod_ret one
#                  behind ENOENT (D); ldp_hooks emptied at its freeze
#                  through a tracer (E), and .rodata rewritten at its
#                  freeze (R); ldpolicy traced from its start
#                  (J); its map fds taken with pidfd_getfd while
#                  it is stopped (F); the setup from a mount and PID
#                  namespace with a /proc of its own (K); from a cgroup
#                  namespace rooted at a child cgroup (L)
#   load_hijacked  the load that sets the backend up, while root waits
#                  for its guards to be on to trace it, take its fds and
#                  run its ldp_arm from another directory

# The bpffs the pins will live on, bound in a namespace of root's 260
# times (more than the 256 the guard once walked) before it is bound at
# /sys/fs/bpf.
flood_begin() {
	if grep -q ' /sys/fs/bpf bpf ' /proc/mounts; then umount /sys/fs/bpf || return; fi
	mkdir -p /tmp/flood-src && mount -t bpf bpf /tmp/flood-src
	unshare -m --propagation private sh -c '
		i=0
		while [ $i -lt 260 ]; do
			mkdir -p /tmp/flood/$i && mount --bind /tmp/flood-src /tmp/flood/$i || exit 1
			i=$((i + 1))
		done
		echo ready > /tmp/flood-ready
		exec sleep 100000' &
	flood=$!
	i=0
	while [ ! -f /tmp/flood-ready ] && [ $i -lt 600 ]; do sleep 0.1; i=$((i + 1)); done
	mount --bind /tmp/flood-src /sys/fs/bpf && umount /tmp/flood-src
	expect_eq "the pins' bpffs bound 260 times in a namespace of root's, then at /sys/fs/bpf" \
		"$?:$(cat /tmp/flood-ready 2>/dev/null)" "0:ready"
}

# After the load: its 260 other mounts ahead of it hide /sys/fs/bpf from
# nothing.
flood_end() {
	umount /sys/fs/bpf 2>/dev/null
	expect_eq "260 mounts of the bpffs ahead of /sys/fs/bpf: umount /sys/fs/bpf refused" "$?" 1
	umount -l /sys/fs/bpf 2>/dev/null
	expect_eq "and umount -l /sys/fs/bpf refused" "$?" 1
	kill $flood
	wait $flood 2>/dev/null
	expect_eq "the namespace with the 260 mounts ended: the pins are still there" \
		"$(pins)" "$BACKEND_PINS"
	still_denied "the namespace with 260 mounts of the bpffs ended"
}

# Run the door DOOR ARGS... in the background (its output in /tmp/door),
# then a load, which must fail, exit 3, saying PATTERN.
load_attacked() { # DESC PATTERN -- DOOR ARGS...
	desc=$1 pat=$2
	shift 3
	rm -f /tmp/door
	ldbpfdoor "$@" > /tmp/door 2>&1 &
	door=$!
	sleep 1
	out=$(ldpolicy load /blobs/integrity.blob 2>&1)
	rc=$?
	case "$rc:$out" in
	3:*"$pat"*) ok "$desc: not set up (exit 3)" ;;
	*) not_ok "$desc: not set up (exit 3)" "exit $rc" "$out" "door: $(cat /tmp/door)" ;;
	esac
}

# The door's own output had LINE (a fixed string, whole).
door_said() { # DESC LINE
	if grep -qxF -- "$2" /tmp/door; then ok "$1"; else not_ok "$1" "$(cat /tmp/door)"; fi
}

door_done() {
	kill $door 2>/dev/null
	wait $door 2>/dev/null
}

setup_doors() {
	# D: hidden behind ENOENT, as if gone between listing and asking
	ldbpfdoor preload-hide 60 > /tmp/door 2>&1 &
	door=$!
	i=0
	while ! grep -q '^hidden:' /tmp/door && [ $i -lt 200 ]; do sleep 0.1; i=$((i + 1)); done
	door_said "D: an fmod_ret program loaded, an lsm/bpf one hiding both, attached" \
		"attach rogue_hide, which hides both from an fd by id: ok"
	out=$(ldpolicy load /blobs/integrity.blob 2>&1)
	case "$?:$out" in
	3:*"will not give an fd to it (ENOENT): something hides it"*)
		ok "D: hidden programs: not set up, says so (exit 3)" ;;
	*) not_ok "D: hidden programs: not set up, says so (exit 3)" "$out" ;;
	esac
	out=$(ldpolicy status 2>&1)
	case "$?:$out" in
	3:*"something hides it"*) ok "D: and status cannot tell, says why (exit 3)" ;;
	*) not_ok "D: and status cannot tell, says why (exit 3)" "$out" ;;
	esac
	door_done
	status_is "D: the hiding program gone, status says nothing is loaded" 0 "$none_loaded"

	# E: ldp_hooks emptied through ldpolicy's own fd as it freezes it
	load_attacked "E: ldp_hooks emptied at its BPF_MAP_FREEZE (ptrace, pidfd_getfd)" \
		"its map of guarded targets is not what it wrote" -- hooks-ptrace 20
	wait $door
	door_said "E: (the map was emptied)" "empty ldp_hooks before it is frozen: ok"
	status_is "E: status says nothing is loaded" 0 "$none_loaded"

	# R: its .rodata rewritten as it freezes it (a red team's race, won here
	# every time): the guard's slice kfuncs, which the verifier folds in
	# (on our kernels, which need none, the SRv6 family it watches)
	load_attacked "R: .rodata rewritten at its BPF_MAP_FREEZE (ptrace, pidfd_getfd)" \
		"its read-only data (.rodata) is not what it wrote" -- rodata-ptrace 20
	wait $door
	door_said "R: (it was rewritten)" "rewrite .rodata before it is frozen: ok"
	status_is "R: status says nothing is loaded" 0 "$none_loaded"

	# J: traced from its start (to run its ldp_arm from elsewhere, as
	# load_hijacked does once the guards are on)
	load_attacked "J: traced from its start" "this process is traced" -- trace-setup 20
	wait $door
	door_said "J: (traced to its end)" "ldpolicy ended, traced"
	status_is "J: status says nothing is loaded" 0 "$none_loaded"

	# F: its map fds, taken while it is stopped: no bpf() call asks
	ldbpfdoor steal-fds 20 > /tmp/door 2>&1 &
	door=$!
	sleep 1
	out=$(ldpolicy load /blobs/integrity.blob 2>&1)
	rc=$?
	wait $door
	case "$rc:$out" in
	3:*"not armed: something else holds a reference to its maps"*)
		if grep -q '^took ldpolicy' /tmp/door; then
			ok "F: its map fds taken (pidfd_getfd): not armed (exit 3)"
		else
			not_ok "F: its map fds taken (pidfd_getfd): not armed (exit 3)" \
				"it says someone holds a map; the door took none" "$(cat /tmp/door)"
		fi ;;
	0:*)
		if grep -q '^took ldpolicy' /tmp/door; then
			not_ok "F: its map fds taken (pidfd_getfd): not armed" \
				"armed while the door held its maps" "$(cat /tmp/door)"
		else
			skip "F: its map fds taken (pidfd_getfd): not armed" \
				"the door took none: $(cat /tmp/door)"
		fi ;;
	*) not_ok "F: its map fds taken (pidfd_getfd): not armed (exit 3)" "exit $rc" "$out" \
		"$(cat /tmp/door)" ;;
	esac
	status_is "F: status says nothing is loaded" 0 "$none_loaded"

	# K: set up where PID 1 is not, with a /proc that says it is
	unshare -m -p -f --mount-proc sh -c '
		mount -t bpf bpf /sys/fs/bpf
		ldpolicy load /blobs/integrity.blob > /tmp/ns-load 2>&1
		echo "exit $?" >> /tmp/ns-load'
	case "$(cat /tmp/ns-load)" in
	*"not armed: this is not PID 1's mount namespace, whatever /proc says"*"exit 3")
		ok "K: the setup from a mount and PID namespace with its own /proc: not armed (exit 3)" ;;
	*) not_ok "K: the setup from a mount and PID namespace with its own /proc: not armed (exit 3)" \
		"$(cat /tmp/ns-load)" ;;
	esac
	status_is "K: status says nothing is loaded" 0 "$none_loaded"

	# W: a program that writes user memory, loaded before (a red team's
	# fentry and fexit programs on bpf_prog_test_run_syscall() rewrote
	# ldp_arm's count in ldpolicy's memory, and ldp_read's for status);
	# the kernel keeps 15 characters of its name
	door_says "W: a program calling bpf_probe_write_user(), pinned before the setup" \
		"^pin rogue_write_user" ok -- load rogue_write_user /sys/fs/bpf/pre-writer
	out=$(ldpolicy load /blobs/integrity.blob 2>&1)
	case "$?:$out" in
	3:*"(rogue_write_use) calls bpf_probe_write_user or bpf_override_return"*)
		ok "W: not set up beside it, says why (exit 3)" ;;
	*) not_ok "W: not set up beside it, says why (exit 3)" "$out" ;;
	esac
	rm -f /sys/fs/bpf/pre-writer
	status_is "W: status says nothing is loaded" 0 "$none_loaded"

	# L: set up from a cgroup namespace rooted at a child cgroup: "the
	# cgroup2 root" it mounts is that child, and a sysctl guard there
	# would leave every other cgroup free to write ftrace_enabled
	mkdir -p /tmp/cg && mount -t cgroup2 none /tmp/cg && mkdir -p /tmp/cg/jail
	sh -c 'echo $$ > /tmp/cg/jail/cgroup.procs &&
		exec ldbpfdoor cgroup-ns ldpolicy load /blobs/integrity.blob' > /tmp/cg-load 2>&1
	echo "exit $?" >> /tmp/cg-load
	case "$(cat /tmp/cg-load)" in
	*"not armed: this is not PID 1's cgroup namespace, whatever "*"exit 3")
		ok "L: the setup from a cgroup namespace at a child cgroup: not armed (exit 3)" ;;
	*) not_ok "L: the setup from a cgroup namespace at a child cgroup: not armed (exit 3)" \
		"$(cat /tmp/cg-load)" ;;
	esac
	rmdir /tmp/cg/jail
	umount /tmp/cg
	status_is "L: status says nothing is loaded" 0 "$none_loaded"
}

# The load that sets the backend up, attacked once its guards are on.
load_hijacked() {
	mkdir -p /tmp/decoy
	ldbpfdoor setup-hijack /tmp/decoy 20 > /tmp/door 2>&1 &
	door=$!
	sleep 1
	check "a load sets the backend up, or finds it set up" ldpolicy load /blobs/integrity.blob
	wait $door
	if grep -q '^never saw' /tmp/door; then
		skip "its guards on: no trace, no fd, no ldp_arm from elsewhere" \
			"the backend was set up before: $(cat /tmp/door)"
		return
	fi
	door_said "its guards on: tracing it refused" "its guards on: trace ldpolicy: EPERM"
	door_said "its guards on: taking its fds refused" \
		"its guards on: take its fds (pidfd_getfd): EPERM"
	if grep -q '^ldp_arm by id: ENOENT$' /tmp/door; then
		ok "its guards on: its ldp_arm not to be had by id"
	else
		door_said "its guards on: its ldp_arm, run from elsewhere by another, refused" \
			"run ldp_arm from /tmp/decoy, not as ldpolicy: EPERM"
	fi
}
