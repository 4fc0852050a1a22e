// SPDX-License-Identifier: GPL-2.0
/*
 * A kernel's state recorded as ldpolicy.status/2 and read back: the
 * document validates against its schema, the record is whole (written
 * again, it is the same bytes), ldpolicy suggest --from on it writes
 * exactly what suggest wrote on the kernel that recorded it, with the
 * model of its release, for its machine, and every malformed,
 * truncated, foreign, inconsistent or oversized record is refused with
 * what is wrong and where.
 */
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "test.h"
#include "model_612.h"
#include "analyze.h"
#include "backend.h"
#include "json.h"
#include "kconfig.h"
#include "model.h"
#include "state_config.h"
#include "state_json.h"
#include "suggest.h"
#include "util.h"

#ifndef LDPOLICY_BIN
#error "LDPOLICY_BIN, SCHEMAS, VALIDATE"
#endif

static void used(struct kstate *k, const char *name, const char *comm, unsigned long long n,
		 bool kernel)
{
	k->warnings[id(name)] += n;
	kstate_add_seen(k, id(name), n, kernel, comm);
}

/*
 * What a canary records after booting with lockdown=integrity and
 * lockdown_policy_warn=confidentiality, running perf, bpftrace and an
 * agent, and tightening /proc/kcore to denied midway: the static level
 * denies the integrity reasons the policy warns about; kcore, once
 * warned and asked about, is denied by the policy now; kexec was never
 * warned. On the BPF backend (@bpf), with two denial notices.
 */
static void canary(struct kstate *k, struct kstate_origin *o, bool bpf)
{
	memset(k, 0, sizeof(*k));
	memset(o, 0, sizeof(*o));
	snprintf(o->backend, sizeof(o->backend), "%s", bpf ? "bpf" : "lockdown_policy");
	snprintf(o->release, sizeof(o->release), "6.12.0-canary");
	snprintf(o->machine, sizeof(o->machine), "x86_64");
	k->loaded = true;
	k->seen_read = true;
	snprintf(k->where, sizeof(k->where), "%s", bpf ? "/sys/fs/bpf/ldpolicy" : SECFS_DIR);
	snprintf(k->lockdown, sizeof(k->lockdown), "integrity");
	table_fingerprint_hex(&t, k->fingerprint);
	for (unsigned int r = 1; r < t.conf_max; r++) {
		if (!table_is_reason(&t, r))
			continue;
		if (r < t.integrity_max)
			set(k->by_static, r);
		if (r != id("LOCKDOWN_KEXEC"))
			set(k->warned, r);
	}
	k->warned[0] &= ~(1ULL << id("LOCKDOWN_KCORE"));
	set(k->by_policy, id("LOCKDOWN_KCORE"));
	k->denials[id("LOCKDOWN_KCORE")] = 5;
	k->denials[id("LOCKDOWN_DEV_MEM")] = 2;
	used(k, "LOCKDOWN_KCORE", "cat", 1, false);
	used(k, "LOCKDOWN_PERF", "perf", 12, false);
	used(k, "LOCKDOWN_PERF", "bpftrace", 3, false);
	used(k, "LOCKDOWN_KPROBES", "my agent", 4, false);
	k->warnings[id("LOCKDOWN_KPROBES")] += 2;
	used(k, "LOCKDOWN_TRACEFS", "my agent", 7, false);
	used(k, "LOCKDOWN_HIBERNATION", "swapper", 1, true);
	if (bpf) {
		k->notices = xcalloc(2, sizeof(*k->notices));
		k->notices[0] = (struct knotice){ .boot_ns = 1500000000ULL, .pid = 42,
						  .what = id("LOCKDOWN_KCORE"), .comm = "cat" };
		k->notices[1] = (struct knotice){ .boot_ns = 2500000000ULL, .pid = 43,
						  .what = id("LOCKDOWN_KCORE"), .comm = "cat" };
		k->n_notices = 2;
	}
}

