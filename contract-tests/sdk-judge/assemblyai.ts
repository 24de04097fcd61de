// assemblyai-node-sdk as the second judge of the corpus's AssemblyAI operations.
import { AssemblyAI } from "assemblyai";
import { params, type SdkAdapter, SHARED } from "../../scripts/corpus/sdk/adapter.js";

const adapter: SdkAdapter<AssemblyAI> = {
  vendor: "assemblyai",
  sdk: "assemblyai",
  base: "https://api.assemblyai.com",
  client: (base, call) => new AssemblyAI({ apiKey: call.credential.secret ?? "", baseUrl: base }),
  operations: {
    uploadFile: (a, c) => a.files.upload(c.body as never),
    createTranscript: (a, c) => a.transcripts.submit(params(c) as never),
    listTranscripts: (a, c) => a.transcripts.list(params(c) as never),
    getTranscript: (a, c) => a.transcripts.get(c.path.transcript_id as string),
    getSubtitles: (a, c) =>
      a.transcripts.subtitles(
        c.path.transcript_id as string,
        c.path.subtitle_format as never,
        c.query.chars_per_caption as number | undefined,
      ),
  },
  quirks: [SHARED.rawPathId("getTranscript"), SHARED.rawPathId("getSubtitles")],
};

export default adapter;
