# Root against the BPF backend (sourced by the bpf-adversarial-root
# scenarios): every door around it, and the denial still in force after
# each. The doors, as the admin guide's threat model lists them:
#   the loader killed while it sets the object up;
#   the links: detach or update through an fd by id or from a pin;
#   the maps: an fd by id (for a new program to write them through);
#   the programs: freplace, another lsm/locked_down program returning 0;
#   the pins: unlink, rename, replace, rmdir;
#   the bpffs: unmount, lazily unmount what holds it, mount over it, move
#   it (old and new mount API), in this namespace and in a new one;
#   the load program: an empty, smaller or foreign blob, without
#   CAP_MAC_ADMIN, from a user namespace, after the seal.

still_denied() { # after DOOR
	expect_probe "/dev/mem still refused after $1" dev_mem EPERM
}

# Each door line of ldbpfdoor: "WHAT: ok" or "WHAT: ERRNO".
door() { # DESC WANT DOOR [ARG]: every line of the door says WANT
	desc=$1 want=$2
	shift 2
	out=$(ldbpfdoor "$@" 2>&1)
	rc=$?
	if [ $rc -ne 0 ]; then
		not_ok "$desc" "ldbpfdoor $*: exit $rc: $out"
		return
	fi
	bad=$(printf '%s\n' "$out" | grep -v '^  ' | grep -v ": $want\$")
	if [ -z "$bad" ]; then ok "$desc"; else not_ok "$desc" "$out"; fi
}

# --- the loader killed while it sets the object up ------------------------
# The setup is pins, links, then arming; only an armed object enforces.
# Killed at any point, what is left is either nothing in force (and the
# next load clears it and starts again) or the whole object.
for t in 0.05 0.2 0.4 0.7 1.0 1.5; do
	ldpolicy load -q /blobs/integrity.blob &
	pid=$!
	sleep $t
	kill -9 $pid 2>/dev/null
	wait $pid 2>/dev/null
	s=$(ldpolicy status 2>&1 | head -n1)
	case "$s" in
	"bpf: no policy loaded"* | "bpf: 0 of 28 reasons denied"* | "bpf: 20 of 28 reasons denied"*)
		ok "loader killed after ${t}s: the state is whole ($s)" ;;
	*) not_ok "loader killed after ${t}s: the state is whole" "$s" ;;
	esac
done
check "then a load completes" ldpolicy load /blobs/integrity.blob
expect_eq "with the policy in force" "$(ldpolicy status | head -n1)" \
	"bpf: 20 of 28 reasons denied, not sealed (loads may tighten it)"
still_denied "the killed loaders"

# --- links ----------------------------------------------------------------
# An LSM program's link is a tracing link: an fd to it can neither detach
# nor update it, so ldpolicy reads them by id; what it must not give is a
# way to detach one.
ldbpfdoor link-fd > /tmp/linkfd 2>&1
links=$(ls /sys/fs/bpf/ldpolicy | grep -c '^link-')
if [ "$(grep -c 'by id: ok$' /tmp/linkfd)" = "$links" ] && ! grep -q '^  .*: ok$' /tmp/linkfd &&
	[ "$(grep -c '^  .*: E' /tmp/linkfd)" = $((2 * links)) ] && [ "$links" -ge 12 ]; then
	ok "each link: an fd by id detaches and updates nothing"
else
	not_ok "each link: an fd by id detaches and updates nothing" "$(cat /tmp/linkfd)"
fi
ldbpfdoor link-detach > /tmp/detach 2>&1
if grep -q ': ok$' /tmp/detach || [ "$(grep -c ': E' /tmp/detach)" != 8 ]; then
	not_ok "through a pin's fd, detach and update are refused by the kernel" "$(cat /tmp/detach)"
else
	ok "through a pin's fd, detach and update are refused by the kernel"
fi
still_denied "the link doors"

# --- maps -----------------------------------------------------------------
ldbpfdoor map-fd > /tmp/maps 2>&1
expect_eq "the state, guard, load scratch and guarded-targets maps give no fd, read-write or read-only (EPERM)" \
	"$(grep -c 'read-\(write\|only\): EPERM$' /tmp/maps)" 8
if [ "$(grep update /tmp/maps | sed 's/^map id [0-9]* //')" = \
	"(ldpolicy.rodata, frozen read-only to programs) update: EPERM" ]; then
	ok "the one map that gives an fd is the frozen .rodata, and no one can write it"
else
	not_ok "the one map that gives an fd is the frozen .rodata, and no one can write it" \
		"$(tr '\n' ';' < /tmp/maps)"
fi
still_denied "the map doors"

# --- programs -------------------------------------------------------------
for d in freplace-enforce freplace-read freplace-retarget; do
	out=$(ldbpfdoor $d 2>&1)
	case "$out" in
	*": ok"*) not_ok "$d: refused" "$out" ;;
	*": E"*) ok "$d: refused (${out##*: })" ;;
	*) not_ok "$d: refused" "$out" ;;
	esac
done
ldbpfdoor probe-while rogue_allow /dev/mem > /tmp/allow 2>&1
expect_eq "another lsm/locked_down program cannot be loaded, and /dev/mem stays refused" \
	"$(cat /tmp/allow)" "load rogue_allow: EPERM
open /dev/mem while it is not attached: EPERM"

