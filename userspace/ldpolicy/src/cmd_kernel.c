// SPDX-License-Identifier: GPL-2.0
/*
 * ldpolicy load, seal, status, query, diff: the running kernel, through
 * whichever backend it has (backend.h).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "analyze.h"
#include "backend.h"
#include "blob.h"
#include "cmd.h"
#include "emit.h"
#include "grants.h"
#include "json.h"
#include "kexec.h"
#include "model.h"
#include "state_config.h"
#include "state_json.h"
#include "util.h"

int kernel_open(const struct backend **bp, struct reason_table *t, struct kstate *k,
		const struct opts *o, bool full, struct diags *d)
{
	const struct backend *b = backend_choose(o->backend, SECFS_ROOT, d);
	char fp[65];

	memset(k, 0, sizeof(*k));
	if (!b)
		return -2;
	*bp = b;
	if (strcmp(o->table, "auto") ? table_load(t, o->table, d) : b->table(t, d))
		return -2;
	if (b->read(k, t, full, d)) {
		kstate_free(k);
		table_free(t);
		return -2;
	}
	/*
	 * The kernel's own table needs no hashing: it comes with the
	 * kernel's fingerprint. Any other table must match it.
	 */
	if (!strcmp(t->source, SECFS_DIR "/reasons")) {
		uint8_t raw[LOCKDOWN_POLICY_FINGERPRINT_SIZE];
		bool ok = strlen(k->fingerprint) == 2 * sizeof(raw);

		for (size_t i = 0; ok && i < sizeof(raw); i++) {
			unsigned int byte;

			ok = sscanf(k->fingerprint + 2 * i, "%2x", &byte) == 1;
			raw[i] = byte;
		}
		if (ok) {
			table_set_fingerprint(t, raw);
			return 0;
		}
	}
	table_fingerprint_hex(t, fp);
	if (strcmp(fp, k->fingerprint)) {
		if (!o->force) {
			diag_error(d, NULL, "the reason table from %s (fingerprint %.16s...) is not "
				   "the running kernel's (%.16s...): a policy compiled against it "
				   "would be refused", t->source, fp, k->fingerprint);
			kstate_free(k);
			table_free(t);
			return -1;
		}
		diag_warning(d, NULL, "--force: the reason table from %s does not match the "
			     "running kernel's; the kernel will refuse the blob", t->source);
	}
	return 0;
}

static int policy_of(struct policy *p, struct reason_table *t, char *const *args, size_t n,
		     const struct opts *o, const char *backend, struct diags *d, uint8_t *raw,
		     size_t *raw_len);

/*
 * Offline: the state a policy file or blob (--policy FILE) would put in
 * force, for diff and query to judge without a kernel. Same returns as
 * kernel_open().
 */
static int policy_open(struct reason_table *t, struct kstate *k, const struct opts *o,
		       struct diags *d)
{
	uint8_t raw[LOCKDOWN_POLICY_MAX_SIZE];
	char *file = (char *)o->policy;
	struct policy p;
	size_t raw_len;
	int ret;

	memset(k, 0, sizeof(*k));
	if (load_table(t, o, d))
		return -2;
	ret = policy_of(&p, t, &file, 1, o, NULL, d, raw, &raw_len);
	if (ret) {
		ret = d->io_errors ? -2 : -1;
		policy_free(&p);
		table_free(t);
		return ret;
	}
	memcpy(k->by_policy, p.deny, sizeof(k->by_policy));
	memcpy(k->warned, p.warn, sizeof(k->warned));
	k->loaded = true;
	snprintf(k->where, sizeof(k->where), "%s", o->policy);
	policy_free(&p);
	return 0;
}

void kernel_close(struct reason_table *t, struct kstate *k)
{
	kstate_free(k);
	table_free(t);
}

static bool is_blob_file(const char *path)
{
	size_t len;
	char *buf = read_file(path, &len);
	bool yes = buf && blob_sniff(buf, len);

	free(buf);
	return yes;
}

/*
 * Compile one set of files, or read one blob, into @p. For a blob, @raw
 * gets its bytes and *raw_len its length (0 for policy files): a blob is
 * loaded as it is, never re-encoded. With --force a blob for another table
 * is only warned about, for the kernel to judge. Policy files are analysed
 * for @backend (load_model()).
 */
