// File parameters and file answers as a part of the runtime's support
// (support.ts `files`, exported as `fileSupport`): checking and opening the
// files a call is given, the multipart or raw body they go out in, and reading a
// download, and a stream's items as they arrive for the client's `.items()`. Only a package whose provider has file
// parameters or download outputs imports it; the others bundle none of that code. `eventFileSupport`
// (event-file-support.ts) reads streams of server-sent events too.
import { fileValues } from "../../validate/file-values.js";
import { acceptFile, fileAnswer } from "./download.js";
import { multipartBody, openFiles, rawBody } from "./file-inputs.js";
import { formFilePairs } from "./form-files.js";
import { writtenMultipart } from "./multipart-writer.js";
import { streamedItems } from "../streamed-items.js";

export const fileSupport = {
  fileValues,
  openFiles,
  multipartBody,
  rawBody,
  formFilePairs,
  writtenMultipart,
  acceptFile,
  fileAnswer,
  streamedItems,
};

export type FileSupport = typeof fileSupport & { readsEvents?: true };