/* What ldpolicy status --json writes for @k, into a file named @name. */
static char *record(const char *name, const struct reason_table *tt, const struct kstate *k,
		    const struct kstate_origin *o)
{
	char *path = write_tmp(name, "");
	FILE *f = fopen(path, "w");
	struct json j;

	assert_non_null(f);
	json_begin_document(&j, f, STATE_JSON_SCHEMA);
	state_json_write(&j, tt, k, o);
	json_end_document(&j);
	assert_int_equal(fclose(f), 0);
	return path;
}

static char *text_of(const char *path)
{
	char *text = read_file(path, NULL);

	assert_non_null(text);
	return text;
}

/* The suggestion for @k, as .ldp (@json false) or JSON, written as suggest writes it. */
static char *suggest_with(const struct model *mm, const struct reason_table *tt,
			  const struct kstate *k, const struct kstate_origin *o, const char *base,
			  bool json)
{
	struct suggestion s;
	struct diags d = { 0 };
	const char *source = strcmp(o->backend, "bpf") ? "the lockdown_policy LSM" :
			     "the BPF backend";
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	assert_non_null(f);
	if (suggest_build(&s, tt, mm, k, base, &d)) {
		diag_print(&d, stderr);
		fail_msg("no suggestion");
	}
	s.origin = o;
	if (json) {
		struct json j;

		json_begin_document(&j, f, "ldpolicy.suggest/1");
		suggest_write_json(&s, source, &j);
		json_end_document(&j);
	} else {
		suggest_write_ldp(&s, source, f);
	}
	assert_int_equal(fclose(f), 0);
	suggest_free(&s);
	diag_free(&d);
	return text;
}

/* The same, with the 6.12 model (the canary's kernel's). */
static char *suggest_text(const struct reason_table *tt, const struct kstate *k,
			  const struct kstate_origin *o, const char *base, bool json)
{
	return suggest_with(&m, tt, k, o, base, json);
}

/* Written, read back, written again: the same bytes, the same table. */
static void round_trip(void **state)
{
	for (int bpf = 0; bpf < 2; bpf++) {
		struct kstate k, k2;
		struct kstate_origin o, o2;
		struct reason_table t2;
		struct diags d = { 0 };
		char *first, *again, *a, *b;

		(void)state;
		canary(&k, &o, bpf);
		first = record(bpf ? "canary-bpf.json" : "canary.json", &t, &k, &o);
		if (state_json_read(first, &t2, &k2, &o2, &d)) {
			diag_print(&d, stderr);
			fail_msg("the record does not read back");
		}
		assert_int_equal(d.n, 0);
		again = record("again.json", &t2, &k2, &o2);
		a = text_of(first);
		b = text_of(again);
		assert_string_equal(a, b);
		/* THAT kernel's table, named as the kernel named it */
		assert_memory_equal(table_fingerprint(&t2), table_fingerprint(&t),
				    LOCKDOWN_POLICY_FINGERPRINT_SIZE);
		assert_string_equal(t2.source, t.source);
		assert_int_equal(t2.integrity_max, t.integrity_max);
		assert_int_equal(t2.conf_max, t.conf_max);
		assert_string_equal(o2.machine, "x86_64");
		assert_string_equal(o2.backend, bpf ? "bpf" : "lockdown_policy");
		assert_int_equal(k2.n_seen, k.n_seen);
		assert_int_equal(k2.n_notices, k.n_notices);
		free(a);
		free(b);
		free(first);
		free(again);
		kstate_free(&k);
		kstate_free(&k2);
		table_free(&t2);
	}
}

/*
 * The kernel options the model names, as the kernel was built: read back
 * sorted, whatever order the record has them in, and written again the
 * same; the configuration they make says what the record said.
 */
