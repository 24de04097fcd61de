// File parameters and file answers as a part of the runtime's support
// (support.ts `files`, exported as `fileSupport`): checking and opening the
// files a call is given, the multipart or raw body they go out in, and reading a
// download. Only a package whose provider has file parameters or download
// outputs imports it; the others bundle none of that code.
import { fileValue } from "../validate/file-values.js";
import { acceptFile, fileAnswer } from "./download.js";
import { multipartBody, openFiles, rawBody } from "./file-inputs.js";

export const fileSupport = { fileValue, openFiles, multipartBody, rawBody, acceptFile, fileAnswer };

export type FileSupport = typeof fileSupport;
