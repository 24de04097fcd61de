// The schemas the example check validates against (example-walker.ts), each registered under `<file URL>#<pointer>` as
// @cfworker/json-schema resolves `$ref`s, through copies made JSON Schema: each outermost schema the walk met (a root)
// is copied with the schemas inside it, its registered schemas lose their `example` and extensions (`x-…`: only
// schemas are registered, never example or extension data, whose `id` or `$id` keys the validator would take for
// schema identifiers) and their `format` (unless checked), then it is made JSON Schema (openapi-json-schema.ts) and
// registered.
//
// A root is copied and registered when a check first needs it (its own schema, or one a `$ref` leads to): a whole
// published document's examples reach a part of its schemas, and copying every one of them was a third of the check.
// What is registered, and in which order its keys are listed (the validator names them all when a `$ref` does not
// resolve), is the same as registering every root in turn: a key no root holds registers every root, in their order.
import { pathToFileURL } from "node:url";
import { dereference, type Schema } from "@cfworker/json-schema";
import { valueAt } from "../json-ref.js";
import { pointerSegment, registeredHere } from "./schema-registration.js";
import { asValidatorReads, withMovedShapesAtTheirPlaces, type Wrap, wrapNullable } from "../openapi-json-schema.js";
import { type KnownExtensions, knownExtensions, withBaseRefsAsKinds } from "../schemas/base-kinds.js";
import { markBaseKinds, withDiscriminatedKinds } from "../schemas/kinds-read.js";

type Node = Record<string, unknown>;
type Path = (string | number)[];

/** A schema the walk met: its file, its place there and its value. */
export interface SchemaAt {
  file: string;
  path: Path;
  value: unknown;
}

/** A place met on the way to a schema: the root of the schema there, if one is, and the places inside it by key. */
interface Place {
  root?: Root;
  children?: Map<string, Place>;
}

/** An outermost schema, the schemas registered inside it (relative paths), and once registered, the keys it added. */
interface Root {
  at: SchemaAt;
  inner: Path[];
  keys?: string[];
}

export class SchemaLookup {
  private readonly roots: Root[] = [];
  /** Each root by the key its own schema registers under (all its schemas' keys start with it). */
  private readonly byKey = new Map<string, Root>();
  private readonly target: Record<string, Schema | boolean> = {};
  /** The extensions of each file read as kinds: none where it holds no discriminated base (basesOf). */
  private readonly bases = new Map<unknown, KnownExtensions>();
  /** Every root registered and their keys in the roots' order. */
  private whole = false;
  /**
   * Schemas registered in place of another under the same key (an `$anchor` or an `$id` with a fragment naming a
   * place already registered): a check's answer kept from before may no longer be the validator's.
   */
  replaced = 0;

  /**
   * `kindsIn`: the parsed file whose references to a discriminated base are read as the union of its kinds
   * (load/schemas/base-kinds.ts), and whose discriminated unions as their kinds (discriminated-kinds.ts): an example's
   * check, the mocks serve an answer and the judge holds a value so; none, as written.
   */
  constructor(
    schemas: readonly SchemaAt[],
    private readonly is31: boolean,
    private readonly formats: ReadonlySet<string>,
    private readonly kindsIn?: (file: string) => unknown,
  ) {
    // Parents before children; a schema's nearest ancestor met before it gives its root. The places met are a tree by
    // path segment, walked down once a schema (a key joined for every ancestor was most of this on a whole published
    // document: 8,257 schemas).
    const tops = new Map<string, Place>();
    for (const at of byDepth(schemas)) {
      let top = tops.get(at.file);
      if (!top) tops.set(at.file, (top = {}));
      const place = placeAt(top, at.path);
      let root = nearestRoot;
      const inner = root ? at.path.slice(root.at.path.length) : [];
      // A place its root's value does not have (a schema met through another root's alias) is not registered.
      if (root && !isNode(valueAt(root.at.value, inner))) continue;
      if (!root && !isNode(at.value)) continue;
      if (root) root.inner.push(inner);
      else {
        root = { at, inner: [[]] };
        this.roots.push(root);
        this.byKey.set(registeredKey(at.file, at.path), root);
      }
      place.root = root;
    }
  }

  /** Every root registered, in order: the lookup whole (for checks of values the caller has not said). */
  all(): Record<string, Schema | boolean> {
    if (this.whole) return this.target;
    this.whole = true;
    for (const root of this.roots) this.register(root);
    // Keys in the roots' order, as registering them in turn lists them.
    const entries = this.roots.flatMap((root) => (root.keys ?? []).map((key) => [key, this.target[key]] as const));
    for (const key of Object.keys(this.target)) delete this.target[key];
    for (const [key, schema] of entries) if (schema !== undefined) this.target[key] = schema;
    return this.target;
  }

  /** The lookup, each root registered when a key of it is first read. */
  lazy(): Record<string, Schema | boolean> {
    return new Proxy(this.target, {
      get: (target, key) => {
        if (typeof key !== "string" || Object.hasOwn(target, key)) return Reflect.get(target, key);
        const root = this.rootHolding(key);
        if (root && !root.keys) this.register(root);
        return Object.hasOwn(target, key) ? target[key] : this.all()[key];
      },
    });
  }

