// Subjects for the drift checker's tests, built from an OpenAPI text of the
// test's own and a tool of the operation (only what the checker reads is
// more than a placeholder).
import type { ToolSpec } from "@blockwright/runtime/internal";
import { OpenApiDocument } from "../../load/openapi-document.js";
import type { Subject } from "../../contract/types.js";
import { parseYamlSource } from "../../load/yaml-source.js";

export function toolOf(operationId: string, more: Partial<ToolSpec> = {}): ToolSpec {
  return {
    id: `shelf_${operationId}`,
    provider: "shelf",
    title: operationId,
    description: operationId,
    operationId,
    method: "GET",
    path: "/",
    server: {},
    auth: { type: "bearer", param: "token" },
    params: [],
    routes: [],
    constants: [],
    rules: [],
    successStatuses: [200],
    responses: [],
    outputs: [],
    outcomes: [],
    errors: { code: [], message: [], requestId: [], retryableStatuses: [] },
    ...more,
  };
}

export function subjectOf(openapi: string, tools: ToolSpec[] = [], file = "shelf/openapi.yaml"): Subject {
  return { provider: "shelf", tools, document: new OpenApiDocument(parseYamlSource(openapi, file)) };
}

/** The line (1-based) of the only line of `text` that contains `marker`. */
export function lineOf(text: string, marker: string): number {
  const lines = text.split("\n").flatMap((l, i) => (l.includes(marker) ? [i + 1] : []));
  if (lines.length !== 1) throw new Error(`"${marker}" is on ${lines.length} lines of the fixture, not one`);
  return lines[0] as number;
}

export function answer(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): { status: number; headers: Headers; body: string } {
  return {
    status,
    headers: new Headers({ "content-type": "application/json", ...headers }),
    body: typeof body === "string" ? body : JSON.stringify(body),
  };
}
