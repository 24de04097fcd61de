// What the loaded document says in ways its readers would take differently,
// rewritten once on load so that the example check, the link, the suite and
// the mocks all read one value (openapi-source.ts applies them in order).
//
// A local `$ref` that is an example's value (`value: {$ref:
// '#/components/schemas/X/example'}`), or a `$ref` to another example's value
// inside one (`tracks: {$ref: '#/components/examples/Track/value'}`), read as
// the value it names. OpenAPI takes an example's value literally, but Prism's bundler
// follows the `$ref` (and served `{"$ref": "#/__bundled__/example"}`, which
// names nothing) while the suite read the literal.
//
// A schema's `pattern` written between slashes, as a JavaScript literal
// (`/^[a-z0-9._]+$/`), read as what is between them. JSON Schema takes the
// slashes as characters, and then no text matches (a slash before `^`, or
// after `$`): the upstream's own example broke it, mocks could answer nothing
// that passed it, and a parameter with it could not be sent. Each is said
// where it is (BW1206).
import { caseInsensitiveReading } from "../common/case-insensitive-pattern.js";
import { followLocalRefs } from "./json-ref.js";
import { collapsedRepeats } from "@blockwright/runtime/internal/generate";

type Node = Record<string, unknown>;

/**
 * JSON Schema's maps of named schemas, which a schema validator walks as such: a member is named by its key (a property
 * called `example`, `pattern` or `id` is none of those keywords).
 */
export const SCHEMA_MAPS: ReadonlySet<string> = new Set([
  "properties",
  "patternProperties",
  "$defs",
  "definitions",
  "dependentSchemas",
]);

/**
 * Those, and OpenAPI's maps of names: every map a walk of a document meets whose keys are names, not keywords (here,
 * the mocks' sampler, add's cut). Below one a key is a name: the `default` response, a header or a form field called
 * `x-request-id`, which a walk skipping `x-` extensions had left out (an answer header's pattern then had no made
 * value the mocks' sampler could check, and Prism's own broke it).
 */
export const NAME_MAPS: ReadonlySet<string> = new Set([
  ...SCHEMA_MAPS,
  "schemas",
  "responses",
  "headers",
  "content",
  "encoding",
  "links",
  "callbacks",
  "webhooks",
  "variables",
  "scopes",
  "mapping",
  "parameters",
  "requestBodies",
  "securitySchemes",
  "pathItems",
]);

/** Whether `path` passes through an `x-` key that is an extension, not a name in one of OpenAPI's maps of names. */
export function inExtension(path: readonly (string | number)[]): boolean {
  return path.some(
    (key, i) => typeof key === "string" && key.startsWith("x-") && !(i > 0 && NAME_MAPS.has(String(path[i - 1]))),
  );
}

/** Keys whose values are data, not a document's objects. */
const DATA_KEYS = new Set(["default", "enum", "const", "example", "examples"]);

/** Local `$ref`s followed within one example value, at most: a densely linked example stays bounded. */
const EXAMPLE_REFS = 200;

/**
 * Replace, in `document` itself, each example value (`example`, `examples.<name>.value`) that is only a local `$ref`,
 * and each value inside one that is only a `$ref` to another example's value (namesExampleValue), by a copy of what it
 * names, itself so read; one naming nothing, or one already followed on the way (a cycle), is left.
 */
export function followExampleRefs(document: unknown): void {
  walkKeywords(document, exampleFollower(document).visit);
}

/**
 * followExampleRefs' visit of a key, and whether it has followed a `$ref` yet (a value replaced by a copy of what it
 * names: the document's objects are then not all as they were).
 */
function exampleFollower(document: unknown): { visit: (own: Node, key: string) => void; followed: () => boolean } {
  let budget = EXAMPLE_REFS;
  let followed = false;
  // `above`: the `$ref`s followed on the way here; `whole`: the value is an example's whole value.
  const follow = (value: unknown, above: readonly string[], whole: boolean): unknown => {
    if (isLocalRef(value) && (whole || namesExampleValue(value.$ref))) {
      if (above.includes(value.$ref) || budget-- <= 0) return value;
      const target = followLocalRefs(document, value);
      if (target === undefined) return value;
      followed = true;
      return inside(structuredClone(target), [...above, value.$ref]);
    }
    return inside(value, above);
  };
  const inside = (value: unknown, above: readonly string[]): unknown => {
    if (Array.isArray(value)) for (const [i, item] of value.entries()) value[i] = follow(item, above, false);
    else if (isNode(value)) for (const key of Object.keys(value)) value[key] = follow(value[key], above, false);
    return value;
  };
  const read = (value: unknown) => {
    budget = EXAMPLE_REFS;
    return follow(value, [], true);
  };
  const visit = (own: Node, key: string) => {
    if (key === "example") own[key] = read(own[key]);
    else if (key === "examples" && isNode(own[key])) {
      for (const entry of Object.values(own[key]))
        if (isNode(entry) && "value" in entry) entry.value = read(entry.value);
    }
  };
  return { visit, followed: () => followed };
}

