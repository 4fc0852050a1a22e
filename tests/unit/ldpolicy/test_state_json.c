// SPDX-License-Identifier: GPL-2.0
/*
 * A kernel's state recorded as ldpolicy.status/2: the document validates
 * against its published schema, on both backends, and says what the
 * policy alone says of a reason the static level denies.
 */
#include "test.h"
#include "backend.h"
#include "json.h"
#include "state_json.h"
#include "util.h"

#ifndef VALIDATE
#error "SCHEMAS, VALIDATE"
#endif

static struct reason_table t;

static unsigned int id(const char *name)
{
	int what = table_lookup(&t, name);

	assert_true(what > 0);
	return what;
}

static void set(uint64_t *bits, unsigned int what)
{
	bits[what / 64] |= 1ULL << (what % 64);
}

/*
 * A canary booted with lockdown=integrity and warn confidentiality: the
 * static level denies the integrity reasons the policy warns about; perf
 * was used; kcore is denied by the policy now.
 */
static void canary(struct kstate *k, struct kstate_origin *o, bool bpf, bool asked_known)
{
	memset(k, 0, sizeof(*k));
	memset(o, 0, sizeof(*o));
	snprintf(o->backend, sizeof(o->backend), "%s", bpf ? "bpf" : "lockdown_policy");
	snprintf(o->release, sizeof(o->release), "6.12.0-canary");
	snprintf(o->machine, sizeof(o->machine), "x86_64");
	k->loaded = true;
	k->seen_read = asked_known;
	snprintf(k->where, sizeof(k->where), "%s", bpf ? "/sys/fs/bpf/ldpolicy" : SECFS_DIR);
	snprintf(k->lockdown, sizeof(k->lockdown), "integrity");
	table_fingerprint_hex(&t, k->fingerprint);
	for (unsigned int r = 1; r < t.conf_max; r++) {
		if (!table_is_reason(&t, r))
			continue;
		if (r < t.integrity_max)
			set(k->by_static, r);
		set(k->warned, r);
	}
	k->warned[0] &= ~(1ULL << id("LOCKDOWN_KCORE"));
	set(k->by_policy, id("LOCKDOWN_KCORE"));
	k->warnings[id("LOCKDOWN_PERF")] = 3;
	kstate_add_seen(k, id("LOCKDOWN_PERF"), 3, false, "perf");
	if (bpf) {
		k->notices = xcalloc(1, sizeof(*k->notices));
		k->notices[0] = (struct knotice){ .boot_ns = 1500000000ULL, .pid = 42,
						  .what = id("LOCKDOWN_KCORE"), .comm = "cat" };
		k->n_notices = 1;
	}
}

static char *record(const char *name, const struct kstate *k, const struct kstate_origin *o)
{
	char *path = write_tmp(name, "");
	FILE *f = fopen(path, "w");
	struct json j;

	assert_non_null(f);
	json_begin_document(&j, f, STATE_JSON_SCHEMA);
	state_json_write(&j, &t, k, o);
	json_end_document(&j);
	assert_int_equal(fclose(f), 0);
	return path;
}

static void status_json(void **state)
{
	char docs[1024] = "", *text;

	(void)state;
	load_612(&t);
	for (int i = 0; i < 4; i++) {
		struct kstate k;
		struct kstate_origin o;
		char name[32], *path;

		snprintf(name, sizeof(name), "status-%d.json", i);
		canary(&k, &o, i & 1, i & 2);
		path = record(name, &k, &o);
		snprintf(docs + strlen(docs), sizeof(docs) - strlen(docs), " %s", path);
		text = read_file(path, NULL);
		assert_non_null(text);
		/* the table, the kernel, what the policy says where the static level denies */
		assert_non_null(strstr(text, "\"kernel\":{\"release\":\"6.12.0-canary\","
				       "\"machine\":\"x86_64\"},\"table\":{\"source\":"));
		assert_non_null(strstr(text, "\"integrity_max\":21,\"confidentiality_max\":30}"));
		assert_non_null(strstr(text, "\"id\":\"LOCKDOWN_DEV_MEM\",\"class\":\"integrity\","
				       "\"state\":\"denied\",\"by\":\"static\""));
		assert_non_null(strstr(text, i & 2 ? "\"asked_by\":[],\"policy\":\"warned\"}" :
				       "\"warnings\":0,\"policy\":\"warned\"}"));
		/* who asked: on every reason when known, on none when not */
		assert_true(!strstr(text, "\"asked_by\"") == !(i & 2));
		assert_true(!strstr(text, "\"notices\":[{") == !(i & 1));
		free(text);
		free(path);
		kstate_free(&k);
	}
	if (validate_json(docs))
		fail_msg("a recorded state does not validate against its schema (above)");
	table_free(&t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(status_json),
	};

	return cmocka_run_group_tests_name("state_json", tests, NULL, NULL);
}
