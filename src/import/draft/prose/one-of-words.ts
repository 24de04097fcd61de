// A requirement over a list of parameters that a document states only in words: "Only one of `amount` and
// `amount_decimal` can be set", "You must use exactly one of the fields png_sticker or tgs_sticker", "Include at
// least one of ProjectID or UserID parameters", "Note that one of the following filters must be specified:
// `filter[a]`, `filter[b]`". Each sentence is read as the rule its words state: at most one ("only one of … can /
// may be …", "you can specify only one of", "at most one of"), exactly one ("exactly one of", "must … only one of",
// "only one of … must be"), at least one ("at least one of", "one of … must be …"). Only the words are read here;
// whether each name in the list is an optional parameter of the operation (else the sentence stays words) is the
// caller's (`either-rule.ts`). A qualifier after the verb ("… can be used with `c`", "… when …", "… if …") makes
// the rule conditional: the sentence stays words.

/** The rule one such sentence states, over the names it lists (each a group of one). */
export interface ListSaying {
  rule: "atMostOne" | "exactlyOne" | "anyOf";
  names: string[];
  sentence: string;
  /** The verb is qualified ("… can be used with `c`"): the rule holds only sometimes, so no rule is drafted. */
  qualified?: true;
}

const GIVEN = "(?:specified|provided|set|given|supplied|included|present|sent|passed|used|submitted|filled)";
const GIVE = "(?:specify|provide|set|give|supply|include|pass|send|use|submit)";
/** Must come before the words: "you must (also) specify", "you need to set", "requires". */
const MUST_BEFORE = String.raw`\b(?:must|need(?:s)? to|have to|has to|required to)\s+(?:also\s+)?${GIVE}\b`;
/** "can (only) specify", "accepts": at most one, said before the words. */
const CAN_BEFORE = String.raw`\b(?:can|may)\s+(?:only\s+)?${GIVE}\b|\baccepts\b`;
/** Said after the list: "must be set", "is required", "needs to be specified". */
const MUST_AFTER = new RegExp(
  String.raw`^\s*(?:must|should|needs? to|has to|have to)\s+be\s+${GIVEN}\b|^\s*(?:is|are)\s+required\b`,
  "i",
);
const VERB_COLON = new RegExp(
  String.raw`^\s*(?:must|should|needs? to|has to|have to)\s+be\s+${GIVEN}\s*:\s*|^\s*(?:is|are)\s+required\s*:\s*`,
  "i",
);
const CAN_AFTER = new RegExp(String.raw`^\s*(?:can|may|could|should)\s+(?:only\s+)?be\s+${GIVEN}\b`, "i");
/**
 * A qualifier right after the verb that narrows when the rule holds ("Only one of `a` and `b` can be used with `c`":
 * with `c` only, nothing said without it): the sentence stays words. "With the request", "per request" narrow nothing.
 */
const QUALIFIED = new RegExp(
  String.raw`^\s*(?:together\s+|in\s+combination\s+|when\s+)?(?:with|alongside|combined\s+with)\s+` +
    String.raw`(?!(?:this|the|each|every|a|any|one|a\s+single|your)\s+` +
    String.raw`(?:request|call|query|endpoint|operation|method)s?\b)`,
  "i",
);
/** The opening words; the list follows them. */
const OPENING = /\b(only|exactly|at least|at most)?\s*\bone of\s+/gi;
/** What leads into the list: "the following parameters:", "the fields,", "either". */
const LISTED = "(?:parameters|fields|filters|properties|attributes|values|headers|options)";
const LEAD = new RegExp(
  String.raw`^(?:(?:the\s+)?(?:following\s+)?(?:[a-z]+\s+){0,2}${LISTED}\s*[:,]?\s*|the following\s*:?\s*)?` +
    String.raw`(?:either\s+)?`,
  "i",
);
/** Where the list ends: the verb after it, a clause, the sentence's end. */
const LIST_END = new RegExp(
  String.raw`(?:^|\s+)(?:can|may|could|must|should|is|are|needs?|has|have|will|to|in|for|per|when|at|on|from|with)\b` +
    String.raw`|[.;!?](?:\s|$)|\(|$`,
  "i",
);
/** A separator between two names of the list. */
const SEPARATOR = /\s*(?:,\s*(?:and\/or|or|and)?\s*|\s(?:and\/or|or|and)\s|\s-\s|•|\/)\s*/i;
const NOUN = /\s+(?:query\s+)?(?:parameter|field|property|value|attribute|header|filter)s?$/i;
/** Words that make the requirement hold only sometimes: left as words. */
const CONDITIONAL = /\b(if|when|unless|in case|whenever|except|conditional)\b/i;
/** A clause saying what breaking the rule does ("; otherwise, an error results"): no condition. */
const CONSEQUENCE = new RegExp(
  String.raw`[;,]?\s*(?:otherwise,?\s+(?:an? (?:\w+\s+)?error results|the (?:api )?call (?:will )?fails?)` +
    String.raw`|or you will (?:receive|get) an? [\w ]{0,40}?error)`,
  "gi",
);

