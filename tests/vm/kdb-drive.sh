#!/bin/bash
# The host's end of kdb for the kdb probes (tests/vm/tools/probes_kdb.c,
# which describes the protocol). run.sh starts it beside QEMU when a boot's
# command line has kgdboc=, with ttyS3 on the FIFOs DIR/kdb.in and
# DIR/kdb.out; it ends when QEMU closes them. A transcript goes to
# DIR/kdb.log.
#
# Usage: tests/vm/kdb-drive.sh DIR
dir=$1
exec 3<"$dir/kdb.out" 4>"$dir/kdb.in" 5>"$dir/kdb.log"
state=idle
cmd=
out=
# everything from the guest, and every kdb prompt, ends in '>'
while IFS= read -r -d '>' chunk <&3; do
	printf '%s>' "$chunk" >&5
	case $chunk in
	*'LDKDB?')
		printf 'LDKDB= %s\n' "$out" >&4
		out=
		;;
	*'LDKDB '*)
		cmd=${chunk##*LDKDB }
		state=asked
		;;
	*kdb)
		case $state in
		asked)
			printf '%s\r' "$cmd" >&4
			state=ran
			;;
		ran)
			out=${chunk//[$'\r\n']/ }
			printf 'go\r' >&4
			state=idle
			;;
		*)
			# kdb entered without a request: let the guest go on
			out="kdb entered unasked"
			printf 'go\r' >&4
			;;
		esac
		;;
	esac
done
