// A document that declares no security scheme at all, whose requirements still name some (`security: [{bearer: []}]`
// with no `components.securitySchemes`, as a generator that drops the components writes). Such names say nothing a
// draft can read, so add reads the document as one without security, as it reads one that declares none: a bearer
// token drafted with a review note, and the requirements left out of the cut, said in its header. Before, every
// operation was refused as one no call of could succeed.
import type { SelectedOperation } from "../../cut/select-operations.js";
import { requirementNames } from "./cut-security.js";
import { OPERATION_METHODS } from "../../../load/openapi-types.js";

type Json = Record<string, unknown>;

/** Whether the document declares no security scheme (no `components.securitySchemes`, or an empty one). */
function declaresNone(doc: Json): boolean {
  const schemes = (doc.components as Json | undefined)?.securitySchemes;
  return !schemes || typeof schemes !== "object" || Object.keys(schemes).length === 0;
}

/**
 * The document without the requirements it names no declared scheme for, where it declares none (a shallow copy: the
 * published document stays), and the chosen operations, each with the scheme names left out of its requirements.
 */
export function withoutUndeclaredSchemes(
  doc: Json,
  chosen: readonly SelectedOperation[],
): { document: Json; chosen: SelectedOperation[] } {
  const top = requirementNames(doc.security);
  const paths = (doc.paths ?? {}) as Record<string, Json>;
  const named = (op: unknown) => requirementNames((op as Json | undefined)?.security);
  const anyNamed =
    top.length > 0 || Object.values(paths).some((item) => OPERATION_METHODS.some((m) => named(item?.[m]).length > 0));
  if (!anyNamed || !declaresNone(doc)) return { document: doc, chosen: [...chosen] };
  const copy: Json = { ...doc, paths: { ...paths } };
  delete copy.security;
  const copied = copy.paths as Record<string, Json>;
  for (const [path, item] of Object.entries(paths)) {
    if (!item || typeof item !== "object" || !OPERATION_METHODS.some((m) => named(item[m]).length)) continue;
    const next: Json = { ...item };
    for (const m of OPERATION_METHODS)
      if (named(item[m]).length) {
        const { security: _left, ...rest } = item[m] as Json;
        next[m] = rest;
      }
    copied[path] = next;
  }
  const withNames = chosen.map((c) => {
    const op = paths[c.path]?.[c.method] as Json | undefined;
    const own = op?.security;
    const schemes = [...new Set(own === undefined ? top : requirementNames(own))];
    return schemes.length ? { ...c, undeclaredSchemes: schemes } : c;
  });
  return { document: copy, chosen: withNames };
}
