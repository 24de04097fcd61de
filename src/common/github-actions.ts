// GitHub Actions workflow commands, as the runner reads them from a step's
// output: `::error file=…,line=…,col=…,title=…::message` puts an annotation on
// that line of the pull request. Values are escaped as GitHub's toolkit does
// (escapeData, escapeProperty), so that no text ends a command early.

export interface AnnotationPlace {
  /** Relative to the repository root. */
  file?: string;
  line?: number;
  col?: number;
  title?: string;
}

/** One annotation line (without its line break). */
export function annotation(level: "error" | "warning" | "notice", place: AnnotationPlace, message: string): string {
  const props = [
    ...(place.file !== undefined ? [`file=${commandProperty(place.file)}`] : []),
    ...(place.line !== undefined ? [`line=${place.line}`] : []),
    ...(place.col !== undefined ? [`col=${place.col}`] : []),
    ...(place.title !== undefined ? [`title=${commandProperty(place.title)}`] : []),
  ];
  return `::${level}${props.length ? ` ${props.join(",")}` : ""}::${commandData(message)}`;
}

/** A command's message: `%`, CR and LF escaped. */
export function commandData(value: string): string {
  return value.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}

/** A command's property value: also `:` and `,`, which would end it. */
export function commandProperty(value: string): string {
  return commandData(value).replace(/:/g, "%3A").replace(/,/g, "%2C");
}

// Text from outside (a live answer, a manifest, a published document, a
// registry) printed in a text report: the one escaping every text reporter
// uses. A line break inside it would start a line of its own, which a CI log
// reads as a workflow command when it starts with `::` (`::add-mask::`,
// `::set-output`, `::error`; the runner trims leading blanks first); other
// control characters move a terminal's cursor or hide text (bidi overrides).
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it finds
const CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const SHOWN: Record<string, string> = { "\n": "\\n", "\r": "\\r" };

/**
 * Outside text on one line of a report: line breaks as `\n` and `\r`, every other control character (tab aside) as
 * `\uXXXX`.
 */
export function lineText(value: string): string {
  return value.replace(CONTROL, (c) => SHOWN[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/**
 * A value as one JSON line of output (a line per record on stdout): JSON.stringify escapes the C0
 * controls, not the C1 ones, the line and paragraph separators nor the bidi overrides outside text
 * may carry, which are escaped here too (the line is the same JSON).
 */
export function jsonLine(value: unknown): string {
  return JSON.stringify(value).replace(
    /[\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

// What a whole report may not carry raw, though its own line breaks and tabs stay: the controls of CONTROL but those,
// which outside text inside it may hold (an escape sequence recolours or clears the terminal, a CR overwrites a line).
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it finds
const REPORT_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

/**
 * A whole text report, as a CI log and a terminal show it: no line starts (after any blanks, Unicode's included)
 * with `::`, nor holds `##[` (the runner's older command form), each one's first character escaped as `%3A` or `%23`
 * (as commandData escapes); and no control character but its line breaks and tabs, each written as lineText writes it
 * (a field's text that was not passed through lineText cannot move the cursor). A report's own annotations (the
 * github reporter) are not passed here.
 */
export function logSafe(report: string): string {
  const shown = REPORT_CONTROL.test(report) ? report.replace(new RegExp(REPORT_CONTROL, "g"), lineText) : report;
  return shown.replace(/^((?:[^\S\n]|\u0085)*):(?=:)/gm, "$1%3A").replace(/#(?=#(vso)?\[)/g, "%23");
}
