// SPDX-License-Identifier: GPL-2.0
/*
 * The bypass analysis. An allowed reason A defeats a denied reason D when
 * A's effective grants (closed under implication, "with" grants only when
 * their companions are allowed too, never those for the console alone)
 * cover everything D grants: denying D then keeps nothing out that A does
 * not let in. A path that asks no reason defeats D the same way, unless
 * the backend in force closes it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze.h"
#include "emit.h"
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
		bool ok = !gr->console;

		for (size_t w = 0; w < gr->n_with; w++)
			ok = ok && is_allowed(gr->with[w], ctx);
		if (ok && (m->caps[gr->cap].implies & need) == need)
			return gr;
		if (ok && !best && (m->caps[gr->cap].implies & need))
			best = gr;
	}
	return best ? best : &a->grants[0];
}

/*
 * The acknowledgement of @allowed that covers the denial of @denied: one
 * made in the file that denies it or in a file including that one, never
 * one made in a file it includes (policy_in_scope()).
 */
static int ack_for(const struct policy *p, unsigned int allowed, unsigned int denied)
{
	for (size_t i = 0; i < p->n_acks; i++)
		if (p->acks[i].reason == allowed &&
		    policy_in_scope(p, p->acks[i].loc.file, p->deny_loc[denied].file))
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
				.ack = ack_for(p, a, d),
			};
		}
	}
	return n;
}

static bool reason_on_arch(const struct policy *p, const struct model *m, unsigned int what)
{
	const struct model_reason *r = model_find(m, p->t->v[what].id);

	return !r || model_reason_on_arch(r, model_host_arch());
}

bool analyze_on_arch(const struct policy *p, const struct model *m, const struct finding *f)
{
	return reason_on_arch(p, m, f->allowed) && reason_on_arch(p, m, f->denied);
}

/*
 * What excuses @f, for a note: its acknowledgement, or the intent of the
 * file that denies it. NULL if nothing does.
 */
static const char *excuse(const struct policy *p, const struct finding *f)
{
	if (f->ack >= 0)
		return "acknowledged";
	return policy_feature_intent(p, f->denied) ? "intent feature-disable" : NULL;
}

/* Append @id to @buf (of @len, used @off). */
static void list_add(char *buf, size_t len, size_t *off, const char *id, const char *why)
{
	if (*off < len)
		*off += snprintf(buf + *off, len - *off, "%s%s%s%s%s", *off ? ", " : "", id,
				 why ? " (" : "", why ? why : "", why ? ")" : "");
}

/*
 * Is the defeater of @f the policy's own decision, allowed by a statement
 * or acknowledged? Then it is reported at that place, per allowed reason;
 * a defeater allowed only because nothing denies it is reported where the
 * defeated reason is denied, per denied reason.
 */
static bool explicit_defeater(const struct policy *p, const struct finding *f)
{
	return p->allow_loc[f->allowed].file || p->warn_loc[f->allowed].file || f->ack >= 0;
}

/*
 * Where the policy allows @a: its warn statement if it warns about it (a
 * warned reason is allowed, the bypass analysis treats it as such), else
 * its last allow statement, else nowhere (NULL).
 */
static const struct loc *allowed_at(const struct policy *p, unsigned int a)
{
	if (policy_warns(p, a) && p->warn_loc[a].file)
		return &p->warn_loc[a];
	return p->allow_loc[a].file ? &p->allow_loc[a] : NULL;
}

/* How the policy allows @a, for messages. */
static const char *allowed_how(const struct policy *p, unsigned int a)
{
	return policy_warns(p, a) ? "warned (allowed, only logged)" : "allowed";
}

bool analyze_path_closed(const struct model_path *p, int b, const struct policy *pol)
{
	const struct model_closure *c = &p->on[b];

	if (c->open)
		return false;
	for (size_t w = 0; w < c->n_when; w++) {
		int what = table_lookup(pol->t, c->when[w]);

		if (what < 0 || !policy_denies(pol, what))
			return false;
	}
	return true;
}

bool analyze_path_open(const struct model *m, const struct model_path *p,
		       const struct policy *pol)
{
	if (!model_path_present(m, p))
		return false;
	if (m->backend == MODEL_NO_BACKEND)
		return true;
	if (m->backend >= 0)
		return !analyze_path_closed(p, m->backend, pol);
	for (int b = 0; b < MODEL_BACKENDS; b++)
		if (!analyze_path_closed(p, b, pol))
			return true;
	return false;
}

