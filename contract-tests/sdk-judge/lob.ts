// Lob's TypeScript SDK (@lob/lob-typescript-sdk) as the second judge of the
// corpus's letters and addresses operations. A Configuration takes the API key
// as the basic user name (no password, as Lob's documentation says) and the
// base path (the recorder); each API class is generated from Lob's document: a
// list's query parameters are positional arguments in the order its method
// lists them (`before` and `after` apart), a create takes the body as one
// model object under the wire's names and the idempotency key beside it.
import { AddressesApi, Configuration, LetterEditable, LettersApi } from "@lob/lob-typescript-sdk";
import type { SdkAdapter } from "../../scripts/corpus/sdk/adapter.js";

type Q = Record<string, unknown>;
type Map = Record<string, string> | undefined;

const adapter: SdkAdapter<Configuration> = {
  vendor: "lob",
  sdk: "@lob/lob-typescript-sdk",
  base: "https://api.lob.com/v1",
  client: (base, call) => new Configuration({ username: call.credential.secret ?? "", basePath: base }),
  operations: {
    letters_list: (conf, c) => {
      const q = c.query as Q;
      const page = (q["before/after"] ?? {}) as Q;
      return new LettersApi(conf).list(
        q.limit as number | undefined,
        page.before as string | undefined,
        page.after as string | undefined,
        q.include as string[] | undefined,
        q.date_created as Map,
        q.metadata as Map,
        q.color as boolean | undefined,
        q.scheduled as boolean | undefined,
        q.send_date as Map,
        q.mail_type as never,
        q.sort_by as object | undefined,
      );
    },
    letter_create: (conf, c) =>
      new LettersApi(conf).create(new LetterEditable(c.body), (c.query as Q).idempotency_key as string | undefined),
    letter_retrieve: (conf, c) => new LettersApi(conf).get(c.path.ltr_id as string),
    addresses_list: (conf, c) => {
      const q = c.query as Q;
      const page = (q["before/after"] ?? {}) as Q;
      return new AddressesApi(conf).list(
        q.limit as number | undefined,
        page.before as string | undefined,
        page.after as string | undefined,
        q.include as string[] | undefined,
        q.date_created as Map,
        q.metadata as Map,
      );
    },
  },
  quirks: [
    {
      kind: "sdk",
      at: /^query (date_created|metadata)(\[key1\])?$/,
      why:
        "the document declares `date_created` and `metadata` query objects of style deepObject, which Blockwright " +
        "sends as `date_created[key1]=…`; the SDK (OpenAPI Generator's typescript-axios) writes any object query " +
        'parameter as one JSON text (`date_created={"key1":…}`), a form the document does not describe',
    },
    {
      kind: "sdk",
      at: "query include",
      why:
        "the document declares `include` a list exploded in the query (`include=a&include=b`), which Blockwright " +
        'sends; the SDK writes the list as one JSON text (`include=["a","b"]`), the form the parameter\'s own ' +
        'description shows (`include=["total_count"]`)',
    },
    {
      kind: "sdk",
      operation: "letters_list",
      at: /^query (campaign_id|status)$/,
      why:
        "the SDK's `list` has no argument for `campaign_id` or `status` (it predates them: the document at the " +
        "corpus's commit declares both), so they cannot be given through it; Blockwright sends them as given",
    },
    {
      kind: "sdk",
      operation: "letter_create",
      at: /^body \/(fsc|print_speed|size)$/,
      why:
        "the SDK's LetterEditable model has no `fsc`, `print_speed` or `size` field (it predates them; the document " +
        "at the corpus's commit declares all three) and drops them; Blockwright sends them as given",
    },
    {
      kind: "sdk",
      operation: "letter_create",
      at: "header lob-version",
      why:
        "the document declares an optional Lob-Version header, which Blockwright sends when the call gives it; the " +
        "SDK's `create` takes no version and sends none (the account's default version applies)",
    },
    {
      kind: "sdk",
      operation: "letter_create",
      at: "query idempotency_key",
      why:
        "the document declares the idempotency key twice, as the Idempotency-Key header and as the `idempotency_key` " +
        "query parameter, either accepted; the call gives the query one, which Blockwright sends there; the SDK " +
        "takes one key and writes it in the header",
    },
    {
      kind: "design",
      operation: "letter_create",
      at: "header idempotency-key",
      why:
        "the document declares an optional Idempotency-Key header; Blockwright sends a fresh one with every POST " +
        "(the same on each retry) so that a retried create is not made twice; the SDK sends one only when its caller " +
        "gives a key (here the query's, which it writes in this header)",
    },
  ],
};

export default adapter;
