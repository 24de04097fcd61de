// vonage-node-sdk (@vonage/numbers, with @vonage/auth) as the second judge of
// the corpus's Vonage Numbers operations. Its methods take camelCase names and
// write the wire's snake_case; its address is the `restHost` option.
import { Auth } from "@vonage/auth";
import { Numbers } from "@vonage/numbers";
import { camelKeys, params, type SdkAdapter } from "../../../scripts/corpus/sdk/adapter.js";
import type { LogicalCall } from "../../../scripts/corpus/sdk/logical-call.js";

// A list of features is one text on the wire (`SMS,VOICE`); the SDK takes the list and writes it in its own order.
const args = (c: LogicalCall) => {
  const given = camelKeys(params(c), false) as Record<string, unknown>;
  if (typeof given.features === "string") given.features = given.features.split(",");
  return given as never;
};

const adapter: SdkAdapter<Numbers> = {
  vendor: "vonage",
  sdk: "@vonage/numbers",
  base: "https://rest.nexmo.com",
  client: (base, call) =>
    new Numbers(
      new Auth({
        apiKey: call.credential.query?.api_key ?? "",
        apiSecret: call.credential.query?.api_secret ?? call.credential.secret ?? "",
      }),
      { restHost: base, timeout: 10_000 },
    ),
  operations: {
    getOwnedNumbers: (n, c) => n.getOwnedNumbers(args(c)),
    getAvailableNumbers: (n, c) => n.getAvailableNumbers(args(c)),
    buyANumber: (n, c) => n.buyNumber(args(c)),
  },
  quirks: [
    {
      kind: "sdk",
      at: /^(query api_(key|secret)|header authorization)$/,
      why:
        "the document (an archived copy) declares the key and the secret as two query parameters sent together, " +
        "which Blockwright sends; the SDK sends the same pair as HTTP basic credentials in the Authorization " +
        "header, which the service also reads (its current documentation names both)",
    },
  ],
};

export default adapter;