static bool all_allowed(const char *id, void *arg)
{
	(void)id;
	(void)arg;
	return true;
}

unsigned int analyze_path_defeats(const struct model *m, const struct model_path *p,
				  const struct policy *pol, uint64_t *out)
{
	const struct reason_table *t = pol->t;
	capset have = model_grants_effective(m, p->grants, p->n_grants, all_allowed, NULL);
	unsigned int n = 0;

	memset(out, 0, POLICY_WORDS * sizeof(*out));
	if (!analyze_path_open(m, p, pol))
		return 0;
	for (unsigned int d = 0; d < t->conf_max; d++) {
		const struct model_reason *dr;

		if (!table_is_reason(t, d) || !policy_denies(pol, d) ||
		    !(dr = model_find(m, t->v[d].id)) ||
		    !model_reason_on_arch(dr, model_host_arch()))
			continue;
		if ((have & model_needs(m, dr)) == model_needs(m, dr)) {
			out[d / 64] |= 1ULL << (d % 64);
			n++;
		}
	}
	return n;
}

unsigned int analyze_open_defeated(const struct policy *p, const struct model *m)
{
	uint64_t all[POLICY_WORDS] = { 0 }, one[POLICY_WORDS];
	unsigned int n = 0;

	for (size_t i = 0; i < m->n_paths; i++) {
		analyze_path_defeats(m, &m->p[i], p, one);
		for (unsigned int r = 0; r < p->t->conf_max; r++)
			if (bit_test(one, r) && !policy_feature_intent(p, r) && !bit_test(all, r)) {
				all[r / 64] |= 1ULL << (r % 64);
				n++;
			}
	}
	return n;
}

/* "the BPF backend", "lockdown_policy": a backend, for people. */
static const char *backend_words(int b)
{
	return b == MODEL_BPF ? "the BPF backend" : "lockdown_policy";
}

/*
 * "while the policy denies LOCKDOWN_X: it refuses ..." for @c, or, when
 * @pol denies them, "as this policy denies LOCKDOWN_X: it ...".
 */
static size_t when_str(const struct model_closure *c, const struct policy *pol, int b,
		       char *buf, size_t len, const struct model_path *p)
{
	bool here = pol && analyze_path_closed(p, b, pol);
	size_t off;

	if (!c->n_when)
		return snprintf(buf, len, "whatever the policy denies: it %s", c->how);
	off = snprintf(buf, len, "%s ", here ? "as this policy denies" : "while the policy denies");

	for (size_t w = 0; w < c->n_when && off < len; w++)
		off += snprintf(buf + off, len - off, "%s%s", w ? (w + 1 < c->n_when ? ", " : " and ") :
				"", c->when[w]);
	if (off < len)
		off += snprintf(buf + off, len - off, ": it %s", c->how);
	return off;
}

const char *analyze_closure_str(const struct model *m, const struct model_path *p,
				const struct policy *pol, char *buf, size_t len)
{
	char when[512];
	int closers = 0, closer = -1;

	for (int b = 0; b < MODEL_BACKENDS; b++)
		if (!p->on[b].open) {
			closers++;
			closer = b;
		}
	if (!closers) {
		snprintf(buf, len, "nothing closes it on Linux %u.%u, with lockdown_policy or the "
			 "BPF backend", m->major, m->minor);
	} else if (closers == MODEL_BACKENDS) {
		size_t off = snprintf(buf, len, "on Linux %u.%u", m->major, m->minor);

		for (int b = 0; b < MODEL_BACKENDS && off < len; b++) {
			when_str(&p->on[b], pol, b, when, sizeof(when), p);
			off += snprintf(buf + off, len - off, "%s %s closes it %s", b ? ";" : "",
					backend_words(b), when);
		}
	} else {
		when_str(&p->on[closer], pol, closer, when, sizeof(when), p);
		snprintf(buf, len, "on Linux %u.%u %s does not close it; %s does, %s", m->major,
			 m->minor, backend_words(!closer), backend_words(closer), when);
	}
	return buf;
}

