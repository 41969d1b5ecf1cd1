// SPDX-License-Identifier: GPL-2.0
/*
 * Whether a request is for an MSI vector, as far as the patch text must
 * know: IRQF_ONESHOT masks a line until the thread has run, but the PCI/MSI
 * irq chip is one-shot safe (drivers/pci/msi/irqdomain.c), so __setup_irq()
 * drops the flag there and masks nothing; the vector is edge-triggered,
 * and a message that arrives while the thread runs makes it run again.
 * A patch may promise a masked line only where the driver cannot be on
 * such a vector.
 */
#include <stdlib.h>
#include <string.h>

#include "convert/callsite.h"
#include "patches/describe.h"
#include "patches/module.h"

/* Calls that enable MSI or MSI-X: with them, the driver may be on MSI. */
static const char *const msi_calls[] = {
	"pci_alloc_irq_vectors_affinity", "pci_alloc_irq_vectors",
	"pci_enable_msix_range", "pci_enable_msix_exact", "pci_enable_msi",
	"pci_msi_vec_count", "PCI_IRQ_MSI",
};

/* The first of msi_calls @text names, or NULL. */
static const char *msi_call_in(const char *text)
{
	size_t i;

	for (i = 0; text && i < ARRAY_SIZE(msi_calls); i++)
		if (strstr(text, msi_calls[i]))
			return msi_calls[i];
	return NULL;
}

/* PCI_IRQ_MSI as a word, not the start of PCI_IRQ_MSIX. */
static bool names_plain_msi(const char *text)
{
	const char *p;

	for (p = strstr(text, "PCI_IRQ_MSI"); p; p = strstr(p + 1, "PCI_IRQ_MSI"))
		if (p[11] != 'X')
			return true;
	return false;
}

/*
 * Vectors @text allocates only as MSI or MSI-X: the flags it passes name
 * PCI_IRQ_MSI or PCI_IRQ_MSIX, and never a legacy INTx fallback; or
 * MSI-X entries of pci_enable_msix_*().  "MSI-X", "MSI", "MSI or MSI-X",
 * or NULL when INTx is possible or the flags are not in @text.
 */
static const char *msi_only_kind(const char *text, bool entries)
{
	bool msix = strstr(text, "PCI_IRQ_MSIX") != NULL;
	bool msi = names_plain_msi(text);

	if (strstr(text, "PCI_IRQ_LEGACY") || strstr(text, "PCI_IRQ_ALL_TYPES") ||
	    strstr(text, "PCI_IRQ_INTX"))
		return NULL;
	if (entries)
		return strstr(text, "pci_enable_msix_") ? "MSI-X" : NULL;
	if (msix && msi)
		return "MSI or MSI-X";
	return msix ? "MSI-X" : msi ? "MSI" : NULL;
}

/*
 * The other C files of @d's module, beside the requesting file @path
 * (as libclang names it): the first that enables MSI, with its call, so
 * that an irq stored in a field there (xgbe-pci.c's pci_irq_vector() of
 * pdata->ecc_irq) is known to be maybe a vector.
 */
static char *module_msi_call(const char *path, const struct driver *d)
{
	size_t dlen = d && d->dir ? strlen(d->dir) : 0;
	const char *slash = strrchr(path, '/');
	struct strvec objs = STRVEC_INIT;
	char *src, *how = NULL;
	size_t i;

	/* @path is SRC/DIR/file.c */
	if (!dlen || !d->module || !slash || (size_t)(slash - path) < dlen + 1 ||
	    strncmp(slash - dlen, d->dir, dlen) || slash[-dlen - 1] != '/')
		return NULL;
	src = xstrndup(path, slash - dlen - 1 - path);
	convert_module_parts(src, d->dir, d->module, &objs);
	for (i = 0; i < objs.nr && !how; i++) {
		char *file = xasprintf("%s/%s/%s.c", src, d->dir, objs.v[i]);
		char *text = strcmp(file, path) ? read_file(file, NULL) : NULL;
		const char *call = msi_call_in(text);

		if (call)
			how = xasprintf("%s calls %s()",
					strrchr(file, '/') + 1, call);
		free(text);
		free(file);
	}
	strvec_clear(&objs);
	free(src);
	return how;
}

/* The irq argument of the request @cs, as written in @buf. */
static char *irq_arg(const struct callsite *cs, const char *buf)
{
	int at = starts_with(cs->callee, "devm_") ? 1 : 0;

	if (clang_Cursor_getNumArguments(cs->call) <= at)
		return xstrdup("");
	return cursor_one_line_text(buf, clang_Cursor_getArgument(cs->call, at));
}

void describe_msi(const struct callsite *cs, const char *buf,
		  const char *handler_file, const struct driver *d,
		  struct msi_fact *out)
{
	char *irq = irq_arg(cs, buf), *htext = read_file(handler_file, NULL);
	bool vector = strstr(irq, "pci_irq_vector(") != NULL;
	bool entry = strstr(irq, ".vector") != NULL;
	const char *call = msi_call_in(buf), *kind = NULL;

	out->use = MSI_NONE;
	out->how = NULL;
	if ((vector || entry) && call &&
	    (starts_with(call, "pci_alloc_irq_vectors") ||
	     starts_with(call, "pci_enable_msix_")))
		kind = msi_only_kind(buf, entry);
	if (!call)
		call = msi_call_in(htext);
	if (kind) {
		out->use = MSI_ONLY;
		out->how = xasprintf("%s vectors only (%s of the vectors %s() allocates%s)",
				     kind, vector ? "pci_irq_vector()" :
				     "an MSI-X entry", call,
				     entry ? "" : " with no INTx fallback");
	} else if (call && !strcmp(call, "PCI_IRQ_MSI")) {
		out->use = MSI_MAY;
		out->how = xstrdup("it asks for PCI_IRQ_MSI");
	} else if (call || vector) {
		out->use = MSI_MAY;
		out->how = xasprintf("it calls %s()",
				     call ? call : "pci_irq_vector");
	} else {
		char *path = cursor_file(cs->call);

		out->how = module_msi_call(path, d);
		if (out->how)
			out->use = MSI_MAY;
		free(path);
	}
	free(htext);
	free(irq);
}

void msi_fact_release(struct msi_fact *m)
{
	free(m->how);
	m->how = NULL;
}

void describe_oneshot(struct strbuf *sb, const struct msi_fact *msi,
		      const char *until)
{
	if (msi->use == MSI_ONLY) {
		strbuf_addf(sb, "Nothing masks the vector while the thread runs: the interrupt is requested on %s, whose PCI/MSI irq chip is one-shot safe, so the core drops IRQF_ONESHOT; a message that arrives meanwhile (an MSI vector is edge-triggered) makes the thread run once more.",
			    msi->how);
		return;
	}
	strbuf_addf(sb, "IRQF_ONESHOT keeps the line masked %s", until);
	if (msi->use == MSI_MAY)
		strbuf_addf(sb, "; on an MSI vector, which the driver may use (%s), the core drops IRQF_ONESHOT, as the PCI/MSI irq chip is one-shot safe, and a message that arrives meanwhile makes the thread run again",
			    msi->how);
	strbuf_addch(sb, '.');
}
