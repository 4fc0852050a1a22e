// SPDX-License-Identifier: GPL-2.0
/*
 * Resolution: statements evaluated in order, includes expanded where they
 * stand, names resolved against the reason table.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <libgen.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "paths.h"
#include "policy.h"
#include "util.h"

#define MAX_INCLUDE_DEPTH 16

struct ctx {
	struct policy *p;
	struct diags *d;
	bool include_failed;	/* what an include would have denied is unknown */
	char *stack[MAX_INCLUDE_DEPTH];	/* realpaths being compiled */
	int stack_file[MAX_INCLUDE_DEPTH];	/* and their indices in p->files */
	int depth;
	size_t total;		/* bytes read, includes and all: LDP_MAX_POLICY_TOTAL */
	bool over_total;	/* past it, said once: nothing more is read */
};

bool policy_denies(const struct policy *p, unsigned int what)
{
	return what < LOCKDOWN_POLICY_MAX_REASONS && bit_test(p->deny, what);
}

bool policy_warns(const struct policy *p, unsigned int what)
{
	return what < LOCKDOWN_POLICY_MAX_REASONS && bit_test(p->warn, what);
}

enum verdict policy_verdict(const struct policy *p, unsigned int what)
{
	if (policy_denies(p, what))
		return VERDICT_DENY;
	return policy_warns(p, what) ? VERDICT_WARN : VERDICT_ALLOW;
}

const char *verdict_name(enum verdict v)
{
	return v == VERDICT_DENY ? "denied" : v == VERDICT_WARN ? "warned" : "allowed";
}

void policy_set_verdict(struct policy *p, unsigned int what, enum verdict v)
{
	uint64_t bit = 1ULL << (what % 64);

	p->deny[what / 64] &= ~bit;
	p->warn[what / 64] &= ~bit;
	if (v == VERDICT_DENY)
		p->deny[what / 64] |= bit;
	else if (v == VERDICT_WARN)
		p->warn[what / 64] |= bit;
}

void policy_set(struct policy *p, unsigned int what, bool deny)
{
	policy_set_verdict(p, what, deny ? VERDICT_DENY : VERDICT_ALLOW);
}

static unsigned int popcount_words(const uint64_t *w)
{
	unsigned int n = 0;

	for (int i = 0; i < POLICY_WORDS; i++)
		n += __builtin_popcountll(w[i]);
	return n;
}

unsigned int policy_count(const struct policy *p)
{
	return popcount_words(p->deny);
}

unsigned int policy_count_warned(const struct policy *p)
{
	return popcount_words(p->warn);
}

static int file_index(const struct policy *p, const char *file)
{
	for (size_t i = 0; i < p->n_files; i++)
		if (p->files[i]->path == file)
			return i;
	return -1;
}

bool policy_in_scope(const struct policy *p, const char *decl_file, const char *stmt_file)
{
	if (!decl_file || !stmt_file)
		return !decl_file;
	for (int i = file_index(p, stmt_file); i >= 0; i = p->files[i]->parent)
		if (p->files[i]->path == decl_file)
			return true;
	return false;
}

/* The intent declared in @file itself, or NULL. */
static const struct file_intent *intent_of(const struct policy *p, const char *file)
{
	for (size_t i = 0; i < p->n_intents; i++)
		if (p->intents[i].loc.file == file)
			return &p->intents[i];
	return NULL;
}

/*
 * The nearest declaration up the include chain of the file that denies
 * @what decides: feature-disable gives its place, security-boundary (or
 * none) NULL.
 */
const struct loc *policy_feature_intent(const struct policy *p, unsigned int what)
{
	const char *file = p->deny_loc[what].file;

	if (!file)
		return p->intent == INTENT_FEATURE_DISABLE ? &p->intent_loc : NULL;
	for (int i = file_index(p, file); i >= 0; i = p->files[i]->parent) {
		const struct file_intent *fi = intent_of(p, p->files[i]->path);

		if (fi)
			return fi->intent == INTENT_FEATURE_DISABLE ? &fi->loc : NULL;
	}
	return NULL;
}

/* The blob's intent: feature-disable when no denial claims a boundary. */
static void settle_intent(struct policy *p)
{
	const struct file_intent *first = NULL;

	for (size_t i = 0; i < p->n_intents && !first; i++)
		if (p->intents[i].intent == INTENT_FEATURE_DISABLE)
			first = &p->intents[i];
	p->intent = INTENT_BOUNDARY;
	if (!first)
		return;
	for (unsigned int r = 0; r < p->t->conf_max; r++)
		if (table_is_reason(p->t, r) && policy_denies(p, r) && !policy_feature_intent(p, r))
			return;
	p->intent = INTENT_FEATURE_DISABLE;
	p->intent_loc = first->loc;
	free(p->intent_why);
	p->intent_why = first->why ? xstrdup(first->why) : NULL;
}

