// deepgram-js-sdk (@deepgram/sdk) as the second judge of the corpus's Deepgram
// operations. Its methods keep the wire's names; a path parameter is an
// argument of its own, a JSON body of two shapes the request's `body`.
import { DeepgramClient } from "@deepgram/sdk";
import { params, type SdkAdapter } from "../../../scripts/corpus/sdk/adapter.js";

const adapter: SdkAdapter<DeepgramClient> = {
  vendor: "deepgram",
  sdk: "@deepgram/sdk",
  base: "https://api.deepgram.com",
  // The draft takes the document's bearer scheme (a JWT): the SDK's accessToken sends that, its apiKey `Token <key>`.
  client: (base, call) =>
    new DeepgramClient({ accessToken: call.credential.secret ?? "", baseUrl: base, maxRetries: 0 }),
  operations: {
    transcribe: (d, c) => d.listen.v1.media.transcribeUrl(params(c) as never),
    "POST /v1/speak": (d, c) => d.speak.v1.audio.generate(params(c) as never),
    analyze: (d, c) => d.read.v1.text.analyze({ ...c.query, body: c.body } as never),
    "GET /v1/projects": (d) => d.manage.v1.projects.list(),
    "GET /v1/projects/{project_id}/keys": (d, c) =>
      d.manage.v1.projects.keys.list(c.path.project_id as string, c.query as never),
    "POST /v1/projects/{project_id}/keys": (d, c) =>
      d.manage.v1.projects.keys.create(c.path.project_id as string, c.body as never),
  },
  quirks: [],
};

export default adapter;
