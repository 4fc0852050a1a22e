// SPDX-License-Identifier: GPL-2.0
/*
 * The securityfs interface, /sys/kernel/security/lockdown_policy/:
 *
 *   load         write a policy blob (include/uapi/linux/lockdown_policy.h)
 *   seal         write "1" to refuse every later load; reads 0 or 1
 *   policy       per reason: identifier, class, denied/warned/allowed,
 *                by whom
 *   state        "sealed 0|1", the flags, then the policy lines: what IMA
 *                measures
 *   reasons      per reason: index, identifier, class, description
 *   counters     per reason: identifier, then denials since boot: in all,
 *                by this LSM, by the static lockdown LSM; then the
 *                questions this LSM let through in warn state
 *   warnings     per warned reason and task that asked: identifier,
 *                count, comm (learning mode's record)
 *   flags        the flags of the last policy applied
 *   fingerprint  the reason table's SHA-256, in hex
 *   version      the newest blob format version this kernel reads (it
 *                reads every one from 1)
 *
 * Writes need CAP_MAC_ADMIN in the initial user namespace, both for the
 * task that opened the file and for the one writing, and the writable
 * files are root's only. Each load and seal is audited, raises the static
 * level to what the policy covers, and is measured by IMA, under the
 * policy's lock, in the order they apply.
 */
#define pr_fmt(fmt) "lockdown_policy: " fmt

#include <linux/capability.h>
#include <linux/fs.h>
#include <linux/init.h>
#include <linux/mutex.h>
#include <linux/sched.h>
#include <linux/seq_buf.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include "lockdown_policy.h"

static bool lockdown_policy_may_write(struct file *file)
{
	return file_ns_capable(file, &init_user_ns, CAP_MAC_ADMIN) &&
	       capable(CAP_MAC_ADMIN);
}

static ssize_t load_write(struct file *file, const char __user *ubuf,
			  size_t count, loff_t *ppos)
{
	struct lockdown_policy_state *s = &lockdown_policy;
	struct lockdown_policy_delta delta;
	struct lockdown_policy_blob blob;
	void *buf;
	int ret;

	if (!lockdown_policy_may_write(file))
		return -EPERM;
	if (*ppos)
		return -ESPIPE;
	if (count > LOCKDOWN_POLICY_MAX_SIZE)
		return -E2BIG;

	buf = memdup_user(ubuf, count);
	if (IS_ERR(buf))
		return PTR_ERR(buf);
	ret = lockdown_policy_blob_parse(buf, count, &lockdown_policy_abi, &blob);
	kfree(buf);
	if (ret) {
		lockdown_policy_audit_load(NULL, ret);
		return ret;
	}

	/* the change, and everything that records it, in the order loads apply */
	mutex_lock(s->lock);
	ret = lockdown_policy_tighten(s, &blob, &delta);
	if (!ret)
		pr_notice("policy %u loaded by %s[%d]: %u reasons denied, %u new, %u warned%s\n",
			  s->loads, current->comm, task_pid_nr(current),
			  bitmap_weight(delta.denied, LOCKDOWN_POLICY_NR),
			  bitmap_weight(delta.added, LOCKDOWN_POLICY_NR),
			  bitmap_weight(delta.warned, LOCKDOWN_POLICY_NR),
			  delta.sealed ? ", sealed" : "");
	lockdown_policy_audit_load(ret ? NULL : &delta, ret);
	if (!ret) {
		lockdown_policy_raise_level(s);
		lockdown_policy_measure(s);
	}
	mutex_unlock(s->lock);
	return ret ?: count;
}

static const struct file_operations load_fops = {
	.write = load_write,
	.llseek = noop_llseek,
};

static ssize_t seal_read(struct file *file, char __user *ubuf, size_t count,
			 loff_t *ppos)
{
	char buf[3];
	int len;

	len = scnprintf(buf, sizeof(buf), "%d\n", READ_ONCE(lockdown_policy.sealed));
	return simple_read_from_buffer(ubuf, count, ppos, buf, len);
}

static ssize_t seal_write(struct file *file, const char __user *ubuf,
			  size_t count, loff_t *ppos)
{
	char buf[3] = {};

	if (!lockdown_policy_may_write(file))
		return -EPERM;
	if (*ppos)
		return -ESPIPE;
	if (count == 0 || count >= sizeof(buf))
		return -EINVAL;
	if (copy_from_user(buf, ubuf, count))
		return -EFAULT;
	if (strcmp(buf, "1") && strcmp(buf, "1\n"))
		return -EINVAL;
	mutex_lock(lockdown_policy.lock);
	if (lockdown_policy_seal(&lockdown_policy)) {
		pr_notice("sealed by %s[%d]\n", current->comm, task_pid_nr(current));
		lockdown_policy_audit_seal();
		lockdown_policy_measure(&lockdown_policy);
	}
	mutex_unlock(lockdown_policy.lock);
	return count;
}

static const struct file_operations seal_fops = {
	.read = seal_read,
	.write = seal_write,
	.llseek = generic_file_llseek,
};

/*
 * The policy file, or the state file: one consistent view, printed under
 * the policy's lock into a buffer as long as the longest such text.
 */
