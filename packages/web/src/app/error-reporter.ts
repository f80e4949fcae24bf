type Reporter = (error: unknown) => void;

let reporter: Reporter | null = null;

/** Installed by the error-tracking chunk once Sentry is running. */
export function setErrorReporter(next: Reporter | null): void {
  reporter = next;
}

/** Sends an error to error tracking when it is configured; otherwise does nothing. */
export function reportError(error: unknown): void {
  reporter?.(error);
}
