// SPDX-License-Identifier: GPL-2.0
/*
 * ldpolicy.status/2, read back (state_json.h). It is parsed with jansson
 * (duplicate members refused, a position for what is not JSON), then
 * every member the replay needs is checked, its type and its range, and
 * that the record agrees with itself. Members it does not know are left
 * alone: a later ldpolicy may add some without a new version.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "state_json.h"
#include "util.h"

/* The reader: the file, for diagnostics, and whether one was given. */
struct reader {
	const char *path;
	struct diags *d;
	bool failed;
};

/* "PATH: error: WHERE.KEY: what is wrong"; only the first error is kept. */
static void __attribute__((format(printf, 4, 5)))
fail(struct reader *r, const char *where, const char *key, const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	if (r->failed)
		return;
	r->failed = true;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	diag_error(r->d, &(struct loc){ .file = r->path }, "%s%s%s%s%s", where,
		   *where && key ? "." : "", key ? key : "", *where || key ? ": " : "", msg);
}

enum want { W_OBJECT, W_ARRAY, W_STRING, W_STRING_OR_NULL, W_UINT, W_BOOL };

static const char *const want_name[] = {
	[W_OBJECT] = "an object", [W_ARRAY] = "an array", [W_STRING] = "a string",
	[W_STRING_OR_NULL] = "a string or null", [W_UINT] = "an integer of at least 0",
	[W_BOOL] = "true or false",
};

/* Member @key of @obj (at @where), of the kind @w; NULL, diagnosed, if not. */
static json_t *get(struct reader *r, json_t *obj, const char *where, const char *key,
		   enum want w)
{
	json_t *v = json_object_get(obj, key);
	bool ok;

	if (!v) {
		fail(r, where, key, "missing");
		return NULL;
	}
	switch (w) {
	case W_OBJECT: ok = json_is_object(v); break;
	case W_ARRAY: ok = json_is_array(v); break;
	case W_STRING: ok = json_is_string(v); break;
	case W_STRING_OR_NULL: ok = json_is_string(v) || json_is_null(v); break;
	case W_UINT: ok = json_is_integer(v) && json_integer_value(v) >= 0; break;
	case W_BOOL: ok = json_is_boolean(v); break;
	default: ok = false;
	}
	if (!ok) {
		fail(r, where, key, "expected %s", want_name[w]);
		return NULL;
	}
	return v;
}

/* A string member into @buf (of @size, its NUL included); -1 if it does not fit. */
static int get_str(struct reader *r, json_t *obj, const char *where, const char *key,
		   char *buf, size_t size)
{
	json_t *v = get(r, obj, where, key, W_STRING);

	if (!v)
		return -1;
	if (json_string_length(v) >= size) {
		fail(r, where, key, "longer than %zu bytes", size - 1);
		return -1;
	}
	memcpy(buf, json_string_value(v), json_string_length(v) + 1);
	return 0;
}

/* An integer member of at least 0 and at most @max; -1 if not. */
static int get_uint(struct reader *r, json_t *obj, const char *where, const char *key,
		    unsigned long long max, unsigned long long *out)
{
	json_t *v = get(r, obj, where, key, W_UINT);

	if (!v)
		return -1;
	*out = json_integer_value(v);
	if (*out > max) {
		fail(r, where, key, "%llu is out of range (at most %llu)", *out, max);
		return -1;
	}
	return 0;
}

static int get_bool(struct reader *r, json_t *obj, const char *where, const char *key,
		    bool *out)
{
	json_t *v = get(r, obj, where, key, W_BOOL);

	if (v)
		*out = json_is_true(v);
	return v ? 0 : -1;
}

/* A string member that must be one of @names (NULL-terminated): its index, or -1. */
static int get_enum(struct reader *r, json_t *obj, const char *where, const char *key,
		    const char *const *names)
{
	json_t *v = get(r, obj, where, key, W_STRING);

	if (!v)
		return -1;
	for (int i = 0; names[i]; i++)
		if (!strcmp(json_string_value(v), names[i]))
			return i;
	fail(r, where, key, "unknown value '%s'", json_string_value(v));
	return -1;
}

/*
 * A task's comm: the kernel's 16 bytes, each of which ldpolicy wrote as
 * itself or, if it was no UTF-8, as U+FFFD: at most 16 characters.
 */