static int policy_of(struct policy *p, struct reason_table *t, char *const *args, size_t n,
		     const struct opts *o, const char *backend, struct diags *d, uint8_t *raw,
		     size_t *raw_len)
{
	size_t len = 0;
	char *buf = n == 1 ? read_file(args[0], &len) : NULL;
	struct model m;
	int ret;

	*raw_len = 0;
	memset(p, 0, sizeof(*p));
	if (buf && !blob_sniff(buf, len)) {
		free(buf);
		buf = NULL;
	}
	if (buf) {
		struct diags check = { 0 };
		struct blob_info b;

		ret = blob_decode(buf, len, args[0], &b, d);
		if (!ret) {
			memcpy(raw, buf, len);
			*raw_len = len;
		}
		free(buf);
		if (ret)
			return -1;
		if (blob_check_table(&b, t, args[0], &check)) {
			for (size_t i = 0; i < check.n; i++)
				diag_add(d, o->force ? SEV_WARNING : SEV_ERROR, &check.v[i].loc,
					 "%s%s", o->force ? "--force: " : "", check.v[i].msg);
			diag_free(&check);
			if (!o->force)
				return -1;
		}
		policy_from_bits(p, t, b.words, b.warn, b.flags);
		return 0;
	}
	for (size_t i = 0; i < n; i++)
		if (is_blob_file(args[i])) {
			diag_error(d, &(struct loc){ .file = args[i] },
				   "a blob cannot be combined with other files");
			return -1;
		}
	if (policy_compile(p, t, args, n, d) || load_model(&m, o, backend, d))
		return -1;
	ret = analyze_report(p, &m, false, d);
	model_free(&m);
	return ret;
}

static void print_reasons(const struct reason_table *t, const uint64_t *bits, const char *sep)
{
	const char *s = "";

	for (unsigned int i = 0; i < t->conf_max; i++)
		if (table_is_reason(t, i) && bit_test(bits, i)) {
			printf("%s%s", s, t->v[i].id);
			s = sep;
		}
	if (!*s)
		fputs("(none)", stdout);
	putchar('\n');
}