/**
 * followExampleRefs, then readDelimitedPatterns, of one document, in one walk of its keywords where that gives the
 * same (each walk of a whole published document is tens of milliseconds): the example values are followed as the walk
 * meets them, the patterns only taken down, and rewritten once it ends. Following a `$ref` puts a copy of what it
 * names in the document (which, as before, holds the patterns as written); the patterns are then read by a walk of
 * their own, after, as readDelimitedPatterns reads them.
 */
export function rewriteOnLoad(document: unknown, unions?: DiscriminatedUnion[]): DelimitedPattern[] {
  const examples = exampleFollower(document);
  const patterns = patternReader();
  walkKeywords(
    document,
    (own, key, at) => {
      examples.visit(own, key);
      patterns.visit(own, key, at);
    },
    unions && ((own) => isDiscriminatedUnion(own) && unions.push(own)),
  );
  // Met as each one's walk ends, then reversed: the order of a walk that steps into an object's last member first,
  // unnarrowed-kinds.ts's own, whose warnings come in that order.
  unions?.reverse();
  return examples.followed() ? readDelimitedPatterns(document) : patterns.apply();
}

/** An object holding a `discriminator` (a mapping naming its property) beside a `oneOf` list: a discriminated union. */
export type DiscriminatedUnion = Node & { discriminator: Node & { propertyName: string }; oneOf: unknown[] };

export function isDiscriminatedUnion(value: Node): value is DiscriminatedUnion {
  const { discriminator } = value;
  return isNode(discriminator) && typeof discriminator.propertyName === "string" && Array.isArray(value.oneOf);
}

/**
 * Whether a `$ref` names an example's value (`#/components/examples/Track/value`, a schema's `…/example`): inside an
 * example, such a `$ref` is read as that value; any other stays the example's own data.
 */
export function namesExampleValue(ref: string): boolean {
  return /\/(examples\/[^/]+\/value|example)$/.test(ref);
}

/** A value that is only a `$ref` within the document (`{"$ref": "#/…"}`). */
export function isLocalRef(value: unknown): value is { $ref: string } {
  return (
    isNode(value) && Object.keys(value).length === 1 && typeof value.$ref === "string" && value.$ref.startsWith("#/")
  );
}

/**
 * Call `visit` with each key of every object of the document that holds its keywords, and a function giving where the
 * object is (its path from the root, keys as given): one path is extended and cut back as the walk goes, copied only
 * when asked for (a crumb made for every node was a third of the walk's time on a whole published document).
 * Not walked into: data (defaults, enums, consts, examples, `x-` extensions), whose keys are no keywords; the keys of a
 * map of names (`properties`, `schemas`…) are names, each naming such an object.
 */
function walkKeywords(
  document: unknown,
  visit: (own: Node, key: string, at: () => string[]) => void,
  /** Each object holding keywords once its members are walked. */
  after?: (own: Node) => void,
): void {
  const seen = new Set<unknown>();
  const path: (string | number)[] = [];
  const at = () => path.map(String);
  const walk = (node: object, names: boolean): void => {
    if (seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        const item: unknown = node[i];
        if (item === null || typeof item !== "object") continue;
        path.push(i);
        walk(item, false);
        path.pop();
      }
      return;
    }
    const own = node as Node;
    // `for…in`: Object.keys made an array and an iterator's results at each node, in code the compilers have not
    // optimised yet (generate's collector runs by the bytes allocated).
    for (const key in own) {
      if (!Object.hasOwn(own, key)) continue;
      if (!names) {
        visit(own, key, at);
        if (DATA_KEYS.has(key) || key.startsWith("x-")) continue;
      }
      const value = own[key];
      if (value === null || typeof value !== "object") continue;
      path.push(key);
      walk(value, !names && NAME_MAPS.has(key));
      path.pop();
    }
    if (!names) after?.(own);
  };
  if (document !== null && typeof document === "object") walk(document, false);
}