# --- pins -----------------------------------------------------------------
n=0
for f in /sys/fs/bpf/ldpolicy/*; do
	rm -f "$f" 2>/dev/null && n=$((n + 1))
	mv "$f" "$f.moved" 2>/dev/null && n=$((n + 1))
done
expect_eq "no pin can be unlinked or renamed" "$n" 0
door "no pin can be replaced by renaming another over it" EPERM replace-pin
rmdir /sys/fs/bpf/ldpolicy 2>/dev/null
expect_eq "the directory cannot be removed" "$?" 1
mv /sys/fs/bpf/ldpolicy /sys/fs/bpf/moved 2>/dev/null
expect_eq "the directory cannot be renamed" "$?" 1
expect_eq "every pin still there" "$(pins)" "$BACKEND_PINS"
still_denied "the pin doors"

# --- the bpffs ------------------------------------------------------------
umount /sys/fs/bpf 2>/dev/null
expect_eq "umount /sys/fs/bpf: refused" "$?" 1
umount -l /sys/fs/bpf 2>/dev/null
expect_eq "umount -l /sys/fs/bpf: refused" "$?" 1
umount -l /sys 2>/dev/null
expect_eq "umount -l /sys (which holds it): refused" "$?" 1
mount -t tmpfs none /sys/fs/bpf 2>/dev/null
expect_eq "mount a tmpfs over /sys/fs/bpf: refused" "$?" 1
mount -t tmpfs none /sys/fs/bpf/ldpolicy 2>/dev/null
expect_eq "mount a tmpfs over the pin directory: refused" "$?" 1
mount --bind /tmp /sys/fs/bpf 2>/dev/null
expect_eq "bind-mount over /sys/fs/bpf: refused" "$?" 1
door "the new mount API: move it away, mount over it: EPERM" EPERM move-mount
mount --make-shared /sys/fs/bpf
ldas -m -- umount /sys/fs/bpf 2>/dev/null
expect_eq "a new mount namespace, its copy shared: umount refused" "$?" 1
ldas -m -- umount -l /sys 2>/dev/null
expect_eq "a new mount namespace, its copy shared: umount -l /sys refused" "$?" 1
mount --make-private /sys/fs/bpf
ldas -m -- umount /sys/fs/bpf
expect_eq "a new mount namespace, its copy private: its own to unmount" "$?" 0
expect_eq "and the pins are still here" "$(pins)" "$BACKEND_PINS"
still_denied "the mount doors"
# The old mount API's MS_MOVE names its source by a string the guard
# cannot resolve: moving the bpffs away hides the pins from people, and
# removes nothing; ldpolicy finds the backend by id, not by its pins.
mkdir -p /tmp/moved
mount --move /sys/fs/bpf /tmp/moved
out=$(ldpolicy status 2>&1)
expect_eq "moved away (old API): status still reads the backend" "$?:$(echo "$out" | head -n1)" \
	"0:bpf: 20 of 28 reasons denied, not sealed (loads may tighten it)"
out=$(ldpolicy query dev_mem 2>&1)
expect_eq "and query still answers (exit 1)" "$?:$out" "1:LOCKDOWN_DEV_MEM: denied (by both)"
still_denied "moving the bpffs away"
mount --move /tmp/moved /sys/fs/bpf
expect_eq "moved back: status reads it" "$(ldpolicy status | head -n1)" \
	"bpf: 20 of 28 reasons denied, not sealed (loads may tighten it)"

# --- the load program ----------------------------------------------------
ldpolicy reasons > /tmp/table
ldblob -T /tmp/table > /tmp/empty
door "the load program with an empty bitmap: EPERM" EPERM run-load /tmp/empty
ldblob -T /tmp/table LOCKDOWN_DEV_MEM > /tmp/smaller
door "with a smaller policy: EPERM" EPERM run-load /tmp/smaller
ldblob -T /tmp/table -f "$(printf '%064d' 0)" LOCKDOWN_DEV_MEM > /tmp/foreign
door "with another table's fingerprint: ENOEXEC" ENOEXEC run-load /tmp/foreign
ldblob -T /tmp/table -m 0x12345678 > /tmp/magic
door "with a wrong magic: EBADMSG" EBADMSG run-load /tmp/magic
ldblob -T /tmp/table '#0' > /tmp/none
door "with LOCKDOWN_NONE's bit: ERANGE" ERANGE run-load /tmp/none
ldblob -T /tmp/table -t 1 > /tmp/short
door "truncated: EINVAL" EINVAL run-load /tmp/short
ldpolicy compile -o /tmp/conf.blob /policies/confidentiality.ldp
expect_eq "a superset without CAP_MAC_ADMIN: EPERM" "$(ldas -d 33 -- ldbpfdoor run-load /tmp/conf.blob)" \
	"run ldp_load: EPERM"
# uid 0 mapped to 0 in a user namespace has no capability in the initial
# one: bpf(2) gives it nothing, not even the backend to talk to
out=$(ldas -n -- ldpolicy load /tmp/conf.blob 2>&1)
case "$?:$out" in
"3:"*"Operation not permitted"*) ok "from a user namespace: nothing can be loaded (exit 3)" ;;
*) not_ok "from a user namespace: nothing can be loaded (exit 3)" "$out" ;;
esac
out=$(ldas -u 1000 -- ldpolicy status 2>&1)
case "$?:$out" in
"3:"*"Operation not permitted"*)
	ok "an unprivileged user cannot read the state, and is told so (exit 3)" ;;
*) not_ok "an unprivileged user cannot read the state, and is told so (exit 3)" "$out" ;;
esac
expect_eq "nothing loosened, nothing added" "$(ldpolicy status | head -n1)" \
	"bpf: 20 of 28 reasons denied, not sealed (loads may tighten it)"
check "ldpolicy seal" ldpolicy seal
door "the load program after the seal, with a superset: EPERM" EPERM run-load /tmp/conf.blob
still_denied "every door"
