# Demo, boot 3: lockdown_policy, with a shipped policy loaded at boot.
/scripts/init-top/lockdown-policy > /tmp/boot.out 2>&1

say "This boot's initramfs ran the lockdown-policy hook, which loads every" \
	"/etc/lockdown-policy.d/*.ldp with 'ldpolicy load --boot':"
run cat /etc/lockdown-policy.d/10-laptop-hibernate.ldp
run cat /tmp/boot.out
say "laptop-hibernate.ldp is integrity, except hibernation. Now two LSMs answer" \
	"lockdown questions: the static one (level none here) and lockdown_policy:"
run cat /sys/kernel/security/lsm
run ldpolicy status

say "A real operation the policy denies: opening /dev/mem. The kernel refuses it" \
	"and logs which reason, for whom, and that lockdown_policy denied it:"
run ldprobe dev_mem
dmesg | grep ', lockdown_policy, pid ' | tail -n 1 | awk '{ print "    " $0 }'
say "Tools ask before they try: 'ldpolicy query' exits 0 if allowed, 1 if denied."
run ldpolicy query LOCKDOWN_HIBERNATION
run ldpolicy query LOCKDOWN_DEV_MEM

say "Allowing hibernation defeats integrity (the resume image is kernel memory" \
	"on disk). The policy says so with an acknowledgement; without it, ldpolicy" \
	"refuses to compile a policy that would only pretend to protect:"
printf 'include "/policies/integrity.ldp"\nallow LOCKDOWN_HIBERNATION\n' > /tmp/pretend.ldp
run cat /tmp/pretend.ldp
ldpolicy check /tmp/pretend.ldp 2>&1 | head -n 4 | awk '{ print "    " $0 }'
echo "    ..."

say "The policy only tightens until reboot. Loading one that allows what is" \
	"denied is refused, first by the tool, and by the kernel if forced:"
run ldpolicy load /policies/coco-devmem.ldp
run ldpolicy load --force /policies/coco-devmem.ldp

say "Tightening is accepted: add confidentiality, so /proc/kcore goes too."
run ldpolicy load --merge /policies/confidentiality.ldp
run ldprobe kcore
ldpolicy status | head -n 1 | awk '{ print "    " $0 }'
