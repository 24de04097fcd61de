// A query parameter that chooses the reply's format (`alt`, `format`: an enum of `json` and `csv`, `proto`, `media`…)
// on an operation whose replies the document declares as JSON only. Documents converted from API descriptions that
// share such a parameter across every operation offer the other formats, yet say nothing of the replies they give:
// drafted as published, a call choosing `csv` got CSV text the package read as JSON and failed (INVALID_JSON). add
// leaves the values naming another format out of that operation's parameter in the cut, so that the package refuses
// them before any request with the values it can read, and says so. An operation declaring another media type for a
// reply keeps every value; an enum without a JSON value is no such choice.
import { isJsonMediaType } from "../../../load/media-types.js";
import { operationRef } from "../../../load/operation-index.js";
import { isJson, resolved } from "../cut-walk.js";

type Json = Record<string, unknown>;

/** The names a reply's format choice goes by. */
const FORMAT_CHOICE = /^(alt|\$?format|output|response_?format)$/i;
const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

/** Whether every reply of `op` that has content declares JSON media types only (and one does). */
function answersJsonOnly(cut: Json, op: Json): boolean {
  const responses = isJson(op.responses) ? op.responses : {};
  const types = Object.values(responses).flatMap((r) => {
    const response = resolved(cut, r);
    return isJson(response) && isJson(response.content) ? Object.keys(response.content) : [];
  });
  return types.length > 0 && types.every(isJsonMediaType);
}

/** The parameter with the values of its enum that name no JSON format left out, and those values; none to leave. */
function narrowed(cut: Json, param: Json): { param: Json; left: string[] } | undefined {
  if (param.in !== "query" || typeof param.name !== "string" || !FORMAT_CHOICE.test(param.name)) return undefined;
  const schema = resolved(cut, param.schema);
  if (!isJson(schema) || !Array.isArray(schema.enum) || !schema.enum.every((v) => typeof v === "string"))
    return undefined;
  const values = schema.enum as string[];
  const json = values.filter((v) => /json/i.test(v));
  if (!json.length || json.length === values.length) return undefined;
  return {
    param: { ...param, schema: { ...schema, enum: json } },
    left: values.filter((v) => !json.includes(v)),
  };
}

/**
 * The cut with each format choice of an operation answering JSON only narrowed to its JSON values (changed in place:
 * the operation's own parameter, or one of its own written over its path item's, which the item's other methods
 * share); each change, as `csv of alt in listZqs, getZq`.
 */
export function withoutUnreadableFormatChoices(cut: Json): string[] {
  const byChoice = new Map<string, string[]>();
  const paths = isJson(cut.paths) ? cut.paths : {};
  for (const [path, item] of Object.entries(paths)) {
    if (!isJson(item)) continue;
    const shared = Array.isArray(item.parameters) ? item.parameters : [];
    for (const method of METHODS) {
      const op = item[method];
      if (!isJson(op) || !answersJsonOnly(cut, op)) continue;
      const own = Array.isArray(op.parameters) ? [...op.parameters] : [];
      const ownNames = new Set(own.map((p) => resolved(cut, p)).map((p) => (isJson(p) ? `${p.in}:${p.name}` : "")));
      const changes: string[] = [];
      const rewrite = (p: unknown, at: number | undefined) => {
        const param = resolved(cut, p);
        const choice = isJson(param) ? narrowed(cut, param) : undefined;
        if (!choice) return;
        if (at === undefined) own.push(choice.param);
        else own[at] = choice.param;
        changes.push(`${choice.left.join(", ")} of ${String(choice.param.name)}`);
      };
      for (const [i, p] of own.entries()) rewrite(p, i);
      for (const p of shared) {
        const param = resolved(cut, p);
        if (isJson(param) && !ownNames.has(`${param.in}:${param.name}`)) rewrite(p, undefined);
      }
      if (!changes.length) continue;
      op.parameters = own;
      for (const change of changes)
        byChoice.set(change, [...(byChoice.get(change) ?? []), operationRef(method, path, op.operationId)]);
    }
  }
  return [...byChoice].map(([change, ops]) => `${change} in ${ops.join(", ")}`);
}