uint32_t policy_flags(const struct policy *p)
{
	uint32_t f = 0;

	if (p->seal)
		f |= LOCKDOWN_POLICY_FLAG_SEAL;
	if (p->intent == INTENT_FEATURE_DISABLE)
		f |= LOCKDOWN_POLICY_FLAG_NOT_A_BOUNDARY;
	if (p->n_acks)
		f |= LOCKDOWN_POLICY_FLAG_BYPASS_ACKED;
	return f;
}

void policy_from_bits(struct policy *p, const struct reason_table *t,
		      const uint64_t *words, const uint64_t *warn, uint32_t flags)
{
	memset(p, 0, sizeof(*p));
	p->t = t;
	for (unsigned int i = 0; i < t->conf_max; i++) {
		if (!table_is_reason(t, i))
			continue;
		if (bit_test(words, i))
			policy_set_verdict(p, i, VERDICT_DENY);
		else if (warn && bit_test(warn, i))
			policy_set_verdict(p, i, VERDICT_WARN);
	}
	p->seal = flags & LOCKDOWN_POLICY_FLAG_SEAL;
	if (flags & LOCKDOWN_POLICY_FLAG_NOT_A_BOUNDARY)
		p->intent = INTENT_FEATURE_DISABLE;
}

/* Apply one name of a deny, warn or allow statement. */
static void apply_name(struct ctx *c, const struct word *w, enum verdict v)
{
	const struct reason_table *t = c->p->t;
	unsigned int lo = 1, hi = 0;
	int what;

	/* groups, like reasons' short forms, in any case */
	if (!strcasecmp(w->text, "integrity")) {
		hi = t->integrity_max;
	} else if (!strcasecmp(w->text, "confidentiality") || !strcasecmp(w->text, "all")) {
		hi = t->conf_max;
	} else if ((what = table_lookup(t, w->text)) >= 0) {
		lo = what;
		hi = what + 1;
	} else {
		const char *s = table_suggest(t, w->text);

		for (unsigned int i = 0; i <= t->conf_max; i++)
			if (!table_is_reason(t, i) && !strcmp(w->text, t->v[i].id)) {
				diag_error(c->d, &w->loc, "%s is a level, not a reason%s", w->text,
					   i == t->integrity_max ? ": use the group 'integrity'" :
					   i == t->conf_max ? ": use the group 'confidentiality'" : "");
				diag_code(c->d, "not-a-reason");
				if (i == t->integrity_max || i == t->conf_max)
					diag_fix(c->d, &w->loc, strlen(w->text), "%s",
						 i == t->integrity_max ? "integrity" : "confidentiality");
				return;
			}
		if (s)
			diag_error(c->d, &w->loc, "unknown reason '%s'; did you mean '%s'?",
				   w->text, s);
		else
			diag_error(c->d, &w->loc, "unknown reason '%s' (not in the table from %s)",
				   w->text, t->source);
		diag_code(c->d, "unknown-reason");
		if (s)
			diag_fix(c->d, &w->loc, strlen(w->text), "%s", s);
		return;
	}
	if (v == VERDICT_ALLOW) {
		bool any = false;

		for (unsigned int i = lo; i < hi; i++)
			any |= table_is_reason(t, i) && policy_verdict(c->p, i) != VERDICT_ALLOW;
		/* after a failed include, not knowing is no finding */
		if (!any && !c->include_failed)
		{
			diag_warning(c->d, &w->loc, "'allow %s' has no effect: nothing it names is "
				     "denied or warned here", w->text);
			diag_code(c->d, "no-effect");
		}
	}
	if (hi == lo + 1)
		c->p->named[lo / 64] |= 1ULL << (lo % 64);
	for (unsigned int i = lo; i < hi; i++) {
		if (!table_is_reason(t, i))
			continue;
		policy_set_verdict(c->p, i, v);
		if (v == VERDICT_DENY)
			c->p->deny_loc[i] = w->loc;
		else if (v == VERDICT_WARN)
			c->p->warn_loc[i] = w->loc;
		else
			c->p->allow_loc[i] = w->loc;
	}
}

