// The intermediate representation: plain, sorted, JSON-serialisable data that
// every emitter reads. Built only by the link step (link/).
import type { BlockDefinition, PollTriggerSpec, ToolSpec, TriggerSpec } from "@blockwright/runtime/internal";

/**
 * A TypeScript type as data, against the openapi-typescript types of the
 * provider's spec (the `operations` of index.d.ts); emit-tool-types.ts
 * prints it.
 */
export type TypeRef =
  /** `Uint8Array`: a downloaded file's bytes. */
  | { kind: "primitive"; name: "number" | "string" | "boolean" | "Uint8Array" }
  /** The type of a JSON constant, literally. */
  | { kind: "literal"; value: unknown }
  /** A parameter of the operation as the call carries it (`$params.name`: parsed, not as text). */
  | { kind: "param"; name: string }
  /**
   * A field of a response body: the response's media type, then one step per pointer segment. `at`: the
   * operation's path and method, for one the document gives no operationId (openapi-typescript lists it
   * under `paths` only).
   */
  | {
      kind: "response";
      operationId: string;
      at?: { path: string; method: string };
      status: number;
      /** The range the document keys the answer by (`2XX`), which openapi-typescript keys it by, not `status`. */
      range?: string;
      mediaType: string;
      /** The body is a list of the declared record (a CSV of one record's shape: load/operations/csv-answers.ts). */
      rows?: true;
      /** The body may be null (its schema `nullable`): openapi-typescript types it `T | null`, which a step guards. */
      nullable?: true;
      steps: ResponseStep[];
    }
  | { kind: "omit"; of: TypeRef; keys: string[] }
  | { kind: "nonNullable"; of: TypeRef }
  /**
   * The first of several places that holds a value: of their types, the ones of the kind taken (`holds`: a list, not
   * the page object beside it); any not null without one. Undefined where none holds one, unless `required`.
   */
  | { kind: "firstOf"; of: TypeRef[]; holds?: "array" | "string" | "number" | "boolean"; required?: true }
  /** An optional output's value where it is present: NonNullable, which a primitive type does not need. */
  | { kind: "present"; of: TypeRef }
  /**
   * A value of a type that is never undefined: a stream's item read at `stream.item`, which the runtime hands out only
   * where the value holds it (`Exclude<T, undefined>`; a null it holds stays).
   */
  | { kind: "defined"; of: TypeRef }
  /** A list of values of a type: a stream's items (each as the document's schema of the stream's media type says). */
  | { kind: "list"; of: TypeRef }
  /**
   * A server-sent event as a stream's item lists it: `{event, data, id?, retry?}`, its data of type `data` (or text,
   * as an event's data that is no JSON stays) when the document types it, else `unknown` (`json`) or `string`.
   */
  | { kind: "event"; json: boolean; data?: TypeRef };

/**
 * One step into a response body: an item of an array, or a field (`optional`: the object may lack it, or it may be
 * null, so a step further guards it; `union`: of each variant of an anyOf/oneOf that has it). An item that may be null
 * is `optional` too.
 */
export type ResponseStep = { item: true; optional?: true } | { field: string; optional: boolean; union?: true };

export interface OperationIR {
  tool: ToolSpec;
  /** Documented error statuses of the upstream operation, for docs. */
  errorResponses: { status: number; description: string }[];
  /** The OpenAPI operation's tags (how the document groups operations: n8n's resources), when it has some. */
  tags?: string[];
  /**
   * The operation declares an error answer (4xx, 5xx or default) as an RFC 9457 problem (`application/problem+json`):
   * its package reads problems (the runtime's `problems: problemDetails`).
   */
  problemAnswers?: true;
  /** TypeScript names, and the types of the outputs (the parameters' types follow from tool.params). */
  types: {
    paramsName: string;
    outputName: string;
    /** Each output with the types its sources give: the main response's, then each outcome's. */
    outputs: { path: string; optional: boolean; types: TypeRef[] }[];
  };
}

export interface ProviderIR {
  provider: string;
  name: string;
  description: string;
  longDescription?: string;
  color: string;
  category: string;
  docsUrl?: string;
  /** Inputs, relative to the project root, for generated headers. */
  sources: { manifest: string; openapi: string };
  /** Identifier-safe names derived from the provider id. */
  names: { pascal: string; camel: string };
  server: ToolSpec["server"];
  auth: ToolSpec["auth"];
  operations: OperationIR[];
  /** Events that start a workflow (the manifest's `triggers`), by id; absent when none. */
  triggers?: TriggerSpec[];
  /** Events found by polling a list operation (the manifest's triggers with `poll`), by id; absent when none. */
  pollTriggers?: PollTriggerSpec[];
  block: BlockDefinition;
}