static void config_round_trip(void **state)
{
	struct kstate k, k2, k3;
	struct kstate_origin o, o2, o3;
	struct reason_table t2, t3;
	struct diags d = { 0 };
	struct kconfig c;
	char *first, *again, *a, *b;

	(void)state;
	canary(&k, &o, false);
	o.options_known = true;
	o.n_options = 2;
	o.options[0] = (struct kstate_option){ "CONFIG_ZZ_SET", true };
	o.options[1] = (struct kstate_option){ "CONFIG_AA_UNSET", false };
	first = record("config.json", &t, &k, &o);
	assert_int_equal(state_json_read(first, &t2, &k2, &o2, &d), 0);
	assert_true(o2.options_known);
	assert_int_equal(o2.n_options, 2);
	assert_string_equal(o2.options[0].name, "CONFIG_AA_UNSET");
	assert_false(o2.options[0].set);
	assert_string_equal(o2.options[1].name, "CONFIG_ZZ_SET");
	assert_true(o2.options[1].set);
	again = record("config-again.json", &t2, &k2, &o2);
	assert_int_equal(state_json_read(again, &t3, &k3, &o3, &d), 0);
	a = text_of(again);
	free(again);
	again = record("config-again.json", &t3, &k3, &o3);
	b = text_of(again);
	assert_string_equal(a, b);
	assert_int_equal(kstate_origin_config(&o2, &c), 0);
	assert_int_equal(kconfig_enabled(&c, "CONFIG_ZZ_SET"), 1);
	assert_int_equal(kconfig_enabled(&c, "CONFIG_AA_UNSET"), 0);
	kconfig_free(&c);
	/* a record that knows none: no configuration, nothing allocated */
	o2.options_known = false;
	assert_int_equal(kstate_origin_config(&o2, &c), -1);
	assert_null(c.text);
	assert_int_equal(d.n, 0);
	free(a);
	free(b);
	free(first);
	free(again);
	kstate_free(&k);
	kstate_free(&k2);
	kstate_free(&k3);
	table_free(&t2);
	table_free(&t3);
}

/*
 * The record's shape, on both backends, who asked known or not: the
 * table, the kernel, what the policy says where the static level
 * denies; asked_by on every reason or on none. Valid against the schema.
 */
static void status_json(void **state)
{
	char docs[1024] = "";

	(void)state;
	for (int i = 0; i < 4; i++) {
		struct kstate k;
		struct kstate_origin o;
		char name[32], *path, *text;

		snprintf(name, sizeof(name), "status-%d.json", i);
		canary(&k, &o, i & 1);
		k.seen_read = i & 2;
		path = record(name, &t, &k, &o);
		snprintf(docs + strlen(docs), sizeof(docs) - strlen(docs), " %s", path);
		text = text_of(path);
		assert_non_null(strstr(text, "\"kernel\":{\"release\":\"6.12.0-canary\","
				       "\"machine\":\"x86_64\",\"config\":null},\"table\":{\"source\":"));
		assert_non_null(strstr(text, "\"integrity_max\":21,\"confidentiality_max\":30}"));
		assert_non_null(strstr(text, i & 2 ?
				       "\"id\":\"LOCKDOWN_DEV_MEM\",\"class\":\"integrity\","
				       "\"state\":\"denied\",\"by\":\"static\",\"denials\":2,"
				       "\"warnings\":0,\"asked_by\":[],\"policy\":\"warned\"}" :
				       "\"id\":\"LOCKDOWN_DEV_MEM\",\"class\":\"integrity\","
				       "\"state\":\"denied\",\"by\":\"static\",\"denials\":2,"
				       "\"warnings\":0,\"policy\":\"warned\"}"));
		assert_true(!strstr(text, "\"asked_by\"") == !(i & 2));
		assert_true(!strstr(text, "\"notices\":[{") == !(i & 1));
		free(text);
		free(path);
		kstate_free(&k);
	}
	if (validate_json(docs))
		fail_msg("a recorded state does not validate against its schema (above)");
}

