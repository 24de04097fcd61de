// openai-node as the second judge of the corpus's OpenAI operations.
import OpenAI from "openai";
import { params, type SdkAdapter } from "../../scripts/corpus/sdk/adapter.js";

const adapter: SdkAdapter<OpenAI> = {
  vendor: "openai",
  sdk: "openai",
  base: "https://api.openai.com/v1",
  client: (base, call) => new OpenAI({ apiKey: call.credential.secret ?? "", baseURL: base, maxRetries: 0 }),
  operations: {
    createChatCompletion: (o, c) => o.chat.completions.create(params(c) as never),
    listFiles: (o, c) => o.files.list(params(c) as never),
    createFile: (o, c) => o.files.create(params(c) as never),
    downloadFile: (o, c) => o.files.content(c.path.file_id as string),
    createSpeech: (o, c) => o.audio.speech.create(params(c) as never),
  },
  quirks: [
    {
      kind: "sdk",
      operation: "createFile",
      at: /^part expires_after/,
      why:
        "the document gives the multipart object field expires_after no encoding, so by OpenAPI's rule it is one " +
        "part of JSON text, which Blockwright sends; the SDK writes every object in a multipart body as " +
        "bracketed fields (expires_after[anchor]), its own convention, which the service also reads",
    },
  ],
};

export default adapter;
