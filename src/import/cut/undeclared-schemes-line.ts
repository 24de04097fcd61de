// The cut header's line on the security requirements add left out, naming schemes a document declares none of
// (auth/requirements/undeclared-schemes.ts records them on each chosen operation).
import type { SelectedOperation } from "./select-operations.js";

/** The header's line on the requirements left out, or none. */
export function undeclaredSchemesLine(chosen: readonly SelectedOperation[]): string[] {
  const names = [...new Set(chosen.flatMap((c) => c.undeclaredSchemes ?? []))];
  if (!names.length) return [];
  return [
    `Changed by blockwright add: the security requirements left out: they name ${names.join(", ")}, and the ` +
      "document declares no security scheme (the credential drafted is a guess; see the manifest's review note).",
  ];
}