/* How many reasons @p denies that have a kernel path on this architecture. */
static size_t policy_count_on_arch(const struct policy *p, const struct model *m)
{
	size_t n = 0;

	for (unsigned int r = 0; r < p->t->conf_max; r++) {
		const struct model_reason *mr;

		if (table_is_reason(p->t, r) && policy_denies(p, r) &&
		    (!(mr = model_find(m, p->t->v[r].id)) ||
		     model_reason_on_arch(mr, model_host_arch())))
			n++;
	}
	return n;
}

/*
 * Open paths: one warning per path that defeats denied reasons, where
 * the first of them is denied; those the denying file declares not a
 * boundary are left out (as a note if @notes).
 */
static void report_paths(struct policy *p, const struct model *m, bool notes, struct diags *d)
{
	const struct reason_table *t = p->t;

	for (size_t i = 0; i < m->n_paths; i++) {
		const struct model_path *path = &m->p[i];
		uint64_t def[POLICY_WORDS];
		char bad[2048] = "", ok[2048] = "", closure[1024];
		size_t bo = 0, oo = 0, nb = 0, no = 0;
		const struct loc *at = NULL, *ok_at = NULL;

		if (!analyze_path_defeats(m, path, p, def))
			continue;
		for (unsigned int r = 0; r < t->conf_max; r++) {
			if (!bit_test(def, r))
				continue;
			if (policy_feature_intent(p, r)) {
				no++;
				list_add(ok, sizeof(ok), &oo, t->v[r].id, NULL);
				if (!ok_at)
					ok_at = policy_feature_intent(p, r);
			} else {
				nb++;
				list_add(bad, sizeof(bad), &bo, t->v[r].id, NULL);
				if (!at && p->deny_loc[r].file)
					at = &p->deny_loc[r];
			}
		}
		analyze_closure_str(m, path, p, closure, sizeof(closure));
		if (nb) {
			char cond[256] = "";
			size_t co = 0;

			/* a kernel whose configuration is unknown: say what it takes */
			for (size_t k = 0; model_path_present(m, path) < 0 && k < path->n_needs; k++)
				co += snprintf(cond + co, sizeof(cond) - co, "%s%s", k ? ", " : " (with ",
					       path->needs[k]);
			if (co)
				snprintf(cond + co, sizeof(cond) - co, ")");
			if (nb == policy_count_on_arch(p, m))
				snprintf(bad, sizeof(bad), "every one it denies");
			diag_warning(d, at, "%s%s asks no reason: %s; so %zu denied reason%s protect%s "
				     "nothing from root (%s), and %s ('ldpolicy explain %s')",
				     path->name, cond, path->grants[0].how, nb, nb == 1 ? "" : "s",
				     nb == 1 ? "s" : "", bad, closure, path->name);
			diag_code(d, "open-path");
			for (unsigned int r = 0; r < t->conf_max; r++)
				if (bit_test(def, r) && !policy_feature_intent(p, r))
					diag_about(d, true, t->v[r].id);
		}
		if (notes && no) {
			diag_remark(d, ok_at, "%s asks no reason and defeats %zu denied reason%s (%s); "
				    "the file that denies %s declares it is not a security boundary",
				    path->name, no, no == 1 ? "" : "s", ok, no == 1 ? "it" : "them");
			diag_code(d, "open-path-excused");
		}
	}
}

/*
 * The findings, grouped: one error per explicitly allowed reason (at its
 * allow statement) listing what it defeats, and one per denied reason (at
 * its deny statement) listing the defeaters nothing in the policy names;
 * excused findings grouped the same way, as notes if @notes. Defeaters
 * that do not exist on this machine's architecture are left out: no x86
 * kernel path asks about LOCKDOWN_XMON_RW.
 */
