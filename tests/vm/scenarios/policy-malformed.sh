# cmdline:
# Every malformed blob refused with its documented errno, state unchanged.

expect_eq "a valid load first" "$(load_blob LOCKDOWN_DEV_MEM)" ok
before=$(lp_state)
nr=$(($(tail -n1 $LP/reasons | cut -d' ' -f1) + 1))
fp=$(cat $LP/fingerprint)
other_fp=$(echo "$fp" | sed 's/^./f/;t;s/^/f/')
[ "$other_fp" != "$fp" ] || other_fp=$(echo "$fp" | sed 's/^./0/')

bad() { # DESC ERRNO LDBLOB-ARGS...
	d=$1 e=$2
	shift 2
	expect_eq "$d: $e" "$(load_blob "$@" LOCKDOWN_DEV_MEM LOCKDOWN_KCORE)" "$e"
}
bad "wrong magic" EBADMSG -m 0x12345678
bad "version 0" EPROTONOSUPPORT -v 0
bad "version 3" EPROTONOSUPPORT -v 3
bad "version 2 without its warn set" EINVAL -v 2 -t $((8 * ((nr + 63) / 64)))
bad "version 1 with a warn set" EINVAL -v 1 -w LOCKDOWN_PERF -a $((8 * ((nr + 63) / 64)))
bad "a reason both denied and warned" EINVAL -w LOCKDOWN_KCORE
bad "warn bit for LOCKDOWN_NONE" ERANGE -w "#0"
bad "warn bit for LOCKDOWN_CONFIDENTIALITY_MAX" ERANGE -w "#$nr"
bad "hdr_len 40" EINVAL -H 40
bad "hdr_len not a multiple of 8" EINVAL -P 4
bad "hdr_len past the header the blob has" EINVAL -H 56
bad "a longer header that sets a field this kernel does not know" EOPNOTSUPP -P 8 -B 48=1
bad "reserved set" EINVAL -r 1
bad "zero reasons" EINVAL -n 0
bad "too many reasons" EINVAL -n 1025
bad "truncated by a byte" EINVAL -t 1
bad "truncated to the header" EINVAL -t 8
bad "a trailing byte" EINVAL -a 1
bad "a trailing word" EINVAL -a 8
bad "other reason count" ENOEXEC -n $((nr + 1))
bad "other reason count, longer" ENOEXEC -n $((nr + 64))
bad "other fingerprint" ENOEXEC -f "$other_fp"
bad "unknown flag" EOPNOTSUPP -F 8
bad "top flag" EOPNOTSUPP -F 0x80000000
bad "bit for LOCKDOWN_NONE" ERANGE "#0"
bad "bit for LOCKDOWN_INTEGRITY_MAX" ERANGE "#21"
bad "bit for LOCKDOWN_CONFIDENTIALITY_MAX" ERANGE "#$nr"
bad "padding bit 63" ERANGE "#63"
expect_eq "shorter than the header: EINVAL" "$(printf 'LDPB' | ldwrite $LP/load)" EINVAL
expect_eq "empty write: EINVAL" "$(ldwrite $LP/load '')" EINVAL
ldblob LOCKDOWN_DEV_MEM LOCKDOWN_KCORE > /tmp/good
expect_eq "write at offset 1: ESPIPE" "$(ldwrite -o 1 $LP/load < /tmp/good)" ESPIPE
expect_eq "split into 16-byte writes: EINVAL" "$(ldwrite -s 16 $LP/load < /tmp/good)" EINVAL
dd if=/dev/zero bs=513 count=1 2>/dev/null > /tmp/huge
expect_eq "513 bytes (LOCKDOWN_POLICY_MAX_SIZE + 1): E2BIG" "$(ldwrite $LP/load < /tmp/huge)" E2BIG
dd if=/dev/zero bs=4097 count=1 2>/dev/null > /tmp/huge
expect_eq "4097 bytes: E2BIG" "$(ldwrite $LP/load < /tmp/huge)" E2BIG
expect_eq "state unchanged after every refusal" "$(lp_state)" "$before"
expect_eq "a longer header whose added bytes are zero: read as this one" \
	"$(load_blob -P 8 LOCKDOWN_DEV_MEM)" ok
expect_probe "/proc/kcore still opens" kcore allowed
expect_eq "the good blob still loads" "$(ldwrite $LP/load < /tmp/good)" ok
expect_probe "/proc/kcore refused after it" kcore EPERM
