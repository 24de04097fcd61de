// TypeScript view of specs/manifest.schema.json: what a manifest holds once it
// has passed schema validation. The schema stays the source of truth.

export type ParamType = "string" | "number" | "boolean" | "json";
export type OutputType = "string" | "number" | "boolean" | "json" | "array";

export type WireConstant = { in: "query" | "header"; name: string; value: string | number | boolean } | { in: "body"; pointer: string; value: unknown };

export type ManifestWire =
  | { in: "path" | "query" | "header"; name?: string; escape?: Record<string, string> }
  | { in: "body"; pointer?: string; split?: { separator: string; maxItems?: number }; wrapUnlessKey?: string }
  | { in: "switch"; whenTrue: WireConstant[] };

export interface ManifestParam {
  type: ParamType;
  title?: string;
  description: string;
  required?: boolean;
  default?: unknown;
  sendDefault?: boolean;
  integer?: boolean;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  patternHint?: string;
  enum?: unknown[];
  caseInsensitive?: boolean;
  format?: "base-url";
  jsonType?: "object" | "array";
  secret?: boolean;
  visibility?: "user-only" | "user-or-llm";
  placeholder?: string;
  example?: unknown;
  limitsFromSpec?: boolean;
  forbiddenKeys?: { keys: string[]; caseInsensitive?: boolean; hint?: string };
  wire?: ManifestWire;
}

export type ManifestRule =
  | { rule: "exactlyOne"; params: string[] }
  | { rule: "anyOf"; groups: string[][] }
  | { rule: "allowedValues"; param: string; dependsOn: string; values: Record<string, unknown[]> }
  | { rule: "dependentLimits"; param: string; dependsOn: string; limits: Record<string, Limits> };

export interface Limits {
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
}

export interface ManifestOutputSource {
  from?: string;
  value?: unknown;
  count?: boolean;
  default?: unknown;
  omit?: string[];
}

export interface ManifestOutput extends ManifestOutputSource {
  type: OutputType;
  description: string;
  optional?: boolean;
}

export interface ManifestOutcome {
  description: string;
  outputs: Record<string, ManifestOutputSource>;
}

export interface ManifestPolling {
  output: string;
  pending: string[];
  terminal: string[];
  intervalMs: number;
  minIntervalMs: number;
  timeoutMs: number;
}

export interface ManifestRoute {
  when: { param: string; pattern: string };
  operationId: string;
  wire?: Record<string, ManifestWire>;
}

export interface ManifestValueTest {
  from: string;
  equals: string | number | boolean | null;
}

export type ManifestPageTarget = { in: "query" | "header"; name: string } | { in: "body"; pointer: string };

interface ManifestPaginationBase {
  more?: ManifestValueTest;
  total?: string;
  items: string[];
}

export type ManifestPagination = ManifestPaginationBase &
  ({ style: "cursor"; cursor: string; send: ManifestPageTarget; pageSize?: string } | { style: "nextUrl"; url: string } | { style: "linkHeader" } | { style: "offset"; send: ManifestPageTarget; start?: number; pageSize?: string });

export interface ManifestOperation {
  operationId: string;
  routes?: ManifestRoute[];
  title: string;
  description: string;
  params?: Record<string, ManifestParam>;
  constants?: WireConstant[];
  rules?: ManifestRule[];
  outputs: Record<string, ManifestOutput>;
  outcomes?: Record<string, ManifestOutcome>;
  polling?: ManifestPolling;
  behavior?: { readOnly?: boolean; destructive?: boolean; idempotent?: boolean; openWorld?: boolean };
  pagination?: ManifestPagination;
}

export interface Manifest {
  provider: string;
  name: string;
  description: string;
  longDescription?: string;
  color: string;
  category: "tools" | "blocks" | "triggers";
  docsUrl?: string;
  openapi: string;
  server: { default?: string; param?: string; hosts?: string[] };
  limits?: { requestHeadBytes?: number; replyBytes?: number };
  auth: { scheme: string; param: string };
  errors: {
    code?: string[];
    message: string[];
    requestId?: string[];
    retryableStatuses?: number[];
    details?: Record<string, string[]>;
    failureWhen?: ManifestValueTest[];
  };
  rateLimits?: { resetHeader?: string; quota?: { from?: string[]; codes: string[] }; pauseMs?: number };
  /** Headers (or query parameters) every operation sends. */
  constants?: { in: "query" | "header"; name: string; value: string | number | boolean }[];
  idempotency?: { header: string; methods?: ("POST" | "PATCH" | "PUT" | "DELETE")[] };
  params?: Record<string, ManifestParam>;
  operations: Record<string, ManifestOperation>;
  /** `x-…` keys: YAML anchors and notes, ignored by the linker. */
  [extension: `x-${string}`]: unknown;
}
