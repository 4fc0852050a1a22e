/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A kernel's state as JSON, ldpolicy.status/2: what ldpolicy status
 * --json writes, and what ldpolicy suggest --from reads back on another
 * machine. It is a whole record: the reason table of the kernel it was
 * taken on (names, values, fingerprint), the kernel's release and
 * machine, and per reason what the policy says, what is in force, the
 * counters and who asked, so that a replay resolves names against THAT
 * kernel's table and writes what suggest wrote there.
 */
#ifndef LDPOLICY_STATE_JSON_H
#define LDPOLICY_STATE_JSON_H

#include "backend.h"

struct json;

#define STATE_JSON_SCHEMA "ldpolicy.status/2"

/* "asked_by": who asked about @what, as a member of its object. */
void state_json_asked_by(struct json *j, const struct kstate *k, unsigned int what);

/* "kernel": the release and machine of @o, as a member. */
void state_json_kernel(struct json *j, const struct kstate_origin *o);

/* The members of the document (the caller opens and closes it). */
void state_json_write(struct json *j, const struct reason_table *t, const struct kstate *k,
		      const struct kstate_origin *o);

/*
 * Read a recorded state from @path ("-": standard input), at most
 * LDP_MAX_TEXT_FILE bytes: its reason table into @t, the state into @k,
 * where it was taken into @o. Anything malformed, truncated, of another
 * schema, inconsistent (a table that is not its fingerprint's, a state
 * that does not follow from the policy and the static level) or naming a
 * reason the recorded table lacks is refused, never guessed: 0; -1,
 * diagnosed (FILE:LINE:COL for what is not JSON, else FILE and the
 * member); -2 if @path cannot be read (diagnosed as I/O). On success,
 * kstate_free() and table_free() free them.
 */
int state_json_read(const char *path, struct reason_table *t, struct kstate *k,
		    struct kstate_origin *o, struct diags *d);

/* The same, from the @len bytes of @text, named @name in diagnostics. */
int state_json_parse(const char *text, size_t len, const char *name, struct reason_table *t,
		     struct kstate *k, struct kstate_origin *o, struct diags *d);

#endif
