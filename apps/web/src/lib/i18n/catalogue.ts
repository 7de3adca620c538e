/** A language's catalogue (ADR 0030): its own file, so the lazy Hindi chunk and the loader do not import each other. */
export interface Catalogue {
  messages: Record<string, string>;
  /** Server error codes (meta.error) to Hindi: the server answers codes, the client words them. */
  errors: Record<string, string>;
}
