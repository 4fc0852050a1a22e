# A policy of the reasons lockdown=integrity leaves to confidentiality, the
# integrity ones acknowledged as the static level's: what a kexec sheds
# although the policy does not deny LOCKDOWN_KEXEC. Sourced;
# beside_integrity FILE writes it.

beside_integrity() { # FILE
	{
		echo 'intent feature-disable "what integrity leaves to confidentiality"'
		for r in KCORE KPROBES BPF_READ_KERNEL TRACEFS DEBUGFS XEN_USER_ACTIONS PERF \
			XMON_RW XFRM_SECRET DBG_READ_KERNEL; do
			echo "deny LOCKDOWN_$r"
		done
		for r in MODULE_SIGNATURE DEV_MEM KEXEC HIBERNATION PCI_ACCESS IOPORT MSR \
			ACPI_TABLES TIOCSSERIAL MODULE_PARAMETERS; do
			echo "acknowledge LOCKDOWN_$r \"denied by lockdown=integrity on the command line\""
		done
	} > "$1"
}
