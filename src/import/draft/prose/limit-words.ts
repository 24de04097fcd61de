// A value's limits that a document states only in words: "Valid values are between 1 and 1000, inclusive", "should
// not exceed 40 characters", "A maximum of 10 ids", "any value between -1 to 1 in 0.1 increments" (of a text). The
// schema said nothing, so an out-of-range value passed every check and reached the upstream, which refused it. The
// draft reads such a sentence, when it speaks of this value's own limit and nothing in it makes the limit hold only
// sometimes, as the schema keyword it states (minimum/maximum, minLength/maxLength, maxItems; a range of a text as
// the pattern of its values, when they are few and the words name their step), with a review note quoting it: the
// limit is checked before any request and the suite derives its cases. A limit the schema states already stays the
// schema's (a note says what the words say), an int32 format's range being none; anything else in prose stays prose.
import type { ManifestParam } from "../../../load/precompiled/manifest-types.js";
import { sentences } from "../../../load/text/sentences.js";
import { plainText } from "../../plain-text.js";

type Keyword =
  | "minimum"
  | "maximum"
  | "exclusiveMinimum"
  | "exclusiveMaximum"
  | "minLength"
  | "maxLength"
  | "minItems"
  | "maxItems";
type Of = "value" | "length" | "items";
interface Said {
  of: Of;
  low?: number;
  high?: number;
  step?: number;
  /** `low` is excluded ("greater than 0"). */
  above?: boolean;
  /** `high` is excluded ("less than 100"). */
  below?: boolean;
  sentence: string;
}

const N = String.raw`([-+−]?\d{1,3}(?:,\d{3})+|[-+−]?\d+(?:\.\d+)?)`;
const TO = String.raw`\s*(?:and|to|-|–|through)\s*`;
/** A word after the number: what is counted. */
const UNIT = String.raw`(?:\s+([A-Za-z][\w-]*))?`;
const BE = String.raw`(?:is|are|must be|should be|can be|may be|has to be|of|:)?\s*`;
const MAX =
  String.raw`(?:maximum|max\.?|at most|no more than|not more than|up to|cannot exceed|can not exceed|` +
  "must not exceed|should not exceed|may not exceed|does not exceed|not to exceed|no greater than|" +
  "less than or equal to|no longer than|limited to|limit of|length limit of)";
const MIN = String.raw`(?:minimum|min\.?|at least|no less than|not less than|greater than or equal to|no shorter than)`;
/** A strict lower bound ("a number greater than 0"): a number's exclusiveMinimum, a whole number's minimum the next. */
const ABOVE = "(?:greater than|more than|larger than|higher than)";
/**
 * A strict upper bound ("must be less than 100"), of a number in its own unit: no unit after it, attached or not
 * ("less than 10MB", "30 days ago"), and nothing after it in its clause ("less than 50 is a weak match" says what a
 * value means). The directory's "lower", "smaller", "fewer than" and "below" bound other things or say what values
 * mean (docs/contributing/README.md › Bound words in the directory): left as words.
 */
const BELOW = String.raw`less than\s+${N}(?![\d.,]*[A-Za-z%°]|\d)`;
const CLAUSE_END = /^\s*(?:$|[.;,)]|(?:and|but)\b)/i;
/** Not after a negation ("no more than 5", "must not be greater than 5"): that is a maximum. */
const NOT_BEFORE = String.raw`(?<!\b(?:no|not|never|cannot|can't|n't)\s+(?:be\s+)?)`;

