// SPDX-License-Identifier: GPL-2.0
/*
 * Branches that handle an error (docs/convert.md, "Which loops and delays
 * count"): an arm of an if, or a case of a switch, one of whose statements
 * logs at error or warning level (dev_err(), netdev_warn(), pr_err(),
 * ata_port_err(), WARN()) or records a negative errno (`dev->result =
 * -EIO`, `return -ETIMEDOUT`).  The handler takes such an arm when a
 * transfer fails or the controller misbehaves; the loops and delays it
 * reaches there (a reset's FIFO flush, a recovery's settle time) are not
 * what a thread is for, which is the path every interrupt takes.  So is
 * an arm whose condition or case label names a reset, a hardware quirk or
 * only failure status bits, and one that serves the I2C target role.
 */
#define _GNU_SOURCE		/* strcasestr(), strchrnul() */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/benefit-loop.h"
#include "tu.h"

/* The words of a logging macro's name that say error or warning. */
static const char *const error_words[] = {
	"err", "warn", "warning", "crit", "alert", "emerg", NULL
};

/* KERN_ERR and its kind, the level a printk() names first. */
static const char *const error_levels[] = {
	"KERN_ERR", "KERN_WARNING", "KERN_CRIT", "KERN_ALERT", "KERN_EMERG",
	NULL
};

/*
 * The call written where @stmt starts, read from the file: dev_err() is a
 * macro, and a statement of its expansion has no tokens of its own.  Its
 * name in @name (up to @size bytes), and whether its arguments, up to the
 * closing parenthesis, hold a string literal or name @level (KERN_ERR).
 */
static bool written_call(CXCursor stmt, char *name, size_t size,
			 bool *string, const char *const *levels,
			 bool *level)
{
	size_t n, i, len;
	const char *s = cursor_written_text(stmt, &len);
	int depth = 0;

	if (!s)
		return false;
	for (i = 0; i < len && (isalnum((unsigned char)s[i]) || s[i] == '_'); i++)
		;
	n = i;
	if (!n || n >= size)
		return false;
	memcpy(name, s, n);
	name[n] = '\0';
	while (i < len && isspace((unsigned char)s[i]))
		i++;
	if (i >= len || s[i] != '(')
		return false;
	*string = *level = false;
	for (; i < len; i++) {
		depth += (s[i] == '(') - (s[i] == ')');
		if (!depth)
			break;
		*string |= s[i] == '"';
		for (n = 0; levels[n] && !*level; n++)
			*level = !strncmp(s + i, levels[n], strlen(levels[n]));
	}
	return true;
}

/*
 * A statement written as a call of a logging macro at error or warning
 * level: its name has such a word (dev_err, netif_warn, pr_err_once,
 * drm_err) and it passes a format string; WARN() and its kind; printk()
 * with KERN_ERR and its kind.
 */
static bool logs_error(CXCursor stmt)
{
	char name[64];
	bool string, level;

	if (!written_call(stmt, name, sizeof(name), &string, error_levels,
			  &level))
		return false;
	if (starts_with(name, "WARN"))
		return true;
	if (!strcmp(name, "printk"))
		return level;
	return da_name_has_word(name, error_words) && string;
}

