# kernel: debug
# kunit: lockdown*
# timeout: 180
# Every KUnit suite of both lockdown LSMs, under KASAN and lockdep. (The
# static suites restore the level they change; this boot runs nothing
# else that depends on it.)
expect_eq "lockdown level back to none" \
	"$(cat /sys/kernel/security/lockdown)" "[none] integrity confidentiality"
