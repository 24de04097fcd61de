// twilio-node as the second judge of the corpus's Twilio operations. Its
// methods take the wire's parameter names in camelCase (`To` → `to`), the
// range filters named for their operator (`DateSent<` → `dateSentBefore`).
import twilio from "twilio";
import { camelKeys, type SdkAdapter } from "../../scripts/corpus/sdk/adapter.js";
import type { LogicalCall } from "../../scripts/corpus/sdk/logical-call.js";

type Client = ReturnType<typeof twilio>;

const RENAMED: Record<string, string> = {
  "DateSent<": "dateSentBefore",
  "DateSent>": "dateSentAfter",
  Page: "pageNumber",
};

function options(call: LogicalCall): Record<string, unknown> {
  const fields = { ...call.query, ...((call.body as Record<string, unknown> | undefined) ?? {}) };
  return Object.fromEntries(
    Object.entries(fields).map(([k, v]) => [RENAMED[k] ?? Object.keys(camelKeys({ [k]: 0 }, false) as object)[0], v]),
  );
}

const adapter: SdkAdapter<Client> = {
  vendor: "twilio",
  sdk: "twilio",
  base: "https://api.twilio.com",
  client(base, call) {
    // The SDK refuses an account id not starting with AC: the path's AccountSid (its pattern requires AC) is the
    // account.
    const client = twilio(call.credential.user ?? "", call.credential.secret ?? "", {
      accountSid: call.path.AccountSid as string,
      autoRetry: false,
    });
    client.api.baseUrl = base;
    return client;
  },
  operations: {
    CreateMessage: (t, c) => t.api.v2010.accounts(c.path.AccountSid as string).messages.create(options(c) as never),
    ListMessage: (t, c) => t.api.v2010.accounts(c.path.AccountSid as string).messages.page(options(c) as never),
    FetchMessage: (t, c) =>
      t.api.v2010
        .accounts(c.path.AccountSid as string)
        .messages(c.path.Sid as string)
        .fetch(),
  },
  quirks: [],
};

export default adapter;