int cmd_load(int argc, char **argv, const struct command *cmd)
{
	struct reason_table t;
	struct kstate k;
	struct policy p = { 0 };
	struct diags d = { 0 };
	struct opts o;
	uint64_t loosen[POLICY_WORDS] = { 0 }, added[POLICY_WORDS] = { 0 };
	uint64_t warn_added[POLICY_WORDS] = { 0 };
	bool any_loosen = false, broken = false, boundary = false, feature = false;
	uint8_t blob[LOCKDOWN_POLICY_MAX_SIZE];
	size_t len, raw_len = 0;
	const struct backend *b = NULL;
	int i = parse_opts(argc, argv, cmd, &o);
	int ret, err;

	if (i < 0)
		return EXIT_USAGE;
	ret = kernel_open(&b, &t, &k, &o, false, &d);
	if (ret) {
		flush_diags(&d);
		return ret == -2 ? EXIT_ENV : EXIT_POLICY;
	}
	if (o.boot) {
		/* each file on its own: a broken one must not keep the rest out */
		policy_from_bits(&p, &t, k.by_policy, k.warned, 0);
		for (int a = i; a < argc; a++) {
			struct policy one;
			unsigned int errs = d.errors;

			if (policy_of(&one, &t, argv + a, 1, &o, b->name, &d, blob, &raw_len) ||
			    d.errors != errs) {
				diag_error(&d, &(struct loc){ .file = argv[a] },
					   "not loaded: the other files still are");
				broken = true;
				policy_free(&one);
				continue;
			}
			for (int w = 0; w < POLICY_WORDS; w++) {
				p.deny[w] |= one.deny[w];
				p.warn[w] |= one.warn[w];
			}
			p.seal |= one.seal;
			/* not a boundary only if no file's denials claim one */
			if (policy_count(&one)) {
				feature |= one.intent == INTENT_FEATURE_DISABLE;
				boundary |= one.intent != INTENT_FEATURE_DISABLE;
			}
			if (one.n_acks && !p.n_acks) {
				p.acks = one.acks;
				p.n_acks = one.n_acks;
				one.acks = NULL;
				one.n_acks = 0;
			}
			policy_free(&one);
		}
		p.intent = feature && !boundary ? INTENT_FEATURE_DISABLE : INTENT_BOUNDARY;
		raw_len = 0;
	} else if (policy_of(&p, &t, argv + i, argc - i, &o, b->name, &d, blob, &raw_len) ||
		   (o.werror && d.warnings)) {
		ret = d.io_errors ? EXIT_ENV : EXIT_POLICY;
		flush_diags(&d);
		goto out;
	}
	if (raw_len && (o.merge || o.seal)) {
		/* re-encoding is only right for a blob checked against this table */
		if (o.force) {
			diag_error(&d, NULL, "--merge and --seal re-encode the blob: not with --force");
			flush_diags(&d);
			ret = EXIT_USAGE;
			goto out;
		}
		raw_len = 0;
	}
	if (o.merge || o.boot)
		for (int w = 0; w < POLICY_WORDS; w++) {
			p.deny[w] |= k.by_policy[w];
			p.warn[w] |= k.warned[w];
		}
	p.seal |= o.seal;
	if (b == &backend_bpf && !(raw_len && o.force) && kexec_deny_with_static(&t, &p, k.by_static)) {
		raw_len = 0;	/* re-encoded with it */
		if (!o.quiet)
			puts("LOCKDOWN_KEXEC denied by the policy too: the static level denies it, and "
			     "a kexec of a signed kernel would shed the policy");
	}
	for (int w = 0; w < POLICY_WORDS; w++) {
		/* merged: deny wins over warn */
		p.warn[w] &= ~p.deny[w];
		/* down the lattice allow < warn < deny */
		loosen[w] = (k.by_policy[w] & ~p.deny[w]) | (k.warned[w] & ~(p.deny[w] | p.warn[w]));
		added[w] = p.deny[w] & ~k.by_policy[w];
		warn_added[w] = p.warn[w] & ~k.warned[w];
		any_loosen |= loosen[w] != 0;
	}
	if (k.sealed && !o.force) {
		diag_error(&d, NULL, "the policy in force is sealed: no load is accepted until reboot");
		flush_diags(&d);
		ret = EXIT_POLICY;
		goto out;
	}
	if (any_loosen && !o.force) {
		char list[2048];
		size_t off = 0, count = 0;

		for (unsigned int r = 0; r < t.conf_max; r++)
			if (bit_test(loosen, r) && off < sizeof(list)) {
				off += snprintf(list + off, sizeof(list) - off, "%s%s (%s to %s)",
						off ? ", " : "", t.v[r].id,
						bit_test(k.by_policy, r) ? "denied" : "warned",
						bit_test(p.warn, r) ? "warned" : "allowed");
				count++;
			}
		diag_error(&d, NULL, "would loosen the policy in force: it moves %zu reason%s down "
			   "(%s); policies only tighten, allow < warn < deny, and --merge keeps what "
			   "is in force", count, count == 1 ? "" : "s", list);
		flush_diags(&d);
		ret = EXIT_POLICY;
		goto out;
	}
	flush_diags(&d);
	if (o.dry_run) {
		fputs("would deny, newly: ", stdout);
		print_reasons(&t, added, " ");
		if (policy_count_warned(&p)) {
			fputs("would warn, newly: ", stdout);
			print_reasons(&t, warn_added, " ");
		}
		ret = broken ? EXIT_POLICY : EXIT_OK;
		goto out;
	}
	len = raw_len ? raw_len : blob_encode(&p, blob);
	err = b->load(blob, len, &d);
	flush_diags(&d);
	if (err < 0) {
		ret = EXIT_ENV;
		goto out;
	}
	if (err) {
		fprintf(stderr, "ldpolicy: the kernel refused the policy: %s (%s)\n",
			strerrorname_np(err) ? strerrorname_np(err) : "?", backend_load_error(err));
		ret = EXIT_POLICY;
		goto out;
	}
	if (!o.quiet) {
		printf("loaded: %u reasons denied by %s", policy_count(&p),
		       b == &backend_lsm ? b->name : "the BPF backend");
		fputs(", newly: ", stdout);
		print_reasons(&t, added, " ");
		if (policy_count_warned(&p)) {
			printf("warn mode: %u reasons allowed and logged (ldpolicy status shows who "
			       "asked), newly: ", policy_count_warned(&p));
			print_reasons(&t, warn_added, " ");
		}
		if (p.seal)
			puts("sealed: no further load until reboot");
	}
	grants_warn(&t, added);
	ret = broken ? EXIT_POLICY : EXIT_OK;
	if (!b->raises_level) {
		int raised = static_level_raise(SECFS_ROOT, &t, p.deny, &d);

		flush_diags(&d);
		if (raised < 0)
			ret = EXIT_ENV;
		else if (raised && !o.quiet)
			printf("static lockdown level raised to %s: the policy denies all of it\n",
			       static_level_of(&t, p.deny));
	}
	/* an image loaded before would boot without the policy */
	if (kexec_unload_stale(&t, p.deny, k.by_static, o.quiet, &d))
		ret = EXIT_ENV;
	flush_diags(&d);
out:
	policy_free(&p);
	kernel_close(&t, &k);
	return ret;
}