/** Each saying: its expression, what it bounds (a length when it says so), which of its numbers are which. */
const SAYINGS: { re: RegExp; kind: "range" | "max" | "min" | "above" | "below" | "fewer"; length?: boolean }[] = [
  { re: new RegExp(String.raw`\bbetween\s+\[?${N}${TO}${N}\]?(?:,?\s*\(?inclusive\)?)?${UNIT}`, "gi"), kind: "range" },
  { re: new RegExp(String.raw`\blength\s+between\s+\[?${N}${TO}${N}\]?${UNIT}`, "gi"), kind: "range", length: true },
  { re: new RegExp(String.raw`(?:^|\s)${N}\s*(?:-|–|to)\s*${N}(\s+(?:characters?|chars?))\b`, "gi"), kind: "range" },
  {
    re: new RegExp(String.raw`\b(?:max(?:imum)?\.?|the maximum)\s+(?:\w+\s+)?length\s*${BE}${N}${UNIT}`, "gi"),
    kind: "max",
    length: true,
  },
  {
    re: new RegExp(String.raw`\b(?:min(?:imum)?\.?|the minimum)\s+(?:\w+\s+)?length\s*${BE}${N}${UNIT}`, "gi"),
    kind: "min",
    length: true,
  },
  {
    re: new RegExp(String.raw`\b${MAX}(?:\s+(?:allowed\s+)?(?:value|number))?\s*${BE}(?:a\s+)?${N}${UNIT}`, "gi"),
    kind: "max",
  },
  { re: new RegExp(String.raw`\b${MIN}(?:\s+(?:allowed\s+)?value)?\s*${BE}${N}${UNIT}`, "gi"), kind: "min" },
  {
    re: new RegExp(String.raw`${NOT_BEFORE}\b(?:a\s+(?:number|value)\s+)?${ABOVE}\s+${N}${UNIT}`, "gi"),
    kind: "above",
  },
  { re: new RegExp(String.raw`${NOT_BEFORE}\b(?:a\s+(?:number|value)\s+)?${BELOW}${UNIT}`, "gi"), kind: "below" },
  {
    re: new RegExp(String.raw`\b${N}\s+(characters?|chars?)\s+(?:or (?:fewer|less)|max(?:imum)?)\b`, "gi"),
    kind: "fewer",
  },
];

/** Words that make a limit hold only sometimes, or not refuse what is past it: the description is left as words. */
const CONDITIONAL = new RegExp(
  String.raw`\b(if|when|whenever|unless|otherwise|except|by default|per (?:account|user|` +
    "project|organi[sz]ation|customer|request|call|day|hour|minute|second|month)|recommended|approximately|" +
    String.raw`about|roughly|typically|usually|currently|total|combined|each|every|sum)\b`,
  "gi",
);
/**
 * What a limit may vary by ("up to 100 on paid plans", "max 50 for enterprise accounts", "For a verified account, up
 * to 25000 characters"): a sentence naming one bounds nothing. One account named as what the text is about, not as a
 * qualifier set off by a comma or a colon, stands before a length in characters and leaves it read ("reason for
 * reporting the account (default max 1000 characters)"): no count of accounts is a length.
 */
const VARIES_BY = /\b(?:plans?|tiers?|accounts)\b|\baccount\s*[,:;]/gi;
/** One account named as a noun of the text, not a qualifier: a limit varies by it only if no length or before it. */
const ABOUT_ACCOUNT = /\baccount\b(?!\s*[,:;])/gi;
/** A limit of one kind of thing among others ("25 IDs for PLS, 1,000 IDs for PLA"). */
const FOR_KIND = /\bfor [A-Z]{2,}\b/;
const LENIENT =
  /\b(clamp\w*|capped|coerc\w*|truncat\w*|rounded|ignored|treated as|will be (?:set|reduced|limited) to)\b/i;
/** Words a clause may hold before the saying and still speak of the value itself. */
const GENERIC = new Set(
  (
    "the this a an any its it value values valid allowed accepted acceptable possible is are must should can may be " +
    "has have contain contains to number integer whole positive non-negative string text length size range use " +
    "pass specify provide enter set only optional required of field parameter and but not with utf encoded long in " +
    "maximum minimum max min default results items entries records resources return returned count limit limited " +
    "arbitrary accepts accept takes you specify enter greater than"
  ).split(" "),
);
/** Words after a maximum's number that let the value pass it ("a limit of 1 or above"): it bounds nothing. */
const PASSED = /^\W*or\s+(?:above|more|greater|higher|over|larger|beyond)\b/i;
/** A clause after a maximum saying where to go past it ("; for pages exceeding 100, use the cursor"): no condition. */
const PAST_IT = new RegExp(
  String.raw`^\W*[;,]\s*for\s+(?:[a-z]+\s+){0,3}?(?:exceeding|over|above|beyond|past|greater than|more than)\s+${N}\b`,
  "i",
);
/** A sentence of the parameter given several times ("multiple instance_id parameters (up to 10)"): a count of them. */
const GIVEN_MANY = new RegExp(
  String.raw`\b(?:multiple|several|more than one)\s+(?:[\w-]+\s+){0,2}?` +
    String.raw`(?:parameters?|params|values|times|instances)\b|\brepeat(?:ed|able)?\b|\bmore than once\b`,
  "i",
);
/** Words after a number that are no unit of it. */
const CONNECTORS = /^(?:and|or|inclusive|in|with|to|both|but|is|are|per|as|which|for|the|of)$/i;
const LENGTH_UNITS = /^(?:characters?|chars?)$/i;
const OTHER_UNITS = new RegExp(
  "^(?:bytes?|kb|mb|gb|kib|mib|kilobytes?|megabytes?|digits?|decimals?|days?|hours?|minutes?|seconds?|ms|" +
    "milliseconds?|percent|words?|lines?|times)$",
  "i",
);

