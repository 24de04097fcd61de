// elevenlabs-js as the second judge of the corpus's ElevenLabs operations.
// Its methods take camelCase names at every depth and write the wire's
// snake_case; a path parameter comes first, by itself.
import { ElevenLabsClient } from "@elevenlabs/elevenlabs-js";
import { camelKeys, params, type SdkAdapter } from "../../scripts/corpus/sdk/adapter.js";

const adapter: SdkAdapter<ElevenLabsClient> = {
  vendor: "elevenlabs",
  sdk: "@elevenlabs/elevenlabs-js",
  base: "https://api.elevenlabs.io",
  client: (base, call) =>
    new ElevenLabsClient({
      apiKey: (call.headers["xi-api-key"] as string | undefined) ?? call.credential.secret ?? "",
      baseUrl: base,
      maxRetries: 0,
    }),
  operations: {
    Get_voices_v2_v2_voices_get: (e, c) => e.voices.search(camelKeys(params(c)) as never),
    Get_voice_v1_voices__voice_id__get: (e, c) =>
      e.voices.get(c.path.voice_id as string, camelKeys(params(c)) as never),
    Text_to_speech_v1_text_to_speech__voice_id__post: (e, c) =>
      e.textToSpeech.convert(c.path.voice_id as string, camelKeys(params(c)) as never),
    List_generated_items_v1_history_get: (e, c) => e.history.list(camelKeys(params(c)) as never),
    Get_user_info_v1_user_get: (e) => e.user.get(),
    Get_history_item_v1_history__history_item_id__get: (e, c) => e.history.get(c.path.history_item_id as string),
  },
  quirks: [],
};

export default adapter;