  /** The root whose own key starts `key` at a segment's end. */
  private rootHolding(key: string): Root | undefined {
    const hash = key.indexOf("#");
    if (hash < 0) return this.byKey.get(key);
    for (let end = key.length; end > hash; end = key.lastIndexOf("/", end - 1)) {
      const root = this.byKey.get(key.slice(0, end));
      if (root) return root;
    }
    return this.byKey.get(key.slice(0, hash));
  }

  /** A root's copy, its registered schemas without their examples, extensions and unchecked formats. */
  private cleanCopy(root: Root): Node {
    const registered = new Set<object>();
    for (const inner of root.inner) {
      const node = valueAt(root.at.value, inner);
      if (isNode(node) && !Array.isArray(node)) registered.add(node);
    }
    return copyLeavingOut(root.at.value, registered, this.formats, new Map()) as Node;
  }

  /**
   * A parsed file's extensions (withBaseRefsAsKinds has nothing to read where no schema is a discriminated base), read
   * once a file and handed to each root's reading: each reading lists the file's component schemas (GitHub's whole
   * document: 885 roots registered, each listing them again; a Graph subset's roots listed them once each and once
   * for each base they name, a quarter of its example check). The files do not change while a lookup is made.
   */
  private basesOf(file: unknown): KnownExtensions {
    let known = this.bases.get(file);
    if (known === undefined) this.bases.set(file, (known = knownExtensions(file)));
    return known;
  }

  /** A root copied, made JSON Schema and registered; the keys it added recorded (a name given twice stops it). */
  private register(root: Root): void {
    if (root.keys) return;
    const keys: string[] = [];
    root.keys = keys;
    const wraps: Wrap[] = [];
    const copy = asValidatorReads(this.cleanCopy(root), () => this.cleanCopy(root), this.is31 ? undefined : wraps);
    const target = this.target;
    const recording = new Proxy(target, {
      set: (t, key, value) => {
        if (typeof key === "string" && !Object.hasOwn(t, key)) keys.push(key);
        else if (t[key as string] !== value) this.replaced++;
        return Reflect.set(t, key, value);
      },
    });
    try {
      const base = new URL(fileHref(root.at.file));
      const at = pointer(root.at.path);
      // Registered as `dereference` does, without its work for keys that hold no schema (schema-registration.ts).
      if (!registeredHere(copy as Schema, target, base, at, keys)) dereference(copy as Schema, recording, base, at);
      withMovedShapesAtTheirPlaces(recording, [...keys]);
      const file = this.kindsIn?.(root.at.file);
      if (file !== undefined) {
        const known = this.basesOf(file);
        if (known.extensions)
          withBaseRefsAsKinds(Object.fromEntries(keys.map((key) => [key, target[key]])), file, markBaseKinds, known);
        // A discriminated union as the judge reads it, its shapes (another root's, registered when read) named by its
        // property's value: not the `anyOf` asValidatorReads made of it.
        withDiscriminatedKinds(this.lazy(), file, [...keys]);
      }
    } catch {
      // A schema named twice (an `$id` of its own): checks against it say they cannot resolve it.
    }
    if (!wraps.length) return;
    const own: Record<string, Schema | boolean> = {};
    for (const key of keys) own[key] = target[key] as Schema | boolean;
    wrapNullable(wraps, own);
    for (const key of keys) target[key] = own[key] as Schema | boolean;
  }
}

/**
 * A copy of parsed data as structuredClone makes it (a value met twice, through a YAML alias, copied once and shared;
 * a value that is neither a list nor a plain object, a YAML timestamp's Date, structured-cloned), in which each
 * registered schema (an object of `registered`) is made without its `example`, its extensions (`x-…`: the validator
 * walks any key it does not know as a schema, and `x-weights: {id: low}` named a schema `low` twice, leaving the rest
 * of the root unregistered) and its `format` unless `formats` checks it. Made so rather than structured-cloned and
 * deleted from: the copy's objects keep V8's fast layout, which a delete gives up, and nothing is copied only to go.
 */
export function copyLeavingOut(
  value: unknown,
  registered: ReadonlySet<object>,
  formats: ReadonlySet<string>,
  copies: Map<object, unknown>,
): unknown {
  if (value === null || typeof value !== "object") return value;
  const known = copies.get(value);
  if (known !== undefined) return known;
  if (Array.isArray(value)) {
    const list: unknown[] = [];
    copies.set(value, list);
    for (const item of value) list.push(copyLeavingOut(item, registered, formats, copies));
    return list;
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) {
    const cloned = structuredClone(value);
    copies.set(value, cloned);
    return cloned;
  }
  const source = value as Node;
  const node: Node = {};
  copies.set(value, node);
  const schema = registered.has(value);
  const format = schema && typeof source.format === "string" && formats.has(source.format) ? source.format : undefined;
  for (const key of Object.keys(source)) {
    if (schema && (key === "example" || key.startsWith("x-") || (key === "format" && format === undefined))) continue;
    const item = copyLeavingOut(source[key], registered, formats, copies);
    if (key === "__proto__")
      Object.defineProperty(node, key, { value: item, enumerable: true, writable: true, configurable: true });
    else node[key] = item;
  }
  if (format !== undefined) boundAsMocksRead(node, format, formats);
  return node;
}

