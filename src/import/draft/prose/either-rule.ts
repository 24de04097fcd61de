// A requirement across parameters that a document states only in words: "You must specify either the StreamName or
// the StreamARN", "Either `view_id` or `external_id` is required", "either TypeName and Type, or Arn". Each
// parameter is optional in its schema, so a call that gives neither passed every check and reached the upstream,
// which refused it. The draft reads such a sentence, when every name in it is a drafted optional parameter of the
// operation and nothing in the sentence makes it conditional (nor the text says what a call giving neither does: "If
// neither is provided, the image goes to the master variant"), as the rule it states (anyOf; exactlyOne when it adds
// "but not both"; atMostOne for "A and B cannot be used together" or "are mutually exclusive"), with a review note
// quoting it: the rule is checked before any request and the suite derives its cases. Anything else stays prose.
import type { OpenApiDocument, OpenApiOperation, Schema } from "../../../load/openapi-document.js";
import type { ManifestParam, ManifestRule } from "../../../load/precompiled/manifest-types.js";
import type { ReviewNote } from "../../manifest-yaml.js";
import { plainText } from "../../plain-text.js";
import { safeFlatten } from "../param-schema.js";
import { listSayings } from "./one-of-words.js";

/** One side of "either … or …": a name, or two given together ("TypeName and Type"). */
const NAME = String.raw`["'“]?([A-Za-z_$][\w$-]*(?:\.[\w$-]+)*)["'”]?`;
const NOUN = String.raw`(?:\s+(?:query\s+)?(?:parameter|field|property|value|attribute|header)s?)?`;
const SIDE = String.raw`(?:an?\s+|the\s+)?${NAME}${NOUN}(?:\s+and\s+(?:an?\s+|the\s+)?${NAME}${NOUN})?`;
const VERB = "(?:specify|provide|include|pass|supply|set|give|use|send)";
/** "must specify either A or B", and "either A or B must be given / is required". */
const SAYINGS = [
  new RegExp(
    String.raw`\b(?:must|needs? to|have to|has to|required to)\s+${VERB}\s+either\s+${SIDE}\s*,?\s+or\s+${SIDE}`,
    "gi",
  ),
  new RegExp(
    String.raw`\beither\s+${SIDE}\s*,?\s+or\s+${SIDE}\s+(?:must|is required|are required|has to|have to|needs? to)\b`,
    "gi",
  ),
];
/** "A and B cannot be used together", "the A and B parameters are mutually exclusive": at most one of them. */
const APART = [
  new RegExp(
    String.raw`(?:^|[.;:]\s+|\b[Tt]he\s+)${NAME}${NOUN}\s+and\s+(?:an?\s+|the\s+)?${NAME}${NOUN}\s+` +
      String.raw`(?:cannot|can not|can't|may not|must not|should not)\s+be\s+(?:used|given|sent|specified|combined)` +
      String.raw`\s+together\b`,
    "gi",
  ),
  new RegExp(
    String.raw`(?:^|[.;:]\s+|\b[Tt]he\s+)${NAME}${NOUN}\s+and\s+(?:an?\s+|the\s+)?${NAME}${NOUN}\s+are\s+` +
      "mutually exclusive\\b",
    "gi",
  ),
];
/** Words that make the sentence's requirement hold only sometimes: left as prose. */
const CONDITIONAL = /\b(if|when|unless|otherwise|in case|whenever|only)\b/i;
const NOT_BOTH = /\bnot both\b/i;
/** Words saying what a call giving none of them does ("If neither is provided, the master one is used"). */
const NEITHER_GIVEN = /\b(?:if|when|where|in case)\s+(?:neither|none)\b/i;

interface Said {
  groups: string[][];
  exclusive: boolean;
  /** At most one of the groups ("cannot be used together"), not at least one. */
  apart?: boolean;
  /** The rule a list's words state ("only one of A, B or C can be set"): `one-of-words.ts`. */
  rule?: "atMostOne" | "exactlyOne" | "anyOf";
  sentence: string;
  /** The list's verb is qualified ("… can be used with `c`"): a note, no rule. */
  qualified?: true;
}

/**
 * The rules the operation's descriptions state across its drafted parameters, beyond `drafted` (the schema's own);
 * a note for each under `at`.
 */