static int get_comm(struct reader *r, json_t *obj, const char *where, char *comm)
{
	json_t *v = get(r, obj, where, "comm", W_STRING);
	const char *s = v ? json_string_value(v) : NULL;
	size_t chars = 0;

	if (!v)
		return -1;
	/* jansson hands out valid UTF-8; a stray byte would count as one */
	for (const char *c = s; *c && chars <= 16; c += utf8_len(c) ? utf8_len(c) : 1)
		chars++;
	if (chars > 16 || json_string_length(v) >= KSTATE_COMM_SIZE) {
		fail(r, where, "comm", "'%.64s' is longer than a task's comm (16 bytes)", s);
		return -1;
	}
	memcpy(comm, s, json_string_length(v) + 1);
	return 0;
}

static const char *const verdicts[] = { "allowed", "warned", "denied", NULL };
static const char *const bys[] = { "none", "policy", "static", "both", NULL };

/* The schema member: this version's, or a refusal that says what the file is. */
static int check_schema(struct reader *r, json_t *root)
{
	json_t *v = json_object_get(root, "schema");
	const char *s = json_is_string(v) ? json_string_value(v) : NULL;

	if (s && !strcmp(s, STATE_JSON_SCHEMA))
		return 0;
	if (!s)
		fail(r, "", NULL, "not a recorded kernel state: no \"schema\" member (suggest "
		     "--from reads what ldpolicy status --json writes, " STATE_JSON_SCHEMA ")");
	else if (!strncmp(s, "ldpolicy.status/", 16))
		fail(r, "", NULL, "recorded as %s, which this ldpolicy does not read: it "
		     "replays " STATE_JSON_SCHEMA ", which records the kernel's reason table; "
		     "record it again with this ldpolicy's status --json", s);
	else
		fail(r, "", NULL, "'%s' is not a recorded kernel state (suggest --from reads "
		     "what ldpolicy status --json writes, " STATE_JSON_SCHEMA ")", s);
	return -1;
}

/*
 * The kernel's reason table, from its recorded bounds and the reasons'
 * values and names: every value in its place, once, and the class its
 * place gives it; then the fingerprint of what was read must be the one
 * recorded, which the kernel gave.
 */
static int read_table(struct reader *r, json_t *root, json_t *reasons, struct reason_table *t)
{
	unsigned long long imax, cmax, count;
	char source[256], fp[65], kfp[65], got[65];
	json_t *table = get(r, root, "", "table", W_OBJECT);
	char **ids;
	size_t n;

	if (!table || get_str(r, table, "table", "source", source, sizeof(source)) ||
	    get_str(r, table, "table", "fingerprint", fp, sizeof(fp)) ||
	    get_uint(r, table, "table", "confidentiality_max", LOCKDOWN_POLICY_MAX_REASONS, &cmax) ||
	    get_uint(r, table, "table", "integrity_max", cmax, &imax) ||
	    get_uint(r, table, "table", "count", cmax, &count) ||
	    get_str(r, root, "", "fingerprint", kfp, sizeof(kfp)))
		return -1;
	if (imax < 1 || imax + 1 >= cmax || count != cmax - 2) {
		fail(r, "table", NULL, "integrity_max %llu, confidentiality_max %llu and count "
		     "%llu are not a reason table's", imax, cmax, count);
		return -1;
	}
	n = json_array_size(reasons);
	if (n != count) {
		fail(r, "reasons", NULL, "%zu reasons, where the table counts %llu", n, count);
		return -1;
	}
	ids = xcalloc(cmax + 1, sizeof(*ids));
	ids[0] = xstrdup("LOCKDOWN_NONE");
	ids[imax] = xstrdup("LOCKDOWN_INTEGRITY_MAX");
	ids[cmax] = xstrdup("LOCKDOWN_CONFIDENTIALITY_MAX");
	for (size_t i = 0; i < n && !r->failed; i++) {
		json_t *o = json_array_get(reasons, i);
		unsigned long long v;
		char where[32], id[128];
		int cls;

		snprintf(where, sizeof(where), "reasons[%zu]", i);
		if (!json_is_object(o)) {
			fail(r, where, NULL, "expected an object");
			break;
		}
		if (get_uint(r, o, where, "value", cmax - 1, &v) ||
		    get_str(r, o, where, "id", id, sizeof(id)) ||
		    (cls = get_enum(r, o, where, "class",
				    (const char *const[]){ "integrity", "confidentiality", NULL })) < 0)
			break;
		if (!v || v == imax) {
			fail(r, where, "value", "%llu is a level's, not a reason's", v);
			break;
		}
		if (ids[v]) {
			fail(r, where, "value", "%llu is listed twice", v);
			break;
		}
		if ((cls == CLASS_INTEGRITY) != (v < imax)) {
			fail(r, where, "class", "%s, where its value %llu makes it %s",
			     cls == CLASS_INTEGRITY ? "integrity" : "confidentiality", v,
			     v < imax ? "integrity" : "confidentiality");
			break;
		}
		ids[v] = xstrdup(id);
	}
	if (r->failed) {
		for (size_t i = 0; i <= cmax; i++)
			free(ids[i]);
		free(ids);
		return -1;
	}
	/* every value is there: n of the cmax - 2 places were filled, none twice */
	if (table_from_ids(t, ids, cmax + 1, r->path, r->d)) {
		free(ids);
		r->failed = true;
		return -1;
	}
	free(ids);
	/* named as where the kernel had it, as the suggestion made there says */
	free(t->source);
	t->source = xstrdup(source);
	table_fingerprint_hex(t, got);
	if (strcmp(got, fp) || strcmp(got, kfp)) {
		fail(r, "table", NULL, "the reasons recorded are not the table of fingerprint "
		     "%.16s... (theirs is %.16s...): the file was altered, or is damaged",
		     strcmp(got, fp) ? fp : kfp, got);
		table_free(t);
		return -1;
	}
	return 0;
}

