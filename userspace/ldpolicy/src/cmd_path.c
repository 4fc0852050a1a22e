// SPDX-License-Identifier: GPL-2.0
/*
 * ldpolicy query PATH: is a path that asks no reason (model.h) open on
 * the running kernel, with the backend and the policy in force? Exit 0
 * when it is, as for an allowed reason; 1 when the backend closes it, or
 * the kernel does not have it.
 */
#include <stdio.h>
#include <string.h>

#include "analyze.h"
#include "backend.h"
#include "cmd.h"
#include "json.h"
#include "model.h"
#include "policy.h"

/* "open", "closed" or "absent" for @p, and why, into @why. */
static const char *path_state(const struct model *m, const struct model_path *p,
			      const struct policy *pol, char *why, size_t len)
{
	size_t off;

	if (!model_path_present(m, p)) {
		off = snprintf(why, len, "not in this kernel: it needs");
		for (size_t i = 0; i < p->n_needs && off < len; i++)
			off += snprintf(why + off, len - off, "%s %s", i ? "," : "", p->needs[i]);
		return "absent";
	}
	if (m->backend >= 0 && analyze_path_closed(p, m->backend, pol)) {
		const struct model_closure *c = &p->on[m->backend];

		off = snprintf(why, len, "closed by %s:", model_backend_names[m->backend]);
		if (!c->n_when) {
			snprintf(why + off, len - off, " it %s", c->how);
			return "closed";
		}
		for (size_t w = 0; w < c->n_when && off < len; w++)
			off += snprintf(why + off, len - off, "%s %s", w ? "," : "", c->when[w]);
		snprintf(why + off, len - off, " %s denied: it %s", c->n_when > 1 ? "are" : "is",
			 c->how);
		return "closed";
	}
	if (m->backend < 0)
		snprintf(why, len, "asks no reason, and no lockdown policy backend is in this "
			 "kernel to close it");
	else if (p->on[m->backend].open)
		snprintf(why, len, "asks no reason; nothing closes it on Linux %u.%u with %s",
			 m->major, m->minor, model_backend_names[m->backend]);
	else
		snprintf(why, len, "asks no reason; %s closes it only while the policy denies %s",
			 model_backend_names[m->backend], p->on[m->backend].when[0]);
	return "open";
}

int query_path(const struct model *m, const struct model_path *p, const struct reason_table *t,
	       const struct kstate *k, const char *backend, const struct opts *o)
{
	struct policy pol;
	uint64_t denied[POLICY_WORDS];
	const char *state;
	char why[512];

	for (int w = 0; w < POLICY_WORDS; w++)
		denied[w] = k->by_policy[w] | k->by_static[w];
	policy_from_bits(&pol, t, denied, k->warned, 0);
	state = path_state(m, p, &pol, why, sizeof(why));
	if (o->json) {
		struct json j;

		json_begin_document(&j, stdout, "ldpolicy.path/1");
		explain_json_path(&j, m, p, t);
		json_key(&j, "state");
		json_str(&j, state);
		json_key(&j, "backend");
		json_str(&j, backend);
		if (o->policy) {
			json_key(&j, "policy");
			json_str(&j, o->policy);
		}
		json_end_document(&j);
	} else if (!o->quiet) {
		printf("%s: %s (%s)\n", p->name, state, why);
	}
	policy_free(&pol);
	return strcmp(state, "open") ? EXIT_POLICY : EXIT_OK;
}

/*
 * For status: the paths that ask no reason and are open on the running
 * kernel with backend @backend and the state @k, each with the denied
 * reasons it defeats: what the backend cannot close here. Never silent:
 * without a model, it says it cannot tell.
 */
void status_open_paths(const struct reason_table *t, const struct kstate *k, const char *backend,
		       const struct opts *o)
{
	uint64_t denied[POLICY_WORDS];
	struct diags d = { 0 };
	struct policy pol;
	struct model m;
	unsigned int n = 0;

	if (load_model(&m, o, backend, &d)) {
		diag_free(&d);
		puts("\npaths that ask no reason: no reason model for this kernel, cannot tell "
		     "which are open");
		return;
	}
	diag_free(&d);
	for (int w = 0; w < POLICY_WORDS; w++)
		denied[w] = k->by_policy[w] | k->by_static[w];
	policy_from_bits(&pol, t, denied, k->warned, 0);
	for (size_t i = 0; i < m.n_paths; i++) {
		const struct model_path *p = &m.p[i];
		uint64_t defeats[POLICY_WORDS] = { 0 };
		const char *sep = "";

		if (!analyze_path_open(&m, p, &pol) || !analyze_path_defeats(&m, p, &pol, defeats))
			continue;
		if (!n++)
			printf("\nopen here, asking no reason, though what they defeat is denied "
			       "(Linux %u.%u, %s; ldpolicy explain PATH):\n", m.major, m.minor,
			       backend);
		printf("  %-20s defeats ", p->name);
		for (unsigned int r = 0; r < t->conf_max; r++)
			if (table_is_reason(t, r) && bit_test(defeats, r)) {
				printf("%s%s", sep, t->v[r].id);
				sep = ", ";
			}
		putchar('\n');
	}
	if (!n)
		printf("\nno path that asks no reason is open here for what is denied (Linux "
		       "%u.%u, %s)\n", m.major, m.minor, backend);
	policy_free(&pol);
	model_free(&m);
}
