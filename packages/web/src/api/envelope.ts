/** Reads `data` out of the API's `{ data }` envelope. */
export function unwrap<T>(body: unknown): T {
  return (body as { data?: T } | null | undefined)?.data as T;
}