int cmd_seal(int argc, char **argv, const struct command *cmd)
{
	struct diags d = { 0 };
	struct opts o;
	const struct backend *b;
	int i = parse_opts(argc, argv, cmd, &o), err;

	if (i < 0)
		return EXIT_USAGE;
	b = backend_choose(o.backend, SECFS_ROOT, &d);
	err = b ? b->seal(&d) : -1;
	flush_diags(&d);
	if (err < 0)
		return EXIT_ENV;
	if (err) {
		fprintf(stderr, "ldpolicy: cannot seal: %s\n", strerror(err));
		return EXIT_POLICY;
	}
	return EXIT_OK;
}

static void print_notice(const struct reason_table *t, const struct knotice *n)
{
	const char *desc = t->v[n->what].desc;

	printf("[%5llu.%06llu] %s[%u]: %s%s%s%s denied by the BPF backend\n",
	       (unsigned long long)(n->boot_ns / 1000000000ULL),
	       (unsigned long long)(n->boot_ns % 1000000000ULL / 1000), n->comm, n->pid,
	       t->v[n->what].id, desc ? " (" : "", desc ? desc : "", desc ? ")" : "");
}

int cmd_status(int argc, char **argv, const struct command *cmd)
{
	const struct backend *b = NULL;
	struct reason_table t;
	struct kstate k;
	struct diags d = { 0 };
	struct opts o;
	unsigned int n = 0, nwarn = 0, total = 0;
	int i = parse_opts(argc, argv, cmd, &o);
	int ret;

	if (i < 0)
		return EXIT_USAGE;
	ret = kernel_open(&b, &t, &k, &o, true, &d);
	flush_diags(&d);
	if (ret)
		return ret == -2 ? EXIT_ENV : EXIT_POLICY;
	for (unsigned int r = 0; r < t.conf_max; r++)
		if (table_is_reason(&t, r)) {
			total++;
			n += bit_test(k.by_policy, r);
			nwarn += kstate_warns(&k, r);
		}
	if (o.json) {
		struct kstate_origin origin;
		struct diags md = { 0 };
		struct model m;
		struct json j;

		kstate_origin_here(&origin, b);
		/* the options the model names, as this kernel was built */
		if (!load_model(&m, &o, b->name, &md)) {
			kstate_origin_options(&origin, &m);
			model_free(&m);
		}
		diag_free(&md);
		json_begin_document(&j, stdout, STATE_JSON_SCHEMA);
		state_json_write(&j, &t, &k, &origin);
		json_end_document(&j);
	} else {
		if (k.loaded)
			printf("%s: %u of %u reasons denied, %s\n", b->name, n, total,
			       k.sealed ? "sealed until reboot" : "not sealed (loads may tighten it)");
		else
			printf("%s: no policy loaded (ldpolicy load sets the backend up in %s)\n",
			       b->name, k.where);
		if (nwarn)
			printf("warn mode: %u reasons allowed, every use logged (ldpolicy suggest "
			       "writes a policy from what used them)\n", nwarn);
		if (k.not_a_boundary)
			puts("intent: feature-disable (its author says it is not a security boundary)");
		if (k.bypass_acked)
			puts("bypasses: acknowledged by its author (see ldpolicy check on its source)");
		printf("static lockdown level: %s\n\n", k.lockdown[0] ? k.lockdown : "(not built)");
		printf("%-30s %-16s %-8s %-7s %s\n", "REASON", "CLASS", "STATE", "BY",
		       nwarn ? "DENIALS WARNINGS" : "DENIALS");
		for (unsigned int r = 0; r < t.conf_max; r++) {
			if (!table_is_reason(&t, r))
				continue;
			printf("%-30s %-16s %-8s %-7s ", t.v[r].id, class_name(t.v[r].cls),
			       kstate_state_name(&k, r), kstate_by_name(&k, r));
			if (nwarn)
				printf("%-7llu %llu\n", k.denials[r], k.warnings[r]);
			else
				printf("%llu\n", k.denials[r]);
		}
		if (nwarn && k.seen_read) {
			puts("\nwho used the warned reasons (the most recent first):");
			for (unsigned int r = 0; r < t.conf_max; r++) {
				const char *sep = "";

				if (!table_is_reason(&t, r) || !kstate_warns(&k, r))
					continue;
				printf("  %-28s ", t.v[r].id);
				for (size_t x = 0; x < k.n_seen; x++)
					if (k.seen[x].what == r) {
						printf("%s%s (%llu%s)", sep, k.seen[x].comm,
						       k.seen[x].count,
						       k.seen[x].kernel ? ", the kernel's" : "");
						sep = ", ";
					}
				puts(*sep ? "" : "nothing yet");
			}
		} else if (nwarn) {
			puts("\nwho used the warned reasons: unknown (reading it needs root)");
		}
		if (k.n_notices) {
			puts("\nrecent denials (the BPF backend's notices, ratelimited per reason):");
			for (size_t x = 0; x < k.n_notices; x++)
				print_notice(&t, &k.notices[x]);
		}
		status_open_paths(&t, &k, b->name, &o);
	}
	/* the policy's LOCKDOWN_KEXEC does not hold while an older image is loaded */
	ret = kexec_check_stale(&t, k.by_policy, k.by_static, &d) ? EXIT_ENV : EXIT_OK;
	flush_diags(&d);
	kernel_close(&t, &k);
	return ret;
}

