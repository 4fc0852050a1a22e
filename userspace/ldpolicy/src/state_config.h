/* SPDX-License-Identifier: GPL-2.0 */
/* The kernel options a recorded state holds (struct kstate_origin). */
#ifndef LDPOLICY_STATE_CONFIG_H
#define LDPOLICY_STATE_CONFIG_H

struct kconfig;
struct kstate_origin;
struct model;

/*
 * Record in @o the options @m names as the kernel @m judges was built
 * (@m's configuration): unknown when that is, or when they do not fit.
 */
void kstate_origin_options(struct kstate_origin *o, const struct model *m);

/*
 * The configuration @o recorded, as a kconfig holding the options it
 * names: 0, or -1 when it recorded none (nothing is allocated then).
 */
int kstate_origin_config(const struct kstate_origin *o, struct kconfig *c);

#endif
