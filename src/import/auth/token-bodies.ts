// A document's own description of its token endpoint: the POSTs whose body is a token request's, read by a client
// credentials flow whose token URL is one of them (shapes/client-credentials.ts): whether the endpoint reads the client
// from the body (client_secret_post), and whether it takes JSON and no form (`tokenFormat: json`).
import { bareMediaType, isJsonMediaType } from "../../load/media-types.js";
import type { TokenBody } from "../shapes/client-credentials.js";
import { resolved } from "./keys/key-parameter.js";

type Json = Record<string, unknown>;

/**
 * The POSTs whose body is a token request's: a form or JSON schema naming `client_secret` or `grant_type`
 * (credential-draft.ts, tokenBodies), local `$ref`s of the body and its schemas followed (a Swagger 2.0 document's
 * `formData` converts to a form body).
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
    const fields = [...fieldsOf(form), ...fieldsOf(json)];
    if (!fields.includes("client_secret") && !fields.includes("grant_type")) return [];
    return [{ path, secret: fields.includes("client_secret"), jsonOnly: form === undefined && json !== undefined }];
  });
}