/**
 * Each "only one of", "exactly one of", "at least one of" or "one of … must be" sentence of `text` that lists two or
 * more names and states its rule without a condition. `text` is the description as written (list bullets are
 * separators here); `plain` makes it plain text.
 */
export function listSayings(text: string, plain: (text: string) => string): ListSaying[] {
  const flat = plain(text.replace(/(^|\n)[ \t]*[-*+][ \t]+/g, "$1• "))
    .replace(CONSEQUENCE, "")
    // A name in emphasis with its underscores escaped (`*png\_sticker*`), which plain text keeps: the name.
    .replace(
      /(^|[\s(])\*([\w$\\[\].-]+)\*(?=[\s.,;:)]|$)/g,
      (_w, at: string, name: string) => at + name.replace(/\\_/g, "_"),
    );
  const found: ListSaying[] = [];
  for (const match of flat.matchAll(OPENING)) {
    const sentence = sentenceAround(flat, match.index, match.index + match[0].length);
    if (CONDITIONAL.test(sentence) || /\b(?:if|when)\s+(?:neither|none)\b/i.test(flat)) continue;
    const before = flat.slice(Math.max(0, match.index - 60), match.index);
    const lead = LEAD.exec(flat.slice(match.index + match[0].length))?.[0] ?? "";
    const listStart = match.index + match[0].length + lead.length;
    const rest = flat.slice(listStart);
    const end = rest.search(LIST_END);
    const head = rest.slice(0, end < 0 ? rest.length : end);
    // "one of the following filters must be specified: `a`, `b`": the list after the verb's colon.
    const colon = head === "" && lead !== "" ? VERB_COLON.exec(rest) : null;
    const listed = colon ? (rest.slice(colon[0].length).split(/[.;!?](?:\s|$)/)[0] ?? "") : head;
    const after = colon ? colon[0] : rest.slice(listed.length);
    const names = namesOf(listed);
    if (names === undefined) continue;
    const rule = ruleOf((match[1] ?? "").toLowerCase(), lastClause(before), after);
    if (rule === undefined) continue;
    found.push({ rule, names, sentence: sentence.slice(0, 200), ...(qualified(after) ? { qualified: true } : {}) });
  }
  return found;
}

/** The rule the words around the list state, if they state one. */
function ruleOf(word: string, before: string, after: string): ListSaying["rule"] | undefined {
  const must = new RegExp(MUST_BEFORE, "i").test(before) || /\brequires?\b/i.test(before);
  const imperative = new RegExp(String.raw`^\s*${GIVE}\s*$`, "i").test(before);
  const mustAfter = MUST_AFTER.test(after);
  if (word === "only") {
    if (must || mustAfter) return "exactlyOne";
    return new RegExp(CAN_BEFORE, "i").test(before) || CAN_AFTER.test(after) ? "atMostOne" : undefined;
  }
  if (word === "at most")
    return mustAfter || CAN_AFTER.test(after) || new RegExp(CAN_BEFORE, "i").test(before) ? "atMostOne" : undefined;
  if (word === "exactly") return must || imperative || mustAfter ? "exactlyOne" : undefined;
  if (word === "at least") return must || imperative || mustAfter ? "anyOf" : undefined;
  // A bare "one of": "One of A or B must be set" (a call giving both is not said to be refused).
  return mustAfter ? "anyOf" : undefined;
}

/** Whether the verb after the list ("can be used", "must be set") is followed by a qualifier (see QUALIFIED). */
function qualified(after: string): boolean {
  const verb = CAN_AFTER.exec(after) ?? MUST_AFTER.exec(after);
  return verb !== null && QUALIFIED.test(after.slice(verb[0].length));
}

/** The words before the opening in its own clause (after the last comma, colon or sentence end). */
function lastClause(before: string): string {
  const cut = Math.max(before.lastIndexOf(". "), before.lastIndexOf(", "), before.lastIndexOf(": "));
  return (cut < 0 ? before : before.slice(cut + 2)).replace(/^\s*(?:note(?: that)?|you|the call)\s*:?\s*/i, "");
}

/** The names of a list, each as the document writes it; none when an item is no name or fewer than two are. */
function namesOf(listed: string): string[] | undefined {
  const items = listed
    .split(SEPARATOR)
    .map((item) =>
      item
        .replace(/\\_/g, "_")
        .replace(/^[\s"'“`*]+|[\s"'”`*]+$/g, "")
        .replace(/^(?:the|either)\s+/i, "")
        .replace(NOUN, "")
        .replace(/^[\s"'“`*]+|[\s"'”`*]+$/g, ""),
    )
    .filter((item) => item !== "");
  if (items.length < 2) return undefined;
  const name = /^[A-Za-z_$][\w$-]*(?:\[[\w$-]+\])*(?:\.[\w$-]+)*$/;
  return items.every((item) => name.test(item)) ? items : undefined;
}

/** The sentence of `text` holding `[start, end)` (a list's item before it ends one too). */
function sentenceAround(text: string, start: number, end: number): string {
  const before = Math.max(text.lastIndexOf(". ", start), text.lastIndexOf("• ", start));
  const after = text.indexOf(". ", end);
  return text.slice(before < 0 ? 0 : before + 2, after < 0 ? text.length : after + 1).trim();
}
