// What the SDK comparison needs to know of one vendor's SDK: a table, kept in
// contract-tests/sdk-judge/<vendor>.ts (data about vendors stays out of
// scripts/): how to make a client that talks to a given address, which SDK
// method is each corpus operation, and the differences that are the SDK's
// own way and not a defect, each with its reason.
import type { Answer } from "./recorder.js";
import type { LogicalCall } from "./logical-call.js";

/**
 * `sdk`: the SDK's own way, not a defect of either (each reads as the
 * document says, or the SDK departs from it); `document`: the SDK knows what
 * the document does not say, so no draft can (add's review notes ask);
 * `design`: a documented choice of Blockwright the SDK does not make;
 * `pending`: a defect of Blockwright whose fix belongs to another line of
 * work (named in `why`), listed until it lands.
 */
export type QuirkKind = "sdk" | "document" | "design" | "pending";

export interface Quirk {
  kind: QuirkKind;
  /** The corpus operation it is seen on (every operation when absent). */
  operation?: string;
  /** The difference's place (`query ?key`, `header name`, `body /pointer`…): exact, or a pattern. */
  at: string | RegExp;
  /** Why it is the SDK's way and not a defect of Blockwright. */
  why: string;
}

export interface SdkAdapter<Client = unknown> {
  /** The corpus vendor (contract-tests/corpus/<vendor>/). */
  vendor: string;
  /** The npm package (a pinned dev dependency); its version is read from its package.json. */
  sdk: string;
  /** The SDK's own default address: the recorder is given its path. */
  base: string;
  /** A client of the SDK that sends to `base` (the recorder), with the call's credential; retries off. */
  client(base: string, call: LogicalCall): Client | Promise<Client>;
  /** Each corpus operation the SDK covers (source.yaml's name), and how the SDK makes that call. */
  operations: Record<string, (client: Client, call: LogicalCall) => unknown>;
  /** Corpus operations the SDK has no method for, each with why. */
  uncovered?: Record<string, string>;
  /** What the recorder answers this SDK (default: a 200 JSON object). */
  answer?: Answer;
  quirks: Quirk[];
}

/** Quirks seen with every SDK of a shape (no vendor in them): each adapter lists those it shows. */
export const SHARED = {
  /** An id written into the path as it is, unescaped. */
  rawPathId: (operation?: string): Quirk => ({
    kind: "sdk",
    ...(operation ? { operation } : {}),
    at: "path",
    why:
      "the SDK writes the id into the path as it is, unescaped (a `/` in it would change the route); " +
      "Blockwright escapes it as a path segment must be (RFC 3986), which reads the same for any id without `/`",
  }),
};

/** The query and body fields of a call as one object (the convention of SDKs whose method takes `params`). */
export function params(call: LogicalCall): Record<string, unknown> {
  const body =
    call.body && typeof call.body === "object" && !(call.body instanceof Blob) && !Array.isArray(call.body)
      ? (call.body as Record<string, unknown>)
      : {};
  return { ...call.query, ...body };
}

/** The path parameters in the template's order. */
export function pathArgs(call: LogicalCall): unknown[] {
  return call.pathOrder.map((n) => call.path[n]);
}

const camel = (key: string) =>
  key.replace(/[_-]+([a-z0-9])/gi, (_, c: string) => c.toUpperCase()).replace(/^[A-Z]/, (c) => c.toLowerCase());

/**
 * An object's keys in camelCase (`top_k`, `Body` → `topK`, `body`), at every depth when `deep`: SDKs that take
 * camelCase names and write the wire's.
 */
export function camelKeys(value: unknown, deep = true): unknown {
  if (Array.isArray(value)) return deep ? value.map((v) => camelKeys(v, deep)) : value;
  if (!value || typeof value !== "object" || value instanceof Blob) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [camel(k), deep ? camelKeys(v, deep) : v]));
}
