/* SPDX-License-Identifier: GPL-2.0 */
#ifndef IRQCONV_ANALYZE_TREE_CALLERS_H
#define IRQCONV_ANALYZE_TREE_CALLERS_H

#include <clang-c/Index.h>
#include <stddef.h>

struct scan_tu;
struct tu;

/*
 * The callers in the tree of a function that requests the irq its
 * parameter names (libata's ata_pci_sff_activate_host(host, handler, sht)
 * is called by ata_piix.c and pata_rdc.c): the other C files of the
 * function's directory whose text calls it by name, parsed with kbuild's
 * flags on first need and kept open with @st, so that the handlers they
 * pass are analysed in their own files.  At most TREE_CALLERS_MAX files.
 */
#define TREE_CALLERS_MAX 8

struct tree_callers {
	struct tu *tus;
	size_t nr;
	size_t skipped;		/* files that call it, not opened */
};

/* Open the files that call @fn (a non-static function); returns how many. */
size_t tree_callers_open(struct scan_tu *st, CXCursor fn);
/* The opened file @def is written in, or NULL. */
const struct tu *tree_callers_tu_of(const struct scan_tu *st, CXCursor def);
void tree_callers_close(struct scan_tu *st);

#endif
