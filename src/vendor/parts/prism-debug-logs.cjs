// Prism's debug lines of a request and its answer (@stoplight/prism-http's utils/logger.js, logRequest and
// logResponse), made only when the logger writes debug lines. Prism's wrote each body out as text (serializeBody, a
// JSON.stringify of the whole answer) and coloured a line for each header for every request, then gave them to
// `logger.debug`, which the mocks' logger (level `error` unless asked) drops. At debug level the lines are Prism's, as
// Prism makes them. src/vendor/prism.cjs puts this in Prism's place: the mocker reads both from the module's exports
// at each call.
"use strict";

/**
 * Prism's logger module with its logRequest and logResponse made only when debug lines are written.
 * @param {{ logRequest: Function, logResponse: Function }} prismLogs
 */
function debugLogsOnUse(prismLogs) {
  const { logRequest, logResponse } = prismLogs;
  /** @param {{ logger: { isLevelEnabled?: (level: string) => boolean } }} args */
  const writes = (args) => args.logger.isLevelEnabled?.("debug") !== false;
  /** @param {any} args */
  prismLogs.logRequest = (args) => (writes(args) ? logRequest(args) : undefined);
  /** @param {any} args */
  prismLogs.logResponse = (args) => (writes(args) ? logResponse(args) : undefined);
  return prismLogs;
}

module.exports = { debugLogsOnUse };
