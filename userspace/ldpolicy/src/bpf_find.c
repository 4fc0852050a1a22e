// SPDX-License-Identifier: GPL-2.0
/* Finding the BPF backend's object, and checking it is in force (bpf_find.h). */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <bpf/bpf.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "bpf_btf.h"
#include "bpf_find.h"
#include "genl.h"
#include "kfs.h"
#include "util.h"

/* Maps a program of the object uses, at most. */
#define PROG_MAPS	16

/* The name of BTF type @id, for messages. */
static const char *btf_name(const struct btf *btf, uint32_t id)
{
	const struct btf_type *t = btf ? btf__type_by_id(btf, id) : NULL;
	const char *name = t ? btf__name_by_offset(btf, t->name_off) : NULL;

	return name && *name ? name : "?";
}

/* --- the targets the guards keep ----------------------------------------- */

/* A target, by vmlinux BTF id, and its enum ldp_hook_kind. */
struct hook {
	uint32_t id, kind;
};

/* The guarded targets, sorted by id, for lookups. */
struct hooks {
	struct hook *v;
	size_t n;
};

static int cmp_hook(const void *a, const void *b)
{
	uint32_t x = ((const struct hook *)a)->id, y = ((const struct hook *)b)->id;

	return x < y ? -1 : x > y;
}

static void hooks_add(struct hooks *h, size_t *cap, uint32_t id, uint32_t kind)
{
	grow(&h->v, cap, h->n + 1, sizeof(*h->v));
	h->v[h->n++] = (struct hook){ id, kind };
}

/*
 * Every security_*() function of the running kernel, and the bpf_lsm_*()
 * hook of each LSM program of the object.
 */
static int hooks_load(struct hooks *h, const struct bpf_want *w, struct diags *d)
{
	struct btf *btf = bpf_vmlinux_btf(d);
	size_t cap = 0;

	h->v = NULL;
	h->n = 0;
	if (!btf)
		return -1;
	for (uint32_t i = 1; i < btf__type_cnt(btf); i++)
		if (btf_is_func(btf__type_by_id(btf, i)) &&
		    !strncmp(btf_name(btf, i), "security_", 9))
			hooks_add(h, &cap, i, LDP_HOOK_SECURITY);
	for (size_t p = 0; p < w->n; p++) {
		int hook;

		if (!w->prog[p].hook[0] || w->prog[p].absent ||
		    !strncmp(w->prog[p].name, LDP_SETUP_PREFIX, strlen(LDP_SETUP_PREFIX)))
			continue;
		hook = btf__find_by_name_kind(btf, w->prog[p].hook, BTF_KIND_FUNC);
		if (hook < 0) {
			diag_error(d, NULL, "BPF backend: the kernel has no %s for %s: its BPF LSM "
				   "cannot run it", w->prog[p].hook, w->prog[p].name);
			free(h->v);
			h->v = NULL;
			h->n = 0;
			return -1;
		}
		hooks_add(h, &cap, hook, LDP_HOOK_OWN);
	}
	qsort(h->v, h->n, sizeof(*h->v), cmp_hook);
	return 0;
}

static uint32_t hook_kind(const struct hooks *h, uint32_t id)
{
	struct hook key = { id, 0 }, *hit = bsearch(&key, h->v, h->n, sizeof(*h->v), cmp_hook);

	return hit ? hit->kind : 0;
}

int bpf_hook_ids(const struct bpf_want *w, uint32_t **ids, uint32_t **kinds, struct diags *d)
{
	struct hooks h;

	if (hooks_load(&h, w, d))
		return -1;
	if (h.n > LDP_MAX_HOOKS) {
		diag_error(d, NULL, "BPF backend: the kernel has %zu security functions and hooks to "
			   "guard, more than the object holds (%d)", h.n, LDP_MAX_HOOKS);
		free(h.v);
		return -1;
	}
	*ids = xcalloc(h.n + 1, sizeof(**ids));
	*kinds = xcalloc(h.n + 1, sizeof(**kinds));
	for (size_t i = 0; i < h.n; i++) {
		(*ids)[i] = h.v[i].id;
		(*kinds)[i] = h.v[i].kind;
	}
	free(h.v);
	return (int)h.n;
}

/* --- the kernel's lists ---------------------------------------------------- */

struct kprog {
	uint32_t id;
	int fd;
	struct bpf_prog_info info;
	uint32_t maps[PROG_MAPS];
	uint32_t nr_maps;
};

struct klink {
	uint32_t id;
	struct bpf_link_info info;
};

struct klists {
	struct kprog *prog;
	size_t n_prog;
	struct klink *link;
	size_t n_link;
};

static void klists_free(struct klists *k)
{
	for (size_t i = 0; i < k->n_prog; i++)
		if (k->prog[i].fd >= 0)
			close(k->prog[i].fd);
	free(k->prog);
	free(k->link);
	memset(k, 0, sizeof(*k));
}

/*
 * Is @id, which the kernel listed but gives no fd to (ENOENT), still
 * listed? Gone, it is skipped: the kernel then lists something after
 * @id - 1 that comes after @id. Anything else is someone's program
 * answering bpf(2) for the kernel (an LSM program on its bpf hook, an
 * fmod_ret program on security_bpf()) to hide it: the kernel still lists
 * @id after @id - 1, or says nothing comes after @id - 1 although
 * @above, listed after @id and held meanwhile, does.
 */
