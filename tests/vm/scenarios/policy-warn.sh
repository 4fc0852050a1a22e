# cmdline: lockdown_policy_warn=confidentiality
# timeout: 120
# Learning mode on lockdown_policy, from the command line: every reason
# warned, an observability agent let through and named, the lattice
# allow < warn < deny, then ldpolicy suggest, check and load
# (tests/vm/guest/warn.sh).
WARN_BACKEND=lsm
. /lib/warn.sh
