// A printer of the declarations openapi-typescript's transform makes, byte for byte as TypeScript's printer prints
// them (openapi-typescript's astToString: a source file of the nodes, printed with `removeComments: false` and `\n`).
//
// Why: TypeScript's printer is general (name generation scopes, source maps, comments read from source text, a writer
// that counts the lines of every token it writes): about 2 ms of a provider's 12 went to it, for the handful of node
// kinds the transform makes. This one knows only those kinds, and prints them as TypeScript's emitter does (its list
// formats, the parentheses its emit-time rules add, its synthetic comments through its own writeCommentRange, its
// string escaping through its own escapeNonAsciiString). Any node it does not know (another kind, a node parsed from
// text such as the `WithRequired` helper, emit flags, a trailing comment) throws Unprintable, and the statement that
// holds it is printed by TypeScript's printer instead: the output never differs. type-printer.test.ts holds the two
// equal on a document of every shape, the fixture specs and published documents; emit-types.test.ts on the seed specs.
import type * as TS from "typescript";

/** A node this printer does not print as TypeScript's printer would: print with TypeScript's. */
export class Unprintable extends Error {}

/** The printer's helpers TypeScript's namespace carries besides its public API (checked present before use). */
interface Internals {
  writeCommentRange(
    text: string,
    lineMap: readonly number[],
    writer: unknown,
    pos: number,
    end: number,
    nl: string,
  ): void;
  computeLineStarts(text: string): number[];
  escapeNonAsciiString(text: string, quoteChar: number): string;
}
type Ts = typeof TS & Internals;
type Node = TS.Node;

/**
 * `export declare namespace <name> { <nodes> }` and a line end, as astToString prints that declaration. A statement
 * holding a node this printer does not know is printed by `fallback`, TypeScript's printer, as it prints that
 * statement alone in the namespace (each statement of a block is printed on its own lines, from the block's indent).
 */
export function printNamespaceOwn(
  ts: typeof TS,
  nodes: readonly Node[],
  name: string,
  fallback: (statement: Node) => string,
): string {
  if (!nodes.length) throw new Unprintable("an empty namespace (printed `{ }`)");
  const p = new Printer(withInternals(ts));
  p.write(`export declare namespace ${name} {`);
  p.writeLine();
  p.indent++;
  for (const [i, statement] of nodes.entries()) {
    if (i > 0) p.writeLine();
    const before = p.mark();
    try {
      p.emit(statement);
    } catch (e) {
      if (!(e instanceof Unprintable)) throw e;
      // Back to the statement's start (a line's start, the block's indent), then TypeScript's lines, indent included.
      p.backTo(before);
      p.indent = 1;
      p.rawWrite(alone(fallback(statement), name));
    }
  }
  p.indent--;
  p.writeLine();
  p.write("}");
  p.writeLine();
  return p.text();
}

/** A printer of declarations a piece at a time (type-parts.ts): its text taken and let go as it is written. */
export function piecePrinter(ts: typeof TS): Printer {
  return new Printer(withInternals(ts));
}

function withInternals(ts: typeof TS): Ts {
  const internal = ts as Partial<Ts>;
  if (
    typeof internal.writeCommentRange !== "function" ||
    typeof internal.computeLineStarts !== "function" ||
    typeof internal.escapeNonAsciiString !== "function"
  )
    throw new Unprintable("a TypeScript without the printer's helpers");
  return ts as Ts;
}

/** A statement's own lines, out of TypeScript's print of a namespace holding it alone. */
export function alone(printed: string, name: string): string {
  const head = `export declare namespace ${name} {\n`;
  const tail = "\n}\n";
  if (!printed.startsWith(head) || !printed.endsWith(tail) || printed.length < head.length + tail.length)
    throw new Error(`TypeScript's printer printed a namespace of one statement otherwise: ${printed.slice(0, 80)}`);
  return printed.slice(head.length, -tail.length);
}

const INDENTS = Array.from({ length: 64 }, (_, i) => " ".repeat(4 * i));
const LINE_BREAK = /[\n\r\u2028\u2029]/;

export class Printer {
  /**
   * What is written, in pieces joined once at the end: a string grown by `+=` is a tree of a node per piece (thousands
   * in a provider's namespace), which lived as long as the text and was promoted with it by the collector.
   */
  private readonly pieces: string[] = [];
  indent = 0;
  private lineStart = true;
  private readonly k: typeof TS.SyntaxKind;
  private readonly keywords: Map<number, string>;