static int compile_file(struct ctx *c, const char *path, const struct loc *from);
static int compile_parsed(struct ctx *c, struct policy_file *f, char *real, unsigned int errors);

static const char **include_dirs;
static size_t n_include_dirs, cap_include_dirs;

void policy_add_include_dir(const char *dir)
{
	grow(&include_dirs, &cap_include_dirs, n_include_dirs + 1, sizeof(*include_dirs));
	include_dirs[n_include_dirs++] = dir;
}

/*
 * @from_path is the including file's canonical path: an include is found
 * beside the file, not beside a symlink to it.
 */
static void do_include(struct ctx *c, const struct stmt *s, const char *from_path)
{
	const char *name = s->str.text;
	char *path;

	if (name[0] == '/' || !strchr(from_path, '/')) {
		path = xstrdup(name);
	} else {
		char *copy = xstrdup(from_path);

		path = xasprintf("%s/%s", dirname(copy), name);
		free(copy);
	}
	/* not beside its includer: the include path, then the shipped policies */
	for (size_t i = 0; name[0] != '/' && access(path, F_OK) && i <= n_include_dirs; i++) {
		char *there = xasprintf("%s/%s", i < n_include_dirs ? include_dirs[i] :
					LDPOLICY_POLICY_DIR, name);

		if (!access(there, F_OK)) {
			free(path);
			path = there;
		} else {
			free(there);
		}
	}
	if (name[0] != '/' && access(path, F_OK) && errno == ENOENT) {
		diag_error(c->d, &s->str.loc, "cannot include '%s': not beside this file, %sor in "
			   "the shipped policies (%s)", name,
			   n_include_dirs ? "in the -I directories " : "", LDPOLICY_POLICY_DIR);
		diag_code(c->d, "include");
		c->include_failed = true;
		free(path);
		return;
	}
	if (compile_file(c, path, &s->str.loc))
		c->include_failed = true;
	free(path);
}

static void do_stmt(struct ctx *c, const struct stmt *s)
{
	struct policy *p = c->p;

	switch (s->kind) {
	case ST_DENY:
	case ST_ALLOW:
	case ST_WARN:
		for (size_t i = 0; i < s->n_names; i++)
			apply_name(c, &s->names[i], s->kind == ST_DENY ? VERDICT_DENY :
					 s->kind == ST_WARN ? VERDICT_WARN : VERDICT_ALLOW);
		break;
	case ST_INCLUDE:
		do_include(c, s, c->stack[c->depth - 1]);
		break;
	case ST_SEAL:
		p->seal = true;
		break;
	case ST_INTENT: {
		enum intent in = strcmp(s->names[0].text, "feature-disable") ?
				 INTENT_BOUNDARY : INTENT_FEATURE_DISABLE;
		struct file_intent *fi = NULL;

		/* an intent is the declaring file's own, declared once */
		for (size_t i = 0; i < p->n_intents && !fi; i++)
			if (p->intents[i].loc.file == s->loc.file)
				fi = &p->intents[i];
		if (fi) {
			diag_error(c->d, &s->loc, "%s intent: a file declares its intent once",
				   fi->intent == in ? "repeated" : "conflicting");
			diag_code(c->d, "intent");
			diag_note(c->d, &fi->loc, "the intent was declared here");
			break;
		}
		grow(&p->intents, &p->cap_intents, p->n_intents + 1, sizeof(*p->intents));
		p->intents[p->n_intents++] = (struct file_intent){ in, s->loc, s->str.text };
		break;
	}
	case ST_ACK: {
		int what = table_lookup(p->t, s->names[0].text);
		struct ack *a;

		if (what < 0) {
			const char *sug = table_suggest(p->t, s->names[0].text);

			diag_error(c->d, &s->names[0].loc, "unknown reason '%s'%s%s%s",
				   s->names[0].text, sug ? "; did you mean '" : "",
				   sug ? sug : "", sug ? "'?" : "");
			diag_code(c->d, "unknown-reason");
			if (sug)
				diag_fix(c->d, &s->names[0].loc, strlen(s->names[0].text), "%s", sug);
			break;
		}
		if (!s->str.text[0]) {
			diag_error(c->d, &s->str.loc, "an acknowledgement needs a reason, not an empty string");
			diag_code(c->d, "acknowledge");
			break;
		}
		for (size_t i = 0; i < p->n_acks; i++)
			if (p->acks[i].reason == (unsigned int)what) {
				diag_warning(c->d, &s->loc, "%s is acknowledged already: this "
					     "acknowledgement is ignored", p->t->v[what].id);
				diag_code(c->d, "acknowledge");
				diag_note(c->d, &p->acks[i].loc, "the first acknowledgement");
				what = -1;
				break;
			}
		if (what < 0)
			break;
		grow(&p->acks, &p->cap_acks, p->n_acks + 1, sizeof(*p->acks));
		a = &p->acks[p->n_acks++];
		a->reason = what;
		a->why = xstrdup(s->str.text);
		a->loc = s->loc;
		a->used = false;
		break;
	}
	}
}

