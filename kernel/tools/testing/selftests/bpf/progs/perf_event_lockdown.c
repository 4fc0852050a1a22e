// SPDX-License-Identifier: GPL-2.0
/*
 * A perf_event program: it reads the registers each sample interrupted,
 * which lockdown=confidentiality keeps from it where they are the
 * kernel's.
 */
#include <vmlinux.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>

char _license[] SEC("license") = "GPL";

__u64 samples;
__u64 ip;

SEC("perf_event")
int sample_regs(struct bpf_perf_event_data *ctx)
{
	ip = PT_REGS_IP(&ctx->regs);
	samples++;
	return 0;
}