static bool still_listed(int (*next_id)(__u32, __u32 *), __u32 id, __u32 above)
{
	__u32 next = 0;

	if (next_id(id - 1, &next))
		return errno != ENOENT || above > id;
	return next <= id;
}

/*
 * An fd to the program or link @id, which the kernel listed: -1 with
 * *@gone set if it went away since, -1 with errno ENOENT if it is hidden.
 * One being freed is listed, and gives no fd, until the kernel's deferred
 * work frees its id (a link unpinned a moment before, for a while under
 * TCG): it is asked again for a second before it counts as hidden.
 */
static int fd_by_listed_id(int (*get_fd)(__u32), int (*next_id)(__u32, __u32 *), __u32 id,
			   __u32 above, bool *gone)
{
	struct timespec nap = { 0, 50 * 1000 * 1000 };

	*gone = false;
	for (int i = 0;; i++) {
		int fd = get_fd(id);

		if (fd >= 0 || errno != ENOENT)
			return fd;
		if (!still_listed(next_id, id, above)) {
			*gone = true;
			return -1;
		}
		if (i == 20) {
			errno = ENOENT;
			return -1;
		}
		nanosleep(&nap, NULL);
	}
}

/*
 * A program of ldpolicy's own, held while the programs are listed: the
 * kernel numbers programs upwards, so it comes after every other, and a
 * list that ends before it, or that lies about what comes after a
 * program it will not give, was cut short by someone (still_listed()).
 */
static int sentinel_load(struct diags *d)
{
	const struct bpf_insn insns[] = {
		{ .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = BPF_REG_0, .imm = 0 },
		{ .code = BPF_JMP | BPF_EXIT },
	};
	int fd = bpf_prog_load(BPF_PROG_TYPE_SOCKET_FILTER, "ldp_sentinel", "GPL", insns, 2,
			       NULL);

	if (fd < 0)
		diag_error(d, NULL, "BPF backend: cannot load a program to check the kernel's list "
			   "of programs against: %s", strerror(errno));
	return fd;
}

/*
 * Every program the kernel has, with its info. A program that goes away
 * while it is listed is skipped; anything else that keeps one from
 * being read is an error: what it is cannot be told.
 */
static int list_progs(struct klists *k, uint32_t *refused, size_t *n_refused,
		      struct diags *d)
{
	struct bpf_prog_info si = { 0 };
	__u32 slen = sizeof(si), id = 0;
	int sentinel = sentinel_load(d), ret = -1;
	bool seen = false;
	size_t cap = 0;

	if (sentinel < 0)
		return -1;
	if (bpf_obj_get_info_by_fd(sentinel, &si, &slen)) {
		diag_error(d, NULL, "BPF backend: cannot read its own program: %s", strerror(errno));
		goto out;
	}
	while (!bpf_prog_get_next_id(id, &id)) {
		struct kprog p = { .id = id };
		__u32 len = sizeof(p.info);
		bool gone;
		int err;

		if (id == si.id) {
			seen = true;
			continue;
		}
		p.fd = fd_by_listed_id(bpf_prog_get_fd_by_id, bpf_prog_get_next_id, id, si.id,
				       &gone);
		if (gone)
			continue;	/* gone since it was listed */
		if (p.fd < 0 && errno == ENOENT) {
			diag_error(d, NULL, "BPF backend: the kernel lists BPF program %u but will not "
				   "give an fd to it (ENOENT): something hides it", id);
			goto out;
		}
		if (p.fd < 0 && errno == EPERM && refused) {
			if (*n_refused < LDP_MAX_PROGS)
				refused[(*n_refused)++] = id;
			continue;
		}
		if (p.fd < 0) {
			diag_error(d, NULL, "BPF backend: cannot open BPF program %u: %s", id,
				   strerror(errno));
			goto out;
		}
		p.info.nr_map_ids = PROG_MAPS;
		p.info.map_ids = (__u64)(unsigned long)p.maps;
		err = bpf_obj_get_info_by_fd(p.fd, &p.info, &len) ? errno : 0;
		if (err) {
			close(p.fd);
			diag_error(d, NULL, "BPF backend: cannot read BPF program %u: %s", id,
				   strerror(err));
			goto out;
		}
		p.nr_maps = p.info.nr_map_ids < PROG_MAPS ? p.info.nr_map_ids : PROG_MAPS;
		p.info.map_ids = 0;
		grow(&k->prog, &cap, k->n_prog + 1, sizeof(*k->prog));
		k->prog[k->n_prog++] = p;
	}
	if (errno != ENOENT)
		diag_error(d, NULL, "BPF backend: the kernel will not list its BPF programs: %s",
			   strerror(errno));
	else if (!seen)
		diag_error(d, NULL, "BPF backend: the kernel's list of BPF programs ends before "
			   "ldpolicy's own program %u: something cut it short", si.id);
	else
		ret = 0;
out:
	close(sentinel);
	return ret;
}

