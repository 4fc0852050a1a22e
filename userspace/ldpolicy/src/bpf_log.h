/* SPDX-License-Identifier: GPL-2.0 */
/* libbpf's messages: kept, the last ones, for when something fails. */
#ifndef LDPOLICY_BPF_LOG_H
#define LDPOLICY_BPF_LOG_H

#include "diag.h"

/* From now on, keep what libbpf prints instead of printing it. */
void bpf_log_keep(void);

/* Forget what libbpf said so far. */
void bpf_log_clear(void);

/* An error "BPF backend: WHAT: strerror(ERR)", with what libbpf said. */
void bpf_log_diag(struct diags *d, const char *what, int err);

#endif
