// The intermediate representation: plain, sorted, JSON-serialisable data that
// every emitter reads. Built only by link.ts.
import type { BlockDefinition, ToolSpec } from "@blockwright/runtime";

export interface OperationIR {
  tool: ToolSpec;
  /** Documented error statuses of the upstream operation, for docs. */
  errorResponses: { status: number; description: string }[];
  /** TypeScript names and type expressions, against the openapi-typescript types of the provider's spec (the `operations` and `paths` of index.d.ts). */
  types: {
    paramsName: string;
    outputName: string;
    params: { name: string; optional: boolean; type: string; doc: string }[];
    output: string;
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
  block: BlockDefinition;
}