int analyze_report(struct policy *p, const struct model *m, bool notes, struct diags *d)
{
	const struct reason_table *t = p->t;
	uint64_t unmodelled[POLICY_WORDS] = { 0 };
	struct finding *f;
	size_t n = analyze_findings(p, m, &f, unmodelled);
	unsigned int errors = d->errors;

	for (size_t i = 0; i < n; i++)
		if (analyze_on_arch(p, m, &f[i]) && f[i].ack >= 0)
			p->acks[f[i].ack].used = true;

	/* per explicitly allowed reason */
	for (unsigned int a = 0; a < t->conf_max; a++) {
		char bad[2048] = "", ok[2048] = "";
		size_t bo = 0, oo = 0, nb = 0, no = 0, first = 0;

		for (size_t i = 0; i < n; i++) {
			if (f[i].allowed != a || !explicit_defeater(p, &f[i]) || !analyze_on_arch(p, m, &f[i]))
				continue;
			if (!nb && !no)
				first = i;
			if (excuse(p, &f[i])) {
				no++;
				list_add(ok, sizeof(ok), &oo, t->v[f[i].denied].id,
					 f[i].ack >= 0 ? NULL : excuse(p, &f[i]));
			} else {
				nb++;
				list_add(bad, sizeof(bad), &bo, t->v[f[i].denied].id, NULL);
			}
		}
		if (nb) {
			char with[160] = "";

			if (f[first].with)
				snprintf(with, sizeof(with), " (with %s allowed too)", f[first].with);
			diag_error(d, allowed_at(p, a),
				   "%s is %s but defeats %zu denied reason%s (%s): %s%s",
				   t->v[a].id, allowed_how(p, a), nb, nb == 1 ? "" : "s", bad,
				   f[first].how, with);
			diag_code(d, "bypass");
			diag_about(d, false, t->v[a].id);
			for (size_t i = 0; i < n; i++)
				if (f[i].allowed == a && explicit_defeater(p, &f[i]) &&
				    analyze_on_arch(p, m, &f[i]) && !excuse(p, &f[i]))
					diag_about(d, true, t->v[f[i].denied].id);
			{
				const char *id = t->v[a].id;
				char *line = emit_ldp_line("acknowledge", &id, 1, "why");

				diag_fix_add_line(d, allowed_at(p, a)->line, "%s", line);
				free(line);
			}
			diag_note(d, allowed_at(p, a),
				  "if %s is allowed on purpose, say why: acknowledge %s \"why\"",
				  t->v[a].id, t->v[a].id);
		}
		if (notes && no) {
			diag_remark(d, f[first].ack >= 0 ? &p->acks[f[first].ack].loc :
				    allowed_at(p, a) ? allowed_at(p, a) :
				    policy_feature_intent(p, f[first].denied),
				    "%s is allowed and defeats %zu denied reason%s (%s): %s; %s", t->v[a].id,
				    no, no == 1 ? "" : "s", ok, f[first].how,
				    f[first].ack >= 0 ? "acknowledged" :
				    "the file that denies it declares it is not a security boundary");
			diag_code(d, "bypass-excused");
			diag_about(d, false, t->v[a].id);
		}
	}

	/* per denied reason, for defeaters the policy does not name */
	for (size_t i = 0, j; i < n; i = j) {
		unsigned int den = f[i].denied;
		const struct loc *at = p->deny_loc[den].file ? &p->deny_loc[den] : NULL;
		char bad[2048] = "", ok[2048] = "";
		size_t bo = 0, oo = 0, nb = 0, no = 0, last = i;

		for (j = i; j < n && f[j].denied == den; j++) {
			if (explicit_defeater(p, &f[j]) || !analyze_on_arch(p, m, &f[j]))
				continue;
			if (excuse(p, &f[j])) {
				no++;
				list_add(ok, sizeof(ok), &oo, t->v[f[j].allowed].id, NULL);
			} else {
				nb++;
				last = j;
				list_add(bad, sizeof(bad), &bo, t->v[f[j].allowed].id, NULL);
			}
		}
		if (nb == 1) {
			char with[160] = "";

			if (f[last].with)
				snprintf(with, sizeof(with), " (with %s allowed too)", f[last].with);
			diag_error(d, at, "%s is denied but %s is allowed: %s%s", t->v[den].id,
				   t->v[f[last].allowed].id, f[last].how, with);
		} else if (nb) {
			diag_error(d, at, "%s is denied but %zu allowed reasons defeat it: %s "
				   "('ldpolicy explain %s' says how)", t->v[den].id, nb, bad,
				   t->v[den].id);
		}
		if (nb) {
			diag_code(d, "bypass");
			diag_about(d, true, t->v[den].id);
			for (size_t k = i; k < j; k++)
				if (!explicit_defeater(p, &f[k]) && analyze_on_arch(p, m, &f[k]) &&
				    !excuse(p, &f[k]))
					diag_about(d, false, t->v[f[k].allowed].id);
			if (at) {
				/* deny the defeaters too, on the next line: the emitter writes it */
				const struct diagnostic *x = &d->v[d->n - 1];
				char *line = emit_ldp_line("deny", (const char *const *)x->allowed,
							   x->n_allowed, NULL);

				diag_fix_add_line(d, at->line, "%s", line);
				free(line);
			}
		}
		if (notes && no) {
			diag_remark(d, policy_feature_intent(p, den),
				    "%s is denied and defeated by %zu allowed reason%s (%s); the file "
				    "that denies it declares it is not a security boundary",
				    t->v[den].id, no, no == 1 ? "" : "s", ok);
			diag_code(d, "bypass-excused");
			diag_about(d, true, t->v[den].id);
		}
	}

	if (d->errors != errors) {
		struct loc at = { p->n_files ? p->files[0]->path : NULL, 0, 0 };

		diag_note(d, &at, "deny what defeats them too, or say why not: 'acknowledge REASON "
			  "\"why\"' for an allowed reason, or 'intent feature-disable \"why\"' for a "
			  "policy that is not a security boundary");
		diag_code(d, "bypass");
	}
	report_paths(p, m, notes, d);
	for (size_t i = 0; i < p->n_acks; i++)
		if (!p->acks[i].used)
		{
			diag_warning(d, &p->acks[i].loc, "this acknowledges nothing: %s %s",
				     t->v[p->acks[i].reason].id,
				     policy_denies(p, p->acks[i].reason) ? "is denied" :
				     "defeats no reason this policy denies");
			diag_code(d, "ack-unused");
		}
	/* a reason named on its own that no kernel path here asks: say so */
	for (unsigned int r = 0; r < t->conf_max; r++) {
		const struct model_reason *mr;
		const struct loc *at = policy_denies(p, r) ? &p->deny_loc[r] : &p->warn_loc[r];

		if (!table_is_reason(t, r) || !bit_test(p->named, r) ||
		    policy_verdict(p, r) == VERDICT_ALLOW || !(mr = model_find(m, t->v[r].id)) ||
		    model_reason_on_arch(mr, model_host_arch()) || !at->file)
			continue;
		diag_remark(d, at, "no kernel path on %s asks %s (%s): %s it changes nothing here",
			    model_host_arch(), t->v[r].id, mr->n_sites ? mr->sites[0].at : "no call site",
			    policy_denies(p, r) ? "denying" : "warning about");
		diag_code(d, "not-on-arch");
	}
	if (!policy_count(p) && !policy_count_warned(p)) {
		/* a boot file whose every line was commented out protects nothing */
		struct loc at = { p->n_files ? p->files[0]->path : NULL, 0, 0 };

		diag_warning(d, &at, "this policy denies nothing and warns about nothing: it "
			     "protects nothing");
		diag_code(d, "empty-policy");
	}
	for (unsigned int r = 0; r < t->conf_max; r++)
		if (unmodelled[r / 64] >> (r % 64) & 1)
		{
			diag_warning(d, NULL, "%s is not in the reason model %s: bypasses through it "
				     "are not analysed", t->v[r].id, m->name);
			diag_code(d, "unmodelled");
		}
	free(f);
	return d->errors == errors ? 0 : -1;
}

unsigned int analyze_defeated(const struct policy *p, const struct model *m)
{
	uint64_t defeated[POLICY_WORDS] = { 0 };
	unsigned int n = 0;
	struct finding *f;
	size_t nf = analyze_findings(p, m, &f, NULL);

	for (size_t i = 0; i < nf; i++)
		if (analyze_on_arch(p, m, &f[i]) && !bit_test(defeated, f[i].denied)) {
			defeated[f[i].denied / 64] |= 1ULL << (f[i].denied % 64);
			n++;
		}
	free(f);
	return n;
}

void analyze_acknowledge_all(struct policy *p, const struct model *m, const char *why)
{
	struct finding *f;
	size_t n = analyze_findings(p, m, &f, NULL);

	for (size_t i = 0; i < n; i++) {
		struct ack *a;

		if (ack_for(p, f[i].allowed, f[i].denied) >= 0 ||
		    policy_feature_intent(p, f[i].denied))
			continue;
		grow(&p->acks, &p->cap_acks, p->n_acks + 1, sizeof(*p->acks));
		a = &p->acks[p->n_acks++];
		*a = (struct ack){ .reason = f[i].allowed, .why = xstrdup(why) };
	}
	free(f);
}