  constructor(private readonly ts: Ts) {
    this.k = ts.SyntaxKind;
    const k = this.k;
    this.keywords = new Map(
      [
        k.StringKeyword,
        k.NumberKeyword,
        k.BooleanKeyword,
        k.UnknownKeyword,
        k.NeverKeyword,
        k.UndefinedKeyword,
        k.NullKeyword,
        k.AnyKeyword,
        k.ObjectKeyword,
        k.BigIntKeyword,
        k.SymbolKeyword,
        k.VoidKeyword,
        k.TrueKeyword,
        k.FalseKeyword,
      ].map((kind) => [kind, ts.tokenToString(kind) as string]),
    );
  }

  // The writer: TypeScript's text writer (createTextWriter), its indentation at a line's first text.

  write(s: string): void {
    if (!s) return;
    if (this.lineStart) {
      this.pieces.push(INDENTS[this.indent] ?? " ".repeat(4 * this.indent));
      this.lineStart = false;
    }
    this.pieces.push(s);
  }

  /** The text written so far, whole. */
  text(): string {
    return this.pieces.join("");
  }

  /** A point in the text to come back to (backTo): what is written after it is dropped. */
  mark(): number {
    return this.pieces.length;
  }

  backTo(mark: number): void {
    this.pieces.length = mark;
  }

  /** Text that may hold a line break (an identifier's, a comment line's): the writer counts lines in what it writes. */
  private writeText(s: string): void {
    this.write(s);
    if (LINE_BREAK.test(s)) this.lineStart = endsAtLineStart(this.ts, s);
  }

  rawWrite(s: string): void {
    this.pieces.push(s);
    this.lineStart = LINE_BREAK.test(s) ? endsAtLineStart(this.ts, s) : false;
  }

  writeLine(): void {
    if (this.lineStart) return;
    this.pieces.push("\n");
    this.lineStart = true;
  }

  writeComment(s: string): void {
    this.writeText(s);
  }

  getIndent(): number {
    return this.indent;
  }

  // Lists, as emitNodeList prints them for nodes without positions.

  /** A multi-line, indented list (statements, members; tuple elements with commas). */
  multiLineList(nodes: readonly Node[], commas: boolean): void {
    this.writeLine();
    this.indent++;
    for (let i = 0; i < nodes.length; i++) {
      if (i > 0) {
        if (commas) this.write(",");
        this.writeLine();
      }
      this.emit(nodes[i] as Node);
    }
    this.indent--;
    this.writeLine();
  }

  emit(node: Node): void {
    if (node.pos !== -1) throw new Unprintable("a node parsed from text");
    const emitNode = (node as { emitNode?: { leadingComments?: TS.SynthesizedComment[] } }).emitNode;
    if (emitNode) this.leadingComments(emitNode);
    const k = this.k;
    switch (node.kind) {
      case k.Identifier:
        return this.writeText((node as TS.Identifier).text);
      case k.StringLiteral:
        return this.stringLiteral(node as TS.StringLiteral);
      case k.NumericLiteral:
        return this.writeText((node as TS.NumericLiteral).text);
      case k.PropertySignature:
        return this.propertySignature(node as TS.PropertySignature);
      case k.TypeLiteral: {
        const members = (node as TS.TypeLiteralNode).members;
        this.write("{");
        if (members.length) this.multiLineList(members, false);
        return this.write("}");
      }
      case k.UnionType:
        return this.joined((node as TS.UnionTypeNode).types, " |", (t) => this.unionMember(t));
      case k.IntersectionType:
        return this.joined((node as TS.IntersectionTypeNode).types, " &", (t) => this.intersectionMember(t));
      case k.TypeReference:
        return this.typeReference(node as TS.TypeReferenceNode);
      case k.LiteralType:
        return this.emit((node as TS.LiteralTypeNode).literal);
      case k.ArrayType:
        this.postfixOperand((node as TS.ArrayTypeNode).elementType);
        return this.write("[]");
      case k.IndexedAccessType: {
        const { objectType, indexType } = node as TS.IndexedAccessTypeNode;
        this.postfixOperand(objectType);
        this.write("[");
        this.emit(indexType);
        return this.write("]");
      }
      case k.TupleType: {
        this.write("[");
        this.multiLineList((node as TS.TupleTypeNode).elements, true);
        return this.write("]");
      }
      case k.RestType:
        this.write("...");
        return this.emit((node as TS.RestTypeNode).type);
      case k.ParenthesizedType:
        this.write("(");
        this.emit((node as TS.ParenthesizedTypeNode).type);
        return this.write(")");
      case k.TypeOperator:
        return this.typeOperator(node as TS.TypeOperatorNode);
      case k.PrefixUnaryExpression:
        return this.prefixUnary(node as TS.PrefixUnaryExpression);
      case k.IndexSignature:
        return this.indexSignature(node as TS.IndexSignatureDeclaration);
      case k.InterfaceDeclaration:
        return this.interfaceDeclaration(node as TS.InterfaceDeclaration);
      case k.TypeAliasDeclaration:
        return this.typeAlias(node as TS.TypeAliasDeclaration);
    }
    const keyword = this.keywords.get(node.kind);
    if (keyword === undefined) throw new Unprintable(`a ${this.ts.SyntaxKind[node.kind]}`);
    this.write(keyword);
  }