static int list_links(struct klists *k, struct diags *d)
{
	__u32 *ids = NULL, id = 0;
	size_t n = 0, cap = 0, lcap = 0;
	int ret = -1;

	/* the ids first: one listed after another is the sentinel of the other */
	while (!bpf_link_get_next_id(id, &id)) {
		grow(&ids, &cap, n + 1, sizeof(*ids));
		ids[n++] = id;
	}
	if (errno != ENOENT) {
		diag_error(d, NULL, "BPF backend: the kernel will not list its BPF links: %s",
			   strerror(errno));
		goto out;
	}
	for (size_t i = 0; i < n; i++) {
		struct klink l = { .id = ids[i] };
		__u32 len = sizeof(l.info);
		bool gone;
		int fd = fd_by_listed_id(bpf_link_get_fd_by_id, bpf_link_get_next_id, l.id,
					 ids[n - 1], &gone), err;

		if (gone)
			continue;	/* gone since it was listed */
		if (fd < 0 && errno == ENOENT) {
			diag_error(d, NULL, "BPF backend: the kernel lists BPF link %u but will not "
				   "give an fd to it (ENOENT): something hides it", l.id);
			goto out;
		}
		if (fd < 0) {
			diag_error(d, NULL, "BPF backend: cannot open BPF link %u: %s", l.id,
				   strerror(errno));
			goto out;
		}
		err = bpf_obj_get_info_by_fd(fd, &l.info, &len) ? errno : 0;
		close(fd);
		if (err) {
			diag_error(d, NULL, "BPF backend: cannot read BPF link %u: %s", l.id,
				   strerror(err));
			goto out;
		}
		grow(&k->link, &lcap, k->n_link + 1, sizeof(*k->link));
		k->link[k->n_link++] = l;
	}
	ret = 0;
out:
	free(ids);
	return ret;
}

static const struct kprog *prog_by_id(const struct klists *k, uint32_t id)
{
	for (size_t i = 0; i < k->n_prog; i++)
		if (k->prog[i].id == id)
			return &k->prog[i];
	return NULL;
}

static bool uses_map(const struct kprog *p, uint32_t map)
{
	for (uint32_t i = 0; i < p->nr_maps; i++)
		if (p->maps[i] == map)
			return true;
	return false;
}

static bool in_ids(const uint32_t *ids, size_t n, uint32_t id)
{
	for (size_t i = 0; i < n; i++)
		if (ids[i] == id)
			return true;
	return false;
}

static bool is_lsm_link(const struct klink *l)
{
	return l->info.type == BPF_LINK_TYPE_TRACING &&
	       l->info.tracing.attach_type == BPF_LSM_MAC;
}

/* --- what could run before the object's programs --------------------------- */

static void say_prog(char *buf, size_t len, const struct klists *k, uint32_t id)
{
	const struct kprog *p = prog_by_id(k, id);

	if (p && p->info.name[0])
		snprintf(buf, len, "program %u (%s)", id, p->info.name);
	else
		snprintf(buf, len, "program %u", id);
}

static int foreign_links(const struct klists *k, const struct hooks *h, const struct btf *btf,
			 const uint32_t *own_ids, size_t n_own, const uint32_t *own_links,
			 size_t n_links, struct diags *d)
{
	int bad = 0;

	for (size_t i = 0; i < k->n_link; i++) {
		const struct klink *l = &k->link[i];
		uint32_t target = l->info.tracing.target_btf_id;
		char who[64];

		if (l->info.type != BPF_LINK_TYPE_TRACING || in_ids(own_ids, n_own, l->info.prog_id))
			continue;
		say_prog(who, sizeof(who), k, l->info.prog_id);
		if (prog_by_id(k, l->info.prog_id) &&
		    prog_by_id(k, l->info.prog_id)->info.type == BPF_PROG_TYPE_EXT &&
		    in_ids(own_ids, n_own, l->info.tracing.target_obj_id)) {
			diag_error(d, NULL, "BPF backend: %s replaces a function of its program %u "
				   "(freplace, link %u)", who, l->info.tracing.target_obj_id, l->id);
			bad = -1;
		}
		if (l->info.tracing.attach_type == BPF_MODIFY_RETURN &&
		    hook_kind(h, target) == LDP_HOOK_SECURITY) {
			diag_error(d, NULL, "BPF backend: %s is attached as fmod_ret to %s() (link "
				   "%u): it runs before every LSM there, and can skip them all, "
				   "lockdown's included", who, btf_name(btf, target), l->id);
			bad = -1;
		} else if (l->info.tracing.attach_type == BPF_MODIFY_RETURN) {
			/* a system call among them: what bpf(2) answers this process */
			diag_error(d, NULL, "BPF backend: %s is attached as fmod_ret to %s() (link "
				   "%u): it can end that function with a value of its choosing",
				   who, btf_name(btf, target), l->id);
			bad = -1;
		}
		if (!is_lsm_link(l) || hook_kind(h, target) != LDP_HOOK_OWN)
			continue;
		/*
		 * On the bpf hook, older too: it runs after the backend's
		 * guard, but can still refuse, or answer with a forged errno,
		 * what ldpolicy asks the kernel to see what is loaded.
		 */
		if (!strcmp(btf_name(btf, target), "bpf_lsm_bpf")) {
			diag_error(d, NULL, "BPF backend: %s is attached to bpf_lsm_bpf (link %u): it "
				   "can answer what ldpolicy asks bpf(2) with errors of its choosing",
				   who, l->id);
			bad = -1;
			continue;
		}
		/* older links run after the object's programs: only newer ones matter */
		for (size_t j = 0; j < k->n_link; j++) {
			const struct klink *o = &k->link[j];

			if (!in_ids(own_links, n_links, o->id) || !is_lsm_link(o) ||
			    o->info.tracing.target_btf_id != target || o->id > l->id)
				continue;
			diag_error(d, NULL, "BPF backend: %s is attached to %s (link %u) after the "
				   "backend's own program there: it runs first, and can end the "
				   "hook before the backend's program is asked", who,
				   btf_name(btf, target), l->id);
			bad = -1;
			break;
		}
	}
	return bad;
}

