# cmdline: lockdown=integrity msr.allow_writes=on kgdboc=ttyS3
# The per-reason matrix under the static integrity level.
. /lib/matrix.sh
matrix_run static integrity
