// SPDX-License-Identifier: GPL-2.0
/*
 * A register the driver programs and reads back (docs/convert.md, "Which
 * loops and delays count"): i2c-nomadik reads its RX FIFO threshold from
 * I2C_RFTR and drains that many bytes, and the only values it ever
 * writes there are 0 and `dev->rft`, which probe bounds by the FIFO's
 * depth.  A read of such a register is bounded as the values written
 * are, when one of them is not 0 (a register only ever cleared may be a
 * counter the device counts up).  The file is read as written: every use of the register's name
 * must be the address of a plain MMIO read or write (readl(), writeb(),
 * ioread32(), iowrite16(), ...) whose value is one operand; a driver's
 * own accessor, or a value computed in place, leaves the read unbounded.
 */
#include <stdlib.h>
#include <string.h>

#include "analyze/benefit-loop.h"
#include "tu.h"

/* Locals, parameters and fields followed one into another. */
#define FOLLOW_DEPTH 4

enum mmio_op { MMIO_NONE, MMIO_READ, MMIO_WRITE };

static bool one_of(const char *name, const char *const *names)
{
	size_t i;

	for (i = 0; names[i]; i++)
		if (!strcmp(name, names[i]))
			return true;
	return false;
}

/* What the kernel's MMIO accessor @name does; its value comes first. */
static enum mmio_op mmio_op(const char *name)
{
	static const char *const reads[] = {
		"readb", "readw", "readl", "readq", "readb_relaxed",
		"readw_relaxed", "readl_relaxed", "readq_relaxed", "ioread8",
		"ioread16", "ioread32", "ioread64", "__raw_readb",
		"__raw_readw", "__raw_readl", "__raw_readq", NULL
	};
	static const char *const writes[] = {
		"writeb", "writew", "writel", "writeq", "writeb_relaxed",
		"writew_relaxed", "writel_relaxed", "writeq_relaxed",
		"iowrite8", "iowrite16", "iowrite32", "iowrite64",
		"__raw_writeb", "__raw_writew", "__raw_writel", "__raw_writeq",
		NULL
	};

	if (one_of(name, reads))
		return MMIO_READ;
	if (one_of(name, writes))
		return MMIO_WRITE;
	return MMIO_NONE;
}

/* The file's tokens, from its first byte to its last. */
struct file_tokens {
	CXTranslationUnit tu;
	CXToken *v;
	unsigned int nr;
};

static const char *spell(const struct file_tokens *ft, unsigned int i,
			 char **keep)
{
	free(*keep);
	*keep = cxstring_take(clang_getTokenSpelling(ft->tu, ft->v[i]));
	return *keep;
}

static bool file_tokens_of(CXTranslationUnit tu, CXFile file,
			   struct file_tokens *ft)
{
	size_t size = 0;

	if (!clang_getFileContents(tu, file, &size) || !size)
		return false;
	ft->tu = tu;
	clang_tokenize(tu, clang_getRange(clang_getLocationForOffset(tu, file, 0),
					  clang_getLocationForOffset(tu, file,
								     size - 1)),
		       &ft->v, &ft->nr);
	return ft->nr > 0;
}

/* The index of the `)` that closes the `(` at @open, or @ft->nr. */
static unsigned int closing(const struct file_tokens *ft, unsigned int open,
			    unsigned int *comma)
{
	unsigned int i, level = 0;
	char *t = NULL;

	*comma = ft->nr;
	for (i = open; i < ft->nr; i++) {
		const char *s = spell(ft, i, &t);

		if (!strcmp(s, "(") || !strcmp(s, "[") || !strcmp(s, "{"))
			level++;
		else if (!strcmp(s, ")") || !strcmp(s, "]") || !strcmp(s, "}"))
			level--;
		else if (level == 1 && !strcmp(s, ",") && *comma == ft->nr)
			*comma = i;
		if (!level)
			break;
	}
	free(t);
	return i;
}

/*
 * The value written by the write whose value is the tokens (@from, @to):
 * one operand (`0x0`, `val`, `dev->rft`), as the cursor of its last
 * token; null when it is computed in place.
 */
