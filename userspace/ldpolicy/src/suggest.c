// SPDX-License-Identifier: GPL-2.0
/*
 * ldpolicy suggest: from warn mode's observations to a policy (suggest.h).
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "emit.h"
#include "state_json.h"
#include "suggest.h"
#include "util.h"

/*
 * Who asked about @r while it was warned: SUGGEST_USED if a program did,
 * or might have (questions no remembered task accounts for);
 * SUGGEST_KERNEL if only the kernel's own tasks did (at boot, to learn
 * whether a feature is available: denying it turns the feature off, as
 * lockdown does); SUGGEST_UNUSED if nothing did.
 */
static enum suggest_why usage(const struct kstate *k, unsigned int r)
{
	unsigned long long named = 0;
	bool program = false;

	for (size_t i = 0; i < k->n_seen; i++)
		if (k->seen[i].what == r) {
			named += k->seen[i].count;
			program |= !k->seen[i].kernel && k->seen[i].count;
		}
	if (program || k->warnings[r] > named)
		return SUGGEST_USED;
	return named ? SUGGEST_KERNEL : SUGGEST_UNUSED;
}

/* The analysis's findings for the used reasons, one acknowledgement each. */
static void suggest_acks(struct suggestion *s, const struct model *m)
{
	struct finding *f;
	size_t n = analyze_findings(&s->p, m, &f, NULL);

	for (size_t i = 0; i < n; i++) {
		struct suggest_ack *a = NULL;

		if (!analyze_on_arch(&s->p, m, &f[i]))
			continue;
		for (size_t x = 0; x < s->n_acks && !a; x++)
			if (s->acks[x].allowed == f[i].allowed)
				a = &s->acks[x];
		if (!a) {
			s->acks = xrealloc(s->acks, (s->n_acks + 1) * sizeof(*s->acks));
			a = &s->acks[s->n_acks++];
			*a = (struct suggest_ack){ .allowed = f[i].allowed, .how = f[i].how };
		}
		a->defeats[f[i].denied / 64] |= 1ULL << (f[i].denied % 64);
	}
	free(f);
}

int suggest_build(struct suggestion *s, const struct reason_table *t, const struct model *m,
		  const struct kstate *k, const char *base, struct diags *d)
{
	memset(s, 0, sizeof(*s));
	s->t = t;
	s->k = k;
	s->base = base;
	s->base_max = strcmp(base, "integrity") ? t->conf_max : t->integrity_max;
	if (!k->loaded) {
		diag_error(d, NULL, "no policy is loaded in %s: nothing was watched; load one that "
			   "warns (warn %s) and run the workload first", k->where, base);
		return -1;
	}
	if (!k->seen_read) {
		diag_error(d, NULL, "who used the warned reasons cannot be read (%s): a suggestion "
			   "needs it; run ldpolicy suggest as root", k->where);
		return -1;
	}
	{
		bool any = false;

		for (int w = 0; w < POLICY_WORDS; w++)
			any |= k->warned[w] != 0;
		if (!any) {
			diag_error(d, NULL, "no reason is in warn mode in %s, so nothing was watched: "
				   "load a policy that warns (warn %s), run the workload, then ask "
				   "again", k->where, base);
			return -1;
		}
	}
	s->p.t = t;
	for (unsigned int r = 0; r < t->conf_max; r++) {
		if (!table_is_reason(t, r))
			continue;
		if (bit_test(k->by_policy, r))
			s->why[r] = SUGGEST_DENIED;
		else if (r >= s->base_max)
			s->why[r] = SUGGEST_OUTSIDE;
		else if (!bit_test(k->warned, r))
			s->why[r] = SUGGEST_UNWATCHED;
		else
			s->why[r] = usage(k, r);
		if (s->why[r] != SUGGEST_OUTSIDE && s->why[r] != SUGGEST_USED)
			policy_set_verdict(&s->p, r, VERDICT_DENY);
	}
	suggest_acks(s, m);
	return 0;
}

void suggest_free(struct suggestion *s)
{
	free(s->acks);
	s->acks = NULL;
	s->n_acks = 0;
}

/*
 * A comm for a comment: printable ASCII, on one line; a '?' for anything
 * else, one per UTF-8 character or stray byte (so that a comm replayed
 * from a record, where a stray byte came back as U+FFFD, reads the same).
 */
static void put_comm(const char *comm, FILE *f)
{
	for (const char *c = comm; *c;) {
		size_t n = utf8_len(c);

		fputc(n == 1 && isprint((unsigned char)*c) ? *c : '?', f);
		c += n ? n : 1;
	}
}

