// SPDX-License-Identifier: GPL-2.0
/* ldpolicy.status/2, written (state_json.h; state_read.c reads it back). */
#include <string.h>

#include "emit.h"
#include "json.h"
#include "state_json.h"

void state_json_asked_by(struct json *j, const struct kstate *k, unsigned int r)
{
	json_key(j, "asked_by");
	json_begin_array(j);
	for (size_t x = 0; x < k->n_seen; x++) {
		if (k->seen[x].what != r)
			continue;
		json_begin_object(j);
		json_key(j, "comm");
		json_str(j, k->seen[x].comm);
		json_key(j, "count");
		json_uint(j, k->seen[x].count);
		json_key(j, "kernel");
		json_bool(j, k->seen[x].kernel);
		json_end_object(j);
	}
	json_end_array(j);
}

void state_json_kernel(struct json *j, const struct kstate_origin *o)
{
	json_key(j, "kernel");
	json_begin_object(j);
	json_key(j, "release");
	json_str(j, o->release);
	json_key(j, "machine");
	json_str(j, o->machine);
	/* the options the reason model names, as built; null: unknown */
	json_key(j, "config");
	if (o->options_known) {
		json_begin_object(j);
		for (size_t i = 0; i < o->n_options; i++) {
			json_key(j, o->options[i].name);
			json_bool(j, o->options[i].set);
		}
		json_end_object(j);
	} else {
		json_str(j, NULL);
	}
	json_end_object(j);
}

void state_json_write(struct json *j, const struct reason_table *t, const struct kstate *k,
		      const struct kstate_origin *o)
{
	json_key(j, "backend");
	json_str(j, o->backend);
	json_key(j, "where");
	json_str(j, k->where);
	json_key(j, "loaded");
	json_bool(j, k->loaded);
	json_key(j, "fingerprint");
	json_str(j, k->fingerprint);
	json_key(j, "sealed");
	json_bool(j, k->sealed);
	json_key(j, "static_level");
	json_str(j, k->lockdown[0] ? k->lockdown : NULL);
	json_key(j, "intent");
	json_str(j, k->not_a_boundary ? "feature-disable" : "security-boundary");
	json_key(j, "bypass_acknowledged");
	json_bool(j, k->bypass_acked);
	state_json_kernel(j, o);
	json_key(j, "table");
	json_begin_object(j);
	emit_json_table(j, t);
	json_end_object(j);
	json_key(j, "asked_by_known");
	json_bool(j, k->seen_read);
	json_key(j, "reasons");
	json_begin_array(j);
	for (unsigned int r = 0; r < t->conf_max; r++) {
		if (!table_is_reason(t, r))
			continue;
		json_begin_object(j);
		emit_json_reason(j, t, r);
		json_key(j, "state");
		json_str(j, kstate_state_name(k, r));
		json_key(j, "by");
		json_str(j, kstate_by_name(k, r));
		json_key(j, "denials");
		json_uint(j, k->denials[r]);
		json_key(j, "warnings");
		json_uint(j, k->warnings[r]);
		if (k->seen_read)
			state_json_asked_by(j, k, r);
		json_key(j, "policy");
		json_str(j, kstate_policy_name(k, r));
		json_end_object(j);
	}
	json_end_array(j);
	if (!strcmp(o->backend, "bpf")) {
		json_key(j, "notices");
		json_begin_array(j);
		for (size_t x = 0; x < k->n_notices; x++) {
			json_begin_object(j);
			json_key(j, "boot_ns");
			json_uint(j, k->notices[x].boot_ns);
			json_key(j, "comm");
			json_str(j, k->notices[x].comm);
			json_key(j, "pid");
			json_uint(j, k->notices[x].pid);
			json_key(j, "id");
			json_str(j, t->v[k->notices[x].what].id);
			json_end_object(j);
		}
		json_end_array(j);
	}
}
