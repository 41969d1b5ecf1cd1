// SPDX-License-Identifier: GPL-2.0
/*
 * OUTDIR/review.txt: the decisions of review, one line per patch, written
 * atomically after each decision so an interrupted review loses nothing.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "review/review.h"

const char *review_state_name(enum review_state s)
{
	static const char *const names[] = {
		[REVIEW_PENDING] = "pending",
		[REVIEW_ACCEPTED] = "accepted",
		[REVIEW_REJECTED] = "rejected",
		[REVIEW_SKIPPED] = "skipped",
	};

	return names[s];
}

static enum review_state parse_state(const char *s, size_t n)
{
	enum review_state st;

	for (st = REVIEW_ACCEPTED; st <= REVIEW_SKIPPED; st++)
		if (strlen(review_state_name(st)) == n &&
		    !strncmp(s, review_state_name(st), n))
			return st;
	return REVIEW_PENDING;
}

static struct review_patch *patch_named(struct review_set *rs,
					const char *name, size_t n)
{
	size_t i;

	for (i = 0; i < rs->nr; i++)
		if (strlen(rs->patches[i].file) == n &&
		    !strncmp(rs->patches[i].file, name, n))
			return &rs->patches[i];
	return NULL;
}

/*
 * A review.txt saved with CRLF line ends (an editor on another system) reads
 * like one with LF; a CR inside a reason is a space, as decisions_save()
 * writes it.  True when nothing is left of the line.
 */
static bool crlf_to_space(char *line)
{
	size_t len = strlen(line);
	char *c;

	if (len && line[len - 1] == '\r')
		line[--len] = '\0';
	for (c = line; *c; c++)
		if (*c == '\r')
			*c = ' ';
	return !len;
}

int decisions_load(struct review_set *rs)
{
	char *path = xasprintf("%s/review.txt", rs->dir);
	char *text = read_file(path, NULL), *line, *save = NULL;
	unsigned int lineno = 0;
	int ret = 0;

	if (!text) {
		ret = errno == ENOENT ? 0 : -1;
		if (ret)
			error("cannot read '%s': %s", path, strerror(errno));
		free(path);
		return ret;
	}
	for (line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		size_t n, sn;
		const char *state, *reason;
		struct review_patch *p;
		enum review_state st;

		lineno++;
		if (crlf_to_space(line))
			continue;
		n = strcspn(line, " ");
		state = line + n + (line[n] == ' ');
		sn = strcspn(state, " ");
		reason = state + sn + (state[sn] == ' ');
		p = patch_named(rs, line, n);
		st = parse_state(state, sn);
		if (st == REVIEW_PENDING) {
			error("%s:%u: want '<patch-file> accepted|rejected|skipped <reason>'",
			      path, lineno);
			ret = -1;
			continue;
		}
		if (!p)
			continue;	/* a patch no longer there */
		p->state = st;
		free(p->reason);
		p->reason = xstrdup(reason);
	}
	free(text);
	free(path);
	return ret;
}

int decisions_save(const struct review_set *rs)
{
	char *path = xasprintf("%s/review.txt", rs->dir);
	struct strbuf sb = STRBUF_INIT;
	size_t i;
	int ret;

	for (i = 0; i < rs->nr; i++) {
		const struct review_patch *p = &rs->patches[i];
		char *reason = xstrdup(p->reason), *c;

		if (p->state == REVIEW_PENDING) {
			free(reason);
			continue;
		}
		for (c = reason; *c; c++)
			if (*c == '\n' || *c == '\r')
				*c = ' ';
		strbuf_addf(&sb, "%s %s%s%s\n", p->file,
			    review_state_name(p->state), *reason ? " " : "",
			    reason);
		free(reason);
	}
	ret = write_file_atomic(path, sb.buf ? sb.buf : "", sb.len);
	if (ret)
		error("cannot write '%s': %s", path, strerror(errno));
	strbuf_release(&sb);
	free(path);
	return ret;
}