/* Run ldpolicy ARGS; its standard output into @out (malloc'd). Returns the exit status. */
static int run_ldpolicy(const char *args, char **out)
{
	char *path = write_tmp("stdout.txt", ""), cmd[4096];
	int st;

	snprintf(cmd, sizeof(cmd), "%s %s > %s", LDPOLICY_BIN, args, path);
	st = system(cmd);
	*out = text_of(path);
	free(path);
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128;
}

/*
 * suggest --from writes what suggest wrote on the kernel that recorded
 * the state, policy and JSON, for both bases and both backends; both
 * documents validate against their schemas.
 */
static void replay_is_live(void **state)
{
	static const char *const bases[] = { "confidentiality", "integrity" };
	char docs[1024] = "";

	(void)state;
	for (int bpf = 0; bpf < 2; bpf++) {
		struct kstate k;
		struct kstate_origin o;
		char *path;

		canary(&k, &o, bpf);
		path = record(bpf ? "live-bpf.json" : "live.json", &t, &k, &o);
		snprintf(docs + strlen(docs), sizeof(docs) - strlen(docs), " %s", path);
		for (size_t b = 0; b < ARRAY_SIZE(bases); b++)
			for (int json = 0; json < 2; json++) {
				char args[512], *live = suggest_text(&t, &k, &o, bases[b], json), *replay;
				char name[32], *out;

				snprintf(name, sizeof(name), "suggest-%d-%zu.%s", bpf, b, json ? "json" : "ldp");
				out = write_tmp(name, "");

				snprintf(args, sizeof(args), "suggest --from %s --base %s%s 2>/dev/null",
					 path, bases[b], json ? " --json" : "");
				assert_int_equal(run_ldpolicy(args, &replay), 0);
				assert_string_equal(replay, live);
				if (!json) {
					/* the kernel it was made on, said */
					assert_non_null(strstr(replay, "# kernel: 6.12.0-canary x86_64\n"));
					assert_non_null(strstr(replay, bpf ? "from what the BPF backend "
							       "observed" : "from what the lockdown_policy LSM "
							       "observed"));
				} else if (!b) {
					FILE *f = fopen(out, "w");

					assert_non_null(f);
					fputs(replay, f);
					assert_int_equal(fclose(f), 0);
					snprintf(docs + strlen(docs), sizeof(docs) - strlen(docs), " %s", out);
				}
				free(out);
				free(live);
				free(replay);
			}
		free(path);
		kstate_free(&k);
	}
	if (validate_json(docs))
		fail_msg("a recorded state or a replayed suggestion does not validate (above)");
}

/*
 * The analysis is for the machine the state was recorded on: MSR writes,
 * which only x86 has, take the kernel over there, so an x86 canary's
 * workload that used them gets the acknowledgement an arm64 canary's
 * same observations do not need, wherever either is replayed.
 */
static void replay_for_recorded_machine(void **state)
{
	struct kstate k;
	struct kstate_origin o;
	char *x86, *arm, *out;

	(void)state;
	canary(&k, &o, false);
	used(&k, "LOCKDOWN_MSR", "wrmsr", 1, false);
	x86 = record("x86.json", &t, &k, &o);
	snprintf(o.machine, sizeof(o.machine), "aarch64");
	arm = record("arm64.json", &t, &k, &o);
	{
		char args[512];

		snprintf(args, sizeof(args), "suggest --from %s 2>/dev/null", x86);
		assert_int_equal(run_ldpolicy(args, &out), 0);
		assert_non_null(strstr(out, "acknowledge LOCKDOWN_MSR"));
		free(out);
		snprintf(args, sizeof(args), "suggest --from %s 2>/dev/null", arm);
		assert_int_equal(run_ldpolicy(args, &out), 0);
		assert_null(strstr(out, "acknowledge LOCKDOWN_MSR"));
		assert_non_null(strstr(out, "# kernel: 6.12.0-canary aarch64\n"));
		free(out);
	}
	free(x86);
	free(arm);
	kstate_free(&k);
}

