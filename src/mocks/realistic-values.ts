// Leaf values of the mocks' realistic answers (sample/schema-sample.ts `realistic`)
// that look like what their field holds: by format first (an email, a URL, a
// recent date-time, a UUID), then by the field's name (an `email` or
// `customer_email` field gets an address, `first_name` a first name, `phone`
// a number, `created_at` a date-time, `amount` a sum), else a few words.
// Drawn from faker (src/vendor/faker.cjs, its English locale), seeded before
// each value from the walk's own generator, and with every date counted from
// a fixed day rather than today: the same seed gives the same values on any
// day. A value that breaks the field's rules (its length, its pattern) is
// refused by the walk, which makes its plain value instead.
import { createRequire } from "node:module";
import type { Faker } from "@faker-js/faker";
import { withRepetitionsAtMost } from "../model/drawable-pattern.js";

/** The day dates are drawn before: fixed, so that answers do not change with the day they are made on. */
const REFERENCE_DAY = Date.UTC(2025, 5, 1);
const YEAR_MS = 365 * 24 * 3600 * 1000;

type Draw = () => number;
type Make = (faker: Faker, draw: Draw) => string;

/** A recent moment before the reference day. */
const moment = (draw: Draw) => new Date(REFERENCE_DAY - Math.floor(draw() * YEAR_MS));
/** That moment as a date-time, to the second. */
const dateTime: Make = (_f, draw) =>
  moment(draw)
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z");

/** Values by format (what the document says the text is). */
const BY_FORMAT: Record<string, Make> = {
  email: (f) => f.internet.email().toLowerCase(),
  "idn-email": (f) => f.internet.email().toLowerCase(),
  uri: (f) => f.internet.url(),
  url: (f) => f.internet.url(),
  iri: (f) => f.internet.url(),
  "uri-reference": (f) => f.internet.url(),
  "date-time": dateTime,
  date: (_f, draw) => moment(draw).toISOString().slice(0, 10),
  time: (_f, draw) => `${moment(draw).toISOString().slice(11, 19)}Z`,
  uuid: (f) => f.string.uuid(),
  hostname: (f) => f.internet.domainName(),
  "idn-hostname": (f) => f.internet.domainName(),
  ipv4: (f) => f.internet.ipv4(),
  ipv6: (f) => f.internet.ipv6(),
  byte: (f) => Buffer.from(f.word.words(2)).toString("base64"),
  password: (f) => f.internet.password({ length: 16 }),
  phone: (f) => f.phone.number({ style: "international" }),
};

/**
 * Formats JSON Schema validators check, the table above does not draw: duration, regex, uri-template, JSON pointers.
 */
const CHECKED_FORMATS = new Set(["duration", "regex", "uri-template", "json-pointer", "relative-json-pointer"]);

