/*
 * libcatanrules: game strings: parsing, validation and the canonical form.
 * SPDX-License-Identifier: MIT
 */

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "catan-private.h"

/*
 * Core parameters every variant has; they come first in the canonical
 * string and in g->param_text[].
 */
enum core_param {
	CORE_PLAYERS = 0,
	CORE_SEED,
	CORE_CHANCE,
	CORE_MAX_TURNS,
	NUM_CORE_PARAMS
};

static const char *const core_names[NUM_CORE_PARAMS] = {
	"players", "seed", "chance", "max_turns",
};

static const char *const chance_choices[] = { "sampled", "explicit", NULL };

#define MAX_TURNS_LIMIT 1000000

/* Where a parameter assignment goes: the variant head or module n. */
#define TARGET_VARIANT (-1)

struct span {
	const char *s;
	size_t len;
	size_t off;
};

struct parser {
	catan_game *g;
	catan_ctx *ctx;
	const char *text;
	size_t pos;
	const char *what;        /* "game string" or "params" */
	bool apply;              /* false: syntax only */
	uint32_t core_given;
	uint32_t variant_given;
	uint32_t module_given[CATAN_MAX_MODULES];
};

static bool
span_is(const struct span *sp, const char *name)
{
	return strlen(name) == sp->len && memcmp(sp->s, name, sp->len) == 0;
}

static int
span_int(const struct span *sp)
{
	return sp->len > (size_t)INT32_MAX ? INT32_MAX : (int)sp->len;
}

static size_t
count_params(const catan_param_spec *spec)
{
	size_t n = 0;

	if (!spec)
		return 0;
	while (spec[n].name)
		n++;
	return n;
}

static size_t
count_choices(const char *const *choices)
{
	size_t n = 0;

	while (choices[n])
		n++;
	return n;
}

/* ----------------------------------------------------------------- syntax */

static bool
is_name_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
}

static bool
is_value_char(char c)
{
	return is_name_char(c) || (c >= 'A' && c <= 'Z') || c == '.' ||
	       c == '-';
}

static void
skip_spaces(struct parser *p)
{
	while (p->text[p->pos] == ' ' || p->text[p->pos] == '\t')
		p->pos++;
}

static int
expected(struct parser *p, const char *what)
{
	unsigned char c = (unsigned char)p->text[p->pos];

	if (c == '\0')
		catan__ctx_seterr(p->ctx,
				  "malformed %s at offset %zu: expected %s, found end of string",
				  p->what, p->pos, what);
	else if (c > ' ' && c < 0x7f)
		catan__ctx_seterr(p->ctx,
				  "malformed %s at offset %zu: expected %s, found '%c'",
				  p->what, p->pos, what, c);
	else
		catan__ctx_seterr(p->ctx,
				  "malformed %s at offset %zu: expected %s, found byte 0x%02x",
				  p->what, p->pos, what, c);
	return CATAN_EPARSE;
}

static int
lex(struct parser *p, bool (*accept)(char), const char *what,
    struct span *out)
{
	size_t start = p->pos;

	while (accept(p->text[p->pos]))
		p->pos++;
	if (p->pos == start)
		return expected(p, what);
	out->s = p->text + start;
	out->len = p->pos - start;
	out->off = start;
	return CATAN_OK;
}

/* ------------------------------------------------------------- semantics */

static int
bad_int(struct parser *p, const struct span *key, const struct span *value,
	long long lo, long long hi)
{
	catan__ctx_seterr(p->ctx, "bad value '%.*s' for '%.*s': expected %lld..%lld",
			  span_int(value), value->s, span_int(key), key->s,
			  lo, hi);
	return CATAN_EINVAL;
}

static int
bad_choice(struct parser *p, const struct span *key, const struct span *value,
	   const char *const *choices)
{
	char list[CATAN_ERRMSG_SIZE];
	size_t len = 0;

	list[0] = '\0';
	for (size_t i = 0; choices && choices[i]; i++) {
		int n = snprintf(list + len, sizeof(list) - len, "%s%s",
				 i ? "|" : "", choices[i]);

		if (n < 0 || (size_t)n >= sizeof(list) - len)
			break;
		len += (size_t)n;
	}
	catan__ctx_seterr(p->ctx, "bad value '%.*s' for '%.*s': expected %s",
			  span_int(value), value->s, span_int(key), key->s,
			  list);
	return CATAN_EINVAL;
}

