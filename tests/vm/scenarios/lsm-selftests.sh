# cmdline:
# The kernel's own LSM selftests (tools/testing/selftests/lsm/), built from
# our tree: the LSM syscalls and /sys/kernel/security/lsm stay consistent
# with lockdown_policy stacked in, and its LSM ID is known.

for t in lsm_list_modules_test lsm_get_self_attr_test lsm_set_self_attr_test; do
	run_tap "$t" "$t"
done