static int compile_file(struct ctx *c, const char *path, const struct loc *from)
{
	struct policy_file *f;
	char real[PATH_MAX];
	unsigned int errors = c->d->errors;
	size_t len;
	char *text;

	if (c->depth == MAX_INCLUDE_DEPTH) {
		diag_error(c->d, from, "includes nested deeper than %d", MAX_INCLUDE_DEPTH);
		diag_code(c->d, "limit");
		return -1;
	}
	if (c->over_total)
		return -1;
	text = read_file_max(path, LDP_MAX_POLICY_FILE, &len);
	if (!text) {
		int err = errno;

		if (from) {
			diag_error(c->d, from, "cannot include '%s': %s", path,
				   read_error(err, LDP_MAX_POLICY_FILE));
			diag_code(c->d, err == EFBIG ? "limit" : "include");
		} else {
			diag_io_error(c->d, &(struct loc){ .file = path }, "%s",
				      read_error(err, LDP_MAX_POLICY_FILE));
			if (err == EFBIG)
				diag_code(c->d, "limit");
		}
		return -1;
	}
	c->total += len;
	if (c->total > LDP_MAX_POLICY_TOTAL) {
		/* includes of includes, fanned out: bounded in all, not only per file */
		diag_error(c->d, from ? from : &(struct loc){ .file = path },
			   "too large: the policy and its includes read more than %u MiB in all",
			   LDP_MAX_POLICY_TOTAL >> 20);
		diag_code(c->d, "limit");
		c->over_total = true;
		free(text);
		return -1;
	}
	if (strcmp(path, "-") && realpath(path, real)) {
		for (int i = 0; i < c->depth; i++)
			if (!strcmp(c->stack[i], real)) {
				diag_error(c->d, from, "'%s' includes itself", path);
				diag_code(c->d, "include");
				free(text);
				return -1;
			}
	} else {
		snprintf(real, sizeof(real), "%s", path);
	}
	f = parse_policy(path, text, len, c->d);
	free(text);
	return compile_parsed(c, f, real, errors);
}

/* Evaluate a parsed file; @real is its canonical path, for include loops. */
static int compile_parsed(struct ctx *c, struct policy_file *f, char *real, unsigned int errors)
{
	grow(&c->p->files, &c->p->cap_files, c->p->n_files + 1, sizeof(*c->p->files));
	c->p->files[c->p->n_files++] = f;

	f->parent = c->depth ? c->stack_file[c->depth - 1] : -1;
	c->stack_file[c->depth] = c->p->n_files - 1;
	c->stack[c->depth++] = real;
	for (size_t i = 0; i < f->n; i++)
		do_stmt(c, &f->stmts[i]);
	c->depth--;
	return c->d->errors == errors ? 0 : -1;
}

int policy_compile(struct policy *p, const struct reason_table *t,
		   char *const *paths, size_t n, struct diags *d)
{
	struct ctx c = { .p = p, .d = d };
	int ret = 0;

	memset(p, 0, sizeof(*p));
	p->t = t;
	for (size_t i = 0; i < n; i++)
		if (compile_file(&c, paths[i], NULL))
			ret = -1;
	settle_intent(p);
	return ret;
}

int policy_compile_text(struct policy *p, const struct reason_table *t, const char *name,
			const char *text, size_t len, struct diags *d)
{
	struct ctx c = { .p = p, .d = d };
	char real[PATH_MAX];

	memset(p, 0, sizeof(*p));
	p->t = t;
	int ret;

	snprintf(real, sizeof(real), "%s", name);
	ret = compile_parsed(&c, parse_policy(name, text, len, d), real, d->errors);
	settle_intent(p);
	return ret;
}

void policy_free(struct policy *p)
{
	for (size_t i = 0; i < p->n_files; i++)
		policy_file_free(p->files[i]);
	free(p->files);
	for (size_t i = 0; i < p->n_acks; i++)
		free(p->acks[i].why);
	free(p->acks);
	free(p->intent_why);
	free(p->intents);
	memset(p, 0, sizeof(*p));
}
