// SPDX-License-Identifier: GPL-2.0
/*
 * The bypass analysis. An allowed reason A defeats a denied reason D when
 * A's effective grants (closed under implication, "with" grants only when
 * their companions are allowed too) cover everything D grants: denying D
 * then keeps nothing out that A does not let in.
 */
#include <stdlib.h>
#include <string.h>

#include "analyze.h"
#include "util.h"

struct allowed_ctx {
	const struct policy *p;
};

static bool is_allowed(const char *id, void *arg)
{
	const struct policy *p = ((struct allowed_ctx *)arg)->p;
	int what = table_lookup(p->t, id);

	/* a companion this kernel does not have cannot be allowed */
	return what >= 0 && !policy_denies(p, what);
}

/* The grant of @a that, alone, carries @a into everything @need. */
static const struct model_grant *path_of(const struct model *m, const struct model_reason *a,
					 capset need, struct allowed_ctx *ctx)
{
	const struct model_grant *best = NULL;

	for (size_t g = 0; g < a->n_grants; g++) {
		const struct model_grant *gr = &a->grants[g];
		bool ok = true;

		for (size_t w = 0; w < gr->n_with; w++)
			ok = ok && is_allowed(gr->with[w], ctx);
		if (ok && (m->caps[gr->cap].implies & need) == need)
			return gr;
		if (ok && !best && (m->caps[gr->cap].implies & need))
			best = gr;
	}
	return best ? best : &a->grants[0];
}

static int ack_for(const struct policy *p, unsigned int allowed)
{
	for (size_t i = 0; i < p->n_acks; i++)
		if (p->acks[i].reason == allowed)
			return i;
	return -1;
}

size_t analyze_findings(const struct policy *p, const struct model *m,
			struct finding **out, uint64_t *unmodelled)
{
	const struct reason_table *t = p->t;
	struct allowed_ctx ctx = { p };
	size_t n = 0, cap = 0;

	*out = NULL;
	for (unsigned int d = 0; d < t->conf_max; d++) {
		const struct model_reason *dr;
		capset need;

		if (!table_is_reason(t, d))
			continue;
		dr = model_find(m, t->v[d].id);
		if (!dr) {
			if (unmodelled)
				unmodelled[d / 64] |= 1ULL << (d % 64);
			continue;
		}
		if (!policy_denies(p, d))
			continue;
		need = model_needs(m, dr);
		for (unsigned int a = 0; a < t->conf_max; a++) {
			const struct model_reason *ar;
			const struct model_grant *g;

			if (!table_is_reason(t, a) || policy_denies(p, a))
				continue;
			ar = model_find(m, t->v[a].id);
			if (!ar || (model_effective(m, ar, is_allowed, &ctx) & need) != need)
				continue;
			g = path_of(m, ar, need, &ctx);
			grow(out, &cap, n + 1, sizeof(**out));
			(*out)[n++] = (struct finding){
				.denied = d, .allowed = a, .how = g->how,
				.with = g->n_with ? g->with[0] : NULL,
				.ack = ack_for(p, a),
			};
		}
	}
	return n;
}

int analyze_report(struct policy *p, const struct model *m, bool notes, struct diags *d)
{
	const struct reason_table *t = p->t;
	uint64_t unmodelled[POLICY_WORDS] = { 0 };
	struct finding *f;
	size_t n = analyze_findings(p, m, &f, unmodelled);
	bool feature = p->intent == INTENT_FEATURE_DISABLE;
	unsigned int errors = d->errors;

	uint64_t noted[POLICY_WORDS] = { 0 };

	for (size_t i = 0; i < n; i++) {
		const struct loc *at = p->deny_loc[f[i].denied].file ? &p->deny_loc[f[i].denied] : NULL;
		unsigned int a = f[i].allowed;
		char with[160] = "";

		if (f[i].with)
			snprintf(with, sizeof(with), " (with %s allowed too)", f[i].with);
		if (f[i].ack >= 0)
			p->acks[f[i].ack].used = true;
		else if (!feature) {
			diag_error(d, at, "%s is denied but %s is allowed: %s%s", t->v[f[i].denied].id,
				   t->v[a].id, f[i].how, with);
			if (p->allow_loc[a].file && !(noted[a / 64] >> (a % 64) & 1)) {
				diag_note(d, &p->allow_loc[a], "%s is allowed here", t->v[a].id);
				noted[a / 64] |= 1ULL << (a % 64);
			}
		}
	}
	/* excused findings: one note per allowed reason, listing what it defeats */
	for (unsigned int a = 0; notes && a < t->conf_max; a++) {
		char list[2048] = "";
		size_t off = 0, count = 0, first = 0;

		for (size_t i = 0; i < n; i++) {
			if (f[i].allowed != a || (f[i].ack < 0 && !feature))
				continue;
			if (!count++)
				first = i;
			if (off < sizeof(list))
				off += snprintf(list + off, sizeof(list) - off, "%s%s", off ? ", " : "",
						t->v[f[i].denied].id);
		}
		if (!count)
			continue;
		diag_note(d, f[first].ack >= 0 ? &p->acks[f[first].ack].loc : &p->intent_loc,
			  "%s is allowed and defeats %zu denied reason%s (%s): %s; %s", t->v[a].id,
			  count, count == 1 ? "" : "s", list, f[first].how,
			  f[first].ack >= 0 ? "acknowledged" :
			  "the policy declares it is not a security boundary");
	}
	if (d->errors != errors) {
		struct loc at = { p->n_files ? p->files[0]->path : NULL, 0, 0 };

		diag_note(d, &at, "deny what defeats them too, or say why not: 'acknowledge REASON "
			  "\"why\"' for an allowed reason, or 'intent feature-disable \"why\"' for a "
			  "policy that is not a security boundary");
	}
	for (size_t i = 0; i < p->n_acks; i++)
		if (!p->acks[i].used)
			diag_warning(d, &p->acks[i].loc, "this acknowledges nothing: %s %s",
				     t->v[p->acks[i].reason].id,
				     policy_denies(p, p->acks[i].reason) ? "is denied" :
				     "defeats no reason this policy denies");
	for (unsigned int r = 0; r < t->conf_max; r++)
		if (unmodelled[r / 64] >> (r % 64) & 1)
			diag_warning(d, NULL, "%s is not in the reason model %s: bypasses through it "
				     "are not analysed", t->v[r].id, m->name);
	free(f);
	return d->errors == errors ? 0 : -1;
}

int analyze_policy(struct policy *p, struct diags *d)
{
	struct model m;
	int ret;

	if (model_load(&m, NULL, d))
		return -1;
	ret = analyze_report(p, &m, false, d);
	model_free(&m);
	return ret;
}
