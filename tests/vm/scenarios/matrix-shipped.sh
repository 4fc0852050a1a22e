# cmdline: msr.allow_writes=on kgdboc=ttyS3
# instances: integrity confidentiality observability laptop-hibernate coco-devmem
# A shipped policy, compiled on the host, loaded, and the whole matrix run
# against it: every reason it denies is refused, every one it allows is not.
. /lib/matrix.sh
check "load policies/$ldarg.ldp (compiled on the host)" ldpolicy load "/blobs/$ldarg.blob"
# denied by the policy; "both" once a policy that covers a whole level
# has raised the static level to it
matrix_run shipped $(awk '$3 == "denied" && ($4 == "policy" || $4 == "both") { print $1 }' $LP/policy)