  /** emitLeadingSynthesizedComment, for each comment the transform attached (addSyntheticLeadingComment). */
  private leadingComments(emitNode: { leadingComments?: TS.SynthesizedComment[] }): void {
    for (const key in emitNode)
      if (key !== "leadingComments" || !Array.isArray(emitNode.leadingComments))
        throw new Unprintable(`emit data (${key})`);
    for (const comment of emitNode.leadingComments ?? []) {
      if (comment.kind !== this.k.MultiLineCommentTrivia) throw new Unprintable("a single-line comment");
      if (comment.hasLeadingNewline) this.writeLine();
      const text = `/*${comment.text}*/`;
      this.ts.writeCommentRange(text, this.ts.computeLineStarts(text), this, 0, text.length, "\n");
      if (comment.hasTrailingNewLine) this.writeLine();
      else this.write(" ");
    }
  }

  private stringLiteral(node: TS.StringLiteral): void {
    const extra = node as { singleQuote?: boolean; textSourceNode?: unknown };
    if (extra.singleQuote || extra.textSourceNode) throw new Unprintable("a string literal of another quote or source");
    this.write(`"${this.ts.escapeNonAsciiString(node.text, 34 /* CharacterCodes.doubleQuote */)}"`);
  }

  private modifiers(modifiers: TS.NodeArray<TS.ModifierLike> | undefined): void {
    if (!modifiers?.length) return;
    for (const modifier of modifiers) {
      this.emitToken(modifier);
      this.write(" ");
    }
  }

  private emitToken(node: Node): void {
    if (node.pos !== -1 || (node as { emitNode?: unknown }).emitNode) throw new Unprintable("a token with emit data");
    const text = this.ts.tokenToString(node.kind);
    if (text === undefined) throw new Unprintable(`a ${this.ts.SyntaxKind[node.kind]} token`);
    this.write(text);
  }

  private propertySignature(node: TS.PropertySignature): void {
    this.modifiers(node.modifiers);
    const name = node.name;
    if (name.kind === this.k.ComputedPropertyName || name.kind === this.k.PrivateIdentifier)
      throw new Unprintable("a computed property name");
    this.emit(name);
    if (node.questionToken) this.emitToken(node.questionToken);
    this.typeAnnotation(node.type);
    this.write(";");
  }

  private typeAnnotation(type: TS.TypeNode | undefined): void {
    if (!type) return;
    this.write(": ");
    this.emit(type);
  }

  private indexSignature(node: TS.IndexSignatureDeclaration): void {
    this.modifiers(node.modifiers);
    this.write("[");
    // IndexSignatureParameters: comma-delimited, indented while its items print.
    this.indent++;
    node.parameters.forEach((parameter, i) => {
      if (i > 0) this.write(", ");
      this.parameter(parameter);
    });
    this.indent--;
    this.write("]");
    this.typeAnnotation(node.type);
    this.write(";");
  }

