// The calls `blockwright verify` makes to a live service: for each operation
// that changes nothing upstream (its method reads, or the manifest marks it
// read-only) and each one the user names with --allow-writes, the derived
// suite's valid inputs — the minimal input, a value for each route, each
// value of each enum (answers of other shapes: a full record, a lite one),
// each request example of the spec, each placeholder — with the user's own
// parameters (credential, instance, ids of real records) in place of the spec's. One call per operation comes before
// any operation's second, so that a small request budget still reaches them all.
import {
  authParams,
  oauthParams,
  wayParams,
  toolBehavior,
  type ToolSpec,
  typedText,
} from "@blockwright/runtime/internal";
import type { Subject } from "../contract/types.js";
import { routeValue } from "../contract/kinds/route.js";
import { placeholderValue, valuesOf, type Input } from "../contract/inputs/values.js";

export interface Probe {
  tool: ToolSpec;
  /** `minimal input`, `request example "<name>"`: the derived case it stands for. */
  name: string;
  /** The input as sent, the user's parameters included (secrets resolved). */
  input: Input;
  /**
   * May send a request that changes state (named by --allow-writes, or declared read-only though its method writes).
   */
  mayWrite: boolean;
  /**
   * Sent without its credential (the request's, taken out on the way): what the service answers a call it cannot
   * authenticate.
   */
  withoutCredential?: true;
}

export interface ProbeOptions {
  /** The user's parameters, secrets resolved; each goes to the operations that have it. */
  given: Input;
  /**
   * The names of `given` whose value is a text with no type (`--param`), read as each operation's parameter reads such
   * a text (runtime/validate/text-values.ts), as `call` reads them.
   */
  texts?: ReadonlySet<string>;
  /** Operations whose writes the user allows. */
  allowWrites: ReadonlySet<string>;
  /** Only these operations (all when empty). */
  only?: ReadonlySet<string>;
}

/**
 * Whether verify may call `tool` without --allow-writes: it reads only (by its methods, or as the manifest declares).
 */
export function readsOnly(tool: ToolSpec): boolean {
  return toolBehavior(tool).readOnly;
}

/**
 * The probes of a provider, one per operation first (in the order of its
 * tools), then one call without its credential, then the rest.
 */
export function planProbes(subject: Subject, options: ProbeOptions): Probe[] {
  const rounds: Probe[][] = [];
  for (const tool of subject.tools) {
    if (options.only?.size && !options.only.has(tool.id)) continue;
    const reads = readsOnly(tool);
    if (!reads && !options.allowWrites.has(tool.id)) continue;
    const mayWrite = !reads || tool.method !== "GET" || tool.routes.some((r) => r.method !== "GET");
    // An allowed write is made once (its minimal input): each call changes data.
    const probes = probesOf(subject, tool, options.given, options.texts).slice(0, reads ? undefined : 1);
    probes.forEach((probe, i) => {
      rounds[i] ??= [];
      rounds[i].push({ ...probe, tool, mayWrite });
    });
  }
  // After each operation's first call, one without its credential: the answer to it is the provider's, whichever the
  // operation.
  const [first = [], ...rest] = rounds;
  const secured = first.find((p) => !p.mayWrite && signsWithGivenCredential(subject, p.tool, options.given));
  return [
    ...first,
    ...(secured ? [{ ...secured, name: "without a credential", withoutCredential: true as const }] : []),
    ...rest.flat(),
  ];
}

/**
 * Whether the operation's spec asks for a credential and the user gave the
 * tool's own (not an OAuth 2 flow's parameters: a token would be requested
 * only to be left out).
 */
function signsWithGivenCredential(subject: Subject, tool: ToolSpec, given: Input): boolean {
  const secured = (valuesOf(tool, subject.document).op.security ?? []).length > 0;
  return secured && wayParams(tool.auth).every((p) => Object.hasOwn(given, p));
}

function probesOf(
  subject: Subject,
  tool: ToolSpec,
  given: Input,
  texts?: ReadonlySet<string>,
): { name: string; input: Input }[] {
  const values = valuesOf(tool, subject.document);
  const out: { name: string; input: Input }[] = [];
  const seen = new Set<string>();
  const add = (name: string, derived: Input | undefined) => {
    if (!derived) return;
    const input = withGiven(tool, derived, given, texts);
    const key = JSON.stringify(input);
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ name, input });
  };
  add("minimal input", values.minimal());
  for (const route of tool.routes) {
    const value = routeValue(values, values.param(route.when.param), route.when.pattern);
    if (value !== undefined)
      add(
        `${route.when.param} = ${JSON.stringify(value)} (route to ${route.operationId})`,
        values.with({ [route.when.param]: value }),
      );
  }
  // The user's own value of a parameter is the one to send: no other values of it are tried.
  const own = (p: ToolSpec["params"][number]) => p.wire.in === "server" || Object.hasOwn(given, p.name);
  for (const p of tool.params) {
    if (!p.enum || own(p)) continue;
    for (const v of p.enum) add(`${p.name} = ${JSON.stringify(v)}`, values.with({ [p.name]: v }));
  }
  for (const example of values.requestExamples()) add(`request example "${example.name}"`, example.input);
  for (const p of tool.params) {
    const value = own(p) || p.secret ? undefined : placeholderValue(p);
    if (value !== undefined) add(`placeholder of ${p.name}`, values.with({ [p.name]: value }));
  }
  return out;
}

/**
 * A derived input with the spec's stand-ins for what only the user has taken
 * out (credentials, OAuth flow parameters, the instance address) and the
 * user's parameters put in, a text `--param` gave read as the parameter reads it (`texts`).
 */
function withGiven(tool: ToolSpec, derived: Input, given: Input, texts?: ReadonlySet<string>): Input {
  const standIns = new Set([
    ...authParams(tool.auth),
    ...oauthParams(tool),
    ...(tool.server.param ? [tool.server.param] : []),
  ]);
  for (const p of tool.params) if (p.secret) standIns.add(p.name);
  const input: Input = {};
  for (const [name, value] of Object.entries(derived)) if (!standIns.has(name)) input[name] = value;
  for (const p of tool.params)
    if (Object.hasOwn(given, p.name)) input[p.name] = texts?.has(p.name) ? typedText(p, given[p.name]) : given[p.name];
  return input;
}
