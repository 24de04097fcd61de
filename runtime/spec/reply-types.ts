// What a tool reads of its reply (a tool's `outputs`, `outcomes` and `errors`; tool-types.ts's ToolSpec holds them):
// its outputs and where each is found, the statuses mapped to outputs, how a failure's code and message are read.

/** `bytes`: a downloaded file's content (Uint8Array). */
export type OutputType = "string" | "number" | "boolean" | "json" | "array" | "bytes";

/** A parsed runtime expression (`$response.body#/id`, `$params.recordId`, …). */
export type ValueRef =
  | { kind: "body"; pointer: string[] }
  /**
   * `as`: the type the document gives the header's value (its schema's, a scalar other than a text), which the value is
   * read as from its text (OpenAPI's simple style: http/header-values.ts); absent, the header's text.
   */
  | { kind: "header"; name: string; as?: HeaderValueType }
  | { kind: "status" }
  | { kind: "param"; name: string };

/** The scalar types a reply header's text is read as (a header of another type is its text). */
export type HeaderValueType = "integer" | "number" | "boolean";

/** One place a value may be read from: its runtime expression, parsed. */
export interface ReadPlace {
  expression: string;
  ref: ValueRef;
}

/** The JavaScript kinds a value of a place must be of to be taken (FirstOfSource's `holds`). */
export type HeldKind = "array" | "string" | "number" | "boolean";

/**
 * An output read from the first of several places that holds a value (`from: [a, b]`: a reply that is a bare list or a
 * page object holding it): the places in the order written, each tried in turn.
 */
export interface FirstOfSource {
  first: ReadPlace[];
  /**
   * A place holds a value when it is present, not null and, with `holds`, of that kind (an `array` output or a count
   * takes a list only: never the page object beside it).
   */
  holds?: HeldKind;
  count?: boolean;
  default?: unknown;
  /** A place the spec guarantees holds a value of the kind: a reply with none is an upstream error. */
  required?: boolean;
}

export type OutputSource =
  | FirstOfSource
  | {
      expression: string;
      ref: ValueRef;
      count?: boolean;
      default?: unknown;
      omit?: string[];
      /**
       * The spec guarantees the value (every step of the pointer is required): a reply without it is an upstream error.
       */
      required?: boolean;
      /**
       * The reply is one of several shapes (`anyOf`/`oneOf`) and only these carry the value: it is absent from a reply
       * of another.
       */
      variants?: { carrying: string[]; of: string[] };
    }
  | { value: unknown };

export interface OutputSpec {
  /** Dotted path in the result, e.g. `metadata.id`. */
  path: string;
  type: OutputType;
  description: string;
  optional: boolean;
  source: OutputSource;
  /**
   * A secret the reply hands out (a created API key): returned to the caller, withheld from what is printed or kept
   * (common/secret-outputs.ts). Absent where it is none.
   */
  secret?: true;
}

export interface OutcomeSpec {
  status: number;
  description: string;
  outputs: { path: string; source: OutputSource }[];
}

/** A test on one value of a reply: it holds when the value equals `equals`. */
export interface ValueTest {
  expression: string;
  ref: ValueRef;
  equals: string | number | boolean | null;
}

export interface ErrorSpec {
  code: ValueRef[];
  message: ValueRef[];
  requestId: ValueRef[];
  retryableStatuses: number[];
  /**
   * More fields of the error body carried into the structured error's `details`, by name; the first expression with a
   * value wins.
   */
  details?: Record<string, ValueRef[]>;
  /** A 2xx reply whose body meets one of these tests is a failure (`{ok: false}` style APIs). */
  failureWhen?: ValueTest[];
}
