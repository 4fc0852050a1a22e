# cmdline:
# Only CAP_MAC_ADMIN in the initial user namespace may write: an
# unprivileged user cannot open the files for writing (modes 0200 and
# 0644: EACCES); root without the capability, root in a user namespace,
# and a file opened by root but written without the capability all get
# EPERM; nothing changes.

ldblob LOCKDOWN_DEV_MEM > /tmp/blob
before=$(lp_state)
expect_eq "unprivileged user: load cannot be opened for writing (EACCES)" \
	"$(ldas -u 65534 -- ldwrite $LP/load < /tmp/blob)" "open EACCES"
expect_eq "unprivileged user: seal cannot be opened for writing (EACCES)" \
	"$(ldas -u 65534 -- ldwrite $LP/seal 1)" "open EACCES"
expect_eq "unprivileged user can read the seal state" "$(ldas -u 65534 -- cat $LP/seal)" 0
expect_eq "root without CAP_MAC_ADMIN: load EPERM" \
	"$(ldas -d 33 -- ldwrite $LP/load < /tmp/blob)" EPERM
expect_eq "root without CAP_MAC_ADMIN: seal EPERM" "$(ldas -d 33 -- ldwrite $LP/seal 1)" EPERM
expect_eq "root in a user namespace: load EPERM" \
	"$(ldas -n -- ldwrite $LP/load < /tmp/blob)" EPERM
expect_eq "root in a user namespace: seal EPERM" "$(ldas -n -- ldwrite $LP/seal 1)" EPERM
expect_eq "opened by root, written without CAP_MAC_ADMIN: EPERM" \
	"$(ldas -o $LP/load -d 33 -- ldwrite -F 3 < /tmp/blob)" EPERM
expect_eq "unprivileged user can read the policy" \
	"$(ldas -u 65534 -- cat $LP/policy | wc -l)" 28
expect_eq "state unchanged" "$(lp_state)" "$before"
expect_probe "/dev/mem still opens" dev_mem allowed
expect_eq "root with CAP_MAC_ADMIN: load accepted" "$(ldwrite $LP/load < /tmp/blob)" ok
expect_probe "/dev/mem refused" dev_mem EPERM