/* The answer to a query: human, JSON or quiet; the exit code. */
static int query_answer(const struct reason_table *t, const struct kstate *k, int what,
			const char *backend, const struct opts *o)
{
	if (o->json) {
		struct json j;

		json_begin_document(&j, stdout, "ldpolicy.query/1");
		json_key(&j, "id");
		json_str(&j, t->v[what].id);
		json_key(&j, "state");
		json_str(&j, kstate_state_name(k, what));
		json_key(&j, "by");
		json_str(&j, kstate_by_name(k, what));
		json_key(&j, "backend");
		json_str(&j, backend);
		if (o->policy) {
			json_key(&j, "policy");
			json_str(&j, o->policy);
		}
		json_end_document(&j);
	} else if (!o->quiet) {
		printf("%s: %s", t->v[what].id, kstate_denies(k, what) ? "denied" : "allowed");
		if (kstate_denies(k, what))
			printf(" (by %s)", kstate_by_name(k, what));
		else if (kstate_warns(k, what))
			fputs(" (warned: the policy logs every use)", stdout);
		else if (!backend && !o->policy)
			fputs(" (static lockdown level; no lockdown policy backend in this kernel)",
			      stdout);
		putchar('\n');
	}
	return kstate_denies(k, what) ? EXIT_POLICY : EXIT_OK;
}

static int query_lookup(const struct reason_table *t, const char *name)
{
	int what = table_lookup(t, name);

	if (what < 0) {
		const char *s = table_suggest(t, name);

		fprintf(stderr, "ldpolicy: unknown reason or path '%s'%s%s%s\n", name,
			s ? "; did you mean '" : "", s ? s : "", s ? "'?" : "");
	}
	return what;
}

/*
 * Answer for @name: a reason of @t, else a path of the model for @t's
 * kernel (with @backend in force; NULL: none).
 */
static int query_name(const struct reason_table *t, const struct kstate *k, const char *name,
		      const char *backend, const struct opts *o)
{
	const struct model_path *p;
	struct diags d = { 0 };
	struct model m;
	int ret;

	if (table_lookup(t, name) >= 0)
		return query_answer(t, k, table_lookup(t, name), backend, o);
	if (load_model(&m, o, backend, &d)) {
		flush_diags(&d);
		return EXIT_ENV;
	}
	diag_free(&d);	/* which model: explain says, a query answers */
	if (!backend && !o->policy)
		m.backend = MODEL_NO_BACKEND;
	p = model_find_path(&m, name);
	if (p) {
		ret = query_path(&m, p, t, k, backend, o);
	} else {
		query_lookup(t, name);
		ret = EXIT_USAGE;
	}
	model_free(&m);
	return ret;
}

/*
 * A kernel with neither backend: the static level is all that denies. It
 * must be readable; an unknown level is never reported as allowed.
 */
static int query_static(const char *name, const struct opts *o)
{
	struct reason_table t;
	struct kstate k = { 0 };
	struct diags d = { 0 };
	int ret = EXIT_ENV;

	if (table_load(&t, o->table, &d)) {
		flush_diags(&d);
		return EXIT_ENV;
	}
	if (!static_level_read(SECFS_ROOT, &t, k.lockdown, sizeof(k.lockdown), k.by_static, &d))
		ret = query_name(&t, &k, name, NULL, o);
	flush_diags(&d);
	table_free(&t);
	return ret;
}

