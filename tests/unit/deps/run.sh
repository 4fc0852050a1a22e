#!/bin/bash
# scripts/deps.sh when another apt holds the package system's locks: it
# waits for them and installs, where apt-get alone fails at once.
#
# Real apt, real locks: dpkg-query is stubbed to call one installed
# package missing, apt reads its package lists from an empty directory of
# our own (APT_CONFIG: no download, the host's lists untouched), and a
# helper holds that directory's lock and dpkg's frontend lock, with
# fcntl() as apt does, for a few seconds. Installing the installed
# package changes nothing.
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../../.." && pwd)
n=0
echo "TAP version 13"
res() { n=$((n + 1)); if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; [ -z "${3:-}" ] || printf '%s\n' "$3" | tail -n 8 | sed 's/^/# /'; fi; }
skp() { n=$((n + 1)); echo "ok $n - $1 # SKIP $2"; }
finish() { echo "1..$n"; exit 0; }

pkg=kmod	# in the "stock" group, and installed wherever the kernel group is
if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null || [ ! -x /usr/bin/python3 ] ||
	[ "$(dpkg-query -W -f='${db:Status-Status}' $pkg 2>/dev/null)" != installed ]; then
	skp "deps.sh waits for another apt's locks" "needs root, apt, python3 and $pkg installed"
	finish
fi

tmp=$(mktemp -d)
holder=
trap '[ -z "$holder" ] || kill "$holder" 2>/dev/null; rm -rf "$tmp"' EXIT
mkdir -p "$tmp/bin" "$tmp/lists/partial" "$tmp/cache/archives/partial"
cat > "$tmp/bin/dpkg-query" <<'STUB'
#!/bin/sh
echo not-installed
STUB
chmod +x "$tmp/bin/dpkg-query"
cat > "$tmp/apt.conf" <<CONF
Dir::Etc::SourceList "/dev/null";
Dir::Etc::SourceParts "$tmp/no-sources.d";
Dir::State::Lists "$tmp/lists";
Dir::Cache "$tmp/cache";
CONF
mkdir -p "$tmp/no-sources.d"

# hold LOCK... for SECONDS, as apt does (fcntl); prints "held" once held
hold() {
	rm -f "$tmp/held"
	/usr/bin/python3 -c '
import fcntl, os, sys, time
fds = [os.open(p, os.O_RDWR | os.O_CREAT, 0o640) for p in sys.argv[2:]]
for fd in fds:
    fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
print("held", flush=True)
time.sleep(float(sys.argv[1]))
' "$@" > "$tmp/held" &
	holder=$!
	for _ in $(seq 50); do [ -s "$tmp/held" ] && return 0; sleep 0.1; done
	return 1
}
locks=("$tmp/lists/lock" /var/lib/dpkg/lock-frontend)

# what apt-get itself does: fail at once
if hold 3 "${locks[@]}"; then
	out=$(APT_CONFIG=$tmp/apt.conf apt-get update -q 2>&1)
	rc=$?
	res "$([ $rc != 0 ] && [[ $out == *"Could not get lock"* ]]; echo $?)" \
		"the lock is real: apt-get update alone fails while it is held" "$out"
	kill "$holder" 2>/dev/null
	wait "$holder" 2>/dev/null
	holder=
else
	res 1 "the helper holds apt's locks"
fi

if hold 3 "${locks[@]}"; then
	start=$SECONDS
	out=$(APT_CONFIG=$tmp/apt.conf PATH=$tmp/bin:$PATH DEPS_LOCK_TIMEOUT=60 \
		"$top/scripts/deps.sh" stock 2>&1)
	rc=$?
	res $rc "deps.sh waits for another apt's locks, then installs" "$out"
	res "$([ $((SECONDS - start)) -ge 2 ]; echo $?)" "it did wait (the locks were held 3 s)" \
		"took $((SECONDS - start)) s"
	wait "$holder"
	holder=
else
	res 1 "the helper holds apt's locks"
fi

# and gives up after DEPS_LOCK_TIMEOUT, saying why
if hold 6 "${locks[@]}"; then
	out=$(APT_CONFIG=$tmp/apt.conf PATH=$tmp/bin:$PATH DEPS_LOCK_TIMEOUT=1 \
		"$top/scripts/deps.sh" stock 2>&1)
	rc=$?
	res "$([ $rc != 0 ] && [[ $out == *"Could not get lock"* ]]; echo $?)" \
		"past DEPS_LOCK_TIMEOUT it fails and says which lock" "$out"
	kill "$holder" 2>/dev/null
	wait "$holder" 2>/dev/null
	holder=
else
	res 1 "the helper holds apt's locks"
fi
finish