/*
 * LSM programs on one of the object's hooks, not its own: loaded before
 * its guards, or let by. Attached after its own (an lsm_cgroup program
 * attached to a cgroup has no link to list), one runs first.
 */
static int foreign_lsm_progs(const struct klists *k, const struct hooks *h,
			     const struct btf *btf, const uint32_t *own_ids, size_t n_own,
			     struct diags *d)
{
	int bad = 0;

	for (size_t i = 0; i < k->n_prog; i++) {
		const struct kprog *p = &k->prog[i];

		if (p->info.type != BPF_PROG_TYPE_LSM || in_ids(own_ids, n_own, p->id) ||
		    hook_kind(h, p->info.attach_btf_id) != LDP_HOOK_OWN)
			continue;
		diag_error(d, NULL, "BPF backend: program %u (%s) is an LSM program for %s: "
			   "attached after the backend's own, it runs first", p->id,
			   p->info.name, btf_name(btf, p->info.attach_btf_id));
		bad = -1;
	}
	return bad;
}

/*
 * The helpers through which a program loaded before the setup could change
 * what the setup's own process sends the kernel or reads back from it:
 * bpf_probe_write_user() writes its memory (the context of ldp_arm or
 * ldp_load as the kernel copies it in, ldp_read's as it is copied out: a
 * red team's fentry and fexit programs on bpf_prog_test_run_syscall()),
 * and bpf_override_return() ends a kernel function, a system call among
 * them, with a value of the program's choosing. As the verifier leaves a
 * call: the helper's address less __bpf_call_base's, from /proc/kallsyms.
 */
static const char *const tamperers[] = { "bpf_probe_write_user", "bpf_override_return" };
#define N_TAMPERERS (sizeof(tamperers) / sizeof(tamperers[0]))

/* Their call immediates into @imm: 0, or -1 if the kernel does not show them. */
static int tamperer_imms(int32_t *imm)
{
	uint64_t addr[N_TAMPERERS] = { 0 }, base = 0;
	char line[512];
	FILE *f = fopen("/proc/kallsyms", "re");

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		unsigned long long a;
		char type, name[256];

		if (sscanf(line, "%llx %c %255s", &a, &type, name) != 3 || strchr(line, '['))
			continue;
		if (!strcmp(name, "__bpf_call_base"))
			base = a;
		for (size_t i = 0; i < N_TAMPERERS; i++)
			if (!strcmp(name, tamperers[i]))
				addr[i] = a;
	}
	fclose(f);
	if (!base)
		return -1;
	for (size_t i = 0; i < N_TAMPERERS; i++)
		imm[i] = addr[i] ? (int32_t)(addr[i] - base) : 0;	/* 0: not built in */
	return 0;
}

/*
 * Does @p call one of them (its instructions as the verifier left them)?
 * 1, 0, or -1 when the kernel will not say: it shows a helper call's
 * address only to whom it shows kernel addresses, else 0.
 */
static int tampers(const struct kprog *p, const int32_t *imm)
{
	struct bpf_prog_info info = { 0 };
	__u32 len = sizeof(info), n;
	struct bpf_insn *insns;
	int ret = 0;

	if (bpf_obj_get_info_by_fd(p->fd, &info, &len))
		return -1;
	n = info.xlated_prog_len / sizeof(*insns);
	if (!n)
		return -1;
	insns = xmalloc(n * sizeof(*insns));
	memset(&info, 0, sizeof(info));
	info.xlated_prog_len = n * sizeof(*insns);
	info.xlated_prog_insns = (__u64)(unsigned long)insns;
	len = sizeof(info);
	if (bpf_obj_get_info_by_fd(p->fd, &info, &len)) {
		free(insns);
		return -1;
	}
	for (__u32 i = 0; i < n && ret == 0; i++) {
		if (insns[i].code != (BPF_JMP | BPF_CALL) || insns[i].src_reg)
			continue;
		if (!insns[i].imm)
			ret = -1;	/* hidden: no helper is at __bpf_call_base */
		for (size_t t = 0; t < N_TAMPERERS; t++)
			if (imm[t] && insns[i].imm == imm[t])
				ret = 1;
	}
	free(insns);
	return ret;
}

/* Programs, not the object's own, that could tamper with the setup. */
static int foreign_tamperers(const struct klists *k, const uint32_t *own_ids, size_t n_own,
			     struct diags *d)
{
	int32_t imm[N_TAMPERERS] = { 0 };
	int bad = 0, known = tamperer_imms(imm);

	for (size_t i = 0; i < k->n_prog; i++) {
		const struct kprog *p = &k->prog[i];
		int t;

		if (in_ids(own_ids, n_own, p->id) || p->fd < 0)
			continue;
		t = known ? -1 : tampers(p, imm);
		if (!t)
			continue;
		if (t > 0)
			diag_error(d, NULL, "BPF backend: program %u (%s) calls %s or %s: it could "
				   "change what this process sends the kernel and reads back", p->id,
				   p->info.name, tamperers[0], tamperers[1]);
		else
			diag_error(d, NULL, "BPF backend: cannot tell whether program %u (%s) calls "
				   "%s or %s (the kernel shows no helper addresses here: "
				   "/proc/kallsyms, kernel.kptr_restrict)", p->id, p->info.name,
				   tamperers[0], tamperers[1]);
		bad = -1;
	}
	return bad;
}