/* A decimal integer with an optional '-'; false if malformed or huge. */
static bool
parse_int(const struct span *v, long long *out)
{
	size_t i = 0;
	bool neg = false;
	long long n = 0;

	if (v->len > 0 && v->s[0] == '-') {
		neg = true;
		i = 1;
	}
	if (i == v->len)
		return false;
	for (; i < v->len; i++) {
		if (v->s[i] < '0' || v->s[i] > '9')
			return false;
		/* Anything this large is out of every range anyway. */
		if (n > 1000000000000LL)
			return false;
		n = n * 10 + (v->s[i] - '0');
	}
	*out = neg ? -n : n;
	return true;
}

static bool
parse_u64(const struct span *v, uint64_t *out)
{
	uint64_t n = 0;

	if (v->len == 0)
		return false;
	for (size_t i = 0; i < v->len; i++) {
		unsigned d;

		if (v->s[i] < '0' || v->s[i] > '9')
			return false;
		d = (unsigned)(v->s[i] - '0');
		if (n > (UINT64_MAX - d) / 10)
			return false;
		n = n * 10 + d;
	}
	*out = n;
	return true;
}

static int
find_choice(const char *const *choices, const struct span *v)
{
	for (int i = 0; choices && choices[i]; i++)
		if (span_is(v, choices[i]))
			return i;
	return -1;
}

/* Keep a CATAN_PARAM_TEXT value as written (the variant reads it when it
 * builds the game). */
static int
set_text_value(struct parser *p, const catan_param_spec *spec,
	       const struct span *key, const struct span *value, char **text)
{
	char *copy;

	if (value->len > (size_t)spec->max) {
		catan__ctx_seterr(p->ctx, "bad value for '%.*s': expected at most %" PRId32
				  " characters, found %zu", span_int(key), key->s, spec->max,
				  value->len);
		return CATAN_EINVAL;
	}
	copy = catan__alloc(p->ctx, value->len + 1);
	if (!copy) {
		catan__ctx_seterr(p->ctx, "out of memory");
		return CATAN_ENOMEM;
	}
	memcpy(copy, value->s, value->len);
	copy[value->len] = '\0';
	*text = copy;
	return CATAN_OK;
}

/* Check and store a value for one parameter of a spec list. */
static int
set_spec_value(struct parser *p, const catan_param_spec *spec,
	       const struct span *key, const struct span *value,
	       int32_t *slot, char **text)
{
	long long n;
	int idx;

	switch (spec->kind) {
	case CATAN_PARAM_TEXT:
		*slot = 0;
		return set_text_value(p, spec, key, value, text);
	case CATAN_PARAM_INT:
		if (!parse_int(value, &n) || n < spec->min || n > spec->max)
			return bad_int(p, key, value, spec->min, spec->max);
		*slot = (int32_t)n;
		return CATAN_OK;
	case CATAN_PARAM_ENUM:
		idx = find_choice(spec->choices, value);
		if (idx < 0)
			return bad_choice(p, key, value, spec->choices);
		*slot = idx;
		return CATAN_OK;
	default:
		catan__ctx_seterr(p->ctx, "parameter '%s' has an unknown kind %u",
				  spec->name, (unsigned)spec->kind);
		return CATAN_ERROR;
	}
}