/*
 * Per reason: what the policy says, the counters, who asked; and what is
 * in force must be what the policy and the static level make it.
 */
static int read_reasons(struct reader *r, json_t *reasons, const struct reason_table *t,
			struct kstate *k)
{
	for (size_t i = 0; i < json_array_size(reasons) && !r->failed; i++) {
		json_t *o = json_array_get(reasons, i), *asked;
		unsigned int v = json_integer_value(json_object_get(o, "value"));
		unsigned long long denials, warnings;
		char where[32];
		int pol, state, by;

		snprintf(where, sizeof(where), "reasons[%zu]", i);
		if ((pol = get_enum(r, o, where, "policy", verdicts)) < 0 ||
		    (state = get_enum(r, o, where, "state", verdicts)) < 0 ||
		    (by = get_enum(r, o, where, "by", bys)) < 0 ||
		    get_uint(r, o, where, "denials", ~0ULL, &denials) ||
		    get_uint(r, o, where, "warnings", ~0ULL, &warnings))
			return -1;
		if (pol == 2)
			k->by_policy[v / 64] |= 1ULL << (v % 64);
		else if (pol == 1)
			k->warned[v / 64] |= 1ULL << (v % 64);
		if (by >= 2)
			k->by_static[v / 64] |= 1ULL << (v % 64);
		if (strcmp(kstate_state_name(k, v), verdicts[state]) ||
		    strcmp(kstate_by_name(k, v), bys[by])) {
			fail(r, where, NULL, "%s is %s by %s, which does not follow from a policy "
			     "that says it is %s and what the static level denies", t->v[v].id,
			     verdicts[state], bys[by], verdicts[pol]);
			return -1;
		}
		k->denials[v] = denials;
		k->warnings[v] = warnings;
		asked = json_object_get(o, "asked_by");
		if (!k->seen_read != !asked) {
			fail(r, where, "asked_by", k->seen_read ? "missing, where asked_by_known "
			     "is true" : "present, where asked_by_known is false");
			return -1;
		}
		if (!asked)
			continue;
		if (!json_is_array(asked)) {
			fail(r, where, "asked_by", "expected an array");
			return -1;
		}
		for (size_t x = 0; x < json_array_size(asked); x++) {
			json_t *a = json_array_get(asked, x);
			unsigned long long count;
			char at[64], comm[KSTATE_COMM_SIZE];
			bool kernel;

			snprintf(at, sizeof(at), "%s.asked_by[%zu]", where, x);
			if (!json_is_object(a)) {
				fail(r, at, NULL, "expected an object");
				return -1;
			}
			if (get_comm(r, a, at, comm) ||
			    get_uint(r, a, at, "count", ~0ULL, &count) ||
			    get_bool(r, a, at, "kernel", &kernel))
				return -1;
			kstate_add_seen(k, v, count, kernel, comm);
		}
	}
	return r->failed ? -1 : 0;
}

