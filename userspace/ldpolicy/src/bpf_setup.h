/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Setting the BPF backend's object up, when none is in force: load it,
 * attach it, guard, check that nothing can run before it or holds its
 * maps, pin it, arm it.
 */
#ifndef LDPOLICY_BPF_SETUP_H
#define LDPOLICY_BPF_SETUP_H

#include "diag.h"
#include "table.h"

/*
 * Set the object up for the reason table @t (its fingerprint), unless
 * another ldpolicy did in the meantime. 0 when an object is armed, -1
 * (diagnosed) when none could be: what is left then is never armed, and
 * the next setup clears it.
 */
int bpf_setup(const struct reason_table *t, struct diags *d);

#endif
