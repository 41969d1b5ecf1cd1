// SPDX-License-Identifier: GPL-2.0
/*
 * irqconv report OUTDIR: write OUTDIR/report.html for a series written by
 * `irqconv convert -o`, with review decisions and batch results.
 */
#include <getopt.h>
#include <stdio.h>

#include "commands.h"
#include "review/review.h"

static const char report_usage[] =
	"usage: irqconv report OUTDIR\n\n"
	"Write OUTDIR/report.html, one self-contained page: every request site\n"
	"with verdict, strategy, compile and boot results and review state, with\n"
	"filters (also from the URL: report.html#verdict=refused&review=pending),\n"
	"and per patch its facts, risks, test logs and coloured diff.\n";

int cmd_report(int argc, char **argv)
{
	static const struct option options[] = {
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct review_set rs;
	int opt, ret;

	while ((opt = getopt_long(argc, argv, "h", options, NULL)) != -1) {
		if (opt == 'h') {
			fputs(report_usage, stdout);
			return 0;
		}
		fputs(report_usage, stderr);
		return 2;
	}
	if (argc - optind != 1) {
		fputs(report_usage, stderr);
		return 2;
	}
	if (review_set_load(&rs, argv[optind])) {
		review_set_release(&rs);
		return 2;
	}
	ret = review_html_write(&rs) ? 1 : 0;
	if (!ret)
		printf("%s/report.html\n", rs.dir);
	review_set_release(&rs);
	return ret;
}