/*
 * The model is the recorded kernel's: a canary running Debian 12's 6.1
 * replays with the 6.1 model, whatever kernel the replaying host runs.
 */
static void replay_for_recorded_kernel(void **state)
{
	static const char *const releases[][2] = {
		{ "6.1.0-57-amd64", "6.1" }, { "6.12.0-canary", "6.12" },
	};
	char *text[2];

	(void)state;
	for (int i = 0; i < 2; i++) {
		struct kstate k;
		struct kstate_origin o;
		struct model mm;
		struct diags d = { 0 };
		char args[512], want[64], *path, *replay, *err = write_tmp("release.err", ""), *msg;

		canary(&k, &o, true);
		snprintf(o.release, sizeof(o.release), "%s", releases[i][0]);
		path = record("release.json", &t, &k, &o);
		assert_int_equal(model_load(&mm, releases[i][1], NULL, &d), 0);
		text[i] = suggest_with(&mm, &t, &k, &o, "confidentiality", false);
		snprintf(args, sizeof(args), "suggest --from %s 2>%s", path, err);
		assert_int_equal(run_ldpolicy(args, &replay), 0);
		assert_string_equal(replay, text[i]);
		/* what the check of the suggestion says of paths is the model's */
		msg = text_of(err);
		snprintf(want, sizeof(want), "nothing closes it on Linux %s,", releases[i][1]);
		if (!strstr(msg, want))
			fail_msg("replayed for %s, not judged with its model: %s", releases[i][0], msg);
		free(msg);
		free(err);
		free(replay);
		free(path);
		model_free(&mm);
		kstate_free(&k);
		diag_free(&d);
	}
	free(text[0]);
	free(text[1]);
}

/*
 * A comm that is not UTF-8 (a program may name itself so) is recorded
 * with U+FFFD for each stray byte, and replays to the same policy, the
 * same '?' in the comment that names it.
 */
static void stray_bytes_in_a_comm(void **state)
{
	struct kstate k, k2;
	struct kstate_origin o, o2;
	struct reason_table t2;
	struct diags d = { 0 };
	char *path, *live, *replay;

	(void)state;
	canary(&k, &o, false);
	used(&k, "LOCKDOWN_PERF", "\xff\xfe\xfd\xfc\xfb\xfa\xf9\xf8\xf7\xf6\xf5\xf4\xf3\xf2\xf1x",
	     1, false);
	path = record("stray.json", &t, &k, &o);
	if (state_json_read(path, &t2, &k2, &o2, &d)) {
		diag_print(&d, stderr);
		fail_msg("a comm of stray bytes does not read back");
	}
	live = suggest_text(&t, &k, &o, "confidentiality", false);
	replay = suggest_text(&t2, &k2, &o2, "confidentiality", false);
	assert_string_equal(replay, live);
	assert_non_null(strstr(live, "???????????????x (1)"));
	free(live);
	free(replay);
	free(path);
	kstate_free(&k);
	kstate_free(&k2);
	table_free(&t2);
}

/* @doc with its only (or first, if @first) @from replaced by @to. */
static char *replace(const char *doc, const char *from, const char *to, bool first)
{
	const char *at = strstr(doc, from);
	char *out;

	if (!at)
		fail_msg("'%s' is not in the record", from);
	if (!first && strstr(at + 1, from))
		fail_msg("'%s' is in the record more than once", from);
	out = xmalloc(strlen(doc) - strlen(from) + strlen(to) + 1);
	sprintf(out, "%.*s%s%s", (int)(at - doc), doc, to, at + strlen(from));
	return out;
}

struct bad {
	const char *from, *to;	/* the change to a valid record; from NULL: to is the file */
	bool first;		/* change the first of several */
	const char *why;	/* the error says this */
	unsigned int line, col;	/* and points here, if not 0 */
};