export function proseRules(
  doc: OpenApiDocument,
  op: OpenApiOperation,
  rawOp: Schema,
  drafted: { params: Record<string, ManifestParam>; byWire: ReadonlyMap<string, string>; rules: ManifestRule[] },
  at: (string | number)[],
  notes: ReviewNote[],
): ManifestRule[] {
  const byName = wireNames(drafted.byWire);
  const optional = (wire: string) => {
    const name = byName.get(wire);
    const param = name === undefined ? undefined : drafted.params[name];
    return param !== undefined && param.required !== true && param.default === undefined ? name : undefined;
  };
  const taken = new Set(drafted.rules.map(ruleKey));
  const rules: ManifestRule[] = [];
  for (const { owner, text } of describedTexts(doc, op, rawOp, byName)) {
    const listed = listSayings(text, plainText).map(
      (s): Said => ({
        groups: s.names.map((n) => [n]),
        exclusive: false,
        rule: s.rule,
        sentence: s.sentence,
        ...(s.qualified ? { qualified: true } : {}),
      }),
    );
    for (const said of [...sayings(plainText(text), owner), ...listed]) {
      const groups = said.groups.map((g) => g.map(optional));
      if (groups.some((g) => g.some((n) => n === undefined))) continue;
      const named = groups as string[][];
      if (new Set(named.flat()).size !== named.flat().length) continue;
      if (said.qualified) {
        notes.push({
          at,
          note:
            `the document says in words only (${JSON.stringify(said.sentence)}) which of ${named.flat().join(", ")} ` +
            "may be given together, under a condition the words after it state: no rule drafted; add one by hand if " +
            "it always holds",
        });
        continue;
      }
      const single = named.every((g) => g.length === 1);
      const rule: ManifestRule = said.rule
        ? said.rule === "exactlyOne"
          ? { rule: "exactlyOne", params: named.flat() }
          : { rule: said.rule, groups: named }
        : said.apart
          ? { rule: "atMostOne", groups: named }
          : said.exclusive && single
            ? { rule: "exactlyOne", params: named.flat() }
            : { rule: "anyOf", groups: named };
      if (taken.has(ruleKey(rule))) continue;
      taken.add(ruleKey(rule));
      const replacing = replacedBy(named.flat(), drafted.rules);
      const stated = replacing === undefined ? [rule] : besideReplacing(rule, named, replacing);
      rules.push(...stated);
      const sides = named.map((g) => g.join(" and "));
      const words = sides.length > 2 ? `${sides.slice(0, -1).join(", ")} or ${sides.at(-1)}` : sides.join(" or ");
      const how = { exactlyOne: "exactly one of ", anyOf: "at least one of ", atMostOne: "at most one of " };
      const ruleNames = stated.length > 1 ? `rules ${stated.map((r) => r.rule).join(" and ")}` : `rule ${rule.rule}`;
      const instead = stated[0] === rule ? "" : `; ${replacing}, which is sent instead of them, meets it alone`;
      notes.push({
        at,
        note:
          `the document says so in words only (${JSON.stringify(said.sentence)}): drafted as the ${ruleNames} ` +
          `(${how[rule.rule as keyof typeof how]}${words}${instead}), checked before any ` +
          "request; remove it if the words mean otherwise",
      });
    }
  }
  return rules;
}

/**
 * The parameter a `replaces` rule sends instead of every one of `names` (a body offered as named fields or as a file:
 * body-forms/raw-beside-json.ts), if one does: a rule the words state over those fields holds of the fields' form only.
 */
function replacedBy(names: readonly string[], rules: readonly ManifestRule[]): string | undefined {
  for (const r of rules) if (r.rule === "replaces" && names.every((n) => r.params.includes(n))) return r.param;
  return undefined;
}

/**
 * A rule over fields another parameter replaces, as it holds: the replacing one given alone meets a rule asking for
 * one of them (exactly one of a, b: at most one of them, and a, b or the file), and never goes with them (`replaces`).
 */
function besideReplacing(rule: ManifestRule, named: string[][], replacing: string): ManifestRule[] {
  if (rule.rule === "exactlyOne")
    return [
      { rule: "atMostOne", groups: named },
      { rule: "anyOf", groups: [...named, [replacing]] },
    ];
  if (rule.rule === "anyOf") return [{ rule: "anyOf", groups: [...named, [replacing]] }];
  return [rule];
}

