// The harness's named errors: takes a message and where it happened, gives errors the CLI
// maps to exit codes (SuiteError, ProfileError, UsageError -> 2; HarnessError -> 3).

export interface SourceLocation {
  file: string;
  line?: number;
  column?: number;
  /** Dotted path or JSON pointer of the offending field. */
  field?: string;
}

export function formatLocation(loc: SourceLocation): string {
  let text = loc.file;
  if (loc.line !== undefined) text += `:${loc.line}`;
  if (loc.line !== undefined && loc.column !== undefined) text += `:${loc.column}`;
  if (loc.field) text += ` (${loc.field})`;
  return text;
}

/** An input the user gave us is wrong: exit code 2. */
export class InputError extends Error {
  readonly location: SourceLocation | undefined;
  constructor(message: string, location?: SourceLocation, options?: ErrorOptions) {
    super(location ? `${formatLocation(location)}: ${message}` : message, options);
    this.location = location;
  }
}

export class SuiteError extends InputError {
  override name = 'SuiteError';
}

export class ProfileError extends InputError {
  override name = 'ProfileError';
}

export class UsageError extends InputError {
  override name = 'UsageError';
}

/** The harness, the network or the environment broke: exit code 3. */
export class HarnessError extends Error {
  override name = 'HarnessError';
}

export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
