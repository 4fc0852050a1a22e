# The stress run, shared by the scenarios that boot it under a checker:
# stress (the debug kernel: KASAN, lockdep, atomic-sleep checks) and
# stress-kcsan (KCSAN). Both boot two CPUs and lockdown_policy_warn=perf.
#
# Writers loading valid, loosening and malformed blobs, readers of every
# securityfs file, tasks hammering gated paths, and tasks asking about a
# warned reason (LOCKDOWN_PERF, in warn mode from boot), for a bounded
# time, with lockdown_policy's invariants checked throughout
# (tests/vm/tools/ldstress.c); the denial counters must add up to the
# refusals the operations met, and the warnings counter and the warnings
# file to the questions each task asked. The runner fails the scenario on
# any splat in the log: the checker's reports are splats.
run_tap ldstress ldstress -t "${STRESS_SECONDS:-25}" -w 3 -r 2 -o 2 -W 3
