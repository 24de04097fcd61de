// A text's values that a document lists only in words: "One of `change`, `session`, `flow`, or `api_request`",
// "Possible values: DRAFT, READY", "Unit: MI | KM", "two possible values for this parameter: email and document", "Must
// be one of: created_at, updated_at", "Can be `enabled` or `disabled`", "Valid values: `x` | `y`", a bulleted list of
// values after "Allowed values:". The schema said no enum, so the draft took any text: a typo reached the upstream,
// which answered 400, and the suite never tried the values. The draft reads a list that closes (nothing in its sentence
// says the service takes others) as the parameter's enum, with a review note quoting the words: checked before any
// request, and the cases try each value. A list the words leave open ("include", "such as", "e.g.", "currently",
// "etc.") is the known values (offered, never checked: refusing a value the service adds would be wrong); one whose
// sentence is conditional, names more than one list, holds placeholders, lists the value's forms ("Format is one of:
// user, user:group, uid, or uid:gid": a uid is any number, not the word), or beside a default or example it leaves out,
// stays words.
import type { ManifestParam } from "../../../load/precompiled/manifest-types.js";
import { shortText } from "../../plain-text.js";

/**
 * A value as the words write it: quoted (straight or typographic, double or single: "One of 'json', 'xml' or
 * 'map'", "‘round’ or ‘square’"), in code marks, or a bare word of identifier characters.
 */
const QUOTED =
  String.raw`\x60([^\x60\n]{1,80})\x60|"([^"\n]{1,80})"|'([^'\n]{1,80})'|` +
  String.raw`“([^”\n]{1,80})”|‘([^’\n]{1,80})’`;
const BARE = String.raw`([A-Za-z0-9](?:[\w.:/+-]{0,78}\w)?)(?![\w.:/+-]*\w)`;
/** Words before a colon that make the spaced pipes after it no list of values (value-words' pipe lead). */
const NOT_A_LIST = String.raw`examples?|like|default|defaults\s+to|returns?|types?|format`;
/** Between two values of a list written inline. */
const SEP = String.raw`\s*(?:,\s*(?:or\s+|and\s+)?|(?<=\s)(?:or|and)\s+|\|)\s*`;
/** The words that say a list of the value's values follows; `open` when they say the service takes others too. */
const LEAD = new RegExp(
  // "one of" after a verb, a stop, a comma or a bracket, or before a colon: not "have an id and one of A or B".
  String.raw`(?:\b(?:(?:must|should|has to|can|may|will)\s+(?:only\s+)?be|is|are)\s+|(?:^|[.,:;(]\s*))one\s+of` +
    String.raw`(?:\s+the\s+following)?(?:\s+values)?|\bone\s+of(?:\s+the\s+following)?(?:\s+values)?(?=\s*:)` +
    String.raw`|\b(currently\s+)?(?:possible|allowed|valid|accepted|supported|permitted|available)\s+values?` +
    // "… possible values for this parameter: a and b": the value they are of named between.
    String.raw`(?:\s+(?:for|of)\s+(?:this|the)\s+(?:parameter|field|property|attribute|argument|option|setting))?` +
    String.raw`(?:\s+(?:are|is|(include|includes)))?` +
    String.raw`|\b(?:is|are|be)\s+either(?=\s)` +
    String.raw`|\b(?:can|may|must|should)\s+(?:only\s+)?be(?=\s+(?:${QUOTED})${SEP})` +
    String.raw`|(?<=^|[.:]\s+)(?=(?:${QUOTED})\s*\|)` +
    // Bare values between spaced pipes, alone or after a colon or bracket ("Unit: MI | KM", "(MI | KM)"): a pipe
    // between words is "or"; unspaced ("a|b") it may be the text's own separator, so only spaced pipes are read. Not
    // after a word saying what follows is a sample, a default, a reply or kinds ("Example: a | b", "Type: string |
    // number"): those values are no list of what the parameter takes.
    String.raw`|(?<=^\s*|(?<!\b(?:e\.g|i\.e|eg|${NOT_A_LIST}))[.:]\s+|\(\s*)` +
    String.raw`(?=(?:${BARE}|${QUOTED})\s+\|\s+[A-Za-z0-9\x60"'])`,
  "gi",
);
/** Words in the list's sentence that leave it open: the service takes values it does not name. */
const OPEN = new RegExp(
  String.raw`\b(?:e\.g\.|eg\.|for example|for instance|such as|including|includes?|currently|among others|and more|` +
    // "Some / Common / Examples of possible values": a sample of the values, not all of them.
    String.raw`some|common|commonly|examples? of|typical|typically|etc\.?)(?=\W|$)`,
  "i",
);
/** Words that make the list hold only sometimes, or the value a list of them. */
const CONDITIONAL = /\b(?:if|when|whenever|unless|depending|depends|per|otherwise)\b/i;
/** Words naming the field whose values the list is, another one ("Values of visit_reason_code are either …"). */
const ANOTHER = /\bvalues?\s+of\s+\x60?[A-Za-z]+[_.][\w.]+|\bthe\s+\w+'s\s+(?:values|supported)/i;
const MANY = /\bcomma[- ]separated\b|\bcomma[- ]delimited\b|\bmultiple values\b|\bcombined\b|\bseparated by\b/i;
/** A value that is a placeholder or a pattern, not a value ("ctrl-<value>", "${id}", "*\/*", "a-z"). */
const NOT_A_VALUE = /[<>{}$=*[\]\\]|^[a-z]-[a-z]$|\s{2}/i;
/** Words before a list saying it lists the value's forms, kinds of text, not texts sent ("Format is one of"). */
const FORMS = /\b(?:formats?|syntax|notation|patterns?)\b|\b(?:the|a)\s+form\b/i;

