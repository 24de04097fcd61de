// A boolean query parameter the document lets be sent empty (`allowEmptyValue: true`): the upstream reads its
// presence alone (`?include_stopped=`, `?pretty`), so `name=false` asks for what `true` does. Drafted as a switch
// (wire `switch`) that sends `name=true` when true and nothing when false: right for an upstream that reads the
// presence, and for one that reads the value.
import type { ManifestParam } from "../../load/precompiled/manifest-types.js";

/** What `add` reads of a declared parameter here. */
interface Declared {
  in: string;
  name: string;
  allowEmptyValue?: unknown;
}

/** The switch placement of such a parameter and the review note saying why; undefined for any other parameter. */
export function presenceFlag(
  declared: Declared,
  draft: ManifestParam,
): { wire: ManifestParam["wire"]; note: string } | undefined {
  if (declared.in !== "query" || declared.allowEmptyValue !== true || draft.type !== "boolean") return undefined;
  // Required, it is a constant (sent always); defaulting to true, leaving it out would not mean false.
  if (draft.required || draft.default === true || draft.enum !== undefined) return undefined;
  return {
    wire: { in: "switch", whenTrue: [{ in: "query", name: declared.name, value: true }] },
    note:
      `the query parameter ${declared.name} may be sent empty (allowEmptyValue), so the upstream may read its ` +
      `presence alone as true: drafted as a switch (wire.in: switch) that sends ${declared.name}=true when true ` +
      "and nothing when false",
  };
}
