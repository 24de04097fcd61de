// The outputs a block made of a live answer held against what it promises:
// every output the manifest declares for the answer's status present (unless
// optional) and of its declared type, by the same JSON Schema the contract
// suite checks mock answers with (contract/outputs.ts). A difference is the
// manifest's (or the service's) to settle: it names the output's line in the
// manifest, and no patch of the OpenAPI document.
import type { OutputSource, ToolSpec } from "@blockwright/runtime/internal";
import type { ErrorObject } from "ajv";
import { locateInManifest } from "../load/source-place.js";
import { outputProblems } from "../contract/outputs.js";
import type { Subject } from "../contract/types.js";
import { valueAt } from "../load/json-ref.js";
import type { Drift } from "./drift.js";
import { shown } from "./overlay.js";

export function outputDrift(
  subject: Subject,
  tool: ToolSpec,
  output: Record<string, unknown>,
  status: number,
): Drift[] {
  const outcome = tool.outcomes.find((o) => o.status === status);
  const drifts: Drift[] = [];
  const add = (path: string, message: string, declaredAt: "source" | "type") => {
    const pointer = `/outputs/${path.split(".").join("/")}`;
    if (drifts.some((d) => d.pointer === pointer)) return;
    // Where the output comes from for this status (an outcome's own source), or where its type is declared.
    const place =
      declaredAt === "source" && outcome?.outputs.some((o) => o.path === path)
        ? ["outcomes", String(status), "outputs", path]
        : ["outputs", path];
    const at = subject.manifest && locateInManifest(subject.manifest, ["operations", tool.id, ...place]);
    drifts.push({ operation: tool.id, kind: "output", pointer, message, ...(at ? { at } : {}) });
  };
  for (const error of outputProblems(tool, output, status)) {
    const base = pathOf(error.instancePath);
    if (error.keyword === "required") {
      const missing = [...base, String(error.params.missingProperty)].join(".");
      // A missing group (`metadata`) is each output under it that is not optional.
      for (const o of tool.outputs) {
        if (!o.optional && (o.path === missing || o.path.startsWith(`${missing}.`)))
          add(o.path, `output ${o.path} (${o.type}) is absent${placesRead(o.source)}`, "source");
      }
    } else if (error.keyword === "type") {
      const path = base.join(".");
      const expected = ([] as unknown[]).concat(error.params.type).join(" or ");
      const source = tool.outputs.find((o) => o.path === path)?.source;
      const read = source && valueAt(output, base) === null ? placesRead(source) : "";
      add(path, `output ${path} must be ${expected}, got ${shown(valueAt(output, base))}${read}`, "type");
    } else {
      const path = [
        ...base,
        ...("additionalProperty" in error.params ? [String(error.params.additionalProperty)] : []),
      ].join(".");
      add(path, `output ${path || "(all)"} ${describe(error)}`, "type");
    }
  }
  return drifts;
}

/** For an output read from the first of several places that holds a value: which places, and what they must hold. */
function placesRead(source: OutputSource): string {
  if (!("first" in source)) return "";
  const kind = source.holds === "array" ? "a list" : source.holds ? `a ${source.holds}` : "a value";
  return ` (none of ${source.first.map((p) => p.expression).join(", ")} held ${kind})`;
}

function describe(error: ErrorObject): string {
  return error.keyword === "additionalProperties"
    ? "is not one the block declares"
    : (error.message ?? `breaks ${error.keyword}`);
}

/** The keys of an Ajv instance path (`/metadata/id`). */
function pathOf(instancePath: string): string[] {
  return instancePath
    .split("/")
    .slice(1)
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
}
