// The record of the `authSigv4` concept (link/concept-record.ts): every request signed with AWS Signature Version 4.
// link/concept-records.ts lists it among the others, in the records' order.
import { type ConceptRecord, decided } from "../concept-record.js";

export const authSigv4 = {
  wording:
    "**`auth.sigv4`:** every request signed with AWS Signature Version 4 (`Authorization: AWS4-HMAC-SHA256 …` " +
    "and `X-Amz-Date`), for a scheme the document declares as an API key in the `Authorization` header " +
    "(`x-amazon-apigateway-authtype: awsSigv4`): `param` is the secret access key, `accessKeyId` the parameter " +
    "holding the key id, `sessionToken` an optional secret one for temporary credentials (`X-Amz-Security-Token`), " +
    "`service` the signing name and `region` (or `regionParam`, a server variable's parameter) the region. Each " +
    "attempt is signed afresh just before it is sent, after every other header, by the tools and by the package's " +
    "typed client (`create<Provider>Client({ credential: <secret key>, values: { accessKeyId, sessionToken, " +
    "region } })`); the secret key and the session " +
    "token are withheld from messages, logs, recordings and outputs, and the contract suite checks each signature " +
    "with AWS's own signer.",
  schema: ["auth-sigv4"],
  tool: [],
  surface: {},
  link: null,
  contract: { kind: "request" },
  shelf: {
    none:
      "a signed provider needs its own scheme and key id: src/link/auth-sigv4/auth-sigv4.test.ts links one, " +
      "src/cli/add-sigv4.test.ts drafts, generates and tests one with the signature judged",
  },
  fields: {
    "auth.sigv4": { fields: "authSigv4" },
    ...decided({ surface: "auth" }, [
      "authSigv4.accessKeyId",
      "authSigv4.sessionToken",
      "authSigv4.service",
      "authSigv4.region",
      "authSigv4.regionParam",
    ]),
  },
} as const satisfies ConceptRecord;