static int read_notices(struct reader *r, json_t *root, const struct reason_table *t,
			struct kstate *k)
{
	json_t *notices = json_object_get(root, "notices");

	if (!notices)
		return 0;
	if (!json_is_array(notices)) {
		fail(r, "", "notices", "expected an array");
		return -1;
	}
	k->notices = xcalloc(json_array_size(notices) + 1, sizeof(*k->notices));
	for (size_t x = 0; x < json_array_size(notices); x++) {
		json_t *o = json_array_get(notices, x);
		struct knotice *n = &k->notices[k->n_notices];
		unsigned long long boot_ns, pid;
		char where[32], id[128];
		int what;

		snprintf(where, sizeof(where), "notices[%zu]", x);
		if (!json_is_object(o)) {
			fail(r, where, NULL, "expected an object");
			return -1;
		}
		if (get_uint(r, o, where, "boot_ns", ~0ULL, &boot_ns) ||
		    get_uint(r, o, where, "pid", ~0U, &pid) ||
		    get_comm(r, o, where, n->comm) ||
		    get_str(r, o, where, "id", id, sizeof(id)))
			return -1;
		what = table_lookup(t, id);
		if (what < 0 || strcmp(t->v[what].id, id)) {
			fail(r, where, "id", "%s is not in the recorded reason table", id);
			return -1;
		}
		n->boot_ns = boot_ns;
		n->pid = pid;
		n->what = what;
		k->n_notices++;
	}
	return 0;
}

/* The kernel it was taken on, and the state's own members. */
static int cmp_option(const void *a, const void *b)
{
	return strcmp(((const struct kstate_option *)a)->name,
		      ((const struct kstate_option *)b)->name);
}

/*
 * kernel.config: the options the reason model names, as the kernel was
 * built ({"CONFIG_X": true}); absent or null: unknown.
 */
