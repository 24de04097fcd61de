// The record of the `server` concept (link/concept-record.ts): where calls go.
// link/concept-records.ts lists it among the others, in the records' order.
import type { ConceptRecord } from "../concept-record.js";
import { defaultAddressSurface } from "./default-address.js";
import { serverUrlSurface } from "./server-variables.js";
import { hostsSurface } from "./server.js";

export const server = {
  wording:
    "**`server`:** a fixed `default` address (with the path of the OpenAPI document's server, " +
    "which every request carries), or a `param` carrying the customer's own (`format: base-url`; " +
    "the server's path is appended); `hosts`, the host patterns such an address may name besides the " +
    "default's; or a `url`, the document's server URL with its `{variables}`, and `variables`, " +
    "the shared parameters (connection inputs a person fills in, with the document's default and enum) " +
    "that fill each, the hosts derived from the template. An operation the OpenAPI document serves elsewhere " +
    "(its own `servers`: an upload host) writes that address as its own `server`, where its calls and " +
    "credential go; one with variables (an index's own host) writes its `url` and `variables` as the " +
    "provider's template does, each call's address made from them; one whose host is each customer's own " +
    "(`{protocol}://{hostname}`) writes `param`, the shared instance address parameter, as the provider's `param`.",
  schema: ["server"],
  tool: ["server"],
  surface: { hosts: hostsSurface, "server.url": serverUrlSurface, "server.default": defaultAddressSurface },
  link: null,
  contract: { kind: "request" },
  shelf: { field: "server.default" },
  fields: {
    "manifest.server": { fields: "server" },
    "server.default": { surface: "server.default" },
    "server.hosts": { surface: "hosts" },
    "server.param": { surface: "params" },
    "server.url": { surface: "server.url" },
    "server.variables": { surface: "params" },
    "operation.server": { surface: "hosts" },
    "operation.server.url": { surface: "hosts" },
    "operation.server.variables": { surface: "params" },
    "operation.server.param": { surface: "params" },
  },
} as const satisfies ConceptRecord;