/** Each drafted parameter's wire name (a body field's, a path, query, header or cookie parameter's): its own name. */
function wireNames(byWire: ReadonlyMap<string, string>): Map<string, string> {
  const names = new Map<string, string>();
  const twice = new Set<string>();
  for (const [key, name] of byWire) {
    const wire = /^(?:path|query|header|cookie):([^/]+)$|^body:\/(.+)$/.exec(key);
    const said = wire?.[1] ?? wire?.[2];
    if (said === undefined) continue;
    if (names.has(said) && names.get(said) !== name) twice.add(said);
    names.set(said, name);
  }
  for (const name of twice) names.delete(name); // the same name in two places: the prose does not say which
  return names;
}

/** The operation's own description and summary, and each parameter's and body field's, with whose it is. */
function describedTexts(
  doc: OpenApiDocument,
  op: OpenApiOperation,
  rawOp: Schema,
  byName: ReadonlyMap<string, string>,
): { owner?: string; text: string }[] {
  const texts: { owner?: string; text: string }[] = [];
  const add = (text: unknown, owner?: string) => {
    if (typeof text === "string" && /\beither\b|\btogether\b|\bmutually exclusive\b|\bone of\b/i.test(text))
      texts.push({ ...(owner ? { owner } : {}), text });
  };
  add(rawOp.description);
  add(rawOp.summary);
  for (const declared of op.parameters)
    add((declared as unknown as Schema).description ?? declared.schema?.description, declared.name);
  const body = op.requestBody?.schema ? safeFlatten(doc, op.requestBody.schema) : undefined;
  const fields = body?.properties && typeof body.properties === "object" ? body.properties : {};
  for (const [field, schema] of Object.entries(fields as Record<string, Schema>))
    if (byName.has(field)) add(safeFlatten(doc, schema)?.description, field);
  return texts;
}

/** Each "either … or …" requirement the text states without a condition; "this" is the text's owner. */
function sayings(text: string, owner: string | undefined): Said[] {
  const found: Said[] = [];
  for (const saying of SAYINGS)
    for (const match of text.matchAll(saying)) {
      const sentence = sentenceAround(text, match.index, match.index + match[0].length);
      if (CONDITIONAL.test(sentence) || NEITHER_GIVEN.test(text)) continue;
      const side = (a?: string, b?: string) =>
        [a, b].filter((n): n is string => n !== undefined).map((n) => (/^this$/i.test(n) ? (owner ?? n) : n));
      const groups = [side(match[1], match[2]), side(match[3], match[4])];
      found.push({ groups, exclusive: NOT_BOTH.test(sentence), sentence: sentence.slice(0, 200) });
    }
  for (const saying of APART)
    for (const match of text.matchAll(saying)) {
      const sentence = sentenceAround(text, match.index, match.index + match[0].length);
      // "… cannot be used together when zqMode is set", "… unless …": holds only sometimes.
      if (/\b(if|when|unless|otherwise|in case|whenever|except)\b/i.test(sentence)) continue;
      const [a, b] = [match[1], match[2]];
      if (a === undefined || b === undefined || /^(?:this|it|they|them)$/i.test(a) || /^this$/i.test(b)) continue;
      found.push({ groups: [[a], [b]], exclusive: false, apart: true, sentence: sentence.slice(0, 200) });
    }
  return found;
}

/** The sentence of `text` holding `[start, end)`. */
function sentenceAround(text: string, start: number, end: number): string {
  const before = text.lastIndexOf(". ", start);
  const after = text.indexOf(". ", end);
  return text.slice(before < 0 ? 0 : before + 2, after < 0 ? text.length : after + 1).trim();
}

/** What a rule requires, whatever order its names are in: two rules of one key say the same. */
function ruleKey(rule: ManifestRule): string {
  if (rule.rule === "exactlyOne") return `exactlyOne:${[...rule.params].sort().join(",")}`;
  if (rule.rule === "anyOf" || rule.rule === "atMostOne")
    return `${rule.rule}:${rule.groups
      .map((g) => [...g].sort().join("+"))
      .sort()
      .join(",")}`;
  return JSON.stringify(rule);
}