static int
set_core_value(struct parser *p, int which, const struct span *key,
	       const struct span *value)
{
	catan_game *g = p->g;
	long long n;
	uint64_t u;
	int idx;

	switch (which) {
	case CORE_PLAYERS:
		/* The range depends on the modules too, which come later in
		 * the string: catan_game__settle_players() checks it. */
		if (!parse_int(value, &n) || n < 0 || n > 255)
			return bad_int(p, key, value, g->variant->min_players,
				       g->variant->max_players);
		g->num_players = (uint8_t)n;
		g->players_given = 1;
		return CATAN_OK;
	case CORE_SEED:
		if (!parse_u64(value, &u)) {
			catan__ctx_seterr(p->ctx,
					  "bad value '%.*s' for 'seed': expected 0..%" PRIu64,
					  span_int(value), value->s, UINT64_MAX);
			return CATAN_EINVAL;
		}
		g->seed = u;
		return CATAN_OK;
	case CORE_CHANCE:
		idx = find_choice(chance_choices, value);
		if (idx < 0)
			return bad_choice(p, key, value, chance_choices);
		g->chance_mode = (uint8_t)idx;
		return CATAN_OK;
	case CORE_MAX_TURNS:
		if (!parse_int(value, &n) || n < 0 || n > MAX_TURNS_LIMIT)
			return bad_int(p, key, value, 0, MAX_TURNS_LIMIT);
		g->max_turns = (uint32_t)n;
		return CATAN_OK;
	default:
		return CATAN_ERROR;
	}
}

static int
duplicate(struct parser *p, const struct span *key, const char *kind,
	  const char *name)
{
	catan__ctx_seterr(p->ctx, "duplicate parameter '%.*s' for %s '%s'",
			  span_int(key), key->s, kind, name);
	return CATAN_EINVAL;
}

/* Apply key=value to the variant head or to module @p target. */
static int
assign(struct parser *p, int target, const struct span *key,
       const struct span *value)
{
	catan_game *g = p->g;
	const catan_param_spec *spec;
	size_t i, n;

	if (target == TARGET_VARIANT) {
		for (i = 0; i < NUM_CORE_PARAMS; i++) {
			if (!span_is(key, core_names[i]))
				continue;
			if (p->core_given & (1u << i))
				return duplicate(p, key, "variant",
						 g->variant->name);
			p->core_given |= 1u << i;
			return set_core_value(p, (int)i, key, value);
		}
		spec = g->variant->params;
		n = count_params(spec);
		for (i = 0; i < n; i++) {
			if (!span_is(key, spec[i].name))
				continue;
			if (p->variant_given & (1u << i))
				return duplicate(p, key, "variant",
						 g->variant->name);
			p->variant_given |= 1u << i;
			return set_spec_value(p, &spec[i], key, value,
					      &g->params[i], &g->texts[i]);
		}
		catan__ctx_seterr(p->ctx, "unknown parameter '%.*s' for variant '%s'",
				  span_int(key), key->s, g->variant->name);
		return CATAN_ENOTFOUND;
	}

	struct game_module *m = &g->modules[target];

	spec = m->ops->params;
	n = count_params(spec);
	for (i = 0; i < n; i++) {
		if (!span_is(key, spec[i].name))
			continue;
		if (p->module_given[target] & (1u << i))
			return duplicate(p, key, "module", m->ops->name);
		p->module_given[target] |= 1u << i;
		return set_spec_value(p, &spec[i], key, value, &m->params[i],
				      &m->texts[i]);
	}
	catan__ctx_seterr(p->ctx, "unknown parameter '%.*s' for module '%s'",
			  span_int(key), key->s, m->ops->name);
	return CATAN_ENOTFOUND;
}

/* A text parameter's default must itself be a value it could be given. */
static bool
text_default_ok(const char *text, int32_t max)
{
	size_t n = 0;

	if (!text || !text[0])
		return false;
	for (; text[n]; n++)
		if (!is_value_char(text[n]))
			return false;
	return max > 0 && n <= (size_t)max;
}

