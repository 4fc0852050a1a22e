#!/usr/bin/python3
# Validate ldpolicy's JSON output against its schemas.
#
# Usage: validate.py SCHEMA_DIR DOCUMENT...
# Every schema in SCHEMA_DIR must be a valid draft 2020-12 schema whose
# $id and const schema member match its file name; each DOCUMENT is
# validated against the schema its "schema" member names. Prints one line
# per failure and exits 1 if any.
import json
import os
import sys

import jsonschema

schema_dir, docs = sys.argv[1], sys.argv[2:]
store, by_name, bad = {}, {}, 0
for f in sorted(os.listdir(schema_dir)):
    if not f.endswith(".schema.json"):
        continue
    s = json.load(open(os.path.join(schema_dir, f)))
    jsonschema.Draft202012Validator.check_schema(s)
    name, ver = f[len("ldpolicy."):-len(".schema.json")].rsplit("-", 1)
    value = "ldpolicy.%s/%s" % (name, ver)
    if s.get("$id") != "urn:ldpolicy:schema:%s/%s" % (name, ver) or \
            s["properties"]["schema"].get("const") != value:
        print("%s: $id or schema const does not match the file name" % f)
        bad += 1
    store[s["$id"]] = s
    by_name[value] = s
resolver_store = dict(store)
for d in docs:
    try:
        doc = json.load(open(d))
    except ValueError as e:
        print("%s: not JSON: %s" % (d, e))
        bad += 1
        continue
    s = by_name.get(doc.get("schema") if isinstance(doc, dict) else None)
    if s is None:
        print("%s: no schema file for %r" % (d, doc.get("schema") if isinstance(doc, dict) else doc))
        bad += 1
        continue
    v = jsonschema.Draft202012Validator(
        s, resolver=jsonschema.RefResolver.from_schema(s, store=resolver_store))
    for e in v.iter_errors(doc):
        print("%s: %s: %s" % (d, "/".join(str(p) for p in e.absolute_path), e.message))
        bad += 1
sys.exit(1 if bad else 0)
