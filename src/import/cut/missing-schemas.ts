// Schemas the cut refers to and the published document defines nowhere: added to the cut as any value, so that the
// rest of the document can be read (moved out of draft-provider.ts, which it outgrew).
import { refPath } from "../../load/json-ref.js";
import type { CutReport } from "./cut.js";

type Json = Record<string, unknown>;

/**
 * A schema the kept parts `$ref` (`#/components/schemas/X`) that the document
 * defines nowhere, added to the cut as a schema that accepts any value (as
 * JSON Schema's `{}` does), so that the rest of the document can be read;
 * the report no longer lists it as unresolved. Other kinds of parts have no
 * such neutral value and stay unresolved. Returns what was added.
 */
export function withMissingSchemas(cut: Json, report: CutReport): string[] {
  const added: string[] = [];
  const components = (cut.components ??= {}) as Json;
  report.unresolved = report.unresolved.filter((ref) => {
    let pointer: readonly string[];
    try {
      pointer = refPath(ref);
    } catch {
      return true;
    }
    const [top, kind, key] = pointer;
    // A schema (any value), a response (no body: Miro's error answers name `#/components/responses/400`) or a header
    // (any value) stands in; a parameter or a request body, whose place or shape a call needs, cannot.
    const stand =
      kind === "schemas" || kind === "headers"
        ? {
            description:
              `Added by blockwright add: the published document refers to ${key} but defines it nowhere; any value ` +
              "is accepted.",
          }
        : kind === "responses"
          ? {
              description:
                `Added by blockwright add: the published document refers to the response ${key} but defines it ` +
                "nowhere; its body is not known.",
            }
          : undefined;
    if (top !== "components" || !stand || key === undefined || pointer.length !== 3) return true;
    const placed = (components[kind as string] ??= {}) as Json;
    placed[key] = kind === "headers" ? { ...stand, schema: {} } : stand;
    added.push(`components.${kind}.${key}`);
    return false;
  });
  return added;
}
