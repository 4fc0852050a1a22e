/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A kernel's state as JSON, ldpolicy.status/2: what ldpolicy status
 * --json writes. It is a whole record: the reason table of the kernel it
 * was taken on (names, values, fingerprint), the kernel's release and
 * machine, and per reason what the policy says, what is in force, the
 * counters and who asked, so that it can be replayed elsewhere against
 * THAT kernel's table.
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

#endif