/** Values by the field's name (lower case, separators removed), first match wins. */
const BY_NAME: [RegExp, Make][] = [
  [/e?mail(address)?$/, (f) => f.internet.email().toLowerCase()],
  [/(avatar|image|picture|photo|icon|logo|thumbnail)(url|uri)?$/, (f) => f.image.url()],
  [/(url|uri|link|href|website|homepage)$/, (f) => f.internet.url()],
  [/^(firstname|givenname|forename)$/, (f) => f.person.firstName()],
  [/^(lastname|surname|familyname)$/, (f) => f.person.lastName()],
  [/^(username|login|handle|screenname|nickname)$/, (f) => f.internet.username()],
  [/(company|organization|organisation|employer)(name)?$/, (f) => f.company.name()],
  [/filename$/, (f) => f.system.fileName()],
  [
    /^(name|fullname|displayname|contactname|authorname|ownername|customername|personname)$/,
    (f) => f.person.fullName(),
  ],
  [/(phone|mobile|telephone|fax)(number)?$/, (f) => f.phone.number({ style: "international" })],
  [/^city$/, (f) => f.location.city()],
  [/^country$/, (f) => f.location.country()],
  [/^countrycode$/, (f) => f.location.countryCode()],
  [/(zip|zipcode|postcode|postalcode)$/, (f) => f.location.zipCode()],
  [/(street|streetaddress|addressline1|line1)$/, (f) => f.location.streetAddress()],
  [/^(currency|currencycode)$/, (f) => f.finance.currencyCode()],
  [/(color|colour)$/, (f) => f.color.rgb()],
  [/^(ip|ipaddress|remoteip|clientip)$/, (f) => f.internet.ipv4()],
  [/^(domain|hostname|host)$/, (f) => f.internet.domainName()],
  [/^(timezone|tz)$/, (f) => f.location.timeZone()],
  [/^(locale|language|lang)$/, (f) => f.helpers.arrayElement(["en", "en-US", "fr-FR", "de-DE", "es"])],
  [/(jobtitle|occupation)$/, (f) => f.person.jobTitle()],
  [/^(title|subject|headline|summary)$/, (f) => capitalised(f.word.words({ count: { min: 2, max: 5 } }))],
  [
    /(description|body|text|content|message|comment|notes?|bio|details)$/,
    (f) => `${capitalised(f.word.words({ count: { min: 5, max: 12 } }))}.`,
  ],
  [/(createdat|updatedat|modifiedat|deletedat|expiresat|timestamp|date|time|created|updated|modified)$/, dateTime],
  [/(uuid|guid)$/, (f) => f.string.uuid()],
  [
    /(sha1?|sha256|hash|checksum|etag|digest)$/,
    (f) => f.string.hexadecimal({ length: 40, casing: "lower", prefix: "" }),
  ],
  [/(token|secret|apikey)$/, (f) => f.string.alphanumeric(32)],
  [/version$/, (f) => f.system.semver()],
  [/(mimetype|contenttype)$/, (f) => f.system.mimeType()],
  [/(^id|id|key|ref|reference|sku)$/, (f) => f.string.alphanumeric({ length: 14, casing: "lower" })],
  [/code$/, (f) => f.string.alphanumeric({ length: 6, casing: "upper" })],
  [/slug$/, (f) => f.lorem.slug(3)],
];

/** Number ranges by the field's name: [low, high, decimals]. */
const NUMBERS_BY_NAME: [RegExp, number, number, number][] = [
  [/year$/, 1990, 2025, 0],
  [/age$/, 18, 90, 0],
  [/(latitude|lat)$/, -90, 90, 6],
  [/(longitude|lng|lon)$/, -180, 180, 6],
  [/(percent|percentage)$/, 0, 100, 1],
  [/(ratio|rate|score|probability|confidence)$/, 0, 1, 3],
  [/(price|amount|cost|total|balance|fee|salary|revenue|value)$/, 100, 100000, 2],
  [
    /(createdat|updatedat|modifiedat|expiresat|timestamp|created|updated|modified|time|date|expires)$/,
    (REFERENCE_DAY - YEAR_MS) / 1000,
    REFERENCE_DAY / 1000,
    0,
  ],
  [/(count|quantity|qty|size|number|num|length|page|pages|limit|total)/, 1, 100, 0],
  [/id$/, 1, 999999, 0],
];

/** The English faker of the build (src/vendor/faker.cjs), loaded once, when the first realistic value is made. */
let loaded: Faker | undefined;
function englishFaker(): Faker {
  loaded ??= (createRequire(import.meta.url)("../vendor/faker.cjs") as { faker: Faker }).faker;
  return loaded;
}

