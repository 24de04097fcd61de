// The derived contract suite's shapes: what is tested (a provider's tools and
// its OpenAPI document), the cases derived from them, and what a case needs
// to run. Nothing here depends on a test framework.
import type { PollTriggerSpec, ToolSpec, TriggerSpec } from "@blockwright/runtime/internal";
import type { OpenApiDocument } from "../load/openapi-document.js";
import type { SourcePosition, YamlSource } from "../load/yaml-source.js";
import type { Exchange } from "./exchange.js";

/** One provider under test. */
export interface Subject {
  provider: string;
  tools: ToolSpec[];
  /** Its triggers as linked from the specs (their event schemas included), when it declares any. */
  triggers?: TriggerSpec[];
  /** Its poll triggers as linked (each item's schema included), when it declares any. */
  pollTriggers?: PollTriggerSpec[];
  document: OpenApiDocument;
  /** The manifest as read, when known: the reports name the line a failing case derives from. */
  manifest?: YamlSource;
}

/**
 * Where a case derives from: a place in the provider's manifest or OpenAPI
 * document, as the keys that lead to it (sources.ts finds its line).
 */
export interface CaseSource {
  document: "manifest" | "openapi";
  path: (string | number)[];
}

/** A call a case made: the tool, its input (the mock's address included) and every exchange. */
export interface ObservedCall {
  tool: ToolSpec;
  input: Record<string, unknown>;
  exchanges: Exchange[];
}

/** The kinds of case, each derived by its own module (kinds/<kind>.ts) listed in CASE_KINDS (kinds/index.ts). */
export type CaseKind =
  | "example"
  | "request"
  | "limit"
  | "enum"
  | "rule"
  | "route"
  | "error"
  | "auth"
  | "scenario"
  | "property"
  | "trigger"
  | "poll";

/**
 * Cases not derived from the specs but made by a command from a live service: its answers (`blockwright verify`) and
 * their recordings (`test --replay`); rows of the same table (kinds/index.ts).
 */
export type LiveKind = "live" | "replay";

/** What a case or its result can be: after the derived kinds, the live ones. */
export type ResultKind = CaseKind | LiveKind;

/** One kind of case: for which operations it is derived, and how. */
export interface CaseKindModule {
  /**
   * Whether `tool` gets cases of this kind, from what its IR and its
   * operation declare. The suite derives the kind only then, and its tests
   * check that it then derives at least one case.
   */
  applies(tool: ToolSpec, subject: Subject): boolean;
  /** The tool's cases of this kind, in a stable order (asked only when `applies`). */
  derive(tool: ToolSpec, subject: Subject): ContractCase[];
  /** Cases of the provider that belong to no operation (its triggers), after every tool's, in a stable order. */
  deriveProvider?(subject: Subject): ContractCase[];
  /**
   * For docs/reference/case-kinds.md (Markdown, one line each): when an operation gets cases of the kind, and what they
   * check.
   */
  doc: KindDoc;
}

/** A kind's line in docs/reference/case-kinds.md (Markdown): when its cases come, and what they check. */
export interface KindDoc {
  when: string;
  cases: string;
}

/**
 * A kind no spec derives: its cases are made by the command that names it (`made`), from a live service or its
 * recordings.
 */
export interface LiveKindModule {
  made: "verify" | "test --replay";
  doc: KindDoc;
}

export interface CaseContext {
  /** Base address of a provider's mock. */
  mockUrl(provider: string): string;
  /**
   * Base address of a provider's stateful mock (mocks/mock-state.ts), started when first asked: round trips run there.
   */
  statefulMockUrl?(provider: string): Promise<string>;
  /** Seed of the property layer (each case derives its own from it). */
  seed: number;
  /** Runs per property. */
  runs: number;
  /** The most milliseconds one property takes, its shrinking included (default PROPERTY_TIME_LIMIT_MS; 0: no limit). */
  propertyTimeLimitMs?: number;
  /** Told of each call a case makes (a failing case's report shows its last one). */
  observe?(call: ObservedCall): void;
}

export interface ContractCase<K extends ResultKind = CaseKind> {
  /** Stable and unique: `<operation> › <kind> › <name>`. */
  id: string;
  provider: string;
  /** The tool (operation) id. */
  operation: string;
  kind: K;
  name: string;
  /** What it derives from: by default the operation in the manifest. */
  source: CaseSource;
  /**
   * The tools the case calls on the mocks, when not `operation` alone (a round trip's create, read, list and delete):
   * a worker's mocks serve the operations of the tools its cases call, no other (load/linked-subject.ts).
   */
  calls?: readonly string[];
  /** Resolves when the contract holds; throws ContractFailure saying what broke. */
  run(ctx: CaseContext): Promise<void>;
}

/** A contract that does not hold: the message says what was expected and what happened. */
export class ContractFailure extends Error {
  /**
   * `at`: the place in the specs the failure contradicts, when the case knows it better than its source (a replayed
   * answer's schema).
   * `reproduce`: the command that reproduces it, when the case knows it better than its last call does (a property's
   * drawn secrets).
   */
  constructor(
    message: string,
    readonly at?: SourcePosition,
    readonly reproduce?: string,
  ) {
    super(message);
    this.name = "ContractFailure";
  }
}

/** A case of `tool`; `source` is where it derives from (by default the operation in the manifest). */
export function contractCase(
  tool: ToolSpec,
  kind: CaseKind,
  name: string,
  run: ContractCase["run"],
  source: CaseSource = { document: "manifest", path: ["operations", tool.id] },
): ContractCase {
  return { id: `${tool.id} › ${kind} › ${name}`, provider: tool.provider, operation: tool.id, kind, name, source, run };
}