static int
set_defaults(catan_ctx *ctx, const catan_param_spec *spec, int32_t *slots,
	     const char *kind, const char *name)
{
	size_t n = count_params(spec);

	if (n > CATAN_MAX_PARAMS) {
		catan__ctx_seterr(ctx, "%s '%s' declares %zu parameters, more than %d",
				  kind, name, n, CATAN_MAX_PARAMS);
		return CATAN_ERROR;
	}
	for (size_t i = 0; i < n; i++) {
		bool ok;

		if (spec[i].kind == CATAN_PARAM_ENUM)
			ok = spec[i].def >= 0 && spec[i].choices &&
			     (size_t)spec[i].def < count_choices(spec[i].choices);
		else if (spec[i].kind == CATAN_PARAM_TEXT)
			ok = spec[i].choices && text_default_ok(spec[i].choices[0], spec[i].max);
		else
			ok = spec[i].kind == CATAN_PARAM_INT &&
			     spec[i].def >= spec[i].min &&
			     spec[i].def <= spec[i].max;
		if (!ok) {
			catan__ctx_seterr(ctx, "parameter '%s' of %s '%s' is declared wrongly",
					  spec[i].name, kind, name);
			return CATAN_ERROR;
		}
		slots[i] = spec[i].def;
	}
	return CATAN_OK;
}

/*
 * Products the texts mention in their "Combining" sections that this
 * library does not implement (RULINGS.md T1): naming them gets a clearer
 * answer than "unknown".
 */
static const struct {
	const char *name;
	const char *product;
} out_of_scope_products[] = {
	{ "cities_and_knights", "Cities & Knights" },
	{ "seafarers", "Seafarers" },
};

/* Games of the library's scope whose rules are not written yet: refused
 * by name rather than as unknown (DESIGN.md's registry names). */
static const struct {
	const char *name;
	const char *product;
} planned_products[] = {
	{ "fishing", "Traders & Barbarians: Fishing on Catan" },
	{ "rivers", "Traders & Barbarians: Rivers of Catan" },
	{ "merchant_trains", "Traders & Barbarians: Merchant Trains" },
	{ "barbarian_attack", "Traders & Barbarians: Barbarian Attack" },
	{ "traders_barbarians", "Traders & Barbarians: the Traders & Barbarians scenario" },
	{ "merchants_of_europe", "Catan Histories: Merchants of Europe" },
	{ "connect", "CATAN Connect" },
};

/* Record why a name that is not registered is refused; the error code. */
static int
unregistered(struct parser *p, const struct span *name, const char *what)
{
	for (size_t i = 0; i < ARRAY_LEN(out_of_scope_products); i++) {
		if (span_is(name, out_of_scope_products[i].name)) {
			catan__ctx_seterr(p->ctx, "'%s' (%s) is out of scope for libcatanrules",
					  out_of_scope_products[i].name,
					  out_of_scope_products[i].product);
			return CATAN_ENOTFOUND;
		}
	}
	for (size_t i = 0; i < ARRAY_LEN(planned_products); i++) {
		if (span_is(name, planned_products[i].name)) {
			catan__ctx_seterr(p->ctx, "'%s' (%s) is not implemented in this version of libcatanrules",
					  planned_products[i].name,
					  planned_products[i].product);
			return CATAN_ENOTSUP;
		}
	}
	catan__ctx_seterr(p->ctx, "unknown %s '%.*s'", what, span_int(name), name->s);
	return CATAN_ENOTFOUND;
}

static int
select_variant(struct parser *p, const struct span *name)
{
	catan_game *g = p->g;
	const struct catan_variant_ops *v = NULL;

	for (size_t i = 0; i < p->ctx->nvariants; i++) {
		if (span_is(name, p->ctx->variants[i]->name)) {
			v = p->ctx->variants[i];
			break;
		}
	}
	if (!v)
		return unregistered(p, name, "variant");
	if (v->version != CATAN_VARIANT_OPS_VERSION) {
		catan__ctx_seterr(p->ctx, "variant '%s' has unsupported interface version %u",
				  v->name, v->version);
		return CATAN_EVERSION;
	}
	g->variant = v;
	g->num_players = v->default_players;
	g->seed = 0;
	g->chance_mode = CATAN_CHANCE_SAMPLED;
	g->max_turns = 0;
	return set_defaults(p->ctx, v->params, g->params, "variant", v->name);
}