/** The limits `description` states in words of the drafted `param` (named `name`), applied with a note each. */
export function withProseLimits(
  param: ManifestParam,
  description: unknown,
  name: string,
  note: (text: string) => void,
): ManifestParam {
  if (typeof description !== "string" || !/\d/.test(description) || param.anyOf || param.enum) return param;
  const text = plainText(description);
  if (LENIENT.test(text)) return param;
  const own = new Set(name.split(/[^A-Za-z0-9]+|(?<=[a-z0-9])(?=[A-Z])/).map((w) => w.toLowerCase()));
  // The unit the value is measured in, where the words name one ("The maximum time, in seconds"): a limit in it holds.
  const measured = new Set([...text.matchAll(/\bin (\w+?)s?\b/gi)].map((m) => (m[1] ?? "").toLowerCase()));
  const said = sentencesOf(text).flatMap((s) => sayings(s, own, measured));
  const array = param.type === "json" && param.jsonType === "array";
  const of: Of | undefined =
    param.type === "number" ? "value" : param.type === "string" ? "length" : array ? "items" : undefined;
  if (param.type === "string" && !param.pattern && !param.format) textRange(param, said, note);
  if (!of) return param;
  const bounds: Partial<Record<Keyword, { value: number; sentence: string }>> = {};
  let clash = false;
  // A number's words may count what it counts ("up to 100 results"); a list's, its items.
  for (const s of said.filter((s) => s.of === of || (of === "value" && s.of === "items"))) {
    const [lowKey, highKey] = KEYS[of];
    // A whole number's strict lower bound is the whole number past it (`minimum`); another number's stays strict.
    const strict = s.above && of === "value" && s.low !== undefined;
    const low = strict && param.integer ? Math.floor(s.low as number) + 1 : s.low;
    // A whole number's strict upper bound is the whole number before it (`maximum`); another number's stays strict.
    const strictHigh = s.below && of === "value" && s.high !== undefined;
    const high = strictHigh && param.integer ? Math.ceil(s.high as number) - 1 : s.high;
    for (const [key, value] of [
      [strict && !param.integer ? "exclusiveMinimum" : lowKey, low],
      [strictHigh && !param.integer ? "exclusiveMaximum" : highKey, high],
    ] as const) {
      if (value === undefined) continue;
      if (bounds[key] && bounds[key].value !== value) clash = true;
      bounds[key] = { value, sentence: s.sentence };
    }
  }
  // Two bounds of a side, one strict and one not ("at least 1 … greater than 0"): which the words mean is unclear.
  if (clash || (bounds.minimum && bounds.exclusiveMinimum) || (bounds.maximum && bounds.exclusiveMaximum)) return param;
  const taken = of === "value" ? defaultValues(text) : [];
  for (const [key, bound] of Object.entries(bounds) as [Keyword, { value: number; sentence: string }][])
    apply(param, key, bound.value, bound.sentence, note, taken);
  return param;
}

/**
 * The values the words say the API takes as its default ("Defaults to 100 if not set or set to 0", "0 means the
 * default"): a bound one breaks does not hold for every value sent (a page size "between 1 and 1000 … Defaults to
 * 100 if not set or set to 0": 0 was refused before any request though the API reads it).
 */
function defaultValues(text: string): number[] {
  const found: number[] = [];
  for (const sentence of sentencesOf(text)) {
    if (!/\bdefault/i.test(sentence)) continue;
    for (const m of sentence.matchAll(
      new RegExp(String.raw`\b(?:set to|defaults? to|default is|default of)\s+${N}`, "gi"),
    ))
      found.push(numberOf(m[1] ?? ""));
    for (const m of sentence.matchAll(
      new RegExp(String.raw`(?:^|\s)${N}\s+(?:means|for|to use|selects|uses|gives)\b[^.;]*\bdefault`, "gi"),
    ))
      found.push(numberOf(m[1] ?? ""));
  }
  return found.filter((v) => !Number.isNaN(v));
}

