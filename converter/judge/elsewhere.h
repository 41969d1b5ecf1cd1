/* SPDX-License-Identifier: GPL-2.0 */
#ifndef IRQCONV_JUDGE_ELSEWHERE_H
#define IRQCONV_JUDGE_ELSEWHERE_H

#include <clang-c/Index.h>

#include "analyze/sites.h"
#include "kbuild.h"

/*
 * For each site whose handler is declared but defined in another file
 * (code handler-elsewhere), look for the definition in the other C files of
 * the site's directory and, when found, analyse and judge it there.
 */
void scan_find_elsewhere(struct kbuild *kb, CXIndex index,
			 struct scan_sites *sites);

#endif
