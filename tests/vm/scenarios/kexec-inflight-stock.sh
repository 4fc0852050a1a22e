# kernel: debian12
# timeout: 120
# What "kexec: Ask LOCKDOWN_KEXEC again as kexec_load(2) installs the
# image" fixes, shown on Debian 12's unmodified kernel with no ldpolicy: a
# kexec_load(2) in flight while root raises the lockdown level to
# integrity installs its unsigned image after it, to be booted by a
# reboot that asks nothing. On ours it is refused (kexec-inflight).
. /lib/attack.sh

attack kexec-inflight sh -c "echo integrity > /sys/kernel/security/lockdown"
case "$A_GOT" in
shown) ok "kexec-inflight: shown, the image installed after lockdown=integrity (${A_OUT#*: shown (}" ;;
*) not_ok "kexec-inflight: shown, the image installed after lockdown=integrity" "$A_OUT" ;;
esac
expect_eq "the level reads integrity" "$(cat /sys/kernel/security/lockdown)" \
	"none [integrity] confidentiality"
