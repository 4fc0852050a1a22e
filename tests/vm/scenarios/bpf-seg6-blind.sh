# kernel: debian12
# timeout: 180
# The BPF backend set up by a process that root kept blind to the kernel's
# SEG6 generic netlink family (a red team's: a seccomp supervisor answers
# its CTRL_CMD_GETFAMILY as the kernel does a family it lacks), so it keeps
# SRv6's secrets from no family: status, from a process that sees the
# kernel, says they are not kept, and does not vouch for the backend.
. /lib/attack.sh

grep -q ' /sys/fs/bpf bpf ' /proc/mounts || mount -t bpf bpf /sys/fs/bpf

out=$(ldbpfdoor genl-blind fake ldpolicy load /blobs/confidentiality.blob 2>&1)
case "$?:$out" in
0:*[1-9]" SEG6 lookups answered \"no such family\""*)
	ok "the blinded setup loads confidentiality, its SEG6 lookup answered \"none\"" ;;
*) not_ok "the blinded setup loads confidentiality, its SEG6 lookup answered \"none\"" "$out" ;;
esac
attack_expect "SEG6_CMD_DUMPHMAC returns an SRv6 HMAC secret: the backend keeps it from no family" \
	shown seg6-hmac
out=$(ldpolicy status 2>&1)
case "$?:$out" in
3:*"set up knowing no SEG6 generic netlink family, and the kernel's is "*"not kept from root"*)
	ok "status does not vouch for it, says why (exit 3)" ;;
*) not_ok "status does not vouch for it, says why (exit 3)" "$out" ;;
esac
out=$(ldpolicy load /blobs/confidentiality.blob 2>&1)
expect_eq "a load from a process that sees the kernel says so too (exit 3)" "$?" 3
