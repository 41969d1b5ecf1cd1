// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>

#include "model/reasons.h"
#include "util.h"

static const struct {
	const char *code;
	enum reason_class class;
	const char *text;
} reasons[] = {
#define REASON(id, code, class, text) [id] = { code, CLASS_##class, text },
#include "model/reasons.def"
#undef REASON
};

const char *reason_code(enum reason r)
{
	return r < NR_REASONS ? reasons[r].code : "-";
}

bool reason_declines(enum reason r)
{
	return r == R_NO_GAIN || r == R_PER_QUEUE || r == R_TASKLET_OPTIONAL;
}

bool reason_code_declines(const char *code)
{
	int r = reason_lookup(code);

	return r >= 0 && reason_declines(r);
}

enum reason_class reason_class(enum reason r)
{
	return r < NR_REASONS ? reasons[r].class : CLASS_UNANALYSABLE;
}

const char *reason_text(enum reason r)
{
	return r < NR_REASONS ? reasons[r].text : "";
}

const char *reason_class_name(enum reason_class c)
{
	static const char *const names[] = {
		[CLASS_ALREADY_THREADED] = "already_threaded",
		[CLASS_CONVERTIBLE] = "convertible",
		[CLASS_NOT_CONVERTIBLE] = "not_convertible",
		[CLASS_UNANALYSABLE] = "unanalysable",
	};

	return names[c];
}

char *reason_vformat(enum reason r, va_list ap)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_vaddf(&sb, reason_text(r), ap);
	return strbuf_detach(&sb);
}

char *reason_format(enum reason r, ...)
{
	va_list ap;
	char *s;

	va_start(ap, r);
	s = reason_vformat(r, ap);
	va_end(ap);
	return s;
}

int reason_lookup(const char *code)
{
	int r;

	for (r = 0; r < NR_REASONS; r++)
		if (!strcmp(reasons[r].code, code))
			return r;
	return -1;
}

void reasons_print(FILE *out)
{
	int r;

	for (r = 0; r < NR_REASONS; r++)
		fprintf(out, "%-26s %-16s %s\n", reasons[r].code,
			reason_class_name(reasons[r].class), reasons[r].text);
}

void refusal_vset(struct refusal *rf, enum reason r, va_list ap)
{
	free(rf->text);
	rf->code = r;
	rf->text = reason_vformat(r, ap);
}

void refusal_set(struct refusal *rf, enum reason r, ...)
{
	va_list ap;

	va_start(ap, r);
	refusal_vset(rf, r, ap);
	va_end(ap);
}

void refusal_take(struct refusal *rf, enum reason r, char *text)
{
	free(rf->text);
	rf->code = r;
	rf->text = text;
}

void refusal_release(struct refusal *rf)
{
	free(rf->text);
	rf->code = NR_REASONS;
	rf->text = NULL;
}
