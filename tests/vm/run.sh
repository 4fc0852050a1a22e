#!/bin/bash
# Boot the test kernel once per scenario under QEMU (TCG) and report.
#
# Usage: tests/vm/run.sh [options] [SCENARIO...]
#   -k NAME=BZIMAGE   a kernel scenarios can ask for ("# kernel: NAME");
#                     the first one given is the default
#   -i INITRAMFS      the test initramfs (tests/vm/mkinitramfs.sh)
#   -I NAME=INITRAMFS the initramfs for kernel NAME (its modules), if not -i
#   -m NAME=MEGABYTES memory for kernel NAME (default 512)
#   -a NAME=ARCH      kernel NAME is for ARCH: x86_64 (the default, on
#                     qemu-system-x86_64) or arm64 (qemu-system-aarch64
#                     -M virt: the kernel log on its PL011, ttyAMA0, the
#                     TAP on a virtio console, hvc0)
#   -d NAME=IMAGE     a disk image scenarios can boot ("# disk: NAME")
#   -r NAME=INITRD    another initramfs scenarios can ask for ("# initrd:")
#   -o DIR            where logs go: DIR/SCENARIO/{console,tap}.log
#   -j N              scenarios booted at once (default: 2)
#   -v                print the diagnostics of passing scenarios too
#   -S DIR            take scenarios from DIR (default tests/vm/scenarios)
# SCENARIO is a name under that directory (default: all of them).
#
# A scenario file is a shell script the guest's init runs, with a header:
#   # cmdline: ARGS      added to the kernel command line
#   # kunit: GLOB        run the built-in KUnit suites matching GLOB at boot
#   # kernel: NAME       boot this kernel instead of the default
#   # timeout: SECONDS   hard limit for the boot (default 60)
#   # smp: N             boot with N virtual CPUs (default 1); TCG runs
#                        them on host threads of their own, so code on two
#                        CPUs really runs at once (the kernel must be SMP)
#   # icount: SHIFT      QEMU -icount: the guest clock advances 2^SHIFT ns
#                        per instruction it runs, so a time measured in the
#                        guest counts instructions (make bench's hook)
#   # disk: NAME       attach disk image NAME (a snapshot: the image is
#                        never written) as /dev/vda; with "# initrd: none"
#                        the kernel mounts it as the root (root=/dev/vda in
#                        cmdline) and its own init runs the scenario
#                        (tests/vm/mkdebian.sh)
#   # ide: NAME          attach disk image NAME (-d) as the first IDE disk (a
#                        snapshot), for the attack suite's DMA
#   # initrd: NAME|none  boot initramfs NAME (-r), or none, instead of the
#                        test initramfs
#   # instances: A B...  boot it once per word, as NAME@WORD, with
#                        ldarg=WORD on the command line (and so in the
#                        guest's environment)
# A boot whose command line has kgdboc= gets kdb on serial port 4 (ttyS3),
# driven from the host by kdb-drive.sh for the kdb probes.
# It reports in TAP through ldtest.sh. The host parses that TAP (serial port
# 2) and, for KUnit, the KTAP on the console (serial port 1), prints one line
# per test and "N passed, N failed", and exits 1 on any failure, missing
# plan, timeout, or kernel splat (BUG, WARNING, Oops, KASAN, lockdep...).
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
declare -A kernels=() initrds=() mems=() disks=() named_initrds=() arches=()
default_kernel=
initrd=
out=build/vm
jobs=2
verbose=0
scen=$here/scenarios

while getopts "k:i:I:m:a:d:r:o:j:vS:" opt; do
	case $opt in
	a) arches[${OPTARG%%=*}]=${OPTARG#*=} ;;
	d) disks[${OPTARG%%=*}]=${OPTARG#*=} ;;
	r) named_initrds[${OPTARG%%=*}]=${OPTARG#*=} ;;
	I) initrds[${OPTARG%%=*}]=${OPTARG#*=} ;;
	m) mems[${OPTARG%%=*}]=${OPTARG#*=} ;;
	k)
		kernels[${OPTARG%%=*}]=${OPTARG#*=}
		[ -n "$default_kernel" ] || default_kernel=${OPTARG%%=*}
		;;
	i) initrd=$OPTARG ;;
	o) out=$OPTARG ;;
	j) jobs=$OPTARG ;;
	v) verbose=1 ;;
	S) scen=$(cd "$OPTARG" && pwd) ;;
	*) exit 2 ;;
	esac
done
shift $((OPTIND - 1))

die() { echo "run.sh: $*" >&2; exit 2; }
[ -n "$default_kernel" ] || die "no kernel (-k test=path/to/bzImage)"
[ -f "$initrd" ] || die "no initramfs (-i path)"
for k in "${!kernels[@]}"; do
	case ${arches[$k]:-x86_64} in
	x86_64) q=qemu-system-x86_64 ;;
	arm64) q=qemu-system-aarch64 ;;
	*) die "kernel $k: unknown architecture '${arches[$k]}' (x86_64, arm64)" ;;
	esac
	command -v $q >/dev/null || die "$q missing (for kernel $k)"
