// The record of the `authVariable` concept (link/concept-record.ts): a credential the address carries.
// link/concept-records.ts lists it among the others, in the records' order.
import type { ConceptRecord } from "../concept-record.js";

export const authVariable = {
  wording:
    "**`auth.variable`:** for an API that takes its secret in the address " +
    "(`https://api.example.com/bot{token}`), which no OpenAPI security scheme can say: " +
    "the variable of the address template's path (`server.url`) or of every operation's path (`/bot{token}/…`) " +
    "that the credential fills, instead of a `scheme`. The credential parameter is secret as any: " +
    "sent only there, one path segment (`:` and `@` as they are), withheld from messages, logs, " +
    "recordings and outputs in every encoding, and a call without it is refused before any request.",
  schema: ["auth-variable"],
  tool: [],
  surface: {},
  link: null,
  contract: { kind: "request" },
  shelf: {
    none:
      "the shelf's credential is a security scheme's, and a provider has one first credential: " +
      "its tests draft and link providers of their own that use it (auth-variable.test.ts here, " +
      "src/cli/add-address-credential.test.ts)",
  },
  fields: {
    "auth.variable": { surface: "auth" },
  },
} as const satisfies ConceptRecord;
