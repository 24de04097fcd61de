// A tool spec for the runtime's own tests: a GET of an invented provider that declares nothing (no routes, rules,
// outputs or errors' places, no credential) but what the test gives, so that each test writes only what it is about.
import type { ToolSpec } from "@blockwright/runtime/internal";

/** A bare GET of provider `zq` named `id`, at `path` on `server`, with `fields` over the rest. */
export function bareTool(
  id: string,
  fields: Partial<Omit<ToolSpec, "id">> & Pick<ToolSpec, "path" | "server">,
): ToolSpec {
  return {
    id,
    provider: "zq",
    title: "",
    description: "",
    operationId: id,
    method: "GET",
    routes: [],
    constants: [],
    rules: [],
    successStatuses: [200],
    responses: [],
    outputs: [],
    outcomes: [],
    errors: { code: [], message: [], requestId: [], retryableStatuses: [] },
    auth: { type: "none" },
    params: [],
    ...fields,
  } as unknown as ToolSpec;
}
