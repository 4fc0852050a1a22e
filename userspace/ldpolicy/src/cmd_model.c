// SPDX-License-Identifier: GPL-2.0
/*
 * The reason model the commands judge with: the one for the kernel the
 * reason table is for (or --model), judging paths that ask no reason for
 * the backend the policy will run on, on the kernel's configuration when
 * it is the running kernel's.
 */
#include <string.h>

#include "backend.h"
#include "cmd.h"
#include "kconfig.h"
#include "kversion.h"
#include "model.h"

/* The running kernel's configuration, read once for the whole command. */
static const struct kconfig *running_config(const struct kversion *kv)
{
	static struct kconfig c;
	static int state;	/* 0 not tried, 1 read, -1 none */

	if (!state)
		state = kconfig_load(&c, kv->release) ? -1 : 1;
	return state > 0 ? &c : NULL;
}

int model_backend_index(const char *name)
{
	if (name && !strcmp(name, "lsm"))
		name = "lockdown_policy";
	for (int b = 0; name && b < MODEL_BACKENDS; b++)
		if (!strcmp(name, model_backend_names[b]))
			return b;
	return MODEL_EITHER;
}

int load_model(struct model *m, const struct opts *o, const char *backend, struct diags *d)
{
	struct kversion kv;

	kversion_of_table(o->table, &kv);
	return load_model_for(m, o, &kv, backend, d);
}

int load_model_for(struct model *m, const struct opts *o, const struct kversion *kvp,
		   const char *backend, struct diags *d)
{
	struct kversion kv = *kvp;
	char why[256];

	if (model_load(m, o->model, &kv, d))
		return -1;
	if (!backend && kv.running && o->backend && strcmp(o->backend, "auto"))
		backend = o->backend;
	if (!backend && kv.running) {
		/* the backend the running kernel has, if one: the policy will run there */
		if (backend_lsm.present(SECFS_ROOT, why, sizeof(why)))
			backend = backend_lsm.name;
		else if (backend_bpf.present(SECFS_ROOT, why, sizeof(why)))
			backend = backend_bpf.name;
	}
	model_set_target(m, model_backend_index(backend),
			 kv.running && kv.known ? running_config(&kv) : kv.config);
	return 0;
}