int bpf_check_foreign(bool progs, const uint32_t *own_ids, size_t n_own,
		      const uint32_t *own_links, size_t n_links, struct diags *d)
{
	struct klists k = { 0 };
	struct bpf_want w;
	struct hooks h = { 0 };
	struct btf *btf = bpf_vmlinux_btf(d);
	uint32_t refused[LDP_MAX_PROGS];
	size_t n_refused = 0;
	int ret = -1;

	if (!btf || bpf_want_tags(&w, d) || hooks_load(&h, &w, d))
		goto out;
	if (list_links(&k, d) || (progs && list_progs(&k, refused, &n_refused, d)))
		goto out;
	ret = foreign_links(&k, &h, btf, own_ids, n_own, own_links, n_links, d);
	if (foreign_lsm_progs(&k, &h, btf, own_ids, n_own, d))
		ret = -1;
	if (progs && foreign_tamperers(&k, own_ids, n_own, d))
		ret = -1;
	/* a list that ends before the object's own programs was cut short */
	for (size_t i = 0; progs && i < n_own; i++)
		if (!prog_by_id(&k, own_ids[i]) && !in_ids(refused, n_refused, own_ids[i])) {
			diag_error(d, NULL, "BPF backend: the kernel's list of BPF programs ends "
				   "before its own program %u: something cut it short", own_ids[i]);
			ret = -1;
			break;
		}
	/*
	 * While the object guards, its bpf_prog guard gives no fd to a
	 * program that would run before its own once attached (nor to an
	 * freplace of one of its programs): such a program exists, and an
	 * fd to it is all an attacker needs to attach it.
	 */
	for (size_t i = 0; i < n_refused; i++) {
		diag_error(d, NULL, "BPF backend: program %u would run before the backend's own once "
			   "attached (an LSM program on one of its hooks, an fmod_ret program on a "
			   "security_*() function, or an freplace of its programs): its guard "
			   "refused an fd to it", refused[i]);
		ret = -1;
	}
out:
	klists_free(&k);
	free(h.v);
	return ret;
}

/* --- kernel.ftrace_enabled -------------------------------------------------- */

int bpf_ftrace_enabled(struct diags *d)
{
	char *text = kfs_read(KFS_PROC, "sys/kernel/ftrace_enabled", 64, NULL), *end;
	long v;

	if (!text) {
		diag_error(d, NULL, "BPF backend: cannot read kernel.ftrace_enabled (%s/sys/kernel/"
			   "ftrace_enabled): %s; BPF LSM programs run only while it is 1",
			   kfs_where(KFS_PROC), strerror(errno));
		return -1;
	}
	errno = 0;
	v = strtol(text, &end, 10);
	if (errno || end == text || (*end && *end != '\n')) {
		diag_error(d, NULL, "BPF backend: kernel.ftrace_enabled reads '%s'", text);
		free(text);
		return -1;
	}
	free(text);
	return v != 0;
}

/* --- the object in force ----------------------------------------------------- */

void bpf_obj_close(struct bpf_obj *o)
{
	for (size_t i = 0; i < LDP_MAX_PROGS; i++) {
		if (o->fd[i] >= 0)
			close(o->fd[i]);
		o->fd[i] = -1;
	}
}

int bpf_obj_run(const struct bpf_obj *o, const char *name, void *ctx, size_t size, int *ret)
{
	LIBBPF_OPTS(bpf_test_run_opts, opts, .ctx_in = ctx, .ctx_size_in = size);

	*ret = 0;
	for (size_t i = 0; i < o->want.n; i++) {
		if (strcmp(o->want.prog[i].name, name) || o->fd[i] < 0)
			continue;
		if (bpf_prog_test_run_opts(o->fd[i], &opts))
			return errno;
		*ret = (int)opts.retval;
		return 0;
	}
	return ENOENT;
}

/* Which entry of @w a program of the kernel's is, by its code; -1 if none. */
static int want_of(const struct bpf_want *w, const struct kprog *p)
{
	for (size_t i = 0; i < w->n; i++)
		if (!w->prog[i].tagger && !w->prog[i].absent && w->prog[i].type == p->info.type &&
		    bpf_tag_is(&w->prog[i], p->info.tag))
			return (int)i;
	return -1;
}

int bpf_wait_unattached(struct diags *d)
{
	struct timespec nap = { 0, 50 * 1000 * 1000 };
	struct bpf_want w;
	int left = -1;

	if (bpf_want_tags(&w, d))
		return -1;
	for (int i = 0; i < 100 && left; i++) {
		struct klists k = { 0 };

		if (i)
			nanosleep(&nap, NULL);
		if (list_progs(&k, NULL, NULL, d) || list_links(&k, d)) {
			klists_free(&k);
			return -1;
		}
		left = 0;
		for (size_t l = 0; l < k.n_link; l++) {
			const struct kprog *p = prog_by_id(&k, k.link[l].info.prog_id);

			left += is_lsm_link(&k.link[l]) && p && want_of(&w, p) >= 0;
		}
		klists_free(&k);
	}
	if (left)
		diag_error(d, NULL, "BPF backend: %d programs of an earlier setup that never armed "
			   "are still attached after 5 s", left);
	return left ? -1 : 0;
}