interface Listed {
  values: string[];
  open: boolean;
  sentence: string;
  /** More written values follow the list in its sentence (`a`, `b` (for X); `c` (for Y)): the list is not all. */
  more: boolean;
  /** The words before the list say it lists forms of the value, not values ("Format is one of: user, uid"). */
  forms: boolean;
}

/** The description as lines: HTML's code as code marks, each list item a bullet line, tags and entities gone. */
function readable(description: string): string {
  return description
    .replace(/<code>\s*([^<]*?)\s*<\/code>/gi, "`$1`")
    .replace(/<li[^>]*>\s*(?:<p[^>]*>\s*)?/gi, "\n- ")
    .replace(/\s*(?:<\/p>\s*)?<\/li>/gi, "")
    .replace(/<\/?(?:p|ul|ol|div|br)\b[^>]*>/gi, "\n")
    .replace(/<\/?[A-Za-z][\w-]*(?:\s[^<>]*)?\/?>/g, "")
    .replace(/\*\*([^*\n]+)\*\*/g, "$1")
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/&nbsp;/g, " ");
}

/** The value of a match of QUOTED (a bullet's: or BARE) whose groups start at `from`: the one group that took part. */
const writtenValue = (m: RegExpMatchArray, from: number): string | undefined =>
  m.slice(from).find((v) => v !== undefined);

