/* SPDX-License-Identifier: GPL-2.0 */
#ifndef IRQCONV_ANALYZE_OWNERSHIP_READS_H
#define IRQCONV_ANALYZE_OWNERSHIP_READS_H

#include <stdbool.h>

#include <clang-c/Index.h>

struct lock_module;

/*
 * Device reads that give their value back through a pointer argument, as
 * an ownership check may test it: pci_read_config_*(pdev, PCI_STATUS, &v)
 * (the INTx status bit of the function), and regmap_read(map, reg, &v) on
 * a regmap the module creates over MMIO.  The variable @call reads into,
 * or a null cursor.  @lm (may be NULL: the call's file alone) is where
 * the regmap's creation is looked for.
 */
CXCursor or_read_into(CXCursor call, const struct lock_module *lm);

/* regmap_read() and pci_read_config_*(): their value is an error code. */
bool or_is_out_read(const char *callee);

#endif
