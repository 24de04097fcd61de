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
