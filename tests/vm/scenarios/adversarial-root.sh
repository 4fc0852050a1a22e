# cmdline:
# Root trying to get around a loaded policy by other doors than the load
# file's checks (policy-perms, policy-malformed and policy-seal cover
# those): a second securityfs mount, a blob with
# another fingerprint forced through ldpolicy, the seal from a user
# namespace. Each refused, nothing loosened.

check "load integrity" ldpolicy load /blobs/integrity.blob
before=$(lp_state)
mkdir -p /tmp/sec
mount -t securityfs securityfs /tmp/sec
ldblob LOCKDOWN_KCORE > /tmp/subset
expect_eq "a subset through a second securityfs mount: EPERM" \
	"$(ldwrite /tmp/sec/lockdown_policy/load < /tmp/subset)" EPERM
out=$(ldpolicy load --force /blobs/wrong-fingerprint.blob 2>&1)
case "$out" in *ENOEXEC*) ok "another table's blob, forced: ENOEXEC" ;;
*) not_ok "another table's blob, forced: ENOEXEC" "$out" ;; esac
expect_eq "seal from a user namespace: EPERM" "$(ldas -n -- ldwrite $LP/seal 1)" EPERM
expect_eq "the empty blob (deny nothing): EPERM" "$(load_blob)" EPERM
expect_eq "nothing changed" "$(lp_state)" "$before"
expect_probe "/dev/mem still refused" dev_mem EPERM
umount /tmp/sec
