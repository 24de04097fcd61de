// The files support that also reads streams of server-sent events (event-stream.ts, with its parser), exported as
// `eventFileSupport`: given as `files` only to a package with a tool that answers one (src/emit/emit-client.ts
// supportParts), so that the others bundle no parser. A module of its own: an unused one is left out whole.
import { fileAnswer } from "./download.js";
import { EventSplitter } from "./event-stream.js";
import { type FileSupport, fileSupport } from "./file-support.js";

export const eventFileSupport: FileSupport = {
  ...fileSupport,
  fileAnswer: (tool, response, url, fetchFn, deadline, limit, call, onItem) =>
    fileAnswer(tool, response, url, fetchFn, deadline, limit, call, onItem, EventSplitter),
  readsEvents: true,
};
