# cmdline: msr.allow_writes=on kgdboc=ttyS3
# instances: LOCKDOWN_MODULE_SIGNATURE LOCKDOWN_DEV_MEM LOCKDOWN_KEXEC LOCKDOWN_HIBERNATION LOCKDOWN_PCI_ACCESS LOCKDOWN_IOPORT LOCKDOWN_MSR LOCKDOWN_ACPI_TABLES LOCKDOWN_TIOCSSERIAL LOCKDOWN_MODULE_PARAMETERS LOCKDOWN_MMIOTRACE LOCKDOWN_DEBUGFS LOCKDOWN_DBG_WRITE_KERNEL LOCKDOWN_BPF_WRITE_USER LOCKDOWN_KCORE LOCKDOWN_KPROBES LOCKDOWN_BPF_READ_KERNEL LOCKDOWN_DBG_READ_KERNEL LOCKDOWN_PERF LOCKDOWN_TRACEFS LOCKDOWN_XFRM_SECRET
# The per-reason matrix with a policy denying the one reason this boot is
# for (ldarg): its probes are refused, with its counter and notice, and
# every other probe still gets through.
. /lib/matrix.sh
printf 'intent feature-disable "matrix: one reason"\ndeny %s\n' "$ldarg" > /tmp/one.ldp
check "load a policy denying only $ldarg" ldpolicy load /tmp/one.ldp
matrix_run policy "$ldarg"