int
catan_game__settle_players(catan_game *g)
{
	unsigned lo = g->variant->min_players, hi = g->variant->max_players;
	unsigned neutral = 0;
	const char *who = g->variant->name;

	for (size_t i = 0; i < g->nmodules; i++) {
		const struct catan_module_ops *m = g->modules[i].ops;

		if (m->min_players) {
			lo = m->min_players;
			hi = m->max_players ? m->max_players : lo;
			who = m->name;
		}
		neutral += m->neutral_players;
	}
	if (who == g->variant->name && g->ctx && g->ctx->max_players > hi)
		hi = g->ctx->max_players;
	if (!g->players_given)
		g->num_players = (uint8_t)(g->variant->default_players < lo ? lo :
					   g->variant->default_players > hi ? hi :
					   g->variant->default_players);
	if (g->num_players < lo || g->num_players > hi) {
		if (who == g->variant->name)
			catan__ctx_seterr(g->ctx, "bad value '%u' for 'players': expected %u..%u",
					  (unsigned)g->num_players, lo, hi);
		else
			catan__ctx_seterr(g->ctx, "bad value '%u' for 'players': expected %u..%u (module %s)",
					  (unsigned)g->num_players, lo, hi, who);
		return CATAN_EINVAL;
	}
	if (g->num_players + neutral > CATAN_MAX_PLAYERS) {
		catan__ctx_seterr(g->ctx, "too many players: %u seated and %u neutral",
				  (unsigned)g->num_players, neutral);
		return CATAN_EINVAL;
	}
	g->num_neutral = (uint8_t)neutral;
	g->min_players = (uint8_t)lo;
	g->max_players = (uint8_t)hi;
	return CATAN_OK;
}

const struct game_module *
catan_game__module(const catan_game *g, const char *name)
{
	for (size_t i = 0; i < g->nmodules; i++)
		if (strcmp(g->modules[i].ops->name, name) == 0)
			return &g->modules[i];
	return NULL;
}

void
catan_game__set_sampler(catan_game *g, const char *module,
			int (*sample)(catan_state *s, catan_action *out, const void *slice))
{
	for (size_t i = 0; i < g->nmodules; i++)
		if (strcmp(g->modules[i].ops->name, module) == 0)
			g->modules[i].sample_chance = sample;
}

static bool
name_in(const char *const *list, const char *name)
{
	for (size_t i = 0; list && list[i]; i++)
		if (strcmp(list[i], name) == 0)
			return true;
	return false;
}

static int
add_module(struct parser *p, const struct span *name)
{
	catan_game *g = p->g;
	const struct catan_module_ops *m = NULL;

	for (size_t i = 0; i < p->ctx->nmodules; i++) {
		if (span_is(name, p->ctx->modules[i]->name)) {
			m = p->ctx->modules[i];
			break;
		}
	}
	if (!m)
		return unregistered(p, name, "module");
	if (m->version != CATAN_MODULE_OPS_VERSION) {
		catan__ctx_seterr(p->ctx, "module '%s' has unsupported interface version %u",
				  m->name, m->version);
		return CATAN_EVERSION;
	}
	for (size_t i = 0; i < g->nmodules; i++) {
		const struct catan_module_ops *o = g->modules[i].ops;

		if (o == m) {
			catan__ctx_seterr(p->ctx, "duplicate module '%s'",
					  m->name);
			return CATAN_EINVAL;
		}
	}
	if (!name_in(m->variants, g->variant->name)) {
		catan__ctx_seterr(p->ctx, "module '%s' cannot be used with variant '%s'",
				  m->name, g->variant->name);
		return CATAN_EINVAL;
	}
	for (size_t i = 0; i < g->nmodules; i++) {
		const struct catan_module_ops *o = g->modules[i].ops;

		if (name_in(o->conflicts, m->name) ||
		    name_in(m->conflicts, o->name)) {
			catan__ctx_seterr(p->ctx, "module '%s' cannot be combined with '%s'",
					  o->name, m->name);
			return CATAN_EINVAL;
		}
	}
	if (g->nmodules >= CATAN_MAX_MODULES) {
		catan__ctx_seterr(p->ctx, "too many modules: at most %d",
				  CATAN_MAX_MODULES);
		return CATAN_EINVAL;
	}
	{
		char why[CATAN_ERRMSG_SIZE];

		if (catan_registry__check_joining(g, m, why, sizeof(why))) {
			catan__ctx_seterr(p->ctx, "%s", why);
			return CATAN_EINVAL;
		}
	}
	g->modules[g->nmodules].ops = m;
	g->nmodules++;
	return set_defaults(p->ctx, m->params,
			    g->modules[g->nmodules - 1].params,
			    "module", m->name);
}

