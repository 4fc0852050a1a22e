#!/usr/bin/awk -f
# Parse (K)TAP into one record per test, for the VM runner.
#
# Reads a serial console log (kernel messages, printk timestamps and all) or
# a clean TAP stream. Understands TAP 13 with a trailing plan and KUnit's
# nested KTAP (a suite's cases indented four spaces under "# Subtest:").
#
# Variables: prefix   name prepended to every test name ("" for none)
#
# Output, tab-separated:
#   PASS <name>
#   FAIL <name>
#   DIAG <text>              a diagnostic line of the FAIL before it
#   SKIP <name>  <reason>
#   ERROR <what>             the stream itself is broken (no plan, a plan
#                            that does not match the tests seen)
# A parent test (a KUnit suite, a parameterised case) is not reported when
# its children are, unless it failed on its own.

function strip(s) {
	sub(/\r$/, "", s)
	# printk prefix: "[    1.234567] "
	sub(/^\[ *[0-9]+\.[0-9]+\] /, "", s)
	return s
}

function indent_of(s,    n) {
	n = match(s, /[^ ]/) - 1
	return n < 0 ? 0 : int(n / 4)
}

function fullname(d, desc,    k, n) {
	n = ""
	for (k = 1; k <= d; k++)
		if (sub_name[k] != "")
			n = n sub_name[k] "."
	return (prefix == "" ? "" : prefix ": ") n desc
}

# The list at depth d is over: check its plan.
function close_list(d,    what) {
	if (!active[d])
		return
	what = d == 0 ? (prefix == "" ? "stream" : prefix) : fullname(d - 1, sub_name[d])
	# A nested list may go without a plan (KUnit's parameterised cases
	# do): the parent's result line shows it ended. The top level may not.
	if (plan[d] < 0 && d == 0)
		printf "ERROR\t%s: no plan (the run died before it ended?)\n", what
	else if (plan[d] >= 0 && plan[d] != count[d])
		printf "ERROR\t%s: planned %d tests, saw %d\n", what, plan[d], count[d]
	active[d] = 0
}

function open_list(d) {
	active[d] = 1
	plan[d] = -1
	count[d] = 0
	failed[d] = 0
	sub_name[d] = ""
}

BEGIN {
	started = 0
	max = 0
}

{
	line = strip($0)
	body = line
	sub(/^ +/, "", body)
	d = indent_of(line)
}

body ~ /^(K?TAP version [0-9]+)$/ {
	if (d == 0 && started) {
		# a second top-level stream: close the first
		for (k = max; k >= 0; k--)
			close_list(k)
	}
	started = 1
	open_list(d)
	if (d > max)
		max = d
	next
}

!started { next }

body ~ /^# Subtest: / {
	if (!active[d])
		open_list(d)
	sub_name[d] = substr(body, 12)
	next
}

body ~ /^1\.\.[0-9]+/ {
	if (!active[d])
		open_list(d)
	plan[d] = substr(body, 4) + 0
	next
}

body ~ /^(not )?ok [0-9]+/ {
	if (!active[d])
		open_list(d)
	passed = body !~ /^not /
	rest = body
	sub(/^(not )?ok [0-9]+ */, "", rest)
	sub(/^- /, "", rest)
	directive = ""
	if (match(rest, / *# *[Ss][Kk][Ii][Pp]/)) {
		directive = substr(rest, RSTART + RLENGTH)
		sub(/^ +/, "", directive)
		rest = substr(rest, 1, RSTART - 1)
		skipped = 1
	} else {
		skipped = 0
		if (match(rest, / # /))
			rest = substr(rest, 1, RSTART - 1)
	}
	count[d]++
	# a result at depth d closes any list nested under it
	had_children = 0
	child_failed = 0
	for (k = max; k > d; k--)
		if (active[k]) {
			had_children += count[k]
			child_failed += failed[k]
			failed[k] = 0
			close_list(k)
		}
	name = fullname(d, rest)
	after_fail = 0
	if (had_children && (passed || child_failed)) {
		npre = 0
		next
	}
	if (skipped)
		printf "SKIP\t%s\t%s\n", name, directive
	else if (passed)
		printf "PASS\t%s\n", name
	else {
		printf "FAIL\t%s\n", name
		failed[d]++
		# KUnit writes a case's diagnostics before its result
		for (k = 1; k <= npre; k++)
			printf "DIAG\t%s\n", pre[k]
		after_fail = 1
	}
	npre = 0
	next
}

# Diagnostics: TAP puts them after a result, KUnit before it.
body ~ /^# / && active[d] {
	if (body ~ /^# (module: |is_init: |Totals: |[A-Za-z0-9_.]+: pass:[0-9]+)/)
		next
	if (after_fail)
		printf "DIAG\t%s\n", substr(body, 3)
	else if (npre < 50)
		pre[++npre] = substr(body, 3)
	next
}

# KUnit's expectation text ("Expected x == y, but") is not a comment.
active[d] && d > 0 && !after_fail && npre < 50 { pre[++npre] = body; next }

END {
	if (!started) {
		printf "ERROR\t%s: no TAP output at all\n", prefix == "" ? "stream" : prefix
		exit
	}
	for (k = max; k >= 0; k--)
		close_list(k)
}
