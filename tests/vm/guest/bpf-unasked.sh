# Kernel paths that ask no lockdown reason (sourced by the bpf-unasked
# scenarios): each shown open, then closed by the BPF backend once its
# policy denies the reason whose protection it defeats.
#   bpf(2) reads kernel memory through bpf_snprintf("%s"),
#   bpf_trace_printk("%s"), bpf_trace_vprintk("%s"), bpf_snprintf_btf(),
#   BTF pointer loads and iterators, without asking
#   LOCKDOWN_BPF_READ_KERNEL;
#   PF_KEY hands out IPsec keys without asking LOCKDOWN_XFRM_SECRET;
#   kexec_file_load(2) of a signed kernel asks LOCKDOWN_KEXEC of nothing,
#   and sheds every policy of the BPF backend.

readers="rogue_snprintf rogue_trace_printk rogue_trace_vprintk rogue_snprintf_btf rogue_btf_load rogue_iter"
# a file that is not a kernel: refused at the read (EPERM) or at the parse
kexec_image=/bin/ldpolicy

grep -q ' /sys/fs/bpf bpf ' /proc/mounts || mount -t bpf bpf /sys/fs/bpf

out=$(ldbpfdoor read-kernel rogue_snprintf 2>&1)
case "$out" in
*"load rogue_snprintf: ok"*"read linux_banner: Linux version"*)
	ok "nothing loaded: bpf_snprintf(\"%s\") reads linux_banner" ;;
*) not_ok "nothing loaded: bpf_snprintf(\"%s\") reads linux_banner" "$out" ;;
esac
door_says "nothing loaded: a PF_KEY socket opens" "PF_KEY" ok -- pfkey
out=$(ldbpfdoor kexec-file $kexec_image 2>&1)
case "$out" in "kexec_file_load: ENOEXEC"*) ok "nothing loaded: kexec_file_load reads the image" ;;
*) not_ok "nothing loaded: kexec_file_load reads the image" "$out" ;; esac

check "load integrity (BPF_READ_KERNEL, XFRM_SECRET allowed; KEXEC denied)" \
	ldpolicy load /blobs/integrity.blob
out=$(ldbpfdoor read-kernel rogue_snprintf 2>&1)
case "$out" in
*"load rogue_snprintf: ok"*"read linux_banner: Linux version"*)
	ok "integrity: bpf_snprintf reads kernel memory, as BPF_READ_KERNEL is allowed" ;;
*) not_ok "integrity: bpf_snprintf reads kernel memory, as BPF_READ_KERNEL is allowed" "$out" ;;
esac
door_says "integrity: bpf_trace_printk(\"%s\") loads, as BPF_READ_KERNEL is allowed" \
	"^load rogue_trace_printk" ok -- read-kernel rogue_trace_printk
door_says "integrity: a PF_KEY socket opens (XFRM_SECRET allowed)" "PF_KEY" ok -- pfkey
door_says "integrity: kexec_file_load refused before it reads the image (KEXEC denied)" \
	"kexec" EPERM -- kexec-file $kexec_image

check "load confidentiality (every reason denied)" ldpolicy load /blobs/confidentiality.blob
for p in $readers; do
	door_says "confidentiality: $p (reads kernel memory, asks nothing): not loadable" \
		"^load $p" EPERM -- read-kernel $p
done
door_says "confidentiality: a PF_KEY socket: refused" "PF_KEY" EPERM -- pfkey
door_says "confidentiality: lsm/file_open without BTF pointers (systemd's kind) still loads" \
	"^\(load\|attach\) rogue_file_open" ok -- load rogue_file_open
out=$(ldpolicy status 2>&1)
expect_eq "status still vouches for it" "$?:$(printf '%s\n' "$out" | head -n1)" \
	"0:bpf: 28 of 28 reasons denied, not sealed (loads may tighten it)"
