// A hook as a profile declares it: takes nothing, gives the shape of one hook (an HTTP request,
// a shell command or a program with arguments, and its time limit), which the profile reads
// and the drivers run (src/drivers/hooks.ts).
export interface HookSpec {
  http?: { method?: string; url: string; headers?: Record<string, string>; body?: unknown };
  /** Shell text run by `sh -c`; ${VAR} in it is expanded by the shell from the child's environment. */
  command?: string;
  /** A program and its arguments, run without a shell. */
  argv?: string[];
  timeout_ms?: number;
}
