// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel options a recorded state holds: those the reason model
 * names, as the kernel was built, so that a replay (suggest --from) judges
 * the paths and fixes as the kernel that recorded it did.
 */
#include <stdlib.h>
#include <string.h>

#include "backend.h"
#include "kconfig.h"
#include "model.h"
#include "state_config.h"
#include "util.h"

void kstate_origin_options(struct kstate_origin *o, const struct model *m)
{
	o->options_known = false;
	o->n_options = 0;
	if (!m->config || m->n_options > LDP_MAX_OPTIONS)
		return;
	for (size_t i = 0; i < m->n_options; i++) {
		struct kstate_option *opt = &o->options[i];

		if (strlen(m->options[i]) >= sizeof(opt->name)) {
			o->n_options = 0;
			return;
		}
		strcpy(opt->name, m->options[i]);
		opt->set = kconfig_enabled(m->config, m->options[i]) == 1;
	}
	o->n_options = m->n_options;
	o->options_known = true;
}

int kstate_origin_config(const struct kstate_origin *o, struct kconfig *c)
{
	size_t len = 1;

	memset(c, 0, sizeof(*c));
	if (!o->options_known)
		return -1;
	for (size_t i = 0; i < o->n_options; i++)
		len += strlen(o->options[i].name) + 3;
	c->text = xmalloc(len);
	c->text[0] = '\0';
	for (size_t i = 0; i < o->n_options; i++)
		if (o->options[i].set) {
			strcat(c->text, o->options[i].name);
			strcat(c->text, "=y\n");
		}
	c->from = xstrdup("the recorded state");
	return 0;
}
