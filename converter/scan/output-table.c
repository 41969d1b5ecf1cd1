// SPDX-License-Identifier: GPL-2.0
/* Printing collected records: JSON lines, an aligned table, counts. */
#include <stdlib.h>
#include <string.h>

#include "scan/output.h"

void scan_print_json(const char *records, FILE *out)
{
	const char *p = records, *nl;

	for (; *p; p = nl + 1) {
		nl = strchr(p, '\n');
		if (!nl)
			break;
		if (starts_with(p, "J "))
			fwrite(p + 2, 1, nl - (p + 2) + 1, out);
	}
}

/* Split the T lines of @records into rows (strings point into a copy). */
static size_t rows_of(const char *records, char **copy, struct scan_row **rows)
{
	char *p, *nl;
	size_t n = 0, alloc = 0;

	*copy = xstrdup(records);
	*rows = NULL;
	for (p = *copy; *p; p = nl + 1) {
		char *f[9];
		size_t i;

		nl = strchr(p, '\n');
		if (!nl)
			break;
		*nl = '\0';
		if (!starts_with(p, "T "))
			continue;
		f[0] = p + 2;
		for (i = 1; i < 9; i++) {
			char *tab = strchr(f[i - 1], '\t');

			if (!tab)
				break;
			*tab = '\0';
			f[i] = tab + 1;
		}
		if (i < 9)
			continue;
		if (n == alloc) {
			alloc = alloc ? 2 * alloc : 64;
			*rows = xrealloc(*rows, alloc * sizeof(**rows));
		}
		(*rows)[n++] = (struct scan_row){ f[0], f[1], f[2], f[3], f[4],
						  f[5], f[6], f[7], f[8] };
	}
	return n;
}

/*
 * file:line, and the tree that builds the file when it is not the default
 * x86_64 one: "drivers/spi/spi-pl022.c:2210 (arm64)".
 */
static char *location(const struct scan_row *row)
{
	if (!strcmp(row->tree, "-") || !strcmp(row->tree, "x86_64"))
		return xasprintf("%s:%s", row->file, row->line);
	return xasprintf("%s:%s (%s)", row->file, row->line, row->tree);
}

void scan_print_table(const char *records, FILE *out)
{
	static const char *const head[] = {
		"LOCATION", "CALL", "HANDLER", "VERDICT", "STRATEGY", "REASON",
	};
	struct scan_row *rows;
	char *copy;
	size_t n = rows_of(records, &copy, &rows), i, j;
	int w[5];

	for (j = 0; j < 5; j++)
		w[j] = strlen(head[j]);
	for (i = 0; i < n; i++) {
		const char *c[5] = { NULL, rows[i].call, rows[i].handler,
				     rows[i].verdict, rows[i].strategy };
		char *where = location(&rows[i]);
		int loc = strlen(where);

		free(where);

		if (loc > w[0])
			w[0] = loc;
		for (j = 1; j < 5; j++)
			if ((int)strlen(c[j]) > w[j])
				w[j] = strlen(c[j]);
	}
	fprintf(out, "%-*s  %-*s  %-*s  %-*s  %-*s  %s\n", w[0], head[0],
		w[1], head[1], w[2], head[2], w[3], head[3], w[4], head[4],
		head[5]);
	for (i = 0; i < n; i++) {
		char *loc = location(&rows[i]);

		fprintf(out, "%-*s  %-*s  %-*s  %-*s  %-*s  %s\n", w[0], loc,
			w[1], rows[i].call, w[2], rows[i].handler,
			w[3], rows[i].verdict, w[4], rows[i].strategy,
			rows[i].reason);
		free(loc);
	}
	free(rows);
	free(copy);
}

struct count {
	char *key;
	size_t n;
};

static void count(struct count **v, size_t *nr, const char *key)
{
	size_t i;

	for (i = 0; i < *nr; i++)
		if (!strcmp((*v)[i].key, key)) {
			(*v)[i].n++;
			return;
		}
	*v = xrealloc(*v, (*nr + 1) * sizeof(**v));
	(*v)[*nr].key = xstrdup(key);
	(*v)[*nr].n = 1;
	(*nr)++;
}

static int by_count(const void *a, const void *b)
{
	const struct count *x = a, *y = b;

	if (x->n != y->n)
		return x->n < y->n ? 1 : -1;
	return strcmp(x->key, y->key);
}

void scan_print_summary(const char *records, size_t files, FILE *out)
{
	struct scan_row *rows;
	struct count *verdicts = NULL, *reasons = NULL;
	size_t nv = 0, nr = 0, i, sites = 0;
	char *copy;
	size_t n = rows_of(records, &copy, &rows);

	for (i = 0; i < n; i++) {
		char *k = xasprintf("%s %s", rows[i].verdict, rows[i].code);

		sites += strcmp(rows[i].line, "0") != 0;
		count(&verdicts, &nv, rows[i].verdict);
		count(&reasons, &nr, k);
		free(k);
	}
	qsort(verdicts, nv, sizeof(*verdicts), by_count);
	qsort(reasons, nr, sizeof(*reasons), by_count);
	fprintf(out, "files %zu\nsites %zu\n", files, sites);
	for (i = 0; i < nv; i++)
		fprintf(out, "verdict %-18s %6zu\n", verdicts[i].key,
			verdicts[i].n);
	for (i = 0; i < nr; i++)
		fprintf(out, "reason %-40s %6zu\n", reasons[i].key,
			reasons[i].n);
	for (i = 0; i < nv; i++)
		free(verdicts[i].key);
	for (i = 0; i < nr; i++)
		free(reasons[i].key);
	free(verdicts);
	free(reasons);
	free(rows);
	free(copy);
}