function isNode(value: unknown): value is Node {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/**
 * A pattern between slashes whose literal reading matches nothing: `^` right after the opening slash, or `$` right
 * before the closing one (flags none).
 */
const DELIMITED = /^\/(\^.*|.*\$)\/$/s;

/** A pattern rewritten: where it is (keys from the document's root), as written, and as read. */
export interface DelimitedPattern {
  path: string[];
  written: string;
  read: string;
}

/**
 * Rewrite, in `document` itself, each such pattern to what is between its slashes (when that compiles); the ones
 * rewritten. Any pattern is also read without its identity escapes (unicodeReading), which changes no match.
 */
export function readDelimitedPatterns(document: unknown): DelimitedPattern[] {
  const patterns = patternReader();
  walkKeywords(document, patterns.visit);
  return patterns.apply();
}

/**
 * readDelimitedPatterns' visit of a key, which takes down each pattern and how it reads, and the rewrite of those
 * taken down, in the order met; the ones rewritten from between slashes.
 */
function patternReader(): {
  visit: (own: Node, key: string, at: () => string[]) => void;
  apply: () => DelimitedPattern[];
} {
  const owners: Node[] = [];
  const reads: string[] = [];
  const found: DelimitedPattern[] = [];
  const visit = (own: Node, key: string, at: () => string[]) => {
    const written = own[key];
    if (key !== "pattern" || typeof written !== "string") return;
    const read = innerPattern(written);
    if (read !== undefined) found.push({ path: [...at(), key], written, read });
    owners.push(own);
    reads.push(read ?? plainReading(written) ?? written);
  };
  const apply = () => {
    for (let i = 0; i < owners.length; i++) (owners[i] as Node).pattern = reads[i];
    return found;
  };
  return { visit, apply };
}

/** A count of repetitions, as ECMAScript reads one: `{n}`, `{n,}`, `{n,m}`. */
const COUNT = /^\{\d+(?:,\d*)?\}/;

/**
 * The braces of a pattern that ECMAScript reads as text, not as a count (`{,2}`, `{1-70}`: counts in other
 * dialects, which a reviewer may mean), each as written; none when the pattern compiles with the Unicode flag.
 */
export function bracesReadAsText(written: string): string[] {
  try {
    new RegExp(written, "u");
    return [];
  } catch {
    // read below
  }
  const found: string[] = [];
  let inClass = false;
  for (let i = 0; i < written.length; i++) {
    const c = written[i] as string;
    if (c === "\\") i++;
    else if (c === "[" && !inClass) inClass = true;
    else if (c === "]" && inClass) inClass = false;
    else if (c === "{" && !inClass) {
      const count = COUNT.exec(written.slice(i))?.[0];
      const text = count ?? /^\{[^{}]*\}?/.exec(written.slice(i))?.[0] ?? c;
      if (!count) found.push(text);
      i += text.length - 1;
    }
  }
  return [...new Set(found)];
}

/**
 * A pattern as the load reads it (between its slashes, without identity escapes, a brace that is no count escaped),
 * or undefined when no reading compiles as JSON Schema's patterns do (Unicode).
 */
export function readPattern(written: string): string | undefined {
  return innerPattern(written) ?? plainReading(written);
}

/** The pattern's inline case-insensitive flags written out (`(?i)`, `(?i:…)`), then read as unicodeReading reads it. */
function plainReading(pattern: string): string | undefined {
  const cased = caseInsensitiveReading(pattern);
  const read = cased === undefined ? undefined : unicodeReading(cased);
  // A repeated group of one repeated atom, as the atom repeated: the same values, in linear time on every engine that
  // reads the document after the load (the examples' validator, the mocks'), where `([\w.-]*)*` took minutes.
  return read === undefined ? undefined : collapsedRepeats(read);
}

/**
 * What is between the slashes of a delimited pattern that compiles as JSON Schema's patterns do (Unicode); undefined
 * otherwise.
 */
function innerPattern(pattern: string): string | undefined {
  const inner = DELIMITED.exec(pattern)?.[1];
  return inner === undefined ? undefined : plainReading(inner);
}

/**
 * The pattern compiled as JSON Schema's patterns are (Unicode), or else as ECMAScript reads it without the Unicode
 * flag, written so that the Unicode flag reads it alike: its identity escapes (`\-`, `\"`, `\_` outside a class: a
 * character that needs none) as the character, and a brace or bracket that is no syntax there (`{,2}`, `{1-70}`: no
 * count; a lone `}` or `]`) as the character escaped, which a Unicode pattern refuses ("Incomplete quantifier", "Lone
 * quantifier brackets"); undefined when that does not compile either.
 */
function unicodeReading(pattern: string): string | undefined {
  const compiles = (text: string) => {
    try {
      new RegExp(text, "u");
      return true;
    } catch {
      return false;
    }
  };
  if (compiles(pattern)) return pattern;
  let out = "";
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i] as string;
    const next = pattern[i + 1];
    if (c === "\\" && next !== undefined) {
      // An escaped character that is no letter, digit or syntax character (nor `-` in a class) means itself.
      const identity = !/[A-Za-z0-9^$\\.*+?()[\]{}|/]/.test(next) && !(inClass && next === "-");
      out += identity ? next : c + next;
      i++;
      continue;
    }
    if (!inClass && (c === "{" || c === "}" || c === "]")) {
      // A count (`{2}`, `{2,}`, `{2,5}`) stays; any other brace, or a bracket closing no class, is the character.
      const count = c === "{" ? COUNT.exec(pattern.slice(i))?.[0] : undefined;
      out += count ?? `\\${c}`;
      i += count ? count.length - 1 : 0;
      continue;
    }
    if (c === "[" && !inClass) inClass = true;
    else if (c === "]" && inClass) inClass = false;
    out += c;
  }
  return out !== pattern && compiles(out) ? out : undefined;
}
