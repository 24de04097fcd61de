// box-node-sdk (v10, generated from the same box-openapi document) as the
// second judge of the corpus's Box operations. Each method takes the path
// parameter as its own argument, then `queryParams` and `headers` in camelCase;
// the upload takes its attributes part as an object and its file as a stream.
import { Readable } from "node:stream";
import { BoxClient, BoxDeveloperTokenAuth } from "box-node-sdk";
import { BaseUrls } from "box-node-sdk/networking/baseUrls";
import { NetworkSession } from "box-node-sdk/networking/network";
import { deserializeUploadFileRequestBodyAttributesField as sdkAttributes } from "box-node-sdk/managers/uploads";
import { camelKeys, SHARED, type SdkAdapter } from "../../../scripts/corpus/sdk/adapter.js";
import type { LogicalCall } from "../../../scripts/corpus/sdk/logical-call.js";

/** The call's query and headers as the SDK's optionals (`queryParams`, `headers` in camelCase). */
const optionals = (c: LogicalCall) => ({
  queryParams: c.query,
  headers: camelKeys(c.headers, false),
});

const adapter: SdkAdapter<BoxClient> = {
  vendor: "box",
  sdk: "box-node-sdk",
  base: "https://api.box.com",
  client: (base, call) =>
    new BoxClient({
      auth: new BoxDeveloperTokenAuth({ token: call.credential.secret ?? "" }),
      networkSession: new NetworkSession({
        baseUrls: new BaseUrls({ baseUrl: base, uploadUrl: `${base}/api`, oauth2Url: `${base}/oauth2` }),
      }),
    }),
  operations: {
    get_folders_id_items: (b, c) => b.folders.getFolderItems(c.path.folder_id as string, optionals(c) as never),
    get_files_id: (b, c) => b.files.getFileById(c.path.file_id as string, optionals(c) as never),
    post_files_content: async (b, c) => {
      const { attributes, file } = c.body as { attributes: unknown; file: File };
      const bytes = Buffer.from(await file.arrayBuffer());
      return b.uploads.uploadFile(
        {
          // The wire's JSON read by the SDK's own deserializer (its dates as its DateTime).
          attributes: sdkAttributes(attributes as never),
          file: Readable.from([bytes]) as never,
          fileFileName: file.name,
          fileContentType: file.type,
        },
        optionals(c) as never,
      );
    },
    get_files_id_content: (b, c) => b.downloads.downloadFile(c.path.file_id as string, optionals(c) as never),
  },
  quirks: [
    SHARED.rawPathId(),
    {
      kind: "sdk",
      operation: "post_files_content",
      at: "header content-md5",
      why:
        "the SDK's network client sends a hash of the file in content-md5 on every upload, where the document calls " +
        'the header optional ("An optional header containing the SHA1 hash of the file"): a call that gives none ' +
        "sends none; a value given with a non-ASCII letter goes as its UTF-8 bytes from the SDK and as its Latin-1 " +
        "byte from fetch, octets RFC 9110 (5.5) leaves opaque (a SHA1 hash, the header's only value, is ASCII)",
    },
    {
      kind: "sdk",
      operation: "post_files_content",
      at: "part attributes",
      why:
        "the SDK parses the attributes' dates and writes them again in UTC (`2012-12-12T18:53:43+00:00` for " +
        "`2012-12-12T10:53:43-08:00`): the same instant, each an RFC 3339 date-time as the document's `format: " +
        "date-time` asks; Blockwright sends the text given",
    },
    {
      kind: "sdk",
      operation: "post_files_content",
      at: "part attributes (content type)",
      why:
        'the SDK writes the attributes part with no Content-Type; the document declares it an object ("These ' +
        'attributes are part of the multi part request body and are in JSON format"), whose part OpenAPI types ' +
        "application/json, as Blockwright sends it; both parts go in the same order, attributes before the file",
    },
  ],
};

export default adapter;