/**
 * The schemas by the length of their paths, in the order met where two are as long: as a stable sort orders them,
 * without a comparison's call (some 100,000 of them for a whole published document's 8,257 schemas, in code not yet
 * optimised).
 */
export function byDepth(schemas: readonly SchemaAt[]): SchemaAt[] {
  const levels: SchemaAt[][] = [];
  for (const at of schemas) (levels[at.path.length] ??= []).push(at);
  const out: SchemaAt[] = [];
  for (const level of levels) if (level) for (const at of level) out.push(at);
  return out;
}

/** The nearest root placeAt passed on its way down (a module's variable: no object made for each of 8,257 calls). */
let nearestRoot: Root | undefined;

/**
 * The place at `path` below `top`, made where missing; the nearest root above it left in nearestRoot. A function of
 * its own, called once a schema: V8 optimises it after a few calls, where the constructor's loop, run once, stayed in
 * the interpreter far longer (about 10 ms of a whole published document's 8,257 schemas).
 */
function placeAt(top: Place, path: Path): Place {
  let place = top;
  let root: Root | undefined;
  for (const segment of path) {
    root = place.root ?? root;
    place.children ??= new Map();
    const key = String(segment);
    let next = place.children.get(key);
    if (!next) place.children.set(key, (next = {}));
    place = next;
  }
  nearestRoot = root;
  return place;
}

const isNode = (value: unknown): value is Node => value !== null && typeof value === "object";

/**
 * The range the mocks (Prism, through @stoplight/http-spec) give a whole-number format. An int64's is the safe
 * integers (a published example of 2339264502380679700 fails there), an int32's ±2^31.
 */
const WHOLE_NUMBER_RANGES: Readonly<Record<string, readonly [number, number]>> = {
  int32: [-(2 ** 31), 2 ** 31 - 1],
  int64: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
};

/** The range the mocks give a whole-number format (int32, int64), or none. */
export function wholeNumberRange(format: unknown): readonly [number, number] | undefined {
  return typeof format === "string" && Object.hasOwn(WHOLE_NUMBER_RANGES, format)
    ? WHOLE_NUMBER_RANGES[format]
    : undefined;
}

/**
 * An email as the mocks' validator reads it (Prism's ajv-formats, its full mode: a dot in the domain), where the caller
 * checks formats so (the examples: `abb123@123`, an address by RFC 5321 and by @cfworker/json-schema, failed every
 * mock answer that served it); the registered format is openapi-examples.ts's.
 */
export const EMAIL_AS_MOCKS_READ = "email, as the mocks' validator reads it: a dot in the domain";

/**
 * A time of day as the mocks' validator reads it (ajv-formats: the offset optional, `13:22:00`), where the caller
 * checks formats so: @cfworker/json-schema's `time` wants an offset, which a request need not carry. The registered
 * format is openapi-examples.ts's, format-texts.ts's pattern, which add drafts and the link places in JSON values.
 */
export const TIME_AS_MOCKS_READ = "time, as the mocks' validator reads it: the offset optional";

/**
 * A format as the mocks read it: a whole-number format's range within the schema's own bounds (the validator here
 * knows no numeric format), an email or a time held to the mocks' reading where `formats` asks for it.
 */
function boundAsMocksRead(node: Node, format: string, formats: ReadonlySet<string>): void {
  if (format === "email" && formats.has(EMAIL_AS_MOCKS_READ)) node.format = EMAIL_AS_MOCKS_READ;
  if (format === "time" && formats.has(TIME_AS_MOCKS_READ)) node.format = TIME_AS_MOCKS_READ;
  const range = wholeNumberRange(format);
  if (!range) return;
  const [low, high] = range;
  node.minimum = typeof node.minimum === "number" ? Math.max(node.minimum, low) : low;
  node.maximum = typeof node.maximum === "number" ? Math.min(node.maximum, high) : high;
}

/**
 * A JSON pointer written as the validator writes the ones it registers (a whole published document's 8,257 schemas and
 * 3,000 checks write some 75,000 segments: each found once, schema-registration.ts).
 */
export function pointer(path: Path): string {
  let out = "";
  for (const segment of path) out += `/${pointerSegment(String(segment))}`;
  return out;
}

/** The key the validator registers a root's own schema under. */
function registeredKey(file: string, path: Path): string {
  const at = pointer(path);
  return `${fileHref(file)}${at ? `#${at}` : ""}`;
}

/** A file's URL, made once a file: each schema registered and each example checked asks for it. */
const fileHrefs = new Map<string, string>();

/** `pathToFileURL(file).href`, remembered (a few files a document; emptied past 256). */
export function fileHref(file: string): string {
  let href = fileHrefs.get(file);
  if (href === undefined) {
    if (fileHrefs.size >= 256) fileHrefs.clear();
    fileHrefs.set(file, (href = pathToFileURL(file).href));
  }
  return href;
}
