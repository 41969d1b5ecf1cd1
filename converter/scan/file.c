// SPDX-License-Identifier: GPL-2.0
/* Scanning one file: parse it, run the pipeline, render its records. */
#include <stdlib.h>
#include <string.h>

#include "analyze/sites.h"
#include "ast/cursor.h"
#include "judge/elsewhere.h"
#include "judge/judge.h"
#include "scan/file.h"
#include "scan/output.h"
#include "tu.h"

void scan_tu_records(struct scan_tu *st, struct kbuild *kb, CXIndex index,
		     const struct tu *tu, struct strbuf *out)
{
	struct scan_sites sites = { NULL, 0, 0 };
	bool planned = st->plan_handlers;
	size_t i;

	st->plan_handlers = true;
	judge_file(st, !tu->in_config, &sites);
	st->plan_handlers = planned;
	scan_find_elsewhere(kb, index, &sites);
	for (i = 0; i < sites.nr; i++)
		sites.v[i].tree = tu->arch;
	for (i = 0; i < sites.nr; i++)
		scan_site_records(&sites.v[i], out);
	scan_sites_release(&sites);
}

void scan_file(struct kbuild *kb, const char *relpath, struct strbuf *out)
{
	CXIndex index = clang_createIndex(0, 0);
	struct scan_tu st;
	struct tu tu;

	if (tu_parse(index, kb, relpath, &tu) < 0 || tu.nr_errors) {
		scan_file_failure_in(relpath, tu.arch, R_PARSE_ERROR,
				     tu.first_error ? tu.first_error :
				     "libclang could not parse the file", out);
		goto out;
	}
	scan_tu_init(&st, tu.unit, relpath, kb->src);
	st.index = index;
	st.kb = kb;
	st.tu = &tu;
	/* The planner reads the register accessors the driver wraps. */
	accessors_learn(tu.unit, tu.path);
	scan_tu_records(&st, kb, index, &tu, out);
	scan_tu_release(&st);
out:
	tu_release(&tu);
	clang_disposeIndex(index);
}

bool scan_file_may_request(const char *path)
{
	static const char *const names[] = {
		"request_irq", "request_threaded_irq", "request_any_context_irq",
		"request_percpu_irq", "request_nmi", NULL,
	};
	char *data = read_file(path, NULL);
	const char *const *n;
	bool found = false;

	/* Unreadable: let the parser say what is wrong. */
	if (!data)
		return true;
	for (n = names; *n && !found; n++)
		found = strstr(data, *n) != NULL;
	free(data);
	return found;
}
