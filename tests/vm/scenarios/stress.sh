# kernel: debug
# timeout: 240
# Concurrency on the debug kernel (KASAN, lockdep, atomic-sleep checks):
# writers loading valid, loosening and malformed blobs, readers of every
# securityfs file, and tasks hammering gated paths, for a bounded time,
# with lockdown_policy's invariants checked throughout (tests/vm/tools/
# ldstress.c); the denial counters must add up to the refusals the
# operations met. The runner fails the scenario on any splat in the log.
run_tap ldstress ldstress -t 25 -w 3 -r 2 -o 2