/* `-EIO`, as written. */
static bool negative_errno(CXCursor e)
{
	struct strvec t = STRVEC_INIT;
	bool hit;
	const char *p;

	cursor_tokens(da_strip(e), &t);
	hit = t.nr == 2 && !strcmp(t.v[0], "-") && t.v[1][0] == 'E' &&
	      t.v[1][1];
	for (p = hit ? t.v[1] : ""; *p && hit; p++)
		hit = (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9');
	strvec_clear(&t);
	return hit;
}

/* `x = -EIO` or `return -EIO`: the statement records an error. */
static bool records_errno(CXCursor stmt)
{
	enum CXCursorKind k = clang_getCursorKind(stmt);
	struct cursor_kids kids;
	bool hit = false;
	char *op;

	if (k != CXCursor_BinaryOperator && k != CXCursor_ReturnStmt)
		return false;
	da_kids(stmt, &kids);
	if (k == CXCursor_ReturnStmt) {
		hit = kids.nr == 1 && negative_errno(kids.v[0]);
	} else if (kids.nr == 2) {
		op = benefit_binop(stmt);
		hit = op && !strcmp(op, "=") && negative_errno(kids.v[1]);
		free(op);
	}
	free(kids.v);
	return hit;
}

/* Whether one of the `_`-separated words of @name is in @words, any case. */
static bool names_word(const char *name, const char *const *words)
{
	const char *p = name, *end;
	size_t i;

	while (*p) {
		end = strchrnul(p, '_');
		for (i = 0; words[i]; i++)
			if ((size_t)(end - p) == strlen(words[i]) &&
			    !strncasecmp(p, words[i], end - p))
				return true;
		p = *end ? end + 1 : end;
	}
	return false;
}

/*
 * The words of a status bit's name that say the transfer failed: the
 * peer did not acknowledge, arbitration was lost, the bus erred, data was
 * lost or cut short (CDNS_I2C_IXR_NACK, NPCM_I2CST_NEGACK).  A name that
 * abbreviates past these (ISR_ALD) stays unknown.
 */
static const char *const failure_words[] = {
	"err", "error", "errs", "errors", "nack", "nak", "negack", "nacked",
	"arb", "arblost", "timeout", "tout", "overrun", "ovr",
	"overflow", "ovf", "underrun", "underflow", "udr", "abort", "abrt",
	"aborted", "fault", "fail", "failed", "ber", "berr", "buserr",
	NULL
};

/* The abbreviation of a reset, as a whole word: HCLGE_VECTOR0_EVENT_RST. */
static const char *const rst_words[] = { "rst", NULL };

/* The words of a name that say a hardware revision's workaround. */
static const char *const quirk_words[] = {
	"quirk", "errata", "erratum", "workaround", NULL
};

/* A whole `_`-separated word that says so: FLAG2_PCIM2PCI_ARBITER_WA. */
static const char *const quirk_abbrevs[] = { "wa", NULL };

/* Does @name spell a hardware quirk (`cdns_is_holdquirk`, `quirks`)? */
static bool names_quirk(const char *name)
{
	size_t i;

	for (i = 0; quirk_words[i]; i++)
		if (strcasestr(name, quirk_words[i]))
			return true;
	return names_word(name, quirk_abbrevs);
}

/*
 * `ret < 0`, `unlikely(err < 0)`: a value below zero is an errno, the
 * kernel's way to say that something failed (dw-i3c-master's dequeue
 * after a failed transfer).
 */
static bool negative_test(const struct strvec *t)
{
	const char *w[3];
	size_t i, n = 0;

	for (i = 0; i < t->nr; i++) {
		if (!strcmp(t->v[i], "(") || !strcmp(t->v[i], ")") ||
		    !strcmp(t->v[i], "unlikely") || !strcmp(t->v[i], "likely"))
			continue;
		if (n == 3)
			return false;
		w[n++] = t->v[i];
	}
	return n == 3 && !benefit_is_constant(w[0]) &&
	       (isalpha((unsigned char)w[0][0]) || w[0][0] == '_') &&
	       !strcmp(w[1], "<") && !strcmp(w[2], "0");
}

/*
 * A condition or case label that names a reset (`regclr ==
 * BIT(HCLGE_VECTOR0_IMPRESET_INT_B)`, `case HCLGE_VECTOR0_EVENT_RST`) or a
 * hardware quirk (`cdns_is_holdquirk(id, updatetx)`): its arm runs when
 * the device reports or undergoes a reset, or for one revision's bug, a
 * rare event however long it waits.  So does one whose every constant
 * names a failure (`isr & (CDNS_I2C_IXR_NACK | CDNS_I2C_IXR_ARB_LOST)`,
 * `FIELD_GET(NPCM_I2CST_NEGACK, i2cst)`): a constant that names none
 * (`STATUS_DONE | STATUS_ERR`) is the usual path's too, and one that
 * finds a value below zero.  Not a negated condition, whose arm is the
 * usual path.
 */
bool benefit_names_rare(CXCursor cond)
{
	struct strvec t = STRVEC_INIT;
	bool named = false, constants = false, failures = true;
	size_t i;

	benefit_file_tokens(cond, &t);
	if (negative_test(&t)) {
		strvec_clear(&t);
		return true;
	}
	for (i = 0; i < t.nr; i++) {
		if (!strcmp(t.v[i], "!")) {
			named = failures = false;
			break;
		}
		named |= strcasestr(t.v[i], "reset") ||
			 names_word(t.v[i], rst_words) || names_quirk(t.v[i]);
		if (!benefit_is_constant(t.v[i]) ||
		    (i + 1 < t.nr && !strcmp(t.v[i + 1], "(")))
			continue;
		constants = true;
		failures &= names_word(t.v[i], failure_words);
	}
	strvec_clear(&t);
	return named || (constants && failures);
}

static bool error_stmt(CXCursor stmt)
{
	return records_errno(stmt) || logs_error(stmt);
}

static bool is_label(CXCursor stmt)
{
	enum CXCursorKind k = clang_getCursorKind(stmt);

	return k == CXCursor_CaseStmt || k == CXCursor_DefaultStmt;
}

/* A case label's statement, under the labels stacked on it. */
static CXCursor unlabel(CXCursor stmt)
{
	struct cursor_kids kids;
	CXCursor inner;

	if (!is_label(stmt))
		return stmt;
	da_kids(stmt, &kids);
	inner = kids.nr ? kids.v[kids.nr - 1] : clang_getNullCursor();
	free(kids.v);
	return clang_Cursor_isNull(inner) ? inner : unlabel(inner);
}

bool benefit_error_arm(CXCursor arm)
{
	struct cursor_kids kids;
	bool hit = false;
	size_t i;

	if (clang_getCursorKind(arm) != CXCursor_CompoundStmt)
		return error_stmt(arm);
	da_kids(arm, &kids);
	for (i = 0; i < kids.nr && !hit; i++)
		hit = error_stmt(kids.v[i]);
	free(kids.v);
	return hit;
}

/*
 * Do the labels stacked at @stmt all name a reset, a quirk or a failure?  An arm it shares with
 * another event (`case EVENT_PTP: case EVENT_RST:`) is that event's too.
 */
static bool label_names_rare(CXCursor stmt)
{
	struct cursor_kids kids;
	bool hit = false;

	if (!is_label(stmt))
		return false;
	da_kids(stmt, &kids);
	if (kids.nr == 2)
		hit = benefit_names_rare(kids.v[0]) &&
		      (!is_label(kids.v[1]) || label_names_rare(kids.v[1]));
	free(kids.v);
	return hit;
}

/*
 * Does one case, the statements @body[@from..@to), handle an error or a
 * reset?
 */
static bool case_records_error(const struct cursor_kids *body, size_t from,
			       size_t to)
{
	CXCursor s;
	size_t i;

	for (i = from; i < to; i++) {
		if (label_names_rare(body->v[i]))
			return true;
		s = unlabel(body->v[i]);
		if (!clang_Cursor_isNull(s) && error_stmt(s))
			return true;
	}
	return false;
}

bool *benefit_error_cases(const struct cursor_kids *body)
{
	bool *error = xcalloc(body->nr + 1, sizeof(*error));
	size_t i, j, start = 0;
	bool hit;

	for (i = 1; i <= body->nr; i++) {
		if (i < body->nr && !is_label(body->v[i]))
			continue;
		hit = case_records_error(body, start, i);
		for (j = start; j < i; j++)
			error[j] = hit;
		start = i;
	}
	return error;
}

/*
 * An I2C controller serves the target (slave) role only while a backend
 * registered with i2c_slave_register() listens, which i2c_slave_event()
 * reports to: the code that reaches it is not the path master transfers
 * take (i2c-pxa's SCL wait in i2c_pxa_slave_start()).
 */
bool benefit_is_slave_event(const char *callee, const void *unused)
{
	(void)unused;
	return !strcmp(callee, "i2c_slave_event");
}
