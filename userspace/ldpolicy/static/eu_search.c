// SPDX-License-Identifier: GPL-2.0
/*
 * What elfutils 0.192's libelf.a calls but does not hold, for the static
 * links (ldpolicy.static, the VM's ldbpfdoor).
 *
 * elfutils 0.192 moved libelf's search trees behind eu_search_tree_init(),
 * eu_tsearch() and friends (its lib/eu-search.c), and built them into
 * libelf.so but left them out of libelf.a (sourceware bug 32293): a static
 * link against Debian 13's libelf.a fails with undefined references to
 * them. Debian 12's libelf.a (0.188) never calls them.
 *
 * They are defined here weak, as elfutils defines them without its
 * experimental --enable-thread-safety (Debian builds it so: its libelf
 * uses no rwlock): a tree is its tsearch(3) root, alone. Where a libelf.a
 * holds its own, its strong definitions win, and these are never used.
 */
#define _GNU_SOURCE	/* tdestroy() */
#include <search.h>
#include <stddef.h>

struct eu_search_tree {
	void *root;
};

/* elfutils declares these in an internal header of its own */
void eu_search_tree_init(struct eu_search_tree *tree);
void eu_search_tree_fini(struct eu_search_tree *tree, void (*free_node)(void *));
void *eu_tsearch(const void *key, struct eu_search_tree *tree,
		 int (*compare)(const void *, const void *));
void *eu_tfind(const void *key, struct eu_search_tree *tree,
	       int (*compare)(const void *, const void *));
void *eu_tdelete(const void *key, struct eu_search_tree *tree,
		 int (*compare)(const void *, const void *));

__attribute__((weak)) void eu_search_tree_init(struct eu_search_tree *tree)
{
	tree->root = NULL;
}

__attribute__((weak)) void eu_search_tree_fini(struct eu_search_tree *tree,
					       void (*free_node)(void *))
{
	tdestroy(tree->root, free_node);
	tree->root = NULL;
}

__attribute__((weak)) void *eu_tsearch(const void *key, struct eu_search_tree *tree,
				       int (*compare)(const void *, const void *))
{
	return tsearch(key, &tree->root, compare);
}

__attribute__((weak)) void *eu_tfind(const void *key, struct eu_search_tree *tree,
				     int (*compare)(const void *, const void *))
{
	return tfind(key, &tree->root, compare);
}

__attribute__((weak)) void *eu_tdelete(const void *key, struct eu_search_tree *tree,
				       int (*compare)(const void *, const void *))
{
	return tdelete(key, &tree->root, compare);
}