int bpf_own_refs(const uint32_t *map_ids, const uint32_t *prog_ids, size_t n_prog_ids,
		 __u64 *refs, void (*check)(void *), void *arg, struct diags *d)
{
	struct klists k = { 0 };
	int ret = -1;

	memset(refs, 0, LDP_NR_MAPS * sizeof(*refs));
	if (list_progs(&k, NULL, NULL, d))
		goto out;
	for (size_t i = 0; i < k.n_prog; i++)
		if (in_ids(prog_ids, n_prog_ids, k.prog[i].id))
			for (int m = 0; m < LDP_NR_MAPS; m++)
				refs[m] += uses_map(&k.prog[i], map_ids[m]);
	/* every program counted is held (k) until the count is compared */
	check(arg);
	ret = 0;
out:
	klists_free(&k);
	return ret;
}

/* Programs only the setup uses: it does not pin them, and they go with it. */
static bool setup_only(const char *name)
{
	return !strcmp(name, "ldp_guard_on") || !strcmp(name, "ldp_guard_off") ||
	       !strcmp(name, "ldp_arm") || !strcmp(name, "ldp_readers") ||
	       !strcmp(name, "ldp_readers_percpu") || !strcmp(name, "ldp_readers_net") ||
	       !strcmp(name, "ldp_dynptrs") ||
	       !strncmp(name, LDP_SETUP_PREFIX, strlen(LDP_SETUP_PREFIX));
}

/* Read a state through program @fd. 0, or an errno. */
static int read_through(int fd, struct ldp_read_ctx *r)
{
	LIBBPF_OPTS(bpf_test_run_opts, opts, .ctx_in = r, .ctx_size_in = LDP_READ_CTX_SIZE);

	memset(r, 0, sizeof(*r));
	if (bpf_prog_test_run_opts(fd, &opts))
		return errno;
	return opts.retval ? -(int)opts.retval : 0;
}

/*
 * Of the programs with the object's code, which share the armed state?
 * Its map id in *state; 0 if no state is armed; -1 (diagnosed).
 */
static int armed_state(const struct bpf_want *w, const struct klists *k, uint32_t *state,
		       struct ldp_read_ctx *r, struct diags *d)
{
	struct ldp_read_ctx *one = xmalloc(sizeof(*one));
	int found = 0;

	for (size_t i = 0; i < k->n_prog; i++) {
		const struct kprog *p = &k->prog[i];
		int at = want_of(w, p), err;

		if (at < 0 || strcmp(w->prog[at].name, "ldp_read"))
			continue;
		err = read_through(p->fd, one);
		if (err) {
			diag_error(d, NULL, "BPF backend: cannot read its state (program %u): %s",
				   p->id, strerror(err));
			found = -1;
			break;
		}
		if (!one->state.armed)
			continue;
		if (found && one->ids[LDP_MAP_STATE] != *state) {
			diag_error(d, NULL, "BPF backend: two armed objects (states %u and %u): "
				   "ldpolicy cannot tell which one it loads into", *state,
				   one->ids[LDP_MAP_STATE]);
			found = -1;
			break;
		}
		*state = one->ids[LDP_MAP_STATE];
		*r = *one;
		found = 1;
	}
	free(one);
	return found;
}

/* Each program of the object, one per entry of @w, over the state @state. */
static int gather(struct bpf_obj *o, struct klists *k, uint32_t state, struct diags *d)
{
	for (size_t i = 0; i < k->n_prog; i++) {
		struct kprog *p = &k->prog[i];
		int at = want_of(&o->want, p);

		if (at < 0 || !uses_map(p, state))
			continue;
		if (o->fd[at] >= 0) {
			diag_error(d, NULL, "BPF backend: two programs %s (%u and %u) share its state",
				   o->want.prog[at].name, o->id[at], p->id);
			return -1;
		}
		o->fd[at] = p->fd;
		o->id[at] = p->id;
		p->fd = -1;	/* @o owns it now */
	}
	for (size_t i = 0; i < o->want.n; i++)
		if (!o->want.prog[i].tagger && !o->want.prog[i].absent && o->fd[i] < 0 &&
		    !setup_only(o->want.prog[i].name)) {
			diag_error(d, NULL, "BPF backend: its program %s is gone: the backend is not "
				   "whole, and not in force", o->want.prog[i].name);
			return -1;
		}
	return 0;
}

/* Is every LSM program attached to its own hook, and the sysctl guard too? */
static int attached(const struct bpf_obj *o, const struct klists *k, const struct btf *btf,
		    struct diags *d)
{
	__u32 ids[64], n = 64, flags = 0;
	int cg, bad = 0, err;

	for (size_t i = 0; i < o->want.n; i++) {
		const struct bpf_want_prog *w = &o->want.prog[i];
		int hook;
		bool ok = false;

		if (!w->hook[0] || o->fd[i] < 0)
			continue;
		hook = btf__find_by_name_kind(btf, w->hook, BTF_KIND_FUNC);
		for (size_t l = 0; l < k->n_link; l++)
			ok |= is_lsm_link(&k->link[l]) && k->link[l].info.prog_id == o->id[i] &&
			      hook > 0 && k->link[l].info.tracing.target_btf_id == (uint32_t)hook;
		if (!ok) {
			diag_error(d, NULL, "BPF backend: its program %s is not attached to %s: %s",
				   w->name, w->hook, !strcmp(w->name, "ldp_locked_down") ?
				   "nothing is enforced" : "what it guards is open");
			bad = -1;
		}
	}
	cg = kfs_open(KFS_CGROUP2, ".", O_RDONLY | O_DIRECTORY);
	err = cg < 0 ? errno : bpf_prog_query(cg, BPF_CGROUP_SYSCTL, 0, &flags, ids, &n) ? errno : 0;
	if (cg >= 0)
		close(cg);
	if (err) {
		diag_error(d, NULL, "BPF backend: cannot list the sysctl programs of the root cgroup: "
			   "%s", strerror(err));
		return -1;
	}
	for (size_t i = 0; i < o->want.n; i++) {
		bool ok = false;

		if (o->want.prog[i].type != BPF_PROG_TYPE_CGROUP_SYSCTL)
			continue;
		for (__u32 j = 0; j < n; j++)
			ok |= ids[j] == o->id[i];
		if (!ok) {
			diag_error(d, NULL, "BPF backend: its sysctl guard is not attached to the root "
				   "cgroup: kernel.ftrace_enabled can be cleared, which switches the "
				   "backend off");
			bad = -1;
		}
	}
	return bad;
}