/** Leaf values drawn from faker, as schema-sample.ts asks for them. */
export function realisticValues(faker: Faker = englishFaker()): RealisticValues {
  const seeded = (draw: Draw, make: Make): string | undefined => {
    faker.seed(Math.floor(draw() * 0x7fffffff));
    try {
      return make(faker, draw);
    } catch {
      return undefined;
    }
  };
  return {
    text(name, rules, draw) {
      const byFormat = rules.format === undefined ? undefined : BY_FORMAT[rules.format];
      if (byFormat) return seeded(draw, byFormat);
      // A format the validator checks but the table does not draw: the walk's plain value of it. One nobody checks
      // (`dateTime`, `color-hex`) says nothing: the field's name still does.
      if (rules.format !== undefined && CHECKED_FORMATS.has(rules.format)) return undefined;
      // faker reads the pattern as a whole value: its anchors are dropped (the walk checks the value against it).
      if (rules.pattern !== undefined)
        return seeded(draw, (f) => f.helpers.fromRegExp(forFaker(rules.pattern as string)));
      const key = normalised(name);
      const byName = BY_NAME.find(([test]) => key !== undefined && test.test(key))?.[1];
      const text = seeded(draw, byName ?? ((f) => f.word.words({ count: { min: 1, max: 3 } })));
      return text === undefined ? undefined : fitted(text, rules.minLength ?? 0, rules.maxLength);
    },
    number(name, range, draw) {
      const key = normalised(name);
      const [, low, high, decimals] = NUMBERS_BY_NAME.find(([test]) => key !== undefined && test.test(key)) ?? [
        /$/,
        range.integer ? 1 : 0,
        1000,
        2,
      ];
      const from = Math.max(low, range.low ?? -Infinity);
      const to = Math.min(high, range.high ?? Infinity);
      // The name's range outside the schema's bounds: within the bounds instead, near their low end.
      const [a, b] =
        from <= to ? [from, to] : [range.low ?? 0, Math.min(range.high ?? Infinity, (range.low ?? 0) + 1000)];
      const value = a + draw() * (b - a);
      return range.integer ? Math.floor(value) : Number(value.toFixed(decimals));
    },
  };
}

/**
 * The most characters past its least count a realistic value repeats a part of a pattern by: faker draws a stated
 * repetition's count evenly between its bounds, and a text of `^.{1,2097152}` (any text up to 2 MB) drew 870,000
 * characters a time, half a second and more of the mock's one thread for each answer made, while every case on the
 * mock waited. A realistic value is a few words; faker's own `+` and `*` (ten at most) are drawn as before.
 */
const REALISTIC_REPEAT = 64;

/**
 * A pattern as faker's fromRegExp reads it: without anchors, its class escapes (`\d`, `\w`) written as classes, no
 * stated repetition longer than REALISTIC_REPEAT past its least count.
 */
function forFaker(pattern: string): string {
  return withRepetitionsAtMost(pattern, REALISTIC_REPEAT, true)
    .replace(/^\^/, "")
    .replace(/(?<!\\)\$$/, "")
    .replace(/\\d/g, "[0-9]")
    .replace(/\\w/g, "[a-zA-Z0-9_]");
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A field name as the tables read it: lower case, no separators (`first_name`, `firstName` → `firstname`). */
function normalised(name: string | undefined): string | undefined {
  return name === undefined ? undefined : name.toLowerCase().replace(/[^a-z0-9]/g, "");
}

/** Free text cut or filled to the length the field allows. */
function fitted(text: string, fewest: number, most: number | undefined): string {
  let out = text;
  while ([...out].length < fewest) out += ` ${text}`;
  if (most !== undefined && [...out].length > most) out = [...out].slice(0, most).join("").trimEnd();
  return [...out].length < fewest ? out.padEnd(fewest, "x") : out;
}

/**
 * Leaf values that look like what a field holds, drawn with `draw` (the same draws, the same value); undefined where
 * none fits.
 */
export interface RealisticValues {
  text(
    name: string | undefined,
    rules: { format?: string; pattern?: string; minLength?: number; maxLength?: number },
    draw: () => number,
  ): string | undefined;
  number(
    name: string | undefined,
    range: { low: number | undefined; high: number | undefined; integer: boolean; int64: boolean },
    draw: () => number,
  ): number | undefined;
}

/** A list's name as one of its items' (`emails` → `email`, `addresses` → `address`). */
export function singular(name: string | undefined): string | undefined {
  if (name === undefined) return undefined;
  if (/ies$/i.test(name)) return `${name.slice(0, -3)}y`;
  if (/(ss|us|is)$/i.test(name)) return name;
  if (/(ses|xes|ches|shes)$/i.test(name)) return name.slice(0, -2);
  return name.replace(/s$/i, "");
}

/** A seeded generator of numbers in [0, 1) (mulberry32): small, fast, the same sequence for the same seed. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A number from a seed and a text, the same for the same pair (a union's branch, a value's draws). */
export function hash(seed: number, text: string): number {
  let h = (seed | 0) ^ 0x9e3779b9;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