/* "perf (12), bpftrace (3)", and how many uses no remembered task accounts for. */
static void put_users(const struct kstate *k, unsigned int r, FILE *f)
{
	unsigned long long named = 0;
	const char *sep = "";

	for (size_t i = 0; i < k->n_seen; i++)
		if (k->seen[i].what == r) {
			fputs(sep, f);
			put_comm(k->seen[i].comm, f);
			fprintf(f, " (%llu%s)", k->seen[i].count, k->seen[i].kernel ? ", the kernel's" : "");
			named += k->seen[i].count;
			sep = ", ";
		}
	if (k->warnings[r] > named)
		fprintf(f, "%sand %llu more from tasks no longer remembered", sep,
			k->warnings[r] - named);
}

static size_t count_why(const struct suggestion *s, enum suggest_why why)
{
	size_t n = 0;

	for (unsigned int r = 0; r < s->t->conf_max; r++)
		n += table_is_reason(s->t, r) && s->why[r] == why;
	return n;
}

/* A comment listing the reasons of @why, wrapped. */
static void put_list(const struct suggestion *s, enum suggest_why why, FILE *f)
{
	size_t col = 0;

	for (unsigned int r = 0; r < s->t->conf_max; r++) {
		if (!table_is_reason(s->t, r) || s->why[r] != why)
			continue;
		if (!col || col + strlen(s->t->v[r].id) > 76) {
			fputs(col ? "\n#  " : "#  ", f);
			col = 3;
		}
		fprintf(f, " %s", s->t->v[r].id);
		col += 1 + strlen(s->t->v[r].id);
	}
	if (col)
		fputc('\n', f);
}

static const struct suggest_ack *ack_of(const struct suggestion *s, unsigned int r)
{
	for (size_t i = 0; i < s->n_acks; i++)
		if (s->acks[i].allowed == r)
			return &s->acks[i];
	return NULL;
}

/* "Y, Z": the denied reasons @a defeats. */
static char *defeated_list(const struct suggestion *s, const struct suggest_ack *a)
{
	char *list = xstrdup("");

	for (unsigned int d = 0; d < s->t->conf_max; d++)
		if (bit_test(a->defeats, d)) {
			char *more = xasprintf("%s%s%s", list, *list ? ", " : "", s->t->v[d].id);

			free(list);
			list = more;
		}
	return list;
}

/* The acknowledgement's reason, as the policy states it. */
static char *ack_why(const struct suggestion *s, const struct suggest_ack *a)
{
	const char *id = s->t->v[a->allowed].id;
	char *list = defeated_list(s, a), *why;

	if (s->why[a->allowed] == SUGGEST_USED)
		why = xasprintf("the workload used %s while it was warned, so ldpolicy suggest "
				"kept it allowed, though it defeats %s (%s)", id, list, a->how);
	else
		why = xasprintf("%s is outside the base %s, so allowed, though it defeats %s (%s)",
				id, s->base, list, a->how);
	free(list);
	return why;
}

