// SPDX-License-Identifier: GPL-2.0
/*
 * A series directory as `irqconv convert -o` writes it and review reads it:
 * the input, cut at NUL bytes, is a patch, sites.json, checksums, the
 * patch's batch results, the cover letter and review.txt.  review_set_load()
 * reads them all (patch subject, risks and diff, sites, checksums, results,
 * decisions); then the decisions go back into series and the cover letter
 * (review_apply_to_series()) and report.html is written, as review does.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "review/review.h"

#define PATCH "0001-edu-convert-to-a-threaded-interrupt-handler.patch"

static const char *const files[] = {
	PATCH, "sites.json", "checksums",
	"results/0001-edu-convert-to-a-threaded-interrupt-handler.txt",
	"0000-cover-letter.patch", "review.txt",
};

static void use(struct review_set *rs)
{
	size_t i;

	for (i = 0; i < rs->nr; i++) {
		struct review_patch *p = &rs->patches[i];

		if (p->diff_len > strlen(p->diff))
			fuzz_fail("%s: diff of %zu bytes in %zu", p->file,
				  p->diff_len, strlen(p->diff));
		review_site_of(rs, p);
		free(review_result(p, "compile"));
		if (p->state == REVIEW_PENDING)
			p->state = REVIEW_REJECTED;
	}
	review_apply_to_series(rs);
	review_html_write(rs);
}

static char *results_dir;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *dir = fuzz_tmpdir();
	char *parts[ARRAY_SIZE(files)];
	struct review_set rs;
	size_t n, i;

	if (!results_dir) {
		results_dir = xasprintf("%s/results", dir);
		mkdir_p(results_dir);
	}
	n = fuzz_split(data, size, parts, ARRAY_SIZE(files));
	for (i = 0; i < ARRAY_SIZE(files); i++)
		fuzz_put(dir, files[i], i < n ? parts[i] : NULL);
	fuzz_put(dir, "series", NULL);
	fuzz_put(dir, "report.html", NULL);
	fuzz_free_parts(parts, n);
	if (!review_set_load(&rs, dir))
		use(&rs);
	review_set_release(&rs);
	return 0;
}
