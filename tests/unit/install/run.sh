#!/bin/bash
# make install into a DESTDIR, as a distribution would package it: every
# file in place, the man pages render without warnings, the systemd unit
# passes systemd-analyze verify, the completion parses.
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=0
echo "TAP version 13"
res() { n=$((n + 1)); if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; [ -z "${3:-}" ] || printf '%s\n' "$3" | head -n 5 | sed 's/^/# /'; fi; }
skp() { n=$((n + 1)); echo "ok $n - $1 # SKIP $2"; }

# a packager's plain "make" in the source directory builds the tool.
# Given BUILD, the directory of a plain make already run (make test-unit
# passes the top-level build's: it runs the same make with only O=, from a
# clean clone in CI), the build starts from a copy of it and only what
# PREFIX changes is rebuilt; alone, it builds everything.
if [ -n "${1:-}" ] && [ -x "$1/ldpolicy" ]; then
	mkdir -p "$tmp/plain"
	cp -a "$1/obj" "$1/bpf" "$1/ldpolicy" "$tmp/plain/"
fi
out=$(make -s -C "$top/userspace/ldpolicy" O="$tmp/plain" 2>&1)
res "$([ -x "$tmp/plain/ldpolicy" ]; echo $?)" "plain make builds ldpolicy" "$out"
# then, in the same build directory, as a packager does: install for /usr
out=$(make -s -C "$top/userspace/ldpolicy" O="$tmp/plain" install DESTDIR="$tmp/root" \
	PREFIX=/usr 2>&1)
res $? "make install DESTDIR=... PREFIX=/usr" "$out"
# the installed tool looks in /usr for what it ships, not in the build's
# default prefix
strings_of() { tr -c '[:print:]' '\n' < "$1"; }
res "$(strings_of "$tmp/root/usr/sbin/ldpolicy" | grep -qx /usr/share/ldpolicy/policies &&
	! strings_of "$tmp/root/usr/sbin/ldpolicy" | grep -q /usr/local/share; echo $?)" \
	"the installed tool looks in PREFIX (/usr/share/ldpolicy/policies)"
missing=
for f in usr/sbin/ldpolicy usr/sbin/lockdown-policy-load usr/share/man/man8/ldpolicy.8 \
	usr/share/man/man8/lockdown-policy-load.8 etc/lockdown-policy.d/README \
	usr/share/man/man5/ldpolicy.ldp.5 usr/share/bash-completion/completions/ldpolicy \
	usr/lib/systemd/system/lockdown-policy.service \
	usr/share/initramfs-tools/hooks/lockdown-policy \
	usr/share/initramfs-tools/scripts/init-top/lockdown-policy \
	usr/share/ldpolicy/policies/integrity.ldp usr/share/ldpolicy/tables/linux-6.12.table \
	usr/share/ldpolicy/models/linux-6.12.model usr/share/ldpolicy/models/linux-6.1.model \
	usr/share/ldpolicy/schemas/ldpolicy.check-2.schema.json usr/share/ldpolicy/schemas/ldpolicy.path-1.schema.json \
	etc/lockdown-policy.d; do
	[ -e "$tmp/root/$f" ] || missing="$missing $f"
done
res "$([ -z "$missing" ]; echo $?)" "every file installed" "missing:$missing"
out=$(make -s -C "$top/userspace/ldpolicy" O="$tmp/plain" install DESTDIR="$tmp/opt" \
	PREFIX=/opt/ldp 2>&1)
res "$([ -x "$tmp/opt/opt/ldp/sbin/ldpolicy" ]; echo $?)" "PREFIX is honoured" "$out"

# installed and run from its prefix: tables by name, includes of the
# shipped policies from elsewhere (as from /etc/lockdown-policy.d)
out=$(make -s -C "$top/userspace/ldpolicy" O="$tmp/plain" install PREFIX="$tmp/live" \
	SYSCONFDIR="$tmp/live/etc" 2>&1)
res $? "make install PREFIX=\$tmp/live" "$out"
out=$("$tmp/live/sbin/ldpolicy" reasons --table linux-6.12.table 2>&1 | head -n 1)
res "$([ "$out" = "# lockdown reason table from $tmp/live/share/ldpolicy/tables/linux-6.12.table" ]
	echo $?)" "--table NAME finds a shipped table" "$out"
mkdir -p "$tmp/etcd"
printf 'include "integrity.ldp"\nallow hibernation\nacknowledge hibernation "encrypted swap"\n' \
	> "$tmp/etcd/10-laptop.ldp"
out=$("$tmp/live/sbin/ldpolicy" check --table linux-6.12.table "$tmp/etcd/10-laptop.ldp" 2>&1)
res $? "include \"integrity.ldp\" finds the shipped policy" "$out"

if command -v groff >/dev/null; then
	for m in ldpolicy.8 ldpolicy.ldp.5 lockdown-policy-load.8; do
		out=$(groff -man -ww -z "$top/userspace/ldpolicy/man/$m" 2>&1)
		res "$([ -z "$out" ]; echo $?)" "man page $m renders without warnings" "$out"
	done
else
	skp "man pages render" "no groff"
fi
if command -v systemd-analyze >/dev/null; then
	out=$(systemd-analyze verify --man=no --root="$tmp/root" \
		/usr/lib/systemd/system/lockdown-policy.service 2>&1)
	res $? "lockdown-policy.service passes systemd-analyze verify" "$out"
else
	skp "lockdown-policy.service passes systemd-analyze verify" "no systemd-analyze"
fi
out=$(bash -n "$tmp/root/usr/share/bash-completion/completions/ldpolicy" 2>&1)
res $? "bash completion parses" "$out"
for s in usr/sbin/lockdown-policy-load usr/share/initramfs-tools/hooks/lockdown-policy \
	usr/share/initramfs-tools/scripts/init-top/lockdown-policy; do
	out=$(sh -n "$tmp/root/$s" 2>&1)
	res $? "$(basename "$s") is valid sh" "$out"
done

# The loader in an initramfs without busybox (initramfs-tools without its
# Recommends): no sort(1), nothing on PATH but ldpolicy; the files still
# go to one load, in C order, whatever the locale.
mkdir -p "$tmp/bare" "$tmp/bootd"
cat > "$tmp/bare/ldpolicy" <<EOT
#!/bin/sh
printf '%s\\n' "\$@" > "$tmp/loaded"
EOT
chmod +x "$tmp/bare/ldpolicy"
for f in 20-b.ldp B.ldp "10 a.ldp" README; do : > "$tmp/bootd/$f"; done
out=$(env -i PATH="$tmp/bare" LANG=en_US.UTF-8 LOCKDOWN_POLICY_DIR="$tmp/bootd" \
	/bin/sh "$tmp/root/usr/sbin/lockdown-policy-load" 2>&1)
want=$(printf '%s\n' load --boot "$tmp/bootd/10 a.ldp" "$tmp/bootd/20-b.ldp" "$tmp/bootd/B.ldp")
res "$([ "$(cat "$tmp/loaded" 2>/dev/null)" = "$want" ]; echo $?)" \
	"lockdown-policy-load: one load in C order, with no sort(1) on PATH" \
	"$out$(printf '\n'; cat "$tmp/loaded" 2>/dev/null)"
echo "1..$n"