done

header() { sed -n "s/^# $1: *//p" "$2" | head -n1; }

if [ $# -eq 0 ]; then
	set -- $(cd "$scen" && ls -- *.sh | sed 's/\.sh$//')
fi
# NAME expands to its instances, NAME@ARG is one of them
expanded=()
for s in "$@"; do
	base=${s%%@*}
	[ -f "$scen/$base.sh" ] || die "no scenario '$base' in $scen"
	inst=$(header instances "$scen/$base.sh")
	if [ "$s" != "$base" ] || [ -z "$inst" ]; then
		expanded+=("$s")
	else
		for i in $inst; do expanded+=("$base@$i"); done
	fi
done
set -- "${expanded[@]}"
mkdir -p "$out"

# Kernel log lines that mean the kernel itself went wrong.
splat='(^|\] )(BUG: |WARNING: |Oops|Kernel panic|general protection fault|UBSAN: |KASAN: |kernel BUG at|INFO: possible|INFO: task .* blocked|possible circular locking|inconsistent lock state|Unable to handle kernel)'

run_one() {
	local name=$1 file=$scen/${1%%@*}.sh dir=$out/$1 arg=
	local cmdline kunit kname timeout kernel append start rc kdb drive initramfs mem icount smp
	local dname iname ide disk=() boot=() arch machine=() ports=()
	cmdline=$(header cmdline "$file")
	kunit=$(header kunit "$file")
	kname=$(header kernel "$file")
	kname=${kname:-$default_kernel}
	timeout=$(header timeout "$file")
	timeout=${timeout:-60}
	icount=$(header icount "$file")
	[ -z "$icount" ] || icount="-icount shift=$icount"
	smp=$(header smp "$file")
	smp=${smp:-1}
	# one CPU per socket: SeaBIOS's MP table lists one CPU per package,
	# and a kernel without ACPI finds its CPUs there
	smp="$smp,sockets=$smp,cores=1,threads=1"
	kernel=${kernels[$kname]:-}
	arch=${arches[$kname]:-x86_64}
	initramfs=${initrds[$kname]:-$initrd}
	mem=${mems[$kname]:-512}
	dname=$(header disk "$file")
	ide=$(header ide "$file")
	iname=$(header initrd "$file")
	case $iname in
	'') ;;
	none) initramfs=none ;;
	*) initramfs=${named_initrds[$iname]:-$dir/no-initrd-$iname} ;;
	esac

	rm -rf "$dir"
	mkdir -p "$dir"
	if [ -z "$kernel" ]; then
		printf 'ERROR\t%s: kernel "%s" not built (-k %s=...)\n' "$name" "$kname" "$kname" > "$dir/results"
		return
	fi
	if [ "$initramfs" != none ] && [ ! -f "$initramfs" ]; then
		printf 'ERROR\t%s: no initramfs %s\n' "$name" "$initramfs" > "$dir/results"
		return
	fi
	[ "$initramfs" = none ] || boot=(-initrd "$initramfs")
	if [ -n "$dname" ]; then
		if [ ! -f "${disks[$dname]:-}" ]; then
			printf 'ERROR\t%s: no disk image "%s" (-d %s=...)\n' "$name" "$dname" "$dname" > "$dir/results"
			return
		fi
		disk=(-drive "file=${disks[$dname]},if=virtio,format=raw,snapshot=on")
	fi
	if [ -n "$ide" ]; then
		if [ ! -f "${disks[$ide]:-}" ]; then
			printf 'ERROR\t%s: no disk image "%s" (-d %s=...)\n' "$name" "$ide" "$ide" > "$dir/results"
			return
		fi
		disk+=(-drive "file=${disks[$ide]},if=ide,index=0,media=disk,format=raw,snapshot=on")
	fi
	[ "$name" = "${name%%@*}" ] || arg=${name#*@}
	if [ "$arch" = arm64 ]; then
		append="console=ttyAMA0 ldtap=/dev/hvc0 panic=-1 ldtest=${name%%@*}"
	else
		append="console=ttyS0 panic=-1 ldtest=${name%%@*}"
	fi
	[ -z "$arg" ] || append="$append ldarg=$arg"
	[ -z "$kunit" ] || append="$append kunit.enable=1 kunit.filter_glob=$kunit"
	[ -z "$cmdline" ] || append="$append $cmdline"
	echo "$append" > "$dir/cmdline"
	echo "$arch" > "$dir/arch"

	# ttyS3: kdb, driven from here (kdb-drive.sh), when the boot asks for it
	kdb=null
	drive=
	case " $append " in
	*" kgdboc="*)
		mkfifo "$dir/kdb.in" "$dir/kdb.out"
		kdb=pipe:$dir/kdb
		"$here/kdb-drive.sh" "$dir" &
		drive=$!
		;;
	esac

	if [ "$arch" = arm64 ]; then
		# pauth-impdef: pointer authentication with QEMU's own cheap hash
		machine=(qemu-system-aarch64 -M virt -cpu max,pauth-impdef=on)
		ports=(-serial "file:$dir/console.log" -device virtio-serial-pci
			-chardev "file,id=tap,path=$dir/tap.log" -device virtconsole,chardev=tap)
	else
		machine=(qemu-system-x86_64 -cpu max)
		ports=(-serial "file:$dir/console.log" -serial "file:$dir/tap.log" -serial null
			-serial "$kdb")
	fi
	start=$(date +%s%N)
	timeout -k 5 "$timeout" "${machine[@]}" \
		-nodefaults -display none -no-reboot \
		-accel tcg -smp "$smp" -m "${mem}M" $icount \
		-kernel "$kernel" "${boot[@]}" "${disk[@]}" -append "$append" \
		"${ports[@]}" > "$dir/qemu.log" 2>&1
	rc=$?
	if [ -n "$drive" ]; then
		kill "$drive" 2>/dev/null
		wait "$drive" 2>/dev/null
	fi
	echo $(( ($(date +%s%N) - start) / 1000000 )) > "$dir/ms"

	{
		awk -v prefix="$name" -f "$here/ktap.awk" "$dir/tap.log"
		if [ -n "$kunit" ]; then
			awk -v prefix="$name: kunit" -f "$here/ktap.awk" "$dir/console.log" > "$dir/kunit"
			if grep -qE '^(PASS|FAIL|SKIP)' "$dir/kunit"; then
				cat "$dir/kunit"
			else
				printf 'ERROR\t%s: no KUnit suite matching "%s" ran\n' "$name" "$kunit"
			fi
		fi
		if [ $rc -eq 124 ] || [ $rc -eq 137 ]; then
			printf 'ERROR\t%s: timed out after %ss\n' "$name" "$timeout"
		elif [ $rc -ne 0 ]; then
			printf 'ERROR\t%s: qemu exited %d: %s\n' "$name" $rc "$(tail -n1 "$dir/qemu.log")"
		fi
		grep -E "$splat" "$dir/console.log" | head -n 3 | while IFS= read -r l; do
			printf 'ERROR\t%s: kernel splat: %s\n' "$name" "$l"
		done
	} > "$dir/results"
}

