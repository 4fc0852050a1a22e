# kernel: debug
# smp: 2
# kunit: lockdown*
# timeout: 180
# Every KUnit suite of both lockdown LSMs, under KASAN and lockdep, on two
# CPUs: the static level's race test raises one level from both at once.
# The suites work on levels and policies of their own; the level in force
# is still the boot's after them.
expect_eq "lockdown level still none" \
	"$(cat /sys/kernel/security/lockdown)" "[none] integrity confidentiality"
