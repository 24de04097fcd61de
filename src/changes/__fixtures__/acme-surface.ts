// For tests: the surface of a made-up provider `acme` as this generator
// writes it (recording every concept), one GET tool by default; each test
// lays its own fields and tools on top.
import { CONCEPT_NAMES } from "../../link/concepts.js";
import type { Surface, ToolSurface } from "../surface.js";

/** A tool of the surface: a GET with nothing declared, `own` on top. */
export const acmeTool = (own: Partial<ToolSurface> = {}): ToolSurface => ({
  title: "List",
  description: "Lists.",
  method: "GET",
  path: "/v1/things",
  params: {},
  rules: [],
  outputs: {},
  errors: [],
  outcomes: [],
  ...own,
});

/** The surface with `own` fields and these tools. */
export function acmeSurface(own: Partial<Surface>, tools: Record<string, ToolSurface>): Surface {
  return {
    "//": "",
    provider: "acme",
    package: { name: "@acme/acme", version: "1.0.0" },
    generator: { name: "blockwright", version: "0" },
    inputs: {},
    concepts: [...CONCEPT_NAMES],
    auth: { placement: "bearer", param: "apiKey" },
    ...own,
    tools,
  };
}
