# cmdline:
# The securityfs knob: the level rises at run time, never falls, and bad
# input is refused with the level unchanged.
knob=/sys/kernel/security/lockdown

expect_eq "garbage refused with EINVAL" "$(write_file $knob bogus)" EINVAL
expect_eq "level still none" "$(cat $knob)" "[none] integrity confidentiality"
expect_eq "empty write refused with EINVAL" "$(write_file $knob '')" EINVAL
expect_probe "/dev/mem opens before raising" dev_mem allowed

expect_eq "writing integrity accepted" "$(write_file $knob integrity)" ok
expect_eq "level reads integrity" "$(cat $knob)" "none [integrity] confidentiality"
expect_dmesg "log says locked down from securityfs" \
	"Kernel is locked down from securityfs"
expect_probe "/dev/mem refused after raising" dev_mem EPERM
expect_probe "/proc/kcore still opens" kcore allowed

expect_eq "writing none refused with EPERM" "$(write_file $knob none)" EPERM
expect_eq "writing integrity again refused with EPERM" \
	"$(write_file $knob integrity)" EPERM
expect_eq "garbage refused with EINVAL at integrity" \
	"$(write_file $knob confidential)" EINVAL
expect_eq "level stays integrity" "$(cat $knob)" "none [integrity] confidentiality"
expect_probe "/dev/mem still refused" dev_mem EPERM

expect_eq "writing confidentiality accepted" \
	"$(write_file $knob confidentiality)" ok
expect_probe "/proc/kcore refused at confidentiality" kcore EPERM
expect_eq "writing integrity refused with EPERM" \
	"$(write_file $knob integrity)" EPERM
expect_eq "level stays confidentiality" "$(cat $knob)" \
	"none integrity [confidentiality]"
