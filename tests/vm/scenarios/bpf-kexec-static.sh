# kernel: bpf
# cmdline: lockdown=integrity
# timeout: 180
# The BPF backend beside lockdown=integrity, with a policy of the reasons
# integrity leaves to confidentiality: the static level denies
# LOCKDOWN_KEXEC, yet a kernel the keyring trusts asks nothing, and a
# kexec of it would shed the policy. The backend refuses kexec images by
# the policy's own LOCKDOWN_KEXEC, so ldpolicy load denies it there too.
. /lib/attack.sh
. /lib/beside-integrity.sh

attack_expect "kexec-file-signed: shown, no policy yet (the keyring trusts it under integrity)" \
	shown kexec-file-signed
beside_integrity /tmp/conf.ldp
out=$(ldpolicy load /tmp/conf.ldp 2>&1)
case "$?:$out" in
0:*"LOCKDOWN_KEXEC denied by the policy too"*)
	ok "ldpolicy load: LOCKDOWN_KEXEC denied in the policy too, and says why" ;;
*) not_ok "ldpolicy load: LOCKDOWN_KEXEC denied in the policy too, and says why" "$out" ;;
esac
out=$(ldpolicy query LOCKDOWN_KEXEC 2>&1)
case "$out" in
*"denied (by both)"*) ok "query: LOCKDOWN_KEXEC denied by both" ;;
*) not_ok "query: LOCKDOWN_KEXEC denied by both" "$out" ;;
esac
attack_expect "kexec-file-signed: refused, the backend reads no kexec image now" \
	refused kexec-file-signed
