/* SPDX-License-Identifier: GPL-2.0 */
#ifndef IRQCONV_ANALYZE_SITES_H
#define IRQCONV_ANALYZE_SITES_H

/*
 * The scanner's stages over one parsed file: find the request calls
 * (sites.c), resolve each handler argument to function definitions
 * (resolve.c), gather the handler facts (analyze/), judge (verdict.c).
 */
#include "analyze/unit.h"
#include "model/site.h"

struct scan_sites {
	struct scan_site *v;
	size_t nr, alloc;
};

struct scan_site *scan_sites_add(struct scan_sites *ss);
void scan_sites_release(struct scan_sites *ss);

/* Every request call written in the main file, with its arguments. */
void scan_find_sites(struct scan_tu *st, struct scan_sites *out);

/* The function definitions a handler argument can name; see resolve.c. */
struct resolution {
	CXCursor fn[8];
	size_t nr;
	const char *how;	/* direct, address, local, conditional, field, wrapper */
	char *why_not;		/* set when it could not be resolved */
	char *elsewhere;	/* a handler declared here, defined in another file */
	/* Followed through a caller in another file (tree-callers.c): */
	struct scan_tu *home;	/* the scanned file, where names are looked up */
	char *passer;		/* "ata_piix.c:1746" of the call being read */
	char *passed_by[8];	/* per fn[], the first such call that passes it */
};
void scan_resolve_handler(struct scan_tu *st, CXCursor call, CXCursor arg,
			  struct resolution *res);
/* Free what a resolution holds. */
void scan_resolution_release(struct resolution *res);
/* The one value a local variable is ever given in its function, or null. */
CXCursor scan_single_value(struct scan_tu *st, CXCursor var);

/*
 * Whether the definition @def can be analysed and converted from @st: it
 * is in the main file, or in another file of its module.
 */
bool scan_handler_here(struct scan_tu *st, CXCursor def);
/* scan_analyze_handler() in the file of the unit that defines @fn. */
void scan_analyze_resolved(struct scan_tu *st, CXCursor fn,
			   struct scan_site *s);

/*
 * The function @fn only wraps, `return f(its own parameters);`, followed
 * two deep (8390's ei_interrupt() and __ei_interrupt()), or @fn.
 */
CXCursor scan_follow_wrapper(CXCursor fn);

/* Fill @s->facts for the handler defined at @fn. */
void scan_analyze_handler(struct scan_tu *st, CXCursor fn,
			  struct scan_site *s);

/* Find the request sites of one parsed file and analyse their handlers. */
void scan_tu_find_sites(struct scan_tu *st, bool not_in_config,
			struct scan_sites *out);

#endif
