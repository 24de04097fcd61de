// For tests: a provider written by hand, as the adding-a-provider guide shows one: the manifest's own fields (its
// names, its address, a bearer token, where an error's message is) around the operations and triggers a test gives,
// and its two texts as the draft kit takes a provider (linkProblems, linkedTools, judgedCall), no draft made.
import { stringify } from "yaml";
import type { ProviderDraft } from "../../import/draft-provider.js";

type Json = Record<string, unknown>;

/**
 * The manifest of made-up `provider`, described as `description`, with `parts` (its operations, triggers) over the
 * fields every manifest has; `auth` and `params` replace the bearer token's scheme and parameter.
 */
export function handManifest(provider: string, description: string, parts: Json, shared: Json = {}): Json {
  return {
    provider,
    name: provider,
    description,
    color: "#123456",
    category: "tools",
    openapi: "openapi.yaml",
    server: { default: "https://api.acme.test" },
    auth: { scheme: "bearer", param: "accessToken" },
    errors: { message: ["$response.body#/message"] },
    params: { accessToken: { type: "string", secret: true, required: true, description: "The token." } },
    ...shared,
    ...parts,
  };
}

/** A document and a manifest written by hand, as the draft kit's functions take a provider's texts. */
export function handWritten(document: object, manifest: object): ProviderDraft {
  return { openapiText: JSON.stringify(document), manifestText: stringify(manifest) } as ProviderDraft;
}
