// intercom-node (intercom-client) as the second judge of the corpus's
// Intercom operations. Its requests take the wire's names: path parameters
// and query fields side by side, a JSON body's fields beside them, or under
// `body` where the body is one schema of its own.
import { IntercomClient } from "intercom-client";
import { params, type SdkAdapter } from "../../scripts/corpus/sdk/adapter.js";
import type { LogicalCall } from "../../scripts/corpus/sdk/logical-call.js";

const version = (c: LogicalCall) => (c.headers["Intercom-Version"] as string | undefined) ?? "2.14";

const adapter: SdkAdapter<IntercomClient> = {
  vendor: "intercom",
  sdk: "intercom-client",
  base: "https://api.intercom.io",
  client: (base, call) =>
    new IntercomClient({
      token: call.credential.secret ?? "",
      baseUrl: base,
      maxRetries: 0,
      version: version(call) as never,
    }),
  operations: {
    ListContacts: (i, c) => i.contacts.list(params(c) as never),
    CreateContact: (i, c) => i.contacts.create(params(c) as never),
    ShowContact: (i, c) => i.contacts.find({ contact_id: c.path.contact_id } as never),
    SearchContacts: (i, c) => i.contacts.search(params(c) as never),
    listConversations: (i, c) => i.conversations.list(params(c) as never),
    replyConversation: (i, c) =>
      i.conversations.reply({ conversation_id: c.path.conversation_id, body: c.body } as never),
    createNote: (i, c) => i.notes.create({ contact_id: c.path.contact_id, ...params(c) } as never),
    listTags: (i) => i.tags.list(),
  },
  quirks: [
    {
      kind: "sdk",
      at: "header intercom-version",
      why:
        "the SDK sends the API version it is built for with every request; the document declares " +
        "Intercom-Version an optional header, which Blockwright sends only when the call gives it (the " +
        "workspace's default version applies then)",
    },
  ],
};

export default adapter;
