# cmdline:
# Sealing: after it, every load fails with EPERM until reboot.

expect_eq "garbage to seal: EINVAL" "$(ldwrite $LP/seal 2)" EINVAL
expect_eq "0 to seal: EINVAL" "$(ldwrite $LP/seal 0)" EINVAL
expect_eq "still unsealed" "$(cat $LP/seal)" 0
expect_eq "load before sealing" "$(load_blob LOCKDOWN_DEV_MEM)" ok
expect_eq "seal" "$(ldwrite $LP/seal 1)" ok
expect_eq "seal reads 1" "$(cat $LP/seal)" 1
expect_dmesg "sealing logged" "lockdown_policy: sealed by ldwrite"
before=$(lp_state)
expect_eq "tightening load after seal: EPERM" \
	"$(load_blob LOCKDOWN_DEV_MEM LOCKDOWN_KCORE)" EPERM
expect_eq "same load after seal: EPERM" "$(load_blob LOCKDOWN_DEV_MEM)" EPERM
expect_eq "sealing again is fine" "$(ldwrite $LP/seal 1)" ok
expect_eq "state unchanged" "$(lp_state)" "$before"
expect_probe "/proc/kcore not denied by the refused load" kcore allowed
expect_probe "/dev/mem still refused" dev_mem EPERM
