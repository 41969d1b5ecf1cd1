#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# scripts/batch-lines.sh TREE PATCH FILE.i...: which code lines PATCH adds
# does the configuration compile?  PATCH's files are relative to TREE, the
# preprocessed objects (clang -E of TREE/FILE) carry line markers naming
# them.  An added line counts when it holds code (not blank, not a comment
# or preprocessor line) and is compiled when the preprocessor kept it (a
# line inside an #ifdef the configuration leaves out is not).
# Prints "OK/TOTAL" and, when some are not compiled, " not compiled: FILE:LINE...".

tree=${1%/}/
patch=$2
shift 2
awk -v tree="$tree" '
function strip_tree(p) {
	if (substr(p, 1, length(tree)) == tree)
		return substr(p, length(tree) + 1)
	return p
}
FNR == 1 { fileno++ }
fileno == 1 {		# the patch: added code lines, in the new numbering
	if ($0 ~ /^\+\+\+ b\//) { f = substr($0, 7); next }
	if ($0 ~ /^@@/) { split($3, a, ","); n = substr(a[1], 2) + 0; next }
	if (f == "") next
	if ($0 ~ /^\+/) {
		t = substr($0, 2); gsub(/^[ \t]+|[ \t]+$/, "", t)
		if (t != "" && t !~ /^(\/\*|\*|\/\/|#)/) want[f ":" n] = 1
		n++
	} else if ($0 ~ /^ /) n++
	next
}
/^# [0-9]+ "/ {		# a preprocessed object: line markers
	cur = $3; gsub(/"/, "", cur); cur = strip_tree(cur)
	ln = $2 + 0; next
}
{ if ($0 ~ /[^ \t]/) seen[cur ":" ln] = 1; ln++ }
END {
	for (k in want) { total++; if (k in seen) ok++; else miss = miss " " k }
	printf "%d/%d%s\n", ok, total, miss ? " not compiled:" miss : ""
}' "$patch" "$@"
