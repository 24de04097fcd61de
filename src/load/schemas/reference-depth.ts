// How deep a document's schemas nest once its local `$ref`s are followed: the text itself nests at most MAX_NESTING
// levels (yaml-source.ts), but a chain of schemas each referring to the next (`A` holds `B` holds `C`…) nests as deep
// as the chain is long, and the walks over schemas (the structure check, the link's, the emitters', the mocks'
// rewrites, the judge's) recurse once or more a level: a chain of about 3,000 schemas overflowed the stack. Measured
// without recursion, and only where a walk overflowed (`refusingTooDeep`): a linear walk of a whole published document
// costs tens of milliseconds to seconds, and a document under the limit never needs it. One deeper than
// MAX_REFERENCED_NESTING is then refused, naming the depth and the pointer of the schema where the walks would stop;
// any other overflow is thrown as it was.
import { type YamlSource, SourceError } from "../yaml-source.js";

type Json = Record<string, unknown>;

/** The levels (objects and arrays, through `$ref`s) a document's schemas may nest. */
export const MAX_REFERENCED_NESTING = 1000;

/** Where a document nests too deep: the pointer of the first schema past the limit, and the levels it is reached at. */
export interface TooDeepReference {
  pointer: string;
  depth: number;
}

/**
 * The first place `document` nests deeper than `limit` levels with its local `$ref`s followed (cycles, which the walks
 * stop at, are cut where they close), or undefined. Each value's height (the deepest level below it) is found once, in
 * an explicit stack, so any chain is measured in time linear in the document's size.
 */
export function tooDeepThroughReferences(
  document: unknown,
  limit = MAX_REFERENCED_NESTING,
): TooDeepReference | undefined {
  const height = new Map<object, number>();
  const open = new Set<object>();
  const targets = new Map<string, object | undefined>();
  const targetOf = (value: object): object | undefined => {
    const ref = (value as Json).$ref;
    if (typeof ref !== "string" || !ref.startsWith("#")) return undefined;
    if (!targets.has(ref)) {
      const target = at(document, ref);
      targets.set(ref, target !== null && typeof target === "object" ? target : undefined);
    }
    return targets.get(ref);
  };
  const children = (value: object): object[] => {
    const list: object[] = [];
    for (const v of Array.isArray(value) ? value : Object.values(value))
      if (v !== null && typeof v === "object") list.push(v);
    const target = Array.isArray(value) ? undefined : targetOf(value);
    if (target) list.push(target);
    return list;
  };
  if (document === null || typeof document !== "object") return undefined;
  // Each frame: a value, its children, and how many are still to measure.
  interface Frame {
    value: object;
    all: object[];
    left: number;
  }
  const enter = (value: object): Frame => {
    open.add(value);
    const all = children(value);
    return { value, all, left: all.length };
  };
  const stack: Frame[] = [enter(document)];
  while (stack.length) {
    const frame = stack[stack.length - 1] as Frame;
    if (frame.left > 0) {
      const child = frame.all[--frame.left] as object;
      if (!height.has(child) && !open.has(child)) stack.push(enter(child));
      continue;
    }
    stack.pop();
    open.delete(frame.value);
    let deepest = 0;
    for (const c of frame.all) deepest = Math.max(deepest, height.get(c) ?? 0);
    height.set(frame.value, deepest + 1);
  }
  if ((height.get(document) ?? 0) <= limit) return undefined;
  // Down the deepest way to the level past the limit, the pointer following each `$ref` taken.
  let value: object = document;
  let pointer = "#";
  for (let level = 1; level <= limit; level++) {
    const want = (height.get(value) ?? 1) - 1;
    const target = targetOf(value);
    if (target && (height.get(target) ?? 0) === want) {
      pointer = String((value as Json).$ref);
      value = target;
      continue;
    }
    const entry = Object.entries(value).find(
      ([, v]) => v !== null && typeof v === "object" && (height.get(v) ?? 0) === want,
    );
    if (!entry) break;
    pointer = `${pointer}/${entry[0].replace(/~/g, "~0").replace(/\//g, "~1")}`;
    value = entry[1] as object;
  }
  return { pointer, depth: height.get(document) ?? 0 };
}

/** The value a local pointer (`#/components/schemas/A`) names in `document`, or undefined. */
function at(document: unknown, ref: string): unknown {
  let value = document;
  for (const raw of ref.slice(1).split("/").slice(1)) {
    const key = decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~");
    if (value === null || typeof value !== "object" || !Object.hasOwn(value, key)) return undefined;
    value = (value as Json)[key];
  }
  return value;
}

/** The refusal of a document nesting too deep through its `$ref`s, naming the depth, the rule and the place. */
export function referencedNestingRule(deep: TooDeepReference, limit = MAX_REFERENCED_NESTING): string {
  return (
    `refused: the schemas nest ${deep.depth} levels deep through their $refs (rule: depth; a document's schemas may ` +
    `nest at most ${limit} levels, $refs followed); the walk stops at ${deep.pointer}`
  );
}

/** The refusal of `source`'s document where it nests too deep (BW1002, at the place the walk stops), or undefined. */
export function tooDeepSourceError(source: YamlSource): SourceError | undefined {
  const deep = tooDeepThroughReferences(source.data);
  if (!deep) return undefined;
  const path = deep.pointer.slice(2).split("/").filter(Boolean);
  const place = source.locate(
    path.map((k) => k.replace(/~1/g, "/").replace(/~0/g, "~")),
    "value",
  );
  return new SourceError("BW1002", place, referencedNestingRule(deep));
}

/**
 * What `run` gives (or the promise it returns resolves to), the document measured only where it fails: then `document`
 * (a YamlSource: refused at its place, BW1002; or plain data: refused by an Error naming the depth, the rule and the
 * pointer) is refused where it nests too deep, and the error is thrown as it was where it does not.
 */
export function refusingTooDeep<T>(document: YamlSource | object, run: () => T): T {
  try {
    const result = run();
    return (
      result instanceof Promise ? result.catch((e: unknown) => Promise.reject(tooDeepOr(e, document))) : result
    ) as T;
  } catch (e) {
    throw tooDeepOr(e, document);
  }
}

/**
 * The refusal of `document` as too deep where it nests too deep; else `e`. Any failure is measured, not V8's
 * overflow alone: an overflow a library's own `try` caught on the way ends as another error ("undefined is not a
 * function", seen in generate and a mock on a chain of 3,000 `oneOf` branches). A failure is rare and a step's error
 * path; a document under the limit is never measured where nothing fails.
 */
export function tooDeepOr(e: unknown, document: YamlSource | object): unknown {
  if (isSource(document)) return tooDeepSourceError(document) ?? e;
  const deep = tooDeepThroughReferences(document);
  return deep ? new Error(referencedNestingRule(deep)) : e;
}

function isSource(value: YamlSource | object): value is YamlSource {
  return typeof (value as YamlSource).locate === "function" && "data" in value;
}