/** A value written in code marks and quotes too (`` `"Output"` ``) is the text inside them. */
const unquoted = (v: string) => v.replace(/^(["'])(.+)\1$/, "$2");

/** The values inline after `at`: quoted ones, or bare words that end their sentence. */
function inline(text: string, at: number): { values: string[]; end: number } | undefined {
  const rest = text.slice(at);
  for (const [token, bare] of [
    [`(?:${QUOTED})`, false],
    [BARE, true],
  ] as const) {
    const list = new RegExp(String.raw`^\s*(?::|-|–)?\s*(?:${token})(?:${SEP}(?:${token}))+`, "i").exec(rest);
    if (!list) continue;
    // A bare list ends its sentence ("Possible values are DESC for descending order" is no list).
    const after = rest.slice(list[0].length);
    if (bare && !/^\s*(?:[.;)]|$)/.test(after)) continue;
    // Each value in turn, a separator between (a bare word "or" is no value).
    const step = new RegExp(String.raw`(?:^\s*(?::|-|–)?\s*|${SEP})(?:${token})`, "iy");
    const values: string[] = [];
    for (let m = step.exec(list[0]); m; m = step.exec(list[0])) values.push(unquoted(writtenValue(m, 1) ?? ""));
    return { values, end: at + list[0].length };
  }
  return undefined;
}

/** The values of bullet lines right after `at` ("Allowed values:\n- `app`\n- `browser`"), each bullet's first word. */
function bulleted(text: string, at: number): { values: string[]; end: number } | undefined {
  const rest = text.slice(at);
  const head = /^\s*(?:are|is)?\s*:?\s*\n/.exec(rest);
  if (!head) return undefined;
  const values: string[] = [];
  let end = head[0].length;
  // A bare word is a value where the bullet holds it alone or before its meaning ("- GROUP - More than one person").
  const alone = String.raw`(?=[ \t]*(?:$|[:(—–]|-\s))`;
  const bullet = new RegExp(String.raw`^[ \t]*[-*•][ \t]+(?:(?:${QUOTED})|${BARE}${alone})`, "i");
  for (const line of rest.slice(end).split("\n")) {
    if (line.trim() === "") {
      if (values.length) break;
      end += line.length + 1;
      continue;
    }
    const m = bullet.exec(line);
    if (!m) return undefined;
    values.push(unquoted(writtenValue(m, 1) ?? ""));
    end += line.length + 1;
  }
  return values.length ? { values, end: at + end } : undefined;
}

/**
 * Each numbered list of values ("Sort by: 1) 'date' 2) 'title'", "1. `asc` 2. `desc`", "(1) fast (2) slow"): its items
 * numbered from 1 in turn, each a value alone (quoted, or one bare word) before the next number, a separator or the
 * sentence's end; numbered steps ("1) Create a key 2) Paste it") hold more than a value and are none.
 */
function numbered(text: string): { at: number; values: string[]; end: number }[] {
  const found: { at: number; values: string[]; end: number }[] = [];
  for (const first of text.matchAll(/(?<![\w.])\(?1[).]\s+/g)) {
    const values: string[] = [];
    let pos = first.index ?? 0;
    for (let n = 1; ; n++) {
      const next = String.raw`\(?${n + 1}[).]\s`;
      const item = new RegExp(
        String.raw`\s*(?:[,;]\s*)?(?:(?:or|and)\s+)?\(?${n}[).]\s+(?:(?:${QUOTED})|${BARE})` +
          String.raw`(?=\s*(?:[,;.]|(?:or|and)\s|${next}|$))`,
        "iy",
      );
      item.lastIndex = pos;
      const hit = item.exec(text);
      if (!hit) break;
      values.push(unquoted(writtenValue(hit, 1) ?? ""));
      pos = item.lastIndex;
    }
    if (values.length >= 2) found.push({ at: first.index ?? 0, values, end: pos });
  }
  return found;
}

/** Where the sentence of the text around `at`..`end` starts and ends. */
function sentenceOf(text: string, at: number, end: number): [number, number] {
  // A paragraph's end (a blank line, blanks on it too: HTML's `</p> <p>`) ends a sentence as a full stop does.
  // (A lead may start at the stop before it: ". One of".)
  const before = text.slice(0, at + 2);
  const paragraph = Math.max(...[...before.matchAll(/\n[ \t]*\n/g)].map((m) => (m.index ?? 0) + m[0].length - 1), -1);
  // "e.g. " and "i.e. " end no sentence: the words before them stay in it ("Unit, e.g. MI | KM" is a sample).
  const stops = [...before.matchAll(/\. /g)].filter((m) => !/\b(?:e\.g|i\.e|eg)$/i.test(before.slice(0, m.index)));
  const start = Math.max(stops.at(-1)?.index ?? -1, paragraph, -1) + 1;
  const stop = text.slice(end).search(/\.(?:\s|$)|\n[ \t]*\n/);
  return [start, stop < 0 ? text.length : end + stop + 1];
}

/** Each list of values the words give, with whether they leave it open. */
function lists(description: string): Listed[] {
  const text = readable(description);
  const found: Listed[] = [];
  for (const lead of text.matchAll(LEAD)) {
    const at = (lead.index ?? 0) + lead[0].length;
    const list = bulleted(text, at) ?? inline(text, at);
    if (!list || list.values.length < 2) continue;
    const [start, stop] = sentenceOf(text, lead.index ?? 0, list.end);
    const sentence = text.slice(start, stop);
    // What stands before the list in its sentence, the lead and what follows the list (", etc.", "and more").
    const words = text.slice(start, at) + text.slice(list.end, list.end + 20);
    // "…, or a date range": values of another form beside the listed ones.
    const more = /^\s*,?\s*or\s+(?:a|an|any|another|other)\b/i.test(text.slice(list.end));
    const after = text.slice(list.end, stop);
    // "a, b, and others": the list's last word says it is a sample, and is no value.
    const sample = /^(?:others?|more|so on|etc)$/i.test(list.values.at(-1) ?? "");
    found.push({
      values: sample ? list.values.slice(0, -1) : list.values,
      open: OPEN.test(words) || more || sample,
      sentence: sentence.trim(),
      more: new RegExp(QUOTED).test(after),
      forms: FORMS.test(text.slice(start, at)),
    });
  }
  for (const list of numbered(text)) {
    const [start, stop] = sentenceOf(text, list.at, list.end);
    found.push({
      values: list.values,
      open: OPEN.test(text.slice(start, list.at) + text.slice(list.end, list.end + 20)),
      sentence: text.slice(start, stop).trim(),
      more: new RegExp(QUOTED).test(text.slice(list.end, stop)),
      forms: FORMS.test(text.slice(start, list.at)),
    });
  }
  return found;
}

/**
 * The values `description` lists in words of the drafted text `param` (named `name`): an enum where the list closes,
 * the known values where the words leave it open, each with a note naming the words read.
 */
export function withWordedValues(
  param: ManifestParam,
  description: unknown,
  name: string,
  note: (text: string) => void,
): ManifestParam {
  if (typeof description !== "string" || param.type !== "string") return param;
  if (param.enum || param.knownValues || param.pattern || param.format || param.anyOf) return param;
  const found = lists(description);
  if (!found.length) return param;
  const [first] = found;
  if (!first) return param;
  const quoted = `"${shortText(first.sentence, 160)}"`;
  const values = [...new Set(first.values.map((v) => v.trim()))];
  const why = found.some((f) => f.values.join("\u0000") !== first.values.join("\u0000"))
    ? "names more than one list"
    : first.more
      ? "go on past the list read (more values after it)"
      : values.some((v) => v === "" || NOT_A_VALUE.test(v) || v === name) || /[=<>{}]/.test(first.sentence)
        ? "holds placeholders or names of fields, not values"
        : first.forms && !/format/i.test(name)
          ? "name forms of the value, not values"
          : ANOTHER.test(first.sentence)
            ? "speak of another field's values"
            : CONDITIONAL.test(first.sentence)
              ? "holds only sometimes"
              : MANY.test(description)
                ? "speaks of several values in one text"
                : undefined;
  if (why) {
    note(`the document lists values of ${name} in words (${quoted}) that ${why}: left as words, any text sent`);
    return param;
  }
  const outside = [param.default, param.example].find((v) => typeof v === "string" && !values.includes(v));
  if (first.open || outside !== undefined) {
    param.knownValues = values;
    note(
      `the document lists values of ${name} in words (${quoted}) ` +
        (first.open
          ? `that leave others open ("${OPEN.exec(first.sentence)?.[0] ?? "or a"}"): `
          : `without its own ${outside === param.default ? "default" : "example"} ${JSON.stringify(outside)}: `) +
        `drafted as ${values.length} known values, offered and never checked (the service may take others)`,
    );
    return param;
  }
  param.enum = values;
  note(
    `the document lists the values of ${name} in words only (${quoted}), and nothing there leaves the list open: ` +
      `drafted as an enum of ${values.length}, checked before any request (if the service takes others, drop it)`,
  );
  return param;
}