static CXCursor written_value(const struct file_tokens *ft, unsigned int from,
			      unsigned int to)
{
	unsigned int i;
	char *t = NULL;
	bool operand = true;

	for (i = from; i < to && operand; i++) {
		const char *s = spell(ft, i, &t);
		CXTokenKind k = clang_getTokenKind(ft->v[i]);

		operand = k == CXToken_Identifier || k == CXToken_Literal ||
			  ((i - from) % 2 && (!strcmp(s, "->") || !strcmp(s, ".")));
	}
	free(t);
	if (!operand || to <= from || !((to - from) % 2))
		return clang_getNullCursor();
	return clang_getCursor(ft->tu,
			       clang_getTokenLocation(ft->tu, ft->v[to - 1]));
}

/* Is the token at @i the name of a #define? */
static bool defines(const struct file_tokens *ft, unsigned int i)
{
	char *t = NULL;
	bool hit = i && !strcmp(spell(ft, i - 1, &t), "define");

	free(t);
	return hit;
}

/*
 * Is every use of @reg in the file the address of a read, or of a write
 * of a bounded value (at least one)?
 */
static bool programmed(const struct file_tokens *ft, const char *reg,
		       const struct fifo_at *at)
{
	unsigned int i, j, comma, writes = 0, calls_at = 0;
	bool set = false;
	unsigned int call_end = 0;
	enum mmio_op op = MMIO_NONE;
	char *t = NULL;
	bool ok = true;

	for (i = 0; i + 1 < ft->nr && ok; i++) {
		const char *s = spell(ft, i, &t);

		if (i >= call_end)
			op = MMIO_NONE;
		if (mmio_op(s) != MMIO_NONE && i + 1 < ft->nr) {
			char *next = NULL;

			if (!strcmp(spell(ft, i + 1, &next), "(")) {
				op = mmio_op(s);
				calls_at = i;
				call_end = closing(ft, i + 1, &comma);
				if (op == MMIO_WRITE) {
					CXCursor v = written_value(ft, i + 2,
								   comma);

					for (j = comma; j < call_end; j++)
						if (!strcmp(spell(ft, j, &next), reg))
							break;
					if (j < call_end) {
						writes++;
						ok = !clang_Cursor_isNull(v) &&
						     at->value(v, at);
						set |= ok && !benefit_is_zero(v);
					}
				}
			}
			free(next);
			continue;
		}
		if (strcmp(s, reg))
			continue;
		if (defines(ft, i))
			continue;
		/* a use outside any accessor's address: unknown */
		ok = op != MMIO_NONE && i > calls_at && i < call_end;
	}
	free(t);
	return ok && writes && set;
}

bool benefit_read_back(CXCursor call, const struct fifo_at *at)
{
	struct strvec toks = STRVEC_INIT;
	struct fifo_at deeper = *at;
	struct file_tokens ft;
	const char *reg = NULL;
	CXSourceLocation loc;
	CXFile file;
	bool hit = false;
	size_t i;

	if (at->depth >= FOLLOW_DEPTH)
		return false;
	benefit_file_tokens(call, &toks);
	if (toks.nr < 2 || mmio_op(toks.v[0]) != MMIO_READ) {
		strvec_clear(&toks);
		return false;
	}
	for (i = 0; i < toks.nr; i++)
		if (benefit_is_constant(toks.v[i]) &&
		    (i + 1 == toks.nr || strcmp(toks.v[i + 1], "(")))
			reg = toks.v[i];
	loc = clang_getRangeStart(clang_getCursorExtent(call));
	clang_getExpansionLocation(loc, &file, NULL, NULL, NULL);
	deeper.depth++;
	deeper.fifo_named = false;
	deeper.loop = clang_getNullCursor();
	if (reg && file &&
	    file_tokens_of(clang_Cursor_getTranslationUnit(call), file, &ft)) {
		hit = programmed(&ft, reg, &deeper);
		clang_disposeTokens(ft.tu, ft.v, ft.nr);
	}
	strvec_clear(&toks);
	return hit;
}
