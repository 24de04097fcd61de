// resend-node as the second judge of the corpus's Resend operations. The SDK
// takes its address from RESEND_BASE_URL (or the `baseUrl` option) and
// camelCase names it writes in snake_case.
import { Resend } from "resend";
import { camelKeys, type SdkAdapter, SHARED } from "../../scripts/corpus/sdk/adapter.js";
import type { LogicalCall } from "../../scripts/corpus/sdk/logical-call.js";

const body = (c: LogicalCall) => camelKeys(c.body ?? {}) as Record<string, unknown>;

const adapter: SdkAdapter<Resend> = {
  vendor: "resend",
  sdk: "resend",
  base: "https://api.resend.com",
  client: (base, call) => new Resend(call.credential.secret, { baseUrl: base } as never),
  operations: {
    "POST /emails": (r, c) =>
      r.emails.send(
        body(c) as never,
        c.headers["Idempotency-Key"] ? { idempotencyKey: c.headers["Idempotency-Key"] as string } : undefined,
      ),
    "GET /emails/{email_id}": (r, c) => r.emails.get(c.path.email_id as string),
    "GET /domains": (r) => r.domains.list(),
    "POST /audiences/{audience_id}/contacts": (r, c) =>
      r.contacts.create({ ...body(c), audienceId: c.path.audience_id } as never),
    "PATCH /audiences/{audience_id}/contacts/{id}": (r, c) =>
      r.contacts.update({ ...body(c), audienceId: c.path.audience_id, id: c.path.id } as never),
  },
  quirks: [
    SHARED.rawPathId(),
    {
      kind: "design",
      operation: "POST /emails",
      at: "header idempotency-key",
      why:
        "the document declares an optional Idempotency-Key; Blockwright sends a fresh one with every POST (the " +
        "same on each retry) so that a retried send is not sent twice; the SDK sends one only when its caller " +
        "gives it",
    },
    {
      kind: "sdk",
      operation: "POST /audiences/{audience_id}/contacts",
      at: "body /audience_id",
      why:
        "the document declares audience_id in the body as well as in the path (drafted as a second parameter); " +
        "the SDK sends it in the path only",
    },
    {
      kind: "sdk",
      operation: "PATCH /audiences/{audience_id}/contacts/{id}",
      at: "body /email",
      why:
        "the SDK addresses the contact by its email when given one (in the path, in place of the id) and never " +
        "sends email in the body; the document's PATCH by id takes email as a field to change",
    },
  ],
};

export default adapter;