/* The references to map @m its programs account for. */
static uint64_t own_refs(const struct bpf_obj *o, const struct klists *k, int m)
{
	uint64_t own = 0;

	for (size_t i = 0; i < o->want.n; i++) {
		const struct kprog *p = o->fd[i] >= 0 ? prog_by_id(k, o->id[i]) : NULL;

		own += p && uses_map(p, o->read.ids[m]);
	}
	return own;
}

static bool refs_match(const struct bpf_obj *o, const struct klists *k)
{
	for (int m = 0; m < LDP_NR_MAPS; m++)
		if (o->read.refs[m] != own_refs(o, k, m))
			return false;
	return true;
}

/*
 * Does anyone but the object's programs hold one of its maps? A program
 * of the object that was just freed (the setup's own, or a transient
 * reference the map guard refused) gives its reference back a grace
 * period later: a mismatch is read again for a while before it counts.
 */
static int held(struct bpf_obj *o, const struct klists *k, struct diags *d)
{
	static const char *const names[LDP_NR_MAPS] = { "ldp_state", "ldp_guard", "ldp_scratch",
							"ldp_hooks" };
	struct timespec nap = { 0, 50 * 1000 * 1000 };
	int bad = 0;

	for (int i = 0; i < 40 && !refs_match(o, k); i++) {
		int err, ret = 0;

		nanosleep(&nap, NULL);
		err = bpf_obj_run(o, "ldp_read", &o->read, LDP_READ_CTX_SIZE, &ret);
		if (err || ret) {
			diag_error(d, NULL, "BPF backend: cannot read its state: %s",
				   strerror(err ? err : -ret));
			return -1;
		}
	}
	for (int m = 0; m < LDP_NR_MAPS; m++) {
		uint64_t own = own_refs(o, k, m);

		if (o->read.refs[m] != own) {
			diag_error(d, NULL, "BPF backend: its map %s (id %u) has %llu references, its "
				   "own programs account for %llu: someone else holds it, and could "
				   "write it", names[m], o->read.ids[m],
				   (unsigned long long)o->read.refs[m], (unsigned long long)own);
			bad = -1;
		}
	}
	return bad;
}

/*
 * Does the object refuse SEG6_CMD_DUMPHMAC to the family the kernel has
 * now? It learnt the id as it was set up, from a process root may have
 * fed another answer (a seccomp filter), or before an IPv6 module
 * registered the family.
 */
static int seg6_same(const struct ldp_state *st, struct diags *d)
{
	uint16_t id = 0;
	int err = genl_family_id("SEG6", &id);

	if (err < 0) {
		diag_error(d, NULL, "BPF backend: cannot ask generic netlink for the SEG6 family's "
			   "id, to check the one the backend refuses SRv6's secrets to: %s",
			   strerror(-err));
		return -1;
	}
	if (st->seg6_family == id)
		return 0;
	if (!st->seg6_family)
		diag_error(d, NULL, "BPF backend: it was set up knowing no SEG6 generic netlink "
			   "family, and the kernel's is %u: SRv6's HMAC secrets "
			   "(SEG6_CMD_DUMPHMAC) are not kept from root", id);
	else
		diag_error(d, NULL, "BPF backend: it keeps SRv6's HMAC secrets "
			   "(SEG6_CMD_DUMPHMAC) from generic netlink family %u, and the kernel's "
			   "SEG6 family is %u: they are not kept from root", st->seg6_family, id);
	return -1;
}

/* Is the state what the object writes? */
static int whole(const struct bpf_obj *o, struct diags *d)
{
	const struct ldp_state *st = &o->read.state;

	if (st->version != LDP_STATE_VERSION) {
		diag_error(d, NULL, "BPF backend: the object keeps state version %u; this ldpolicy "
			   "reads version %d", st->version, LDP_STATE_VERSION);
		return -1;
	}
	if (!st->guarding || !st->guards_named) {
		diag_error(d, NULL, "BPF backend: it is armed, but its guards are off: only a "
			   "program of someone else's can have written that");
		return -1;
	}
	for (int w = 0; w < LDP_WORDS; w++)
		if ((st->deny[w] | st->warn[w]) & ~st->watch[w]) {
			diag_error(d, NULL, "BPF backend: its state denies or warns about reasons its "
				   "enforcement does not watch: it is not what a load writes");
			return -1;
		}
	return seg6_same(st, d);
}

/*
 * With no object of this ldpolicy's armed, is one that says it is the
 * backend's attached where it would be? Another version of ldpolicy set
 * it up (its code, so its tags, differ), or someone imitates it: what it
 * enforces cannot be read, and is never reported as nothing.
 */