/* ----------------------------------------------------------------- parse */

/* kv (',' kv)*, stopping before @p close (')' or the end of the text). */
static int
parse_assignments(struct parser *p, int target, char close)
{
	int rc;

	skip_spaces(p);
	if (p->text[p->pos] == close)
		return CATAN_OK;
	for (;;) {
		struct span key, value;

		skip_spaces(p);
		rc = lex(p, is_name_char, "a parameter name", &key);
		if (rc)
			return rc;
		skip_spaces(p);
		if (p->text[p->pos] != '=')
			return expected(p, "'='");
		p->pos++;
		skip_spaces(p);
		rc = lex(p, is_value_char, "a value", &value);
		if (rc)
			return rc;
		if (p->apply) {
			rc = assign(p, target, &key, &value);
			if (rc)
				return rc;
		}
		skip_spaces(p);
		if (p->text[p->pos] == close)
			return CATAN_OK;
		if (p->text[p->pos] != ',')
			return expected(p, close ? "',' or ')'" :
					"',' or end of string");
		p->pos++;
	}
}

/* An optional "(kv,...)" group; *had_group tells whether there was one. */
static int
parse_group(struct parser *p, int target, bool *had_group)
{
	int rc;

	*had_group = false;
	skip_spaces(p);
	if (p->text[p->pos] != '(')
		return CATAN_OK;
	p->pos++;
	rc = parse_assignments(p, target, ')');
	if (rc)
		return rc;
	p->pos++;  /* the ')' */
	*had_group = true;
	return CATAN_OK;
}

static int
parse_spec(struct parser *p)
{
	struct span name;
	bool had_group;
	int rc;

	p->pos = 0;
	skip_spaces(p);
	rc = lex(p, is_name_char, "a variant name", &name);
	if (rc)
		return rc;
	if (p->apply) {
		rc = select_variant(p, &name);
		if (rc)
			return rc;
	}
	rc = parse_group(p, TARGET_VARIANT, &had_group);
	if (rc)
		return rc;

	for (;;) {
		skip_spaces(p);
		if (p->text[p->pos] == '\0')
			return CATAN_OK;
		if (p->text[p->pos] != '+')
			return expected(p, had_group ?
					"'+' or end of string" :
					"'(', '+' or end of string");
		p->pos++;
		skip_spaces(p);
		rc = lex(p, is_name_char, "a module name", &name);
		if (rc)
			return rc;
		if (p->apply) {
			rc = add_module(p, &name);
			if (rc)
				return rc;
		}
		rc = parse_group(p, p->g->nmodules - 1, &had_group);
		if (rc)
			return rc;
	}
}

/*
 * Fill the parameters of a zeroed game from a game string. The whole
 * string is checked for syntax before any name is looked up, so a
 * malformed string is always EPARSE.
 */
int
catan_game__parse_string(catan_game *g, const char *spec)
{
	struct parser p;
	int rc;

	memset(&p, 0, sizeof(p));
	p.g = g;
	p.ctx = g->ctx;
	p.text = spec;
	p.what = "game string";
	rc = parse_spec(&p);
	if (rc)
		return rc;
	p.apply = true;
	return parse_spec(&p);
}

static int
assign_text(struct parser *p, const char *key, const char *value)
{
	struct span k = { key, strlen(key), 0 };
	struct span v = { value, strlen(value), 0 };

	return assign(p, TARGET_VARIANT, &k, &v);
}

/*
 * The options struct is the game string in another shape: each field
 * becomes the assignment it stands for and goes through assign(), so
 * values, ranges, duplicates and messages are those of the string path.
 * Fields left at zero are not assigned, which lets the params text set
 * them instead.
 */