static int read_config(struct reader *r, json_t *kernel, struct kstate_origin *o)
{
	json_t *cfg = json_object_get(kernel, "config"), *v;
	const char *name;

	if (!cfg || json_is_null(cfg))
		return 0;
	if (!json_is_object(cfg)) {
		fail(r, "kernel", "config", "expected an object or null");
		return -1;
	}
	if (json_object_size(cfg) > LDP_MAX_OPTIONS) {
		fail(r, "kernel", "config", "more than %d options", LDP_MAX_OPTIONS);
		return -1;
	}
	json_object_foreach(cfg, name, v) {
		struct kstate_option *opt = &o->options[o->n_options];

		if (strncmp(name, "CONFIG_", 7) || !name[7] || strlen(name) >= sizeof(opt->name) ||
		    strspn(name, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") != strlen(name)) {
			fail(r, "kernel.config", name, "not a kernel option (CONFIG_X)");
			return -1;
		}
		if (!json_is_boolean(v)) {
			fail(r, "kernel.config", name, "expected %s", want_name[W_BOOL]);
			return -1;
		}
		strcpy(opt->name, name);
		opt->set = json_is_true(v);
		o->n_options++;
	}
	qsort(o->options, o->n_options, sizeof(*o->options), cmp_option);
	o->options_known = true;
	return 0;
}

static int read_top(struct reader *r, json_t *root, struct kstate *k, struct kstate_origin *o)
{
	static const char *const backends[] = { "lockdown_policy", "bpf", NULL };
	static const char *const intents[] = { "security-boundary", "feature-disable", NULL };
	json_t *kernel = get(r, root, "", "kernel", W_OBJECT), *level;
	int b, intent;

	if (!kernel || get_str(r, kernel, "kernel", "release", o->release, sizeof(o->release)) ||
	    get_str(r, kernel, "kernel", "machine", o->machine, sizeof(o->machine)) ||
	    (b = get_enum(r, root, "", "backend", backends)) < 0 ||
	    get_str(r, root, "", "where", k->where, sizeof(k->where)) ||
	    get_bool(r, root, "", "loaded", &k->loaded) ||
	    get_bool(r, root, "", "sealed", &k->sealed) ||
	    !(level = get(r, root, "", "static_level", W_STRING_OR_NULL)) ||
	    (intent = get_enum(r, root, "", "intent", intents)) < 0 ||
	    get_bool(r, root, "", "bypass_acknowledged", &k->bypass_acked) ||
	    get_bool(r, root, "", "asked_by_known", &k->seen_read) ||
	    get_str(r, root, "", "fingerprint", k->fingerprint, sizeof(k->fingerprint)))
		return -1;
	if (!o->machine[0]) {
		fail(r, "kernel", "machine", "empty: the architecture the policy is for is unknown");
		return -1;
	}
	if (read_config(r, kernel, o))
		return -1;
	snprintf(o->backend, sizeof(o->backend), "%s", backends[b]);
	k->not_a_boundary = intent == 1;
	if (json_is_string(level) && !json_string_length(level)) {
		fail(r, "", "static_level", "empty (null says the kernel has no static lockdown LSM)");
		return -1;
	}
	if (json_is_string(level))
		return get_str(r, root, "", "static_level", k->lockdown, sizeof(k->lockdown));
	return 0;
}

/*
 * Where the token that ends at @end starts: jansson's position is past
 * the token it stopped at ('deny', '"x"', ','), the caret goes under its
 * first byte.
 */
static size_t token_start(const char *text, size_t end)
{
	size_t i = end;

	if (!i)
		return 0;
	if (text[--i] == '"') {
		while (i > 0 && !(text[i - 1] == '"' && (i < 2 || text[i - 2] != '\\')))
			i--;
		return i ? i - 1 : 0;
	}
	while (i > 0 && !strchr(" \t\r\n[]{},:\"", text[i - 1]))
		i--;
	return i;
}

/* Line and byte column of @pos in @text, for a diagnostic. */
static struct loc position(const char *path, const char *text, size_t len, size_t pos)
{
	struct loc l = { .file = path, .line = 1, .col = 1 };

	for (size_t i = 0; i < pos && i < len; i++) {
		if (text[i] == '\n') {
			l.line++;
			l.col = 1;
		} else {
			l.col++;
		}
	}
	return l;
}

int state_json_parse(const char *text, size_t len, const char *name, struct reason_table *t,
		     struct kstate *k, struct kstate_origin *o, struct diags *d)
{
	struct reader r = { .path = name, .d = d };
	json_error_t e;
	json_t *root, *reasons;
	int ret = -1;

	memset(k, 0, sizeof(*k));
	memset(t, 0, sizeof(*t));
	memset(o, 0, sizeof(*o));
	root = json_loadb(text, len, JSON_REJECT_DUPLICATES, &e);
	if (!root) {
		size_t end = e.position < 0 ? 0 : (size_t)e.position < len ? (size_t)e.position : len;
		struct loc at = position(name, text, len, token_start(text, end));

		diag_error(d, &at, "not a recorded kernel state: %s%s", e.text,
			   (size_t)e.position >= len ? " (is the file cut short?)" : "");
		return -1;
	}
	if (!json_is_object(root)) {
		fail(&r, "", NULL, "not a recorded kernel state: not a JSON object");
		goto out;
	}
	if (check_schema(&r, root) || read_top(&r, root, k, o) ||
	    !(reasons = get(&r, root, "", "reasons", W_ARRAY)) ||
	    read_table(&r, root, reasons, t))
		goto out;
	if (read_reasons(&r, reasons, t, k) || read_notices(&r, root, t, k)) {
		table_free(t);
		goto out;
	}
	ret = 0;
out:
	if (ret)
		kstate_free(k);
	json_decref(root);
	return ret;
}

int state_json_read(const char *path, struct reason_table *t, struct kstate *k,
		    struct kstate_origin *o, struct diags *d)
{
	size_t len;
	char *text = read_file(path, &len);
	int ret;

	if (!text) {
		memset(k, 0, sizeof(*k));
		memset(t, 0, sizeof(*t));
		memset(o, 0, sizeof(*o));
		diag_io_error(d, &(struct loc){ .file = path }, "%s",
			      read_error(errno, LDP_MAX_TEXT_FILE));
		return -2;
	}
	ret = state_json_parse(text, len, path, t, k, o, d);
	free(text);
	return ret;
}