void suggest_write_ldp(const struct suggestion *s, const char *source, FILE *f)
{
	const struct reason_table *t = s->t;
	const struct kstate *k = s->k;

	fprintf(f, "# Suggested by ldpolicy suggest from what %s observed in warn mode.\n"
		"# Base: %s (%s). Every reason of the base is denied but those\n"
		"# something used while they were warned: those stay allowed, for the\n"
		"# programs named below. Review it, then: ldpolicy check FILE, and\n"
		"# ldpolicy load --merge FILE (the used reasons are warned now, and a load\n"
		"# never moves a reason from warned down to allowed until reboot).\n"
		"# reason table: %s\n", source, s->base,
		s->base_max == t->conf_max ? "every reason" : "the integrity reasons", t->source);
	if (s->origin)
		fprintf(f, "# kernel: %s %s\n", s->origin->release, s->origin->machine);
	fputc('\n', f);
	fprintf(f, "deny %s\n", s->base);

	for (unsigned int r = 0; r < t->conf_max; r++) {
		const struct suggest_ack *a;

		if (!table_is_reason(t, r) || s->why[r] != SUGGEST_USED)
			continue;
		fprintf(f, "\n# %s: used while warned, %llu time%s, by ", t->v[r].id,
			k->warnings[r], k->warnings[r] == 1 ? "" : "s");
		put_users(k, r, f);
		fprintf(f, "\nallow %s\n", t->v[r].id);
		a = ack_of(s, r);
		if (a) {
			char *why = ack_why(s, a);

			fprintf(f, "# Allowing it defeats reasons this policy denies: the bypass\n"
				"# is accepted because the workload needs %s. Deny it instead\n"
				"# to keep them denied, and the workload without it.\n"
				"acknowledge %s ", t->v[r].id, t->v[r].id);
			emit_ldp_string(why, f);
			fputc('\n', f);
			free(why);
		}
	}
	/* outside the base, allowed: bypasses through them are acknowledged too */
	for (unsigned int r = 0; r < t->conf_max; r++) {
		const struct suggest_ack *a = ack_of(s, r);
		char *why;

		if (!a || s->why[r] != SUGGEST_OUTSIDE)
			continue;
		why = ack_why(s, a);
		fprintf(f, "\n# %s is outside the base, so allowed, and defeats reasons the\n"
			"# base denies. Deny it too, or accept that:\n"
			"acknowledge %s ", t->v[r].id, t->v[r].id);
		emit_ldp_string(why, f);
		fputc('\n', f);
		free(why);
	}
	for (unsigned int r = 0; r < t->conf_max; r++)
		if (table_is_reason(t, r) && s->why[r] == SUGGEST_DENIED && r >= s->base_max)
			fprintf(f, "\n# denied in force already: a load never allows it again\n"
				"deny %s\n", t->v[r].id);

	if (count_why(s, SUGGEST_UNUSED)) {
		fputs("\n# Denied: warned while the workload ran, and nothing used them:\n", f);
		put_list(s, SUGGEST_UNUSED, f);
	}
	if (count_why(s, SUGGEST_KERNEL)) {
		fputs("\n# Denied: only the kernel's own tasks asked, no program. The kernel\n"
		      "# asks some at boot to learn whether a feature is available; denied,\n"
		      "# the feature is off, as lockdown means it to be:\n", f);
		for (unsigned int r = 0; r < t->conf_max; r++)
			if (table_is_reason(t, r) && s->why[r] == SUGGEST_KERNEL) {
				fprintf(f, "#   %s: ", t->v[r].id);
				put_users(k, r, f);
				fputc('\n', f);
			}
	}
	if (count_why(s, SUGGEST_UNWATCHED)) {
		fputs("\n# Denied without evidence: not warned while the workload ran, so\n"
		      "# nothing says whether it needs them. Warn about them and run it\n"
		      "# again to know:\n", f);
		put_list(s, SUGGEST_UNWATCHED, f);
	}
	if (count_why(s, SUGGEST_DENIED)) {
		fputs("\n# Denied in force already:\n", f);
		put_list(s, SUGGEST_DENIED, f);
	}
}

static const char *why_name(enum suggest_why why)
{
	static const char *const names[] = {
		[SUGGEST_OUTSIDE] = "outside-base", [SUGGEST_USED] = "used",
		[SUGGEST_UNUSED] = "unused", [SUGGEST_KERNEL] = "kernel-only",
		[SUGGEST_UNWATCHED] = "unwatched",
		[SUGGEST_DENIED] = "denied-in-force",
	};

	return names[why];
}

void suggest_write_json(const struct suggestion *s, const char *source, struct json *j)
{
	const struct reason_table *t = s->t;
	const struct kstate *k = s->k;

	json_key(j, "source");
	json_str(j, source);
	json_key(j, "base");
	json_str(j, s->base);
	if (s->origin)
		state_json_kernel(j, s->origin);
	json_key(j, "reasons");
	json_begin_array(j);
	for (unsigned int r = 0; r < t->conf_max; r++) {
		if (!table_is_reason(t, r))
			continue;
		json_begin_object(j);
		emit_json_reason(j, t, r);
		json_key(j, "verdict");
		json_str(j, verdict_name(policy_verdict(&s->p, r)));
		json_key(j, "why");
		json_str(j, why_name(s->why[r]));
		json_key(j, "uses");
		json_uint(j, k->warnings[r]);
		state_json_asked_by(j, k, r);
		json_end_object(j);
	}
	json_end_array(j);
	json_key(j, "acknowledge");
	json_begin_array(j);
	for (size_t i = 0; i < s->n_acks; i++) {
		const struct suggest_ack *a = &s->acks[i];
		char *why = ack_why(s, a);

		json_begin_object(j);
		json_key(j, "reason");
		json_str(j, t->v[a->allowed].id);
		json_key(j, "defeats");
		json_begin_array(j);
		for (unsigned int d = 0; d < t->conf_max; d++)
			if (bit_test(a->defeats, d))
				json_str(j, t->v[d].id);
		json_end_array(j);
		json_key(j, "why");
		json_str(j, why);
		json_end_object(j);
		free(why);
	}
	json_end_array(j);
}