int
catan_game__parse_options(catan_game *g, const char *variant,
			  const catan_game_options *opts)
{
	static const catan_game_options defaults = CATAN_GAME_OPTIONS_INIT;
	struct parser p;
	char num[32];
	int rc;

	if (!opts)
		opts = &defaults;
	if (opts->version != CATAN_GAME_OPTIONS_VERSION) {
		catan__ctx_seterr(g->ctx, "unsupported catan_game_options version %u (expected %d)",
				  opts->version, CATAN_GAME_OPTIONS_VERSION);
		return CATAN_EVERSION;
	}

	memset(&p, 0, sizeof(p));
	p.g = g;
	p.ctx = g->ctx;
	p.what = "params";
	p.text = opts->params ? opts->params : "";

	rc = parse_assignments(&p, TARGET_VARIANT, '\0');
	if (rc)
		return rc;

	{
		struct span name = { variant, strlen(variant), 0 };

		rc = select_variant(&p, &name);
		if (rc)
			return rc;
	}
	p.apply = true;
	if (opts->num_players) {
		snprintf(num, sizeof(num), "%" PRIu32, opts->num_players);
		rc = assign_text(&p, "players", num);
		if (rc)
			return rc;
	}
	if (opts->seed) {
		snprintf(num, sizeof(num), "%" PRIu64, opts->seed);
		rc = assign_text(&p, "seed", num);
		if (rc)
			return rc;
	}
	if (opts->chance_mode) {
		if (opts->chance_mode < ARRAY_LEN(chance_choices) - 1)
			snprintf(num, sizeof(num), "%s",
				 chance_choices[opts->chance_mode]);
		else
			snprintf(num, sizeof(num), "%" PRIu32,
				 opts->chance_mode);
		rc = assign_text(&p, "chance", num);
		if (rc)
			return rc;
	}
	if (opts->max_turns) {
		snprintf(num, sizeof(num), "%" PRIu32, opts->max_turns);
		rc = assign_text(&p, "max_turns", num);
		if (rc)
			return rc;
	}

	p.pos = 0;
	rc = parse_assignments(&p, TARGET_VARIANT, '\0');
	if (rc)
		return rc;

	for (size_t i = 0; opts->modules && opts->modules[i]; i++) {
		struct span name = {
			opts->modules[i], strlen(opts->modules[i]), 0
		};

		rc = add_module(&p, &name);
		if (rc)
			return rc;
	}
	return CATAN_OK;
}

/* ---------------------------------------------------------------- format */

struct writer {
	char *buf;
	size_t cap;
	size_t len;
};

static void
put(struct writer *w, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void
put(struct writer *w, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	if (w->len < w->cap)
		n = vsnprintf(w->buf + w->len, w->cap - w->len, fmt, ap);
	else
		n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n > 0)
		w->len += (size_t)n;
}

/* A parameter's value as the canonical string spells it; @p num holds a
 * number's digits. */
static const char *
spec_value_text(const catan_param_spec *spec, int32_t v, const char *text,
		char num[32])
{
	if (spec->kind == CATAN_PARAM_TEXT)
		return text ? text : spec->choices[0];
	if (spec->kind == CATAN_PARAM_ENUM && spec->choices)
		return spec->choices[v];
	snprintf(num, 32, "%" PRId32, v);
	return num;
}

static void
put_spec_list(struct writer *w, const catan_param_spec *spec,
	      const int32_t *values, char *const *texts, bool first)
{
	size_t n = count_params(spec);
	char num[32];

	for (size_t i = 0; i < n; i++) {
		put(w, "%s%s=%s", first ? "" : ",", spec[i].name,
		    spec_value_text(&spec[i], values[i], texts[i], num));
		first = false;
	}
}

static void
write_canonical(const catan_game *g, struct writer *w)
{
	put(w, "%s(players=%u,seed=%" PRIu64 ",chance=%s,max_turns=%" PRIu32,
	    g->variant->name, (unsigned)g->num_players, g->seed,
	    chance_choices[g->chance_mode ? 1 : 0], g->max_turns);
	put_spec_list(w, g->variant->params, g->params, g->texts, false);
	put(w, ")");
	for (size_t i = 0; i < g->nmodules; i++) {
		const struct game_module *m = &g->modules[i];

		put(w, "+%s", m->ops->name);
		if (count_params(m->ops->params) == 0)
			continue;
		put(w, "(");
		put_spec_list(w, m->ops->params, m->params, m->texts, true);
		put(w, ")");
	}
}