report() {
	local name=$1 dir=$out/$1 bad
	bad=$(grep -cE '^(FAIL|ERROR)' "$dir/results")
	printf '== %s (%d.%ds)\n' "$name" $(($(cat "$dir/ms") / 1000)) $(($(cat "$dir/ms") % 1000 / 100))
	while IFS=$'\t' read -r kind what more; do
		case $kind in
		PASS) printf '  PASS  %s\n' "$what" ;;
		SKIP) printf '  SKIP  %s (%s)\n' "$what" "$more" ;;
		FAIL) printf '  FAIL  %s\n' "$what" ;;
		ERROR) printf '  ERROR %s\n' "$what" ;;
		DIAG) [ "$bad" = 0 ] && [ $verbose = 0 ] || printf '          # %s\n' "$what" ;;
		esac
	done < "$dir/results"
	[ "$bad" = 0 ] || printf '  logs: %s/{console,tap}.log\n' "$dir"
}

# Longest first, by the time each took when it last ran here (never run:
# first of all), so that no long boot starts last while the other slot
# idles. The report comes in the order they end, the summary in this one.
order=$(for s in "$@"; do
	printf '%s\t%s\n' "$(cat "$out/$s/ms" 2>/dev/null || echo 999999999)" "$s"
done | sort -s -t$'\t' -k1,1nr | cut -f2)

declare -A pid_of=()
running=0
for s in $order; do
	if [ $running -ge "$jobs" ]; then
		wait -n -p done_pid
		report "${pid_of[$done_pid]}"
		running=$((running - 1))
	fi
	run_one "$s" &
	pid_of[$!]=$s
	running=$((running + 1))
done
while [ $running -gt 0 ]; do
	wait -n -p done_pid
	report "${pid_of[$done_pid]}"
	running=$((running - 1))
done

pass=0 fail=0 skip=0 errs=0
failed=()
for s in "$@"; do
	r=$out/$s/results
	p=$(grep -c '^PASS' "$r")
	f=$(grep -c '^FAIL' "$r")
	k=$(grep -c '^SKIP' "$r")
	e=$(grep -c '^ERROR' "$r")
	pass=$((pass + p)) fail=$((fail + f)) skip=$((skip + k)) errs=$((errs + e))
	[ $((f + e)) -eq 0 ] || failed+=("$s")
done
[ ${#failed[@]} -eq 0 ] || echo "failing scenarios: ${failed[*]} (logs under $out/)"
printf '%d passed, %d failed' $pass $((fail + errs))
[ $skip -eq 0 ] || printf ', %d skipped' $skip
printf ' (%d scenarios)\n' $#
[ $((fail + errs)) -eq 0 ]