const KEYS: Record<Of, [Keyword, Keyword]> = {
  value: ["minimum", "maximum"],
  length: ["minLength", "maxLength"],
  items: ["minItems", "maxItems"],
};

/** A number's bound keywords, each with the other that states its side. */
const SIDES: Partial<Record<Keyword, Keyword>> = {
  minimum: "exclusiveMinimum",
  exclusiveMinimum: "minimum",
  maximum: "exclusiveMaximum",
  exclusiveMaximum: "maximum",
};

const INT32_RANGE: Partial<Record<Keyword, number>> = { minimum: -(2 ** 31), maximum: 2 ** 31 - 1 };

/** One keyword the words state, unless the schema states it, the type cannot hold it, or a value given breaks it. */
function apply(
  param: ManifestParam,
  key: Keyword,
  value: number,
  sentence: string,
  note: (t: string) => void,
  taken: readonly number[] = [],
): void {
  const quoted = JSON.stringify(sentence.length > 200 ? `${sentence.slice(0, 199)}…` : sentence);
  // An int32 format's range (limits.ts drafts it so the mocks' validators hold it) is no limit the document states.
  const stated = (k: Keyword) => (param.integer && param[k] === INT32_RANGE[k] ? undefined : param[k]);
  // A number's side is stated by one of its two keywords (`minimum: 0` or `exclusiveMinimum: 0`).
  const side = SIDES[key];
  const schemaKey = stated(key) !== undefined ? key : side && stated(side) !== undefined ? side : undefined;
  if (schemaKey) {
    const declared = stated(schemaKey);
    // "greater than 0" in words beside the schema's `minimum: 0`: the schema's, with both said.
    const theirs = schemaKey === key ? `${declared}` : `${schemaKey} ${declared}`;
    if (schemaKey !== key || declared !== value)
      note(`the document says ${key} ${value} in words (${quoted}) and ${theirs} in its schema: the schema's kept`);
    return;
  }
  const ofValue = key in SIDES;
  if ((!ofValue || param.integer) && !Number.isInteger(value)) return;
  if (!ofValue && value < 0) return;
  const low = key.startsWith("min") || key === "exclusiveMinimum";
  // A value at a strict bound is refused: the bound admits nothing at or past it.
  const strict = key.startsWith("exclusive");
  const opposite = strict ? (low ? "maximum" : "minimum") : low ? key.replace("min", "max") : key.replace("max", "min");
  const other = param[opposite as Keyword];
  if (other !== undefined && ((low ? value > other : value < other) || (strict && value === other))) return;
  if (low && param.exclusiveMaximum !== undefined && value >= param.exclusiveMaximum) return;
  if (!low && param.exclusiveMinimum !== undefined && value <= param.exclusiveMinimum) return;
  const under = (m: number) => (low ? m < value : m > value) || (strict && m === value);
  const measure = (v: unknown) =>
    ofValue
      ? typeof v === "number"
        ? v
        : undefined
      : typeof v === "string"
        ? Array.from(v).length
        : Array.isArray(v)
          ? v.length
          : undefined;
  for (const given of [param.example, param.default]) {
    const m = measure(given);
    if (m !== undefined && under(m)) {
      note(
        `the document says ${key} ${value} in words only (${quoted}), which its own example or default breaks: ` +
          "left as words",
      );
      return;
    }
  }
  const breaking = taken.find(under);
  if (breaking !== undefined) {
    note(
      `the document says ${key} ${value} in words only (${quoted}), and that ${breaking} is taken as its default: ` +
        "left as words (a call without the value sends none, and the API applies its own default)",
    );
    return;
  }
  param[key] = value;
  note(
    `the document says so in words only (${quoted}): drafted as ${key} ${value}, checked before any request; ` +
      "remove it if the words mean otherwise",
  );
}

