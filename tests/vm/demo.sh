#!/bin/bash
# make demo: boot the test kernel and show lockdown at work, then Debian
# 12's own kernel with ldpolicy's BPF backend.
#
# Usage: tests/vm/demo.sh BZIMAGE INITRAMFS STOCK_VMLINUZ STOCK_INITRAMFS [OUTDIR]
set -uo pipefail
test_kernel=$1
test_initrd=$2
stock_kernel=$3
stock_initrd=$4
out=${5:-build/vm/demo}
mkdir -p "$out"
kernel=$test_kernel initrd=$test_initrd mem=512

boot() { # NAME CMDLINE
	local log=$out/$1
	rm -f "$log.out" "$log.console"
	timeout -k 5 120 qemu-system-x86_64 -nodefaults -display none -no-reboot \
		-accel tcg -cpu max -smp 1 -m "${mem}M" \
		-kernel "$kernel" -initrd "$initrd" \
		-append "console=ttyS0 panic=-1 quiet lddemo=$1 $2" \
		-serial "file:$log.console" -serial "file:$log.out" -serial null >/dev/null 2>&1
	local rc=$?
	grep -v '^# demo done' "$log.out"
	if [ $rc -ne 0 ] || ! grep -q '^# demo done' "$log.out"; then
		echo "demo: the VM boot '$1' failed (exit $rc); kernel log: $log.console" >&2
		exit 1
	fi
}

cat <<'TXT'
=====================================================================
 ldpolicy demo: kernel lockdown on a real 6.12 kernel, under QEMU
=====================================================================
Lockdown keeps even root from changing or reading the running kernel.
The kernel asks the question at each dangerous place (/dev/mem, raw I/O
ports, /proc/kcore, kprobes, BPF, ...) and a security module answers.
Today's kernels answer with one of two levels: integrity or
confidentiality. Watch them in a VM booted from this tree's kernel.

--- boot 1: no lockdown on the command line ---------------------------
TXT
boot static ""
cat <<'TXT'

--- boot 2: lockdown=integrity on the command line --------------------
TXT
boot cmdline "lockdown=integrity"
cat <<'TXT'

--- boot 3: lockdown_policy, reason by reason -------------------------
Two levels are all the static LSM offers. This project adds a second
LSM, lockdown_policy, that denies reasons one by one and only ever
tightens until reboot, and ldpolicy, which compiles policies and knows
which reasons defeat which.
TXT
boot policy ""
cat <<'TXT'

--- boot 4: Debian 13's own kernel, unmodified: the BPF backend -------
Most machines run their distribution's kernel, without lockdown_policy.
Debian's (13's 6.12 and 12's 6.1) have the BPF LSM, and ldpolicy
enforces the same policies there with a BPF program of its own.
TXT
kernel=$stock_kernel initrd=$stock_initrd mem=1024
boot stock ""
cat <<'TXT'

=====================================================================
Those were a real 6.12 kernel built from this tree and Debian's own.
make check runs every scenario; README.md says how it fits together.
TXT
