import { describe, expect, it } from 'vitest';
import { BadRequestError, NetworkError, UnauthorizedError } from './api-errors.ts';
import { createSwrConfig, isSlowConnection, shouldRetry } from './swr-config.ts';

describe('SWR configuration', () => {
  it('dedupes for 2 s, refetches on focus at most every 5 s and retries errors every 5 s', () => {
    const config = createSwrConfig(false);
    expect(config.dedupingInterval).toBe(2000);
    expect(config.focusThrottleInterval).toBe(5000);
    expect(config.errorRetryInterval).toBe(5000);
  });

  it('retries errors every 10 s on slow connections', () => {
    expect(createSwrConfig(true).errorRetryInterval).toBe(10_000);
  });

  it('detects slow connections from the Network Information API', () => {
    expect(isSlowConnection({ connection: { effectiveType: '2g' } } as unknown as Navigator)).toBe(true);
    expect(isSlowConnection({ connection: { effectiveType: 'slow-2g' } } as unknown as Navigator)).toBe(true);
    expect(
      isSlowConnection({ connection: { effectiveType: '4g', saveData: true } } as unknown as Navigator),
    ).toBe(true);
    expect(isSlowConnection({ connection: { effectiveType: '4g' } } as unknown as Navigator)).toBe(false);
    expect(isSlowConnection({} as Navigator)).toBe(false);
  });

  it('retries only network and server failures', () => {
    const response = (status: number) => ({ status, data: { error: { message: 'x', code: 'X', status } } });
    expect(shouldRetry(new NetworkError())).toBe(true);
    expect(shouldRetry({ response: { status: 503 } })).toBe(true);
    expect(shouldRetry(new BadRequestError(response(400)))).toBe(false);
    expect(shouldRetry(new UnauthorizedError(response(401)))).toBe(false);
    expect(shouldRetry({ response: { status: 404 } })).toBe(false);
  });
});