/** Each line's sentences (load/sentences.ts), a clause after a semicolon opening as one ("; Max 50") apart. */
function sentencesOf(text: string): string[] {
  return text
    .split(/\s*\n\s*/)
    .flatMap((line) => sentences(line))
    .flatMap((s) => s.split(/(?<=;)\s+(?=[A-Z(])/))
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Each limit the sentence states of the value itself, unconditionally. */
function sayings(sentence: string, own: ReadonlySet<string>, measured: ReadonlySet<string>): Said[] {
  const hedges = [...sentence.matchAll(CONDITIONAL)].map((m) => (m[1] ?? "").toLowerCase().replace(/\s+/g, " "));
  // A length "max 500 characters by default" is the service's default limit, one a call cannot pass (a server's
  // admin may set another); a number "up to 100 by default" is a default value, no limit.
  const lengthOnly = hedges.length > 0 && hedges.every((h) => h === "by default");
  if ((hedges.length && !lengthOnly) || FOR_KIND.test(sentence)) return [];
  const varies = [...sentence.matchAll(VARIES_BY)].map((m) => m.index);
  const about = [...sentence.matchAll(ABOUT_ACCOUNT)].map((m) => m.index);
  const found: Said[] = [];
  for (const { re, kind, length } of SAYINGS)
    for (const match of sentence.matchAll(re)) {
      const unit = match
        .slice(1)
        .find((g) => g !== undefined && !/\d/.test(g))
        ?.trim();
      // A unit written onto the number ("up to 10MB", "max 5s", "at most 50%") measures something else than the value.
      if (!unit && /^[A-Za-z%°]/.test(sentence.slice(match.index + match[0].length))) continue;
      // A qualifier after it ("no more than 35 for automated snapshots"), or another value beside the range
      // ("between 1 and 6 or 0 to not require reviewers"): the limit does not always hold.
      let after = `${unit && CONNECTORS.test(unit) ? unit : ""} ${sentence.slice(match.index + match[0].length)}`;
      const past = kind === "max" ? PAST_IT.exec(after) : null;
      if (past && numberOf(past[1] ?? "") === numberOf(match.slice(1).find((g) => g && /\d/.test(g)) ?? "")) after = "";
      if (!ofTheValue(sentence.slice(0, match.index), own) || /\bfor\b|^\W*or\s+[-+]?\d/i.test(after)) continue;
      // A clause joined to the one before ("hours cannot be negative, and must be less than 1000") speaks of its
      // subject.
      const joined = /(?:^|[,;]\s*)(?:and|or)\s+[^,;]*$/i.exec(sentence.slice(0, match.index));
      if (
        kind === "below" &&
        (!CLAUSE_END.test(after) || (joined && !ofTheValue(sentence.slice(0, joined.index), own)))
      )
        continue;
      // A number the value may pass ("a limit of 1 or above", "up to 20 or more") bounds nothing on that side.
      if (kind === "max" && PASSED.test(after)) continue;
      const numbers = match
        .slice(1)
        .filter((g) => g !== undefined && /\d/.test(g))
        .map(numberOf);
      const inUnit = unit !== undefined && OTHER_UNITS.test(unit) && measured.has(unit.toLowerCase().replace(/s$/, ""));
      const said = saidOf(kind, numbers, inUnit ? undefined : unit, length === true);
      // "up to 10" of a parameter given several times counts them; a list's items say so by their unit.
      if (said?.of === "value" && GIVEN_MANY.test(sentence)) continue;
      if (lengthOnly && said?.of !== "length") continue;
      if (varies.length) continue;
      if (about.length && (said?.of !== "length" || about.some((at) => at >= match.index))) continue;
      if (said && !found.some((f) => f.of === said.of && f.low === said.low && f.high === said.high))
        found.push({ ...said, ...stepOf(sentence), sentence });
    }
  return found;
}

function saidOf(kind: string, n: number[], unit: string | undefined, length: boolean): Omit<Said, "sentence"> | null {
  // A unit of its own after the number ("20 km", "100 bytes") measures something else than the value, or its length.
  const of: Of | undefined =
    unit && OTHER_UNITS.test(unit)
      ? undefined
      : length || kind === "fewer" || (unit && LENGTH_UNITS.test(unit))
        ? "length"
        : !unit || CONNECTORS.test(unit)
          ? "value"
          : /s$/i.test(unit) && kind !== "min"
            ? "items"
            : undefined;
  if (of === undefined || n.some((v) => Number.isNaN(v))) return null;
  const [first, second] = n;
  if (first === undefined) return null;
  if (kind === "range") return second !== undefined && first <= second ? { of, low: first, high: second } : null;
  if (kind === "above") return of === "value" ? { of, low: first, above: true } : null;
  if (kind === "below") return of === "value" ? { of, high: first, below: true } : null;
  return kind === "min" ? { of, low: first } : { of, high: first };
}

/** Whether the clause before a saying speaks of no other thing than the value (or of the value by its name). */
function ofTheValue(before: string, own: ReadonlySet<string>): boolean {
  const clause = before.split(/[,;:(]\s*|\s+-\s+|\bbut\b/).at(-1) ?? "";
  return clause
    .toLowerCase()
    .split(/[^a-z0-9-]+/)
    .filter((w) => w && !/^\d/.test(w))
    .every((w) => GENERIC.has(w) || own.has(w));
}

function numberOf(text: string): number {
  return Number(text.replace(/,/g, "").replace("−", "-").replace(/^\+/, ""));
}

function stepOf(sentence: string): { step?: number } {
  const m = new RegExp(String.raw`\bin\s+(?:steps of\s+)?${N}(?:\s+increments|\s+steps)?\b`, "i").exec(sentence);
  const step = m?.[1] && /increments|steps/i.test(m[0]) ? numberOf(m[1]) : undefined;
  return step !== undefined && step > 0 ? { step } : {};
}

/** A text's numeric range of a stated step (`-1` to `1` in `0.1` increments): the pattern of its few values. */
function textRange(param: ManifestParam, said: Said[], note: (t: string) => void): void {
  const ranges = said.filter((s) => s.of === "value" && s.low !== undefined && s.high !== undefined && s.step);
  const range = ranges.length === 1 ? ranges[0] : undefined;
  const [low, high, step] = [range?.low, range?.high, range?.step];
  if (!range || low === undefined || high === undefined || step === undefined) return;
  const digits = (String(step).split(".")[1] ?? "").length;
  const count = Math.round((high - low) / step) + 1;
  if (
    count > 64 ||
    Math.abs(low + (count - 1) * step - high) > 1e-9 ||
    Math.abs(low / step - Math.round(low / step)) > 1e-9
  )
    return;
  const values = Array.from({ length: count }, (_, i) => String(Number((low + i * step).toFixed(digits))));
  const given = [param.example, param.default].filter((v) => v !== undefined).map(String);
  if (given.some((g) => !values.includes(g))) return;
  param.pattern = `^(?:${values.map((v) => v.replace(/\./g, "\\.")).join("|")})$`;
  const some = `${values[0]}, ${values[1]}, …, ${values.at(-1)}`;
  param.patternHint = `a number from ${low} to ${high} in steps of ${step} (${some})`;
  note(
    `the document says so in words only (${JSON.stringify(range.sentence)}): drafted as the pattern of its ` +
      `${count} values (${some}), checked before any request; remove it ` +
      "if the words mean otherwise",
  );
}

/**
 * The longest length, in characters or bytes, that `description` names anywhere ("up to 1,024 characters", "at most
 * 1,024 bytes long", "if single string, up to 1024 characters"), however the words hedge it, or 0: a text's words
 * that say it may be that long, so a default cap below it refuses a value the document allows (a byte bounds the
 * characters too: each is one byte or more). Bytes count only as a length's ("up to", "long"): "the first 262144
 * bytes" of "a 2,469,036 byte file" are a file's, not the value's.
 */
export function statedLength(description: unknown): number {
  if (typeof description !== "string" || !/\d/.test(description)) return 0;
  const text = plainText(description);
  const lengths = [
    ...text.matchAll(new RegExp(String.raw`${N}\s*(?:-\s*)?(?:characters?|chars?)\b`, "gi")),
    ...text.matchAll(new RegExp(String.raw`\b(?:up to|at most|no more than|maximum of)\s+${N}\s*bytes\b`, "gi")),
    ...text.matchAll(new RegExp(String.raw`${N}\s*bytes\s+long\b`, "gi")),
    ...text.matchAll(new RegExp(String.raw`\blength(?:\s+limit)?\s+(?:of|is)\s+${N}`, "gi")),
  ].map((m) => numberOf(m[1] ?? ""));
  return Math.max(0, ...lengths.filter((n) => Number.isInteger(n) && n > 0));
}