static void expect_refused(const char *doc, const struct bad *b, bool bpf)
{
	char *text = b->from ? replace(doc, b->from, b->to, b->first) : xstrdup(b->to);
	char *path = write_tmp(bpf ? "bad-bpf.json" : "bad.json", text);
	struct reason_table t2;
	struct kstate k2;
	struct kstate_origin o2;
	struct diags d = { 0 };

	if (state_json_read(path, &t2, &k2, &o2, &d) != -1) {
		fail_msg("accepted, with %s replaced by %s", b->from ? b->from : "(all)",
			 b->to);
	}
	if (!has_diag(&d, SEV_ERROR, b->line, b->col, b->why)) {
		diag_print(&d, stderr);
		fail_msg("with %s replaced by %s: no error at %u:%u that says '%s'",
			 b->from ? b->from : "(all)", b->to, b->line, b->col, b->why);
	}
	/* nothing is left to free: a refused record leaves nothing behind */
	assert_null(k2.seen);
	assert_null(t2.v);
	diag_free(&d);
	free(path);
	free(text);
}

/* Every way a record can be wrong: refused, never guessed. */
static void malformed(void **state)
{
	static const struct bad bad[] = {
		/* not JSON, where it stops being JSON */
		{ NULL, "deny kcore\n", 0, "'[' or '{' expected", 1, 1 },
		{ NULL, "", 0, "cut short", 0, 0 },
		{ NULL, "{\"schema\":\"ldpolicy.status/2\",\n \"a\": 1,,\n}", 0,
		  "string or '}' expected", 2, 9 },
		{ NULL, "{\"schema\":\"ldpolicy.status/2\", \"x\": 1, \"x\": 2}", 0,
		  "duplicate object key", 1, 40 },
		{ NULL, "{\"schema\":\"ldpolicy.status/2\",\"where\":\"\xff\"}", 0,
		  "not a recorded kernel state", 0, 0 },
		{ NULL, "{\"schema\":\"ldpolicy.status/2\",\"where\":\"a\\u0000b\"}", 0,
		  "not a recorded kernel state", 0, 0 },
		{ NULL, "[{\"schema\":\"ldpolicy.status/2\"}]", 0, "not a JSON object", 0, 0 },
		/* another schema */
		{ "\"schema\":\"ldpolicy.status/2\"", "\"schema\":\"ldpolicy.status/1\"", 0,
		  "recorded as ldpolicy.status/1, which this ldpolicy does not read", 0, 0 },
		{ "\"schema\":\"ldpolicy.status/2\"", "\"schema\":\"ldpolicy.suggest/1\"", 0,
		  "'ldpolicy.suggest/1' is not a recorded kernel state", 0, 0 },
		{ "\"schema\":\"ldpolicy.status/2\",", "", 0, "no \"schema\" member", 0, 0 },
		/* members missing, of the wrong kind, out of range */
		{ "\"reasons\":", "\"reasonz\":", 0, "reasons: missing", 0, 0 },
		{ "\"kernel\":{", "\"kernal\":{", 0, "kernel: missing", 0, 0 },
		{ "\"machine\":\"x86_64\"", "\"machine\":\"\"", 0,
		  "kernel.machine: empty", 0, 0 },
		{ "\"config\":null", "\"config\":[]", 0,
		  "kernel.config: expected an object or null", 0, 0 },
		{ "\"config\":null", "\"config\":{\"BPF\":true}", 0,
		  "kernel.config.BPF: not a kernel option (CONFIG_X)", 0, 0 },
		{ "\"config\":null", "\"config\":{\"CONFIG_BPF\":1}", 0,
		  "kernel.config.CONFIG_BPF: expected true or false", 0, 0 },
		{ "\"backend\":\"lockdown_policy\"", "\"backend\":\"selinux\"", 0,
		  "backend: unknown value 'selinux'", 0, 0 },
		{ "\"loaded\":true", "\"loaded\":\"yes\"", 0, "loaded: expected true or false", 0, 0 },
		{ "\"warnings\":15", "\"warnings\":-1", 0,
		  "].warnings: expected an integer of at least 0", 0, 0 },
		{ "\"warnings\":15", "\"warnings\":1.5", 0,
		  "].warnings: expected an integer of at least 0", 0, 0 },
		{ "\"denials\":5", "\"denials\":\"5\"", 0,
		  "].denials: expected an integer of at least 0", 0, 0 },
		{ "\"warnings\":15", "\"warnings\":99999999999999999999", 0,
		  "too big integer", 0, 0 },
		{ "\"comm\":\"perf\"", "\"comm\":\"a-comm-of-17-byte\"", 0,
		  "].asked_by[0].comm: 'a-comm-of-17-byte' is longer than a task's comm", 0, 0 },
		{ "\"comm\":\"perf\"", "\"comm\":\"\\ufffd\\ufffd\\ufffd\\ufffd\\ufffd\\ufffd"
		  "\\ufffd\\ufffd\\ufffd\\ufffd\\ufffd\\ufffd\\ufffd\\ufffd\\ufffd\\ufffd\\ufffd\"", 0,
		  "].asked_by[0].comm: '", 0, 0 },
		{ "\"where\":\"" SECFS_DIR "\"", "\"where\":[]", 0, "where: expected a string", 0, 0 },
		/* the table: bounds, places, classes, names, fingerprint */
		{ "\"count\":28", "\"count\":27", 0, "are not a reason table's", 0, 0 },
		{ "\"confidentiality_max\":30", "\"confidentiality_max\":2000", 0,
		  "table.confidentiality_max: 2000 is out of range", 0, 0 },
		{ "\"integrity_max\":21", "\"integrity_max\":22", 0,
		  "reasons[20].value: 22 is a level's, not a reason's", 0, 0 },
		{ "\"value\":2,", "\"value\":3,", 0, "reasons[2].value: 3 is listed twice", 0, 0 },
		{ "\"value\":29,", "\"value\":30,", 0, "reasons[27].value: 30 is out of range", 0, 0 },
		{ "\"value\":1,\"id\":\"LOCKDOWN_MODULE_SIGNATURE\",\"class\":\"integrity\"",
		  "\"value\":1,\"id\":\"LOCKDOWN_MODULE_SIGNATURE\",\"class\":\"confidentiality\"", 0,
		  "reasons[0].class: confidentiality, where its value 1 makes it integrity", 0, 0 },
		{ "\"id\":\"LOCKDOWN_PERF\"", "\"id\":\"PERF\"", 0,
		  "'PERF' is not a LOCKDOWN_ identifier", 0, 0 },
		{ "\"id\":\"LOCKDOWN_PERF\"", "\"id\":\"LOCKDOWN_KCORE\"", 0,
		  "LOCKDOWN_KCORE appears twice", 0, 0 },
		{ "\"id\":\"LOCKDOWN_PERF\"", "\"id\":\"LOCKDOWN_PERFS\"", 0,
		  "the file was altered", 0, 0 },
		{ "\"fingerprint\":\"1358", "\"fingerprint\":\"0358", 1, "the file was altered", 0, 0 },
		/* a record that disagrees with itself */
		{ "\"id\":\"LOCKDOWN_PERF\",\"class\":\"confidentiality\",\"state\":\"warned\","
		  "\"by\":\"policy\"",
		  "\"id\":\"LOCKDOWN_PERF\",\"class\":\"confidentiality\",\"state\":\"allowed\","
		  "\"by\":\"none\"", 0, "LOCKDOWN_PERF is allowed by none, which does not follow", 0, 0 },
		{ "\"asked_by\":[],", "", 1, "asked_by: missing, where asked_by_known is true", 0, 0 },
		{ "\"asked_by_known\":true", "\"asked_by_known\":false", 0,
		  "asked_by: present, where asked_by_known is false", 0, 0 },
	};
	static const struct bad bad_bpf[] = {
		/* a notice of a reason the recorded table lacks */
		{ "\"pid\":42,\"id\":\"LOCKDOWN_KCORE\"", "\"pid\":42,\"id\":\"LOCKDOWN_NOPE\"", 0,
		  "notices[0].id: LOCKDOWN_NOPE is not in the recorded reason table", 0, 0 },
		{ "\"pid\":42,\"id\":\"LOCKDOWN_KCORE\"", "\"pid\":42,\"id\":\"kcore\"", 0,
		  "notices[0].id: kcore is not in the recorded reason table", 0, 0 },
		{ "\"pid\":42", "\"pid\":4294967296", 0, "notices[0].pid: 4294967296 is out of range",
		  0, 0 },
	};
	for (int bpf = 0; bpf < 2; bpf++) {
		struct kstate k;
		struct kstate_origin o;
		char *path, *doc;

		(void)state;
		canary(&k, &o, bpf);
		path = record("valid.json", &t, &k, &o);
		doc = text_of(path);
		if (!bpf)
			for (size_t i = 0; i < ARRAY_SIZE(bad); i++)
				expect_refused(doc, &bad[i], false);
		else
			for (size_t i = 0; i < ARRAY_SIZE(bad_bpf); i++)
				expect_refused(doc, &bad_bpf[i], true);
		free(doc);
		free(path);
		kstate_free(&k);
	}
}

