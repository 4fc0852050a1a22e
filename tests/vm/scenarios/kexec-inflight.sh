# timeout: 120
# A kexec_load(2) in flight across the load of a policy that denies
# LOCKDOWN_KEXEC (ldattack kexec-inflight): the kernel asked the reason
# before it copied the segments in, and asks again as it installs the
# image (kexec: Ask LOCKDOWN_KEXEC again as kexec_load(2) installs the
# image), so the image the policy refuses is never installed. On Debian's
# kernels it is (kexec-inflight-stock).
. /lib/attack.sh

expect_eq "kexec_load(2) is allowed: no level, no policy" "$(cat /sys/kernel/security/lockdown)" \
	"[none] integrity confidentiality"
attack kexec-inflight ldpolicy load --merge /blobs/integrity.blob
case "$A_GOT" in
refused) ok "kexec-inflight: refused as it installed, the policy loaded meanwhile (${A_OUT#*: refused (}" ;;
*) not_ok "kexec-inflight: refused as it installed, the policy loaded meanwhile" "$A_OUT" ;;
esac
case "$A_OUT" in
*"waited for a kexec load in flight across the policy: no kexec image is left loaded"*)
	ok "ldpolicy load waited for the load in flight (it held the kexec lock), and says so" ;;
*) not_ok "ldpolicy load waited for the load in flight (it held the kexec lock), and says so" "$A_OUT" ;;
esac
expect_eq "kexec_loaded reads 0" "$(cat /sys/kernel/kexec_loaded)" 0
check "status: the policy's LOCKDOWN_KEXEC holds (exit 0)" ldpolicy status