static int impostor(const struct bpf_want *w, const struct klists *k, const struct btf *btf,
		    struct diags *d)
{
	int hook = btf__find_by_name_kind(btf, "bpf_lsm_locked_down", BTF_KIND_FUNC);

	for (size_t i = 0; i < k->n_link; i++) {
		const struct klink *l = &k->link[i];
		const struct kprog *p = prog_by_id(k, l->info.prog_id);
		char tag[17];

		if (!is_lsm_link(l) || hook < 0 || l->info.tracing.target_btf_id != (uint32_t)hook ||
		    !p || strcmp(p->info.name, "ldp_locked_down") || want_of(w, p) >= 0)
			continue;
		bpf_tag_hex(p->info.tag, tag);
		diag_error(d, NULL, "BPF backend: a program named ldp_locked_down (id %u, tag %s) is "
			   "attached to bpf_lsm_locked_down, but its code is not this ldpolicy's: "
			   "another version of ldpolicy set the backend up (reboot to use this one), "
			   "or someone imitates it; what it enforces cannot be told", p->id, tag);
		return -1;
	}
	return 0;
}

/*
 * With no object armed, the static level answers alone, unless a program
 * is attached as fmod_ret to security_locked_down(): it runs before every
 * LSM there and can return what it wants (1 << 32 reads as 0, allowed),
 * the static lockdown LSM skipped. What the kernel denies cannot then be
 * told. The programs are the ground truth (the sentinel keeps any from
 * being hidden); links can be, so a tracing program on
 * security_locked_down() passes only with a visible fentry or fexit link
 * and no other.
 */
static int skipper(const struct klists *k, const struct btf *btf, struct diags *d)
{
	int fn = btf__find_by_name_kind(btf, "security_locked_down", BTF_KIND_FUNC);

	for (size_t i = 0; fn > 0 && i < k->n_prog; i++) {
		const struct kprog *p = &k->prog[i];
		const struct klink *fmod = NULL;
		size_t seen = 0;
		char who[64];

		if (p->info.type != BPF_PROG_TYPE_TRACING ||
		    p->info.attach_btf_id != (uint32_t)fn)
			continue;
		for (size_t j = 0; j < k->n_link; j++) {
			const struct klink *l = &k->link[j];

			if (l->info.prog_id != p->id)
				continue;
			seen++;
			if (l->info.type != BPF_LINK_TYPE_TRACING ||
			    l->info.tracing.attach_type == BPF_MODIFY_RETURN)
				fmod = l;
		}
		if (seen && !fmod)
			continue;	/* fentry, fexit: they change no answer */
		say_prog(who, sizeof(who), k, p->id);
		if (fmod)
			diag_error(d, NULL, "BPF backend: %s is attached as fmod_ret to "
				   "security_locked_down() (link %u): it can answer for every LSM "
				   "there, the static lockdown level's included; what the kernel "
				   "denies cannot be told", who, fmod->id);
		else
			diag_error(d, NULL, "BPF backend: %s is a tracing program on "
				   "security_locked_down() with no link the kernel shows: attached "
				   "as fmod_ret behind a hidden link, it would answer for every LSM "
				   "there; what the kernel denies cannot be told", who);
		return -1;
	}
	return 0;
}

int bpf_obj_find(struct bpf_obj *o, struct diags *d)
{
	struct klists k = { 0 };
	struct hooks h = { 0 };
	struct btf *btf;
	uint32_t state = 0, own[LDP_MAX_PROGS], links[LDP_MAX_PROGS];
	size_t n_own = 0, n_links = 0;
	int ret = -1, armed, on;

	memset(o, 0, sizeof(*o));
	for (size_t i = 0; i < LDP_MAX_PROGS; i++)
		o->fd[i] = -1;
	btf = bpf_vmlinux_btf(d);
	if (!btf || bpf_want_tags(&o->want, d) || list_progs(&k, NULL, NULL, d) ||
	    list_links(&k, d))
		goto out;
	armed = armed_state(&o->want, &k, &state, &o->read, d);
	if (!armed && (impostor(&o->want, &k, btf, d) || skipper(&k, btf, d)))
		armed = -1;
	if (armed <= 0) {
		ret = armed;	/* none armed: nothing is in force */
		goto out;
	}
	if (gather(o, &k, state, d))
		goto out;
	for (size_t i = 0; i < o->want.n; i++) {
		if (o->fd[i] < 0)
			continue;
		own[n_own++] = o->id[i];
		for (size_t l = 0; l < k.n_link; l++)
			if (k.link[l].info.prog_id == o->id[i] && n_links < LDP_MAX_PROGS)
				links[n_links++] = k.link[l].id;
	}
	if (hooks_load(&h, &o->want, d))
		goto out;
	ret = 1;
	if (attached(o, &k, btf, d) || held(o, &k, d) || whole(o, d))
		ret = -1;
	if (foreign_links(&k, &h, btf, own, n_own, links, n_links, d) ||
	    foreign_lsm_progs(&k, &h, btf, own, n_own, d))
		ret = -1;
	on = bpf_ftrace_enabled(d);
	if (on <= 0) {
		if (!on)
			diag_error(d, NULL, "BPF backend: kernel.ftrace_enabled is 0, which switches "
				   "every BPF trampoline off, the backend's programs with them: "
				   "nothing it denies is denied");
		ret = -1;
	}
out:
	if (ret <= 0)
		bpf_obj_close(o);
	klists_free(&k);
	free(h.v);
	return ret;
}
