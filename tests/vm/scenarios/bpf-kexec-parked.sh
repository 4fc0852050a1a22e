# kernel: debian12
# timeout: 120
# A kexec_load(2) parked between its question and the kexec lock, across
# ldpolicy load, on Debian 12's kernel (the BPF backend). The kernel asks
# LOCKDOWN_KEXEC, then copies the segment list in, from a page a
# userfaultfd holds back for as long as it likes, then takes the lock and
# installs the image without asking again; no BPF hook sees the install.
# So ldpolicy load, status and query must not vouch for a policy denying
# LOCKDOWN_KEXEC while such a load is in flight (bpf-kexec-parked-ia32:
# the same through ia32's entry).
. /lib/attack.sh

attack kexec-parked sh -c 'ldpolicy load /blobs/integrity.blob; echo "load exit $?"
	ldpolicy status > /dev/null; echo "status exit $?"
	ldpolicy query LOCKDOWN_KEXEC > /dev/null; echo "query exit $?"; exit 3'
case "$A_OUT" in
*"is inside a kexec load begun before the policy"*"load exit 3"*)
	ok "ldpolicy load will not vouch while a kexec_load is parked (exit 3), and says why" ;;
*) not_ok "ldpolicy load will not vouch while a kexec_load is parked (exit 3), and says why" \
	"$A_OUT" ;;
esac
case "$A_OUT" in
*"status exit 3"*"query exit 3"*) ok "nor status, nor query (exit 3)" ;;
*) not_ok "nor status, nor query (exit 3)" "$A_OUT" ;;
esac
# Debian 12's kernel installs the parked image (our kernel asks again)
case "$A_GOT:$A_OUT" in
refused:*"refused (sh exited 3 while kexec_load(2) was parked (the load then: installed))")
	ok "the parked load installed its image after (then unloaded): what the exits were for" ;;
*) not_ok "the parked load installed its image after (then unloaded): what the exits were for" \
	"$A_OUT" ;;
esac
out=$(ldpolicy status 2>&1)
case "$?:$out" in
0:*"bpf: "*"reasons denied"*) ok "unloaded, none in flight: status vouches for the policy (exit 0)" ;;
*) not_ok "unloaded, none in flight: status vouches for the policy (exit 0)" "$out" ;;
esac
attack kexec-parked true
expect_eq "a new kexec_load: refused at its question" "$A_GOT" refused
