// A document's own description of its token endpoint: the POSTs with a body, read by a client credentials flow whose
// token URL is one of them (shapes/client-credentials.ts): whether the endpoint reads the client from the body (its
// form or JSON takes `client_secret`: client_secret_post), and whether it takes JSON and no form (`tokenFormat: json`,
// which the link asks of any POST at the token URL, whatever its fields: link/auth-flows/token-format.ts).
import { bareMediaType, isJsonMediaType } from "../../load/media-types.js";
import type { TokenBody } from "../shapes/client-credentials.js";
import { resolved } from "./keys/key-parameter.js";

type Json = Record<string, unknown>;

/**
 * The POSTs with a body, its types and whether its form or JSON schema names `client_secret` (credential-draft.ts,
 * tokenBodies), local `$ref`s of the body and its schemas followed (a Swagger 2.0 document's `formData` converts to a
 * form body).
 */
export function tokenBodiesOf(doc: Json): TokenBody[] {
  const paths = doc.paths !== null && typeof doc.paths === "object" ? (doc.paths as Json) : {};
  return Object.keys(paths).flatMap((path) => {
    const post = resolved(doc, paths[path])?.post;
    const content = (resolved(doc, resolved(doc, post)?.requestBody)?.content ?? {}) as Json;
    const types = Object.keys(content);
    const form = types.find((t) => bareMediaType(t) === "application/x-www-form-urlencoded");
    const json = types.find(isJsonMediaType);
    const fieldsOf = (type: string | undefined) => {
      const properties = type ? resolved(doc, resolved(doc, content[type])?.schema)?.properties : undefined;
      return properties !== null && typeof properties === "object" ? Object.keys(properties) : [];
    };
    if (types.length === 0) return [];
    const fields = [...fieldsOf(form), ...fieldsOf(json)];
    return [{ path, secret: fields.includes("client_secret"), jsonOnly: form === undefined && json !== undefined }];
  });
}