static int
set_param_text(catan_game *g, size_t slot, const char *text)
{
	g->param_text[slot] = catan__strdup(g->ctx, text);
	if (!g->param_text[slot]) {
		catan__ctx_seterr(g->ctx, "out of memory");
		return CATAN_ENOMEM;
	}
	return CATAN_OK;
}

/*
 * Build the canonical string and the catan_game_param() texts. Strings
 * already set are the caller's to free on failure.
 */
int
catan_game__format(catan_game *g)
{
	const catan_param_spec *spec = g->variant->params;
	struct writer w = { NULL, 0, 0 };
	char num[32];
	size_t n;
	int rc;

	write_canonical(g, &w);
	w.cap = w.len + 1;
	w.buf = catan__alloc(g->ctx, w.cap);
	if (!w.buf) {
		catan__ctx_seterr(g->ctx, "out of memory");
		return CATAN_ENOMEM;
	}
	w.len = 0;
	write_canonical(g, &w);
	g->canonical = w.buf;
	g->canonical_len = w.len;

	snprintf(num, sizeof(num), "%u", (unsigned)g->num_players);
	rc = set_param_text(g, CORE_PLAYERS, num);
	if (rc)
		return rc;
	snprintf(num, sizeof(num), "%" PRIu64, g->seed);
	rc = set_param_text(g, CORE_SEED, num);
	if (rc)
		return rc;
	rc = set_param_text(g, CORE_CHANCE,
			    chance_choices[g->chance_mode ? 1 : 0]);
	if (rc)
		return rc;
	snprintf(num, sizeof(num), "%" PRIu32, g->max_turns);
	rc = set_param_text(g, CORE_MAX_TURNS, num);
	if (rc)
		return rc;

	n = count_params(spec);
	for (size_t i = 0; i < n; i++) {
		rc = set_param_text(g, NUM_CORE_PARAMS + i,
				    spec_value_text(&spec[i], g->params[i], g->texts[i], num));
		if (rc)
			return rc;
	}
	return CATAN_OK;
}

/* ------------------------------------------------------------- accessors */

int
catan_game_to_string(const catan_game *g, char *buf, size_t cap,
		     size_t *len_out)
{
	if (!g || (!buf && cap > 0))
		return CATAN_EINVAL;
	if (len_out)
		*len_out = g->canonical_len;
	if (cap <= g->canonical_len) {
		/* snprintf semantics, like every other formatter */
		if (cap > 0) {
			memcpy(buf, g->canonical, cap - 1);
			buf[cap - 1] = '\0';
		}
		return CATAN_EBUFS;
	}
	memcpy(buf, g->canonical, g->canonical_len + 1);
	return CATAN_OK;
}

const char *
catan_game_param(const catan_game *g, const char *name)
{
	size_t n;

	if (!g || !name)
		return NULL;
	for (size_t i = 0; i < NUM_CORE_PARAMS; i++)
		if (strcmp(core_names[i], name) == 0)
			return g->param_text[i];
	n = count_params(g->variant->params);
	for (size_t i = 0; i < n; i++)
		if (strcmp(g->variant->params[i].name, name) == 0)
			return g->param_text[NUM_CORE_PARAMS + i];
	return NULL;
}

const char *
catan_game__param_text(const catan_game *g, size_t index)
{
	const catan_param_spec *spec = &g->variant->params[index];

	return g->texts[index] ? g->texts[index] : spec->choices[0];
}

int32_t
catan_game__param(const catan_game *g, const char *name)
{
	size_t n;

	if (!g || !name || !g->variant)
		return -1;
	n = count_params(g->variant->params);
	for (size_t i = 0; i < n; i++)
		if (strcmp(g->variant->params[i].name, name) == 0)
			return g->params[i];
	return -1;
}