int cmd_query(int argc, char **argv, const struct command *cmd)
{
	const struct backend *b = NULL;
	struct reason_table t;
	struct kstate k;
	struct diags d = { 0 };
	struct opts o;
	int i = parse_opts(argc, argv, cmd, &o);
	int ret;

	if (i < 0)
		return EXIT_USAGE;
	if (!o.policy && !strcmp(o.backend, "auto") && !backend_any(SECFS_ROOT))
		return query_static(argv[i], &o);
	ret = o.policy ? policy_open(&t, &k, &o, &d) : kernel_open(&b, &t, &k, &o, false, &d);
	flush_diags(&d);
	if (ret)
		return ret == -2 ? EXIT_ENV : EXIT_POLICY;
	ret = query_name(&t, &k, argv[i], b ? b->name : NULL, &o);
	/* a kexec path or reason: not closed while an older image is loaded */
	if (!o.policy && (table_lookup(&t, argv[i]) == table_lookup(&t, "LOCKDOWN_KEXEC") ||
			  !strncmp(argv[i], "kexec", 5)) &&
	    kexec_check_stale(&t, k.by_policy, k.by_static, &d))
		ret = EXIT_ENV;
	flush_diags(&d);
	kernel_close(&t, &k);
	return ret;
}

int cmd_diff(int argc, char **argv, const struct command *cmd)
{
	const struct backend *b = NULL;
	struct reason_table t;
	struct kstate k;
	struct policy p;
	struct diags d = { 0 };
	struct opts o;
	uint64_t tighten[POLICY_WORDS], loosen[POLICY_WORDS], same[POLICY_WORDS];
	uint64_t warn[POLICY_WORDS];
	bool any_loosen = false;
	int i = parse_opts(argc, argv, cmd, &o);
	int ret;

	if (i < 0)
		return EXIT_USAGE;
	ret = o.policy ? policy_open(&t, &k, &o, &d) : kernel_open(&b, &t, &k, &o, false, &d);
	if (ret) {
		flush_diags(&d);
		return ret == -2 ? EXIT_ENV : EXIT_POLICY;
	}
	{
		uint8_t raw[LOCKDOWN_POLICY_MAX_SIZE];
		size_t raw_len;

		ret = policy_of(&p, &t, argv + i, argc - i, &o, b ? b->name : NULL, &d, raw,
				&raw_len);
	}
	if (ret) {
		ret = d.io_errors ? EXIT_ENV : EXIT_POLICY;
		flush_diags(&d);
		policy_free(&p);
		kernel_close(&t, &k);
		return ret;
	}
	flush_diags(&d);
	for (int w = 0; w < POLICY_WORDS; w++) {
		tighten[w] = p.deny[w] & ~k.by_policy[w];
		warn[w] = p.warn[w] & ~k.warned[w] & ~k.by_policy[w];
		loosen[w] = (k.by_policy[w] & ~p.deny[w]) | (k.warned[w] & ~(p.deny[w] | p.warn[w]));
		same[w] = p.deny[w] & k.by_policy[w];
		any_loosen |= loosen[w] != 0;
	}
	if (o.json) {
		struct json j;
		const struct { const char *key; const uint64_t *bits; } sets[] = {
			{ "tighten", tighten }, { "warn", warn }, { "loosen", loosen },
			{ "unchanged", same },
		};

		json_begin_document(&j, stdout, "ldpolicy.diff/1");
		for (size_t s = 0; s < ARRAY_SIZE(sets); s++) {
			json_key(&j, sets[s].key);
			json_begin_array(&j);
			for (unsigned int r = 0; r < t.conf_max; r++)
				if (table_is_reason(&t, r) && bit_test(sets[s].bits, r))
					json_str(&j, t.v[r].id);
			json_end_array(&j);
		}
		json_end_document(&j);
	} else {
		fputs("would tighten (newly denied):    ", stdout);
		print_reasons(&t, tighten, " ");
		fputs("would warn (newly warned):       ", stdout);
		print_reasons(&t, warn, " ");
		fputs("would try to loosen (refused):   ", stdout);
		print_reasons(&t, loosen, " ");
		fputs("already denied by the policy:    ", stdout);
		print_reasons(&t, same, " ");
	}
	policy_free(&p);
	kernel_close(&t, &k);
	return any_loosen ? EXIT_POLICY : EXIT_OK;
}