/*
 * Through the command: a malformed record exits 1 and says FILE:LINE:COL
 * or FILE: what; an unreadable, oversized or irregular one exits 3, as
 * every input file does; --from with --table or --backend is a usage
 * error (2). Nothing is written to standard output.
 */
static void command_refuses(void **state)
{
	static const struct {
		const char *args, *err;
		int status;
	} runs[] = {
		{ "%s", ":1:1: error: not a recorded kernel state: '[' or '{' expected", 1 },
		{ "/nonexistent.json", "/nonexistent.json: error: cannot read", 3 },
		{ "/dev/zero", "/dev/zero: error: not a regular file", 3 },
		{ "%s --table " TABLE_612, "--from replays the recorded kernel's own table", 2 },
		{ "%s --backend bpf", "not with --backend", 2 },
	};
	char *garbage = write_tmp("garbage.json", "deny kcore\n");
	char *big = write_tmp("big.json", "");
	FILE *f = fopen(big, "w");

	(void)state;
	assert_non_null(f);
	fputc('{', f);
	for (size_t n = 0; n <= LDP_MAX_TEXT_FILE; n += 64)
		fprintf(f, "%63s\n", "");
	assert_int_equal(fclose(f), 0);
	for (size_t i = 0; i < ARRAY_SIZE(runs) + 1; i++) {
		char args[1024], file[512], *out, *err = write_tmp("stderr.txt", ""), *msg;
		const char *want = i < ARRAY_SIZE(runs) ? runs[i].err : "big.json: error: too large";
		int status = i < ARRAY_SIZE(runs) ? runs[i].status : 3;

		snprintf(file, sizeof(file), i < ARRAY_SIZE(runs) ? runs[i].args : "%s",
			 i < ARRAY_SIZE(runs) ? garbage : big);
		snprintf(args, sizeof(args), "suggest --from %s 2>%s", file, err);
		assert_int_equal(run_ldpolicy(args, &out), status);
		assert_string_equal(out, "");
		msg = text_of(err);
		if (!strstr(msg, want))
			fail_msg("suggest --from %s: '%s' is not in: %s", file, want, msg);
		free(msg);
		free(out);
		free(err);
	}
	free(garbage);
	free(big);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(status_json),
		cmocka_unit_test(round_trip),
		cmocka_unit_test(config_round_trip),
		cmocka_unit_test(replay_is_live),
		cmocka_unit_test(replay_for_recorded_machine),
		cmocka_unit_test(replay_for_recorded_kernel),
		cmocka_unit_test(stray_bytes_in_a_comm),
		cmocka_unit_test(malformed),
		cmocka_unit_test(command_refuses),
	};

	return cmocka_run_group_tests_name("state_json", tests, setup, teardown);
}