  private parameter(node: TS.ParameterDeclaration): void {
    if (node.pos !== -1 || (node as { emitNode?: unknown }).emitNode)
      throw new Unprintable("a parameter with emit data");
    if (node.dotDotDotToken || node.initializer || node.name.kind !== this.k.Identifier)
      throw new Unprintable("a parameter of another form");
    this.modifiers(node.modifiers);
    this.emit(node.name);
    if (node.questionToken) this.emitToken(node.questionToken);
    this.typeAnnotation(node.type);
  }

  private interfaceDeclaration(node: TS.InterfaceDeclaration): void {
    if (node.typeParameters || node.heritageClauses) throw new Unprintable("an interface with type parameters");
    this.modifiers(node.modifiers);
    this.write("interface ");
    this.emit(node.name);
    this.write(" {");
    // InterfaceMembers: multi-line even when empty (a line end before the brace).
    if (node.members.length) this.multiLineList(node.members, false);
    else this.writeLine();
    this.write("}");
  }

  private typeAlias(node: TS.TypeAliasDeclaration): void {
    if (node.typeParameters) throw new Unprintable("a type alias with type parameters");
    this.modifiers(node.modifiers);
    this.write("type ");
    this.emit(node.name);
    this.write(" = ");
    this.emit(node.type);
    this.write(";");
  }

  private typeReference(node: TS.TypeReferenceNode): void {
    if (node.typeName.kind !== this.k.Identifier) throw new Unprintable("a qualified type name");
    this.emit(node.typeName);
    const args = node.typeArguments;
    if (!args?.length) return;
    this.write("<");
    args.forEach((arg, i) => {
      if (i > 0) this.write(", ");
      // parenthesizeLeadingTypeArgument parenthesizes only function and constructor types, which throw here.
      this.emit(arg);
    });
    this.write(">");
  }

  private typeOperator(node: TS.TypeOperatorNode): void {
    this.write(`${this.ts.tokenToString(node.operator)} `);
    const k = this.k;
    const kind = node.type.kind;
    // parenthesizeOperandOfReadonlyTypeOperator (readonly) and parenthesizeOperandOfTypeOperator (keyof, unique).
    const parens =
      kind === k.IntersectionType ||
      kind === k.UnionType ||
      (node.operator === k.ReadonlyKeyword && kind === k.TypeOperator);
    this.emitParenthesized(node.type, parens);
  }

  private prefixUnary(node: TS.PrefixUnaryExpression): void {
    if (node.operator !== this.k.MinusToken || node.operand.kind !== this.k.NumericLiteral)
      throw new Unprintable("a prefix expression other than a negative number");
    this.write("-");
    this.emit(node.operand);
  }

  /** A list on one line: `sep` then a space between items (BarDelimited, AmpersandDelimited). */
  private joined(types: readonly TS.TypeNode[], sep: string, each: (t: TS.TypeNode) => void): void {
    types.forEach((t, i) => {
      if (i > 0) this.write(`${sep} `);
      each(t);
    });
  }

  // The emit-time parenthesizer rules for the kinds this printer knows (function, constructor, conditional and infer
  // types, which the rules also parenthesize, throw Unprintable wherever they are).

  private unionMember(t: TS.TypeNode): void {
    this.emitParenthesized(t, t.kind === this.k.UnionType || t.kind === this.k.IntersectionType);
  }

  private intersectionMember(t: TS.TypeNode): void {
    this.emitParenthesized(t, t.kind === this.k.UnionType || t.kind === this.k.IntersectionType);
  }

  /** parenthesizeNonArrayTypeOfPostfixType: the element of an array type, the object of an indexed access. */
  private postfixOperand(t: TS.TypeNode): void {
    const k = this.k;
    const kind = t.kind;
    this.emitParenthesized(
      t,
      kind === k.TypeOperator ||
        kind === k.TypeQuery ||
        kind === k.UnionType ||
        kind === k.IntersectionType ||
        kind === k.InferType,
    );
  }

  private emitParenthesized(node: Node, parens: boolean): void {
    if (!parens) return this.emit(node);
    this.write("(");
    this.emit(node);
    this.write(")");
  }
}

/** Whether text written ends at a line's start (the writer's updateLineCountAndPosFor). */
function endsAtLineStart(ts: Ts, s: string): boolean {
  const starts = ts.computeLineStarts(s);
  return starts.length > 1 && starts[starts.length - 1] === s.length;
}
