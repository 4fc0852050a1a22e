# cmdline:
# A blob with the SEAL flag is applied and seals in one step.

expect_eq "load with SEAL|NOT_A_BOUNDARY" "$(load_blob -F 3 LOCKDOWN_KCORE)" ok
expect_eq "sealed" "$(cat $LP/seal)" 1
expect_eq "flags: not-a-boundary" "$(cat $LP/flags)" not-a-boundary
expect_probe "/proc/kcore refused" kcore EPERM
expect_eq "later load: EPERM" "$(load_blob LOCKDOWN_KCORE LOCKDOWN_DEV_MEM)" EPERM