static int lockdown_policy_seq_show(struct seq_file *m, bool state)
{
	size_t size = lockdown_policy_show_size();
	struct seq_buf sb;
	char *buf;
	int ret;

	buf = kmalloc(size, GFP_KERNEL);
	if (!buf)
		return -ENOMEM;
	seq_buf_init(&sb, buf, size);
	mutex_lock(lockdown_policy.lock);
	ret = lockdown_policy_show(&lockdown_policy, &sb, state);
	mutex_unlock(lockdown_policy.lock);
	if (!ret)
		seq_write(m, buf, seq_buf_used(&sb));
	kfree(buf);
	return ret;
}

static int policy_show(struct seq_file *m, void *v)
{
	return lockdown_policy_seq_show(m, false);
}

static int state_show(struct seq_file *m, void *v)
{
	return lockdown_policy_seq_show(m, true);
}

/* As long as it takes: seq_file grows the buffer and calls this again. */
static int warnings_show(struct seq_file *m, void *v)
{
	lockdown_policy_show_seen(&lockdown_policy, m);
	return 0;
}

static int reasons_show(struct seq_file *m, void *v)
{
	unsigned int what;

	for (what = 0; what < LOCKDOWN_POLICY_NR; what++)
		if (lockdown_policy_is_reason(what))
			seq_printf(m, "%u %s %s %s\n", what,
				   lockdown_policy_reason_id(what),
				   lockdown_policy_reason_class(what),
				   lockdown_reasons[what]);
	return 0;
}

/*
 * Every refusal, counted once: a reason both LSMs deny is refused by this
 * one, which answers first, and never reaches the static LSM. The last
 * column counts what warn state let through, refused by neither.
 */
static int counters_show(struct seq_file *m, void *v)
{
	unsigned int what;

	for (what = 0; what < LOCKDOWN_POLICY_NR; what++) {
		unsigned long mine, theirs;

		if (!lockdown_policy_is_reason(what))
			continue;
		mine = lockdown_policy_denials(&lockdown_policy, what);
		theirs = lockdown_denials(what);
		seq_printf(m, "%s %lu %lu %lu %lu\n", lockdown_policy_reason_id(what),
			   mine + theirs, mine, theirs,
			   lockdown_policy_warnings(&lockdown_policy, what));
	}
	return 0;
}

static int flags_show(struct seq_file *m, void *v)
{
	u32 flags = READ_ONCE(lockdown_policy.flags);

	if (!flags)
		seq_puts(m, "none\n");
	if (flags & LOCKDOWN_POLICY_FLAG_NOT_A_BOUNDARY)
		seq_puts(m, "not-a-boundary\n");
	if (flags & LOCKDOWN_POLICY_FLAG_BYPASS_ACKED)
		seq_puts(m, "bypass-acknowledged\n");
	return 0;
}

static int fingerprint_show(struct seq_file *m, void *v)
{
	seq_printf(m, "%*phN\n", LOCKDOWN_POLICY_FINGERPRINT_SIZE,
		   lockdown_policy_abi.fingerprint);
	return 0;
}

static int version_show(struct seq_file *m, void *v)
{
	seq_printf(m, "%d\n", LOCKDOWN_POLICY_VERSION);
	return 0;
}

DEFINE_SHOW_ATTRIBUTE(policy);
DEFINE_SHOW_ATTRIBUTE(state);
DEFINE_SHOW_ATTRIBUTE(reasons);
DEFINE_SHOW_ATTRIBUTE(counters);
DEFINE_SHOW_ATTRIBUTE(warnings);
DEFINE_SHOW_ATTRIBUTE(flags);
DEFINE_SHOW_ATTRIBUTE(fingerprint);
DEFINE_SHOW_ATTRIBUTE(version);

static const struct {
	const char *name;
	umode_t mode;
	const struct file_operations *fops;
} lockdown_policy_files[] = {
	/*
	 * Writable by root only, as IPE's files are; writes also need
	 * CAP_MAC_ADMIN. The seal state stays readable by all, as the
	 * static LSM's level is.
	 */
	{ "load", 0200, &load_fops },
	{ "seal", 0644, &seal_fops },
	{ "policy", 0444, &policy_fops },
	{ "state", 0444, &state_fops },
	{ "reasons", 0444, &reasons_fops },
	{ "counters", 0444, &counters_fops },
	/* root's only: it names the programs of every user */
	{ "warnings", 0400, &warnings_fops },
	{ "flags", 0444, &flags_fops },
	{ "fingerprint", 0444, &fingerprint_fops },
	{ "version", 0444, &version_fops },
};

static int __init lockdown_policy_fs_init(void)
{
	struct dentry *dir, *d;
	int i;

	dir = securityfs_create_dir("lockdown_policy", NULL);
	if (IS_ERR(dir))
		return PTR_ERR(dir);
	for (i = 0; i < ARRAY_SIZE(lockdown_policy_files); i++) {
		d = securityfs_create_file(lockdown_policy_files[i].name,
					   lockdown_policy_files[i].mode, dir,
					   NULL, lockdown_policy_files[i].fops);
		if (IS_ERR(d)) {
			securityfs_recursive_remove(dir);
			pr_err("cannot create securityfs files: %ld\n", PTR_ERR(d));
			return PTR_ERR(d);
		}
	}
	return 0;
}
fs_initcall(lockdown_policy_fs_init);
