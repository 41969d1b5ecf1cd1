/* SPDX-License-Identifier: GPL-2.0 */
#ifndef IRQCONV_ANALYZE_LINE_SHARE_H
#define IRQCONV_ANALYZE_LINE_SHARE_H

#include <clang-c/Index.h>
#include <stdbool.h>

struct lock_module;

/*
 * Who may share the line a request with IRQF_SHARED asks for, as far as
 * the tree shows.  genirq makes every action of a shared line agree on
 * IRQF_ONESHOT (__setup_irq(): a request that differs fails with -EBUSY
 * and "Flags mismatch irq N"), so a handler may move whole to a thread,
 * NULL primary and IRQF_SHARED | IRQF_ONESHOT, when all the requesters the
 * tree shows are that same request: its flags are a constant (every
 * instance passes the same), the irq comes from platform or
 * firmware data the driver reads (platform_get_irq(), of_irq_get(), an
 * IORESOURCE_IRQ resource), never from PCI, whose INTx lines other
 * drivers' devices share, and no other request of the module may be on
 * the same line.  Another driver that a device tree wires to the same
 * line then fails its probe instead of leaving the line masked.
 */
enum line_origin {
	LINE_UNKNOWN,		/* a parameter, arithmetic, nothing found */
	LINE_FIRMWARE,		/* platform or firmware data, every assignment */
	LINE_PCI,		/* pdev->irq, pci_irq_vector(), at least once */
};

struct line_share {
	bool agreed;		/* what line_share_agreed() answered */
	enum line_origin origin;
	char *source;		/* "platform_get_irq()", what the irq comes from */
	char *other;		/* another request of the module that may share */
	unsigned int line;	/* of the request */
	char *file;		/* of the request, base name */
};

/*
 * Fill @out for the request @call (a request_irq() family call) of the
 * module @lm (NULL: the call's own file).  True when the line is agreed:
 * from firmware, and no other request of the module may share it.
 */
bool line_share_agreed(const struct lock_module *lm, CXCursor call,
		       struct line_share *out);
void line_share_release(struct line_share *ls);

#endif
