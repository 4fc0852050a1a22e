# cmdline: lockdown=confidentiality msr.allow_writes=on kgdboc=ttyS3
# The per-reason matrix under the static confidentiality level.
. /lib/matrix.sh
matrix_run static confidentiality
